"""Classifieds kinds mirroring the official templates that open two or three listings in tabs and act on the one
(or two) their photos single out (round 3): the better deal per item counted in the photos, the one with a given
word printed on it, the two that look most alike when colour is left aside. The comment is the check.

Each template draws from its own random stream (searching.stream).
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..evals import answer_eval, html_eval, stop
from ..text import price_text
from .alike import PATTERN_WORDS, comment_checks, count_terms
from .base import Row, Suite, clean_of
from .commenting import comment_on_page
from .extra import colour_gaps
from .onpage import gallery_pages, plural
from .searching import stream


def by_kind(s: Suite, keep) -> dict[str, list[Row]]:
    out: dict[str, list[Row]] = defaultdict(list)
    for r in s.rows:
        if keep(r):
            out[r.kind].append(r)
    return dict(sorted(out.items()))


def focus(index: int) -> list[dict]:
    return [{"do": "tab_focus", "index": index, "note": "the listing in that tab"}] if index else []


def tab_comment(s: Suite, official: int, template: str, args: dict, tabs, best, title: str, text: str, terms, comments):
    """Comment on `best`, one of the two listings open in `tabs`, with `title` and `text`."""
    other = tabs[1 - tabs.index(best)]
    s.mirror(
        official,
        template,
        args,
        start_url=" |AND| ".join(t.url for t in tabs),
        eval_=html_eval(comment_checks(best, title, text)),
        solution=[*focus(tabs.index(best)), *comment_on_page(title, text), stop("")],
        require_reset=True,
        grounding={"listings": [best.id, other.id], "visual_terms": terms},
        comments=comments,
    )


# ---- official 65: the better value, by the things counted in the photos ------------------------------
def better_deal_commented(s: Suite) -> None:
    template = (
        "The two tabs show two {noun} listings. Counting the {noun_plural} in each photo, which listing "
        'costs less per {noun}? Comment on that one with the title "{title}" and the text "{text}".'
    )
    cands = []
    for _kind, rows in by_kind(s, lambda r: r.count >= 2).items():
        for a, b in zip(rows[::2], rows[1::2], strict=False):
            dear, cheap = (a, b) if a.price > b.price else (b, a)
            # the dearer listing is the better deal per item, so the total price alone misleads
            if (
                dear.price != cheap.price
                and dear.count != cheap.count
                and dear.price / dear.count < 0.8 * cheap.price / cheap.count
                and clean_of([a, b], count_terms(a.count) + count_terms(b.count))
            ):
                cands.append((dear, cheap))
    with stream(s, "better_deal_commented"):
        picked = s.fresh(cands, 1)
    for best, other in picked:
        title, text = "Would like to buy", "Do you take payment by bank transfer?"
        args = {"noun": best.kind, "noun_plural": plural(best.kind), "title": title, "text": text}
        terms = count_terms(best.count) + count_terms(other.count)
        comments = f"${price_text(best.price)} for {best.count} against ${price_text(other.price)} for {other.count}"
        tab_comment(s, 65, template, args, (other, best), best, title, text, terms, comments)


# ---- official 71: comment where the photo shows a given printed word ----------------------------------
def printed_word_commented(s: Suite) -> None:
    template = (
        'Two {noun} listings are open in the tabs. If one of them shows a {noun} with "{word}" printed '
        'on it, comment on that listing with the title "{title}" and the text "{text}".'
    )
    cands = []
    for _kind, rows in by_kind(s, lambda r: r.text is not None).items():
        for a, b in zip(rows[::2], rows[1::2], strict=False):
            if a.text != b.text and clean_of([a, b], [a.text, b.text]):
                cands.append((a, b))
    with stream(s, "printed_word_commented"):
        picked = s.fresh(cands, 1)
    for best, other in picked:
        title = "Others like it?"
        text = f"Do you have any other {plural(best.kind)} with this word on them?"
        args = {"noun": best.kind, "word": best.text, "title": title, "text": text}
        tabs = (best, other) if best.id % 2 else (other, best)
        comments = f'the other tab\'s {other.kind} shows "{other.text}"'
        tab_comment(s, 71, template, args, tabs, best, title, text, [best.text, other.text], comments)


# ---- official 72: of three tabs, the two most alike when colour is left aside -----------------------------
def two_alike_commented(s: Suite) -> None:
    template = (
        "The three tabs show three {noun} listings. Leaving colour aside, which two of them look the most "
        'alike? Comment on both with the title "{title}" and the text "{text}".'
    )
    cands = []
    for _kind, rows in by_kind(s, lambda r: r.color is not None and r.count == 1 and not r.text).items():
        rows = [r for r in rows if clean_of([r], PATTERN_WORDS)]
        for a in rows:
            if a.pattern == "plain":
                continue
            twin = next((b for b in rows if b.id > a.id and b.pattern == a.pattern and b.color != a.color), None)
            odd = twin and next(
                (
                    c
                    for c in rows
                    if c.pattern != a.pattern and c.color in (a.color, twin.color) and c.id not in (a.id, twin.id)
                ),
                None,
            )
            if twin and odd:
                cands.append((a, twin, odd))
                break
    with stream(s, "two_alike_commented"):
        picked = s.fresh(cands, 1)
    for a, b, odd in picked:
        title, text = "Buying", "Can I get one of these?"
        args = {"noun": a.kind, "title": title, "text": text}
        s.mirror(
            72,
            template,
            args,
            start_url=f"{a.url} |AND| {odd.url} |AND| {b.url}",
            eval_=html_eval(comment_checks(a, title, text) + comment_checks(b, title, text)),
            solution=[*comment_on_page(title, text), *focus(2), *comment_on_page(title, text), stop("")],
            require_reset=True,
            grounding={"listings": [a.id, odd.id, b.id], "visual_terms": PATTERN_WORDS},
            comments=f"{a.color} and {b.color} {a.pattern} {a.kind}s; the middle tab's is {odd.pattern}",
        )


# ---- official 70: a stated size against the measuring tape in the photo --------------------------------
def stated_size_checked(s: Suite) -> None:
    """The listings whose photo shows a measuring tape across the item (sites.classifieds.generate.MEASURED, in a
    category of the official catalogue): the description states a diameter, the tape shows the real one."""
    template = (
        "Going by the measuring tape in this listing's photo, is the diameter its description states "
        "correct? Answer yes or no."
    )
    if s.conn is None:
        raise RuntimeError("the classifieds suite is built without its database")
    found = s.conn.execute(
        "SELECT item_id, tape_inches FROM photo WHERE tape_inches IS NOT NULL AND position = 0 ORDER BY item_id"
    ).fetchall()
    listed = {r.id: r for r in s.listed}
    for item_id, shown in found:
        r = listed[item_id]
        stated = re.search(r"(\d+) inches in diameter", r.description)
        if stated is None:
            raise ValueError(f"listing {item_id}: its description states no diameter")
        right = int(stated.group(1)) == shown
        said = "yes" if right else "no"
        terms = ["measuring tape"] + ([] if right else [str(shown)])
        note = f"the tape shows {shown} inches, the description says {stated.group(1)}"
        s.add(
            template,
            {},
            intent=template,
            start_url=r.url,
            eval_=answer_eval({"must_include": [said]}),
            solution=[stop(said, note)],
            difficulty=("easy", "hard", "hard"),
            official=70,
            grounding={"listings": [r.id], "visual_terms": terms},
            comments=note,
        )


# ---- official 48 again: no photo on a newest-first page fits (N/A) ----------------------------------------
def none_on_newest_page(s: Suite) -> None:
    """One more unachievable task of the official 48 kind (extra.on_page_or_none), on a newest-first page: the
    suite keeps the benchmark's share of N/A answers as it grows."""
    template = "Navigate to the {noun} on this page whose photo {condition}."
    gaps = [(r, url, color, page) for url, page in gallery_pages(s, "newest") for r, color in colour_gaps(page)]
    with stream(s, "none_on_newest_page"):
        picked = s.fresh(gaps, 1)
    for r, url, color, page in picked:
        args = {"noun": r.kind, "condition": f"shows a {color} {r.kind}"}
        note = f"No {r.kind} on this page is {color}."
        s.mirror(
            48,
            template,
            args,
            start_url=url,
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[stop("N/A", note)],
            comments="unachievable: " + note,
            grounding={"listings": [p.id for p in page if p.kind == r.kind], "visual_terms": [color]},
        )


TEMPLATES = [
    better_deal_commented,
    printed_word_commented,
    two_alike_commented,
    stated_size_checked,
    none_on_newest_page,
]
