"""The grounding lint: for each task that depends on what a photo shows, the visual words it records under
`grounding.visual_terms` must not be written in the title, description or comments of the listings it touches
(`grounding.listings`), in the pristine database."""
from __future__ import annotations

import pytest

from tasks.build_classifieds import mentions


def grounding_problems(task: dict, data) -> list[str]:
    """Reasons the task's grounding record is broken (empty list: it holds)."""
    where = f"task {task.get('task_id')}"
    grounding = task.get("grounding")
    if not isinstance(grounding, dict):
        return [f"{where}: no 'grounding' object"]
    listings, terms = grounding.get("listings"), grounding.get("visual_terms")
    if not isinstance(listings, list) or not all(isinstance(i, int) for i in listings):
        return [f"{where}: grounding.listings must be a list of listing ids"]
    if not isinstance(terms, list) or not all(isinstance(t, str) and t.strip() for t in terms):
        return [f"{where}: grounding.visual_terms must be a list of non-empty strings"]
    if bool(listings) != bool(terms):
        return [f"{where}: grounding lists {'listings without visual terms' if listings else 'terms without listings'}"]
    problems = []
    for item_id in listings:
        try:
            listing = data.listing(item_id)
        except KeyError:
            problems.append(f"{where}: listing {item_id} is not in the pristine database")
            continue
        fields = {"title": listing.title, "description": listing.description}
        for c in data.comments(item_id):
            fields[f"comment {c.id}"] = f"{c.title} {c.body}"
        for term in terms:
            for name, text in fields.items():
                if mentions(text, term):
                    problems.append(f"{where}: listing {item_id} {name} says {term!r}: {text[:120]!r}")
    return problems


def test_every_visual_task_is_grounded_in_the_photos_only(committed_tasks, pristine):
    problems = [p for task in committed_tasks for p in grounding_problems(task, pristine)]
    assert not problems, "\n".join(problems)


def test_tasks_with_a_visual_difficulty_above_easy_record_what_they_look_at(committed_tasks):
    ungrounded = [t["task_id"] for t in committed_tasks
                  if t["visual_difficulty"] != "easy" and not t["image"] and not t["grounding"]["visual_terms"]
                  and t["eval"]["reference_answers"] != {"fuzzy_match": "N/A"}]
    assert not ungrounded, f"visual tasks without grounding terms: {ungrounded}"


def test_the_lint_catches_a_term_written_in_a_title(pristine):
    listing = pristine.listing(3993)   # the benchmark user's "Blue kick scooter (OBO)"
    word = listing.title.split()[0]
    bad = {"task_id": 999, "grounding": {"listings": [listing.id], "visual_terms": [word.lower()]}}
    problems = grounding_problems(bad, pristine)
    assert len(problems) == 1 and "title" in problems[0] and str(listing.id) in problems[0]


def test_the_lint_catches_a_term_in_a_comment(pristine):
    row = pristine.conn.execute("SELECT item_id, body FROM comment ORDER BY id LIMIT 1").fetchone()
    word = row["body"].split()[0].strip(",.!?")
    problems = grounding_problems({"task_id": 998, "grounding": {"listings": [row["item_id"]],
                                                                 "visual_terms": [word]}}, pristine)
    assert any("comment" in p for p in problems)


@pytest.mark.parametrize("record, reason", [
    ({"listings": [1], "visual_terms": []}, "listings without visual terms"),
    ({"listings": [10 ** 7], "visual_terms": ["red"]}, "not in the pristine database"),
    ({"listings": "1", "visual_terms": ["red"]}, "list of listing ids"),
])
def test_the_lint_rejects_broken_records(pristine, record, reason):
    problems = grounding_problems({"task_id": 7, "grounding": record}, pristine)
    assert problems and reason in problems[0]


def test_whole_word_matching():
    assert mentions("A Red kettle", "red")
    assert not mentions("Bored teenager", "red")
    assert mentions("Price: NO. 7 only", "no. 7")
    assert not mentions("since 1987s", "1987")
