"""The grounding lint: for each task that depends on what a photo shows, the visual words it records under
`grounding.visual_terms` must not be written in the text of the items it touches, in the pristine database of
their site. A task lists those items by site under the key of that site's suite (`listings` of classifieds,
`products` of shopping, `posts` of reddit; a multi-site task may list several), and each site module says which
text that is (`grounding_fields`: a listing's title, description and comments; a product's name, description,
attributes and reviews; a post's title, body and comments)."""

from __future__ import annotations

import json

import pytest

from tasks.build import grounding_sites, mentions
from tasks.build.suite import TASKS_DIR


def grounding_problems(task: dict, fields_of) -> list[str]:
    """Reasons the task's grounding record is broken (empty list: it holds). `fields_of(key, id)` gives the text
    fields of an item (KeyError for an unknown id)."""
    where = f"task {task.get('task_id')}"
    grounding = task.get("grounding")
    if not isinstance(grounding, dict):
        return [f"{where}: no 'grounding' object"]
    terms = grounding.get("visual_terms")
    if not isinstance(terms, list) or not all(isinstance(t, str) and t.strip() for t in terms):
        return [f"{where}: grounding.visual_terms must be a list of non-empty strings"]
    known = grounding_sites()
    items = []
    for key, ids in grounding.items():
        if key == "visual_terms":
            continue
        if key not in known:
            return [f"{where}: grounding.{key} names no site's items (known: {', '.join(sorted(known))})"]
        if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
            return [f"{where}: grounding.{key} must be a list of ids"]
        items += [(key, i) for i in ids]
    if bool(items) != bool(terms):
        return [f"{where}: grounding lists {'ids without visual terms' if items else 'terms without ids'}"]
    problems = []
    for key, item_id in items:
        try:
            fields = fields_of(key, item_id)
        except KeyError:
            problems.append(f"{where}: {key} {item_id} is not in the pristine database")
            continue
        for term in terms:
            for field_name, text in fields.items():
                if mentions(text, term):
                    problems.append(f"{where}: {key} {item_id} {field_name} says {term!r}: {text[:120]!r}")
    return problems


def test_every_visual_task_is_grounded_in_the_photos_only(committed_tasks, fields_of):
    problems = [p for task in committed_tasks for p in grounding_problems(task, fields_of)]
    assert not problems, "\n".join(problems)


def test_tasks_with_a_visual_difficulty_above_easy_record_what_they_look_at(committed_tasks):
    ungrounded = [
        t["task_id"]
        for t in committed_tasks
        if t["visual_difficulty"] != "easy"
        and not t["image"]
        and not t["grounding"]["visual_terms"]
        and t["eval"]["reference_answers"] != {"fuzzy_match": "N/A"}
    ]
    assert not ungrounded, f"visual tasks without grounding terms: {ungrounded}"


def recorded_ids(key: str) -> list[int]:
    """Ids recorded under `key` by any committed suite, in file order."""
    return [
        i
        for path in sorted(TASKS_DIR.glob("*.json"))
        for t in json.loads(path.read_text(encoding="utf-8"))
        for i in t.get("grounding", {}).get(key, [])
    ]


@pytest.fixture(params=sorted(grounding_sites()))
def key(request) -> str:
    return request.param


def test_the_lint_catches_a_term_written_in_any_field(key, fields_of):
    """A word taken from each text field of a grounded item is reported, naming the item and the field."""
    item_id = recorded_ids(key)[0]
    fields = fields_of(key, item_id)
    assert len(fields) >= 2
    checked = 0
    for field_name, text in fields.items():
        word = next((w.strip(",.!?:;()\"'") for w in text.split() if len(w.strip(",.!?:;()\"'")) >= 4), None)
        if word is None:  # an empty body, a one-word comment ("Lol.")
            continue
        checked += 1
        problems = grounding_problems(
            {"task_id": 999, "grounding": {key: [item_id], "visual_terms": [word]}}, fields_of
        )
        assert any(f"{key} {item_id} {field_name} says" in p for p in problems), (field_name, word, problems)
    assert checked >= 2


def test_a_multi_site_record_is_checked_in_each_site(fields_of):
    """A record naming items of two sites reports a term written in either one, by its own site's text."""
    listing, product = recorded_ids("listings")[0], recorded_ids("products")[0]
    word = next(w for w in fields_of("products", product)["name"].split() if len(w) >= 4)
    problems = grounding_problems(
        {"task_id": 5, "grounding": {"listings": [listing], "products": [product], "visual_terms": [word]}}, fields_of
    )
    assert any(p.startswith(f"task 5: products {product} name says") for p in problems), problems


@pytest.mark.parametrize(
    "record, reason",
    [
        ({"ids": [1], "visual_terms": []}, "ids without visual terms"),
        ({"ids": [], "visual_terms": ["red"]}, "terms without ids"),
        ({"ids": [10**7], "visual_terms": ["red"]}, "not in the pristine database"),
        ({"ids": "1", "visual_terms": ["red"]}, "must be a list of ids"),
        ({"widgets": [1], "visual_terms": ["red"]}, "names no site's items"),
        ({"ids": [1], "visual_terms": [""]}, "non-empty strings"),
    ],
)
def test_the_lint_rejects_broken_records(key, fields_of, record, reason):
    record = {key if k == "ids" else k: v for k, v in record.items()}
    problems = grounding_problems({"task_id": 7, "grounding": record}, fields_of)
    assert problems and reason in problems[0], problems


def test_whole_word_matching():
    assert mentions("A Red kettle", "red")
    assert not mentions("Bored teenager", "red")
    assert mentions("Price: NO. 7 only", "no. 7")
    assert not mentions("since 1987s", "1987")
