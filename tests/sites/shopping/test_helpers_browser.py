"""Every official shopping helper, unchanged, on the embedded store in real Chromium: the browser signs in with
the harness's login recipe, buys a product with options, writes a review, and the helpers (DOM ones and the
site-API ones through the embedded ShoppingAPI) read what happened. Also one program_html task end to end."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from evaluation.rewards.evaluators import EvalContext, evaluate_task
from evaluation.running.login import forget_logins, login_sites
from evaluation.scoring.helpers import HELPERS, HelperEnv, call_helper
from evaluation.scoring.site_api import get_shopping_api
from evaluation.taskfiles.loader import parse_task
from evaluation.vocabulary.helper_calls import parse_helper_call
from sites.shopping.data import ShoppingData
from tests.evaluation.taskdata import make_task
from tests.sites.fixtures import logged_in_driver, site_arena

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("sites/shopping/test_helpers_browser")]
NAME_HOOK = "#maincontent > div.page-title-wrapper.product > h1 > span"


@pytest.fixture(scope="module")
def arena(shop_settings, shop_data, tmp_path_factory):
    yield from site_arena("shopping", shop_settings, tmp_path_factory)


@pytest.fixture(scope="module")
def driver(arena):
    yield from logged_in_driver("shopping", arena.urls)


def _wait(driver, condition, timeout=20):
    return WebDriverWait(driver, timeout).until(condition)


def _helper(arena, driver, source: str):
    call = parse_helper_call(source, HELPERS)
    env = HelperEnv(
        driver=driver,
        last_url=driver.current_url,
        shopping_api_factory=lambda: get_shopping_api("embedded", arena.urls),
    )
    return call_helper(call, env)


def _products(shop_data):
    with ShoppingData(shop_data.db) as data:
        configurable = data.product(data.find_ids(has_options=True, limit=1)[0])
        reviewed = data.product(data.find_ids(has_options=False, min_reviews=3, limit=1)[0])
    return configurable, reviewed


def test_product_page_helpers(arena, driver, shop_data):
    _, reviewed = _products(shop_data)
    base = arena.urls["shopping"]
    driver.get(base + reviewed.url_path)
    assert _helper(arena, driver, f"get_query_text(__page__, '{NAME_HOOK}')") == reviewed.name
    assert _helper(arena, driver, f"get_query_text_lowercase(__page__, '{NAME_HOOK}')") == reviewed.name.lower()
    assert _helper(arena, driver, "shopping_get_product_price(__page__)") == pytest.approx(reviewed.final_price)
    assert _helper(arena, driver, "shopping_get_num_reviews(__page__)") == len(reviewed.reviews)
    assert _helper(arena, driver, "shopping_get_rating_as_percentage(__page__)") == reviewed.rating_percent
    assert _helper(arena, driver, "shopping_get_product_attributes(__page__, 'Brand')") == reviewed.attributes["Brand"]
    assert (
        _helper(arena, driver, "shopping_get_product_attributes(__page__, 'Nope |OR| Item Weight')")
        == reviewed.attributes["Item Weight"]
    )
    assert _helper(arena, driver, f"shopping_get_sku_product_page_url('{reviewed.sku}')") == base + reviewed.url_path
    assert driver.find_elements(By.CSS_SELECTOR, ".fotorama__stage__frame img.product-image-photo")


def test_buy_with_options_then_order_helpers(arena, driver, shop_data):
    configurable, _ = _products(shop_data)
    base = arena.urls["shopping"]
    driver.get(base + configurable.url_path)
    driver.find_element(By.CSS_SELECTOR, "#product-addtocart-button").click()
    # options not chosen: Magento's message, nothing added
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".swatch-attribute .mage-error"))
    size, color = configurable.options["Size"][1], configurable.options["Color"][0]
    driver.find_element(By.CSS_SELECTOR, f".swatch-attribute.size .swatch-option[option-label='{size}']").click()
    driver.find_element(By.CSS_SELECTOR, f".swatch-attribute.color .swatch-option[option-label='{color}']").click()
    qty = driver.find_element(By.CSS_SELECTOR, "#qty")
    qty.clear()
    qty.send_keys("2")
    driver.find_element(By.CSS_SELECTOR, "#product-addtocart-button").click()
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".message-success"))
    driver.get(base + "/checkout/")
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#opc-sidebar .opc-block-summary .minicart-items"))
    assert configurable.name in _helper(
        arena, driver, "get_query_text(__page__, '#opc-sidebar .opc-block-summary .minicart-items')"
    )
    driver.find_element(By.CSS_SELECTOR, "#shipping-next").click()
    _wait(driver, lambda d: d.current_url.endswith("#payment"))
    driver.find_element(By.CSS_SELECTOR, "#payment button.checkout").click()
    _wait(driver, lambda d: "/checkout/onepage/success/" in d.current_url)
    placed = driver.find_element(By.CSS_SELECTOR, "a.order-number").get_attribute("href")

    latest = _helper(arena, driver, "shopping_get_latest_order_url()")
    assert latest == placed
    driver.get(latest)
    sku = configurable.sku
    assert _helper(arena, driver, "shopping_get_order_product_name_list(__page__)") == configurable.name
    assert _helper(arena, driver, f"shopping_get_order_product_quantity(__page__, '{sku}')") == 2
    assert _helper(arena, driver, f"shopping_get_order_product_option(__page__, '{sku}', 'Size')") == size
    assert _helper(arena, driver, f"shopping_get_order_product_option(__page__, '{sku}', 'color')") == color
    assert "101 S San Mateo Dr" in _helper(arena, driver, "get_query_text(__page__, '.box-order-shipping-address')")

    # the same checks as a program_html task, through the evaluator
    task = parse_task(
        make_task(
            sites=["shopping"],
            start_url=base,
            eval={
                "eval_types": ["program_html"],
                "reference_answers": None,
                "reference_url": "",
                "string_note": "",
                "program_html": [
                    {
                        "url": "func:shopping_get_latest_order_url()",
                        "locator": f"func:shopping_get_order_product_quantity(__page__, '{sku}')",
                        "required_contents": {"must_include": ["2"]},
                    },
                    {
                        "url": "func:shopping_get_latest_order_url()",
                        "locator": f"func:shopping_get_order_product_option(__page__, '{sku}', 'Size')",
                        "required_contents": {"exact_match": size},
                    },
                ],
            },
        ),
        "inline.json",
    )
    ctx = EvalContext(
        answer=None,
        final_url=driver.current_url,
        driver=driver,
        shopping_api=lambda: get_shopping_api("embedded", arena.urls),
    )
    reward = evaluate_task(task, ctx)
    assert reward.score == 1, reward


def test_write_a_review_then_review_helpers(arena, driver, shop_data):
    _, reviewed = _products(shop_data)
    driver.get(arena.urls["shopping"] + reviewed.url_path + "#reviews")
    _wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#review-form").is_displayed())
    driver.find_element(By.CSS_SELECTOR, "label[for=Rating_4]").click()
    nick = driver.find_element(By.CSS_SELECTOR, "#nickname_field")
    nick.clear()
    nick.send_keys("Emma L")
    driver.find_element(By.CSS_SELECTOR, "#summary_field").send_keys("Sturdy & handy")
    driver.find_element(By.CSS_SELECTOR, "#review_field").send_keys("It does the job <well>.")
    driver.find_element(By.CSS_SELECTOR, "#review-form button.submit").click()
    _wait(driver, lambda d: "You submitted your review for moderation." in d.page_source)
    sku = reviewed.sku
    assert _helper(arena, driver, f"shopping_get_sku_latest_review_author('{sku}')") == "Emma L"
    assert _helper(arena, driver, f"shopping_get_sku_latest_review_title('{sku}')") == "Sturdy & handy"
    assert _helper(arena, driver, f"shopping_get_sku_latest_review_text('{sku}')") == "It does the job <well>."
    assert _helper(arena, driver, f"shopping_get_sku_latest_review_rating('{sku}')") == "80"
    driver.get(arena.urls["shopping"] + "/review/customer/")
    assert reviewed.name in driver.find_element(By.CSS_SELECTOR, ".table-reviews").text


def _js(driver, expression: str):
    return driver.execute_script("return " + expression)


def test_locators_of_the_official_task_files(arena, driver, shop_data):
    """Selectors and lambdas copied from the official shopping tasks' locators, on the embedded store's pages."""
    base = arena.urls["shopping"]
    configurable, _ = _products(shop_data)
    with ShoppingData(shop_data.db) as data:
        special = data.product(
            data.conn.execute(
                "SELECT id FROM product WHERE special_cents IS NOT NULL AND option_kind = '' LIMIT 1"
            ).fetchone()[0]
        )
    price = (
        '(() => { res = parseFloat(document.querySelector("#maincontent > div.columns > div > '
        'div.product-info-main > div.product-info-price > div.price-box.price-final_price > span > span")'
        ".outerText.substr(1)); return res ? res : 0; })()"
    )
    for product in (special, configurable):
        driver.get(base + product.url_path)
        assert _js(driver, price) == pytest.approx(product.final_price)
    driver.get(base + special.url_path)
    driver.find_element(By.CSS_SELECTOR, "#product-addtocart-button").click()
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".message-success"))
    driver.get(base + configurable.url_path)
    color = configurable.options["Color"][-1]
    driver.find_element(By.CSS_SELECTOR, ".swatch-attribute.size .swatch-option").click()
    driver.find_element(By.CSS_SELECTOR, f".swatch-attribute.color .swatch-option[option-label='{color}']").click()
    driver.find_element(By.CSS_SELECTOR, "#product-addtocart-button").click()
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".message-success"))
    driver.get(base + "/checkout/cart")
    name = configurable.name.replace("'", "\\'")
    option = _js(
        driver,
        "(() => { try { return Array.from(document.querySelectorAll('.item-info')).find(el => "
        f"el.textContent.includes('{name}')).querySelector('td.col.item > div > dl > dd')"
        ".textContent.trim() } catch (e) { return '' }})()",
    )
    assert option == configurable.options["Size"][0]
    assert special.name in _helper(arena, driver, "get_query_text(__page__, '#shopping-cart-table')")
    driver.get(base + "/checkout/#payment")
    summary = _helper(
        arena,
        driver,
        "get_query_text(__page__, '#opc-sidebar > div.opc-block-summary > div > "
        "div.content.minicart-items > div > ol')",
    )
    assert special.name in summary and configurable.name in summary
    driver.get(base + "/customer/account/")
    for box in ("box-shipping-address", "box-billing-address"):
        text = _js(
            driver,
            "(() => { try { return document.querySelector('#maincontent > div.columns > "
            "div.column.main > div.block.block-dashboard-addresses > div.block-content > "
            f"div.box.{box} > div.box-content').outerText }} catch (e) {{ return '' }}}})()",
        )
        assert "101 S San Mateo Dr" in text
    driver.get(base + "/customer/address/")
    assert (
        _js(
            driver,
            'document.querySelector(".box-address-billing > div.box-content > address > a").outerText.substring(0, 3)',
        )
        == "650"
    )
    assert "San Mateo" in _js(driver, 'document.querySelector(".box-address-shipping").outerText')
    with ShoppingData(shop_data.db) as data:
        newest = data.customer_orders()[0]
    driver.get(base + newest.url_path)
    address = _helper(
        arena,
        driver,
        'get_query_text(__page__, "#maincontent > div.columns > div.column.main > '
        "div.block.block-order-details-view > div.block-content > "
        'div.box.box-order-shipping-address > div > address")',
    )
    assert newest.shipping_address[1] in address
    assert newest.items[0].name in _js(driver, 'document.querySelector(".order-details-items.ordered").outerText')


def test_reset_restores_the_pristine_store(arena, driver, shop_data):
    arena.reset(["shopping"])
    forget_logins()  # a reset ends every session: the module's browser logs in again for later tests
    login_sites(SimpleNamespace(driver=driver), ["shopping"], arena.urls)
    with ShoppingData(shop_data.db) as data:
        newest = data.customer_orders()[0]
    assert _helper(arena, driver, "shopping_get_latest_order_url()") == arena.urls["shopping"] + newest.url_path
