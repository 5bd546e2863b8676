"""WebVoyager-style automatic evaluation of a finished run: a vision model judges each episode from the
task, the agent's answer and the last k screenshots of its trajectory, and its verdicts are set beside
the reward functions' (agreement, Cohen's kappa), so users can see how far a VLM judge can be trusted.

    python -m evaluation.autoeval RUN_DIR [--last-k 3|all] [--repeats N] [--model M]
    python -m evaluation.run --auto-eval ...        (the same, on the run just finished)

No browser: the screenshots are read from the run folder. Settings (.env): AUTOEVAL_MODEL (default
JUDGE_MODEL, then MODEL), AUTOEVAL_BASE_URL / AUTOEVAL_API_KEY (default OPENAI_*), AUTOEVAL_LAST_K (3).
Temperature 0. Writes RUN_DIR/autoeval.jsonl (one line per episode: verdicts, reasons) and adds its
section to report.md.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import sys
from html import unescape
from pathlib import Path
from typing import Any

from agent.llm import LLMClient, LLMSettings, ModelError, load_project_env

from .autoeval_report import AUTOEVAL_FILE, add_to_report, agreement_stats
from .results import read_results

DEFAULT_LAST_K = 3

SYSTEM_PROMPT = """You check whether a web agent completed a task. You get the task, the agent's final
answer (it may be empty when the task only asked for an action), and screenshots of the last pages the
agent saw, oldest first. Judge only from this evidence:
- a task that asks for information succeeds only when the answer gives it correctly and the screenshots
  support it;
- a task that asks for an action succeeds only when the screenshots show it done;
- when the evidence is missing or contradicts the answer, it is not a success.
Explain your reasoning briefly, then end with a last line that is exactly one of:
Verdict: SUCCESS
Verdict: NOT SUCCESS"""

_VERDICT = re.compile(r"\b(NOT\s+SUCCESS|SUCCESS)\b")


class AutoEvalError(RuntimeError):
    """The auto-evaluator cannot run (no run folder, no model) or cannot read a reply."""


def parse_verdict(reply: str) -> str:
    """ "SUCCESS" or "NOT SUCCESS" from the judge's reply: the last verdict in capitals wins, and
    "NOT SUCCESS" is never read as a success. No verdict raises AutoEvalError."""
    found = _VERDICT.findall(reply or "")
    if not found:
        raise AutoEvalError(f"the judge's reply has no verdict (SUCCESS / NOT SUCCESS): {(reply or '')[-200:]!r}")
    return "NOT SUCCESS" if found[-1].startswith("NOT") else "SUCCESS"


# ---- reading a run folder -------------------------------------------------------------------------
_IMG = re.compile(r"<img\b[^>]*>", re.I)
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def episode_screenshots(results_dir: Path, record: dict[str, Any]) -> list[bytes]:
    """The screenshots (image files' bytes) of one episode in order (each step's, then the final page), read from
    the run folder: the trajectory page `trajectories/<site>_<id>.html` (images embedded as data URLs, or
    referenced as files next to it), else a folder `trajectories/<site>_<id>/` of PNG files."""
    base = Path(results_dir) / "trajectories"
    name = f"{record.get('site')}_{record.get('task_id')}"
    page = base / f"{name}.html"
    shots: list[bytes] = []
    if page.is_file():
        for tag in _IMG.findall(page.read_text(encoding="utf-8")):
            attrs = dict(_ATTR.findall(tag))
            alt, src = unescape(attrs.get("alt", "")), unescape(attrs.get("src", ""))
            if not (alt.startswith("screenshot") or alt.startswith("final")):
                continue  # input images and anything else
            if src.startswith("data:image/png;base64,"):
                shots.append(base64.b64decode(src.split(",", 1)[1]))
            elif src and "://" not in src and (page.parent / src).is_file():
                shots.append((page.parent / src).read_bytes())
        if shots:
            return shots
    folder = base / name
    if folder.is_dir():
        files = sorted(folder.glob("step_*.png")) + sorted(folder.glob("final*.png"))
        shots = [f.read_bytes() for f in files]
    return shots


# ---- judging ------------------------------------------------------------------------------------
def _mime(image: bytes) -> str:
    """The MIME type of a screenshot file by its signature (trajectories store WebP; older runs PNG or JPEG)."""
    if image[:4] == b"RIFF" and image[8:12] == b"WEBP":
        return "image/webp"
    return "image/jpeg" if image[:2] == b"\xff\xd8" else "image/png"


def _messages(intent: str, answer: str | None, shots: list[bytes]) -> list[dict[str, Any]]:
    text = (
        f"Task: {intent}\n\nThe agent's answer: {answer if answer else '(none)'}\n\n"
        f"{len(shots)} screenshot(s) follow, oldest first."
    )
    parts = [{"type": "text", "text": text}] + [
        {"type": "image_url", "image_url": {"url": f"data:{_mime(s)};base64," + base64.b64encode(s).decode("ascii")}}
        for s in shots
    ]
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": parts}]


def settings_from_env(model: str | None = None) -> LLMSettings:
    load_project_env()
    model = model or os.environ.get("AUTOEVAL_MODEL") or os.environ.get("JUDGE_MODEL") or os.environ.get("MODEL")
    if not model:
        raise AutoEvalError("the auto-evaluator needs a vision model: set AUTOEVAL_MODEL (or JUDGE_MODEL / MODEL)")
    return LLMSettings.from_env(
        model=model,
        temperature=0.0,
        top_p=1.0,
        max_tokens=512,
        base_url=os.environ.get("AUTOEVAL_BASE_URL") or None,
        api_key=os.environ.get("AUTOEVAL_API_KEY") or None,
    )


def judge_run(
    results_dir: Path, *, llm: LLMClient, last_k: int | None = DEFAULT_LAST_K, repeats: int = 1
) -> dict[str, Any]:
    """Judge every scored episode of the run; write autoeval.jsonl; return the agreement statistics."""
    results_dir = Path(results_dir)
    if repeats < 1:
        raise AutoEvalError(f"repeats must be at least 1, got {repeats}")
    rows = []
    for record in sorted(read_results(results_dir), key=lambda r: (str(r.get("site")), str(r.get("task_id")))):
        if record.get("status") != "scored":
            continue
        row: dict[str, Any] = {
            "task_file": record.get("task_file"),
            "task_id": record.get("task_id"),
            "site": record.get("site"),
            "reward": record.get("reward"),
            "answer": record.get("answer"),
            "model": llm.settings.model,
            "last_k": last_k,
            "verdicts": [],
            "reasons": [],
            "error": None,
        }
        shots = episode_screenshots(results_dir, record)
        if last_k is not None:
            shots = shots[-last_k:]
        row["screenshots"] = len(shots)
        try:
            if not shots:
                raise AutoEvalError("no screenshots of this episode in the run folder")
            for _ in range(repeats):
                reply = llm.complete(_messages(record.get("intent") or "", record.get("answer"), shots))
                row["verdicts"].append(parse_verdict(reply.text))
                row["reasons"].append(reply.text.strip())
        except (AutoEvalError, ModelError) as exc:
            row["error"], row["verdicts"], row["reasons"] = str(exc), [], []
        rows.append(row)
    (results_dir / AUTOEVAL_FILE).write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    return agreement_stats(rows)


def main(argv: list[str] | None = None) -> int:
    load_project_env()
    p = argparse.ArgumentParser(prog="python -m evaluation.autoeval", description=__doc__.split("\n\n")[0])
    p.add_argument("results_dir", type=Path, help="a finished run folder (results.jsonl, trajectories/)")
    p.add_argument(
        "--last-k",
        default=os.environ.get("AUTOEVAL_LAST_K") or str(DEFAULT_LAST_K),
        help="screenshots per episode given to the judge: a number, or all (default 3)",
    )
    p.add_argument("--repeats", type=int, default=1, help="judge each episode N times (mean and sd; default 1)")
    p.add_argument("--model", default=None, help="the judge's vision model (default AUTOEVAL_MODEL)")
    args = p.parse_args(argv)
    if args.last_k.strip().lower() == "all":
        last_k = None
    elif args.last_k.strip().isdigit() and int(args.last_k) > 0:
        last_k = int(args.last_k)
    else:
        print(f"error: --last-k must be a positive number or all, got {args.last_k!r}", file=sys.stderr)
        return 2
    try:
        stats = judge_run(
            args.results_dir, llm=LLMClient(settings_from_env(args.model)), last_k=last_k, repeats=args.repeats
        )
    except (AutoEvalError, FileNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(add_to_report(args.results_dir, "").strip())
    print(f"\nVerdicts: {args.results_dir / AUTOEVAL_FILE}")
    if (args.results_dir / "report.html").is_file():  # the run report gains the same section
        from .report_html import write_html_report

        print(f"Run report with charts: {write_html_report(args.results_dir)}")
    return 0 if stats["episodes"] or not stats["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
