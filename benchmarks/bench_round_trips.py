"""Browser round trips of a task's proof, counted (scripts/round_trips.py, in a process of its own): the ChromeDriver
requests and DevTools socket commands per task, by kind and by phase, on every 60th task of each suite, every proof
checked. Counts, not timings: they do not move with the machine's load.

    python -m benchmarks round_trips
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, str(PROJECT / "scripts" / "round_trips.py"), *argv],
        cwd=PROJECT,
        capture_output=True,
        text=True,
    )
    print(done.stdout, end="")
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise RuntimeError(f"the round-trip count failed (exit {done.returncode}):\n{tail}")
