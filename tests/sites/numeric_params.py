"""Registry of every numeric parameter of every embedded site (one entry per registered site with an app: checked
by test_bad_numbers.py against sites/registry.py), for the one test that sends the same family
of bad values to all of them (tests/sites/test_bad_numbers.py). A new site adds one entry: the fixture giving a
signed-in Flask test client, the name of its form token field and the page carrying it, and its routes with
`{v}` where the bad value goes (GET: a URL; POST: a URL and form fields)."""

from __future__ import annotations

from dataclasses import dataclass, field

# Unicode digits (superscript, Arabic-Indic, fullwidth), beyond 64 bits, signs, decimals, exponents, garbage.
BAD_NUMBERS = [
    "²",
    "٣",
    "１２",
    "99999999999999999999",
    "999999999999999999999999999999",
    "-1",
    "1.5",
    "1e3",
    "0x10",
    " ",
    "%ff",
    "<b>1</b>",
    "1 OR 1=1",
    "9" * 400,
]


@dataclass(frozen=True)
class SiteParams:
    client_fixture: str  # a signed-in test client
    token_field: str  # the CSRF field its forms carry
    token_page: str  # a page whose HTML holds that field
    get: list[str] = field(default_factory=list)
    post: list[tuple[str, dict[str, str]]] = field(default_factory=list)


# Classifieds: listing 5 belongs to blake (the signed-in user) in the test data.
_CL = "/index.php?page="
SITES: dict[str, SiteParams] = {
    "classifieds": SiteParams(
        "blake",
        "csrf",
        "/index.php?page=item&action=item_add",
        get=[
            _CL + "search&sCategory={v}",
            _CL + "search&sRegion={v}",
            _CL + "search&sCity={v}",
            _CL + "search&iPage={v}",
            _CL + "search&sPriceMin={v}&sPriceMax={v}",
            _CL + "item&id={v}",
            _CL + "item&action=item_edit&id={v}",
            _CL + "user&action=items&iPage={v}",
            "/oc-content/uploads/{v}.jpg",
            "/oc-content/uploads/{v}_thumbnail.jpg",
        ],
        post=[
            (
                "/index.php",
                {
                    "page": "item",
                    "action": "item_add_post",
                    "title": "A test",
                    "description": "abc",
                    "price": "{v}",
                    "sCategory": "{v}",
                    "sRegion": "{v}",
                    "sCity": "{v}",
                },
            ),
            (
                "/index.php",
                {
                    "page": "item",
                    "action": "item_edit_post",
                    "id": "5",
                    "title": "A test",
                    "description": "abc",
                    "price": "5",
                    "sCategory": "{v}",
                    "sCity": "{v}",
                    "remove_photo": "{v}",
                },
            ),
            ("/index.php", {"page": "item", "action": "item_edit_post", "id": "{v}"}),
            (
                "/index.php",
                {"page": "item", "action": "add_comment", "id": "{v}", "title": "t", "body": "b", "rating": "{v}"},
            ),
            ("/index.php", {"page": "item", "action": "item_delete", "id": "{v}"}),
            ("/index.php", {"page": "item", "action": "contact_post", "id": "{v}"}),
        ],
    ),
    "homepage": SiteParams("home", "", "", get=["/images/{v}.png", "/images/sub/{v}.png"]),
    "shopping": SiteParams(
        "emma",
        "form_key",
        "/",
        get=[
            "/beauty-personal-care.html?p={v}",
            "/beauty-personal-care.html?product_list_limit={v}",
            "/beauty-personal-care.html?price={v}",
            "/catalogsearch/result/index/?p={v}&q=soap",
            "/sales/order/view/order_id/{v}/",
            "/sales/order/history/?p={v}&limit={v}",
            "/wishlist/?limit={v}&p={v}",
            "/customer/address/edit/id/{v}/",
            "/review/customer/view/id/{v}/",
            "/media/catalog/product/{v}.jpg",
        ],
        post=[
            ("/checkout/cart/add/", {"product": "{v}", "qty": "{v}"}),
            ("/checkout/cart/delete/", {"id": "{v}"}),
            ("/checkout/cart/updatePost/", {"cart[{v}][qty]": "{v}"}),
            ("/wishlist/index/add/", {"product": "{v}"}),
            ("/wishlist/index/remove/", {"item": "{v}"}),
            ("/customer/address/delete/", {"id": "{v}"}),
            ("/sales/order/reorder/order_id/{v}/", {}),
        ],
    ),
    "reddit": SiteParams(
        "marvel",
        "token",
        "/submit",
        get=[
            "/f/books/{v}/a-slug",
            "/f/books/{v}/-/comment/{v}",
            "/f/books/{v}/-/edit",
            "/messages/thread/{v}",
            "/new?next[ranking]={v}&next[id]={v}",
            "/all/new?next[id]={v}&next[ranking]={v}",
            "/submission_images/{v}.jpg",
        ],
        post=[
            ("/sv/{v}", {"choice": "{v}"}),
            ("/cv/{v}", {"choice": "{v}"}),
            ("/f/books/{v}/-/comment", {"comment[comment]": "x"}),
            ("/f/books/{v}/-/comment/{v}/reply", {"comment[comment]": "x"}),
            ("/f/books/{v}/-/delete", {}),
            ("/messages/thread/{v}/reply", {"message[body]": "x"}),
        ],
    ),
}
