"""Task ids do not depend on the order of the templates (tasks/build/suite.py): a suite's committed id ledger
(tasks/build/ids/<name>.json) gives the k-th task of a template its id, so a template added anywhere, or one
removed, leaves the other tasks' ids and template ids as they were; new ones get ids never given before."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from tasks.build import SUITES
from tasks.build.evals import stop, url_eval
from tasks.build.suite import TASKS_DIR, Suite, read_ledger

EASY = ("easy", "easy", "easy")


def _toy_template(text: str, n: int):
    def make(s: Suite) -> None:
        for i in range(n):
            s.add(
                text,
                {"i": i},
                intent=text.format(i=i),
                eval_=url_eval("__TOY__/"),
                solution=[stop("")],
                difficulty=EASY,
            )

    return make


def _build(tmp_path, templates) -> Suite:
    class Toy(Suite):
        site, first_task_id, ledger_dir = "toy", 100, tmp_path

    suite = Toy(seed=1)
    for make in templates:
        make(suite)
    return suite


def _ids(suite: Suite) -> dict[tuple[str, int], tuple[int, int]]:
    """(template, index) -> (task id, template id), read from the rendered task file."""
    seen: dict[str, int] = defaultdict(int)
    out = {}
    for task in sorted(suite.tasks, key=lambda t: t["task_id"]):
        template = task["intent_template"]
        out[(template, seen[template])] = (task["task_id"], task["intent_template_id"])
        seen[template] += 1
    return out


A, B, C, X, Y = (
    _toy_template(f"{name} {{i}}", n)
    for name, n in (("alpha", 2), ("beta", 3), ("gamma", 1), ("inserted", 2), ("later", 1))
)


def test_a_template_added_in_the_middle_keeps_every_other_id(tmp_path):
    first = _build(tmp_path, [A, B, C])
    assert [t["task_id"] for t in first.tasks] == list(range(100, 106))  # no ledger yet: in order
    first.ledger_file.write_text(first.render_ledger(), encoding="utf-8")
    before = _ids(first)

    second = _build(tmp_path, [A, X, B, C])
    after = _ids(second)
    assert {k: after[k] for k in before} == before
    assert after[("inserted {i}", 0)] == (106, 3) and after[("inserted {i}", 1)] == (107, 3)
    rendered = json.loads(second.render())
    assert [t["task_id"] for t in rendered] == list(range(100, 108))  # the file is in id order
    assert second.render_ledger() != second.ledger_file.read_text(encoding="utf-8")  # to be written again

    second.ledger_file.write_text(second.render_ledger(), encoding="utf-8")
    third = _build(tmp_path, [A, X, C, Y])  # beta removed, a new template added: beta's ids stay retired
    ids = _ids(third)
    assert ids[("later {i}", 0)] == (108, 4)
    assert {k: ids[k] for k in ids if k[0] != "later {i}"} == {k: v for k, v in after.items() if k[0] != "beta {i}"}
    ledger = read_ledger(third.ledger_file)
    assert ledger["beta {i}"] == {"template_id": 1, "task_ids": [102, 103, 104]}


def test_a_template_that_grows_gives_its_new_tasks_fresh_ids(tmp_path):
    first = _build(tmp_path, [A, C])
    first.ledger_file.write_text(first.render_ledger(), encoding="utf-8")
    grown = _build(tmp_path, [_toy_template("alpha {i}", 4), C])
    assert [v[0] for k, v in sorted(_ids(grown).items()) if k[0] == "alpha {i}"] == [100, 101, 103, 104]


def test_a_broken_ledger_is_a_clear_error(tmp_path):
    (tmp_path / "toy.json").write_text('{"templates": {"alpha {i}": {"task_ids": [1]}}}', encoding="utf-8")
    with pytest.raises(ValueError, match="not an id ledger"):
        _build(tmp_path, [A])


@pytest.mark.parametrize("suite_name", SUITES)
def test_the_committed_ledger_holds_the_committed_tasks_ids(suite_name):
    tasks = json.loads((TASKS_DIR / f"{suite_name}.json").read_text(encoding="utf-8"))
    ledger = read_ledger(TASKS_DIR / "build" / "ids" / f"{suite_name}.json")
    seen: dict[str, int] = defaultdict(int)
    for task in tasks:
        entry = ledger[task["intent_template"]]
        assert entry["template_id"] == task["intent_template_id"]
        assert entry["task_ids"][seen[task["intent_template"]]] == task["task_id"]
        seen[task["intent_template"]] += 1


# on the worker of the classifieds suite's own tests (make test: --dist loadgroup), whose build has drawn the suite's
# pictures already (drawn once per process): this build then costs what a second build costs
@pytest.mark.xdist_group("suite-classifieds")
def test_a_toy_template_in_the_middle_of_a_real_suite_leaves_its_ids(monkeypatch, suite_settings):
    """The classifieds suite built with a toy template inserted halfway through TEMPLATES: every committed
    (template, index) keeps its task id and template id; the toy's tasks get ids after the ledger's."""
    from tasks.build import classifieds

    committed = read_ledger(TASKS_DIR / "build" / "ids" / "classifieds.json")
    half = len(classifieds.TEMPLATES) // 2
    monkeypatch.setattr(
        classifieds,
        "TEMPLATES",
        [*classifieds.TEMPLATES[:half], _toy_template("toy {i}", 2), *classifieds.TEMPLATES[half:]],
    )
    built = classifieds.build_suite(suite_settings)
    ids = _ids(built)
    for template, entry in committed.items():
        for k, task_id in enumerate(entry["task_ids"]):
            if (template, k) in ids:
                assert ids[(template, k)] == (task_id, entry["template_id"]), (template, k)
    assert len([k for k in ids if k[0] in committed]) == sum(len(e["task_ids"]) for e in committed.values())
    top = max(i for e in committed.values() for i in e["task_ids"])
    assert [ids[("toy {i}", k)][0] for k in range(2)] == [top + 1, top + 2]
    assert ids[("toy {i}", 0)][1] == max(e["template_id"] for e in committed.values()) + 1
