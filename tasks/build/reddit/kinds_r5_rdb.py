"""Round 5 (helper r5-rdb) forum kinds mirroring official reddit templates 57, 58 and 59: on the page of a post,
comment the release date its film poster gives, as mm-dd-yyyy (57), or the trading loss its brokerage screenshot
shows, in dollars (58) or euros (59).

They read only the posts sites/reddit/additions_r5_rdb.py adds for them (Forum.added, which the older kinds never
see), whose titles say nothing of the date or the sum: the picture is the only place it is written. Like the
official tasks they start on the post itself and are scored on the benchmark account's latest comment there.
"""

from __future__ import annotations

from datetime import date

from ..suite import streams
from .base import Suite, commented_here
from .forum import Thread
from .official import labels

STREAM_SEED = "round5-r5-rdb"


_stream = streams(STREAM_SEED)


def _added(s: Suite, style: str, **facts: str) -> list[Thread]:
    """The added posts whose picture is of `style` (and has the given facts), oldest id first."""
    out = []
    for pid in s.f.added:
        post = s.f.data.post(pid)
        picture = post.image.facts if post.image else {}
        if picture.get("style") == style and all(picture.get(k) == v for k, v in facts.items()):
            out.append(Thread(post, tuple(s.f.data.comments(pid)), 0))
    return out


# ---- official 57: comment the release date this post's film poster gives, as mm-dd-yyyy ---------------------

MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December")  # fmt: skip


def comment_release_date(s: Suite) -> None:
    """Official 57: on a post of f/movies whose picture is a film poster, comment the film's release date in
    mm-dd-yyyy form (the poster writes it in words: "IN CINEMAS 14 MARCH 2019")."""
    template = "Comment on this post with the release date of the film in its picture, written as mm-dd-yyyy."
    posts = _added(s, "poster")
    rng = _stream("57")
    for t in rng.sample(posts, len(posts)):
        released = date.fromisoformat(t.facts["date"])
        answer = released.strftime("%m-%d-%Y")
        month = MONTH_NAMES[released.month - 1]
        s.task(
            template,
            {},
            **commented_here(t, answer, must_include=[answer]),
            difficulty=labels(57),
            official=57,
            grounding=[t],
            terms=[answer, str(released.year), month, released.isoformat(), released.strftime("%d-%m-%Y")],
            comments=f"post {t.id}: the poster of {t.facts['title']} gives {released:%-d %B %Y}",
        )


# ---- official 58, 59: comment the trading loss this post's screenshot shows, in dollars or euros ---------------


def _comment_loss(s: Suite, currency: str, words: str, official: int) -> None:
    template = f"Comment on this post with the trading loss the OP shows in its picture, in {words}."
    posts = _added(s, "brokerage", currency=currency)
    rng = _stream(str(official))
    for t in rng.sample(posts, len(posts)):
        amount = t.facts["amount"]
        whole, cents = amount.split(".")
        grouped = f"{int(whole):,}.{cents}"
        s.task(
            template,
            {},
            **commented_here(t, amount, must_include=[f"{amount} |OR| {grouped}"]),
            difficulty=labels(official),
            official=official,
            grounding=[t],
            terms=[amount, grouped],
            comments=f"post {t.id}: the screenshot shows a total loss of {grouped} {currency}",
        )


def comment_loss_dollars(s: Suite) -> None:
    """Official 58: the loss a dollar brokerage screenshot shows ("-$31,146.66"), commented on its post."""
    _comment_loss(s, "USD", "dollars", 58)


def comment_loss_euros(s: Suite) -> None:
    """Official 59: the loss a euro brokerage screenshot shows ("-€41,624.56"), commented on its post."""
    _comment_loss(s, "EUR", "euros", 59)


TEMPLATES = [comment_release_date, comment_loss_dollars, comment_loss_euros]
