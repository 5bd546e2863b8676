"""The tasks a benchmark proves: every N-th task of each suite file (tasks/<suite>.json) there is."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
SUITES = ("classifieds", "reddit", "shopping", "multisite")


def every_nth_task(every: int, suites: Iterable[str] = SUITES) -> list[tuple[str, dict[str, Any]]]:
    """(suite, task) of every `every`-th task of each suite, in the suites' order; a suite not built is left out."""
    picked = []
    for suite in suites:
        path = PROJECT / "tasks" / f"{suite}.json"
        if not path.exists():
            continue
        data = json.loads(path.read_text())
        tasks = data["tasks"] if isinstance(data, dict) else data
        picked += [(suite, task) for task in tasks[::every]]
    return picked
