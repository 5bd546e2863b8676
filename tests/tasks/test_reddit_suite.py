"""What the forum (reddit) suite adds to the checks every suite gets (tests/tasks/test_suite.py,
test_grounding.py): the official locator forms for the state it changes, SSIM for posted pictures, short
reference solutions, input images that are pictures of the forum's posts. Running the solutions is the task
suite itself: `pytest tasks -k reddit`."""

from __future__ import annotations

import json

import pytest

from tasks.build.reddit import base as reddit
from tasks.build.suite import TASKS_DIR


@pytest.fixture(scope="module")
def tasks() -> list[dict]:
    return json.loads((TASKS_DIR / "reddit.json").read_text(encoding="utf-8"))


def locators(tasks: list[dict]) -> list[str]:
    return [p["locator"] for t in tasks for p in t["eval"]["program_html"]]


def test_state_changes_are_read_with_the_official_locators(tasks):
    changing = [t for t in tasks if t["require_reset"]]
    # a posted picture may be read by page_image_query alone on the new post, as official templates 10 and 44 do
    assert len(changing) >= 15 and all(t["eval"]["program_html"] or t["eval"].get("page_image_query") for t in changing)
    found = locators(changing)
    assert reddit.VOTE_CLASS in found
    for helper in (
        "reddit_get_latest_comment_content_by_username",
        "reddit_get_parent_comment_username_of_latest_comment_by_username",
    ):
        assert f"func:{helper}(__page__, '{reddit.USER}')" in found, helper
    for selector in ("#sidebar", "#main", ".table"):
        assert f"func:get_query_text(__page__, '{selector}')" in found, selector


def test_votes_are_checked_on_post_pages_with_the_three_classes(tasks):
    votes = [p for t in tasks for p in t["eval"]["program_html"] if p["locator"] == reddit.VOTE_CLASS]
    assert {p["required_contents"]["exact_match"] for p in votes} == {reddit.UPVOTED, reddit.DOWNVOTED, reddit.NO_VOTE}
    assert all(p["url"].startswith("__REDDIT__/f/") for p in votes)


def test_posted_pictures_are_scored_by_ssim_on_the_post_image(tasks):
    posted = [q for t in tasks for q in t["eval"].get("page_image_query", [])]
    assert len(posted) >= 3
    assert all(q["eval_image_class"] == ".submission__image" and "eval_fuzzy_image_match" in q for q in posted)
    # a picture from the task folder (posted by link from the homepage) and one from the forum itself
    refs = [q["eval_fuzzy_image_match"] for q in posted]
    assert any(r.startswith("images/reddit/") for r in refs) and any(r.startswith("__REDDIT__/") for r in refs)


# Kinds that visit several authors or forums, each reached by clicking (issue 34: no computed goto), with the most
# steps their solutions may take: official 84 (message each author of a picture on a page) and 65 (subscribe to
# the forums of a letter whose top three show something).
LONG_KINDS = {84: 14, 65: 20}


def test_reference_solutions_are_short(tasks):
    long = [
        t["task_id"]
        for t in tasks
        if len(t["reference_solution"]) > LONG_KINDS.get(t.get("official_template_id") or -1, 10)
    ]
    assert not long, f"reference solutions over 10 steps (CI runs every task twice on 2 cores): {long}"


def test_about_a_quarter_have_input_images(tasks):
    # the official forum file: 84 of 210 tasks (0.40) have an input image
    share = sum(bool(t["image"]) for t in tasks) / len(tasks)
    assert 0.25 <= share <= 0.45
