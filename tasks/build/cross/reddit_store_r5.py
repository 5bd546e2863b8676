"""Round 5 (issue 34, helper r5-rda): the official reddit template that takes a how-to answer from a forum to the
store (reddit + shopping).

- 31: a how-to question whose answer is a tip posted in a named forum; the tip's text leaves the tool out and its
  photo shows it (sites/reddit/additions_r5_rda.py adds the tip to f/gadgets): find the tip by searching the
  forum, then buy that kind of tool in the store (any product of that kind counts, as the official task accepts
  any pair of chopsticks).

The kind picks with its own random stream and reads the multi-site suite's `taken` keys only (it adds none), so
no older kind moves.
"""

from __future__ import annotations

import random

from sites.reddit.additions_r5_rda import TIP_FORUM, TIP_TITLE, TIP_TOOL

from ..evals import click, goto, html_eval, stop, target, type_in
from ..shopping.base import LATEST_ORDER, open_card
from ..text import mentions, plural
from .kit import REDDIT, SHOP, mirror, tab

FORUM_SEARCH = "form.site-nav__search input[name=q]"
TIP_QUERY = "battery door"


def _tip(s):
    """The tip post of the forum's additions (its id is whatever the generator gave it)."""
    row = s.src.reddit.conn.execute(
        "SELECT s.id FROM submission s JOIN forum f ON f.id = s.forum_id WHERE f.name = ? AND s.title = ?",
        (TIP_FORUM, TIP_TITLE),
    ).fetchone()
    return None if row is None else s.src.reddit.post(row[0])


def forum_tip_to_store(s) -> None:
    """Official 31: a how-to question answered by a tip in a named forum whose photo shows the tool; buy the tool."""
    template = (
        "How do I get the stuck battery door off my TV remote without breaking the clip? Search f/{forum} "
        "(second tab) for the tip, then buy me the tool it recommends in the store (first tab)."
    )
    rng = random.Random("3400:cross:31:r5-rda")
    tip = _tip(s)
    if tip is None:
        return
    total, ids = s.shop.data.search(TIP_TOOL, limit=12)
    by_id = {p.id: p for p in s.shop.products}
    tools = [
        by_id[i]
        for i in ids
        if i in by_id
        and by_id[i].photos[0].kind == TIP_TOOL
        and by_id[i].sku not in s.shop.latest_order_skus
        and ("products", i) not in s.taken
    ]
    old_order = " ".join(i.name for i in s.shop.orders[0].items) if s.shop.orders else ""
    if not tools or mentions(old_order, TIP_TOOL) or any(mentions(f"{tip.title} {tip.body}", w) for w in (TIP_TOOL,)):
        return
    p = rng.choice(tools)
    names = [TIP_TOOL.title()]
    solution = [
        tab(1),
        goto(f"{REDDIT}/f/{tip.forum}", "the forum the intent names"),
        type_in(FORUM_SEARCH, TIP_QUERY, enter=True),
        click(f"a.submission__link[href^='/f/{tip.forum}/{tip.id}/']", "the tip on stuck battery doors"),
        tab(0, f"the tip's photo shows {'a' if TIP_TOOL[0] not in 'aeiou' else 'an'} {TIP_TOOL}"),
        type_in("#search", TIP_TOOL, enter=True),
        open_card(p),
        *s.shop.add_to_cart(p),
        *s.shop.checkout(),
        stop(""),
    ]
    mirror(
        s,
        31,
        template,
        {"forum": tip.forum},
        ["reddit", "shopping"],
        start_url=f"{SHOP} |AND| {REDDIT}",
        eval_=html_eval(
            [target(LATEST_ORDER, "func:shopping_get_order_product_name_list(__page__)", must_include=names)]
        ),
        solution=solution,
        require_reset=True,
        grounding={"posts": [tip.id], "visual_terms": [TIP_TOOL, plural(TIP_TOOL)]},
        comments=f"post {tip.id} of f/{tip.forum} shows a {TIP_TOOL}; the store has {total} results for it "
        f"(the solution buys {p.name!r}, SKU {p.sku})",
    )


TEMPLATES: list = [forum_tip_to_store]
