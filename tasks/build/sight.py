"""What the sighted agent looks for at each element step of a reference solution (`sight`).

A reference step names its element by CSS for the reference agent; the sighted agent (agent/agents/
sighted.py) may not use that, so every click, hover and type step also gets `sight`: the visible text of
the element, the label of the form field, or a picture of the item to find, rendered here from the item's
spec in the pristine data (never read from a page). The rules below map each CSS form the builders write to
what a person sees there; a step no rule knows is a build error, so a new template cannot slip through
without one.

Pictures are written under tasks/sight/<suite>/ (not tasks/images/, which the homepage serves to the
agent's browser), named by a hash of their pixels.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache

from PIL import Image

from .encoded import encode

PICTURE_SIZE = (160, 120)  # enough for a 32x32 comparison, small in the repository


class NoSightRule(ValueError):
    """A solution step whose CSS no rule here knows."""


@cache
def _data(site: str):
    """The pristine data of a site, opened by its suite module (the registry's SiteSpec.suite_module)."""
    from tasks.build import site_module, suite_settings

    return site_module(site).open_pristine(suite_settings())


def listing_picture(item_id: int) -> Image.Image:
    """The first photo of a classifieds listing, as the site renders it."""
    from sites.common.photos import PhotoRow, render_generated

    row = (
        _data("classifieds")
        .conn.execute("SELECT * FROM photo WHERE item_id = ? ORDER BY position, id LIMIT 1", (item_id,))
        .fetchone()
    )
    if row is None:
        raise NoSightRule(f"listing {item_id} has no photo to look for")
    return render_generated(PhotoRow.from_row(row))


def product_picture(url_path: str) -> Image.Image:
    """The first photo of the store product at `url_path` (/<url-key>.html)."""
    data = _data("shopping")
    key = url_path.strip("/").removesuffix(".html")
    row = data.conn.execute("SELECT id FROM product WHERE url_key = ?", (key,)).fetchone()
    if row is None:
        raise NoSightRule(f"no product with URL {url_path!r}")
    return data.product(row["id"]).photos[0].image()


def _category_name(url_path: str) -> str:
    row = _data("shopping").conn.execute("SELECT name FROM category WHERE url_path = ?", (url_path,)).fetchone()
    if row is None:
        raise NoSightRule(f"no store category at {url_path!r}")
    return row["name"]


def _comment_author(comment_id: int) -> str:
    conn = _data("reddit").conn
    row = conn.execute(
        "SELECT user.username FROM comment JOIN user ON user.id = comment.user_id WHERE comment.id = ?", (comment_id,)
    ).fetchone()
    if row is None:
        raise NoSightRule(f"no forum comment {comment_id}")
    return row[0]


def _address_label(field: str) -> str:
    from sites.shopping.cart_views import FIELD_LABELS

    return FIELD_LABELS[field]


def _quoted(css: str) -> str:
    m = re.search(r"\[[\w-]+\*?=['\"]([^'\"]*)['\"]\]", css)
    if not m:
        raise NoSightRule(f"no quoted attribute value in {css!r}")
    return m.group(1)


def _item_id(css: str) -> int:
    m = re.search(r"[?&]id=(\d+)", css)
    if not m:
        raise NoSightRule(f"no listing id in {css!r}")
    return int(m.group(1))


# (pattern of the CSS, function(css, match, solution) -> sight dict, or "picture:<kind>" handled below)
def _rules():
    def text(value, tag=None):
        return lambda css, m, sol: {"text": value(m) if callable(value) else value, **({"tag": tag} if tag else {})}

    def after(label):
        return lambda css, m, sol: {"after": label}

    return [
        # classifieds
        (r"^a\.card-title\[href=", lambda css, m, sol: {"picture": ("listing", _item_id(css))}),
        (r"^\.user-item-actions a\[href=", lambda css, m, sol: {"picture": ("listing", _item_id(css)), "near": "Edit"}),
        (r"^(#comment-form )?input\[name=title\]$", after("Title")),
        (r"^textarea\[name=description\]$", after("Description")),
        (r"^input\[name=price\]$", after("Price ($)")),
        (r"^select\[name=sCategory\]$", after("Category")),
        (r"^select\[name=sRegion\]$", after("State")),
        (r"^select\[name=sCity\]$", after("City")),
        (r"^#comment-form input\[name=rating\]\[value='(\d)'\]$", text(lambda m: f"{m.group(1)} ★")),
        (r"^#comment-form textarea\[name=body\]$", after("Comment")),
        (r"^#comment-form button\[type=submit\]$", text("Post comment", "BUTTON")),
        (
            r"^button\.btn-publish$",
            lambda css, m, sol: {
                "text": "Save changes"
                if any("item_edit" in (s.get("css") or "") + (s.get("url") or "") for s in sol)
                else "Publish",
                "tag": "BUTTON",
            },
        ),
        # shopping
        (r"^\.product-item-link\[href=", lambda css, m, sol: {"picture": ("product", _quoted(css))}),
        (r"^#product-addtocart-button$", text("Add to Cart", "BUTTON")),
        (r"^#shipping-next$", text("Next", "BUTTON")),
        (r"^#payment button\.checkout$", text("Place Order", "BUTTON")),
        (r"^#qty$", after("Qty")),
        (r"^#tab-label-reviews-title$", text("Reviews", "A")),
        (
            r"^label\[for=Rating_(\d)\]$",
            text(lambda m: f"{m.group(1)} star{'s' if m.group(1) != '1' else ''}", "LABEL"),
        ),
        (r"^#nickname_field$", after("Nickname")),
        (r"^#summary_field$", after("Summary")),
        (r"^#review_field$", after("Review")),
        (r"^#review-form button\.submit$", text("Submit Review", "BUTTON")),
        (r"^button\.towishlist$", text("Add to Wish List", "BUTTON")),
        (r"^button\.tocompare$", text("Add to Compare", "BUTTON")),
        (
            r"^button\.action\.save$",
            lambda css, m, sol: {
                "text": "Save"
                if any("/customer/account/edit" in (s.get("url") or "") for s in sol)
                else "Save Address",
                "tag": "BUTTON",
            },
        ),
        (r"^#search$", text("Search entire store here...", "INPUT")),
        (r"^\.swatch-attribute\.\w+ \.swatch-option\[option-label='([^']*)'\]$", text(lambda m: m.group(1), "LABEL")),
        (
            r"^#narrow-by-list a\[href\*='price=(\d+)-(\d+)'\]$",
            text(lambda m: f"${int(m.group(1)):,.2f} - ${int(m.group(2)) - 0.01:,.2f}", "A"),
        ),
        (r"^\.pages-items a\.page\[href\*='p=(\d+)&'\]$", text(lambda m: m.group(1), "A")),
        (
            r"^\.breadcrumbs a\[href='/([^']*)\.html'\]$",
            lambda css, m, sol: {"text": _category_name(m.group(1)), "tag": "A"},
        ),
        (r"^\.modes-mode\.mode-list$", text("List", "A")),
        # reddit
        (r"^div\.submission__vote button\.vote__up$", text("\u25b2", "BUTTON")),
        (r"^div\.submission__vote button\.vote__down$", text("\u25bc", "BUTTON")),
        (r"^#sidebar form\.subscribe-form button$", text("Subscribe", "BUTTON")),
        (r"^form\.comment-form--top textarea$", text("Write a comment (markdown allowed)", "TEXTAREA")),
        (r"^form\.comment-form--top button\[type=submit\]$", text("Post comment", "BUTTON")),
        (r"^#submission_title$", after("Title")),
        (r"^#submission_url$", after("URL")),
        (r"^#submission_body$", after("Body")),
        (r"^#submission_forum$", after("Forum")),
        (r"^#submission_submit$", text("Create submission", "BUTTON")),
        (r"^#message_title$", after("Subject")),
        (r"^#message_body$", after("Message")),
        (r"^form\[action\$='/compose_message'\] button\[type=submit\]$", text("Send", "BUTTON")),
        (r"^form\[action\$='/block_user'\] button\[type=submit\]$", text("Block", "BUTTON")),
        (
            r"^#comment_(\d+) > \.comment__row details\.comment__reply > summary$",
            lambda css, m, sol: {"text": "Reply", "after": _comment_author(int(m.group(1)))},
        ),
        (r"^#reply_to_comment_(\d+)$", lambda css, m, sol: {"after": _comment_author(int(m.group(1)))}),
        (r"^form\[action\$='/comment/\d+/reply'\] button\[type=submit\]$", text("Post reply", "BUTTON")),
        (
            r"^input\[name=(firstname|lastname|street|city|region|postcode|country|telephone)\]$",
            lambda css, m, sol: {"after": _address_label(m.group(1))},
        ),
    ]


def sight_of(step: dict, solution: list[dict]) -> dict:
    """The `sight` of one element step (pictures still as (kind, key) to render)."""
    css = step.get("css") or ""
    for pattern, make in _rules():
        m = re.search(pattern, css)
        if m:
            return make(css, m, solution)
    raise NoSightRule(f"no sight rule for a {step['do']} step on {css!r}: add one to tasks/build/sight.py")


def png_of(image: Image.Image) -> bytes:
    small = image.convert("RGB").resize(PICTURE_SIZE, Image.Resampling.LANCZOS)
    return encode(small, "PNG", optimize=True)


def render_picture(kind: str, key) -> bytes:
    if kind == "listing":
        return png_of(listing_picture(key))
    if kind == "product":
        return png_of(product_picture(key))
    raise NoSightRule(f"unknown picture kind {kind!r}")


_RENDERED: dict[tuple, bytes] = {}


def _rendered(picture: tuple) -> bytes:
    """render_picture(*picture), once per process (the pristine data a picture is rendered from never changes:
    a suite built twice, or the multi-site suite after the store's, draws each picture once)."""
    blob = _RENDERED.get(picture)
    if blob is None:
        blob = _RENDERED[picture] = render_picture(*picture)
    return blob


def with_sight(solution: list[dict], pictures: dict[str, bytes], suite_name: str) -> list[dict]:
    """The solution with `sight` on every element step; the pictures it names are added to `pictures`
    (file name -> PNG bytes), named by a hash of their content."""
    out = []
    for step in solution:
        if step.get("do") in ("click", "hover", "type") and "sight" not in step:
            sight = sight_of(step, solution)
            if "picture" in sight:
                blob = _rendered(tuple(sight["picture"]))
                name = hashlib.sha256(blob).hexdigest()[:16] + ".png"
                pictures[name] = blob
                sight = {**sight, "picture": f"sight/{suite_name}/{name}"}
            step = {**step, "sight": sight}
        out.append(step)
    return out


# ---- forum posts reached by browsing (issue 34, appended): a post's thumbnail in a listing is found by its
# picture, rendered from the post's image row in the pristine data as the site renders it; the links a person
# follows from a post to its author and from a profile to messaging or blocking by their visible text.


def post_picture(post_id: int) -> Image.Image:
    """The picture of forum post `post_id`, as the site renders its thumbnail (what a listing shows)."""
    from sites.reddit.browse_views import THUMB_SIZE, render_image_row

    row = (
        _data("reddit")
        .conn.execute(
            "SELECT image.* FROM image JOIN submission ON submission.image_id = image.id WHERE submission.id = ?",
            (post_id,),
        )
        .fetchone()
    )
    if row is None:
        raise NoSightRule(f"forum post {post_id} has no picture to look for")
    return render_image_row(row, THUMB_SIZE)


def _post_author(post_id: int) -> str:
    row = (
        _data("reddit")
        .conn.execute(
            "SELECT user.username FROM submission JOIN user ON user.id = submission.user_id WHERE submission.id = ?",
            (post_id,),
        )
        .fetchone()
    )
    if row is None:
        raise NoSightRule(f"no forum post {post_id}")
    return row[0]


def _post_title(post_id: int) -> str:
    row = _data("reddit").conn.execute("SELECT title FROM submission WHERE id = ?", (post_id,)).fetchone()
    if row is None:
        raise NoSightRule(f"no forum post {post_id}")
    return row[0]


_RULES_BEFORE_FORUM_BROWSING = _rules
_RENDER_BEFORE_FORUM_BROWSING = render_picture


def _forum_browsing_rules():
    def text(value, tag=None):
        return lambda css, m, sol: {"text": value(m) if callable(value) else value, **({"tag": tag} if tag else {})}

    def submitter(css, m, sol):
        posts = [
            int(x)
            for step in sol
            for x in re.findall(r"thumbnail-link\[href\^='/f/[^/]+/(\d+)/'\]", step.get("css") or "")
            + re.findall(r"^__REDDIT__/f/[^/]+/(\d+)$", step.get("url") or "")
        ]
        if not posts:
            raise NoSightRule(f"{css!r}: no post opened before it in the solution")
        return {"text": _post_author(posts[-1]), "tag": "A"}

    return [
        (
            r"^a\.submission__thumbnail-link\[href\^='/f/[^/]+/(\d+)/'\]$",
            lambda css, m, sol: {"picture": ("post", int(m.group(1)))},
        ),
        (r"^a\.submission__link\[href\^='/f/[^/]+/(\d+)/'\]$", text(lambda m: _post_title(int(m.group(1))), "A")),
        (r"^\.submission--full a\.submission__submitter$", submitter),
        (r"^#sidebar a\[href\$='/compose_message'\]$", text("Send message", "A")),
        (r"^#sidebar a\[href\$='/block_user'\]$", text("Block user", "A")),
        (r"^a\.site-nav__link\[href='/forums'\]$", text("Forums", "A")),
        (r"^a\.tab\[href='/forums/all'\]$", text("Alphabetical list", "A")),
        (r"^\.alphabetical-forums a\[href='/f/([^']+)'\]$", text(lambda m: m.group(1), "A")),
        (
            r"^\.sort-tabs a\[href='/f/[^/']+/(new|active|top|controversial|most_commented)'\]$",
            text(lambda m: m.group(1).replace("_", " ").capitalize(), "A"),
        ),
    ]


def _rules():  # type: ignore[no-redef]  # the rules above plus the forum's browsing rules
    return _RULES_BEFORE_FORUM_BROWSING() + _forum_browsing_rules()


def render_picture(kind: str, key) -> bytes:  # type: ignore[no-redef]  # plus forum posts' pictures
    if kind == "post":
        return png_of(post_picture(key))
    return _RENDER_BEFORE_FORUM_BROWSING(kind, key)


# ---- classifieds search box (issue 33, round 2, appended): the header's search field by its placeholder.

_RULES_BEFORE_CLASSIFIEDS_SEARCH = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus the classifieds header search box
    return [
        *_RULES_BEFORE_CLASSIFIEDS_SEARCH(),
        (
            r"^\.header-search input\[name=sPattern\]$",
            lambda css, m, sol: {"text": "What are you looking for?", "tag": "INPUT"},
        ),
        (r"^\.filters input\[name=sPriceMin\]$", lambda css, m, sol: {"after": "Min price"}),
        (r"^\.filters input\[name=sPriceMax\]$", lambda css, m, sol: {"after": "Max price"}),
    ]


# ---- a forum user's Submissions tab (issue 34, round 3, appended): the profile's tab listing their posts only.

_RULES_BEFORE_USER_SUBMISSIONS = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus the profile's Submissions tab
    return [
        *_RULES_BEFORE_USER_SUBMISSIONS(),
        (r"^a\.tab\[href='/user/[^/']+/submissions'\]$", lambda css, m, sol: {"text": "Submissions", "tag": "A"}),
    ]


# ---- store account dashboard (issue 35, round 3, appended): the "Edit Address" link of one address box, found
# after the box's title (both boxes have a link of that text).

_RULES_BEFORE_DASHBOARD_BOXES = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus the dashboard's address boxes
    return [
        *_RULES_BEFORE_DASHBOARD_BOXES(),
        (
            r"^\.box-address-(billing|shipping) a\.action\.edit$",
            lambda css, m, sol: {"text": "Edit Address", "after": f"Default {m.group(1).title()} Address"},
        ),
    ]


# ---- forum header search box (issue 34, round 4, helper r4-rda, appended): the search field by its placeholder.

_RULES_BEFORE_FORUM_SEARCH = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus the forum's header search box
    return [
        *_RULES_BEFORE_FORUM_SEARCH(),
        (r"^form\.site-nav__search input\[name=q\]$", lambda css, m, sol: {"text": "Search", "tag": "INPUT"}),
    ]


# ---- a user's Comments tab and the link of one of their comments, by the post's title (issue 34, round 4, helper
# r4-rda, appended).

_RULES_BEFORE_USER_COMMENTS = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus a profile's Comments tab and its links
    return [
        *_RULES_BEFORE_USER_COMMENTS(),
        (r"^a\.tab\[href='/user/[^/']+/comments'\]$", lambda css, m, sol: {"text": "Comments", "tag": "A"}),
        (
            r"^\.user-comment__context a\[href='/f/[^/']+/(\d+)/-/comment/\d+'\]$",
            lambda css, m, sol: {"text": _post_title(int(m.group(1))), "tag": "A"},
        ),
    ]


# ---- a forum listing's time window (issue 34, round 4, helper r4-rdb, appended): the tab under a timed sort
# ("Past month", "All time"...) by its visible text.

_RULES_BEFORE_TIME_TABS = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus the forum's time tabs
    return [
        *_RULES_BEFORE_TIME_TABS(),
        (
            r"^\.time-tabs a\[href='/f/[^/']+/\w+\?t=(day|week|month|year|all)'\]$",
            lambda css, m, sol: {"text": "All time" if m.group(1) == "all" else f"Past {m.group(1)}", "tag": "A"},
        ),
    ]


# ---- the author of one post of a listing (issue 34, round 5, helper r5-rda, appended): the "Submitted by" link of
# the post whose id the step names, by the author's name.

_RULES_BEFORE_LISTING_SUBMITTERS = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus a listing post's submitter link
    return [
        *_RULES_BEFORE_LISTING_SUBMITTERS(),
        (
            r"^article\[data-id='(\d+)'\] a\.submission__submitter$",
            lambda css, m, sol: {"text": _post_author(int(m.group(1))), "tag": "A"},
        ),
    ]


# ---- the author of one comment (issue 34, round 5, helper r5-rda, appended): the comment's own author link, by name.

_RULES_BEFORE_COMMENT_AUTHORS = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus a comment's author link
    return [
        *_RULES_BEFORE_COMMENT_AUTHORS(),
        (
            r"^#comment_(\d+) > \.comment__row a\.comment__author$",
            lambda css, m, sol: {"text": _comment_author(int(m.group(1))), "tag": "A"},
        ),
    ]


# ---- the way to an order's page (issue 35, round 5, helper r5-sp, appended): the header's My Account, the account
# menu's My Orders and an order's View Order link, found after the order's number in its row.

_RULES_BEFORE_ORDER_LINKS = _rules


def _order_number(order_id: int) -> str:
    row = _data("shopping").conn.execute("SELECT increment_id FROM sales_order WHERE id = ?", (order_id,)).fetchone()
    if row is None:
        raise NoSightRule(f"no store order {order_id}")
    return row[0]


def _rules():  # type: ignore[no-redef]  # the rules above plus the links to an order's page
    return [
        *_RULES_BEFORE_ORDER_LINKS(),
        (r"^\.header\.links a\[href='/customer/account/'\]$", lambda css, m, sol: {"text": "My Account", "tag": "A"}),
        (r"^\.account-nav a\[href='/sales/order/history/'\]$", lambda css, m, sol: {"text": "My Orders", "tag": "A"}),
        (
            r"^#my-orders-table a\.action\.view\[href='/sales/order/view/order_id/(\d+)/'\]$",
            lambda css, m, sol: {"text": "View Order", "after": _order_number(int(m.group(1))), "tag": "A"},
        ),
    ]


# ---- Wikipedia looked up by its search box (issue 34, round 5, appended): kiwix-serve's search field by its label,
# and a hit of the results page by the article's title (its path read back: "A/Snowy_owl" is "Snowy owl").

_RULES_BEFORE_WIKI_SEARCH = _rules


def _rules():  # type: ignore[no-redef]  # the rules above plus kiwix-serve's search box and its hits
    from urllib.parse import unquote

    return [
        *_RULES_BEFORE_WIKI_SEARCH(),
        (r"^#kiwixsearchbox$", lambda css, m, sol: {"text": "Search 'Wikipedia'", "tag": "INPUT"}),
        (
            r"^\.results a\[href='/[^/']+/A/([^']+)'\]$",
            lambda css, m, sol: {"text": unquote(m.group(1)).replace("_", " "), "tag": "A"},
        ),
    ]
