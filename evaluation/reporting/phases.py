"""Where a run's time went: the phase table of its result lines.

    python -m evaluation.reporting.phases results/test-tasks        # after make test-tasks, make eval...

Each task's line carries the harness's phases (`timings`: sites, input, reset, login, episode, scoring,
total) and the episode's own split (`episode_timings`: opening the start pages with their first observation,
the hook before the first action (the null proof of --prove), the agent's time and the harness's time in
the steps). The table sums each phase over the tasks, gives its share of the tasks' time and its median per
task; the run's wall time per task (first start to last end, over the workers that ran it) closes it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

# (label, where, key): where is "timings" or "episode_timings"; None marks a row computed below
PHASES: list[tuple[str, str | None, str]] = [
    ("sites (start or heal)", "timings", "sites_s"),
    ("input images", "timings", "input_s"),
    ("reset", "timings", "reset_s"),
    ("confine + login", "timings", "login_s"),
    ("open start pages + first observation", "episode_timings", "open_s"),
    ("before the first action (null proof)", "episode_timings", "before_first_action_s"),
    ("agent (model or sight)", "episode_timings", "model_s"),
    ("steps: act + observe", "episode_timings", "harness_s"),
    ("episode: the rest (record, frames)", None, "episode_rest"),
    ("scoring", "timings", "scoring_s"),
    ("harness: the rest", None, "rest"),
]


def _value(record: dict[str, Any], where: str | None, key: str) -> float:
    timings, episode = record.get("timings") or {}, record.get("episode_timings") or {}
    if where is not None:
        return float((timings if where == "timings" else episode).get(key) or 0.0)
    if key == "episode_rest":
        inner = sum(float(episode.get(k) or 0.0) for k in ("open_s", "before_first_action_s", "model_s", "harness_s"))
        return max(0.0, float(timings.get("episode_s") or 0.0) - inner)
    parts = sum(
        float(timings.get(k) or 0.0) for k in ("sites_s", "input_s", "reset_s", "login_s", "episode_s", "scoring_s")
    )
    return max(0.0, float(timings.get("total_s") or 0.0) - parts)


def read_records(path: Path) -> list[dict[str, Any]]:
    """The last line of each task in a run's results.jsonl (a retried task counts once)."""
    file = path / "results.jsonl" if path.is_dir() else path
    latest: dict[str, dict[str, Any]] = {}
    for number, line in enumerate(file.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{file}:{number}: not a JSON line ({exc.msg})") from None
        latest[str(record.get("test_id") or (record.get("site"), record.get("task_id")))] = record
    return list(latest.values())


def phase_rows(records: list[dict[str, Any]]) -> list[tuple[str, float, float, float]]:
    """(phase, seconds summed over the tasks, share of the tasks' time, median per task)."""
    timed = [r for r in records if r.get("timings")]
    total = sum(float(r["timings"].get("total_s") or 0.0) for r in timed) or 1.0
    rows = []
    for label, where, key in PHASES:
        values = [_value(r, where, key) for r in timed]
        rows.append((label, sum(values), sum(values) / total, statistics.median(values) if values else 0.0))
    return rows


def run_wall(records: list[dict[str, Any]]) -> tuple[float, int]:
    """The run's wall time (first task's start to last task's end) and the number of workers."""
    spans = [
        (float(r["started_at"]), float(r["started_at"]) + float(r["timings"].get("total_s") or 0.0))
        for r in records
        if r.get("started_at") and r.get("timings")
    ]
    if not spans:
        return 0.0, 0
    workers = {r.get("worker") for r in records}
    return max(end for _, end in spans) - min(start for start, _ in spans), len(workers)


def phase_table(records: list[dict[str, Any]]) -> str:
    """The table as Markdown."""
    if not records:
        return "no result lines"
    rows = phase_rows(records)
    n = len(records)
    lines = [f"| phase ({n} tasks) | total s | share | p50 per task ms |", "|---|---:|---:|---:|"]
    for label, seconds, share, median in rows:
        lines.append(f"| {label} | {seconds:.1f} | {100 * share:.1f}% | {1000 * median:.0f} |")
    summed = sum(float((r.get("timings") or {}).get("total_s") or 0.0) for r in records)
    lines.append(f"| **tasks' time** | {summed:.1f} | 100% | {1000 * summed / n:.0f} (mean) |")
    wall, workers = run_wall(records)
    if wall:
        lines.append(f"\nwall {wall:.1f} s over {workers} worker(s): {wall / n:.3f} s of wall time per task")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.reporting.phases",
        description="Where a run's time went, phase by phase (its results.jsonl).",
    )
    parser.add_argument("run", type=Path, help="a run folder (results/<run>) or its results.jsonl")
    args = parser.parse_args(argv)
    try:
        records = read_records(args.run)
    except (OSError, ValueError) as exc:
        print(f"phases: {exc}", file=sys.stderr)
        return 2
    print(phase_table(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
