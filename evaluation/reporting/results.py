"""Results of a run: one JSON line per task in `<dir>/results.jsonl`, and the success-rate tables.

Each line is appended with a single `os.write` on a file opened with O_APPEND, so pytest-xdist workers
can append to the same file safely and a crash loses nothing already scored. A task with several lines (a
retry, a resumed run, a rerun into the same folder) counts once: its last line wins (`read_results`, the
one reader every report uses; tasks are told apart by task file name and task id, `task_key`).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, get_args

from evaluation.vocabulary.outcome import Phase, ResultStatus
from sites.registry import report_order

from . import environment

RESULTS_FILE = "results.jsonl"

# Every result line carries these keys, null where there is no value (an error before the episode has
# no answer, a skipped task no timings); lines may carry more (e.g. judge_usage). Documented in the README
# ("Result lines").
RECORD_KEYS = (
    "task_file",
    "task_id",
    "test_id",
    "site",
    "sites",
    "difficulty",
    "eval_types",
    "intent",
    "agent",
    "model",
    "stack",
    "expected_reward",
    "worker",
    "scoring",
    "started_at",
    "status",  # scored | error | skipped
    "phase",  # error: sites | input | reset | login | episode | scoring | record | worker; else null
    "reward",
    "checks",
    "error",
    "skip_reason",
    "answer",
    "final_url",
    "stop_reason",
    "steps",
    "usage",
    "episode_timings",
    "timings",
    "attempt",  # 1, or 2.. for a retry after a harness error (--retries)
    "retried_errors",  # the errors of the earlier attempts of this task, or null
    "restarted_sites",  # {site: why} for sites found dead and restarted before this task, or null
    "tokenizer",  # the token counter of the agent's observation limit (tiktoken encoding, chars/4), or null
    "blocked",  # {count, first}: addresses the agent's browser was refused (outside the task's sites), or null
)
SCHEMA_FILE = Path(__file__).with_name("result.schema.json")  # a JSON Schema of one line
RECORD_STATUSES: tuple[ResultStatus, ...] = get_args(ResultStatus)  # ("scored", "error", "skipped")
PHASES: tuple[Phase, ...] = get_args(Phase)  # (..., "scoring", "record", "worker": its Ray actor died)


def complete_record(record: dict[str, Any]) -> dict[str, Any]:
    """`record` with every key of RECORD_KEYS (missing ones null), in that order, extra keys after."""
    return {**{k: record.get(k) for k in RECORD_KEYS}, **record}


def one_line(message: str) -> str:
    """An error message on one readable line: ChromeDriver's trailing stack of addresses dropped,
    whitespace runs collapsed."""
    head = message.split("Stacktrace:", 1)[0]
    return " ".join(head.split()) or message.strip()


DIFFICULTY_ORDER = ("easy", "medium", "hard")


def result_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schema


def schema_problems(results_dir: Path) -> list[str]:
    """Every line of `results_dir`/results.jsonl checked against result.schema.json: the problems, each
    naming the line, the task and the key (empty: every line fits)."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(result_schema())
    path = Path(results_dir) / RESULTS_FILE
    problems = []
    for number, record in _numbered_lines(path):
        if isinstance(record, json.JSONDecodeError):
            problems.append(f"{path}, line {number}: not JSON ({record.msg})")
            continue
        for error in validator.iter_errors(record):
            where = "/".join(str(p) for p in error.absolute_path) or "(the line)"
            problems.append(f"{path}, line {number} ({record.get('test_id')}), {where}: {error.message}")
    return problems


def _numbered_lines(path: Path) -> Iterator[tuple[int, dict[str, Any] | json.JSONDecodeError]]:
    """(line number, parsed record or the JSONDecodeError) of each non-empty line of a results file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as exc:
                yield number, exc


def append_result(results_dir: Path, record: dict[str, Any]) -> None:
    results_dir.mkdir(parents=True, exist_ok=True)
    line = (json.dumps(complete_record(record), ensure_ascii=False, default=str) + "\n").encode("utf-8")
    fd = os.open(results_dir / RESULTS_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        written = os.write(fd, line)
        if written != len(line):
            raise OSError(f"short write to {results_dir / RESULTS_FILE}: {written} of {len(line)} bytes")
    finally:
        os.close(fd)


def read_results(results_dir: Path) -> list[dict[str, Any]]:
    """The records of a results folder, the last line of each task winning; a damaged line is an error."""
    path = Path(results_dir) / RESULTS_FILE
    if not path.is_file():
        raise FileNotFoundError(f"no {RESULTS_FILE} in {results_dir}")
    latest: dict[tuple[str, object], dict[str, Any]] = {}
    for number, record in _numbered_lines(path):
        if isinstance(record, json.JSONDecodeError):
            raise ValueError(f"{path}, line {number}: not JSON ({record.msg})")
        latest[task_key(record)] = record
    return list(latest.values())


def scored_tasks(results_dir: Path, agent: str, model: str | None, scoring: str) -> set[tuple[str, str]]:
    """(task file name, task id) of the tasks of `results_dir` whose latest line is scored, for `--resume`.
    ValueError when the folder's lines were run by another agent, model or scoring mode."""
    if not (Path(results_dir) / RESULTS_FILE).is_file():
        return set()  # the run was stopped before its first task ended: nothing is scored yet
    records = read_results(results_dir)
    wanted = {"agent": agent, "model": model, "scoring": scoring}
    for r in records:
        differs = [f"{k} {r.get(k)!r} there, {v!r} here" for k, v in wanted.items() if r.get(k) != v]
        if differs and r.get("status") != "skipped":
            raise ValueError(
                f"that run differs ({'; '.join(differs)}); resume it with the same options, or start a new folder"
            )
    return {(str(k[0]), str(k[1])) for r in records if r.get("status") == "scored" for k in [task_key(r)]}


def other_scorings(results_dir: Path, mode: str) -> list[str]:
    """The scoring modes other than `mode` among the lines of `results_dir` (none: no folder, no lines, or
    unreadable lines, which the reports will name)."""
    if not (Path(results_dir) / RESULTS_FILE).is_file():
        return []
    try:
        records = read_results(results_dir)
    except (OSError, ValueError):
        return []
    return sorted({r["scoring"] for r in records if r.get("scoring")} - {mode})  # older lines: no mode


def task_key(record: dict[str, Any]) -> tuple[str, object]:
    """What identifies a task across runs, folders and machines: its task file's name and its id."""
    return Path(str(record.get("task_file") or "")).name, record.get("task_id")


def default_results_dir(root: Path) -> Path:
    """A fresh results/<timestamp> path under `root` (created by the first result line)."""
    base = root / "results"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = base / stamp
    suffix = 1
    while path.exists():
        suffix += 1
        path = base / f"{stamp}-{suffix}"
    return path


def point_latest(results_dir: Path) -> None:
    """Make results/latest (next to `results_dir`) point at it, when it lies in a results/ folder."""
    results_dir = Path(results_dir).resolve()
    if results_dir.parent.name != "results":
        return
    link = results_dir.parent / "latest"
    try:
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(results_dir.name)
    except OSError:
        pass  # e.g. a file system without symlinks; the folder itself is enough


@dataclass
class Tally:
    total: int = 0  # tasks run (scored or errored)
    success: int = 0
    errors: int = 0
    skipped: int = 0

    def add(self, record: dict[str, Any]) -> None:
        status = record.get("status")
        if status == "skipped":
            self.skipped += 1
            return
        self.total += 1
        if status == "error":
            self.errors += 1
        elif record.get("reward") == 1:
            self.success += 1

    @property
    def rate(self) -> float | None:
        return self.success / self.total if self.total else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "tasks": self.total,
            "success": self.success,
            "errors": self.errors,
            "skipped": self.skipped,
            "success_rate": None if self.rate is None else round(self.rate, 4),
        }


@dataclass
class Summary:
    by_site: dict[str, Tally] = field(default_factory=dict)  # main site: per-file counts, as the files
    by_needed_site: dict[str, Tally] = field(default_factory=dict)  # every site a task needs (counted in each)
    by_difficulty: dict[str, Tally] = field(default_factory=dict)
    by_eval_type: dict[str, Tally] = field(default_factory=dict)
    # "<site> <official template id>" (the main site's official file) -> tally, for tasks that mirror one
    by_official_template: dict[str, Tally] = field(default_factory=dict)
    overall: Tally = field(default_factory=Tally)
    agents: list[str] = field(default_factory=list)
    models: list[str] = field(default_factory=list)
    scorings: list[str] = field(default_factory=list)  # scoring modes of the records (one, unless mixed)

    @property
    def scoring(self) -> str:
        return scoring_label(self.scorings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.to_dict(),
            "by_site": {k: v.to_dict() for k, v in self.by_site.items()},
            "by_needed_site": {k: v.to_dict() for k, v in self.by_needed_site.items()},
            "by_difficulty": {k: v.to_dict() for k, v in self.by_difficulty.items()},
            "by_eval_type": {k: v.to_dict() for k, v in self.by_eval_type.items()},
            "by_official_template": {k: v.to_dict() for k, v in self.by_official_template.items()},
            "agents": self.agents,
            "models": self.models,
            "scoring": self.scoring,
            "scoring_modes": self.scorings,
        }


def scoring_label(modes: list[str]) -> str:
    """The scoring mode of a set of results; several modes are named, never merged silently."""
    if len(modes) > 1:
        return "MIXED (" + ", ".join(modes) + "): these results were scored in different modes"
    return modes[0] if modes else "-"


def _ordered(keys: Iterable[str], order: Sequence[str]) -> list[str]:
    return sorted(keys, key=lambda k: (order.index(k) if k in order else len(order), str(k)))


def needed_sites(record: dict[str, Any]) -> list[str]:
    """The sites a result line's task needs (lines written before `needed_sites` was recorded: its `sites`)."""
    found = record.get("needed_sites") or record.get("sites") or [record.get("site") or "?"]
    return list(dict.fromkeys(str(s) for s in found))


def summarise(records: list[dict[str, Any]]) -> Summary:
    s = Summary()
    for r in records:
        s.overall.add(r)
        s.by_site.setdefault(r.get("site") or "?", Tally()).add(r)
        for site in needed_sites(r):
            s.by_needed_site.setdefault(site, Tally()).add(r)
        s.by_difficulty.setdefault((r.get("difficulty") or {}).get("overall") or "unknown", Tally()).add(r)
        for t in r.get("eval_types") or []:
            s.by_eval_type.setdefault(t, Tally()).add(r)
        official = r.get("official_template_id")
        if isinstance(official, int):
            s.by_official_template.setdefault(f"{r.get('site') or '?'} {official}", Tally()).add(r)
        if r.get("agent") and r["agent"] not in s.agents:
            s.agents.append(r["agent"])
        if r.get("status") != "skipped" and (r.get("scoring") or "unrecorded") not in s.scorings:
            s.scorings.append(r.get("scoring") or "unrecorded")
        if r.get("model") and r["model"] not in s.models:
            s.models.append(r["model"])
    sites = report_order()  # the registered sites, in their SiteSpec.report_order
    s.by_site = {k: s.by_site[k] for k in _ordered(s.by_site, sites)}
    s.by_needed_site = {k: s.by_needed_site[k] for k in _ordered(s.by_needed_site, sites)}
    s.by_difficulty = {k: s.by_difficulty[k] for k in _ordered(s.by_difficulty, DIFFICULTY_ORDER)}

    def official_order(key: str) -> tuple[int, str, int]:
        site, number = key.split()
        return (sites.index(site) if site in sites else len(sites), site, int(number))

    s.by_official_template = {k: s.by_official_template[k] for k in sorted(s.by_official_template, key=official_order)}
    return s


def _pct(t: Tally) -> str:
    return "-" if t.rate is None else f"{100 * t.rate:.2f}%"


def _table(title: str, rows: dict[str, Tally], overall: Tally | None) -> list[str]:
    lines = [f"| {title} | Success rate | Success | Tasks | Errors | Skipped |", "|---|---:|---:|---:|---:|---:|"]
    for name, t in rows.items():
        lines.append(f"| {name} | {_pct(t)} | {t.success} | {t.total} | {t.errors} | {t.skipped} |")
    if overall is not None:
        t = overall
        lines.append(f"| **Overall** | **{_pct(t)}** | {t.success} | {t.total} | {t.errors} | {t.skipped} |")
    return lines


def render_markdown(summary: Summary, title: str = "Success rates") -> str:
    """Tables shaped like the paper's Table 3 (by site and overall), then by difficulty and evaluator.
    Success rate = tasks with reward 1 / tasks run; errors count as runs without success; skipped tasks
    (sites the stack cannot serve, no reference solution) are not run."""
    who = ", ".join(summary.agents) or "?"
    if summary.models:
        who += f" (model {', '.join(summary.models)})"
    lines = [f"# {title}", "", f"Agent: {who}", "", f"Scoring: {summary.scoring}", ""]
    lines += [*_table("Site", summary.by_site, summary.overall), ""]
    needed = {k: v.to_dict() for k, v in summary.by_needed_site.items()}
    if needed != {k: v.to_dict() for k, v in summary.by_site.items()}:  # some task needs more than its main site
        lines += [*_table("Site needed (a task counts under each site it needs)", summary.by_needed_site, None), ""]
    lines += [*_table("Difficulty (overall)", summary.by_difficulty, None), ""]
    lines += [*_table("Evaluator", summary.by_eval_type, None), ""]
    if summary.by_official_template:
        mirrored = Tally()
        for t in summary.by_official_template.values():
            mirrored.total, mirrored.success = mirrored.total + t.total, mirrored.success + t.success
            mirrored.errors, mirrored.skipped = mirrored.errors + t.errors, mirrored.skipped + t.skipped
        lines += [
            f"Tasks that mirror an official template: {mirrored.total} run, {_pct(mirrored)} success, over "
            f"{len(summary.by_official_template)} official templates (site and official intent_template_id):",
            "",
        ]
        lines += [*_table("Official template", summary.by_official_template, None), ""]
    lines.append("Success rate = tasks with reward 1 / tasks run (errors included, skipped excluded).")
    return "\n".join(lines) + "\n"


BACKEND_FILE = "backend.json"  # written by a run on a cluster (the Ray backend): the backend and its nodes


def read_backend(results_dir: Path) -> dict[str, Any] | None:
    """The run's backend record (backend.json), or None for a pytest run (which writes none)."""
    path = Path(results_dir) / BACKEND_FILE
    try:
        backend: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: {exc}") from None
    return backend


def write_report(results_dir: Path) -> tuple[Summary, str]:
    """Read a results folder, write report.md and summary.json into it, return the summary and text."""
    results_dir = Path(results_dir)
    summary = summarise(read_results(results_dir))
    text = render_markdown(summary, f"Success rates: {results_dir.resolve().name}")
    recorded = environment.read(results_dir)
    if recorded:
        text += (
            "\nEnvironment: "
            + ", ".join(f"{k} {recorded[k]}" for k in ("python", "chromium", "cpu") if k in recorded)
            + " (environment.json)\n"
        )
    backend = read_backend(results_dir)
    if backend:
        nodes = backend.get("nodes") or []
        text += (
            f"\nBackend: {backend.get('backend')}, {len(nodes)} node(s): "
            + ", ".join(f"{n.get('ip')} ({n.get('hostname')}, {len(n.get('workers') or [])} worker(s))" for n in nodes)
            + f" ({BACKEND_FILE})\n"
        )
    extra = {"backend": backend} if backend else {}
    (results_dir / "report.md").write_text(text, encoding="utf-8")
    (results_dir / "summary.json").write_text(
        json.dumps({**summary.to_dict(), "environment": recorded, **extra, "written_at": time.time()}, indent=2),
        encoding="utf-8",
    )
    return summary, text
