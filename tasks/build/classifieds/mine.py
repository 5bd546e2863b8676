"""Classifieds kinds mirroring official templates that change the site: edit the price of one of the user's own
listings (named by what its photo shows), comment an offer below a found listing's price, comment on the
listing of a pictured item.
"""

from __future__ import annotations

from ..evals import click, html_eval, stop, target, type_in
from ..text import price_text
from .base import PRICE_VALUE, Suite, clean_of
from .commenting import comment_steps, last_comment_checks
from .lookalike import alone
from .onpage import ORDERS, browse_orders, reach

MY_LISTINGS = {
    **click("a[href='/index.php?page=user&action=items']", "the account menu"),
    "sight": {"text": "My listings", "tag": "A"},
}


def edit_my_price(s: Suite) -> None:
    template = "Go to my listing of the {what} and change its price to ${price}{extra}."
    own = [r for r in s.rows if r.user_id == 1]
    for n, r in enumerate(own[:6]):
        colour = bool(r.color) and clean_of([r], [r.color])
        what = f"{r.color} {r.kind}" if colour else r.kind
        new_price = max(1, int(r.price * (0.9 if n % 2 else 0.75)))
        note = f"Now ${new_price}."
        extra = f', and add "{note}" at the end of its description' if n % 2 else ""
        args = {"what": what, "price": new_price, "extra": extra}
        solution: list[dict] = [
            MY_LISTINGS,
            click(
                f".user-item-actions a[href='/index.php?page=item&action=item_edit&id={r.id}']",
                "the card whose thumbnail matches",
            ),
            type_in("input[name=price]", str(new_price)),
        ]
        checks = [target(r.url, PRICE_VALUE, required_values=[f"== {new_price}"])]
        if extra:
            solution.append(type_in("textarea[name=description]", f"{r.description} {note}"))
            checks.append(target(r.url, 'func:get_query_text(__page__, ".desc")', must_include=[note]))
        solution += [click("button.btn-publish"), stop("")]
        s.mirror(
            2,
            template,
            args,
            eval_=html_eval(checks),
            solution=solution,
            require_reset=True,
            grounding={"listings": [r.id] if colour else [], "visual_terms": [r.color] if colour else []},
        )


def offer_below(s: Suite) -> None:
    template = (
        'Find the {superlative} {noun} in "{category}" whose photo {condition}, and comment on it offering '
        '$10 less than the asking price (title "Offer", any star rating).'
    )
    cands = [
        c
        for c in browse_orders(s, "category", ("newest", "highest"), pages=2)
        if c[0].price > 20 and c[0].price == int(c[0].price)
    ]
    for r, order, phrase, terms, page in s.fresh(cands, 3):
        offer = price_text(r.price - 10)
        args = {"superlative": ORDERS[order][2], "noun": r.kind, "category": r.category, "condition": phrase}
        text = f"Would you take ${offer} for it?"
        checks = last_comment_checks(r, "Offer", offer)
        s.listing_job(
            12,
            template,
            args,
            r,
            page,
            terms,
            eval_=html_eval(checks),
            solution=[*reach("category", order, r, page), *comment_steps("Offer", text, 3)],
            require_reset=True,
        )


def comment_pictured(s: Suite) -> None:
    template = (
        'This item is listed somewhere in "{category}". Find its listing and comment on it with the title '
        '"{title}" and the text "{text}" (any star rating).'
    )
    notes = [
        ("Is it still there?", "I saw a photo of this, is it still for sale?"),
        ("Same one?", "Is this the one from your photo? I can pay cash."),
        ("Collector here", "I have been looking for exactly this one."),
    ]
    cands = [c for c in browse_orders(s, "category", ("newest", "lowest"), pages=2) if alone(s, c[0], "category")]
    for k, (r, order, _, terms, page) in enumerate(s.fresh(cands, 3)):
        title, text = notes[k]
        args = {"category": r.category, "title": title, "text": text}
        checks = last_comment_checks(r, title, text)
        s.listing_job(
            52,
            template,
            args,
            r,
            page,
            terms,
            image=s.listing_image(r),
            eval_=html_eval(checks),
            solution=[
                *reach("category", order, r, page, "the photo of the pictured item"),
                *comment_steps(title, text, 4),
            ],
            require_reset=True,
            comments="input image: the listing's item from another framing",
        )


TEMPLATES = [edit_my_price, offer_below, comment_pictured]
