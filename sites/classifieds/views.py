"""URL routing of the classifieds site. Like OSClass, every page is /index.php?page=...&action=...;
this module maps (page, action, method) to a handler and renders errors as pages."""

from __future__ import annotations

from flask import Flask, abort, render_template, request
from werkzeug.exceptions import HTTPException

import sites.classifieds.account_views as account_views
import sites.classifieds.browse_views as browse_views
import sites.classifieds.post_views as post_views
import sites.classifieds.web as web
from sites.classifieds.queries import BadParameter, UnknownId
from sites.common.web import template_globals

# (page, action, method) -> handler. action None = no action parameter.
ROUTES = {
    ("", None, "GET"): browse_views.home,
    ("main", None, "GET"): browse_views.home,
    ("search", None, "GET"): browse_views.search,
    ("item", None, "GET"): browse_views.item,
    ("item", "item_add", "GET"): post_views.add_form,
    ("item", "item_add_post", "POST"): post_views.add_post,
    ("item", "item_add", "POST"): post_views.add_post,
    ("item", "item_edit", "GET"): post_views.edit_form,
    ("item", "item_edit_post", "POST"): post_views.edit_post,
    ("item", "item_edit", "POST"): post_views.edit_post,
    ("item", "item_delete", "POST"): post_views.delete,
    ("item", "add_comment", "POST"): post_views.add_comment,
    ("item", "contact_post", "POST"): post_views.contact,
    ("login", None, "GET"): account_views.login_form,
    ("login", "login_post", "POST"): account_views.login_post,
    ("main", "logout", "POST"): account_views.logout,
    ("register", None, "GET"): account_views.register_form,
    ("register", "register_post", "POST"): account_views.register_post,
    ("user", "items", "GET"): account_views.my_items,
    ("user", "profile", "GET"): account_views.profile,
    ("user", "profile_post", "POST"): account_views.profile_post,
    ("reset", None, "POST"): account_views.reset,
    ("session", None, "POST"): account_views.harness_session,
}


def dispatch():
    values = request.values
    page = values.get("page", "").strip()
    action = values.get("action", "").strip() or None
    handler = ROUTES.get((page, action, request.method))
    if handler is None:
        # An unknown action of a known page falls back to the page itself (GET only), like OSClass.
        handler = ROUTES.get((page, None, request.method)) if request.method == "GET" else None
    if handler is None:
        if any(key[0] == page for key in ROUTES):
            abort(405 if request.method == "POST" else 404)
        abort(404)
    return handler()


def register(app: Flask) -> None:
    app.add_url_rule("/", "root", dispatch, methods=["GET", "POST"])
    app.add_url_rule("/index.php", "index", dispatch, methods=["GET", "POST"])
    app.add_url_rule("/oc-content/uploads/<name>", "photo", browse_views.photo_file)
    app.add_url_rule("/healthz", "healthz", browse_views.healthz)

    template_globals(app, web.current_user, web.csrf_token, price=web.format_price, date=web.format_date)

    @app.errorhandler(BadParameter)
    def _bad_parameter(exc):
        if isinstance(exc, UnknownId):
            return render_template("error.html", code=404, title="Page not found", message=str(exc)), 404
        return render_template("error.html", code=400, title="Bad request", message=str(exc)), 400

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        titles = {401: "Please log in", 403: "Not allowed", 404: "Page not found"}
        messages = {
            401: "You need to be logged in to do that.",
            403: "You can only change your own listings.",
            404: "The page you are looking for does not exist or was removed.",
        }
        code = exc.code or 500  # every HTTPException Flask hands here has its status
        message = exc.description if code in (400, 405, 413) else messages.get(code, exc.description)
        return (render_template("error.html", code=code, title=titles.get(code, exc.name), message=message), code)
