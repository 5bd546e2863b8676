"""Classifieds kinds mirroring the official comment and rating templates: find a listing by what its photo
shows (browsing a category from the start page), then leave a comment with a given title, text and rating.
"""

from __future__ import annotations

from ..evals import click, html_eval, stop, target, type_in
from .base import Row, Suite, kinds
from .onpage import browse_orders, entry_step, listing_args, sort_step

COMMENTS = [
    ("Still available?", "Is this still for sale? I can pick it up this week."),
    ("Question", "Could you send one more photo from the side?"),
    ("Great price", "Would you hold it for me until Saturday?"),
    ("Interested", "I would like to buy this, when can I see it?"),
    ("Pickup", "Can I pick it up tomorrow evening?"),
    ("Any flaws?", "Are there any marks not shown in the photo?"),
    ("Offer", "Would you take a little less for it?"),
    ("Delivery", "Do you deliver within ten miles?"),
    ("Nice one", "Looks great, is the price firm?"),
]
TITLES = "[...document.querySelectorAll('.comments_list .comment h3')].map(h => h.textContent).join(' || ')"
LAST = ".comments_list .comment:last-child"


def comment_on_page(title: str, text: str, stars: int = 4) -> list[dict]:
    """Steps that post a comment on the listing page shown (no stop)."""
    return [
        type_in("#comment-form input[name=title]", title),
        click(f"#comment-form input[name=rating][value='{stars}']"),
        type_in("#comment-form textarea[name=body]", text),
        click("#comment-form button[type=submit]"),
    ]


def comment_steps(title: str, text: str, stars: int) -> list[dict]:
    """`comment_on_page`, then stop."""
    return [*comment_on_page(title, text, stars), stop("")]


def last_comment_checks(r: Row, title: str, text: str) -> list[dict]:
    """Listing `r` has a comment titled `title`, and its newest comment says `text`."""
    return [
        target(r.url, TITLES, must_include=[title]),
        target(r.url, f'func:get_query_text(__page__, "{LAST} .comment-body")', must_include=[text]),
    ]


def comment_kind(
    s: Suite, official: int, n: int, orders: tuple[str, ...], offset: int, rated: bool, template: str
) -> None:
    for k, (r, order, phrase, terms, page) in enumerate(s.fresh(browse_orders(s, "category", orders), n)):
        title, text = COMMENTS[(offset + k) % len(COMMENTS)]
        stars = (5, 3, 4, 2, 1)[(offset + k) % 5]
        args = listing_args(template, r, order, condition=phrase, title=title, text=text, stars=stars)
        checks = last_comment_checks(r, title, text)
        if rated:
            checks.append(
                target(
                    r.url,
                    f"document.querySelector('{LAST} .stars').getAttribute('title')",
                    exact_match=f"{stars} of 5 stars",
                )
            )
        solution = [
            entry_step("category", r),
            *sort_step(order),
            click(r.card_css, "the photo that fits"),
            *comment_steps(title, text, stars),
        ]
        s.listing_job(
            official, template, args, r, page, terms, eval_=html_eval(checks), solution=solution, require_reset=True
        )


TEMPLATES = kinds(
    comment_kind,
    (
        11,
        5,
        ("newest", "lowest"),
        0,
        False,
        'Comment on the {superlative} {noun} in "{category}" whose photo {condition}: title '
        '"{title}", text "{text}" (any star rating).',
    ),
    (
        35,
        4,
        ("highest", "newest"),
        5,
        True,
        'Find the {superlative} {noun} in "{category}" whose photo {condition}, and rate it '
        '{stars} stars with the title "{title}" and the text "{text}".',
    ),
)
