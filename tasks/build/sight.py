"""What the sighted agent looks for at each element step of a reference solution (`sight`).

A reference step names its element by CSS for the reference agent; the sighted agent (agent/agents/
sighted.py) may not use that, so every click, hover and type step also gets `sight`: the visible text of
the element, the label of the form field, or a picture of the item to find, rendered here from the item's
spec in the pristine data (never read from a page). The rules below map each CSS form the builders write to
what a person sees there; a step no rule knows is a build error, so a new template cannot slip through
without one.

The rules are one list per site (`_classifieds_rules`, `_shopping_rules`, `_reddit_rules`, `_wikipedia_rules`):
a new rule is one more entry in its site's list, with a comment saying what a person finds there. No two rules
match one CSS (tests/tasks/test_sight_rules.py holds every step of the suites to exactly one), so the order of
the lists does not matter.

Pictures are written under tasks/sight/<suite>/ (not tasks/images/, which the homepage serves to the
agent's browser), named by a hash of their pixels.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from urllib.parse import unquote

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


def _one(site: str, sql: str, params: tuple, missing: str):
    """The one row `sql` finds in the pristine data of `site`; NoSightRule(`missing`) if there is none."""
    row = _data(site).conn.execute(sql, params).fetchone()
    if row is None:
        raise NoSightRule(missing)
    return row


def listing_picture(item_id: int) -> Image.Image:
    """The first photo of a classifieds listing, as the site renders it."""
    from sites.common.photos import PhotoRow, render_generated

    row = _one(
        "classifieds",
        "SELECT * FROM photo WHERE item_id = ? ORDER BY position, id LIMIT 1",
        (item_id,),
        f"listing {item_id} has no photo to look for",
    )
    return render_generated(PhotoRow.from_row(row))


def product_picture(url_path: str) -> Image.Image:
    """The first photo of the store product at `url_path` (/<url-key>.html)."""
    key = url_path.strip("/").removesuffix(".html")
    row = _one("shopping", "SELECT id FROM product WHERE url_key = ?", (key,), f"no product with URL {url_path!r}")
    return _data("shopping").product(row["id"]).photos[0].image()


def post_picture(post_id: int) -> Image.Image:
    """The picture of forum post `post_id`, as the site renders its thumbnail (what a listing shows)."""
    from sites.reddit.browse_views import THUMB_SIZE, render_image_row

    row = _one(
        "reddit",
        "SELECT image.* FROM image JOIN submission ON submission.image_id = image.id WHERE submission.id = ?",
        (post_id,),
        f"forum post {post_id} has no picture to look for",
    )
    return render_image_row(row, THUMB_SIZE)


def _post_author(post_id: int) -> str:
    sql = "SELECT user.username FROM submission JOIN user ON user.id = submission.user_id WHERE submission.id = ?"
    return _one("reddit", sql, (post_id,), f"no forum post {post_id}")[0]


def _post_title(post_id: int) -> str:
    return _one("reddit", "SELECT title FROM submission WHERE id = ?", (post_id,), f"no forum post {post_id}")[0]


def _category_name(url_path: str) -> str:
    sql = "SELECT name FROM category WHERE url_path = ?"
    return _one("shopping", sql, (url_path,), f"no store category at {url_path!r}")["name"]


def _comment_author(comment_id: int) -> str:
    sql = "SELECT user.username FROM comment JOIN user ON user.id = comment.user_id WHERE comment.id = ?"
    return _one("reddit", sql, (comment_id,), f"no forum comment {comment_id}")[0]


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


def _order_number(order_id: int) -> str:
    sql = "SELECT increment_id FROM sales_order WHERE id = ?"
    return _one("shopping", sql, (order_id,), f"no store order {order_id}")[0]


def _text(value, tag=None):
    """A rule's sight: the element's visible text (a string, or made from the CSS's match), and its tag."""
    return lambda css, m, sol: {"text": value(m) if callable(value) else value, **({"tag": tag} if tag else {})}


def _after(label):
    """A rule's sight: the form field after its label."""
    return lambda css, m, sol: {"after": label}


def _publish_button(css, m, sol):
    editing = any("item_edit" in (s.get("css") or "") + (s.get("url") or "") for s in sol)
    return {"text": "Save changes" if editing else "Publish", "tag": "BUTTON"}


def _save_button(css, m, sol):
    editing = any("/customer/account/edit" in (s.get("url") or "") for s in sol)
    return {"text": "Save" if editing else "Save Address", "tag": "BUTTON"}


def _submitter(css, m, sol):
    """The author link of the post the solution opened last."""
    posts = [
        int(x)
        for step in sol
        for x in re.findall(r"thumbnail-link\[href\^='/f/[^/]+/(\d+)/'\]", step.get("css") or "")
        + re.findall(r"^__REDDIT__/f/[^/]+/(\d+)$", step.get("url") or "")
    ]
    if not posts:
        raise NoSightRule(f"{css!r}: no post opened before it in the solution")
    return {"text": _post_author(posts[-1]), "tag": "A"}


def _rules():
    """Every rule: (pattern of the CSS, function(css, match, solution) -> sight dict)."""
    return [*_classifieds_rules(), *_shopping_rules(), *_reddit_rules(), *_wikipedia_rules()]


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
    if kind == "post":
        return png_of(post_picture(key))
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


def _classifieds_rules():
    return [
        (r"^a\.card-title\[href=", lambda css, m, sol: {"picture": ("listing", _item_id(css))}),
        (r"^\.user-item-actions a\[href=", lambda css, m, sol: {"picture": ("listing", _item_id(css)), "near": "Edit"}),
        (r"^(#comment-form )?input\[name=title\]$", _after("Title")),
        (r"^textarea\[name=description\]$", _after("Description")),
        (r"^input\[name=price\]$", _after("Price ($)")),
        (r"^select\[name=sCategory\]$", _after("Category")),
        (r"^select\[name=sRegion\]$", _after("State")),
        (r"^select\[name=sCity\]$", _after("City")),
        (r"^#comment-form input\[name=rating\]\[value='(\d)'\]$", _text(lambda m: f"{m.group(1)} ★")),
        (r"^#comment-form textarea\[name=body\]$", _after("Comment")),
        (r"^#comment-form button\[type=submit\]$", _text("Post comment", "BUTTON")),
        (r"^button\.btn-publish$", _publish_button),
        # the header's search field by its placeholder; the price filters by their labels
        (r"^\.header-search input\[name=sPattern\]$", _text("What are you looking for?", "INPUT")),
        (r"^\.filters input\[name=sPriceMin\]$", _after("Min price")),
        (r"^\.filters input\[name=sPriceMax\]$", _after("Max price")),
    ]


def _shopping_rules():
    return [
        (r"^\.product-item-link\[href=", lambda css, m, sol: {"picture": ("product", _quoted(css))}),
        (r"^#product-addtocart-button$", _text("Add to Cart", "BUTTON")),
        (r"^#shipping-next$", _text("Next", "BUTTON")),
        (r"^#payment button\.checkout$", _text("Place Order", "BUTTON")),
        (r"^#qty$", _after("Qty")),
        (r"^#tab-label-reviews-title$", _text("Reviews", "A")),
        (
            r"^label\[for=Rating_(\d)\]$",
            _text(lambda m: f"{m.group(1)} star{'s' if m.group(1) != '1' else ''}", "LABEL"),
        ),
        (r"^#nickname_field$", _after("Nickname")),
        (r"^#summary_field$", _after("Summary")),
        (r"^#review_field$", _after("Review")),
        (r"^#review-form button\.submit$", _text("Submit Review", "BUTTON")),
        (r"^button\.towishlist$", _text("Add to Wish List", "BUTTON")),
        (r"^button\.tocompare$", _text("Add to Compare", "BUTTON")),
        (r"^button\.action\.save$", _save_button),
        (r"^#search$", _text("Search entire store here...", "INPUT")),
        (r"^\.swatch-attribute\.\w+ \.swatch-option\[option-label='([^']*)'\]$", _text(lambda m: m.group(1), "LABEL")),
        (
            r"^#narrow-by-list a\[href\*='price=(\d+)-(\d+)'\]$",
            _text(lambda m: f"${int(m.group(1)):,.2f} - ${int(m.group(2)) - 0.01:,.2f}", "A"),
        ),
        (r"^\.pages-items a\.page\[href\*='p=(\d+)&'\]$", _text(lambda m: m.group(1), "A")),
        (r"^\.breadcrumbs a\[href='/([^']*)\.html'\]$", _text(lambda m: _category_name(m.group(1)), "A")),
        (r"^\.modes-mode\.mode-list$", _text("List", "A")),
        (
            r"^input\[name=(firstname|lastname|street|city|region|postcode|country|telephone)\]$",
            lambda css, m, sol: {"after": _address_label(m.group(1))},
        ),
        # the account dashboard's "Edit Address" link of one address box, after the box's title (both boxes
        # have a link of that text)
        (
            r"^\.box-address-(billing|shipping) a\.action\.edit$",
            lambda css, m, sol: {"text": "Edit Address", "after": f"Default {m.group(1).title()} Address"},
        ),
        # the way to an order's page: the header's My Account, the account menu's My Orders and an order's
        # View Order link, after the order's number in its row
        (r"^\.header\.links a\[href='/customer/account/'\]$", _text("My Account", "A")),
        (r"^\.account-nav a\[href='/sales/order/history/'\]$", _text("My Orders", "A")),
        (
            r"^#my-orders-table a\.action\.view\[href='/sales/order/view/order_id/(\d+)/'\]$",
            lambda css, m, sol: {"text": "View Order", "after": _order_number(int(m.group(1))), "tag": "A"},
        ),
    ]


def _reddit_rules():
    return [
        (r"^div\.submission__vote button\.vote__up$", _text("\u25b2", "BUTTON")),
        (r"^div\.submission__vote button\.vote__down$", _text("\u25bc", "BUTTON")),
        (r"^#sidebar form\.subscribe-form button$", _text("Subscribe", "BUTTON")),
        (r"^form\.comment-form--top textarea$", _text("Write a comment (markdown allowed)", "TEXTAREA")),
        (r"^form\.comment-form--top button\[type=submit\]$", _text("Post comment", "BUTTON")),
        (r"^#submission_title$", _after("Title")),
        (r"^#submission_url$", _after("URL")),
        (r"^#submission_body$", _after("Body")),
        (r"^#submission_forum$", _after("Forum")),
        (r"^#submission_submit$", _text("Create submission", "BUTTON")),
        (r"^#message_title$", _after("Subject")),
        (r"^#message_body$", _after("Message")),
        (r"^form\[action\$='/compose_message'\] button\[type=submit\]$", _text("Send", "BUTTON")),
        (r"^form\[action\$='/block_user'\] button\[type=submit\]$", _text("Block", "BUTTON")),
        (
            r"^#comment_(\d+) > \.comment__row details\.comment__reply > summary$",
            lambda css, m, sol: {"text": "Reply", "after": _comment_author(int(m.group(1)))},
        ),
        (r"^#reply_to_comment_(\d+)$", lambda css, m, sol: {"after": _comment_author(int(m.group(1)))}),
        (r"^form\[action\$='/comment/\d+/reply'\] button\[type=submit\]$", _text("Post reply", "BUTTON")),
        # browsing: a post's thumbnail by its picture, its title link, the links from a post to its author and
        # from a profile to messaging or blocking, the forums list and a listing's sort tabs by their text
        (
            r"^a\.submission__thumbnail-link\[href\^='/f/[^/]+/(\d+)/'\]$",
            lambda css, m, sol: {"picture": ("post", int(m.group(1)))},
        ),
        (r"^a\.submission__link\[href\^='/f/[^/]+/(\d+)/'\]$", _text(lambda m: _post_title(int(m.group(1))), "A")),
        (r"^\.submission--full a\.submission__submitter$", _submitter),
        (r"^#sidebar a\[href\$='/compose_message'\]$", _text("Send message", "A")),
        (r"^#sidebar a\[href\$='/block_user'\]$", _text("Block user", "A")),
        (r"^a\.site-nav__link\[href='/forums'\]$", _text("Forums", "A")),
        (r"^a\.tab\[href='/forums/all'\]$", _text("Alphabetical list", "A")),
        (r"^\.alphabetical-forums a\[href='/f/([^']+)'\]$", _text(lambda m: m.group(1), "A")),
        (
            r"^\.sort-tabs a\[href='/f/[^/']+/(new|active|top|controversial|most_commented)'\]$",
            _text(lambda m: m.group(1).replace("_", " ").capitalize(), "A"),
        ),
        # a user's profile tabs, and the link of one of their comments by the post's title
        (r"^a\.tab\[href='/user/[^/']+/submissions'\]$", _text("Submissions", "A")),
        (r"^a\.tab\[href='/user/[^/']+/comments'\]$", _text("Comments", "A")),
        (
            r"^\.user-comment__context a\[href='/f/[^/']+/(\d+)/-/comment/\d+'\]$",
            _text(lambda m: _post_title(int(m.group(1))), "A"),
        ),
        # the header's search field by its placeholder
        (r"^form\.site-nav__search input\[name=q\]$", _text("Search", "INPUT")),
        # a listing's time window under a timed sort ("Past month", "All time"...)
        (
            r"^\.time-tabs a\[href='/f/[^/']+/\w+\?t=(day|week|month|year|all)'\]$",
            _text(lambda m: "All time" if m.group(1) == "all" else f"Past {m.group(1)}", "A"),
        ),
        # the author of one post of a listing (the post whose id the step names) and of one comment, by name
        (
            r"^article\[data-id='(\d+)'\] a\.submission__submitter$",
            _text(lambda m: _post_author(int(m.group(1))), "A"),
        ),
        (
            r"^#comment_(\d+) > \.comment__row a\.comment__author$",
            _text(lambda m: _comment_author(int(m.group(1))), "A"),
        ),
    ]


# kiwix-serve's search field by its label, and a hit of the results page by the article's title (its path read
# back: "A/Snowy_owl" is "Snowy owl")
def _wikipedia_rules():
    return [
        (r"^#kiwixsearchbox$", _text("Search 'Wikipedia'", "INPUT")),
        (
            r"^\.results a\[href='/[^/']+/A/([^']+)'\]$",
            lambda css, m, sol: {"text": unquote(m.group(1)).replace("_", " "), "tag": "A"},
        ),
    ]
