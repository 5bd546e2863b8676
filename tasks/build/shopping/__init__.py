"""The shopping ("One Stop Market") task templates: tasks/shopping.json and tasks/images/shopping/ from the
pristine database of the default data set (`python -m tasks.build shopping`).

Products are picked through the store's data module (sites.shopping.data) in id order with a fixed-seed
stream. A product is named by what its photo shows only when no other product of the same kind in the same
leaf category shows the same thing, and the visual words are recorded under `grounding` (the lint proves
they are absent from the product's name, descriptions, attributes and reviews). State-changing tasks are
scored by program_html through the official shopping helpers of evaluation/scoring/helpers.py.

Templates by theme: orders.py (buy, review), lists.py (wish list, compare, cart, account), questions.py
(string_match questions, unachievable), navigation.py (pages reached: program_html, url_match, SSIM); base.py
holds what they share. This module is the site module's interface (tasks/build/__init__.py): TEMPLATES in
their published order, build, build_suite, grounding_fields, changes_state. Theme modules import base, never
this package.
"""

from __future__ import annotations

import random

from sites.shopping.data import ShoppingData, open_pristine

from .. import build_pristine
from . import (
    brand_r4spa,
    cart_kinds,
    cereal_r5sp,
    conditions,
    details,
    found_kinds,
    image_links,
    kinds_r4spb,
    kinds_r4spc,
    kinds_r4spc_home,
    labels_r4spa,
    like_kinds,
    look_kinds,
    many,
    page_kinds,
    pictured,
    pictured_more,
    rows,
    scenes_r4spb,
    search_kinds,
    sizes_r4spa,
    sorted_kinds,
)
from .base import Suite, product_text
from .lists import (
    cart_by_count,
    cart_pictured,
    change_address,
    change_phone,
    compare_two_colors,
    wishlist_by_pattern,
    wishlist_pictured,
)
from .navigation import (
    leaf_sorted_url,
    list_mode_url,
    open_best_rated_pictured,
    open_by_color_attributes,
    open_by_pattern_url,
    open_cheapest_color,
    open_most_reviewed_kind,
    open_pictured_ssim,
    open_pictured_url,
    open_printed_ssim,
    order_of_product_url,
    pictured_leaf_url,
    price_range_url,
    search_for,
    search_page_url,
    search_sorted_url,
)
from .orders import (
    buy_by_color,
    buy_by_name,
    buy_by_printed_text,
    buy_pictured,
    buy_pictured_apparel,
    review_by_color,
    review_pictured,
)
from .questions import (
    brand_pictured,
    cheaper_of_two_tabs,
    color_here,
    count_color_on_listing,
    count_here,
    higher_rating_pair,
    material_by_pattern,
    most_reviewed_in_leaf,
    my_review_stars,
    order_size,
    order_status,
    order_total,
    pattern_here,
    price_pictured,
    printed_here,
    rating_by_color,
    reviews_pictured,
    sku_by_color,
    unachievable,
    wishlist_color_price,
)

MIN_TASKS, MIN_TEMPLATES, MIN_STATE_CHANGING = 150, 45, 20
STATE_CSS = (
    "#payment button.checkout",
    "#review-form button.submit",
    "button.towishlist",
    "button.tocompare",
    "#product-addtocart-button",
    "button.action.save",
)


def changes_state(step: dict) -> bool:
    """Whether a reference-solution step changes the store (order, review, wishlist, compare, cart, address)."""
    return step["do"] == "click" and any(css in step.get("css", "") for css in STATE_CSS)


def grounding_fields(data: ShoppingData, product_id: int) -> dict[str, str]:
    """The text of a product the grounding lint searches: name, descriptions, attributes and each review."""
    return product_text(data.product(product_id))


TEMPLATES = [
    buy_pictured_apparel,
    buy_by_name,
    buy_by_color,
    buy_by_printed_text,
    buy_pictured,
    review_by_color,
    review_pictured,
    wishlist_pictured,
    wishlist_by_pattern,
    compare_two_colors,
    cart_by_count,
    cart_pictured,
    change_phone,
    change_address,
    price_pictured,
    higher_rating_pair,
    rating_by_color,
    reviews_pictured,
    printed_here,
    count_here,
    color_here,
    pattern_here,
    cheaper_of_two_tabs,
    count_color_on_listing,
    brand_pictured,
    sku_by_color,
    material_by_pattern,
    order_total,
    order_size,
    order_status,
    my_review_stars,
    wishlist_color_price,
    most_reviewed_in_leaf,
    open_by_color_attributes,
    open_cheapest_color,
    open_most_reviewed_kind,
    open_best_rated_pictured,
    search_for,
    leaf_sorted_url,
    open_pictured_url,
    open_by_pattern_url,
    search_sorted_url,
    order_of_product_url,
    open_pictured_ssim,
    open_printed_ssim,
    unachievable,
    # appended after the first suite was published, so the earlier task ids stay as they were
    price_range_url,
    list_mode_url,
    search_page_url,
    pictured_leaf_url,
]


def _more(make, **kw):
    """A template run again for more tasks (an official count above ours), with the same template sentence."""

    def again(s: Suite) -> None:
        make(s, **kw)

    again.__name__ = f"{make.__name__}_more"
    return again


# The official kinds added after the published suite, on a random stream of their own (the earlier tasks keep
# their products): more tasks of templates mirroring an official one whose count is higher than ours, then the
# new kinds (official.py maps every official template).
OFFICIAL_TEMPLATES = [
    _more(buy_pictured_apparel, count=3, first=4),
    _more(buy_by_printed_text, count=2),
    _more(wishlist_pictured, count=1),
    _more(cart_pictured, count=2, first=4),
    _more(price_pictured, count=2),
    _more(open_pictured_url, count=2),
    _more(search_sorted_url, offset=5, count=1),
    *page_kinds.TEMPLATES,
    *search_kinds.TEMPLATES,
    *rows.TEMPLATES,
    *many.TEMPLATES,
    *details.TEMPLATES,
    *conditions.TEMPLATES,
    *pictured.TEMPLATES,
    conditions.price_of_missing,
    pictured.buy_cheapest_pictured_in_color,
    # round 2
    *found_kinds.TEMPLATES,
    _more(buy_by_color, count=2),
    _more(price_pictured, count=3),
    _more(conditions.price_of_missing, n=1),
]

# Round 3: the image-link family and the kinds on a category sorted by price, on a stream of their own.
ROUND3_TEMPLATES = [
    *image_links.TEMPLATES,
    *sorted_kinds.TEMPLATES,
    *like_kinds.TEMPLATES,
    *pictured_more.TEMPLATES,
    *look_kinds.TEMPLATES,
    *cart_kinds.TEMPLATES,
]

# Round 4 (r4-spa): the brand-from-a-picture kinds and the kinds on sizes, capacities and labels.
ROUND4_SPA_TEMPLATES = [
    *brand_r4spa.TEMPLATES,
    *sizes_r4spa.TEMPLATES,
    *labels_r4spa.TEMPLATES,
    *brand_r4spa.LATE_TEMPLATES,
]


def build(data: ShoppingData, seed: int) -> Suite:
    suite = Suite(data, seed)
    for make in TEMPLATES:
        make(suite)
    suite.rng = random.Random(f"{seed}/official-kinds")
    for make in OFFICIAL_TEMPLATES:
        make(suite)
    suite.rng = random.Random(f"{seed}/official-kinds-round3")
    for make in ROUND3_TEMPLATES:
        make(suite)
    # Round 4: three sets of kinds built side by side, each on its own streams and each seeing the products taken
    # up to round 3 only (so that none moves another's picks); the products any of them took are taken after.
    taken_before, taken = set(suite.used), set(suite.used)
    for block in (_round4_spa, _round4_spb, _round4_spc):
        suite.used = set(taken_before)
        block(suite, seed)
        taken |= suite.used
    suite.used = taken
    suite.rng = random.Random(f"{seed}/round5-r5-sp")  # round 5 (r5-sp): its kinds on a stream of their own
    for make in cereal_r5sp.TEMPLATES:
        make(suite)
    return suite


def _round4_spa(suite: Suite, seed: int) -> None:
    for make in ROUND4_SPA_TEMPLATES:  # each kind on a stream of its own
        suite.rng = random.Random(f"{seed}/round4-r4-spa/{make.__name__}")
        make(suite)


def _round4_spb(suite: Suite, seed: int) -> None:
    suite.rng = random.Random(f"{seed}/round4-r4-spb")  # helper r4-spb: its kinds on a stream of their own
    for make in [
        *kinds_r4spb.TEMPLATES,
        *scenes_r4spb.TEMPLATES,
        scenes_r4spb.more_activity_items,
        kinds_r4spb.not_on_this_page,
    ]:
        make(suite)


def _round4_spc(suite: Suite, seed: int) -> None:
    for make in [*kinds_r4spc.TEMPLATES, *kinds_r4spc_home.TEMPLATES]:  # round 4 (r4-spc): a stream per kind
        suite.rng = random.Random(f"{seed}/round4-r4-spc/{make.__name__}")
        make(suite)


def build_suite(conf=None) -> Suite:
    """The suite for the data set of `conf` (default: SUITE_SEED / SUITE_SCALE), generating the data if needed."""
    return build_pristine(open_pristine, build, conf)
