"""The suites against the official templates they mirror (../shared/official-kinds.md): every recorded
`official_template_id` names a template of the main site's official file, keeps its sites (as a set: the official
files name them in either order) and one of its evaluator type sets, its difficulty label is one the official
template uses; templates left out say why; the README's table is current."""

from __future__ import annotations

import pytest

from tasks.build import official_kinds as ok


@pytest.fixture(scope="module")
def ms():
    return ok.mirrors()


def test_the_facts_file_holds_the_official_template_counts():
    facts = ok.official_facts()
    assert {s: len(f) for s, f in facts.items()} == {"classifieds": 75, "reddit": 87, "shopping": 152}
    assert {s: sum(t["tasks"] for t in f.values()) for s, f in facts.items()} == {
        "classifieds": 234,
        "reddit": 210,
        "shopping": 466,
    }


def test_each_mirroring_task_keeps_the_official_templates_shape(ms):
    problems = []
    for m in ms.values():
        for official, tasks in m.ours.items():
            facts = m.official.get(official)
            if facts is None:
                problems += [
                    f"{t['_file']} {t['task_id']}: {m.site} has no official template {official}" for t in tasks
                ]
                continue
            for t in tasks:
                where = f"{t['_file']} task {t['task_id']} (official {m.site} {official})"
                if sorted(t["sites"]) not in [sorted(combo.split("+")) for combo in facts["sites"]]:
                    problems.append(f"{where}: sites {t['sites']} not among {list(facts['sites'])}")
                if "+".join(sorted(t["eval"]["eval_types"])) not in facts["eval_types"]:
                    problems.append(
                        f"{where}: evaluators {t['eval']['eval_types']} not among {list(facts['eval_types'])}"
                    )
                if t.get("overall_difficulty") not in facts["overall_difficulty"]:
                    problems.append(
                        f"{where}: difficulty {t.get('overall_difficulty')} not among "
                        f"{list(facts['overall_difficulty'])}"
                    )
    assert not problems, "\n".join(problems[:40])


def test_templates_left_out_name_a_reason_and_are_not_mirrored(ms):
    for m in ms.values():
        for official, why in m.left_out.items():
            assert official in m.official, f"{m.site}: UNMIRRORED names {official}, no such official template"
            assert official not in m.ours, f"{m.site} {official} is both mirrored and left out"
            assert isinstance(why, str) and len(why.split()) >= 4, f"{m.site} {official}: say why it is left out"


def test_the_readme_table_is_current(ms):
    text = ok.README.read_text(encoding="utf-8")
    assert ok.readme_text(ms, text) == text, "run python -m tasks.build.official_kinds --readme"
    for m in ms.values():
        for official in m.official:
            assert f"| {m.site} | {official} |" in text
