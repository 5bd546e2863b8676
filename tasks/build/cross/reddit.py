"""Multi-site kinds whose main site is reddit (official templates of test_reddit.raw.json that span sites).
Each function takes the multi-site Suite (tasks.build.multisite.Suite) and adds its tasks to it, picking with
its own random stream so the suite's older tasks do not move. The post is reached by browsing: the forum's hot
listing the intent names, then the post's title; the fact is read from the generated Wikipedia article (its
text says it is generated).
"""

from __future__ import annotations

import random
from collections import Counter

from ..evals import answer_eval, click, goto, stop
from ..reddit.base import thumbnail
from ..reddit.forum import clean_of, visual_terms
from ..text import plural
from .kit import WIKI_LANDING, animal_articles, look_up, mirror, one_post_a_kind, post_wiki_task, tab

ORDINALS = (
    "",
    "second ",
    "third ",
    "fourth ",
    "fifth ",
    "sixth ",
    "seventh ",
    "eighth ",
    "ninth ",
    "tenth ",
    "eleventh ",
    "twelfth ",
    "thirteenth ",
    "fourteenth ",
    "fifteenth ",
)
RANKS = tuple(f"{o}hottest" for o in ORDINALS)
NEWEST = tuple(f"{o}newest" for o in ORDINALS)
MOST_COMMENTED = tuple(f"{o}most commented" for o in ORDINALS)
SORT_TAB = {"new": "new", "most commented": "most_commented"}
# (question about the animal, the article's fact label)
ANIMAL_FACTS = (
    ("which class of animals does the animal in its picture belong to", "Class"),
    ("what is the binomial name of the animal in its picture", "Binomial name"),
    ("where in the world does the animal in its picture live", "Range"),
)


def animal_fact_of_ranked_post(s) -> None:
    """Official 18: a question about what a post's picture shows, answered from Wikipedia (second tab)."""

    template = "Look at the {rank} post in f/{forum}: {question}? Answer from the Wikipedia article in the second tab."
    rng = random.Random("3400:cross:18")
    animals = animal_articles(s)
    cands = []
    for forum in sorted(s.forum.hot, key=str.lower):
        for sort in ("hot", "new", "most commented"):
            cands += ranked_animals(s, animals, forum, sort)
    rng.shuffle(cands)
    picked: list = []
    seen: list[str] = []
    for t, sort, rank, kind in cands:
        q = len(picked) % len(ANIMAL_FACTS)
        if seen.count(kind) >= 5 or ("posts", t.id) in s.taken:
            continue
        seen.append(kind)
        s.taken.add(("posts", t.id))
        picked.append((t, sort, rank, kind, q))
        if len(picked) == 14:
            break
    for t, sort, rank, kind, q in sorted(picked, key=lambda c: c[0].id):
        question, label = ANIMAL_FACTS[q]
        art = animals[kind]
        answer = s.fact(art.title, label)
        where = [] if sort == "hot" else [click(f".sort-tabs a[href='/f/{t.post.forum}/{SORT_TAB[sort]}']", sort)]
        ranks = {"hot": RANKS, "new": NEWEST, "most commented": MOST_COMMENTED}[sort]
        post_wiki_task(
            s,
            18,
            template,
            {"rank": ranks[rank], "forum": t.post.forum, "question": question},
            t,
            start_url=f"__REDDIT__ |AND| {WIKI_LANDING}",
            eval_=answer_eval({"must_include": [answer]}),
            solution=[
                goto(f"__REDDIT__/f/{t.post.forum}", "the forum the intent names"),
                *where,
                click(thumbnail(t), f"place {rank + 1} of the {sort} listing"),
                tab(1, f"the picture shows {kind}"),
                *look_up(art.title),
                stop(answer),
            ],
            comments=f"the picture shows {kind}; the article {art.title!r} gives its {label.lower()}",
        )


def ranked_animals(s, animals: dict, forum: str, sort: str) -> list[tuple]:
    """(post, sort, rank, kind) of the first posts of a forum's `sort` listing whose picture shows an animal
    that has an article, with a picture no other post on the page shares and text that does not name it."""
    ids = list(s.forum.hot[forum])
    if sort == "new":
        ids.sort(reverse=True)
    elif sort == "most commented":
        ids.sort(key=lambda i: (s.forum.threads[i].post.comment_count, i), reverse=True)
    page = [s.forum.threads[i] for i in ids[:25]]
    out: list[tuple] = []
    for rank, t in enumerate(page[: len(RANKS)]):
        kind = t.facts.get("kind")
        if t.id not in s.forum.drawable or t.facts.get("style") not in ("photo", "vintage") or kind not in animals:
            continue
        if not clean_of([t], visual_terms(t.facts)) or ("posts", t.id) in s.taken:
            continue
        if not s.forum.unique_look(t, page):
            continue
        out.append((t, sort, rank, kind))
    return out


TEMPLATES: list = [animal_fact_of_ranked_post]


# ---- round 3 (issue 34): more reddit + wikipedia kinds, each with its own random stream, after the one above.


def top_post_of_article_animal(s) -> None:
    """Official 68: the top comment of the all-time top post (of a named forum) whose picture shows the subject of
    a Wikipedia article named by its title (the second tab holds the Wikipedia copy)."""
    from ..reddit.standout import first_page

    template = (
        'The Wikipedia copy in the second tab has an article titled "{title}". Among the all-time top '
        "posts of f/{forum}, find the highest scored one whose picture shows the animal of that article: what "
        "does its top comment say?"
    )
    rng = random.Random("3400:cross:68")
    animals = animal_articles(s)
    cands = []
    for forum in sorted(s.forum.hot, key=str.lower):
        page = first_page(s.forum, forum, "top")
        seen: set[str] = set()
        for rank, t in enumerate(page):
            kind = t.facts.get("kind") if t.id in s.forum.drawable else None
            if kind is None or kind in seen:
                continue
            seen.add(kind)
            if (
                kind in animals
                and t.facts.get("style") == "photo"
                and rank >= 1
                and s.forum.unique_look(t, page)
                and clean_of(page, [kind, plural(kind)])
                and s.forum.top_comment(t) is not None
                and ("posts", t.id) not in s.taken
            ):
                cands.append((t, kind))
    for t, kind in one_post_a_kind(s, rng, cands, 2):
        art = animals[kind]
        top = s.forum.top_comment(t)
        post_wiki_task(
            s,
            68,
            template,
            {"title": art.title, "forum": t.post.forum},
            t,
            start_url=f"__REDDIT__/f/{t.post.forum} |AND| {WIKI_LANDING}",
            eval_=answer_eval({"must_include": [top.body]}),
            solution=[
                tab(1),
                *look_up(art.title, f"the article is about the {kind}"),
                tab(0),
                click(f".sort-tabs a[href='/f/{t.post.forum}/top']", "top, all time"),
                click(thumbnail(t), f"the first picture showing {kind}"),
                stop(top.body, "the first comment of the thread"),
            ],
            comments=f"the article {art.title!r} is about the {kind}; post {t.id} is the top one showing it",
        )


def most_pictured_animal_fact(s) -> None:
    """Official 20: a fact from Wikipedia about the animal shown in the most pictures of a forum's first page."""
    template = (
        "Which animal appears in the most pictures on the first page of f/{forum}? Give its binomial name "
        "from the Wikipedia copy in the second tab."
    )
    rng = random.Random("3400:cross:20")
    animals = animal_articles(s)
    cands = []
    for forum, page in s.forum.hot_pages():
        counts = Counter(
            t.facts["kind"]
            for t in page
            if t.id in s.forum.drawable and t.facts.get("style") == "photo" and t.facts.get("kind") in animals
        )
        if len(counts) < 2:
            continue
        (kind, n), (_, second) = counts.most_common(2)
        if n > second and clean_of(page, [kind, plural(kind)]):
            cands.append((forum, kind, n, page))
    for forum, kind, n, page in rng.sample(cands, min(2, len(cands))):
        art = animals[kind]
        answer = s.fact(art.title, "Binomial name")
        mirror(
            s,
            20,
            template,
            {"forum": forum},
            ["reddit", "wikipedia"],
            start_url=f"__REDDIT__/f/{forum} |AND| {WIKI_LANDING}",
            eval_=answer_eval({"must_include": [answer]}),
            solution=[tab(1, f"the {kind} is in {n} pictures of the page"), *look_up(art.title), stop(answer)],
            grounding={"posts": [t.id for t in page], "visual_terms": [kind, plural(kind)]},
            comments=f"{n} pictures of the page show the {kind}; the article {art.title!r} gives its binomial name",
        )


TEMPLATES += [top_post_of_article_animal, most_pictured_animal_fact]


# ---- round 4 (issue 34, r4-rdx): the kinds that post store products (reddit + shopping [+ wikipedia]).
from .reddit_store import TEMPLATES as _STORE_TEMPLATES  # noqa: E402

TEMPLATES += _STORE_TEMPLATES
from .reddit_wiki import TEMPLATES as _WIKI_TEMPLATES  # noqa: E402

TEMPLATES += _WIKI_TEMPLATES
from .reddit_store_r5 import TEMPLATES as _STORE_R5_TEMPLATES  # noqa: E402  (round 5, r5-rda: official 31)

TEMPLATES += _STORE_R5_TEMPLATES
