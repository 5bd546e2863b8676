"""Store pages through the Flask test client: Magento's URLs and CSS hooks, cart/checkout/order flows,
account pages, CSRF on every state-changing form, ownership, numeric parameters and escaping."""

from __future__ import annotations

import re
from html import unescape

import pytest

from sites.shopping.data import ShoppingData
from tests.found import found
from tests.sites.numeric_params import SITES
from tests.sites.shopping.conftest import RESET_TOKEN, every_form_field, form_key, sign_in


def _text(response) -> str:
    return response.get_data(as_text=True)


def _simple_and_configurable(shop_data):
    with ShoppingData(shop_data.db) as data:
        simple = data.product(data.find_ids(has_options=False, limit=1)[0])
        configurable = data.product(data.find_ids(has_options=True, limit=1)[0])
    return simple, configurable


def test_home_category_and_search_pages(shop, shop_data):
    home = _text(shop.get("/"))
    assert "One Stop Market" in home and "product-image-photo" in home and 'class="level0' in home
    with ShoppingData(shop_data.db) as data:
        top = next(c for c in data.categories() if c[3] == 1)
    page = shop.get(f"/{top[2]}.html?product_list_limit=12&product_list_order=price&product_list_dir=desc")
    html = _text(page)
    assert page.status_code == 200 and 'id="toolbar-amount"' in html and "products-grid" in html
    prices = [
        float(p.replace(",", ""))
        for p in re.findall(
            r'data-price-type="finalPrice"><span '
            r'class="price">\$([0-9,.]+)',
            html,
        )
    ]
    assert prices == sorted(prices, reverse=True) and len(prices) == 12
    assert 'class="modes-mode mode-list"' in html and "Shop By" in html
    listed = _text(shop.get(f"/{top[2]}.html?product_list_mode=list"))
    assert "products-list" in listed
    filtered = _text(shop.get(f"/{top[2]}.html?price=0-100"))
    assert "Now Shopping by" in filtered
    search = _text(shop.get("/catalogsearch/result/?q=backpack"))
    assert "Search results for: 'backpack'" in search and 'class="product-item-link"' in search
    assert shop.get("/catalogsearch/result/index/?p=2&q=classic").status_code == 200


def test_product_page_hooks(shop, shop_data):
    simple, configurable = _simple_and_configurable(shop_data)
    html = _text(shop.get(simple.url_path))
    assert re.search(r'<div class="page-title-wrapper product"><h1 class="page-title"><span class="base"[^>]*>', html)
    for hook in (
        'class="fotorama__stage__frame',
        "product-image-photo",
        'class="product-info-price"',
        'class="price-box price-final_price"',
        'id="product-attribute-specs-table"',
        'id="tab-label-reviews-title"',
        'id="review-form"',
        'name="nickname"',
        'name="ratings[1]"',
    ):
        assert hook in html, hook
    assert simple.sku in html
    conf = _text(shop.get(configurable.url_path))
    assert 'class="swatch-attribute size"' in conf and 'name="options[Color]"' in conf


def test_options_must_be_chosen_before_adding_to_cart(shop, shop_data):
    _, configurable = _simple_and_configurable(shop_data)
    key = form_key(shop, configurable.url_path)
    missing = shop.post("/checkout/cart/add/", data={"form_key": key, "product": configurable.id, "qty": "1"})
    assert missing.status_code == 400
    assert "You need to choose options for your item." in _text(missing)
    assert "This is a required field." in _text(missing)
    size, color = configurable.options["Size"][0], configurable.options["Color"][0]
    ok = shop.post(
        "/checkout/cart/add/",
        data={"form_key": key, "product": configurable.id, "qty": "2", "options[Size]": size, "options[Color]": color},
    )
    assert ok.status_code == 302
    cart = _text(shop.get("/checkout/cart/"))
    assert 'id="shopping-cart-table"' in cart and f"<dd>{size}</dd>" in cart and 'value="2"' in cart


def test_checkout_places_an_order_that_the_history_shows(emma, shop_data):
    simple, configurable = _simple_and_configurable(shop_data)
    key = form_key(emma, simple.url_path)
    emma.post("/checkout/cart/add/", data={"form_key": key, "product": simple.id, "qty": "3"})
    emma.post(
        "/checkout/cart/add/",
        data={
            "form_key": key,
            "product": configurable.id,
            "qty": "1",
            "options[Size]": "M" if "M" in configurable.options["Size"] else configurable.options["Size"][0],
            "options[Color]": configurable.options["Color"][-1],
        },
    )
    checkout = _text(emma.get("/checkout/"))
    assert 'id="shipping"' in checkout and 'id="payment"' in checkout and 'id="opc-sidebar"' in checkout
    assert 'class="minicart-items"' in checkout and 'value="101 S San Mateo Dr"' in checkout
    address = {
        "firstname": "Emma",
        "lastname": "Lopez",
        "street": "7 New Rd",
        "city": "Reno",
        "region": "Nevada",
        "postcode": "89501",
        "country": "United States",
        "telephone": "5551234567",
    }
    bad = emma.post(
        "/checkout/placeOrder/",
        data={
            **address,
            "street": "",
            "form_key": key,
            "shipping_method": "flatrate_flatrate",
            "payment_method": "checkmo",
        },
    )
    assert bad.status_code == 400 and "This is a required field." in _text(bad)
    placed = emma.post(
        "/checkout/placeOrder/",
        data={**address, "form_key": key, "shipping_method": "flatrate_flatrate", "payment_method": "checkmo"},
    )
    assert placed.headers["Location"].endswith("/checkout/onepage/success/")
    success = _text(emma.get("/checkout/onepage/success/"))
    order_id = int(found(r"/sales/order/view/order_id/(\d+)/", success))
    view = _text(emma.get(f"/sales/order/view/order_id/{order_id}/"))
    assert 'class="order-details-items ordered"' in view and simple.sku in view and "7 New Rd" in view
    assert 'class="box box-order-shipping-address"' in view and "box-address-billing" in view
    assert '<span class="title">Ordered</span> <span class="content">3</span>' in view
    history = _text(emma.get("/sales/order/history/"))
    assert 'id="my-orders-table"' in history and f"{order_id:09d}" in history
    assert "You have no items in your shopping cart." in _text(emma.get("/checkout/cart/"))
    reorder = emma.post(f"/sales/order/reorder/order_id/{order_id}/", data={"form_key": key})
    assert reorder.status_code == 302 and simple.name in _text(emma.get("/checkout/cart/"))


def test_account_pages_and_address_edit(emma):
    for path in (
        "/customer/account/",
        "/customer/account/edit/",
        "/customer/address/",
        "/review/customer/",
        "/wishlist/",
        "/wishlist/?limit=20",
        "/catalog/product_compare/",
        "/sales/order/history/?limit=20",
    ):
        assert emma.get(path).status_code == 200, path
    book = _text(emma.get("/customer/address/"))
    address_id = found(r"/customer/address/edit/id/(\d+)/", book)
    key = form_key(emma, "/customer/address/")
    saved = emma.post(
        f"/customer/address/formPost/id/{address_id}/",
        data={
            "form_key": key,
            "firstname": "Emma",
            "lastname": "Lopez",
            "street": "300 Elm St",
            "city": "Boise",
            "region": "Idaho",
            "postcode": "83702",
            "country": "United States",
            "telephone": "2085550000",
        },
    )
    assert saved.status_code == 302
    book = _text(emma.get("/customer/address/"))
    assert "300 Elm St" in book and "2085550000" in book and 'class="box box-address-shipping"' in book
    assert "products-grid wishlist" in _text(emma.get("/wishlist/"))


def test_review_wishlist_and_compare(emma, shop_data):
    simple, _ = _simple_and_configurable(shop_data)
    key = form_key(emma, simple.url_path)
    empty = emma.post(f"/review/product/post/id/{simple.id}/", data={"form_key": key, "nickname": "Em"})
    assert empty.status_code == 400
    posted = emma.post(
        f"/review/product/post/id/{simple.id}/",
        data={"form_key": key, "nickname": "Em", "title": "<b>Nice</b>", "detail": "Works", "ratings[1]": "4"},
    )
    assert posted.status_code == 302
    mine = _text(emma.get("/review/customer/"))
    assert simple.name in mine and "<b>Nice</b>" not in mine
    api = emma.get(f"/rest/V1/products/{simple.sku}/reviews", headers={"Authorization": f"Bearer {RESET_TOKEN}"})
    assert api.json[-1]["title"] == "<b>Nice</b>" and api.json[-1]["ratings"][0]["percent"] == 80
    emma.post("/wishlist/index/add/", data={"form_key": key, "product": simple.id})
    assert simple.name in _text(emma.get("/wishlist/"))
    emma.post("/catalog/product_compare/add/", data={"form_key": key, "product": simple.id})
    assert simple.sku in _text(emma.get("/catalog/product_compare/"))


def test_every_state_changing_form_needs_the_form_key(emma, shop_app, shop_data):
    """Every POST route of the store (read from the app's URL map, so a new route is covered the day it is
    added) refuses a request without the form key or with a wrong one, and changes nothing."""
    simple, _ = _simple_and_configurable(shop_data)
    with ShoppingData(shop_data.db) as data:
        order_id = data.conn.execute("SELECT id FROM sales_order WHERE customer_id = 1 LIMIT 1").fetchone()[0]
        address_id = data.conn.execute("SELECT id FROM address WHERE customer_id = 1 LIMIT 1").fetchone()[0]
    args = {"order_id": order_id, "address_id": address_id, "product_id": simple.id}
    form = every_form_field(simple.id, address_id)
    reset_token_routes = ("/__reset", "/__session")  # these answer 403 to a wrong token
    routes = [r for r in shop_app.url_map.iter_rules() if "POST" in r.methods and r.rule not in reset_token_routes]
    assert len(routes) >= 19
    pages = ("/customer/account/", "/customer/address/", "/wishlist/", "/sales/order/history/")
    before = [_text(emma.get(p)) for p in pages]
    for rule in routes:
        path = rule.rule
        for name in rule.arguments:
            path = path.replace(f"<{name}>", str(args[name]))
        for key in ({}, {"form_key": "not-the-key"}):
            assert emma.post(path, data={**form, **key}).status_code == 400, (path, key)
    assert [_text(emma.get(p)) for p in pages] == before  # nothing changed, emma still signed in


def test_wrong_password_and_logout(shop):
    wrong = sign_in(shop, password="nope")
    assert wrong.status_code == 401 and "The account sign-in was incorrect" in _text(wrong)
    assert sign_in(shop).status_code == 302
    assert "Sign Out" in _text(shop.get("/customer/account/"))
    assert shop.post("/customer/account/logout/", data={"form_key": form_key(shop, "/")}).status_code == 302
    assert shop.get("/customer/account/").status_code == 302


@pytest.mark.parametrize("raw", ["%C2%B2", "%D9%A3", "999999999999999999999999999999", "-1", "abc"])
def test_numeric_parameters_never_500(emma, raw):
    assert emma.get(f"/sales/order/view/order_id/{raw}/").status_code == 404
    assert emma.get(f"/customer/address/edit/id/{raw}/").status_code == 404
    assert emma.get(f"/beauty-personal-care.html?p={raw}").status_code == 400
    assert emma.get(f"/beauty-personal-care.html?product_list_limit={raw}").status_code == 400
    assert emma.get(f"/catalogsearch/result/index/?p={raw}&q=soap").status_code == 400
    assert emma.get(f"/sales/order/history/?limit={raw}").status_code == 400
    assert emma.get(f"/media/catalog/product/{raw}.jpg").status_code == 404
    assert emma.get(f"/beauty-personal-care.html?price={raw}").status_code == 400


def test_a_customer_sees_only_their_own_orders_and_addresses(emma, shop_data):
    with ShoppingData(shop_data.db) as data:
        other = data.conn.execute("SELECT id FROM sales_order WHERE customer_id != 1 LIMIT 1").fetchone()[0]
        other_address = data.conn.execute("SELECT id FROM address WHERE customer_id != 1 LIMIT 1").fetchone()[0]
    assert emma.get(f"/sales/order/view/order_id/{other}/").status_code == 404
    assert emma.get(f"/customer/address/edit/id/{other_address}/").status_code == 404
    key = form_key(emma, "/")
    assert emma.post(f"/sales/order/reorder/order_id/{other}/", data={"form_key": key}).status_code == 404


def test_output_is_escaped(shop):
    html = _text(shop.get("/catalogsearch/result/?q=%3Cscript%3Ealert(1)%3C/script%3E"))
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def test_rest_api_needs_the_token_and_reset_restores(shop, shop_data):
    denied = shop.get("/rest/V1/orders")
    assert denied.status_code == 401 and denied.json == {
        "message": "The consumer isn't authorized to access %resources."
    }
    with ShoppingData(shop_data.db) as data:
        sku = data.product(1).sku
    ok = shop.get(f"/rest/V1/products/{sku}", headers={"Authorization": f"Bearer {RESET_TOKEN}"})
    assert ok.json["custom_attributes"][0]["attribute_code"] == "url_key"
    missing = shop.get("/rest/V1/products/NOPE/reviews", headers={"Authorization": f"Bearer {RESET_TOKEN}"})
    assert missing.status_code == 404 and missing.json["message"].startswith("The product that was requested")
    assert shop.get("/rest/V1/products/NOPE", headers={"Authorization": f"Bearer {RESET_TOKEN}"}).status_code == 404
    assert shop.post("/__reset", data={"token": "wrong"}).status_code == 403
    assert shop.post("/__reset", data={"token": RESET_TOKEN}).json["reset"] is True


def test_data_api_lists_products_in_the_pages_order(shop, shop_data):
    with ShoppingData(shop_data.db) as data:
        total, ids = data.category_listing("clothing-shoes-jewelry", order="price", direction="desc", page=2)
        names = [data.product(i).name for i in ids]
        s_total, s_ids = data.search("classic backpack", page=1, limit=12)
        s_names = [data.product(i).name for i in s_ids]
    html = _text(shop.get("/clothing-shoes-jewelry.html?product_list_order=price&product_list_dir=desc&p=2"))
    assert names == [unescape(s) for s in re.findall(r'class="product-item-link" href="[^"]+">([^<]+)</a>', html)]
    assert f'of <span class="toolbar-number">{total}</span>' in html
    html = _text(shop.get("/catalogsearch/result/?q=classic+backpack"))
    shown = [unescape(s) for s in re.findall(r'class="product-item-link" href="[^"]+">([^<]+)</a>', html)]
    assert shown == s_names and s_total >= len(s_names) > 0


def test_register_validates_and_signs_in(shop):
    key = form_key(shop, "/customer/account/create/")
    bad = shop.post(
        "/customer/account/createpost/",
        data={
            "form_key": key,
            "firstname": "",
            "lastname": "Doe",
            "email": "not-an-email",
            "password": "short",
            "password_confirmation": "other",
        },
    )
    html = _text(bad)
    assert bad.status_code == 400 and "This is a required field." in html
    assert "Please enter a valid email address" in html and "Please enter the same value again." in html
    taken = shop.post(
        "/customer/account/createpost/",
        data={
            "form_key": key,
            "firstname": "Em",
            "lastname": "Lo",
            "email": "emma.lopez@gmail.com",
            "password": "Secret.1234",
            "password_confirmation": "Secret.1234",
        },
    )
    assert "There is already an account with this email address." in _text(taken)
    made = shop.post(
        "/customer/account/createpost/",
        data={
            "form_key": key,
            "firstname": "Jo",
            "lastname": "<i>Doe</i>",
            "email": "jo.doe@example.com",
            "password": "Secret.1234",
            "password_confirmation": "Secret.1234",
        },
    )
    assert made.status_code == 302
    page = _text(shop.get("/customer/account/"))
    assert "jo.doe@example.com" in page and "&lt;i&gt;Doe&lt;/i&gt;" in page and "<i>Doe</i>" not in page
    assert "You have placed no orders." in page


def test_account_edit_needs_the_current_password_to_change_the_email(emma):
    key = form_key(emma, "/customer/account/edit/")
    wrong = emma.post(
        "/customer/account/editPost/",
        data={
            "form_key": key,
            "firstname": "Emma",
            "lastname": "Lopez",
            "change_email": "1",
            "email": "new@example.com",
            "current_password": "nope",
        },
    )
    assert wrong.status_code == 400 and "The password doesn&#39;t match this account." in _text(wrong)
    ok = emma.post("/customer/account/editPost/", data={"form_key": key, "firstname": "Emma", "lastname": "Lopez-Diaz"})
    assert ok.status_code == 302 and "Emma Lopez-Diaz" in _text(emma.get("/customer/account/"))


def test_reviews_and_cart_lines_of_others_are_not_reachable(emma, shop_data):
    with ShoppingData(shop_data.db) as data:
        others = data.conn.execute("SELECT id FROM review WHERE customer_id IS NULL LIMIT 1").fetchone()[0]
        mine = data.customer_reviews()[0][1].id
    assert emma.get(f"/review/customer/view/id/{others}/").status_code == 404
    assert emma.get(f"/review/customer/view/id/{mine}/").status_code == 200
    key = form_key(emma, "/")
    assert emma.post("/checkout/cart/delete/", data={"form_key": key, "id": "999999"}).status_code == 404
    assert emma.post("/checkout/cart/updatePost/", data={"form_key": key, "cart[999999][qty]": "2"}).status_code == 404


@pytest.mark.parametrize("qty", ["0", "-1", "²", "1e3", "999999999999999999999999999999", ""])
def test_hostile_quantities_are_a_clear_400(shop, shop_data, qty):
    simple, _ = _simple_and_configurable(shop_data)
    key = form_key(shop, simple.url_path)
    response = shop.post("/checkout/cart/add/", data={"form_key": key, "product": simple.id, "qty": qty or " "})
    if qty == "":
        assert response.status_code == 302  # an empty box means 1, as in Magento
    else:
        assert response.status_code == 400 and "please enter a quantity" in _text(response)


def test_photos_are_served_and_match_the_data_api(shop, shop_data):
    import io

    import numpy as np
    from PIL import Image

    with ShoppingData(shop_data.db) as data:
        photo = data.product(3).photos[0]
        expected = np.asarray(photo.image(), dtype=np.float32)
    served = shop.get(photo.url_path)
    assert served.status_code == 200 and served.mimetype == "image/jpeg"
    got = np.asarray(Image.open(io.BytesIO(served.data)).convert("RGB"), dtype=np.float32)
    assert got.shape == expected.shape and np.abs(got - expected).mean() < 4  # JPEG noise only
    thumb = shop.get(photo.url_path.replace("/product/", "/product/cache/"))
    assert Image.open(io.BytesIO(thumb.data)).size[0] <= 240


BAD_VALUES = ["²", "٣", "-1", "0", "999999999999999999999999999999", "1.5", "%ff", "a" * 3000, "<script>", "1 OR 1=1"]
GET_ROUTES = [
    *SITES["shopping"].get,  # the numeric parameters (tests/sites/numeric_params.py), and more
    "/beauty-personal-care.html?product_list_order={v}&product_list_dir={v}",
    "/beauty-personal-care.html?product_list_mode={v}",
    "/catalogsearch/result/?q={v}",
    "/catalogsearch/result/index/?p={v}&q=soap&product_list_order={v}",
    "/{v}.html",
    "/rest/V1/products/{v}",
    "/rest/V1/orders?searchCriteria[pageSize]={v}",
]
POST_ROUTES = [
    *SITES["shopping"].post,
    ("/wishlist/index/cart/", {"item": "{v}"}),
    ("/catalog/product_compare/add/", {"product": "{v}"}),
    ("/review/product/post/id/{v}/", {"ratings[1]": "{v}", "nickname": "{v}", "title": "t", "detail": "d"}),
    ("/customer/address/formPost/id/{v}/", {"city": "{v}"}),
]


@pytest.mark.parametrize("value", BAD_VALUES)
def test_hostile_values_on_every_parameter_are_4xx_never_500(emma, value):
    headers = {"Authorization": f"Bearer {RESET_TOKEN}"}
    for route in GET_ROUTES:
        response = emma.get(route.replace("{v}", value), headers=headers)
        assert response.status_code in (200, 400, 404), (route, value, response.status_code)
        if response.status_code == 200 and "<script>" in value:
            assert "<script>" not in _text(response)
    key = form_key(emma, "/")
    for route, fields in POST_ROUTES:
        data = {k.replace("{v}", value): v.replace("{v}", value) for k, v in fields.items()}
        response = emma.post(route.replace("{v}", value), data={**data, "form_key": key})
        assert response.status_code in (302, 400, 404), (route, value, response.status_code)
