"""Re-score a finished run offline, from its result lines and saved network logs, for the checks that need
no live site: `python -m evaluation.rescore RUN_DIR [--out FILE]`.

- string_match is re-scored from the recorded answer (fuzzy_match references call the judge model of the
  environment, JUDGE_MODEL; without one those tasks are skipped with that reason);
- url_match from the recorded final URL, the task's reference URL resolved with the run's own site URLs
  (`site_urls` of the line); with a network log (`--record-network`) the final URL is also checked against the
  pages the episode loaded;
- program_html and page_image_query read pages of the live sites after the episode: "needs the live site",
  skipped with that reason (the forms the episode submitted are listed from its network log).

For each scored task, the verdict says whether the re-scored checks give the same result as the recorded
ones of the same evaluators. One JSON line per task goes to RUN_DIR/rescore.jsonl (or --out); the exit
code is 0 when no task differs, 1 when one does, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from evaluation.reporting.results import read_results
from evaluation.rewards.evaluators import EvalContext, string_match, url_match
from evaluation.rewards.judges import Judge
from evaluation.scoring.matching import DEFAULT_MODE, check_mode
from evaluation.taskfiles.loader import Task, load_task_entries
from evaluation.vocabulary.errors import EvaluationError, JudgeError

OFFLINE = {"string_match": string_match, "url_match": url_match}
LIVE_ONLY = {
    "program_html": "needs the live site (it reads pages after the episode)",
    "page_image_query": "needs the live site (it reads the page's images after the episode)",
}
OUT_FILE = "rescore.jsonl"


class _Tasks:
    """Tasks by (task file, id), each file loaded once; a file gone or changed since the run is named."""

    def __init__(self) -> None:
        self._files: dict[str, dict[str, Task] | str] = {}

    def get(self, task_file: str, task_id: object) -> Task | str:
        if task_file not in self._files:
            try:
                self._files[task_file] = {
                    str(t.task_id): t for _, t in load_task_entries(task_file) if isinstance(t, Task)
                }
            except Exception as exc:  # missing, unreadable, malformed: the reason is the result
                self._files[task_file] = f"task file {task_file} cannot be read ({type(exc).__name__}: {exc})"
        found = self._files[task_file]
        if isinstance(found, str):
            return found
        return found.get(str(task_id)) or f"task {task_id} is not in {task_file} any more"


def _evaluator_of(check: dict[str, Any]) -> str:
    return str(check.get("evaluator") or "").split("[", 1)[0]


def _network(run_dir: Path, record: dict[str, Any]) -> tuple[list[dict[str, Any]] | None, str | None]:
    name = record.get("network_log")
    if not name:
        return None, None
    path = run_dir / name
    if not path.is_file():
        return None, f"its network log {path} is missing"
    from agent.network import read_log

    try:
        return read_log(path), None
    except (OSError, ValueError, EOFError) as exc:
        return None, f"its network log {path} cannot be read ({exc})"


def rescore_record(run_dir: Path, record: dict[str, Any], tasks: _Tasks, judge: Judge | None = None) -> dict[str, Any]:
    """The offline re-score of one result line (see the module's docstring)."""
    out: dict[str, Any] = {
        "task_file": record.get("task_file"),
        "task_id": record.get("task_id"),
        "test_id": record.get("test_id"),
        "recorded_reward": record.get("reward"),
        "rescored": [],
        "skipped": {},
        "checks": [],
        "network_log": record.get("network_log"),
        "forms_posted": [],
        "verdict": None,
        "reason": None,
    }
    requests, log_problem = _network(run_dir, record)
    if requests is not None:
        from agent.network import form_posts

        out["forms_posted"] = [
            {k: r.get(k) for k in ("url", "status", "form", "body") if r.get(k) is not None}
            for r in form_posts(requests)
        ]
    if record.get("status") != "scored":
        out.update(verdict="not scored", reason=f"the task ended {record.get('status')}: nothing to re-score")
        return out
    task = tasks.get(str(record.get("task_file")), record.get("task_id"))
    if isinstance(task, str):
        out.update(verdict="skipped", reason=task)
        return out
    urls = record.get("site_urls") or {}
    from evaluation.running.runtime import sites_of

    missing = sorted(s for s in sites_of(task) if s not in urls)
    if missing:
        out.update(verdict="skipped", reason=f"the line has no URL of site(s) {', '.join(missing)} (site_urls)")
        return out
    resolved = task.resolve(urls)
    ctx = EvalContext(
        answer=record.get("answer"),
        final_url=record.get("final_url") or "",
        driver=None,
        judge=judge,
        scoring=check_mode(record.get("scoring") or DEFAULT_MODE),
    )
    recorded = [c for c in record.get("checks") or [] if isinstance(c, dict)]
    same = True
    for eval_type in resolved.eval.types:
        if eval_type in LIVE_ONLY:
            out["skipped"][eval_type] = LIVE_ONLY[eval_type]
            continue
        try:
            again = OFFLINE[eval_type](resolved, ctx)
        except JudgeError as exc:
            out["skipped"][eval_type] = f"needs the judge model: {exc}"
            continue
        except EvaluationError as exc:
            out["skipped"][eval_type] = f"could not be re-scored: {exc}"
            continue
        before = [c for c in recorded if _evaluator_of(c) == eval_type]
        now = [c.to_dict() for c in again.checks]
        out["rescored"].append(eval_type)
        pairs = [(b.get("name"), b.get("passed"), n.get("passed")) for b, n in zip(before, now, strict=False)]
        if len(before) != len(now) or any(b != n for _, b, n in pairs):
            same = False
        out["checks"] += [
            {
                "evaluator": eval_type,
                "name": n.get("name"),
                "recorded": (before[i].get("passed") if i < len(before) else None),
                "rescored": n.get("passed"),
                "reason": n.get("reason"),
            }
            for i, n in enumerate(now)
        ]
    if "url_match" in out["rescored"] and requests is not None:
        from agent.network import documents

        loaded = [r.get("url") for r in documents(requests)]
        out["final_url_loaded"] = bool(ctx.final_url) and ctx.final_url in loaded
    elif log_problem:
        out["network_problem"] = log_problem
    if not out["rescored"]:
        out.update(
            verdict="skipped", reason="; ".join(f"{k}: {v}" for k, v in out["skipped"].items()) or "no evaluator"
        )
        return out
    answerable = [c for c in recorded if _evaluator_of(c) in out["rescored"]]
    out["recorded_answerable"] = int(all(c.get("passed") for c in answerable)) if answerable else 0
    out["rescored_answerable"] = int(all(c["rescored"] for c in out["checks"])) if out["checks"] else 0
    out["verdict"] = "same" if same and out["recorded_answerable"] == out["rescored_answerable"] else "differs"
    return out


def rescore_run(run_dir: Path, judge: Judge | None = None) -> list[dict[str, Any]]:
    tasks = _Tasks()
    return [rescore_record(Path(run_dir), r, tasks, judge) for r in read_results(run_dir)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evaluation.rescore", description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path, help="a run folder (results.jsonl; network logs with --record-network)")
    parser.add_argument("--out", type=Path, default=None, help=f"where to write the lines (default RUN_DIR/{OUT_FILE})")
    args = parser.parse_args(argv)
    if not (args.run_dir / "results.jsonl").is_file():
        print(f"error: {args.run_dir}: no results.jsonl there (is it a run folder?)", file=sys.stderr)
        return 2
    from evaluation.rewards.judges import judge_from_env

    try:
        judge = judge_from_env()
    except Exception as exc:  # a misconfigured judge only matters for fuzzy_match: those are skipped
        print(f"note: no judge model ({exc}); fuzzy_match checks are skipped", file=sys.stderr)
        judge = None
    try:
        lines = rescore_run(args.run_dir, judge)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out = args.out or args.run_dir / OUT_FILE
    out.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    counts: dict[str, int] = {}
    for line in lines:
        counts[line["verdict"]] = counts.get(line["verdict"], 0) + 1
        parts = [f"{line['test_id']}: {line['verdict']}" + (f" ({line['reason']})" if line["reason"] else "")]
        if line["rescored"]:
            parts.append("re-scored: " + ", ".join(line["rescored"]))
        if line["skipped"] and line["rescored"]:
            parts.append("not re-scored: " + "; ".join(f"{k} {v}" for k, v in line["skipped"].items()))
        if line["forms_posted"]:
            parts.append(
                f"{len(line['forms_posted'])} form(s) posted: "
                + ", ".join(str(p.get("url")) for p in line["forms_posted"])
            )
        print("; ".join(parts))
    print(f"{len(lines)} task(s): " + ", ".join(f"{n} {v}" for v, n in sorted(counts.items())) + f"; lines: {out}")
    return 1 if counts.get("differs") else 0


if __name__ == "__main__":
    sys.exit(main())
