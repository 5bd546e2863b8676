"""Round 4 (issue 34): the official reddit + wikipedia templates that need a post and an article together.
Each kind picks with its own random stream; the posts it takes are added to the multi-site suite's `taken` keys
(only the shopping kinds, which pick no posts, come after it).

- 21, 22, 23, 24, 26: a chart post of f/dataisbeautiful counts games per console; which console a question is
  about is read from the bars, what is asked about it (its developer, its release date) from the console's
  Wikipedia article (sites/wikipedia/round4.py: generated articles on the consoles the charts name);
- 46: a post's picture shows a thing the encyclopedia credits to one person (a toy's namesake, an invention's
  inventor): that person's birth year, from the person's article;
- 36: on a forum's first page, upvote the posts whose animal is a bird and downvote those whose animal is a
  reptile, by the class the animals' articles give.
"""

from __future__ import annotations

import random

from sites.wikipedia.round4 import CREDITED, PEOPLE

from ..evals import answer_eval, click, goto, html_eval, stop, target
from ..reddit.base import DOWNVOTE, DOWNVOTED, UPVOTE, UPVOTED, VOTE_CLASS, thumbnail
from ..reddit.forum import HOT_PAGE, clean_of, visual_terms
from .kit import REDDIT, WIKI_LANDING, animal_articles, look_up, mirror, one_post_a_kind, post_wiki_task, tab

CHART = "Games played by console"
CONSOLE_ARTICLES = {"Switch": "Nintendo Switch", "PS5": "PlayStation 5", "Xbox": "Xbox"}
SORT_WORDS = {"hot": "hot", "new": "newest first"}
ORDINAL = ("most", "second most", "third most", "fewest")


def console_charts(s) -> list:
    """The drawable console charts whose text names no console."""
    words = list(CONSOLE_ARTICLES) + list(CONSOLE_ARTICLES.values()) + ["PC"]
    return [
        t
        for t in s.forum.image_threads(forum="dataisbeautiful", style="chart")
        if t.facts.get("title") == CHART and clean_of([t], words) and ("posts", t.id) not in s.taken
    ]


def ranked(t) -> list[str]:
    """The chart's bars, most games first."""
    return [label for _, label in sorted(zip(t.facts["values"], t.facts["labels"], strict=False), reverse=True)]


def chart_question(s, rng: random.Random, charts: list, official: int, template: str, n: int, fact: str, pick) -> None:
    """n tasks of one template: `pick(chart)` gives (the bar the question is about, intent args) or None."""
    cands = [(t, got) for t in charts if (got := pick(t)) is not None and got[0] in CONSOLE_ARTICLES]
    rng.shuffle(cands)
    for t, (label, args) in sorted(cands[:n], key=lambda c: c[0].id):
        charts.remove(t)
        s.taken.add(("posts", t.id))
        title = CONSOLE_ARTICLES[label]
        answer = s.fact(title, fact)
        mirror(
            s,
            official,
            template,
            args,
            ["reddit", "wikipedia"],
            start_url=f"{t.url} |AND| {WIKI_LANDING}",
            eval_=answer_eval({"must_include": [answer]}),
            solution=[
                tab(1, f"the chart's bar is {label}"),
                *look_up(title, f"the article on the {label}"),
                stop(answer),
            ],
            grounding={"posts": [t.id], "visual_terms": [label, title]},
            comments=f"bars {dict(zip(t.facts['labels'], t.facts['values'], strict=False))}; {title}: {fact} {answer}",
        )


def console_questions(s) -> None:
    """Official 21, 22, 23, 24, 26: a console picked by the chart's bars, a fact of it from Wikipedia."""
    rng = random.Random("3400:cross:21-26")
    charts = sorted(console_charts(s), key=lambda t: t.id)

    def by_rank(i: int):
        return lambda t: (ranked(t)[i], {"rank": ORDINAL[i]}) if i < 3 else (ranked(t)[-1], {"rank": ORDINAL[i]})

    def only_above_pc(t):
        order = ranked(t)
        return (order[0], {}) if order.index("PC") == 1 else None

    chart_question(
        s,
        rng,
        charts,
        21,
        "The chart in this post counts games played per console. When was the "
        "console with the {rank} games first released? Answer from the Wikipedia copy in the second tab.",
        1,
        "Released",
        by_rank(0),
    )
    chart_question(
        s,
        rng,
        charts,
        22,
        "Who developed the console this post's chart shows with the {rank} games "
        "played? Look it up in the Wikipedia copy in the second tab.",
        2,
        "Developer",
        lambda t: by_rank(rng.choice((0, 3)))(t),
    )
    chart_question(
        s,
        rng,
        charts,
        23,
        "Which company is behind the console that had the fewest games played in the chart of this post?",
        1,
        "Developer",
        by_rank(3),
    )
    chart_question(
        s,
        rng,
        charts,
        24,
        "In the chart of this post, find the console whose bar is the {rank} but one. "
        "Who developed it? Answer with the Wikipedia copy in the second tab.",
        2,
        "Developer",
        lambda t: (ranked(t)[1], {"rank": "tallest"}),
    )
    chart_question(
        s,
        rng,
        charts,
        26,
        "Only one console had more games played than PC in the chart of this post. Who developed that console?",
        1,
        "Developer",
        only_above_pc,
    )


# ---- 46 ------------------------------------------------------------------------------------------------

# The forum pictures' kinds that show a thing an article credits to one person, with that article's title.
CREDITED_KINDS = {
    "teddy bear": "Teddy bear",
    "rotary phone": "Rotary dial",
    "car": "Automobile",
    "television": "Television",
    "vintage radio": "Radio",
}


def credited_person_birth_year(s) -> None:
    """Official 46: the birth year of the person credited with the thing a post's picture shows."""
    template = (
        "The picture of this post shows something the encyclopedia credits to one person (its inventor or "
        "the person it is named after). In which year was that person born? Use the Wikipedia copy in the "
        "second tab."
    )
    rng = random.Random("3400:cross:46")
    credit = {title: (person, how) for title, _, person, how, _ in CREDITED}
    cands = []
    for t in s.forum.image_threads():
        kind = t.facts.get("kind")
        if t.facts.get("style") not in ("meme", "vintage", "photo") or kind not in CREDITED_KINDS:
            continue
        title = CREDITED_KINDS[kind]
        person = credit[title][0]
        if (
            title in s.wiki
            and person in s.wiki
            and ("posts", t.id) not in s.taken
            and clean_of([t], [*visual_terms(t.facts), title, person])
        ):
            cands.append((t, kind))
    for t, kind in one_post_a_kind(s, rng, cands, 3):
        title = CREDITED_KINDS[kind]
        person, how = credit[title]
        year = PEOPLE[person][0][-4:]
        post_wiki_task(
            s,
            46,
            template,
            {},
            t,
            start_url=f"{t.url} |AND| {WIKI_LANDING}",
            eval_=answer_eval({"must_include": [year]}),
            solution=[
                tab(1, f"the picture shows a {kind}"),
                *look_up(title, f"{how.lower()} {person}"),
                *look_up(person, f"born {PEOPLE[person][0]}"),
                stop(year),
            ],
            comments=f"the picture shows a {kind}; {title}: {how} {person}, born {PEOPLE[person][0]}",
        )


# ---- 36 ------------------------------------------------------------------------------------------------


def vote_by_class(s) -> None:
    """Official 36: on a forum's first page, upvote the bird posts and downvote the reptile posts (by the class the
    animals' Wikipedia articles give)."""
    template = (
        "Look at the posts on the first page of f/{forum}, sorted by {sort}. Upvote every post whose "
        "picture shows a bird and downvote every post whose picture shows a reptile, going by the class the "
        "Wikipedia copy in the second tab gives each animal."
    )
    rng = random.Random("3400:cross:36")
    animals = animal_articles(s)
    cls = {kind: s.fact(e.title, "Class") for kind, e in animals.items()}
    cands = []
    for forum, sort in [(f, sort) for f in sorted(s.forum.hot, key=str.lower) for sort in ("hot", "new")]:
        ids = list(s.forum.hot[forum])
        if sort == "new":
            ids.sort(reverse=True)
        page = [s.forum.threads[i] for i in ids[:HOT_PAGE]]
        shown = [
            t
            for t in page
            if t.id in s.forum.drawable
            and t.facts.get("style") in ("photo", "meme")
            and cls.get(t.facts.get("kind")) in ("Bird", "Reptile")
        ]
        birds = [t for t in shown if cls[t.facts["kind"]] == "Bird"]
        if not birds or len(birds) == len(shown) or len(shown) > 6:
            continue
        if all(
            s.forum.unique_look(t, page) and clean_of([t], visual_terms(t.facts)) and ("posts", t.id) not in s.taken
            for t in shown
        ):
            cands.append((forum, sort, shown))
    rng.shuffle(cands)
    for forum, sort, shown in cands[:1]:
        listing = f"{REDDIT}/f/{forum}" + ("" if sort == "hot" else f"/{sort}")
        targets, steps = [], []
        for t in shown:
            up = cls[t.facts["kind"]] == "Bird"
            s.taken.add(("posts", t.id))
            targets.append(target(t.url, VOTE_CLASS, exact_match=UPVOTED if up else DOWNVOTED))
            steps += [
                goto(listing, "the listing's first page"),
                click(thumbnail(t), f"a {t.facts['kind']}: a {cls[t.facts['kind']].lower()}"),
                click(UPVOTE if up else DOWNVOTE),
            ]
        kinds = sorted({t.facts["kind"] for t in shown})
        solution = [tab(1, "the classes: " + ", ".join(f"{k} {cls[k]}" for k in kinds))]
        solution += [step for k in kinds for step in look_up(animals[k].title)] + [tab(0)] + steps + [stop("")]
        mirror(
            s,
            36,
            template,
            {"forum": forum, "sort": SORT_WORDS[sort]},
            ["reddit", "wikipedia"],
            start_url=f"{listing} |AND| {WIKI_LANDING}",
            eval_=html_eval(targets),
            solution=solution,
            require_reset=True,
            grounding={"posts": [t.id for t in shown], "visual_terms": kinds},
            comments="; ".join(f"post {t.id}: {t.facts['kind']} ({cls[t.facts['kind']]})" for t in shown),
        )


TEMPLATES: list = [console_questions, credited_person_birth_year, vote_by_class]
