"""The forum in real Chromium, served by an arena: the harness's login recipe, and the official reddit helpers
and locators (comment tree, latest comment and its parent, the vote-form class, sidebar text, SSIM on
`.submission__image`) read the embedded forum's pages unchanged."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from selenium.common.exceptions import JavascriptException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from evaluation.rewards.evaluators import EvalContext, evaluate_task
from evaluation.running.login import forget_logins, login_sites
from evaluation.taskfiles.loader import parse_task
from sites.reddit.data import RedditData
from tests.evaluation.taskdata import with_eval
from tests.sites.fixtures import logged_in_driver, site_arena

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("sites/reddit/test_browser")]
VOTE_CLASS = "document.querySelectorAll('div.submission__vote')[0].querySelector('form').getAttribute('class')"
ME = "MarvelsGrantMan136"


@pytest.fixture(scope="module")
def arena(forum_settings, forum_data, tmp_path_factory):
    yield from site_arena("reddit", forum_settings, tmp_path_factory)


@pytest.fixture(scope="module")
def base(arena):
    return arena.urls["reddit"]


@pytest.fixture(scope="module")
def driver(base):
    yield from logged_in_driver("reddit", {"reddit": base})


@pytest.fixture(scope="module")
def data(forum_data):
    with RedditData(forum_data.db) as d:
        yield d


def _score(targets, driver, final_url, eval_type="program_html", **extra):
    task = parse_task(with_eval(1, eval_types=[eval_type], **{eval_type: targets}, **extra), "forum.json")
    return evaluate_task(task, EvalContext(answer=None, final_url=final_url, driver=driver))


def _my_latest_comment_is(text: str, driver):
    """The official check that ME's latest comment on the current page reads `text`."""
    target = {
        "url": "last",
        "locator": f"func:reddit_get_latest_comment_content_by_username(__page__, '{ME}')",
        "required_contents": {"exact_match": text},
    }
    return _score([target], driver, driver.current_url)


def _wait(driver, condition, timeout=20):
    # a script run while a click's navigation replaces the page may find nothing yet: asked again, not failed
    return WebDriverWait(driver, timeout, ignored_exceptions=(JavascriptException,)).until(condition)


def test_reply_is_read_by_the_comment_helpers(driver, base, data):
    post = next(
        p
        for p in data.find_posts(min_comments=3, limit=None)
        if data.top_comment(p.id) and data.top_comment(p.id).author != ME
    )
    parent = data.top_comment(post.id)
    driver.get(f"{base}/f/{post.forum}/{post.id}")
    comment = driver.find_element(By.ID, f"comment_{parent.id}")
    comment.find_element(By.CSS_SELECTOR, ":scope > .comment__row details.comment__reply > summary").click()
    box = comment.find_element(By.ID, f"reply_to_comment_{parent.id}")
    box.send_keys("I agree, well said")
    box.find_element(By.XPATH, "./ancestor::form[1]").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    _wait(
        driver,
        EC.presence_of_element_located(
            (By.XPATH, "//*[contains(@class,'comment__content')][contains(., 'I agree, well said')]")
        ),
    )
    reward = _score(
        [
            {
                "url": f"{base}/f/{post.forum}/{post.id}",
                "locator": f"func:reddit_get_latest_comment_content_by_username(__page__, '{ME}')",
                "required_contents": {"exact_match": "I agree, well said"},
            },
            {
                "url": f"{base}/f/{post.forum}/{post.id}",
                "locator": f"func:reddit_get_parent_comment_username_of_latest_comment_by_username(__page__, '{ME}')",
                "required_contents": {"exact_match": parent.author},
            },
            {
                "url": "last",
                "locator": f"func:reddit_get_parent_comment_obj_of_latest_comment_by_username(__page__, '{ME}')",
                "required_contents": {"must_include": [parent.body]},
            },
            {
                "url": "last",
                "locator": "func:reddit_get_post_comment_tree(__page__)",
                "required_contents": {"must_include": [parent.author, "I agree, well said"]},
            },
        ],
        driver,
        driver.current_url,
    )
    assert reward.score == 1, reward.explain()
    assert _my_latest_comment_is("something else", driver).score == 0


def test_top_level_comment_and_tree_shape(driver, base, data):
    post = data.find_posts(forum="aww", min_comments=1, limit=1)[0]
    driver.get(f"{base}{post.url_path}")
    driver.find_element(By.ID, "comment_comment").send_keys("What a **good** friend")
    driver.find_element(By.CSS_SELECTOR, ".comment-form--top button[type=submit]").click()
    _wait(driver, EC.presence_of_element_located((By.XPATH, "//strong[text()='good']")))
    tree = driver.execute_script("return document.querySelectorAll('#main .comment[data-level=\"1\"]').length")
    top_level = [c for c in data.comments(post.id) if c.parent_id is None]
    assert tree == len(top_level) + 1
    reward = _my_latest_comment_is("What a good friend", driver)
    assert reward.score == 1, reward.explain()


def test_vote_class_locator_follows_the_users_votes(driver, base, data):
    post = next(p for p in data.find_posts(forum="memes", limit=None) if p.id not in data.votes(ME))
    url = f"{base}/f/{post.forum}/{post.id}"

    def expect(cls):
        return _score([{"url": url, "locator": VOTE_CLASS, "required_contents": {"exact_match": cls}}], driver, url)

    driver.get(url)
    assert expect("vote").score == 1
    assert expect("vote vote--user-upvoted").score == 0
    for button, cls in (
        ("vote__up", "vote vote--user-upvoted"),
        ("vote__down", "vote vote--user-downvoted"),
        ("vote__down", "vote"),
    ):
        driver.get(url)
        driver.find_element(By.CSS_SELECTOR, f"div.submission__vote button.{button}").click()
        _wait(driver, lambda d, cls=cls: d.execute_script(f"return {VOTE_CLASS}") == cls)
        assert expect(cls).score == 1, cls


def test_sidebar_forum_table_and_image_ssim(driver, base, data, tmp_path):
    reward = _score(
        [
            {
                "url": f"{base}/f/space",
                "locator": "func:get_query_text(__page__, '#sidebar')",
                "required_contents": {"must_include": ["Subscribe", "subscribers", "Moderators"]},
            },
            {
                "url": f"{base}/forums",
                "locator": "func:get_query_text(__page__, '.table')",
                "required_contents": {"must_include": ["EarthPorn", "wallstreetbets"]},
            },
            {
                "url": f"{base}/",
                "locator": "func:get_query_text(__page__, '#sidebar > section > ul')",
                "required_contents": {"must_include": ["memes", "aww"]},
            },
        ],
        driver,
        f"{base}/",
    )
    assert reward.score == 1, reward.explain()

    from sites.imagery.forum_pictures import render_picture

    post = data.find_posts(style="chart", limit=1)[0]
    reference = tmp_path / "chart.png"
    render_picture(post.image.picture(), (640, 480), post.image.seed).save(reference)
    other = tmp_path / "landscape.png"
    land = data.find_posts(style="landscape", limit=1)[0]
    render_picture(land.image.picture(), (640, 480), land.image.seed).save(other)
    url = f"{base}{post.url_path}"
    driver.get(url)

    def ssim(ref):
        return _score(
            [{"eval_image_url": "last", "eval_image_class": ".submission__image", "eval_fuzzy_image_match": str(ref)}],
            driver,
            url,
            eval_type="page_image_query",
        )

    assert ssim(reference).score == 1
    assert ssim(other).score == 0


def test_the_official_user_page_locator_reads_the_newest_contribution(arena, driver, base):
    """Official reddit tasks 207-209 read `#main > article:nth-child(3)` on /user/NAME: in Postmill each of the
    user's contributions is an <article> right under #main, after a heading and the tabs, newest first."""
    from selenium.webdriver.support.ui import Select

    title = "Harbour lights at dawn, taken this morning"
    page = f"{base}/user/{ME}"
    locator = "document.querySelector('#main > article:nth-child(3)').outerText"
    target = [{"url": page, "locator": locator, "required_contents": {"must_include": [title]}}]
    assert _score(target, driver, page).score == 0  # not posted yet
    driver.get(page)
    tags = driver.execute_script("return [...document.querySelectorAll('#main > *')].map(e => e.tagName)")
    assert tags[:2] in (["H1", "NAV"], ["NAV", "H1"]) and set(tags[2:]) == {"ARTICLE"}, tags
    driver.get(f"{base}/submit")
    driver.find_element(By.CSS_SELECTOR, "#submission_title").send_keys(title)
    Select(driver.find_element(By.CSS_SELECTOR, "#submission_forum")).select_by_index(1)
    driver.find_element(By.CSS_SELECTOR, "#submission_submit").click()
    _wait(driver, lambda d: "/submit" not in d.current_url)
    try:
        reward = _score(target, driver, page)
        assert reward.score == 1, reward.explain()
        submissions = [
            {"url": f"{page}/submissions", "locator": locator, "required_contents": {"must_include": [title]}}
        ]
        assert _score(submissions, driver, f"{page}/submissions").score == 1
    finally:
        arena.reset(["reddit"])
        forget_logins()  # a reset ends every session: the module's browser logs in again
        login_sites(SimpleNamespace(driver=driver), ["reddit"], {"reddit": base})


def test_arena_reset_restores_the_pristine_forum(arena, driver, base, data):
    post = next(p for p in data.find_posts(forum="funny", limit=None) if p.id not in data.votes(ME))
    url = f"{base}/f/{post.forum}/{post.id}"
    driver.get(url)
    driver.find_element(By.CSS_SELECTOR, "div.submission__vote button.vote__up").click()
    _wait(driver, lambda d: d.execute_script(f"return {VOTE_CLASS}") == "vote vote--user-upvoted")
    assert arena.reset(["reddit"]) < 30
    driver.get(url)
    assert not driver.find_elements(By.CSS_SELECTOR, ".site-nav__logout button")  # a reset ends every session
    forget_logins()  # as the harness must after a reset: log in again
    login_sites(SimpleNamespace(driver=driver), ["reddit"], {"reddit": base})
    driver.get(url)
    assert driver.find_elements(By.CSS_SELECTOR, ".site-nav__logout button")
    assert driver.execute_script(f"return {VOTE_CLASS}") == "vote"
