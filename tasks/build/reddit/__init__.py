"""The forum (reddit) task templates: tasks/reddit.json and tasks/images/reddit/ from the pristine forum
database of the default data set (`python -m tasks.build reddit`).

Posts are picked by what their pictures show (`image.facts`) with a fixed-seed random stream over the data in
a fixed order, so the same data gives byte-identical output. State-changing tasks are scored with the official
locator forms (the vote form's class, the reddit comment helpers, `get_query_text` on `#sidebar`, `#main`,
`.table`), posted pictures by SSIM. Each task records under `grounding` the posts it looks at and the visual
words that must not be written in their title, body or comments.

Templates by theme: pictures.py (input-image tasks), questions.py (what a picture shows, navigation and
reading), interactions.py (comments, replies, votes, posts, subscriptions); forum.py is the data view they
pick from; base.py holds what they share. This module is the site module's interface
(tasks/build/__init__.py): TEMPLATES in their published order, build, build_suite, grounding_fields,
changes_state. Theme modules import base (and forum), never this package.
"""

from __future__ import annotations

from .. import build_pristine, suite_settings
from .base import STATE_CLICKS, Suite
from .forum import Forum
from .interactions import (
    comment_count_format,
    comment_on_visual,
    downvote_visual,
    message_top_commenter,
    reply_format,
    repost_picture,
    subscribe_described,
    text_post,
    upvote_all_on_page,
)
from .kinds_r4_rdb import TEMPLATES as KINDS_R4_RDB
from .kinds_r4rda import TEMPLATES as R4RDA_KINDS
from .kinds_r5_rda import KINDS_R5_RDA
from .kinds_r5_rdb import TEMPLATES as KINDS_R5_RDB
from .official_kinds import TEMPLATES as OFFICIAL_KINDS
from .official_more import TEMPLATES as OFFICIAL_MORE
from .official_sorts import TEMPLATES as OFFICIAL_SORTS
from .official_subscribe import TEMPLATES as OFFICIAL_SUBSCRIBE
from .pictures import (
    img_author_page,
    img_block_author,
    img_comment_count,
    img_message_author,
    img_open_post,
    img_post,
    img_subscribe,
    img_top_comment,
    img_unachievable,
    img_upvote,
)
from .questions import (
    author_of_visual,
    chart_highest_here,
    chart_value_here,
    color_here,
    count_here,
    count_on_page,
    meme_caption_here,
    nav_city_sort,
    nav_top_period,
    stock_trend_here,
    unachievable_text,
)

TEMPLATES = [
    img_open_post,
    img_upvote,
    img_top_comment,
    img_comment_count,
    img_subscribe,
    img_post,
    img_message_author,
    img_block_author,
    img_author_page,
    img_unachievable,
    color_here,
    count_here,
    meme_caption_here,
    chart_highest_here,
    chart_value_here,
    stock_trend_here,
    comment_count_format,
    reply_format,
    comment_on_visual,
    message_top_commenter,
    upvote_all_on_page,
    downvote_visual,
    repost_picture,
    text_post,
    subscribe_described,
    nav_top_period,
    nav_city_sort,
    author_of_visual,
    count_on_page,
    unachievable_text,
]
TEMPLATES += OFFICIAL_KINDS  # after the older ones, with their own random streams (official_kinds.py)
TEMPLATES += OFFICIAL_SORTS  # the rest of those (official_sorts.py)
TEMPLATES += OFFICIAL_SUBSCRIBE  # round 2, after those (official_subscribe.py)
TEMPLATES += OFFICIAL_MORE  # round 3, after those (official_more.py)
TEMPLATES += R4RDA_KINDS  # round 4, helper r4-rda (kinds_r4rda.py)
TEMPLATES += KINDS_R4_RDB  # round 4, helper r4-rdb (kinds_r4_rdb.py)
TEMPLATES += KINDS_R5_RDB  # round 5, helper r5-rdb (kinds_r5_rdb.py): the posts additions_r5_rdb.py adds
TEMPLATES += KINDS_R5_RDA  # round 5, helper r5-rda (kinds_r5_rda.py)


MIN_TASKS, MIN_TEMPLATES, MIN_STATE_CHANGING = 70, 25, 15
# share of unachievable (N/A) tasks: the official reddit file has 5 of 210 (2.4%)
UNACHIEVABLE_SHARE = (0.02, 0.08)


def open_pristine(conf=None, generate: bool = True):
    """The pristine forum database of `conf` (generated when missing; the forum's store always does)."""
    from sites.reddit.data import open_pristine as forum_pristine

    return forum_pristine(conf or suite_settings())


def build(data, seed: int) -> Suite:
    suite = Suite(Forum(data), seed)
    for make in TEMPLATES:
        make(suite)
    return suite


def build_suite(conf=None) -> Suite:
    """The suite for the data set of `conf` (default: SUITE_SEED / SUITE_SCALE), generating the data if needed."""
    return build_pristine(open_pristine, build, conf)


def grounding_fields(data, post_id: int) -> dict[str, str]:
    """The text of a post the grounding lint searches: title, body and each comment."""
    post = data.post(post_id)
    fields = {"title": post.title, "body": post.body}
    for c in data.comments(post_id):
        fields[f"comment {c.id}"] = c.body
    return fields


def changes_state(step: dict) -> bool:
    """Whether a reference-solution step changes the forum (a vote, comment, reply, post, subscription,
    message or block)."""
    return step["do"] == "click" and any(css in step.get("css", "") for css in STATE_CLICKS)
