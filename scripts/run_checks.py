"""What the checkers of an end-to-end run's results share (scripts/docker_results.py, grid_results.py): their command
line (result folders, the task file, an --expect-... flag, --shard) and the task ids that run was to score."""

from __future__ import annotations

import argparse
from pathlib import Path

from evaluation.harness.plugin import tasks_of_shard


def parse(
    prog: str, folders: tuple[str, ...], expect: str, argv: list[str] | None
) -> tuple[argparse.Namespace, set[int]]:
    """The checker's arguments (`folders`, then task_file; `--expect-<expect>`, `--shard I/N`) and the ids of the
    tasks of that shard of the task file (the plugin's own shard rule, evaluation/harness/plugin.py)."""
    parser = argparse.ArgumentParser(prog=prog)
    for folder in folders:
        parser.add_argument(folder, type=Path)
    parser.add_argument("task_file", type=Path)
    parser.add_argument(f"--expect-{expect}", action="store_true")
    parser.add_argument("--shard", default=None, metavar="I/N")
    args = parser.parse_args(argv)
    return args, tasks_of_shard(args.task_file, args.shard)
