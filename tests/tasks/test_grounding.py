"""The grounding lint: for each task that depends on what a photo shows, the visual words it records under
`grounding.visual_terms` must not be written in the text of the items it touches (`grounding.<ids key>`:
listings, products...) in the pristine database. Each site module says which text that is
(`grounding_fields`: a listing's title, description and comments; a product's name, description,
attributes and reviews)."""
from __future__ import annotations

import pytest

from tasks.build import mentions


def grounding_problems(task: dict, data, builder, key: str) -> list[str]:
    """Reasons the task's grounding record is broken (empty list: it holds)."""
    where = f"task {task.get('task_id')}"
    grounding = task.get("grounding")
    if not isinstance(grounding, dict):
        return [f"{where}: no 'grounding' object"]
    ids, terms = grounding.get(key), grounding.get("visual_terms")
    if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
        return [f"{where}: grounding.{key} must be a list of ids"]
    if not isinstance(terms, list) or not all(isinstance(t, str) and t.strip() for t in terms):
        return [f"{where}: grounding.visual_terms must be a list of non-empty strings"]
    if bool(ids) != bool(terms):
        return [f"{where}: grounding lists {'ids without visual terms' if ids else 'terms without ids'}"]
    problems = []
    for item_id in ids:
        try:
            fields = builder.grounding_fields(data, item_id)
        except KeyError:
            problems.append(f"{where}: {key} {item_id} is not in the pristine database")
            continue
        for term in terms:
            for name, text in fields.items():
                if mentions(text, term):
                    problems.append(f"{where}: {key} {item_id} {name} says {term!r}: {text[:120]!r}")
    return problems


@pytest.fixture(scope="session")
def key(built) -> str:
    return built.grounding_key


def test_every_visual_task_is_grounded_in_the_photos_only(committed_tasks, pristine, builder, key):
    problems = [p for task in committed_tasks for p in grounding_problems(task, pristine, builder, key)]
    assert not problems, "\n".join(problems)


def test_tasks_with_a_visual_difficulty_above_easy_record_what_they_look_at(committed_tasks):
    ungrounded = [t["task_id"] for t in committed_tasks
                  if t["visual_difficulty"] != "easy" and not t["image"] and not t["grounding"]["visual_terms"]
                  and t["eval"]["reference_answers"] != {"fuzzy_match": "N/A"}]
    assert not ungrounded, f"visual tasks without grounding terms: {ungrounded}"


def test_the_lint_catches_a_term_written_in_any_field(committed_tasks, pristine, builder, key):
    """A word taken from each text field of a grounded item is reported, naming the item and the field."""
    item_id = next(i for t in committed_tasks for i in t["grounding"][key])
    fields = builder.grounding_fields(pristine, item_id)
    assert len(fields) >= 2
    checked = 0
    for name, text in fields.items():
        word = next((w.strip(",.!?:;()\"'") for w in text.split() if len(w.strip(",.!?:;()\"'")) >= 4), None)
        if word is None:      # an empty body, a one-word comment ("Lol.")
            continue
        checked += 1
        problems = grounding_problems({"task_id": 999, "grounding": {key: [item_id], "visual_terms": [word]}},
                                      pristine, builder, key)
        assert any(f"{key} {item_id} {name} says" in p for p in problems), (name, word, problems)
    assert checked >= 2


@pytest.mark.parametrize("record, reason", [
    ({"ids": [1], "visual_terms": []}, "ids without visual terms"),
    ({"ids": [10 ** 7], "visual_terms": ["red"]}, "not in the pristine database"),
    ({"ids": "1", "visual_terms": ["red"]}, "must be a list of ids"),
])
def test_the_lint_rejects_broken_records(pristine, builder, key, record, reason):
    record = {key if k == "ids" else k: v for k, v in record.items()}
    problems = grounding_problems({"task_id": 7, "grounding": record}, pristine, builder, key)
    assert problems and reason in problems[0]


def test_whole_word_matching():
    assert mentions("A Red kettle", "red")
    assert not mentions("Bored teenager", "red")
    assert mentions("Price: NO. 7 only", "no. 7")
    assert not mentions("since 1987s", "1987")
