"""The pytest markers of a task (its sites, `multisite`, difficulties, evaluator types, image input, reset,
login, unachievable): named by the plugin on each item, and read back by the run report to filter tasks.
"""

from __future__ import annotations

from evaluation.taskfiles.loader import Task
from evaluation.vocabulary.spec import DIFFICULTIES, EVAL_TYPES


def task_markers(task: Task) -> list[str]:
    marks = list(task.needed_sites)  # its sites and those its start URLs open
    if len(marks) > 1:
        marks.append("multisite")
    for kind, value in task.difficulty.items():
        if value in DIFFICULTIES:  # a typo (kept as written) has no marker
            marks.append(f"{kind}_{value}")
    marks += list(task.eval.types)
    if task.images:
        marks.append("image_input")
    if task.require_reset:
        marks.append("require_reset")
    if task.require_login:
        marks.append("require_login")
    if task.unachievable:
        marks.append("unachievable")
    if task.official_template_id is not None:
        marks.append("official_kind")
    return marks


def _marker_names() -> list[str]:
    from sites.config import SITES

    names = [f"{s}: task on the {s} site" for s in SITES]
    names += ["multisite: the task needs two or more sites (its sites and those its start URLs open)"]
    names += [f"{kind}_{d}: {kind} difficulty {d}" for kind in ("overall", "reasoning", "visual") for d in DIFFICULTIES]
    names += [f"{t}: evaluated by {t}" for t in EVAL_TYPES]
    names += [
        "image_input: the task gives input image(s)",
        "require_reset: the task needs pristine sites",
        "unachievable: the expected answer is N/A",
        "require_login: the browser starts logged in",
        "official_kind: the task's kind mirrors an official VisualWebArena template (official_template_id)",
    ]
    return names
