"""The store suite against the official shopping templates (tasks/build/shopping/official.py): each official id a
task records is a known one, not listed as unmirrored, instantiated at least as often as officially, with the
official difficulty labels; the table itself holds the official file's 152 templates and 466 tasks."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest

from tasks.build.shopping.official import OFFICIAL, UNMIRRORED, difficulty
from tasks.build.suite import TASKS_DIR


@pytest.fixture(scope="module")
def tasks() -> list[dict]:
    return json.loads((TASKS_DIR / "shopping.json").read_text(encoding="utf-8"))


def test_the_table_is_the_official_file():
    assert len(OFFICIAL) == 152
    assert sum(o.tasks for o in OFFICIAL.values()) == 466
    assert sum(o.images for o in OFFICIAL.values()) == 169
    assert set(UNMIRRORED) <= set(OFFICIAL)
    assert len(UNMIRRORED) <= 7  # the bound (5% of 152)


def test_mirrored_templates_reach_the_official_counts_and_labels(tasks):
    mirrored = [t for t in tasks if t["official_template_id"] is not None]
    assert mirrored
    counts = Counter(t["official_template_id"] for t in mirrored)
    for tid, n in counts.items():
        assert tid in OFFICIAL and tid not in UNMIRRORED, tid
        assert n >= OFFICIAL[tid].tasks, (tid, n, OFFICIAL[tid].tasks)
    for t in mirrored:
        labels = (t["reasoning_difficulty"], t["visual_difficulty"], t["overall_difficulty"])
        assert labels == difficulty(t["official_template_id"]), t["task_id"]


def test_each_template_of_ours_mirrors_one_official_template_at_most(tasks):
    # an unachievable variant of one of our sentences may mirror nothing (null) where the official template has no
    # N/A tasks (our template 2: official 130 buys an item that exists), but never a second official template
    ids: defaultdict[int, set] = defaultdict(set)
    for t in tasks:
        if t["official_template_id"] is not None:
            ids[t["intent_template_id"]].add(t["official_template_id"])
    assert all(len(v) == 1 for v in ids.values()), {k: v for k, v in ids.items() if len(v) > 1}


def test_input_images_where_every_official_task_of_the_template_has_one(tasks):
    for t in tasks:
        tid = t["official_template_id"]
        if tid is not None and OFFICIAL[tid].images == OFFICIAL[tid].tasks:
            assert t["image"], (t["task_id"], tid)
