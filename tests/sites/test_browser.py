"""Key flows in real Chromium against sites served by an arena (waitress subprocesses)."""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from agent.browser.driver import BrowserUnavailable, create_driver, quit_driver
from tests.sites.conftest import png_bytes
from tests.sites.fixtures import site_arena

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("sites/test_browser")]


@pytest.fixture(scope="module")
def arena(site_settings, dataset, tmp_path_factory):
    yield from site_arena("classifieds", site_settings, tmp_path_factory)


@pytest.fixture(scope="module")
def driver():
    try:
        d = create_driver(viewport=(1280, 1400))
    except BrowserUnavailable as exc:
        pytest.fail(f"Chromium is needed for the browser tests: {exc}")
    yield d
    quit_driver(d)


@pytest.fixture(scope="module")
def base(arena):
    return arena.urls["classifieds"]


def _wait(driver, condition, timeout=20):
    return WebDriverWait(driver, timeout).until(condition)


def _login(driver, base):
    driver.delete_all_cookies()
    driver.get(base + "/index.php?page=login")
    driver.find_element(By.CSS_SELECTOR, "input[name=email]").send_keys("blake.sullivan@gmail.com")
    driver.find_element(By.CSS_SELECTOR, "input[name=password]").send_keys("Password.123")
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()  # the harness's selector, page-wide
    _wait(driver, EC.presence_of_element_located((By.CSS_SELECTOR, "form.logout-form button.logout")))


def test_login_through_the_form(driver, base):
    _login(driver, base)
    assert driver.current_url.rstrip("/") == base
    assert driver.find_element(By.CSS_SELECTOR, ".user-name").text == "Blake Sullivan"


def test_search_from_header_and_sort(driver, base, dataset):
    import sqlite3

    word = sqlite3.connect(dataset.db).execute("SELECT title FROM item WHERE id = 2").fetchone()[0].split()[-1]
    word = re.sub(r"\W", "", word)
    driver.get(base + "/")
    box = driver.find_element(By.CSS_SELECTOR, ".header-search input[name=sPattern]")
    box.send_keys(word)
    box.submit()
    _wait(driver, EC.url_contains("page=search"))
    assert f"sPattern={word}" in driver.current_url
    assert "found" in driver.find_element(By.CSS_SELECTOR, ".result-count").text
    driver.find_element(By.LINK_TEXT, "Lowest price").click()
    _wait(driver, EC.url_contains("sOrder=i_price"))
    prices = [float(e.text.strip("$").replace(",", "")) for e in driver.find_elements(By.CSS_SELECTOR, ".card-price")]
    assert prices and prices == sorted(prices)
    driver.find_element(By.LINK_TEXT, "Gallery").click()
    _wait(driver, EC.url_contains("sShowAs=gallery"))
    assert driver.find_elements(By.CSS_SELECTOR, ".grid.results .gallery-card")


def test_post_with_photo_comment_and_edit(driver, base, arena, tmp_path):
    _login(driver, base)
    photo = tmp_path / "kettle.png"
    photo.write_bytes(png_bytes((20, 60, 220), size=(320, 240)))
    driver.get(base + "/index.php?page=item&action=item_add")
    driver.find_element(By.NAME, "title").send_keys("Blue kettle from the browser")
    driver.find_element(By.NAME, "description").send_keys("Posted by the browser test.")
    driver.find_element(By.NAME, "price").send_keys("17.50")
    Select(driver.find_element(By.NAME, "sCategory")).select_by_visible_text("Appliances")
    Select(driver.find_element(By.NAME, "sRegion")).select_by_visible_text("Delaware")
    Select(driver.find_element(By.NAME, "sCity")).select_by_visible_text("Dover")
    driver.find_element(By.NAME, "photos").send_keys(str(photo))
    driver.find_element(By.CSS_SELECTOR, ".item-form button[type=submit]").click()
    _wait(driver, EC.presence_of_element_located((By.CSS_SELECTOR, ".item-title")))
    assert driver.find_element(By.CSS_SELECTOR, ".item-title").text == "Blue kettle from the browser"
    assert driver.find_element(By.CSS_SELECTOR, ".price").text == "$17.50"
    img = driver.find_element(By.CSS_SELECTOR, ".item-photos img")
    _wait(driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", img))
    assert driver.execute_script("return arguments[0].naturalWidth", img) == 320
    item_url = driver.current_url

    form = driver.find_element(By.ID, "comment-form")
    form.find_element(By.NAME, "title").send_keys("Nice colour")
    form.find_element(By.CSS_SELECTOR, "input[name=rating][value='5']").click()
    form.find_element(By.NAME, "body").send_keys("Would buy.")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    _wait(driver, EC.url_contains("#comments"))
    last = driver.find_elements(By.CSS_SELECTOR, ".comments_list .comment")[-1]
    assert last.find_element(By.TAG_NAME, "h3").text == "Nice colour"
    assert len(last.find_elements(By.CSS_SELECTOR, ".star.on")) == 5

    driver.get(item_url)
    driver.find_element(By.LINK_TEXT, "Edit listing").click()
    _wait(driver, EC.url_contains("action=item_edit"))
    title = driver.find_element(By.NAME, "title")
    title.clear()
    title.send_keys("Blue kettle, price drop")
    price = driver.find_element(By.NAME, "price")
    price.clear()
    price.send_keys("12")
    driver.find_element(By.CSS_SELECTOR, ".item-form button[type=submit]").click()
    _wait(driver, EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".item-title"), "price drop"))
    assert driver.find_element(By.CSS_SELECTOR, ".price").text == "$12.00"

    arena.reset(["classifieds"])
    driver.get(item_url)
    assert "Page not found" in driver.find_element(By.TAG_NAME, "h1").text
