"""Official shopping kinds reached through the search box or read off reviews (official templates 8 and 20).

- 8: open the first product of a search's results that shows a look (url_match on its page);
- 20: name the reviewers of a product (picked on a category page by its look) whose review mentions a word.
"""

from __future__ import annotations

import re

from ..evals import answer_eval, click, stop, type_in, url_eval
from .base import Suite, open_card, page_url
from .page_kinds import FACTS, kind_searches, look_task, look_words, looks_on, pages


def first_in_search(s: Suite, n: int = 4) -> None:
    """Official 8: the first search result showing a look, opened from the results."""
    template = 'Open the first {look} among the search results for "{query}".'
    cands = []
    for kind, shown in kind_searches(s):
        for fact in FACTS:
            seen: set = set()
            for k, p in enumerate(shown):
                value = getattr(p.photos[0], fact)
                if p.photos[0].kind != kind or value is None or value == "plain" or value in seen:
                    continue
                seen.add(value)
                later = [x for x in shown[k + 1 :] if x.photos[0].kind == kind and getattr(x.photos[0], fact) == value]
                others = [x for x in shown if x.photos[0].kind == kind and x.id != p.id]
                if later and others and s.clean(p, [str(value)]) and all(s.clean(x, [str(value)]) for x in later):
                    cands.append((p, fact, kind))
                    break
            else:
                continue
            break
    for p, fact, kind in s.fresh(cands, n):
        args = {"look": look_words(p, fact), "query": kind}
        solution = [type_in("#search", kind, enter=True), open_card(p), stop("")]
        s.mirror(
            8,
            template,
            args,
            eval_=url_eval(page_url(p)),
            solution=solution,
            grounding=s.look_ground(p, fact),
            comments="another product further down the results shows the same look",
        )


WORD = re.compile(r"[a-z]{5,}")


def reviewers_mentioning(s: Suite, n: int = 6) -> None:
    """Official 20: the reviewers of a product (named by its look on this page) who mention a word."""
    template = 'Which reviewers of the {look} on this page mention "{word}"? List their names.'
    cands = []
    for page in pages(s, 1):
        for p, fact in looks_on(s, page, page.products, options=None):
            if len(p.reviews) < 3:
                continue
            words: dict[str, set[str]] = {}
            for r in p.reviews:
                for w in set(WORD.findall(f"{r.title} {r.detail}".lower())):
                    words.setdefault(w, set()).add(r.nickname)
            for w, who in sorted(words.items()):
                writers = {r.nickname for r in p.reviews}
                anywhere = {r.nickname for r in p.reviews if w in f"{r.title} {r.detail}".lower()}
                if 1 <= len(who) < len(writers) and len(writers) == len(p.reviews) and anywhere == who:
                    cands.append((p, fact, page, w, sorted(who)))
                    break
    for p, fact, page, word, who in s.fresh(cands, n):
        ev = answer_eval({"must_include": who})
        solution = [open_card(p), click("#tab-label-reviews-title"), stop(", ".join(who))]
        look_task(s, 20, template, p, fact, page.url, {"word": word}, eval_=ev, solution=solution)


TEMPLATES = [first_in_search, reviewers_mentioning]
