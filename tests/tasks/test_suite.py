"""Each committed suite (tasks/<name>.json, one per suite of tasks.build.SUITES: each site's own and the
multi-site one): in sync with its generator, loadable, with the proportions the issue asks for and a valid
reference solution for every task. (Running the solutions is the task suite itself: `make test-tasks` /
`pytest tasks/<name>.json`.)"""

from __future__ import annotations

import re
from collections import Counter

from tasks.build import SITES
from tasks.build.suite import image_files


def test_committed_files_equal_the_generator_output(name, builder, built, suite_settings):
    """The committed files were written by another process (another hash seed, often another machine): equal
    to a fresh build, they show the generator deterministic across processes; a second build in this process
    shows that building leaves no state behind that changes the next build."""
    stale = built.stale_files()
    assert not stale, (
        f"out of date: {stale}; run .venv/bin/python -m tasks.build {name} and commit (if they are "
        "out of date again after that, the generator is not deterministic)"
    )
    assert built.render() == builder.build_suite(suite_settings).render(), (
        "two builds in one process differ: a build leaves state behind that changes the next"
    )


def test_the_task_file_loads_with_the_harness_loader(name, builder, built, committed_tasks):
    from evaluation.taskfiles.loader import load_task_file

    loaded = load_task_file(built.task_file)
    assert len(loaded) == len(committed_tasks) >= builder.MIN_TASKS
    first = built.first_task_id
    assert [t.task_id for t in loaded] == list(range(first, first + len(loaded)))
    if name in SITES:
        assert all(t.sites == (name,) for t in loaded)
    else:  # the multi-site suite
        assert all(len(set(t.sites)) >= 2 for t in loaded)


def test_every_task_has_a_valid_reference_solution_ending_in_stop(committed_tasks):
    from agent.agents.reference import parse_solution

    for task in committed_tasks:
        steps = parse_solution(task["reference_solution"])
        assert steps and steps[-1].do == "stop", f"task {task['task_id']}: the solution must end with stop"


def test_proportions_like_the_benchmark(builder, committed_tasks):
    n = len(committed_tasks)
    templates = {t["intent_template_id"] for t in committed_tasks}
    with_images = [t for t in committed_tasks if t["image"]]
    unachievable = [
        t for t in committed_tasks if (t["eval"].get("reference_answers") or {}).get("fuzzy_match") == "N/A"
    ]
    assert n >= builder.MIN_TASKS and len(templates) >= builder.MIN_TEMPLATES
    # the benchmark's shares (a suite module may state its own: the official multi-site tasks have fewer)
    assert len(with_images) / n >= getattr(builder, "MIN_IMAGE_SHARE", 0.25)
    low, high = getattr(builder, "UNACHIEVABLE_SHARE", (0.03, 0.08))
    assert low <= len(unachievable) / n <= high
    for t in unachievable:
        assert t["eval"]["string_note"], f"task {t['task_id']}: an unachievable task needs its reason in string_note"
        assert t["reference_solution"][-1]["answer"] == "N/A"
    for kind in ("reasoning_difficulty", "visual_difficulty", "overall_difficulty"):
        assert set(Counter(t[kind] for t in committed_tasks)) == {"easy", "medium", "hard"}, kind


def test_every_evaluator_and_answer_form_is_used(built, committed_tasks):
    types = Counter(e for t in committed_tasks for e in t["eval"]["eval_types"])
    assert set(types) == {"string_match", "url_match", "program_html", "page_image_query"}
    forms = Counter(k for t in committed_tasks for k in (t["eval"].get("reference_answers") or {}))
    assert {"exact_match", "must_include", "must_exclude", "required_values", "fuzzy_match"} <= set(forms)
    targets = [p for t in committed_tasks for p in t["eval"]["program_html"]]
    assert any(p["url"] == "last" for p in targets) and any(re.match(r"__[A-Z]+__/", p["url"]) for p in targets)
    locators = [p["locator"] for p in targets]
    assert any(loc.startswith("func:get_query_text(") for loc in locators)
    assert any(loc.startswith("func:get_query_text_lowercase(") for loc in locators)
    assert any(loc.startswith(("document.", "[...document.")) for loc in locators)
    ssim = [q for t in committed_tasks for q in t["eval"].get("page_image_query", [])]
    assert ssim and all("eval_fuzzy_image_match" in q and "eval_vqa" not in q for q in ssim), (
        "page_image_query must use SSIM only (CI has no VQA model)"
    )


def test_state_changing_tasks_require_a_reset(builder, committed_tasks):
    for task in committed_tasks:
        changes = any(builder.changes_state(step) for step in task["reference_solution"])
        assert task["require_reset"] == changes, f"task {task['task_id']}: require_reset should be {changes}"
    assert sum(t["require_reset"] for t in committed_tasks) >= builder.MIN_STATE_CHANGING


def test_input_images_exist_and_are_referenced_once(built, committed_tasks):
    # an input image is a path or, as in the official format, a list of paths (official reddit template 44)
    referenced = [
        ref
        for t in committed_tasks
        if t["image"]
        for ref in (t["image"] if isinstance(t["image"], list) else [t["image"]])
    ]
    assert len(referenced) == len(set(referenced))
    for ref in referenced:
        assert (built.task_file.parent / ref).is_file(), ref
    assert {p.name for p in image_files(built.image_dir)} == {r.rsplit("/", 1)[-1] for r in referenced}


def test_input_images_are_named_by_their_content(built, committed_tasks):
    """Each committed input image is named by a prefix of the SHA-256 of its bytes, so its name carries nothing of
    the task (no item id, no answer): the name is recomputed here from the file."""
    import hashlib

    from tasks.build.suite import HASH_CHARS

    files = image_files(built.image_dir)
    assert files, built.image_dir
    for path in files:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_CHARS]
        assert path.name == digest + path.suffix, f"{path} is not named by its content ({digest}{path.suffix})"


def test_content_names_change_with_the_content_and_keep_the_suffix():
    from tasks.build.suite import content_name

    a, b = content_name(b"picture one", ".png"), content_name(b"picture two", ".png")
    assert a != b and a.endswith(".png") and len(a) == 16 + 4
    assert content_name(b"picture one", ".jpg") == a[:-4] + ".jpg"


def test_every_official_helper_of_the_site_is_used(name, committed_tasks):
    """Each helper of evaluation/scoring/helpers.py named for the suite's site (shopping_get_..., reddit_get_...) scores
    at least one task, as do get_query_text and its lowercase variant."""
    from evaluation.scoring.helpers import HELPERS

    calls = " ".join(f"{p['url']} {p['locator']}" for t in committed_tasks for p in t["eval"]["program_html"])
    wanted = [h for h in HELPERS if h.startswith(f"{name}_")] + ["get_query_text", "get_query_text_lowercase"]
    missing = [h for h in wanted if f"func:{h}(" not in calls]
    assert not missing, f"helpers no {name} task uses: {missing}"
