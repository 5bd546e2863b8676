"""Task loader: official-format files load, and every kind of bad input gets an error naming file, task, field."""

from __future__ import annotations

import json

import pytest

from evaluation.taskfiles.loader import load_task_file
from evaluation.vocabulary.errors import TaskFormatError

from .taskdata import make_task, with_eval, write_tasks

URLS = {
    "classifieds": "http://127.0.0.1:5001",
    "shopping": "http://127.0.0.1:5002/",
    "reddit": "http://127.0.0.1:5003",
    "wikipedia": "http://127.0.0.1:5004",
    "homepage": "http://127.0.0.1:5005",
}


def test_official_shape_loads_with_unknown_extra_keys(tmp_path):
    task = make_task(3, my_extension={"anything": 1})
    task["eval"]["my_eval_extension"] = [1, 2]
    [loaded] = load_task_file(write_tasks(tmp_path / "t.json", [task]))
    assert loaded.task_id == 3 and loaded.sites == ("classifieds",) and loaded.test_id == "classifieds/3"
    assert loaded.start_urls == ("__CLASSIFIEDS__",)
    assert loaded.viewport == (1280, 2048)
    assert loaded.difficulty == {"reasoning": "easy", "visual": "easy", "overall": "easy"}
    expected = loaded.eval.reference_answers
    assert expected is not None and expected.exact_match == "120"
    assert loaded.images == ()


def test_placeholders_resolve_from_the_given_urls_and_multi_tab_start(tmp_path):
    task = make_task(
        0,
        start_url="__CLASSIFIEDS__/index.php?page=item&id=4 |AND| __WIKIPEDIA__/A/Bike",
        sites=["classifieds", "wikipedia"],
    )
    task["eval"] = {
        "eval_types": ["url_match"],
        "reference_url": "__CLASSIFIEDS__/index.php?page=search |OR| __SHOPPING__/x.html",
        "url_note": "GOLD in PRED",
    }
    [loaded] = load_task_file(write_tasks(tmp_path / "t.json", [task]), urls=URLS)
    assert loaded.start_urls == ("http://127.0.0.1:5001/index.php?page=item&id=4", "http://127.0.0.1:5004/A/Bike")
    assert loaded.eval.reference_url == ("http://127.0.0.1:5001/index.php?page=search", "http://127.0.0.1:5002/x.html")
    assert loaded.eval.url_note == "GOLD in PRED"
    # unresolved copy keeps its placeholders and resolves per worker
    [raw] = load_task_file(tmp_path / "t.json")
    other = raw.resolve({**URLS, "classifieds": "http://127.0.0.1:6000"})
    assert other.start_urls[0] == "http://127.0.0.1:6000/index.php?page=item&id=4"


def test_placeholder_of_unconfigured_site_is_a_clear_error(tmp_path):
    [raw] = load_task_file(write_tasks(tmp_path / "t.json", [make_task(7)]))
    with pytest.raises(TaskFormatError, match=r"t.json, task 7: __CLASSIFIEDS__ needs the URL of site 'classifieds'"):
        raw.resolve({"reddit": "http://127.0.0.1:1"})


def test_official_quirks_load(tmp_path):
    """Shapes seen in the official files: a viewport with only a width, start_url with a trailing slash,
    null string_note, empty url_note, a helper without __page__."""
    task = with_eval(
        9,
        eval_types=["string_match", "url_match", "program_html"],
        reference_answers={"must_include": ["42.81", "69.00"]},
        string_note=None,
        url_note="",
        reference_url="__SHOPPING__/x.html",
        program_html=[
            {
                "url": "__SHOPPING__/x.html",
                "locator": "func:shopping_get_sku_latest_review_rating('B0X')",
                "required_contents": {"must_include": ["80"]},
            }
        ],
    )
    task.update(start_url="__SHOPPING__/", viewport_size={"width": 1280}, sites=["shopping"])
    [t] = load_task_file(write_tasks(tmp_path / "t.json", [task]))
    assert t.viewport == (1280, 2048) and t.eval.url_note == "EXACT" and t.eval.string_note == ""


def test_images_accept_paths_urls_and_lists(tmp_path):
    tasks = [make_task(0, image="images/a.png"), make_task(1, image=["https://example.org/b.jpg", "c.png"])]
    a, b = load_task_file(write_tasks(tmp_path / "t.json", tasks))
    assert [r.value for r in a.images] == ["images/a.png"] and not a.images[0].is_url
    assert [r.is_url for r in b.images] == [True, False]


def test_program_html_and_image_query_parse(tmp_path):
    task = with_eval(
        0,
        eval_types=["program_html", "page_image_query"],
        program_html=[
            {"url": "last", "locator": "", "required_contents": {"must_include": ["a |OR| b"]}},
            {
                "url": "__CLASSIFIEDS__/index.php?page=item&id=1",
                "locator": "document.querySelector('.price').outerText",
                "required_contents": {"required_values": [">= 10 |OR| == 3"]},
                "prep_actions": ["window.x = 1"],
            },
            {
                "url": "func:shopping_get_latest_order_url()",
                "locator": "func:shopping_get_order_product_quantity(__page__, 'B0001')",
                "required_contents": {"exact_match": "2"},
            },
            {
                "url": "func:reddit_get_post_url('__last_url__')",
                "locator": "lambda:(() => 1)()",
                "required_contents": {"fuzzy_match": ["one"]},
            },
        ],
        page_image_query=[
            {
                "eval_image_url": "last",
                "eval_image_class": ".item-photos",
                "eval_vqa": [{"question": "Is it red?", "answer": "yes"}],
                "eval_fuzzy_image_match": "ref.png",
            }
        ],
    )
    [t] = load_task_file(write_tasks(tmp_path / "t.json", [task]))
    kinds = [p.locator.kind for p in t.eval.program_html]
    assert kinds == ["html", "js", "helper", "lambda"]
    call, values = t.eval.program_html[2].url_call, t.eval.program_html[1].required.required_values
    assert call is not None and call.name == "shopping_get_latest_order_url"
    assert values is not None
    ineq = values[0]
    assert [(i.op, i.value) for i in ineq] == [(">=", 10.0), ("==", 3.0)]
    q = t.eval.page_image_query[0]
    assert q.ssim_threshold == 0.8 and q.vqa == (("Is it red?", "yes"),) and q.reference_images[0][0].value == "ref.png"


def test_unachievable_task(tmp_path):
    task = with_eval(
        0, eval_types=["string_match"], reference_answers={"fuzzy_match": "N/A"}, string_note="the item does not exist"
    )
    [t] = load_task_file(write_tasks(tmp_path / "t.json", [task]))
    assert t.unachievable and t.eval.string_note == "the item does not exist"


def test_official_template_id_is_read_and_marks_the_task(tmp_path):
    from evaluation.taskfiles.markers import task_markers

    ours, mirror = make_task(0), {**make_task(1), "official_template_id": 42}
    a, b = load_task_file(write_tasks(tmp_path / "t.json", [ours, mirror]))
    assert (a.official_template_id, b.official_template_id) == (None, 42)
    assert "official_kind" not in task_markers(a) and "official_kind" in task_markers(b)


def _error_for(tmp_path, tasks_or_text) -> TaskFormatError:
    path = tmp_path / "bad.json"
    if isinstance(tasks_or_text, str):
        path.write_text(tasks_or_text)
    else:
        write_tasks(path, tasks_or_text)
    with pytest.raises(TaskFormatError) as info:
        load_task_file(path)
    assert str(path) in str(info.value)
    return info.value


def _task_with(field_path: str, value):
    task = make_task(11)
    node = task
    keys = field_path.split(".")
    for key in keys[:-1]:
        node = node[key]
    if value is KeyError:
        del node[keys[-1]]
    else:
        node[keys[-1]] = value
    return task


def _with_target(target: dict):
    """Task 11 with one program_html target."""
    return with_eval(11, eval_types=["program_html"], program_html=[target])


_EXACT_ONE = {"required_contents": {"exact_match": "1"}}
# (mutation, expected field in the message, expected words)
BAD_TASKS = [
    (lambda: _task_with("intent", KeyError), "intent", "missing"),
    (lambda: _task_with("sites", ["ebay"]), "sites", "unknown site 'ebay'"),
    (lambda: _task_with("task_id", "x"), "task_id", "must be an integer"),
    (lambda: _task_with("start_url", "ftp://x"), "start_url", "not an http(s) URL"),
    (lambda: _task_with("start_url", "__SHOP__/x"), "start_url", "unknown placeholder"),
    (
        lambda: _task_with("eval.eval_types", ["string_match", "html_magic"]),
        "eval.eval_types[1]",
        "unknown evaluator type 'html_magic'",
    ),
    (lambda: _task_with("eval.eval_types", []), "eval.eval_types", "non-empty"),
    (lambda: _task_with("eval.reference_answers", None), "eval.reference_answers", "missing"),
    (
        lambda: _task_with("eval.reference_answers", {"must_include": "120"}),
        "eval.reference_answers.must_include",
        "list of strings",
    ),
    (
        lambda: _task_with("eval.reference_answers", {"required_values": ["about 12"]}),
        "eval.reference_answers.required_values[0]",
        "not an inequality",
    ),
    (
        lambda: _task_with("eval.reference_answers", {"fuzzy_match": "maybe"}),
        "eval.reference_answers.fuzzy_match",
        '"N/A"',
    ),
    (
        lambda: _task_with("eval.reference_answers", {"nothing": 1}),
        "eval.reference_answers",
        "nothing would be checked",
    ),
    (
        lambda: with_eval(11, eval_types=["url_match"], reference_url="__CLASSIFIEDS__/x", url_note="FUZZY"),
        "eval.url_note",
        "unknown url_note 'FUZZY'",
    ),
    (lambda: with_eval(11, eval_types=["url_match"], reference_url=""), "eval.reference_url", "missing"),
    (lambda: with_eval(11, eval_types=["program_html"], program_html=[]), "eval.program_html", "non-empty"),
    (
        lambda: _with_target({"url": "last", "locator": "func:no_such_helper(__page__)", **_EXACT_ONE}),
        "eval.program_html[0].locator",
        "'no_such_helper' is not a registered helper",
    ),
    (
        lambda: _with_target({"url": "last", "locator": "func:get_query_text(__page__, '.a'", **_EXACT_ONE}),
        "eval.program_html[0].locator",
        "does not parse",
    ),
    (
        lambda: _with_target({"url": "last", "locator": "func:get_query_text(__page__)", **_EXACT_ONE}),
        "eval.program_html[0].locator",
        "missing a required argument",
    ),
    (
        lambda: _with_target({"url": "last", "locator": "window.secret", **_EXACT_ONE}),
        "eval.program_html[0].locator",
        "is not a locator",
    ),
    (
        lambda: _with_target({"url": "last", "locator": ""}),
        "eval.program_html[0].required_contents",
        "missing",
    ),
    (
        lambda: _with_target({"url": "func:reddit_get_post_url(os.environ)", "locator": "", **_EXACT_ONE}),
        "eval.program_html[0].url",
        "not a literal",
    ),
    (
        lambda: with_eval(
            11, eval_types=["page_image_query"], page_image_query=[{"eval_image_url": "last", "eval_image_class": ".x"}]
        ),
        "eval.page_image_query[0]",
        "nothing would be checked",
    ),
    (
        lambda: with_eval(
            11,
            eval_types=["page_image_query"],
            page_image_query=[
                {
                    "eval_image_url": "last",
                    "eval_image_class": ".x",
                    "eval_fuzzy_image_match": "r.png",
                    "ssim_threshold": 3,
                }
            ],
        ),
        "eval.page_image_query[0].ssim_threshold",
        "(0, 1]",
    ),
    (lambda: _task_with("image", ["ok.png", 5]), "image[1]", "non-empty string"),
    (lambda: _task_with("image", "ftp://host/x.png"), "image", "only http(s) URLs"),
    (lambda: _task_with("viewport_size", {"width": 0, "height": 10}), "viewport_size", "positive integers"),
    (lambda: _task_with("overall_difficulty", 3), "overall_difficulty", "easy, medium, hard"),
    (lambda: _task_with("require_reset", "yes"), "require_reset", "true or false"),
    (lambda: {**make_task(11), "official_template_id": "12"}, "official_template_id", "must be a template id"),
    (lambda: {**make_task(11), "official_template_id": -1}, "official_template_id", "must be a template id"),
    (lambda: {**make_task(11), "official_template_id": True}, "official_template_id", "must be a template id"),
]


@pytest.mark.parametrize("build,field,words", BAD_TASKS, ids=[b[1] + ":" + b[2][:20] for b in BAD_TASKS])
def test_bad_task_gets_clear_error(tmp_path, build, field, words):
    err = _error_for(tmp_path, [build()])
    assert err.task_id == (11 if field != "task_id" else "x")
    assert err.field == field
    assert words in str(err), str(err)
    assert f"task {err.task_id}, field {field!r}" in str(err)


def test_bad_files(tmp_path):
    assert "not valid JSON" in str(_error_for(tmp_path, "[{"))
    assert "JSON list of tasks" in str(_error_for(tmp_path, "12"))
    err = _error_for(tmp_path, [make_task(1), make_task(1)])
    assert err.field == "task_id" and "duplicate" in str(err)
    with pytest.raises(TaskFormatError, match="cannot read the file"):
        load_task_file(tmp_path / "missing.json")


def test_fuzz_malformed_configs_always_give_task_format_error(tmp_path):
    """Random structural damage to a valid task never crashes the loader with anything but TaskFormatError."""
    import random

    rng = random.Random(1234)
    base = with_eval(
        5,
        eval_types=["string_match", "url_match", "program_html", "page_image_query"],
        reference_answers={"must_include": ["a"], "required_values": ["> 1"]},
        reference_url="__CLASSIFIEDS__/x",
        url_note="EXACT",
        program_html=[
            {"url": "last", "locator": "func:get_query_text(__page__, '.a')", "required_contents": {"exact_match": "1"}}
        ],
        page_image_query=[{"eval_image_url": "last", "eval_image_class": ".x", "eval_fuzzy_image_match": "r.png"}],
    )
    junk = [
        None,
        0,
        -1,
        2.5,
        True,
        "",
        "x",
        "__page__",
        [],
        [None],
        {},
        {"a": None},
        "func:",
        "func:eval('1')",
        "func:__import__('os').system('x')",
        "lambda:",
        "> x",
    ]

    def paths(node, prefix=()):
        yield prefix
        if isinstance(node, dict):
            for k, v in node.items():
                yield from paths(v, (*prefix, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from paths(v, (*prefix, i))

    all_paths = [p for p in paths(base) if p]
    errors = 0
    for trial in range(300):
        task = json.loads(json.dumps(base))
        path = rng.choice(all_paths)
        node = task
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.choice(junk)
        file = write_tasks(tmp_path / f"f{trial}.json", [task])
        try:
            load_task_file(file)
        except TaskFormatError as exc:
            errors += 1
            assert str(file) in str(exc)
    assert errors > 100  # most damage is detected (some junk is legitimately accepted, e.g. comments)
