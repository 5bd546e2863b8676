"""The committed forum (reddit) suite: in sync with its generator, loadable, with the proportions and the
evaluator forms the issue asks for, a valid reference solution for every task, and the grounding lint (the
visual words a task relies on are not written in the title, body or comments of the posts it looks at).
Running the solutions is the task suite itself: `pytest tasks -k reddit`."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from tasks.build import reddit as build
from tasks.build_classifieds import mentions


@pytest.fixture(scope="module")
def reddit_settings():
    from sites.config import Settings
    return Settings(seed=build.SUITE_SEED, scale=build.SUITE_SCALE)


@pytest.fixture(scope="module")
def forum_data(reddit_settings):
    from sites.reddit.data import open_pristine
    with open_pristine(reddit_settings) as data:
        yield data


@pytest.fixture(scope="module")
def tasks() -> list[dict]:
    return json.loads(build.TASK_FILE.read_text(encoding="utf-8"))


def unachievable(task: dict) -> bool:
    return (task["eval"].get("reference_answers") or {}).get("fuzzy_match") == "N/A"


def test_committed_files_equal_the_generator_output(reddit_settings):
    suite = build.build_suite(reddit_settings)
    stale = build.stale_files(suite)
    assert not stale, f"out of date: {stale}; run .venv/bin/python -m tasks.build reddit and commit"
    assert build.render(suite) == build.render(build.build_suite(reddit_settings)), "the generator is not deterministic"


def test_the_task_file_loads_with_the_harness_loader(tasks):
    from evaluation.tasks import load_task_file
    loaded = load_task_file(build.TASK_FILE)
    assert len(loaded) == len(tasks) >= 70
    assert [t.task_id for t in loaded] == list(range(len(loaded)))
    assert all(t.sites[0] == "reddit" for t in loaded)


def test_every_task_has_a_valid_reference_solution_ending_in_stop(tasks):
    from agent.agents.reference import parse_solution
    for task in tasks:
        steps = parse_solution(task["reference_solution"])
        assert steps and steps[-1].do == "stop", f"task {task['task_id']}: the solution must end with stop"
        assert len(steps) <= 12, f"task {task['task_id']}: keep reference solutions short"


def test_proportions_like_the_benchmark(tasks):
    n = len(tasks)
    templates = {t["intent_template_id"] for t in tasks}
    with_images = [t for t in tasks if t["image"]]
    assert n >= 70 and len(templates) >= 25
    assert 0.22 <= len(with_images) / n <= 0.35
    nope = [t for t in tasks if unachievable(t)]
    assert 0.03 <= len(nope) / n <= 0.08
    for t in nope:
        assert t["eval"]["string_note"] and t["reference_solution"][-1]["answer"] == "N/A"
    for kind in ("reasoning_difficulty", "visual_difficulty", "overall_difficulty"):
        assert set(Counter(t[kind] for t in tasks)) == {"easy", "medium", "hard"}, kind


def test_state_changing_tasks_use_the_official_locators(tasks):
    changing = [t for t in tasks if t["require_reset"]]
    assert len(changing) >= 15
    locators = [p["locator"] for t in changing for p in t["eval"]["program_html"]]
    assert all(t["eval"]["program_html"] for t in changing if "page_image_query" not in t["eval"]["eval_types"])
    assert build.VOTE_CLASS in locators
    assert any(loc.startswith("func:reddit_get_latest_comment_content_by_username(") for loc in locators)
    assert any(loc.startswith("func:reddit_get_parent_comment_username_of_latest_comment_by_username(")
               for loc in locators)
    for selector in ("#sidebar", "#main", ".table"):
        assert f"func:get_query_text(__page__, '{selector}')" in locators, selector
    ssim = [q for t in tasks for q in t["eval"].get("page_image_query", [])]
    assert ssim and all("eval_fuzzy_image_match" in q and "eval_vqa" not in q for q in ssim), \
        "page_image_query must use SSIM only (CI has no VQA model)"


def test_every_evaluator_is_used(tasks):
    types = Counter(e for t in tasks for e in t["eval"]["eval_types"])
    assert set(types) == {"string_match", "url_match", "program_html", "page_image_query"}


def test_input_images_exist_and_are_referenced(tasks):
    referenced = {t["image"] for t in tasks if t["image"]}
    for ref in referenced:
        assert (build.TASK_FILE.parent / ref).is_file(), ref
    assert {p.name for p in build.IMAGE_DIR.iterdir()} == {r.rsplit("/", 1)[-1] for r in referenced}


# ---- the grounding lint -----------------------------------------------------------------------------------------

def grounding_problems(task: dict, data) -> list[str]:
    """Reasons the task's grounding record is broken (empty list: it holds)."""
    where = f"task {task.get('task_id')}"
    grounding = task.get("grounding")
    if not isinstance(grounding, dict):
        return [f"{where}: no 'grounding' object"]
    posts, terms = grounding.get("posts"), grounding.get("visual_terms")
    if not isinstance(posts, list) or not all(isinstance(i, int) for i in posts):
        return [f"{where}: grounding.posts must be a list of post ids"]
    if not isinstance(terms, list) or not all(isinstance(t, str) and t.strip() for t in terms):
        return [f"{where}: grounding.visual_terms must be a list of non-empty strings"]
    if bool(posts) != bool(terms):
        return [f"{where}: grounding lists {'posts without visual terms' if posts else 'terms without posts'}"]
    problems = []
    for post_id in posts:
        try:
            post = data.post(post_id)
        except KeyError:
            problems.append(f"{where}: post {post_id} is not in the pristine database")
            continue
        fields = {"title": post.title, "body": post.body}
        fields.update({f"comment {c.id}": c.body for c in data.comments(post_id)})
        for term in terms:
            for name, text in fields.items():
                if mentions(text, term):
                    problems.append(f"{where}: post {post_id} {name} says {term!r}: {text[:120]!r}")
    return problems


def test_every_visual_task_is_grounded_in_the_pictures_only(tasks, forum_data):
    problems = [p for task in tasks for p in grounding_problems(task, forum_data)]
    assert not problems, "\n".join(problems)


def test_visual_tasks_record_what_they_look_at(tasks):
    ungrounded = [t["task_id"] for t in tasks if t["visual_difficulty"] != "easy" and not t["image"]
                  and not t["grounding"]["visual_terms"] and not unachievable(t)]
    assert not ungrounded, f"visual tasks without grounding terms: {ungrounded}"


def test_the_lint_catches_a_term_in_a_title_and_in_a_comment(forum_data):
    post = forum_data.find_posts(min_comments=1, limit=1)[0]
    word = next(w for w in post.title.split() if w.isalpha())
    problems = grounding_problems({"task_id": 1, "grounding": {"posts": [post.id], "visual_terms": [word]}},
                                  forum_data)
    assert any("title" in p and str(post.id) in p for p in problems)
    comment = forum_data.comments(post.id)[0]
    word = next(w.strip(",.!?") for w in comment.body.split() if w.strip(",.!?").isalpha())
    problems = grounding_problems({"task_id": 2, "grounding": {"posts": [post.id], "visual_terms": [word]}},
                                  forum_data)
    assert any("comment" in p for p in problems)


@pytest.mark.parametrize("record, reason", [
    ({"posts": [1], "visual_terms": []}, "posts without visual terms"),
    ({"posts": [10 ** 7], "visual_terms": ["red"]}, "not in the pristine database"),
    ({"posts": "1", "visual_terms": ["red"]}, "list of post ids"),
])
def test_the_lint_rejects_broken_records(forum_data, record, reason):
    problems = grounding_problems({"task_id": 7, "grounding": record}, forum_data)
    assert problems and reason in problems[0]
