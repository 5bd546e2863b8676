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
import io
import re
from functools import lru_cache

from PIL import Image

PICTURE_SIZE = (160, 120)      # enough for a 32x32 comparison, small in the repository


class NoSightRule(ValueError):
    """A solution step whose CSS no rule here knows."""


@lru_cache(maxsize=None)
def _data(site: str):
    from tasks.build import suite_settings
    if site == "classifieds":
        from sites.classifieds.data import open_pristine
    elif site == "shopping":
        from sites.shopping.data import open_pristine
    else:
        from sites.reddit.data import open_pristine
    return open_pristine(suite_settings())


def listing_picture(item_id: int) -> Image.Image:
    """The first photo of a classifieds listing, as the site renders it."""
    from sites.classifieds.photos import PhotoRow, render_generated
    row = _data("classifieds").conn.execute(
        "SELECT * FROM photo WHERE item_id = ? ORDER BY position, id LIMIT 1", (item_id,)).fetchone()
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
    text = lambda value, tag=None: (lambda css, m, sol: {"text": value(m) if callable(value) else value,
                                                          **({"tag": tag} if tag else {})})
    after = lambda label: (lambda css, m, sol: {"after": label})
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
        (r"^button\.btn-publish$", lambda css, m, sol: {
            "text": "Save changes" if any("item_edit" in (s.get("css") or "") + (s.get("url") or "") for s in sol)
            else "Publish", "tag": "BUTTON"}),
        # shopping
        (r"^\.product-item-link\[href=", lambda css, m, sol: {"picture": ("product", _quoted(css))}),
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
    small = image.convert("RGB").resize(PICTURE_SIZE, Image.LANCZOS)
    buf = io.BytesIO()
    small.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def render_picture(kind: str, key) -> bytes:
    if kind == "listing":
        return png_of(listing_picture(key))
    if kind == "product":
        return png_of(product_picture(key))
    raise NoSightRule(f"unknown picture kind {kind!r}")


def with_sight(solution: list[dict], pictures: dict[str, bytes], suite_name: str) -> list[dict]:
    """The solution with `sight` on every element step; the pictures it names are added to `pictures`
    (file name -> PNG bytes), named by a hash of their content."""
    out = []
    for step in solution:
        if step.get("do") in ("click", "hover", "type") and "sight" not in step:
            sight = sight_of(step, solution)
            if "picture" in sight:
                blob = render_picture(*sight["picture"])
                name = hashlib.sha256(blob).hexdigest()[:16] + ".png"
                pictures[name] = blob
                sight = {**sight, "picture": f"sight/{suite_name}/{name}"}
            step = {**step, "sight": sight}
        out.append(step)
    return out
