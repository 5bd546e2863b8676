"""Trajectory size: the first N classifieds tasks (6 by default) proven by the sighted agent with every frame kept
(`--frames all`), and the bytes their trajectories take per episode (pages and the shared `frames/` folder), against
the target of 250 KB per episode. Sizes, not timings: they do not move with the machine's load.

    python -m benchmarks trajectory [--tasks N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
TARGET_KB = 250


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks trajectory")
    parser.add_argument("--tasks", type=int, default=6, help="the first N tasks of the classifieds suite (default 6)")
    args = parser.parse_args(argv)
    suite = PROJECT / "tasks" / "classifieds.json"
    if not suite.exists():
        print("no tasks/classifieds.json: nothing to record")
        return
    data = json.loads(suite.read_text())
    tasks = (data["tasks"] if isinstance(data, dict) else data)[: args.tasks]
    ids = [f"tasks/classifieds.json::classifieds/{task['task_id']}" for task in tasks]
    with tempfile.TemporaryDirectory(prefix="bench-trajectory-") as tmp:
        results = Path(tmp) / "results"
        command = [sys.executable, "-m", "pytest", *ids, "-n", "1", "-q", "-p", "no:cacheprovider"]
        command += ["--agent", "sighted", "--prove", "--require-complete-observations", "--frames", "all"]
        done = subprocess.run([*command, "--results", str(results)], cwd=PROJECT, capture_output=True, text=True)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise RuntimeError(f"the episodes' proofs failed (exit {done.returncode}):\n{tail}")
        folder = results / "trajectories"
        pages = sorted(folder.glob("*.html"))
        frames = sorted((folder / "frames").glob("*"))
        page_bytes = sum(p.stat().st_size for p in pages)
        frame_bytes = sum(f.stat().st_size for f in frames)
    n = max(1, len(pages))
    print(
        f"trajectory size: {len(pages)} classifieds episodes, all frames: {(page_bytes + frame_bytes) / 1000:.0f} KB "
        f"({page_bytes / 1000:.0f} KB of pages, {len(frames)} frames of {frame_bytes / 1000:.0f} KB): "
        f"{(page_bytes + frame_bytes) / n / 1000:.0f} KB per episode (target {TARGET_KB} KB)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
