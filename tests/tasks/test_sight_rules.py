"""The sight rules (tasks/build/sight.py) are one list per site, and no two rules match one CSS: every element step
of the committed suites is matched by at most one rule (a step no rule matches carries the sight its builder gave),
so the order of the lists cannot decide a step's sight."""

from __future__ import annotations

import json
import re

import pytest

from tasks.build import SUITES
from tasks.build.sight import NoSightRule, _rules, sight_of
from tasks.build.suite import TASKS_DIR


@pytest.mark.parametrize("suite", SUITES)
def test_every_element_step_is_matched_by_at_most_one_rule(suite):
    rules = _rules()
    matched, ambiguous = 0, []
    for task in json.loads((TASKS_DIR / f"{suite}.json").read_text(encoding="utf-8")):
        for step in task.get("reference_solution") or []:
            if step.get("do") not in ("click", "hover", "type"):
                continue
            css = step.get("css") or ""
            hits = [pattern for pattern, _ in rules if re.search(pattern, css)]
            matched += len(hits) == 1
            if len(hits) > 1:
                ambiguous.append((task["task_id"], css, hits))
    assert not ambiguous, ambiguous[:5]
    assert matched > 0


def test_no_two_rules_share_a_pattern():
    patterns = [pattern for pattern, _ in _rules()]
    assert len(patterns) == len(set(patterns))


def test_a_step_no_rule_knows_is_refused():
    with pytest.raises(NoSightRule, match="no sight rule"):
        sight_of({"do": "click", "css": "div.nothing-like-this"}, [])
