"""What the multi-site suite (tasks/build/multisite.py) and its official kinds (tasks/build/cross/<site>.py) share:
the site placeholders, the Wikipedia landing tab, article and search URLs, the tab_focus step and the animal
articles by the word a picture's kind is. Here, not in multisite.py, so that the kinds need not import the module
that builds them."""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol
from urllib.parse import quote

from sites.wikipedia import BOOK, LANDING
from sites.wikipedia.entities import Entity

SHOP, REDDIT, WIKI = "__SHOPPING__", "__REDDIT__", "__WIKIPEDIA__"
WIKI_LANDING = f"{WIKI}/{BOOK}/A/{LANDING}"


class HasArticles(Protocol):
    def articles_of(self, kind: str) -> list[Entity]: ...


def article_url(title: str) -> str:
    """The kiwix-serve URL of an article (its path in the ZIM, percent-encoded where a URL needs it)."""
    return f"{WIKI}/{BOOK}/" + quote(Entity(title, "").path, safe="/:,()'")


def mirror(s, official: int, template: str, args: dict, sites: list[str], **task) -> dict:
    """A task across `sites` mirroring official template `official` of its main site (the first), with that
    template's difficulty labels."""
    from ..classifieds.official import OFFICIAL as CLASSIFIEDS
    from ..reddit.official import OFFICIAL as FORUM
    from ..shopping.official import OFFICIAL as STORE

    tables: dict[str, dict] = {"classifieds": CLASSIFIEDS, "reddit": FORUM, "shopping": STORE}
    labels = tables[sites[0]][official].difficulty
    return s.task(template, args, sites, difficulty=labels, official=official, **task)


def post_wiki_task(s, official: int, template: str, args: dict, t, **task) -> dict:
    """A task mirroring the official reddit template `official` (its difficulty labels) about forum post `t` (its
    grounding) and an article of the Wikipedia in the second tab."""
    from ..reddit.forum import visual_terms

    ground = {"posts": [t.id], "visual_terms": visual_terms(t.facts)}
    return mirror(s, official, template, args, ["reddit", "wikipedia"], grounding=ground, **task)


def one_post_a_kind(s, rng: random.Random, cands: list[tuple], n: int) -> list[tuple]:
    """Up to `n` of the (post, kind) `cands` drawn by `rng`, no kind twice, in post id order; their posts are
    taken (`s.taken`) from the other kinds."""
    rng.shuffle(cands)
    picked: list[tuple] = []
    for t, kind in cands:
        if all(k != kind for _, k in picked):
            picked.append((t, kind))
        if len(picked) == n:
            break
    s.taken.update(("posts", t.id) for t, _ in picked)
    return sorted(picked, key=lambda c: c[0].id)


def look_up(title: str, note: str = "") -> list[dict]:
    """Reach an article as a reader does: its title typed into kiwix-serve's search box (the bar every article page
    carries) with Enter, then the hit of that title on the results page."""
    hit = {"do": "click", "css": f".results a[href='{article_url(title).removeprefix(WIKI)}']"}
    if note:
        hit["note"] = note
    return [{"do": "type", "css": "#kiwixsearchbox", "value": title, "enter": True}, hit]


def search_url(words: str) -> str:
    """kiwix-serve's full-text search of the book."""
    return f"{WIKI}/search?content={BOOK}&pattern={quote(words)}"


def tab(index: int, note: str = "") -> dict:
    step = {"do": "tab_focus", "index": index}
    if note:
        step["note"] = note
    return step


def animal_articles(s: HasArticles) -> dict[str, Entity]:
    """Animal articles by the word a forum picture's kind is ("Red fox" -> fox); a word two articles end with
    names neither."""
    ends = Counter(e.title.lower().split()[-1] for e in s.articles_of("animal"))
    return {e.title.lower().split()[-1]: e for e in s.articles_of("animal") if ends[e.title.lower().split()[-1]] == 1}


def calling_code_countries(s: HasArticles) -> list[tuple[str, str]]:
    """(country, calling code) of the country articles with a code other than the United States' own."""
    out = []
    for e in s.articles_of("country"):
        code = dict(e.facts).get("Calling code")
        if code and code != "+1" and e.title.isascii() and e.title.replace(" ", "").isalpha():
            out.append((e.title, code))
    return out
