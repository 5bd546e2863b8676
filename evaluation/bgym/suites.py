"""The tasks of the project's suites (tasks/<suite>.json) as BrowserGym sees them: gymnasium ids
`browsergym/vwa_arena.<suite>.<task_id>`, and the task itself when one runs.

May import: evaluation.taskfiles.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

from evaluation.taskfiles.loader import Task, parse_task, read_task_list

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "vwa_arena"


def tasks_dir() -> Path:
    """The suites' folder: VWA_ARENA_TASKS, else the project's tasks/."""
    return Path(os.environ.get("VWA_ARENA_TASKS") or ROOT / "tasks")


def suite_files() -> dict[str, Path]:
    """suite name -> its task file, in name order."""
    return {path.stem: path for path in sorted(tasks_dir().glob("*.json"))}


@functools.cache
def _entries(path: Path) -> dict[int, dict[str, Any]]:
    return {obj["task_id"]: obj for obj in read_task_list(path) if isinstance(obj, dict) and "task_id" in obj}


def task_ids(suite: str) -> list[int]:
    return sorted(_entries(suite_files()[suite]))


def all_tasks() -> list[tuple[str, int]]:
    """(suite, task_id) of every task of every suite."""
    return [(suite, task_id) for suite in suite_files() for task_id in task_ids(suite)]


def gym_name(suite: str, task_id: int) -> str:
    """The name BrowserGym registers (gymnasium adds the `browsergym/` namespace)."""
    return f"{PREFIX}.{suite}.{task_id}"


def raw_entry(suite: str, task_id: int) -> dict[str, Any]:
    """The task's entry as the suite file holds it."""
    return _entries(suite_files()[suite])[task_id]


def load(suite: str, task_id: int) -> Task:
    """The task, parsed (placeholders not yet resolved)."""
    files = suite_files()
    if suite not in files:
        raise KeyError(f"no suite {suite!r} in {tasks_dir()} (suites: {', '.join(files)})")
    entries = _entries(files[suite])
    if task_id not in entries:
        raise KeyError(f"no task {task_id} in {files[suite]}")
    return parse_task(entries[task_id], files[suite])
