"""The classifieds task templates: tasks/classifieds.json and tasks/images/classifieds/ from the pristine
database of the default data set (`python -m tasks.build classifieds`).

Every choice is deterministic: listings are picked by SQL-free Python filters over the data set in id order
and a fixed-seed random stream, so the same data gives byte-identical output. Each task records, under
`grounding`, the listings it touches and the visual words that must not appear in their text.

Templates by theme: questions.py (questions on listing pages, unachievable), pictures.py (input-image tasks),
posting.py (post, comment, edit, gallery search); base.py holds what they share. This module is the site
module's interface (tasks/build/__init__.py): TEMPLATES in their published order, build, build_suite,
grounding_fields, changes_state. Theme modules import base, never this package.
"""

from __future__ import annotations

from sites.classifieds.data import ClassifiedsData, open_pristine

from .. import build_pristine
from .alike import TEMPLATES as ALIKE
from .base import Suite, load_rows
from .commenting import TEMPLATES as COMMENTING
from .contact import TEMPLATES as CONTACT
from .extra import TEMPLATES as EXTRA
from .finding import TEMPLATES as FINDING
from .lookalike import TEMPLATES as LOOKALIKE
from .mine import TEMPLATES as MINE
from .onpage import TEMPLATES as ONPAGE
from .pictures import image_find, image_open_ssim, image_price, image_seller
from .posting import comment_on_visual, edit_own_listing, post_from_photo, search_gallery
from .pricing import TEMPLATES as PRICING
from .questions import (
    cheaper_of_two_colors,
    cheapest_color_kind,
    color_here,
    count_color_on_page,
    count_here,
    damaged_here,
    multi_item_count,
    newest_with_count,
    price_of_color_in_city,
    printed_text_here,
    two_tab_pattern,
    unachievable,
)
from .searching import TEMPLATES as SEARCHING
from .tabs import TEMPLATES as TABS

TEMPLATES = [
    cheapest_color_kind,
    newest_with_count,
    price_of_color_in_city,
    printed_text_here,
    count_here,
    color_here,
    damaged_here,
    two_tab_pattern,
    cheaper_of_two_colors,
    count_color_on_page,
    multi_item_count,
    image_find,
    image_open_ssim,
    image_price,
    image_seller,
    post_from_photo,
    comment_on_visual,
    edit_own_listing,
    search_gallery,
    unachievable,
    *ONPAGE,
    *LOOKALIKE,
    *COMMENTING,
    *FINDING,
    *EXTRA,
    *CONTACT,
    *MINE,
    *PRICING,
    *SEARCHING,
    *ALIKE,
    *TABS,
]


def build(data: ClassifiedsData, seed: int) -> Suite:
    suite = Suite(load_rows(data), seed, listed=load_rows(data, with_official=True))
    suite.emails = {r[0]: r[1] for r in data.conn.execute("SELECT id, email FROM user")}
    suite.conn = data.conn
    for make in TEMPLATES:
        make(suite)
    return suite


def build_suite(conf=None) -> Suite:
    """The suite for the data set of `conf` (default: SUITE_SEED / SUITE_SCALE), generating the data if needed."""
    return build_pristine(open_pristine, build, conf)


def grounding_fields(data: ClassifiedsData, item_id: int) -> dict[str, str]:
    """The text of a listing the grounding lint searches: title, description and each comment."""
    listing = data.listing(item_id)
    fields = {"title": listing.title, "description": listing.description}
    for c in data.comments(item_id):
        fields[f"comment {c.id}"] = f"{c.title} {c.body}"
    return fields


MIN_TASKS, MIN_TEMPLATES, MIN_STATE_CHANGING = 60, 20, 6


def changes_state(step: dict) -> bool:
    """Whether a reference-solution step changes the site (publishing a listing or a comment)."""
    return step["do"] == "click" and ("btn-publish" in step.get("css", "") or "comment-form" in step.get("css", ""))
