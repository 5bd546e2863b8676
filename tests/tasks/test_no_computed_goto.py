"""Issue 34: no reference solution of the forum or multi-site suite goes straight to a forum post or comment (a
numeric post id in the path) whose address the intent does not give; the post the agent must find is reached by
browsing, sorting, paging or searching, so the sighted proof shows that it can be found by looking."""

from __future__ import annotations

import json
import re

import pytest

from tasks.build.suite import TASKS_DIR

# a forum post (/f/<forum>/<id>[/<slug>]) or one of its comments (.../comment/<id>)
POST_OR_COMMENT = re.compile(r"^__REDDIT__/f/[^/?#]+/\d+(?:[/?#]|$)")


def computed_gotos(tasks: list[dict]) -> list[str]:
    """`<task id>: <url>` of every goto step to a post or comment address the task's intent does not contain."""
    return [
        f"{t['task_id']}: {step['url']}"
        for t in tasks
        for step in t["reference_solution"]
        if step.get("do") == "goto" and POST_OR_COMMENT.match(step.get("url") or "") and step["url"] not in t["intent"]
    ]


@pytest.mark.parametrize("suite", ["reddit", "multisite"])
def test_no_solution_goes_straight_to_a_post_the_intent_does_not_give(suite):
    tasks = json.loads((TASKS_DIR / f"{suite}.json").read_text(encoding="utf-8"))
    found = computed_gotos(tasks)
    assert not found, f"{suite}: reference solutions going straight to a post or comment:\n" + "\n".join(found)


def test_the_check_finds_a_computed_goto():
    task = {
        "task_id": 1,
        "intent": "Open the post about cats in f/aww.",
        "reference_solution": [{"do": "goto", "url": "__REDDIT__/f/aww/42"}, {"do": "stop", "answer": ""}],
    }
    given = {
        **task,
        "intent": "Open __REDDIT__/f/aww/42/cats/comment/7 and read it.",
        "reference_solution": [{"do": "goto", "url": "__REDDIT__/f/aww/42/cats/comment/7"}],
    }
    browsing = {**task, "reference_solution": [{"do": "goto", "url": "__REDDIT__/f/aww"}]}
    assert computed_gotos([task]) == ["1: __REDDIT__/f/aww/42"]
    assert computed_gotos([given, browsing]) == []
