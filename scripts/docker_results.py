"""Check a run of `make test-docker`: every task of the suite scored 1 on its last attempt, none missing.

    python scripts/docker_results.py RESULTS_DIR TASK_FILE [--expect-recovery] [--shard I/N]

--expect-recovery: a site of the run was killed mid-run, so some task must show the recovery: a retry after the
harness error (attempt 2) or a site the harness waited for before the task (restarted_sites). --shard I/N: the run
had `--shard I/N`, so only that shard's tasks are wanted. Prints one line per recovery and a summary; exit code 1
when a task is missing, did not score 1, or no recovery shows.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))  # the project's packages, scripts/ among them
    from scripts.run_checks import parse

    args, wanted = parse("docker_results.py", ("results",), "recovery", argv)
    last: dict[int, dict] = {}
    recoveries: list[str] = []
    lines = (args.results / "results.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines:
        record = json.loads(line)
        task_id = int(record["task_id"])
        last[task_id] = record
        if record.get("status") == "error":
            recoveries.append(f"task {task_id} attempt {record.get('attempt')}: error {record.get('error')}")
        elif record.get("attempt", 1) > 1:
            recoveries.append(f"task {task_id} attempt {record['attempt']}: reward {record.get('reward')}")
        if record.get("restarted_sites"):
            recoveries.append(f"task {task_id}: waited for {record['restarted_sites']}")
    problems = [f"task {t}: no result" for t in sorted(wanted - set(last))]
    problems += [
        f"task {t}: {r.get('status')} reward {r.get('reward')} {r.get('error') or ''}".rstrip()
        for t, r in sorted(last.items())
        if t in wanted and r.get("reward") != 1
    ]
    for line in recoveries:
        print("recovery: " + line[:300])
    if args.expect_recovery and not recoveries:
        problems.append("a site was killed mid-run but no task shows a retry or a wait for a restarted site")
    scored = sum(1 for t, r in last.items() if t in wanted and r.get("reward") == 1)
    print(
        f"{args.task_file.name}: {scored}/{len(wanted)} tasks scored 1 ({len(lines)} result lines, "
        f"{len(recoveries)} recovery lines)"
    )
    for problem in problems:
        print("PROBLEM " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
