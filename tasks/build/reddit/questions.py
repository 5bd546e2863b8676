"""Forum templates that ask what a post's picture shows, and navigation and reading tasks (periods, sorts,
authors, counts, the unachievable one).
"""

from __future__ import annotations

from ..evals import answer_eval, goto, stop, url_eval
from ..text import plural
from .base import Suite, findable, open_post
from .forum import SITE, Thread, clean_of, describe, visual_terms


def on_post(s: Suite, style: str, pred, top: int = 200) -> list[Thread]:
    """Image posts of `style` satisfying `pred(facts)` whose text does not say what the picture shows."""
    return [
        t for t in s.f.image_threads(style=style, top=top) if pred(t.facts) and clean_of([t], visual_terms(t.facts))
    ]


def question_here(
    s: Suite,
    template: str,
    args: dict,
    t: Thread,
    said: str,
    required: dict,
    more_terms=(),
    difficulty: tuple[str, str, str] = ("easy", "medium", "medium"),
) -> None:
    """A question about the picture of post `t`, asked on its page: the answer `said` satisfies `required`
    (string_match); the grounding is `t` with its visual terms and `more_terms`."""
    s.task(
        template,
        args,
        start_url=t.url,
        eval_=answer_eval(required),
        solution=[stop(said)],
        difficulty=difficulty,
        grounding=[t],
        terms=[*visual_terms(t.facts), *more_terms],
    )


def color_here(s: Suite) -> None:
    template = "What colour is the {kind} in the picture of this post? Answer with one colour word."
    cands = on_post(s, "photo", lambda f: f.get("color") and f.get("count") == 1)
    for t in s.fresh(cands, 3):
        color = t.facts["color"]
        s.about_post(
            47,
            template,
            {"kind": t.facts["kind"]},
            t,
            start_url=t.url,
            eval_=answer_eval({"exact_match": color}),
            solution=[stop(color)],
        )


def count_here(s: Suite) -> None:
    template = "How many {kinds} can you see in the picture of this post?"
    cands = on_post(s, "photo", lambda f: f.get("count", 1) >= 2)
    for t in s.fresh(cands, 3):
        n = t.facts["count"]
        question_here(s, template, {"kinds": plural(t.facts["kind"])}, t, str(n), {"required_values": [f"== {n}"]})


def meme_caption_here(s: Suite) -> None:
    template = "What does the {where} caption of the meme in this post say?"
    cands = on_post(s, "meme", lambda f: f.get("top_text") and f.get("bottom_text"))
    for n, t in enumerate(s.fresh(cands, 3)):
        where = ("top", "bottom")[n % 2]
        caption = t.facts[f"{where}_text"]
        question_here(
            s, template, {"where": where}, t, caption, {"exact_match": caption}, difficulty=("easy", "medium", "easy")
        )


def chart_highest_here(s: Suite) -> None:
    template = "Which bar of the chart in this post is the highest? Answer with its label."
    cands = on_post(s, "chart", lambda f: True)
    for t in s.fresh(cands, 3):
        label = t.facts["highest"]
        others = [x for x in t.facts["labels"] if x != label]
        question_here(s, template, {}, t, label, {"must_include": [label], "must_exclude": others})


def chart_value_here(s: Suite) -> None:
    template = "According to the chart in this post, what is the value for {label}?"
    cands = on_post(s, "chart", lambda f: True)
    for t in s.fresh(cands, 2):
        i = s.rng.randrange(len(t.facts["labels"]))
        label, value = t.facts["labels"][i], t.facts["values"][i]
        question_here(s, template, {"label": label}, t, str(value), {"required_values": [f"== {value}"]}, [str(value)])


def stock_trend_here(s: Suite) -> None:
    template = (
        "Did the price in the chart of this post end higher or lower than where it started? Answer higher or lower."
    )
    picked = [
        t
        for trend in ("up", "down")
        for t in s.fresh(on_post(s, "stock", lambda f, trend=trend: f["trend"] == trend), 1)
    ]
    for t in picked:
        answer = "higher" if t.facts["trend"] == "up" else "lower"
        question_here(s, template, {}, t, answer, {"exact_match": answer}, [answer])


def open_page(s: Suite, template: str, args: dict, url: str) -> None:
    """An easy navigation task: go to the page at `url` (url_match)."""
    s.task(template, args, eval_=url_eval(url), solution=[goto(url), stop("")], difficulty=("easy", "easy", "easy"))


def nav_top_period(s: Suite) -> None:
    template = "Show me the top posts of the past {period} in f/{forum}."
    for period, forum in (("week", "gaming"), ("month", "space"), ("year", "movies")):
        url = f"{SITE}/f/{forum}/top?t={period}"
        open_page(s, template, {"period": period, "forum": forum}, url)


def nav_city_sort(s: Suite) -> None:
    template = "Take me to the {sort} posts in the forum for {city}."
    for sort, path, forum in (("newest", "new", "pittsburgh"), ("most commented", "most_commented", "Washington")):
        url = f"{SITE}/f/{forum}/{path}"
        city = s.f.forums[forum].title
        open_page(s, template, {"sort": sort, "city": city}, url)


def author_of_visual(s: Suite) -> None:
    template = "Who posted the picture of {what} in f/{forum}? Answer with the username."
    cands = findable(s, described=True, styles=("photo", "vintage", "space", "artwork", "skyline"))
    for t in s.fresh(cands, 3):
        s.task(
            template,
            {"what": describe(t.facts), "forum": t.post.forum},
            start_url=f"{SITE}/f/{t.post.forum}",
            eval_=answer_eval({"must_include": [t.post.author]}),
            solution=[*open_post(t), stop(t.post.author)],
            difficulty=("medium", "medium", "hard"),
            grounding=[t],
            terms=visual_terms(t.facts),
        )


def count_on_page(s: Suite) -> None:
    template = "How many posts on this page have a picture showing {what}?"
    cands = []
    for forum in ("aww", "food", "photoshopbattles", "mildlyinteresting", "OldSchoolCool"):
        page = s.f.hot_page(forum)
        kinds = sorted({t.facts["kind"] for t in page if t.facts.get("kind")})
        for kind in kinds:
            n = sum(t.facts.get("kind") == kind for t in page)
            if n >= 2 and clean_of(page, [kind, plural(kind)]):
                cands.append((page[0], kind, n, page))
    for _first, kind, n, page in s.fresh(cands, 3):
        s.number_on_page(37, template, kind, page, n)


def unachievable_text(s: Suite) -> None:
    template = "Take me to the forum for {city}."
    for city in ("Hartford", "Albany"):
        note = f"There is no forum for {city}."
        s.task(
            template,
            {"city": city},
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[goto(f"{SITE}/forums/all"), stop("N/A")],
            difficulty=("easy", "easy", "easy"),
            comments="unachievable: " + note,
        )
