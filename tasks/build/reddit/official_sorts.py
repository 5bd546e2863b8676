"""More forum kinds mirroring official reddit templates (the sorts, counts and same-kind posts), split from
official_kinds.py; they run right after its kinds, on the same random streams (`stream`).
"""

from __future__ import annotations

from ..evals import answer_eval, click, goto, stop
from ..text import plural
from .base import (
    Suite,
    a_kind,
    findable,
    kind_homes,
    open_post,
    post_url_eval,
    thumbnail,
)
from .forum import SITE, Thread, clean_of
from .official_kinds import (
    browse_to_post,
    browsed_by_address,
    on_first_pages,
    only_photo_of_its_kind,
    other_picture_of_its_kind,
    pick,
    picture_tells_forum,
    same_kind_task,
    stream,
)

SORTS = {
    "new": ("newest first", lambda t: t.id),
    "top": ("by score, all time", lambda t: (t.post.net_score, t.id)),
    "most_commented": ("by most comments", lambda t: (t.post.comment_count, t.id)),
}


def listing(s: Suite, forum: str, sort: str) -> list[Thread]:
    """The first page of a forum's listing in `sort` (sites.reddit.queries.SORT_KEYS)."""
    threads = [s.f.threads[i] for i in s.f.hot[forum]]
    if sort == "hot":
        return threads[:25]
    return sorted(threads, key=SORTS[sort][1], reverse=True)[:25]


def first_showing_in_sort(s: Suite) -> None:
    """Official 13: the first image post of a forum, in a given sort, whose picture shows a kind of thing."""
    template = "In f/{forum}, sorted {sort}, open the comments of the first image post whose picture shows {what}."
    rng = stream("13")
    cands = []
    for forum in sorted(s.f.hot, key=str.lower):
        for sort in sorted(SORTS):
            page = listing(s, forum, sort)
            seen: set[str] = set()
            for t in page:
                kind = t.facts.get("kind") if t.id in s.f.drawable else None
                if kind is None or kind in seen:
                    continue
                seen.add(kind)
                if (
                    t.facts.get("style") == "photo"
                    and not kind.endswith("s")
                    and s.f.unique_look(t, page)
                    and clean_of(page, [kind, plural(kind)])
                    and page.index(t) >= 1
                ):
                    cands.append((t, sort, kind))
    for t, sort, kind in pick(s, rng, cands, 4):
        s.about_kind(
            13,
            template,
            {"forum": t.post.forum, "sort": SORTS[sort][0], "what": a_kind(kind)},
            kind,
            [t],
            eval_=post_url_eval(t),
            solution=[
                goto(f"{SITE}/f/{t.post.forum}", "the forum the intent names"),
                click(f".sort-tabs a[href='/f/{t.post.forum}/{sort}']", SORTS[sort][0]),
                click(thumbnail(t), f"the first picture showing {a_kind(kind)}"),
                stop(""),
            ],
        )


def first_not_showing(s: Suite) -> None:
    """Official 15: the first image post of a forum's hot listing whose picture does not show a kind of thing."""
    template = (
        "Open the comments of the first image post in the hot listing of f/{forum} whose picture shows no {kind}."
    )
    rng = stream("15")
    cands = []
    for forum in sorted(s.f.hot, key=str.lower):
        page = listing(s, forum, "hot")
        pictures = [t for t in page if t.id in s.f.drawable]
        if len(pictures) < 3 or pictures[0].facts.get("style") != "photo":
            continue
        kind = pictures[0].facts["kind"]
        lead = 0
        while lead < len(pictures) and pictures[lead].facts.get("kind") == kind:
            lead += 1
        if lead == len(pictures) or kind.endswith("s") or not clean_of(page, [kind, plural(kind)]):
            continue
        t = pictures[lead]
        if s.f.unique_look(t, page) and not browsed_by_address(t):
            cands.append((t, kind))
    for t, kind in pick(s, rng, cands, 2):
        s.about_kind(
            15,
            template,
            {"forum": t.post.forum, "kind": kind},
            kind,
            [t],
            eval_=post_url_eval(t),
            solution=[
                goto(f"{SITE}/f/{t.post.forum}", "the forum the intent names"),
                click(thumbnail(t), f"the first picture without {a_kind(kind)}"),
                stop(""),
            ],
        )


TEMPLATES = [first_showing_in_sort, first_not_showing]


def comment_count_anywhere(s: Suite) -> None:
    """Official 2: how many comments the pictured post has; no forum is named (its kind of picture tells)."""
    template = "I'm looking into the post that has this picture. How many comments does it have?"
    rng = stream("2")
    home = kind_homes(s)
    cands = [t for t in on_first_pages(s) if t.post.comment_count >= 2 and picture_tells_forum(t, home)]
    for t in pick(s, rng, cands, 2):
        n = t.post.comment_count
        s.about_post(
            2,
            template,
            {},
            t,
            picture=True,
            eval_=answer_eval({"required_values": [f"== {n}"]}),
            solution=[*browse_to_post(t), stop(str(n), "the post's comment count")],
            comments=f"pictures like this one ({t.facts['style']}) are posted in f/{t.post.forum} only",
        )


TEMPLATES += [comment_count_anywhere]


def top_comment_same_kind(s: Suite) -> None:
    """Official 85: the top comment of the post whose picture shows the same kind of thing as the input image
    (another picture of that kind, drawn for the task: not the post's picture)."""

    template = (
        "In f/{forum}, one post on the first page has a picture of the same kind of thing as this one. "
        "What does its top comment say?"
    )
    rng = stream("85")
    cands = [t for t in only_photo_of_its_kind(s) if s.f.top_comment(t) is not None]
    for n, t in enumerate(pick(s, rng, cands, 2)):
        kind = t.facts["kind"]
        image = other_picture_of_its_kind(s, t, seed=8500 + n)
        top = s.f.top_comment(t)
        s.about_kind(
            85,
            template,
            {"forum": t.post.forum},
            kind,
            [t],
            image=image,
            start_url=f"{SITE}/f/{t.post.forum}",
            eval_=answer_eval({"must_include": [top.body]}),
            solution=[
                *open_post(t, f"its picture shows {a_kind(kind)} too"),
                stop(top.body, "the first comment of the thread"),
            ],
            comments=f"the input image shows {a_kind(kind)} (drawn for the task); so does this post's picture",
        )


TEMPLATES += [top_comment_same_kind]


def open_same_kind_here(s: Suite) -> None:
    """Official 83: open the post of this page whose picture shows the kind of thing the input image shows
    (another picture of that kind, drawn for the task)."""

    template = "Open the post on this page whose picture is of the same kind of thing as this one."
    rng = stream("83")
    cands = only_photo_of_its_kind(s)
    for n, t in enumerate(pick(s, rng, cands, 2)):
        same_kind_task(s, 83, template, {}, t, 8300 + n, start_url=f"{SITE}/f/{t.post.forum}")


TEMPLATES += [open_same_kind_here]


def open_same_kind_in_forum(s: Suite) -> None:
    """Official 64: from the start page, open the post of a named forum whose picture shows the kind of thing
    the input image shows (another picture of that kind, drawn for the task)."""

    template = "Take me to the comments of the post among the hot ones of f/{forum} that shows what this picture shows."
    rng = stream("64")
    cands = only_photo_of_its_kind(s)
    for n, t in enumerate(pick(s, rng, cands, 4)):
        same_kind_task(s, 64, template, {"forum": t.post.forum}, t, 6400 + n)


TEMPLATES += [open_same_kind_in_forum]


def comments_with_word(s: Suite) -> None:
    """Official 1: how many comments of the pictured post use a given word."""
    import re

    from ..text import mentions

    template = (
        'The post with this picture is among the hot ones of f/{forum}. How many of its comments use the word "{word}"?'
    )
    rng = stream("1")
    cands = []
    for t in findable(s):
        if browsed_by_address(t) or len(t.comments) < 3:
            continue
        words = sorted({w.lower() for c in t.comments for w in re.findall(r"[A-Za-z]{5,}", c.body)})
        counts = {w: sum(mentions(c.body, w) for c in t.comments) for w in words}
        fit = [w for w, n in counts.items() if 2 <= n < len(t.comments) and not mentions(t.post.title, w)]
        if fit:
            cands.append((t, fit[0], counts[fit[0]]))
    for t, word, n in pick(s, rng, cands, 2):
        s.about_post(
            1,
            template,
            {"forum": t.post.forum, "word": word},
            t,
            picture=True,
            eval_=answer_eval({"required_values": [f"== {n}"]}),
            solution=[*open_post(t), stop(str(n), f'comments using "{word}"')],
        )


TEMPLATES += [comments_with_word]
