"""One official VisualWebArena template as the sites' official.py tables state it (tasks/build/<site>/official.py):
the job (in our words), its evaluator types, how many tasks instantiate it, how many of them come with an input
image, its difficulty labels (reasoning, visual, overall) and the sites it spans (main site first)."""

from __future__ import annotations

from typing import NamedTuple


class Official(NamedTuple):
    job: str
    evals: tuple[str, ...]
    tasks: int
    images: int  # how many of its tasks come with an input image
    difficulty: tuple[str, str, str]
    sites: tuple[str, ...]


def row(job: str, evals: str, tasks: int, images: int, difficulty: str, sites: str) -> Official:
    """An `Official` from one table row: `evals`, `difficulty` and `sites` as words apart by spaces."""
    reasoning, visual, overall = difficulty.split()
    return Official(job, tuple(evals.split()), tasks, images, (reasoning, visual, overall), tuple(sites.split()))
