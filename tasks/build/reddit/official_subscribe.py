"""Round 2 forum kinds mirroring official reddit templates: subscribing to the forum a picture belongs in
(official 42, 51, 71), opening any post whose picture fits a description (official 33) and the forum of
content like a picture (official 7) or a post like it (official 5). Like
official_kinds.py they run after every older template, each with its own random stream, and reach their
forum or post from the start page by browsing (the list of forums, then the forum, then the post's picture).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..evals import click, html_eval, stop, target
from ..text import plural
from .base import (
    ALL_FORUMS,
    FORUMS_NAV,
    INPUT_SIZE,
    SUBSCRIBE,
    Suite,
    a_kind,
    any_picture_eval,
    forum_link,
    kind_homes,
    query_text,
    thumbnail,
)
from .forum import NUMBER_WORDS, SITE, Thread, clean_of
from .official import labels
from .official_kinds import browse_to_post, on_first_page, on_first_pages, pick, stream


def subscribed_eval(forum: str) -> dict:
    """The front page's sidebar lists the forum among the user's subscriptions."""
    return html_eval([target(SITE, query_text(".sidebar"), must_include=[forum])])


def subscribe_pictured_forum(s: Suite) -> None:
    """Official 42: subscribe to the forum that holds the given picture (the post's own picture, drawn again);
    no forum is named: the kind of photo is posted in that forum only."""
    template = "Subscribe me to the forum that has a post with this picture."
    rng = stream("42")
    home = kind_homes(s)
    cands = [
        t
        for forum in sorted(s.f.hot, key=str.lower)
        if forum not in s.f.subscriptions
        for t in on_first_page(s, forum)
        if t.facts.get("style") == "photo" and home[t.facts["kind"]] == {forum}
    ]
    chosen: list[Thread] = []
    for t in pick(s, rng, cands, len(cands)):
        if len(chosen) < 3 and all(u.post.forum != t.post.forum for u in chosen):
            chosen.append(t)
        else:
            s.used.discard(t.id)
    for t in chosen:
        s.about_post(
            42,
            template,
            {},
            t,
            picture=True,
            require_reset=True,
            eval_=subscribed_eval(t.post.forum),
            solution=[*browse_to_post(t), click(SUBSCRIBE, "the forum of the post"), stop("")],
            comments=f"photos showing {a_kind(t.facts['kind'])} are posted in f/{t.post.forum} only",
        )


# Forums about one topic (not a kind of picture, a place or a joke), where a drawn photo of a kind of thing
# posted nowhere else belongs; kinds whose home there a person would not guess are left out.
TOPICAL = ("books", "gaming", "Music", "headphones", "MechanicalKeyboards")
ODD_HOMES = ("piano keyboard", "microphone")


def kinds_of_one_forum(s: Suite, rng: random.Random, n: int, taken: Callable[[str], bool]) -> list[tuple[str, str]]:
    """Up to `n` (kind, forum) pairs drawn by `rng`, in forum order, each forum once: single kinds of photo posted
    in one topical forum only, none of them `taken`."""
    fits = sorted(
        (kind, next(iter(forums)))
        for kind, forums in kind_homes(s).items()
        if len(forums) == 1
        and next(iter(forums)) in TOPICAL
        and not kind.endswith("s")
        and kind not in ODD_HOMES
        and not taken(kind)
    )
    rng.shuffle(fits)
    chosen: list[tuple[str, str]] = []
    for kind, forum in fits:
        if len(chosen) < n and all(forum != f for _, f in chosen):
            chosen.append((kind, forum))
    return sorted(chosen, key=lambda c: c[1].lower())


def forum_for_drawn_kind(s: Suite, official: int, template: str, n: int, seed: int, taken: set[str]) -> None:
    """Subscribe to the forum where photos of the kind of thing a picture drawn for the task shows get posted
    (the kind is posted in that topical forum only; the picture is not any post's)."""
    from sites.imagery.forum_pictures import ForumPicture, render_picture

    rng = stream(str(official))
    taken |= {term for t in s.tasks if t.get("official_template_id") == 42 for term in t["grounding"]["visual_terms"]}
    chosen = kinds_of_one_forum(s, rng, n, lambda kind: kind in taken)
    taken.update(kind for kind, _ in chosen)
    for i, (kind, forum) in enumerate(chosen):
        image = s.picture_file(render_picture(ForumPicture("photo", kind=kind, count=1), INPUT_SIZE, seed=seed + i))
        s.task(
            template,
            {},
            image=image,
            require_reset=True,
            eval_=subscribed_eval(forum),
            solution=[
                click(FORUMS_NAV),
                click(ALL_FORUMS),
                click(forum_link(forum), "where such photos go"),
                click(SUBSCRIBE),
                stop(""),
            ],
            difficulty=labels(official),
            official=official,
            comments=f"the input image shows {a_kind(kind)} (drawn for the task); such photos are posted in "
            f"f/{forum} only",
        )


def subscribe_drawn_kinds(s: Suite) -> None:
    """Official 51 (the forum most likely to discuss what the given picture shows) and official 71 (the forum
    most likely to hold posts like it), each kind of thing drawn once."""
    taken: set[str] = set()
    forum_for_drawn_kind(
        s,
        51,
        "Subscribe me to the forum most likely to have discussions about what this picture shows.",
        3,
        5100,
        taken,
    )
    forum_for_drawn_kind(
        s, 71, "Please subscribe me to the forum where posts like this one are most likely to turn up.", 3, 7100, taken
    )


MASS_NOUNS = ("sushi", "ramen", "spaghetti")  # not counted as "four sushis"


def open_described_post(s: Suite) -> None:
    """Official 33: from the front page, open the comments of any post whose picture shows a described thing
    (how many of a kind), scored on the picture of the page."""
    template = "Go to the comments of any post whose picture shows exactly {what}."
    rng = stream("33")
    showing: dict[tuple[int, str], list[Thread]] = {}
    for t in s.f.threads.values():
        f = t.facts
        if t.id in s.f.drawable and f.get("style") == "photo" and f.get("kind"):
            showing.setdefault((f.get("count", 1), f["kind"]), []).append(t)
    by_what: dict[tuple[int, str], list[Thread]] = {}
    for t in on_first_pages(s):
        f = t.facts
        if f.get("style") != "photo" or f.get("count", 1) < 2 or f["kind"].endswith("s") or t.id in s.used:
            continue
        if f["count"] in NUMBER_WORDS and f["kind"] not in MASS_NOUNS and clean_of([t], [f["kind"], plural(f["kind"])]):
            by_what.setdefault((f["count"], f["kind"]), []).append(t)
    used_kinds = {t["grounding"]["visual_terms"][0] for t in s.tasks if t.get("official_template_id") == 40}
    kinds_seen: set[str] = set()
    whats = []
    for w in sorted(by_what):
        if w[1] not in used_kinds and w[1] not in kinds_seen:
            kinds_seen.add(w[1])
            whats.append(w)
    whats = rng.sample(whats, min(3, len(whats)))
    chosen = sorted(((pick(s, rng, by_what[w], 1)[0], w) for w in whats), key=lambda c: c[0].id)
    for t, (n, kind) in chosen:
        what = f"{NUMBER_WORDS[n]} {plural(kind)}"
        ev = any_picture_eval(showing[(n, kind)])
        s.about_kind(
            33,
            template,
            {"what": what},
            kind,
            [t],
            eval_=ev,
            solution=[*browse_to_post(t, f"its picture shows {what}"), stop("")],
            comments=f"any of the {len(showing[(n, kind)])} posts whose picture shows {what} will do",
        )


def open_forum_like_picture(s: Suite) -> None:
    """Official 7: from the list of forums, open the forum whose posts are most like a picture drawn for the
    task (a photo of a kind of thing posted in that topical forum only)."""
    from sites.imagery.forum_pictures import ForumPicture, render_picture

    from ..evals import url_eval

    template = "Open the forum where I would find content most like this picture."
    rng = stream("7")
    taken = {
        t["comments"].split(" shows ")[1].split(" (")[0] for t in s.tasks if t.get("official_template_id") in (51, 71)
    }  # the kinds already drawn, as "a kind"
    for i, (kind, forum) in enumerate(kinds_of_one_forum(s, rng, 2, lambda kind: a_kind(kind) in taken)):
        image = s.picture_file(render_picture(ForumPicture("photo", kind=kind, count=1), INPUT_SIZE, seed=700 + i))
        s.task(
            template,
            {},
            image=image,
            start_url=f"{SITE}/forums/all",
            eval_=url_eval(f"{SITE}/f/{forum} |OR| {SITE}/f/{forum}/hot"),
            solution=[click(forum_link(forum), "where such photos go"), stop("")],
            difficulty=labels(7),
            official=7,
            comments=f"the input image shows {a_kind(kind)} (drawn for the task); such photos are posted in "
            f"f/{forum} only",
        )


def open_post_like_picture(s: Suite) -> None:
    """Official 5: from the list of forums, open any image post whose picture shows what a picture drawn for
    the task shows (a kind of thing posted in one forum only), scored on the picture of the page."""
    from sites.imagery.forum_pictures import ForumPicture, render_picture

    template = "Take me to the comments of an image post with something like this picture."
    rng = stream("5")
    home = kind_homes(s)
    cands = [
        t
        for t in on_first_pages(s)
        if t.facts.get("style") == "photo"
        and home[t.facts["kind"]] == {t.post.forum}
        and not t.facts["kind"].endswith("s")
        and t.facts["kind"] not in MASS_NOUNS
    ]
    chosen: list[Thread] = []
    for t in pick(s, rng, cands, len(cands)):
        if len(chosen) < 2 and all(u.facts["kind"] != t.facts["kind"] for u in chosen):
            chosen.append(t)
        else:
            s.used.discard(t.id)
    for i, t in enumerate(chosen):
        kind, count = t.facts["kind"], t.facts.get("count", 1)
        image = s.picture_file(
            render_picture(ForumPicture("photo", kind=kind, count=1 if count > 1 else 2), INPUT_SIZE, seed=500 + i)
        )
        ev = any_picture_eval([u for u in s.f.threads.values() if u.facts.get("kind") == kind])
        s.about_kind(
            5,
            template,
            {},
            kind,
            [t],
            image=image,
            start_url=f"{SITE}/forums/all",
            eval_=ev,
            solution=[
                click(forum_link(t.post.forum), "where such photos go"),
                click(thumbnail(t), f"its picture shows {a_kind(kind)} too"),
                stop(""),
            ],
            comments=f"the input image shows {a_kind(kind)} (drawn for the task); any post whose picture shows "
            f"{a_kind(kind)} will do",
        )


TEMPLATES = [
    subscribe_pictured_forum,
    subscribe_drawn_kinds,
    open_described_post,
    open_forum_like_picture,
    open_post_like_picture,
]
