"""Forum kinds added to mirror official reddit templates (tasks/build/reddit/official.py), and more tasks of
kinds that already mirror one where the official template has more. They run after every older template and
pick with their own random stream (`stream`), so the older tasks do not move. Every solution reaches its post
from the start page by browsing: the forum's listing the intent names, then the post by its picture or title.
"""

from __future__ import annotations

import random

from ..evals import answer_eval, click, goto, stop, url_eval
from ..suite import streams
from ..text import plural
from .base import (
    ALL_FORUMS,
    FORUMS_NAV,
    LOOKALIKE,
    STYLE_FORUM,
    Suite,
    a_kind,
    any_picture_eval,
    commented_here,
    findable,
    forum_link,
    kind_homes,
    open_author,
    open_post,
    post_url_eval,
    thumbnail,
)
from .forum import NUMBER_WORDS, SITE, USER, Thread, clean_of, visual_terms
from .pictures import MESSAGE_AUTHOR, MESSAGES, comment_count_task, message_author_task, top_comment_task
from .questions import on_post

STREAM_SEED = 3400  # this module's random stream (issue 34), apart from the suite's


stream = streams(STREAM_SEED)


def browsed_by_address(t: Thread) -> bool:
    """Whether the post is an abstract drawing (LOOKALIKE), which base.open_post opened by its address until
    round 6; the kinds here still leave such posts out, so their picks stay as they were."""
    return t.facts.get("style") in LOOKALIKE


def pick(s: Suite, rng: random.Random, candidates: list, n: int) -> list:
    """Up to n candidates not used by another task, drawn with `rng` (like Suite.fresh, another stream)."""

    def row(c):
        return c[0] if isinstance(c, tuple) else c

    pool = [c for c in candidates if row(c).id not in s.used]
    picked = rng.sample(pool, min(n, len(pool)))
    picked.sort(key=lambda c: row(c).id)
    s.used.update(row(c).id for c in picked)
    return picked


def by_others(s: Suite) -> list[Thread]:
    """The `findable` posts by someone else than our user, not browsed by address: where a job from a pictured
    post to its author's profile starts."""
    return [t for t in findable(s) if t.post.author != USER and not browsed_by_address(t)]


def author_job(s: Suite, official: int, template: str, t: Thread, eval_: dict, steps: list[dict], **task) -> None:
    """A job from post `t` pictured in f/{forum}: open it, then its author's profile, then `steps`, then stop."""
    s.about_post(
        official,
        template,
        {"forum": t.post.forum},
        t,
        picture=True,
        eval_=eval_,
        solution=[*open_author(t), *steps, stop("")],
        **task,
    )


RANKS = ("hottest", "second hottest", "third hottest", "fourth hottest", "fifth hottest")


def count_answer(n: int) -> str:
    return f"{n} |OR| {NUMBER_WORDS.get(n, n)}"


def picture_question(f: dict) -> tuple[str, str] | None:
    """A question about a picture and its answer (alternatives joined by |OR|), or None."""
    style, n = f.get("style"), f.get("count", 1)
    if style == "photo" and n == 1 and f.get("color"):
        return f"what colour is the {f['kind']} in its picture? Answer with one colour word.", f["color"]
    if style == "photo" and n >= 2 and not f["kind"].endswith("s"):
        return f"how many {plural(f['kind'])} does its picture show?", count_answer(n)
    if style in ("photo", "vintage") and n == 1:
        return "what is shown in its picture? Answer with one word.", f["kind"]
    if style == "landscape":
        return "is there snow in its picture? Answer yes or no.", "yes" if f.get("snow") else "no"
    if style == "space":
        return "how many moons does the planet in its picture have?", count_answer(n)
    if style == "artwork":
        return f"how many {f['shape']} does the painting in its picture show?", count_answer(n)
    return None


def picture_question_in_forum(s: Suite) -> None:
    """Official 39: a question about the picture of the post at a given place of a forum's hot listing."""
    template = "Look at the {rank} post in f/{forum}: {question}"
    rng = stream("39")
    cands = []
    for _forum, page in s.f.hot_pages():
        for rank, t in enumerate(page[: len(RANKS)]):
            if t.id not in s.f.drawable or not clean_of([t], visual_terms(t.facts)) or browsed_by_address(t):
                continue
            if not s.f.unique_look(t, page):
                continue
            qa = picture_question(t.facts)
            if qa:
                cands.append((t, rank, *qa))
    for t, rank, question, answer in pick(s, rng, cands, 6):
        s.about_post(
            39,
            template,
            {"rank": RANKS[rank], "forum": t.post.forum, "question": question},
            t,
            eval_=answer_eval({"must_include": [answer]}),
            solution=[
                goto(f"{SITE}/f/{t.post.forum}", "the forum the intent names"),
                click(thumbnail(t), f"place {rank + 1} of the hot listing"),
                stop(answer.split(" |OR| ")[0]),
            ],
        )


def comment_count_here(s: Suite) -> None:
    """Official 60: comment on this post the number of things its picture shows."""
    template = "Comment on this post with just the number of {kinds} in its picture."
    rng = stream("60")
    cands = on_post(s, "photo", lambda f: f.get("count", 1) >= 2 and not f["kind"].endswith("s"))
    for t in pick(s, rng, cands, 6):
        n = t.facts["count"]
        kinds = plural(t.facts["kind"])
        said = [f"{n} |OR| {NUMBER_WORDS.get(n, n)}"]
        s.about_post(60, template, {"kinds": kinds}, t, **commented_here(t, str(n), must_include=said))


def more_top_comment(s: Suite) -> None:
    """Official 9 has five tasks (pictures.img_top_comment and img_unachievable make four)."""
    rng = stream("9")
    cands = [t for t in findable(s, need_top_comment=True) if not browsed_by_address(t)]
    for t in pick(s, rng, cands, 1):
        top_comment_task(s, t)


def more_comment_count(s: Suite) -> None:
    """Official 52 has three tasks (pictures.img_comment_count makes two)."""
    rng = stream("52")
    for t in pick(s, rng, [t for t in findable(s) if t.post.comment_count >= 2 and not browsed_by_address(t)], 1):
        comment_count_task(s, t)


def more_message_author(s: Suite) -> None:
    """Official 43 has three tasks (pictures.img_message_author makes two)."""
    rng = stream("43")
    cands = [
        t
        for t in findable(s)
        if t.post.author not in s.f.correspondents and t.post.author != USER and not browsed_by_address(t)
    ]
    for t in pick(s, rng, cands, 1):
        message_author_task(s, 43, MESSAGE_AUTHOR, t, MESSAGES[2], "About your picture")


TEMPLATES = [picture_question_in_forum, comment_count_here, more_top_comment, more_comment_count, more_message_author]


def browse_to_post(t: Thread, note: str = "its picture matches") -> list[dict]:
    """From any page, with no forum named: the forum list, the forum the picture belongs in, the post."""
    return [
        click(FORUMS_NAV),
        click(ALL_FORUMS),
        click(forum_link(t.post.forum), "where such pictures go"),
        click(thumbnail(t), note),
    ]


def on_first_page(s: Suite, forum: str) -> list[Thread]:
    """Image posts of a forum's first hot page that the page shows no look-alike of, whose text does not say
    what the picture shows, and that open_post reaches by browsing."""
    page = s.f.hot_page(forum)
    return [
        t
        for t in page
        if t.id in s.f.drawable
        and s.f.unique_look(t, page)
        and not browsed_by_address(t)
        and clean_of([t], visual_terms(t.facts))
    ]


def only_photo_of_its_kind(s: Suite) -> list[Thread]:
    """Photo posts of each forum's first hot page (on_first_page) that are the only one of their kind there, on a
    page whose text names that kind nowhere: an input picture of the kind points at one post."""
    cands = []
    for forum, page in s.f.hot_pages():
        for t in on_first_page(s, forum):
            kind = t.facts.get("kind")
            if kind is None or t.facts.get("style") != "photo" or sum(u.facts.get("kind") == kind for u in page) != 1:
                continue
            if clean_of(page, [kind, plural(kind)]):
                cands.append(t)
    return cands


def other_picture_of_its_kind(s: Suite, t: Thread, seed: int) -> str:
    """The input image of a task about post t: another photo of its kind, drawn for the task with another count of
    the thing (2 where the post shows one, else 1), so the two are never the same picture."""
    from sites.imagery.forum_pictures import ForumPicture, render_picture

    from .base import INPUT_SIZE

    picture = ForumPicture("photo", kind=t.facts["kind"], count=1 if t.facts.get("count", 1) > 1 else 2)
    return s.picture_file(render_picture(picture, INPUT_SIZE, seed=seed))


def same_kind_task(
    s: Suite,
    official: int,
    template: str,
    args: dict,
    t: Thread,
    seed: int,
    eval_: dict | None = None,
    comments: str = "",
    **task,
) -> None:
    """Open post `t`, whose picture shows a kind of thing, given another picture of that kind (drawn for the task
    with `seed`) as the input image; scored by `eval_` (default: `t`'s address)."""
    kind = t.facts["kind"]
    s.about_kind(
        official,
        template,
        args,
        kind,
        [t],
        image=other_picture_of_its_kind(s, t, seed=seed),
        eval_=eval_ or post_url_eval(t),
        solution=[*open_post(t, f"its picture shows {a_kind(kind)} too"), stop("")],
        comments=comments or f"the input image shows {a_kind(kind)} (drawn for the task); so does this post's picture",
        **task,
    )


def on_first_pages(s: Suite) -> list[Thread]:
    """`on_first_page` of every forum, the forums in name order (case aside)."""
    return [t for forum in sorted(s.f.hot, key=str.lower) for t in on_first_page(s, forum)]


def picture_tells_forum(t: Thread, home: dict[str, set[str]]) -> bool:
    """Whether the kind of `t`'s picture tells its forum: a style with a forum of its own, or a photo of a kind
    posted in that forum only (`home`: kind_homes). Not landscapes: at thumbnail size two of them can differ too
    little for the sighted proof."""
    style = t.facts["style"]
    return (STYLE_FORUM.get(style) == t.post.forum and style != "landscape") or (
        style == "photo" and home[t.facts["kind"]] == {t.post.forum}
    )


def open_pictured_post_anywhere(s: Suite) -> None:
    """Official 4: open the comments of the pictured post; no forum is named (its kind of picture tells).
    Landscapes are left out: at thumbnail size two of them can differ too little for the sighted proof."""
    template = "Help me find the post that has this picture and open its comments."
    rng = stream("4")
    home = kind_homes(s)
    cands = [t for t in on_first_pages(s) if picture_tells_forum(t, home)]
    for t in pick(s, rng, cands, 3):
        s.about_post(
            4,
            template,
            {},
            t,
            picture=True,
            eval_=post_url_eval(t),
            solution=[*browse_to_post(t), stop("")],
            comments=f"pictures like this one ({t.facts['style']}) are posted in f/{t.post.forum} only",
        )


def open_post_showing(s: Suite) -> None:
    """Official 40: open any post whose picture shows a kind of thing (scored on the picture of the page)."""
    template = "Open the comments of a post whose picture shows {what}."
    rng = stream("40")
    showing: dict[str, list[Thread]] = {}
    for t in s.f.threads.values():
        if t.id in s.f.drawable and t.facts.get("kind"):
            showing.setdefault(t.facts["kind"], []).append(t)
    by_kind: dict[str, list[Thread]] = {}
    for t in findable(s, styles=("photo",)):
        kind = t.facts["kind"]
        if kind.endswith("s") or not clean_of([t], [kind, plural(kind)]):
            continue
        if t.id not in s.used:
            by_kind.setdefault(kind, []).append(t)
    kinds = rng.sample(sorted(by_kind), min(4, len(by_kind)))
    chosen = sorted(((pick(s, rng, by_kind[k], 1)[0], k) for k in kinds), key=lambda c: c[0].id)
    for t, kind in chosen:
        ev = any_picture_eval(showing[kind])
        s.about_kind(
            40,
            template,
            {"what": a_kind(kind)},
            kind,
            [t],
            eval_=ev,
            solution=[*browse_to_post(t, f"its picture shows {a_kind(kind)}"), stop("")],
            comments=f"any of the {len(showing[kind])} posts whose picture shows {a_kind(kind)} will do",
        )


TEMPLATES += [open_post_showing]


def first_contributions(s: Suite, author: str, n: int = 8) -> list[tuple[str, int]]:
    """The first `n` (kind, id) of a user's overview page (sites.reddit.browse_views.user_page's order)."""
    conn = s.f.data.conn
    posts = conn.execute(
        "SELECT s.id, s.created_at FROM submission s JOIN user u ON u.id = s.user_id"
        " WHERE u.username = ? ORDER BY s.id DESC LIMIT 25",
        (author,),
    ).fetchall()
    comments = conn.execute(
        "SELECT c.id, c.created_at FROM comment c JOIN user u ON u.id = c.user_id"
        " WHERE u.username = ? ORDER BY c.id DESC LIMIT 25",
        (author,),
    ).fetchall()
    rows = [("submission", r[0], r[1]) for r in posts] + [("comment", r[0], r[1]) for r in comments]
    rows.sort(key=lambda r: (r[2], r[0] == "comment", r[1]), reverse=True)
    return [(k, i) for k, i, _ in rows[:n]]


def other_post_of_author(s: Suite) -> None:
    """Official 12: from the pictured post, its author's profile, then another of their posts."""
    template = "Find who posted this picture in f/{forum} and open the comments of another post of theirs (any one)."
    rng = stream("12")
    cands = []
    for t in by_others(s):
        shown = [
            s.f.threads[i] for k, i in first_contributions(s, t.post.author) if k == "submission" and i in s.f.threads
        ]
        others = [
            u
            for u in shown
            if u.id != t.id and u.id in s.f.drawable and s.f.unique_look(u, shown) and not browsed_by_address(u)
        ]
        if others:
            cands.append((t, others[0]))
    for t, other in pick(s, rng, cands, 4):
        everything = sorted(
            (u for u in s.f.threads.values() if u.post.author == t.post.author and u.id != t.id), key=lambda u: u.id
        )
        url = " |OR| ".join(f"{u.url} |OR| {SITE}{u.post.url_path}" for u in everything)
        author_job(s, 12, template, t, url_eval(url), [click(thumbnail(other), "another post of theirs")])


TEMPLATES += [other_post_of_author]


def more_upvote_all(s: Suite) -> None:
    """Official 34 has five tasks (interactions.upvote_all_on_page makes three): more forums' first pages."""

    template = "Upvote every post on this page whose picture shows {what}."
    rng = stream("34")
    cands = []
    for _forum, page in s.f.hot_pages():
        kinds = sorted({t.facts["kind"] for t in page if t.id in s.f.drawable and t.facts.get("style") == "photo"})
        for kind in kinds:
            hits = [t for t in page if t.facts.get("kind") == kind]
            if (
                2 <= len(hits) <= 3
                and all(t.id not in s.f.votes for t in page)
                and not kind.endswith("s")
                and clean_of(page, [kind, plural(kind)])
                and all(s.f.unique_look(t, page) for t in hits)
                and all(t.facts.get("style") not in LOOKALIKE for t in hits)
            ):
                cands.append((hits[0], kind, hits, page))
    for _first, kind, hits, page in pick(s, rng, cands, 2):
        s.used.update(t.id for t in hits)
        s.upvote_all(template, kind, hits, page, f"{a_kind(kind)} in the picture")


TEMPLATES += [more_upvote_all, open_pictured_post_anywhere]  # the last: it came after the others' picks
