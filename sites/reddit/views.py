"""URL routing of the forum (Postmill's paths) and error pages."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

import sites.reddit.account_views as acc
import sites.reddit.browse_views as browse
import sites.reddit.post_views as posts
import sites.reddit.queries as queries
import sites.reddit.web as web
from sites.common.web import template_globals


def forum_or_post(forum_name: str, segment: str):
    """`/f/FORUM/<sort>` is a listing, `/f/FORUM/<id>` a post."""
    if segment in queries.SORTS:
        return browse.forum_listing(forum_name, segment)
    return posts.show(forum_name, segment)


def front_sort(sort: str):
    return browse.front(sort)


RULES: list[tuple[str, str, Callable[..., ResponseReturnValue], list[str]]] = [
    # (path, endpoint, view, methods)
    ("/", "front", browse.front, ["GET"]),
    ("/<any(hot,new,active,top,controversial,most_commented):sort>", "front_sort", front_sort, ["GET"]),
    ("/all", "all", browse.all_forums, ["GET"]),
    ("/all/<sort>", "all_sort", browse.all_forums, ["GET"]),
    ("/forums", "forums", browse.forum_list, ["GET"]),
    ("/forums/all", "forums_all", browse.forum_list_all, ["GET"]),
    ("/search", "search", browse.search, ["GET"]),
    ("/f/<forum_name>", "forum", browse.forum_listing, ["GET"]),
    ("/f/<forum_name>/<segment>", "forum_or_post", forum_or_post, ["GET"]),
    ("/f/<forum_name>/<post_id>/<slug>", "post", posts.show, ["GET"]),
    ("/f/<forum_name>/<post_id>/-/comment/<comment_id>", "comment", posts.show, ["GET"]),
    ("/f/<forum_name>/<post_id>/-/comment", "comment_post", posts.comment, ["POST"]),
    ("/f/<forum_name>/<post_id>/-/comment/<parent_id>/reply", "reply_post", posts.comment, ["POST"]),
    ("/f/<forum_name>/<post_id>/-/comment/<comment_id>/edit", "comment_edit_form", posts.comment_edit_form, ["GET"]),
    ("/f/<forum_name>/<post_id>/-/comment/<comment_id>/edit", "comment_edit", posts.comment_edit, ["POST"]),
    ("/f/<forum_name>/<post_id>/-/comment/<comment_id>/delete", "comment_delete", posts.comment_delete, ["POST"]),
    ("/f/<forum_name>/<post_id>/-/edit", "edit_form", posts.edit_form, ["GET"]),
    ("/f/<forum_name>/<post_id>/-/edit", "edit", posts.edit, ["POST"]),
    ("/f/<forum_name>/<post_id>/-/delete", "delete", posts.delete, ["POST"]),
    ("/f/<forum_name>/subscribe", "subscribe", acc.subscribe, ["POST"]),
    ("/f/<forum_name>/unsubscribe", "unsubscribe", acc.unsubscribe, ["POST"]),
    ("/submit", "submit_form", posts.submit_form, ["GET"]),
    ("/submit", "submit", posts.submit, ["POST"]),
    ("/submit/<forum_name>", "submit_form_forum", posts.submit_form, ["GET"]),
    ("/submit/<forum_name>", "submit_forum", posts.submit, ["POST"]),
    ("/sv/<post_id>", "vote_submission", posts.vote_submission, ["POST"]),
    ("/cv/<comment_id>", "vote_comment", posts.vote_comment, ["POST"]),
    ("/user/<username>", "user", browse.user_page, ["GET"]),
    ("/user/<username>/<any(submissions,comments):section>", "user_section", browse.user_page, ["GET"]),
    ("/user/<username>/compose_message", "compose_form", acc.compose_form, ["GET"]),
    ("/user/<username>/compose_message", "compose", acc.compose, ["POST"]),
    ("/user/<username>/block_user", "block_form", acc.block_form, ["GET"]),
    ("/user/<username>/block_user", "block", acc.block, ["POST"]),
    ("/user/<username>/unblock_user", "unblock", acc.unblock, ["POST"]),
    ("/block_list", "block_list", acc.block_list, ["GET"]),
    ("/user/<username>/block_list", "user_block_list", acc.block_list, ["GET"]),
    ("/messages", "messages", acc.inbox, ["GET"]),
    ("/messages/thread/<thread_id>", "thread", acc.thread, ["GET"]),
    ("/messages/thread/<thread_id>/reply", "thread_reply", acc.thread_reply, ["POST"]),
    ("/login", "login_form", acc.login_form, ["GET"]),
    ("/login", "login", acc.login, ["POST"]),
    ("/login_check", "login_check", acc.login, ["POST"]),
    ("/logout", "logout", acc.logout, ["POST"]),
    ("/registration", "register_form", acc.register_form, ["GET"]),
    ("/registration", "register", acc.register, ["POST"]),
    ("/submission_images/<file_name>", "image", browse.image, ["GET"]),
    (
        "/media/cache/resolve/submission_thumbnail_1x/submission_images/<file_name>",
        "thumbnail",
        browse.thumbnail,
        ["GET"],
    ),
    ("/healthz", "healthz", browse.healthz, ["GET"]),
    ("/__reset", "reset", browse.reset, ["POST"]),
    ("/__session", "harness_session", acc.harness_session, ["POST"]),
]

TITLES = {
    400: "Bad request",
    401: "Please log in",
    403: "Not allowed",
    404: "Page not found",
    405: "Method not allowed",
    413: "Too large",
}


def register(app: Flask) -> None:
    for path, endpoint, view, methods in RULES:
        app.add_url_rule(path, endpoint, view, methods=methods, strict_slashes=False)
    app.add_url_rule("/register", "register_alias", acc.register_form, methods=["GET"])
    helpers = (web.current_user, web.csrf_token, web.markdown, web.iso, web.ago, web.long_date, web.post_path)
    template_globals(app, *helpers, sorts=queries.SORTS, timed_sorts=queries.TIMED_SORTS)

    @app.context_processor
    def _me():
        return {"me": web.current_user(), "my_subscriptions": web.subscription_names}

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        if exc.code in (301, 302, 303, 307, 308):
            return exc
        code = exc.code or 500  # every HTTPException Flask hands here has its status
        message = exc.description
        if code == 404 and not request.view_args:
            message = "The page you are looking for does not exist."
        return render_template("error.html", code=code, title=TITLES.get(code, exc.name), message=message), code
