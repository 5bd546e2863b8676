"""program_html, named helpers and page_image_query against local fixture pages in real Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.browser.driver import create_driver, quit_driver
from evaluation.rewards.evaluators import EvalContext, evaluate_task
from evaluation.rewards.judges import OpenAIVQA
from evaluation.scoring.helpers import HELPERS, HelperEnv, call_helper
from evaluation.taskfiles.loader import parse_task
from evaluation.vocabulary.errors import EvaluationError, HelperError, TaskFormatError, VQAError
from evaluation.vocabulary.helper_calls import HelperSyntaxError, parse_helper_call

from .shopping_api_server import JSONShoppingAPI, ShoppingDataServer
from .taskdata import with_eval

FIXTURES = Path(__file__).parent.parent / "fixtures" / "evaluation"

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("evaluation/test_program_html")]


@pytest.fixture(scope="module")
def driver():
    d = create_driver(viewport=(1280, 900))
    yield d
    quit_driver(d)


@pytest.fixture(scope="module")
def pages(fixture_server):
    return f"{fixture_server}/evaluation"


@pytest.fixture(scope="module")
def shop_api(pages):
    server = ShoppingDataServer(
        {
            "B0KETTLE17": {
                "url_key": "magento_product",
                "reviews": [
                    {"nickname": "Ann", "title": "Old", "detail": "first", "percent": 40},
                    {"nickname": "Emma Lopez", "title": "Boils fast", "detail": "Great kettle, quiet.", "percent": 80},
                ],
            },
            "B0NOREVIEW": {"url_key": "no-reviews", "reviews": []},
        },
        latest_order=187,
    )
    yield server
    server.close()


def helper_value(driver, source, url=None, last_url="", api=None):
    if url:
        driver.get(url)
    call = parse_helper_call(source, HELPERS)
    return call_helper(call, HelperEnv(driver=driver, last_url=last_url, shopping_api_factory=api))


def test_order_page_helpers(driver, pages):
    url = f"{pages}/magento_order.html"
    names = helper_value(driver, "shopping_get_order_product_name_list(__page__)", url)
    assert names == "Kellogg's Special K Protein Bars, Strawberry, 19oz Box (12 Bars) |OR| Green Tea Bags, 100 Count"
    assert helper_value(driver, "shopping_get_order_product_quantity(__page__, 'B00MXUFL0E')") == 2
    assert helper_value(driver, "shopping_get_order_product_quantity(__page__, 'X1 |OR| B07ZD2PB9F')") == 1
    assert helper_value(driver, "shopping_get_order_product_quantity(__page__, 'NOPE')") == 0
    assert (
        helper_value(driver, "shopping_get_order_product_option(__page__, 'B00MXUFL0E', 'Size')")
        == "12 Count (Pack of 1)"
    )
    assert helper_value(driver, "shopping_get_order_product_option(__page__, 'B00MXUFL0E', 'Color')") == ""
    assert helper_value(driver, "get_query_text(__page__, '.page-title')").strip() == "Order # 000000187"
    assert helper_value(driver, "get_query_text_lowercase(__page__, '.order-status')") == "pending"
    assert helper_value(driver, "get_query_text(__page__, '.absent')") == ""
    assert helper_value(driver, "get_query_text(__page__, '!!bad selector')") == ""
    # __page__ given by keyword reaches the helper as the page too
    assert helper_value(driver, "get_query_text(page=__page__, selector='.page-title')").strip() == "Order # 000000187"


def test_product_page_helpers(driver, pages):
    url = f"{pages}/magento_product.html"
    assert helper_value(driver, "shopping_get_product_price(__page__)", url) == 1234.5
    assert helper_value(driver, "shopping_get_num_reviews(__page__)") == 12
    assert helper_value(driver, "shopping_get_rating_as_percentage(__page__)") == 78
    assert helper_value(driver, "shopping_get_product_attributes(__page__, 'capacity |OR| volume')") == "1.7 Liters"
    assert helper_value(driver, "shopping_get_product_attributes(__page__, 'weight')") == ""
    # on a page without these hooks the helpers give empty values, not errors
    assert helper_value(driver, "shopping_get_product_price(__page__)", f"{pages}/postmill_post.html") == 0


def test_reddit_helpers(driver, pages):
    url = f"{pages}/postmill_post.html"
    tree = helper_value(driver, "reddit_get_post_comment_tree(__page__)", url)
    assert [c["username"] for c in tree["children"]] == ["lensfan", "MarvelsGrantMan136"]
    assert tree["children"][0]["children"][0]["children"][0]["content"] == "A Sony a6000 is about $250 used."
    assert tree["children"][0]["net_score"] == 7
    latest = helper_value(driver, "reddit_get_latest_comment_obj_by_username(__page__, 'MarvelsGrantMan136')")
    assert latest["content"] == "Thanks all, I bought the a6000!"
    assert (
        helper_value(driver, "reddit_get_latest_comment_content_by_username(__page__, 'lensfan')")
        == "A Sony a6000 is about $250 used."
    )
    parent = helper_value(driver, "reddit_get_parent_comment_obj_of_latest_comment_by_username(__page__, 'lensfan')")
    assert parent["username"] == "MarvelsGrantMan136" and parent["content"] == "Which one would you pick?"
    assert (
        helper_value(driver, "reddit_get_parent_comment_username_of_latest_comment_by_username(__page__, 'lensfan')")
        == "MarvelsGrantMan136"
    )
    assert helper_value(driver, "reddit_get_latest_comment_content_by_username(__page__, 'nobody')") == ""


def test_reddit_get_post_url():
    f = HELPERS["reddit_get_post_url"]
    assert f(None, "http://127.0.0.1:9999/f/pics/42/-/comment/7") == "http://127.0.0.1:9999/f/pics/42/"
    assert f(None, "http://127.0.0.1:9999/f/pics/42/slug") == "http://127.0.0.1:9999/f/pics/42/"
    assert f(None, "http://127.0.0.1:9999/forums") == "http://127.0.0.1:9999/forums"


def test_api_helpers_through_the_shopping_api(shop_api, pages):
    def api():
        return JSONShoppingAPI(shop_api.base_url, "http://shop.test")

    assert (
        helper_value(None, "shopping_get_latest_order_url()", api=api)
        == "http://shop.test/sales/order/view/order_id/187/"
    )
    assert (
        helper_value(None, "shopping_get_sku_product_page_url('B0KETTLE17')", api=api)
        == "http://shop.test/magento_product.html"
    )
    assert helper_value(None, "shopping_get_sku_latest_review_author('B0KETTLE17')", api=api) == "Emma Lopez"
    assert helper_value(None, "shopping_get_sku_latest_review_rating('B0KETTLE17')", api=api) == "80"
    assert helper_value(None, "shopping_get_sku_latest_review_text('B0KETTLE17')", api=api) == "Great kettle, quiet."
    assert helper_value(None, "shopping_get_sku_latest_review_title('B0KETTLE17')", api=api) == "Boils fast"
    assert helper_value(None, "shopping_get_sku_latest_review_title('B0NOREVIEW')", api=api) == ""
    with pytest.raises(HelperError, match="HTTP 404"):
        helper_value(None, "shopping_get_sku_product_page_url('UNKNOWN')", api=api)
    with pytest.raises(HelperError, match="does not provide"):
        helper_value(None, "shopping_get_latest_order_url()")


def test_embedded_stack_needs_the_shopping_url():
    from evaluation.scoring.site_api import SiteAPIError, get_shopping_api

    with pytest.raises(SiteAPIError, match="no URL of the embedded shopping site"):
        get_shopping_api("embedded", {})


def test_the_compose_stack_reads_the_embedded_store_with_the_reset_token():
    """The compose stack runs the embedded sites in containers started with the same RESET_TOKEN: its store is read
    as the embedded one is (make test-docker found multisite 1067's order check refused on this stack)."""
    from evaluation.scoring.site_api import SiteAPIError, get_shopping_api
    from evaluation.scoring.site_api.magento import MagentoShoppingAPI
    from sites.config import settings

    api = get_shopping_api("compose", {"shopping": "http://127.0.0.1:1"})
    assert isinstance(api, MagentoShoppingAPI) and api.admin_token == settings().reset_token
    with pytest.raises(SiteAPIError, match="unknown stack 'kubernetes'; use embedded, compose or docker"):
        get_shopping_api("kubernetes", {"shopping": "http://127.0.0.1:1"})


@pytest.mark.parametrize(
    "source",
    [
        "__import__('os').system('x')",
        "eval('1+1')",
        "get_query_text(__page__, __import__('os'))",
        "get_query_text.__globals__",
        "get_query_text(__page__, '.a')[0]",
        "(lambda: 1)()",
        "get_query_text(__page__, open('/etc/passwd').read())",
        "get_query_text(*[1, 2])",
        "os.system('x')",
        "get_query_text(__page__, '.a'); import os",
    ],
)
def test_helper_strings_are_parsed_never_run(source):
    with pytest.raises(HelperSyntaxError):
        parse_helper_call(source, HELPERS)


def test_helper_injection_in_a_task_is_refused_at_load():
    task = with_eval(
        4,
        eval_types=["program_html"],
        program_html=[
            {
                "url": "last",
                "locator": "func:__import__('os').system('touch /tmp/pwned')",
                "required_contents": {"exact_match": "0"},
            }
        ],
    )
    with pytest.raises(
        TaskFormatError,
        match=r"field 'eval.program_html\[0\].locator'.*only a registered helper name "
        r"may be called",
    ):
        parse_task(task, "evil.json")


def program_task(targets):
    return parse_task(with_eval(5, eval_types=["program_html"], program_html=targets), "mem.json")


def run(task, driver, final_url, **kw):
    kw.setdefault("scoring", "strict")  # these cases state the format's semantics; tests/evaluation/conformance: both
    driver.get(final_url)
    return evaluate_task(task, EvalContext(answer=None, final_url=final_url, driver=driver, **kw))


def test_program_html_locator_kinds(driver, pages):
    item = f"{pages}/classifieds_item.html"
    task = program_task(
        [
            {"url": "last", "locator": "", "required_contents": {"must_include": ["Red city bike", "3 gears"]}},
            {
                "url": item,
                "locator": "document.querySelector('.price').outerText",
                "required_contents": {"required_values": [">= 100", "< 200"]},
            },
            {
                "url": item,
                "locator": "lambda:(() => document.querySelectorAll('.item-photos img').length)()",
                "required_contents": {"exact_match": "1"},
            },
            {
                "url": item,
                "locator": "document.querySelector('.desc').dataset.mark",
                "prep_actions": ["document.querySelector('.desc').dataset.mark = 'prepared'"],
                "required_contents": {"exact_match": "prepared"},
            },
            {
                "url": item,
                "locator": "func:get_query_text(__page__, '.comments_list h3')",
                "required_contents": {"must_include": ["still available"], "must_exclude": ["sold"]},
            },
        ]
    )
    reward = run(task, driver, item)
    assert reward.score == 1, reward.explain()
    assert len(reward.checks) == 6


def test_program_html_failing_cases_say_why(driver, pages):
    item = f"{pages}/classifieds_item.html"
    task = program_task(
        [
            {
                "url": "last",
                "locator": "document.querySelector('.price').outerText",
                "required_contents": {"exact_match": "$99.00"},
            },
            {
                "url": "last",
                "locator": "document.querySelector('.missing').outerText",
                "required_contents": {"must_include": ["x"]},
            },
        ]
    )
    reward = run(task, driver, item)
    assert reward.score == 0
    first, second = reward.checks
    assert not first.passed and "'$120.00'" in first.reason and "the last page" in first.reason
    assert not second.passed and "raised" in second.reason


def test_program_html_url_helper_and_last_url(driver, pages, shop_api):
    order_url = f"{pages}/magento_order.html"

    def api():
        return JSONShoppingAPI(shop_api.base_url, pages)

    # the latest order (187) is served by the fixture page; point the API at a site whose order page exists
    task = program_task(
        [
            {
                "url": "func:shopping_get_sku_product_page_url('B0KETTLE17')",
                "locator": "func:shopping_get_product_price(__page__)",
                "required_contents": {"required_values": ["== 1234.5"]},
            },
            {
                "url": "func:reddit_get_post_url('__last_url__')",
                "locator": "",
                "required_contents": {"must_include": ["Order # 000000187"]},
            },
        ]
    )
    reward = run(task, driver, order_url, shopping_api=api)
    assert reward.score == 1, reward.explain()


def _image_query_task(task_id: int, query: dict, path: str | Path = "m.json"):
    """Task `task_id` (read as from `path`) with one page_image_query entry `query` on the last page."""
    entry = {"eval_image_url": "last", **query}
    return parse_task(with_eval(task_id, eval_types=["page_image_query"], page_image_query=[entry]), path)


def test_page_image_query_ssim(driver, pages):
    item = f"{pages}/classifieds_item.html"

    def task(ref, threshold=None):
        q = {"eval_image_class": ".item-photos", "eval_fuzzy_image_match": str(FIXTURES / ref)}
        if threshold:
            q["ssim_threshold"] = threshold
        return _image_query_task(6, q, FIXTURES / "t.json")

    good = run(task("reference_red.png"), driver, item)
    assert good.score == 1, good.explain()
    assert "photo_red.png" in good.checks[0].reason
    bad = run(task("reference_stripes.png"), driver, item)
    assert bad.score == 0 and "best SSIM" in bad.checks[0].reason
    strict = run(task("reference_red.png", threshold=0.999), driver, item)
    assert strict.score == 0
    none = _image_query_task(7, {"eval_image_class": ".no-such-class", "eval_fuzzy_image_match": "x.png"})
    r = run(none, driver, item)
    assert r.score == 0 and "no image under" in r.checks[0].reason
    bad_selector = _image_query_task(7, {"eval_image_class": "!!bad", "eval_fuzzy_image_match": "x.png"})
    with pytest.raises(EvaluationError, match="'!!bad' is not a valid CSS selector"):
        run(bad_selector, driver, item)
    missing = _image_query_task(8, {"eval_image_class": ".item-photos", "eval_fuzzy_image_match": "nowhere.png"})
    with pytest.raises(
        EvaluationError,
        match=r"m.json, task 8, field "
        r"'eval.page_image_query\[0\].eval_fuzzy_image_match'.*not found",
    ):
        run(missing, driver, item)


def test_page_image_query_reads_an_image_of_another_site(driver, pages, fixture_server):
    """A forum post may show a store photo: the page may not read it (no CORS grant for its origin), so the
    evaluator fetches it directly, as the official harness fetches every page image."""
    other_origin = fixture_server.replace("127.0.0.1", "localhost") + "/evaluation/photo_red.png"
    q = {"eval_image_class": "#foreign", "eval_fuzzy_image_match": str(FIXTURES / "reference_red.png")}
    task = _image_query_task(6, q, FIXTURES / "t.json")
    item = f"{pages}/classifieds_item.html"
    driver.get(item)
    driver.execute_script(
        "const d = document.createElement('div'); d.id = 'foreign';"
        "d.innerHTML = `<img src='${arguments[0]}'>`; document.body.appendChild(d);",
        other_origin,
    )
    from evaluation.rewards.images import fetch_in_page

    with pytest.raises(EvaluationError, match="could not fetch page image"):
        fetch_in_page(driver, other_origin)  # the page itself may not read it
    reward = evaluate_task(task, EvalContext(answer=None, final_url=item, driver=driver, scoring="strict"))
    assert reward.score == 1 and "localhost" in reward.checks[0].reason, reward.explain()
    gone = other_origin.replace("photo_red.png", "no_such_photo.png")
    driver.execute_script("document.querySelector('#foreign img').src = arguments[0];", gone)
    with pytest.raises(EvaluationError, match="fetching it directly failed too"):
        evaluate_task(task, EvalContext(answer=None, final_url=item, driver=driver, scoring="strict"))


def test_page_image_query_vqa(driver, pages, openai_stub):
    item = f"{pages}/classifieds_item.html"
    vqa_query = {
        "eval_image_class": ".item-photos",
        "eval_vqa": [{"question": "What color is the bike frame?", "answer": "blue"}],
    }
    task = _image_query_task(9, vqa_query)
    vqa = OpenAIVQA(model="vision", base_url=openai_stub.base_url, api_key="k")
    openai_stub.reply("Red.", "It is blue.")
    reward = run(task, driver, item, vqa=vqa)
    assert reward.score == 1, reward.explain()
    assert len(openai_stub.requests) == 2  # one per image until one matches (img, then the background image)
    content = openai_stub.requests[0]["messages"][0]["content"]
    assert content[1]["image_url"]["url"].startswith("data:image/png;base64,")
    openai_stub.reply("red", "red")
    assert run(task, driver, item, vqa=vqa).score == 0
    with pytest.raises(VQAError, match="VQA_BACKEND"):
        run(task, driver, item)
    openai_stub.fail(500, times=5)
    with pytest.raises(VQAError, match="failed"):
        run(task, driver, item, vqa=vqa)


def test_url_targets_open_in_their_own_tab_and_last_stays(driver, pages):
    item = f"{pages}/classifieds_item.html"
    task = program_task(
        [
            {
                "url": f"{pages}/postmill_post.html",
                "locator": "func:get_query_text(__page__, '.submission__title')",
                "required_contents": {"must_include": ["budget camera"]},
            },
            {
                "url": "last",
                "locator": "document.querySelector('.price').outerText",
                "required_contents": {"exact_match": "$120.00"},
            },
        ]
    )
    driver.get(item)
    handles = list(driver.window_handles)
    reward = evaluate_task(task, EvalContext(answer=None, final_url=item, driver=driver))
    assert reward.score == 1, reward.explain()
    assert driver.window_handles == handles and driver.current_url == item


@pytest.mark.parametrize(
    "locator,required,official,strict",
    [
        # class 7: with must_include present the official harness never checks must_exclude
        ("document.querySelector('.price').outerText", {"must_include": ["$120.00"], "must_exclude": ["120.00"]}, 1, 0),
        # class 8: a null or falsy lambda: value is a wrong page there; here (strict) it reads as ""
        ("lambda:(document.querySelector('.price').dataset.none)", {"must_exclude": ["bike"]}, 0, 1),
        ("lambda:(document.querySelectorAll('.no-such-thing').length)", {"exact_match": "0"}, 0, 1),
        # class 13: a document. locator's value is made text by Python's str() there: null is "None", an
        # array "['120.00']" (one token "'120.00"), a fraction is no int(); strict reads "", JSON and the number
        ("document.querySelector('.price').dataset.none", {"exact_match": "None"}, 1, 0),
        ("[...document.querySelectorAll('.price')].map(e => e.outerText.slice(1))", {"must_include": ["120.00"]}, 0, 1),
        ("document.querySelector('.price').outerText.slice(1) / 7", {"required_values": ["> 10"]}, 0, 1),
        ("document.querySelector('.price').outerText.slice(1) / 6", {"required_values": ["== 20"]}, 1, 1),
        # class 16: a bool from a lambda: locator is 1 in required_values there, not a number here
        # class 20: str.lstrip("lambda:") takes the "d" of "document" too there: ocument... raises, a wrong page
        ("lambda:document.querySelectorAll('.price').length", {"required_values": ["== 1"]}, 0, 1),
        ("lambda:parseInt(document.querySelectorAll('.price').length)", {"required_values": ["== 1"]}, 1, 1),
        ("lambda:(document.querySelectorAll('.price').length > 0)", {"required_values": ["< 700"]}, 1, 0),
        # class 9: int() only, and a tolerance of 1e-8 on < and >
        ("document.querySelector('.price').outerText", {"required_values": ["> 100"]}, 0, 1),
        ("lambda:(document.querySelectorAll('.item-photos img').length)", {"required_values": ["< 1"]}, 1, 0),
        # an error in a lambda: locator is a wrong page there; in a document. locator it reads as ""
        ("lambda:(document.querySelector('.missing').outerText)", {"must_exclude": ["x"]}, 0, 1),
        ("document.querySelector('.missing').outerText", {"must_exclude": ["x"]}, 1, 1),
    ],
)
def test_program_html_scoring_modes(driver, pages, locator, required, official, strict):
    item = f"{pages}/classifieds_item.html"
    task = program_task([{"url": "last", "locator": locator, "required_contents": required}])
    for mode, expected in (("official", official), ("strict", strict)):
        reward = run(task, driver, item, scoring=mode)
        assert reward.score == expected, f"{mode}: {reward.explain()}"


def test_fuzzy_image_match_alternatives_are_split_on_or(driver, pages, fixture_server):
    """Official tasks join reference images by ` |OR| ` (the official evaluator splits them): any alternative
    matching is enough. The whole string was fetched as one URL and the task errored."""
    ref = f"{fixture_server}/evaluation/reference_%s.png"

    def task(value):
        return _image_query_task(
            9, {"eval_image_class": ".item-photos", "eval_fuzzy_image_match": value}, FIXTURES / "t.json"
        )

    item = f"{pages}/classifieds_item.html"
    either = task(f"{ref % 'stripes'} |OR| {ref % 'red'}")
    assert [r.value for r in either.eval.page_image_query[0].reference_images[0]] == [ref % "stripes", ref % "red"]
    good = run(either, driver, item)
    assert good.score == 1 and "reference_red.png (best of 2 alternatives)" in good.checks[0].reason, good.explain()
    neither = run(task(f"{ref % 'stripes'} |OR| {ref % 'stripes'}"), driver, item)
    assert neither.score == 0 and "best SSIM" in neither.checks[0].reason
    with pytest.raises(TaskFormatError, match=r"eval_fuzzy_image_match.*empty alternative"):
        task(f"{ref % 'red'} |OR| ")


def test_url_checks_share_one_tab_and_load_only_when_a_read_needs_it(driver, pages, shop_api):
    """The page counts its loads in the tab's sessionStorage: a URL is loaded again after a script ran in
    it (a js locator or a prep action), not after a read by a helper; an API-only check loads nothing."""
    counter = f"{pages}/load_counter.html"

    def api():
        return JSONShoppingAPI(shop_api.base_url, pages)

    def reads(text, locator="func:get_query_text(__page__, '#loads')", url=counter, **extra):
        return {"url": url, "locator": locator, "required_contents": {"exact_match": text}, **extra}

    task = program_task(
        [
            reads("load 1"),
            reads("load 1"),  # untouched: not loaded again
            reads("load 1", locator="document.querySelector('#loads').outerText"),  # a page script ran...
            reads("changed", prep_actions=["document.querySelector('#loads').textContent = 'changed'"]),  # ...load 2
            reads("load 3"),  # after a prep action: loaded again
            reads("80", locator="func:shopping_get_sku_latest_review_rating('B0KETTLE17')", url=f"{counter}?other"),
            reads("load 3"),  # the API-only check above loaded nothing
            {
                "url": "last",
                "locator": "document.querySelector('.price').outerText",
                "required_contents": {"exact_match": "$120.00"},
            },
            reads("load 3"),  # back in the same tab, still untouched
        ]
    )
    item = f"{pages}/classifieds_item.html"
    driver.get(item)
    handles = list(driver.window_handles)
    reward = evaluate_task(
        task, EvalContext(answer=None, final_url=item, driver=driver, shopping_api=api, scoring="strict")
    )
    assert reward.score == 1, reward.explain()
    assert driver.window_handles == handles and driver.current_url == item


def test_a_proof_of_zero_stops_at_the_first_failed_check_and_a_score_reads_every_check(driver, pages):
    """`first_failure_ends` (the null proof): the page after a failed check is never loaded; the ordinary score
    reads it."""
    counter = f"{pages}/load_counter.html"
    task = program_task(
        [
            {
                "url": counter,
                "locator": "func:get_query_text(__page__, '#loads')",
                "required_contents": {"exact_match": "not on the page"},
            },
            {
                "url": f"{counter}?second",
                "locator": "func:get_query_text(__page__, '#loads')",
                "required_contents": {"exact_match": "load 2"},
            },
        ]
    )
    item = f"{pages}/classifieds_item.html"
    driver.get(item)
    whole = evaluate_task(task, EvalContext(answer=None, final_url=item, driver=driver, scoring="strict"))
    assert whole.score == 0 and [c.passed for c in whole.checks] == [False, True], whole.explain()
    proof = evaluate_task(
        task, EvalContext(answer=None, final_url=item, driver=driver, scoring="strict", first_failure_ends=True)
    )
    assert proof.score == 0 and [c.evaluator for c in proof.checks] == ["program_html[0]"], proof.explain()


def test_a_page_the_agent_shows_untouched_is_read_there_and_a_script_check_loads_it(driver, pages):
    """`shown_url` (the null proof's start page): a helper check of that URL reads the agent's tab (its load
    count stays, no tab opens); a js check of it loads it afresh in the scoring tab (that tab's first load)."""
    counter = f"{pages}/load_counter.html"
    driver.get(counter)
    driver.get(counter)  # the agent's tab shows its second load
    handles = list(driver.window_handles)
    reads = {
        "url": counter,
        "locator": "func:get_query_text(__page__, '#loads')",
        "required_contents": {"exact_match": "load 2"},
    }
    task = program_task([reads])
    reward = evaluate_task(task, EvalContext(answer=None, final_url=counter, driver=driver, shown_url=counter))
    assert reward.score == 1 and driver.window_handles == handles, reward.explain()
    script = program_task([{**reads, "locator": "document.querySelector('#loads').textContent"}])
    again = evaluate_task(script, EvalContext(answer=None, final_url=counter, driver=driver, shown_url=counter))
    assert "'load 1'" in again.checks[0].reason and driver.window_handles == handles, again.explain()
