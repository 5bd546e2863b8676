"""URL routing of the shopping site (Magento's paths), template globals and error pages."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, get_flashed_messages, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

import sites.shopping.account_views as account_views
import sites.shopping.cart_views as cart_views
import sites.shopping.catalog_views as catalog_views
import sites.shopping.list_views as list_views
import sites.shopping.rest_views as rest_views
import sites.shopping.web as web
from sites.common.web import template_globals

ROUTES: list[tuple[str, Callable[..., ResponseReturnValue], str]] = [
    ("/", catalog_views.home, "GET"),
    ("/healthz", catalog_views.healthz, "GET"),
    ("/__reset", catalog_views.reset, "POST"),
    ("/__session", account_views.harness_session, "POST"),
    ("/media/catalog/product/<photo_id>.jpg", catalog_views.photo, "GET"),
    ("/media/catalog/product/cache/<photo_id>.jpg", catalog_views.thumb, "GET"),
    ("/catalogsearch/result/", catalog_views.search, "GET"),
    ("/catalogsearch/result/index/", catalog_views.search, "GET"),
    ("/checkout/cart/add/", cart_views.add, "POST"),
    ("/checkout/cart/", cart_views.cart, "GET"),
    ("/checkout/cart/updatePost/", cart_views.update, "POST"),
    ("/checkout/cart/delete/", cart_views.delete, "POST"),
    ("/checkout/", cart_views.checkout, "GET"),
    ("/checkout/index/", cart_views.checkout, "GET"),
    ("/checkout/placeOrder/", cart_views.place_order, "POST"),
    ("/checkout/onepage/success/", cart_views.success, "GET"),
    ("/customer/account/login/", account_views.login_form, "GET"),
    ("/customer/account/loginPost/", account_views.login_post, "POST"),
    ("/customer/account/logout/", account_views.logout, "POST"),
    ("/customer/account/logoutSuccess/", account_views.logout_success, "GET"),
    ("/customer/account/create/", account_views.register_form, "GET"),
    ("/customer/account/createpost/", account_views.register_post, "POST"),
    ("/customer/account/", account_views.dashboard, "GET"),
    ("/customer/account/index/", account_views.dashboard, "GET"),
    ("/customer/account/edit/", account_views.edit_form, "GET"),
    ("/customer/account/editPost/", account_views.edit_post, "POST"),
    ("/customer/address/", account_views.address_book, "GET"),
    ("/customer/address/index/", account_views.address_book, "GET"),
    ("/customer/address/new/", account_views.address_form, "GET"),
    ("/customer/address/formPost/", account_views.address_save, "POST"),
    ("/customer/address/edit/id/<address_id>/", account_views.address_form, "GET"),
    ("/customer/address/formPost/id/<address_id>/", account_views.address_save, "POST"),
    ("/customer/address/delete/", account_views.address_delete, "POST"),
    ("/sales/order/history/", account_views.order_history, "GET"),
    ("/sales/order/view/order_id/<order_id>/", account_views.order_view, "GET"),
    ("/sales/order/reorder/order_id/<order_id>/", account_views.reorder, "POST"),
    ("/review/product/post/id/<product_id>/", account_views.review_post, "POST"),
    ("/review/customer/", account_views.my_reviews, "GET"),
    ("/review/customer/index/", account_views.my_reviews, "GET"),
    ("/review/customer/view/id/<review_id>/", account_views.my_review, "GET"),
    ("/wishlist/", list_views.wishlist, "GET"),
    ("/wishlist/index/index/", list_views.wishlist, "GET"),
    ("/wishlist/index/add/", list_views.wishlist_add, "POST"),
    ("/wishlist/index/remove/", list_views.wishlist_remove, "POST"),
    ("/wishlist/index/cart/", list_views.wishlist_to_cart, "POST"),
    ("/catalog/product_compare/", list_views.compare, "GET"),
    ("/catalog/product_compare/index/", list_views.compare, "GET"),
    ("/catalog/product_compare/add/", list_views.compare_add, "POST"),
    ("/catalog/product_compare/remove/", list_views.compare_remove, "POST"),
    ("/catalog/product_compare/clear/", list_views.compare_clear, "POST"),
    ("/rest/V1/orders", rest_views.orders, "GET"),
    ("/rest/V1/products/<path:sku>/reviews", rest_views.reviews, "GET"),
    ("/rest/V1/products/<path:sku>", rest_views.product, "GET"),
    ("/<path:path>.html", catalog_views.by_path, "GET"),
]

TITLES = {
    400: "Bad request",
    401: "Please sign in",
    403: "Not allowed",
    404: "Whoops, our bad...",
    405: "Not allowed",
    413: "Too large",
}
MESSAGES = {
    404: "The page you requested was not found, and we have a fine guess why.",
    403: "You are not allowed to do that.",
}


def _messages():
    return get_flashed_messages(with_categories=True)


def register(app: Flask) -> None:
    for rule, view, method in ROUTES:
        app.add_url_rule(
            rule, f"{view.__module__}.{view.__name__}:{rule}", view, methods=[method], strict_slashes=False
        )
    template_globals(
        app,
        web.customer,
        web.menu,
        web.cart_count,
        web.cart_lines,
        form_key=web.csrf_token,
        price=web.format_price,
        date=web.format_date,
        messages=_messages,
    )

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        code = exc.code or 500  # every HTTPException Flask hands here has its status
        if request.path.startswith("/rest/"):
            return {"message": exc.description or exc.name}, code
        message = exc.description if code in (400, 405, 413) else MESSAGES.get(code, exc.description)
        return (render_template("error.html", code=code, title=TITLES.get(code, exc.name), message=message), code)
