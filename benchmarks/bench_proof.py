"""What a task's proof costs: make test's task pass on a sample of every suite, and where its time went.

A sample (every 20th task of each suite by default) is proven as `make test-tasks` proves every task (sighted
agent, --prove, whole observations, frames only on failure), with make test's workers; printed: the wall
time per task of the sample (the target is 0.5 s on 2 cores) and the phase table of its result lines
(evaluation/reporting/phases.py), so each phase's share can be followed from one change to the next.

    python -m benchmarks proof [--every N] [--workers N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
SUITES = ("classifieds", "reddit", "shopping", "multisite")


def sample(every: int) -> list[str]:
    """pytest node ids of every `every`-th task of each suite."""
    ids = []
    for suite in SUITES:
        path = PROJECT / "tasks" / f"{suite}.json"
        if not path.exists():
            continue
        data = json.loads(path.read_text())
        tasks = data["tasks"] if isinstance(data, dict) else data
        for task in tasks[::every]:
            ids.append(f"tasks/{suite}.json::{task['sites'][0]}/{task['task_id']}")  # named by the main site
    return ids


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks proof")
    parser.add_argument("--every", type=int, default=20, help="prove every N-th task of each suite (default 20)")
    parser.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("TEST_WORKERS", (os.cpu_count() or 2) + 1)),
        help="pytest-xdist workers (default: make test's, the cores plus one)",
    )
    args = parser.parse_args(argv)
    ids = sample(args.every)
    if not ids:
        print("no task files in tasks/: nothing to prove")
        return
    with tempfile.TemporaryDirectory(prefix="bench-proof-") as tmp:
        results = Path(tmp) / "results"
        command = [
            sys.executable,
            "-m",
            "pytest",
            *ids,
            "-n",
            str(args.workers),
            "-q",
            "-p",
            "no:cacheprovider",
            "--agent",
            "sighted",
            "--prove",
            "--require-complete-observations",
            "--frames",
            "failed",
            "--results",
            str(results),
        ]
        start = time.perf_counter()
        done = subprocess.run(command, cwd=PROJECT, capture_output=True, text=True)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise RuntimeError(f"the sample's proofs failed (exit {done.returncode}):\n{tail}")
        # the table by its own command: a benchmark uses the project as a user does, not its packages' insides
        table = subprocess.run(
            [sys.executable, "-m", "evaluation.reporting.phases", str(results)],
            cwd=PROJECT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    print(
        f"proof cost: {len(ids)} tasks (every {args.every}th of each suite) with {args.workers} workers in "
        f"{wall:.1f} s, pytest's start-up included: {wall / len(ids):.3f} s of wall time per task "
        f"(target 0.5 s on 2 cores)"
    )
    print(table)
