"""Check a run of `make test-grid` against a run of the same suite on the local browser.

    python scripts/grid_results.py GRID_RESULTS LOCAL_RESULTS TASK_FILE [--expect-retry] [--shard I/N]

Every task of TASK_FILE must be scored exactly once in the Grid run (its last attempt, reward 1), each earlier
attempt of it an error line that its scored line names in `retried_errors`; and each task's outcome must be the
local run's, field by field (status, reward, answer, final URL, stop reason, steps, the checks, the proof and
what the sighted agent saw), with each run's own site URLs written as the site's name. --expect-retry: a node
was killed mid-run, so at least one task must show the retry. --shard I/N: the Grid run had `--shard I/N`, so
only that shard's tasks are wanted. Prints the retries, the differences and a
summary with the time per task of both runs; exit code 1 on any problem.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPARED = ("status", "reward", "answer", "final_url", "stop_reason", "steps", "checks", "proof", "sight")
# the sighted agent's picture-match scores and margins (floats from the frame's pixels) may differ in the fourth
# decimal between two browsers; the counts of what it found, and how, must not
SIGHT_TOLERANCE = 1e-3


def _lines(results: Path) -> list[dict]:
    path = results / "results.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def outcome(record: dict) -> dict:
    """The compared fields of a result line, its run's site URLs written as `<site>`."""
    text = json.dumps({key: record.get(key) for key in COMPARED}, sort_keys=True)
    for site, url in sorted((record.get("site_urls") or {}).items(), key=lambda item: -len(item[1])):
        text = text.replace(url.rstrip("/"), f"<{site}>")
    return json.loads(text)


def _same(key: str, ours: object, theirs: object) -> bool:
    if key == "sight" and isinstance(ours, dict) and isinstance(theirs, dict) and set(ours) == set(theirs):
        return all(
            abs(ours[name] - theirs[name]) <= SIGHT_TOLERANCE
            if isinstance(ours[name], float) and isinstance(theirs[name], (int, float))
            else ours[name] == theirs[name]
            for name in ours
        )
    return ours == theirs


def differences(grid: dict, local: dict) -> list[str]:
    ours, theirs = outcome(grid), outcome(local)
    return [
        f"{key}: grid {json.dumps(ours[key])[:200]} local {json.dumps(theirs[key])[:200]}"
        for key in COMPARED
        if not _same(key, ours[key], theirs[key])
    ]


def check(
    grid_lines: list[dict], local_lines: list[dict], wanted: set[int], expect_retry: bool
) -> tuple[list[str], list[str]]:
    """(problems, retries) of a Grid run against the local one."""
    problems: list[str] = []
    retries: list[str] = []
    by_task: dict[int, list[dict]] = defaultdict(list)
    for record in grid_lines:
        by_task[int(record["task_id"])].append(record)
    local = {int(record["task_id"]): record for record in local_lines}  # the last line of each task wins
    for task_id in sorted(wanted):
        lines = by_task.get(task_id, [])
        scored = [record for record in lines if record.get("status") == "scored"]
        if len(scored) != 1:
            problems.append(f"task {task_id}: {len(scored)} scored lines in the Grid run (expected 1)")
            continue
        final = scored[0]
        if final is not lines[-1]:
            problems.append(f"task {task_id}: a line follows its scored line")
        earlier = lines[:-1]
        if [record.get("attempt") for record in lines] != list(range(1, len(lines) + 1)):
            problems.append(f"task {task_id}: attempts {[record.get('attempt') for record in lines]}")
        if any(record.get("status") != "error" for record in earlier):
            problems.append(f"task {task_id}: an attempt before the last one was not an error")
        if earlier:
            named = final.get("retried_errors") or []
            if len(named) != len(earlier):
                problems.append(f"task {task_id}: {len(earlier)} failed attempts, {len(named)} retried errors")
            retries.append(
                f"task {task_id} scored on attempt {final.get('attempt')} after: "
                + "; ".join(str(error)[:160] for error in named)
            )
        if final.get("reward") != 1:
            problems.append(f"task {task_id}: reward {final.get('reward')} in the Grid run")
        if task_id not in local:
            problems.append(f"task {task_id}: not in the local run")
            continue
        problems += [f"task {task_id}: {line}" for line in differences(final, local[task_id])]
    extra = sorted(set(by_task) - wanted)
    if extra:
        problems.append(f"tasks not wanted (not in the task file, or of another shard): {extra[:10]}")
    if expect_retry and not retries:
        problems.append("a node was killed mid-run but no task shows a retry")
    return problems, retries


def per_task_seconds(lines: list[dict]) -> float:
    """The mean of the scored tasks' own time (total_s of the harness: sites, reset, login, episode, scoring)."""
    times = [
        float((record.get("timings") or {}).get("total_s") or 0.0)
        for record in lines
        if record.get("status") == "scored"
    ]
    return sum(times) / len(times) if times else 0.0


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))  # the project's packages, scripts/ among them
    from scripts.run_checks import parse

    args, wanted = parse("grid_results.py", ("grid", "local"), "retry", argv)
    name = args.task_file.resolve()
    grid_lines = [r for r in _lines(args.grid) if Path(r.get("task_file", "")).name == name.name]
    local_lines = [r for r in _lines(args.local) if Path(r.get("task_file", "")).name == name.name]
    problems, retries = check(grid_lines, local_lines, wanted, args.expect_retry)
    for line in retries:
        print("retry: " + line)
    for problem in problems[:40]:
        print("PROBLEM " + problem, file=sys.stderr)
    print(
        f"{name.name}: {len(wanted)} tasks, {len(grid_lines)} Grid result lines ({len(retries)} retried), "
        f"{len(problems)} problems; time per task (harness total_s, mean): Grid "
        f"{per_task_seconds(grid_lines):.2f} s, local {per_task_seconds(local_lines):.2f} s"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
