"""Round 3 forum kinds mirroring more official reddit templates (tasks/build/reddit/official.py): a comment by a
rule about this post's picture (27), a question, a vote and a formatted comment (32), the sum of the scores of
the posts on this page showing something (80), votes by what pictures show (35), messaging the author of a
pictured post (69), the author's most commented post (50), naming and opening the author of a picture (62), a
meme found by its score (54) and a count of a post's comments by their score (28). Like official_kinds.py they
run after every older template, each with its own random stream, and reach their posts from the start page by
browsing (the forum's listing, the post's picture or title, the author's profile).
"""

from __future__ import annotations

from ..evals import answer_eval, click, goto, html_eval, stop, target
from ..text import plural
from .base import (
    DOWNVOTE,
    DOWNVOTED,
    LOOKALIKE,
    NO_VOTE,
    UPVOTE,
    UPVOTED,
    VOTE_CLASS,
    Suite,
    a_kind,
    answer_on_post,
    comment_steps,
    commented_here,
    findable,
    latest_comment,
    open_post,
    post_url_eval,
    thumbnail,
)
from .forum import SITE, USER, Thread, clean_of, describe, visual_terms
from .official import labels
from .official_kinds import author_job, browsed_by_address, by_others, pick, stream
from .pictures import message_author_task
from .questions import on_post

# kinds of thing that read wrong after "a" (the sum and vote kinds name one with its article)
UNCOUNTED = ("spaghetti", "ramen", "sushi", "soup", "rice", "salad", "dice")


def photo_kinds_on_page(s: Suite, page: list[Thread]) -> dict[str, list[Thread]]:
    """Kinds of single-word photo subjects on a page, with the posts showing them, where the page's text never
    names the kind and every such post's picture is the only one of its look on the page."""
    out: dict[str, list[Thread]] = {}
    kinds = sorted({t.facts["kind"] for t in page if t.id in s.f.drawable and t.facts.get("style") == "photo"})
    for kind in kinds:
        hits = [t for t in page if t.facts.get("kind") == kind]
        if kind.endswith("s") or " " in kind or not clean_of(page, [kind, plural(kind)]):
            continue
        if all(t.id in s.f.drawable and t.facts.get("style") == "photo" and s.f.unique_look(t, page) for t in hits):
            out[kind] = hits
    return out


def comment_by_rule(s: Suite) -> None:
    """Official 27: comment on this post following a rule that depends on what its picture shows."""
    template = 'Leave a comment on this post: write "{yes}" if its picture shows {what}, otherwise write "{no}".'
    rng = stream("r3:27")
    words = (("Spotted it!", "Not this time."), ("Yes, that's the one.", "No, wrong picture."))
    cands = on_post(s, "photo", lambda f: f.get("count", 1) == 1 and not f["kind"].endswith("s"))
    kinds = sorted({t.facts["kind"] for t in cands})
    for n, t in enumerate(pick(s, rng, cands, 2)):
        shows = n % 2 == 0
        asked = (
            t.facts["kind"]
            if shows
            else sorted(k for k in kinds if k != t.facts["kind"] and clean_of([t], [k, plural(k)]))[n]
        )
        yes, no = words[n]
        text = yes if shows else no
        s.task(
            template,
            {"yes": yes, "no": no, "what": a_kind(asked)},
            **commented_here(t, text, exact_match=text),
            difficulty=labels(27),
            official=27,
            grounding=[t],
            terms=[*visual_terms(t.facts), asked, plural(asked)],
            comments=f"the picture shows {describe(t.facts)}",
        )


def answer_vote_comment(s: Suite) -> None:
    """Official 32: answer a question about this post's picture, upvote the post and comment in a format."""
    template = (
        "How many moons does the planet in this post's picture have? Upvote the post, then leave a "
        'comment in the format "Moons: <number>" with the number in digits.'
    )
    rng = stream("r3:32")
    cands = [t for t in on_post(s, "space", lambda f: True) if t.id not in s.f.votes]
    for t in pick(s, rng, cands, 2):
        text = f"Moons: {t.facts.get('count', 0)}"
        s.about_post(
            32,
            template,
            {},
            t,
            start_url=t.url,
            require_reset=True,
            eval_=html_eval(
                [target(t.url, VOTE_CLASS, exact_match=UPVOTED), target(t.url, latest_comment(), exact_match=text)]
            ),
            solution=[click(UPVOTE), *comment_steps(text), stop("")],
        )


def forum_pages_with_kinds(s: Suite, lo: int, hi: int) -> list[tuple[Thread, str, list[Thread], list[Thread]]]:
    """(first hit, kind, hits, page) of each forum's first hot page and each kind lo..hi of its photos show."""
    cands = []
    for _forum, page in s.f.hot_pages():
        for kind, hits in photo_kinds_on_page(s, page).items():
            if lo <= len(hits) <= hi and kind not in UNCOUNTED:
                cands.append((hits[0], kind, hits, page))
    return cands


def score_sum_task(s: Suite, template: str, kind: str, hits: list[Thread], page: list[Thread]) -> None:
    """Official 80: the scores of `hits` (their pictures show `kind`) on the forum page `page` add up to?"""
    total = sum(t.post.net_score for t in hits)
    note = " + ".join(str(t.post.net_score) for t in hits)
    s.number_on_page(
        80,
        template,
        kind,
        page,
        total,
        note,
        comments=f"posts {', '.join(str(t.id) for t in hits)} show {a_kind(kind)}",
    )


def score_sum_on_page(s: Suite) -> None:
    """Official 80: the sum of the scores of the posts on this page whose pictures show a kind of thing."""
    template = "What do the scores of the posts on this page whose picture shows {what} add up to?"
    rng = stream("r3:80")
    for _first, kind, hits, page in pick(s, rng, forum_pages_with_kinds(s, 2, 3), 2):
        score_sum_task(s, template, kind, hits, page)


def votes_by_picture(s: Suite) -> None:
    """Official 35: downvote the posts of this page showing one kind of thing, upvote those showing another."""
    template = (
        "On this page, downvote the posts whose picture shows {down} and upvote the posts whose picture shows {up}."
    )
    rng = stream("r3:35")
    cands = []
    for _forum, page in s.f.hot_pages():
        single = [
            (hits[0], kind)
            for kind, hits in photo_kinds_on_page(s, page).items()
            if len(hits) == 1 and hits[0].id not in s.f.votes
        ]
        if len(single) >= 2:
            cands.append((single[0][0], single[1][0], single[0][1], single[1][1], page))
    for down, up, down_kind, up_kind, page in rng.sample(cands, min(1, len(cands))):
        s.used.update((down.id, up.id))
        others = [t for t in page if t.id not in (down.id, up.id) and t.id not in s.f.votes][:2]
        targets = [target(down.url, VOTE_CLASS, exact_match=DOWNVOTED), target(up.url, VOTE_CLASS, exact_match=UPVOTED)]
        targets += [target(t.url, VOTE_CLASS, exact_match=NO_VOTE) for t in others]
        steps = [
            *open_post(down, f"{a_kind(down_kind)} in the picture"),
            click(DOWNVOTE),
            *open_post(up, f"{a_kind(up_kind)} in the picture"),
            click(UPVOTE),
            stop(""),
        ]
        s.task(
            template,
            {"down": a_kind(down_kind), "up": a_kind(up_kind)},
            start_url=f"{SITE}/f/{down.post.forum}",
            require_reset=True,
            eval_=html_eval(targets),
            solution=steps,
            difficulty=labels(35),
            official=35,
            grounding=page,
            terms=[down_kind, plural(down_kind), up_kind, plural(up_kind)],
        )


def message_pictured_author(s: Suite) -> None:
    """Official 69: find the post with the given picture in a named forum and message its author."""
    template = (
        'Can you find the post with this picture in f/{forum} and send whoever posted it the message "{message}"?'
    )
    rng = stream("r3:69")
    messages = ("Your picture made my day, thank you for posting it!", "Would you mind if I printed this picture?")
    cands = [
        t
        for t in findable(s, styles=("photo", "vintage", "meme"))
        if t.post.author not in s.f.correspondents and t.post.author != USER
    ]
    picked = pick(s, rng, cands, 2)
    if len(picked) == 2 and picked[0].post.author == picked[1].post.author:
        s.used.discard(picked[1].id)
        picked = picked[:1]
    for n, t in enumerate(picked):
        message_author_task(s, 69, template, t, messages[n], "Your picture")


TEMPLATES = [comment_by_rule, answer_vote_comment, score_sum_on_page, message_pictured_author]


def post_link(s: Suite, t: Thread, shown: list[Thread]) -> str | None:
    """How a post is picked out among `shown` (a profile's posts): its thumbnail where its picture has no look-alike
    there, else its title where no other shown post has it (and it opens the post: not a link post's); None when
    neither tells it apart."""
    if t.id in s.f.drawable and s.f.unique_look(t, shown) and t.facts.get("style") not in LOOKALIKE:
        return thumbnail(t)
    if not t.post.url and sum(u.post.title == t.post.title for u in shown) == 1:  # a link post's title leaves
        return f"a.submission__link[href^='/f/{t.post.forum}/{t.id}/']"
    return None


def most_commented_of_author(s: Suite) -> None:
    """Official 50: from the pictured post, its author's profile, then the author's most commented post."""
    template = "Take me to the most commented post by the person who posted this picture in f/{forum}."
    rng = stream("r3:50")
    cands = []
    for t in by_others(s):
        everything = [u for u in s.f.threads.values() if u.post.author == t.post.author]
        total = s.f.data.conn.execute(
            "SELECT count(*) FROM submission s JOIN user u ON u.id = s.user_id WHERE u.username = ?", (t.post.author,)
        ).fetchone()[0]
        if not 2 <= len(everything) == total <= 25:  # every post of theirs on their Submissions tab
            continue
        best = max(everything, key=lambda u: u.post.comment_count)
        if best.id == t.id or sum(u.post.comment_count == best.post.comment_count for u in everything) != 1:
            continue
        link = post_link(s, best, everything)
        if link:
            cands.append((t, best, link))
    for t, best, link in pick(s, rng, cands, 3):
        steps = [
            click(f"a.tab[href='/user/{t.post.author}/submissions']", "their posts only"),
            click(link, f"the most comments of their posts ({best.post.comment_count})"),
        ]
        author_job(
            s,
            50,
            template,
            t,
            post_url_eval(best),
            steps,
            comments=f"post {best.id} has the most comments of {t.post.author}'s posts",
        )


def name_and_open_author(s: Suite) -> None:
    """Official 62: say who posted a picture described in words, and leave that post open."""
    template = "Who posted the picture of {what} in f/{forum}? Tell me the username, and leave the post open."
    rng = stream("r3:62")
    cands = [t for t in findable(s, described=True, styles=("photo", "vintage")) if not browsed_by_address(t)]
    for t in pick(s, rng, cands, 2):
        ev = answer_on_post(answer_eval({"exact_match": t.post.author}), t)
        s.about_post(
            62,
            template,
            {"what": describe(t.facts), "forum": t.post.forum},
            t,
            start_url=f"{SITE}/f/{t.post.forum}",
            eval_=ev,
            solution=[*open_post(t), stop(t.post.author, "the post's author")],
        )


def meme_by_score(s: Suite) -> None:
    """Official 54: open the meme post of a named forum that shows a kind of thing and has a given score (another
    meme of that kind on the page has another score)."""
    template = "In f/{forum}, open the post with {score} points whose meme shows {what}."
    rng = stream("r3:54")
    cands = []
    for forum in ("funny", "memes"):
        page = s.f.hot_page(forum)
        memes = [t for t in page if t.id in s.f.drawable and t.facts.get("style") == "meme"]
        for t in memes:
            kind = t.facts["kind"]
            same = [u for u in memes if u.facts["kind"] == kind]
            scores = [u.post.net_score for u in page]
            if (
                len(same) >= 2
                and scores.count(t.post.net_score) == 1
                and s.f.unique_look(t, page)
                and clean_of(page, [kind, plural(kind)])
                and not kind.endswith("s")
            ):
                cands.append((t, kind))
    picked = pick(s, rng, cands, 2)
    if len(picked) == 2 and picked[0][1] == picked[1][1]:
        s.used.discard(picked[1][0].id)
        rest = [c for c in cands if c[1] != picked[0][1]]
        picked = sorted(picked[:1] + pick(s, rng, rest, 1), key=lambda c: c[0].id)
    for t, kind in picked:
        s.about_kind(
            54,
            template,
            {"forum": t.post.forum, "score": t.post.net_score, "what": a_kind(kind)},
            kind,
            [t],
            eval_=post_url_eval(t),
            solution=[*open_post(t, f"a meme of {a_kind(kind)} with {t.post.net_score} points"), stop("")],
        )


TEMPLATES += [name_and_open_author, meme_by_score]
TEMPLATES += [votes_by_picture]  # after the others' picks


def comment_on_top_of_kind(s: Suite) -> None:
    """Official 82: comment on the highest scored post (all time) of a forum among those whose picture shows what
    the input image shows (another picture of that kind, drawn for the task)."""
    from .official_kinds import other_picture_of_its_kind
    from .standout import first_page

    template = (
        'Comment "{text}" on the all-time top post of f/{forum} among those showing the same kind of thing '
        "as this picture."
    )
    rng = stream("r3:82")
    texts = ("This deserves every upvote.", "Still the best one here.")
    cands = []
    for forum in sorted(s.f.hot, key=str.lower):
        page = first_page(s.f, forum, "top")
        for kind, hits in photo_kinds_on_page(s, page).items():
            t = hits[0]
            if page.index(t) >= 1 and t.id not in s.f.votes:
                cands.append((t, kind))
    for n, (t, kind) in enumerate(pick(s, rng, cands, 2)):
        text = texts[n]
        s.about_kind(
            82,
            template,
            {"text": text, "forum": t.post.forum},
            kind,
            [t],
            image=other_picture_of_its_kind(s, t, seed=8200 + n),
            require_reset=True,
            eval_=html_eval([target(t.url, latest_comment(), exact_match=text)]),
            solution=[
                goto(f"{SITE}/f/{t.post.forum}", "the forum the intent names"),
                click(f".sort-tabs a[href='/f/{t.post.forum}/top']", "top, all time"),
                click(thumbnail(t), f"the first picture showing {a_kind(kind)}"),
                *comment_steps(text),
                stop(""),
            ],
            comments=f"the input image shows {a_kind(kind)} (drawn for the task)",
        )


def open_related_post(s: Suite) -> None:
    """Official 63: open any post of a named forum whose picture shows the kind of thing the input image shows
    (another picture of that kind, drawn for the task)."""
    from .official_kinds import on_first_page, only_photo_of_its_kind, same_kind_task

    template = "I took this picture. Open the comments of a post in f/{forum} about the same kind of thing."
    rng = stream("r3:63")
    cands = only_photo_of_its_kind(s)
    for forum, page in s.f.hot_pages():  # or any photo of a first page whose text names its kind nowhere
        cands += [
            t
            for t in on_first_page(s, forum)
            if t.facts.get("style") == "photo"
            and t not in cands
            and not t.facts["kind"].endswith("s")
            and clean_of(page, [t.facts["kind"], plural(t.facts["kind"])])
        ]
    for n, t in enumerate(pick(s, rng, cands, 2)):
        kind = t.facts["kind"]
        every = sorted(
            (u for u in s.f.threads.values() if u.post.forum == t.post.forum and u.facts.get("kind") == kind),
            key=lambda u: u.id,
        )
        url = " |OR| ".join(f"{u.url} |OR| {SITE}{u.post.url_path}" for u in every)
        same_kind_task(
            s,
            63,
            template,
            {"forum": t.post.forum},
            t,
            6300 + n,
            eval_={**post_url_eval(t), "reference_url": url},
            comments=f"any of the {len(every)} posts of f/{t.post.forum} showing {a_kind(kind)} will do",
        )


TEMPLATES += [comment_on_top_of_kind, open_related_post, most_commented_of_author]


def comment_on_pictured_post(s: Suite) -> None:
    """Official 56: the user says what they did with a picture seen in a forum and asks for an action on its post
    (here: a comment)."""
    template = 'I saw this picture in f/{forum} and loved it. Can you leave the comment "{text}" on its post for me?'
    rng = stream("r3:56")
    texts = ("I keep coming back to this picture.", "This is exactly what my feed needed today.")
    for n, t in enumerate(pick(s, rng, [t for t in findable(s) if not browsed_by_address(t)], 2)):
        text = texts[n]
        s.about_post(
            56,
            template,
            {"forum": t.post.forum, "text": text},
            t,
            picture=True,
            require_reset=True,
            eval_=html_eval([target(t.url, latest_comment(), exact_match=text)]),
            solution=open_post(t) + comment_steps(text) + [stop("")],
        )


TEMPLATES += [comment_on_pictured_post]


def comments_with_points(s: Suite) -> None:
    """Official 28: how many comments of the post whose picture shows a kind of thing (the only one on its forum's
    first page) have at least some points."""
    from .official_kinds import only_photo_of_its_kind

    template = (
        "Among the hot posts on the first page of f/{forum}, one has a picture showing {what}. How many of "
        "its comments have {points} points or more?"
    )
    rng = stream("r3:28")
    cands = []
    for t in only_photo_of_its_kind(s):
        scores = sorted(c.net_score for c in t.comments)
        points = max(2, scores[len(scores) // 2]) if len(scores) >= 3 else 0
        n = sum(x >= points for x in scores)
        if points and 1 <= n < len(scores) and not t.facts["kind"].endswith("s"):
            cands.append((t, points, n))
    for t, points, n in pick(s, rng, cands, 2):
        kind = t.facts["kind"]
        s.about_kind(
            28,
            template,
            {"forum": t.post.forum, "what": a_kind(kind), "points": points},
            kind,
            [t],
            start_url=f"{SITE}/f/{t.post.forum}",
            eval_=answer_eval({"required_values": [f"== {n}"]}),
            solution=[
                *open_post(t, f"its picture shows {a_kind(kind)}"),
                stop(str(n), f"comments showing {points} points or more"),
            ],
        )


def more_score_sum(s: Suite) -> None:
    """Official 80 has two tasks (score_sum_on_page makes one): a page with up to four posts of a kind."""
    template = "What do the scores of the posts on this page whose picture shows {what} add up to?"
    rng = stream("r3:80b")
    asked = {(t["start_url"], t["instantiation_dict"]["what"]) for t in s.tasks if t.get("official_template_id") == 80}
    cands = [
        c
        for c in forum_pages_with_kinds(s, 2, 4)
        if (f"{SITE}/f/{c[0].post.forum}", a_kind(c[1])) not in asked and c[1] not in ("soap", "bread", "cheese")
    ]
    for _first, kind, hits, page in rng.sample(cands, min(1, len(cands))):  # posts other kinds used are fine here
        score_sum_task(s, template, kind, hits, page)


def more_name_and_open(s: Suite) -> None:
    """Official 62 has two tasks (name_and_open_author makes one): a post whose picture is the only one of its
    kind on its forum's first page."""
    from .official_kinds import only_photo_of_its_kind

    template = (
        "Who posted the picture of {what} on the first page of f/{forum}? Tell me the username, and leave "
        "the post open."
    )
    rng = stream("r3:62b")
    asked = {t["grounding"]["posts"][0] for t in s.tasks if t.get("official_template_id") == 62}
    cands = [t for t in only_photo_of_its_kind(s) if not t.facts["kind"].endswith("s") and t.id not in asked]
    for t in rng.sample(cands, min(1, len(cands))):  # a post another kind used is fine here
        kind = t.facts["kind"]
        ev = answer_on_post(answer_eval({"exact_match": t.post.author}), t)
        s.about_kind(
            62,
            template,
            {"what": a_kind(kind), "forum": t.post.forum},
            kind,
            [t],
            start_url=f"{SITE}/f/{t.post.forum}",
            eval_=ev,
            solution=[*open_post(t, f"its picture shows {a_kind(kind)}"), stop(t.post.author)],
        )


TEMPLATES += [comments_with_points, more_score_sum, more_name_and_open]


# What a person knows without looking anything up, for a chart's highest bar (official 25).
STATE_OF_CITY = {"Boston": "Massachusetts", "NYC": "New York", "Pittsburgh": "Pennsylvania", "Philly": "Pennsylvania"}
SEASON_OF_MONTH = {m: "winter" for m in ("Dec", "Jan", "Feb")} | {m: "spring" for m in ("Mar", "Apr", "May")}
SEASON_OF_MONTH |= {m: "summer" for m in ("Jun", "Jul", "Aug")}


def chart_outside_knowledge(s: Suite) -> None:
    """Official 25: a question about the highest bar of this post's chart that needs a fact the chart does not give
    (the U.S. state of a city, the season of a month in the northern hemisphere)."""
    rng = stream("r3:25")
    questions = {
        "Rent by city ($)": (
            "In which U.S. state is the city with the highest bar in this post's chart?",
            STATE_OF_CITY,
        ),
        "Days of rain per month": (
            "In which season (northern hemisphere) is the month with the highest bar in this post's chart?",
            SEASON_OF_MONTH,
        ),
    }
    for title, (template, known) in questions.items():
        cands = on_post(s, "chart", lambda f, title=title, known=known: f["title"] == title and f["highest"] in known)
        for t in pick(s, rng, cands, 1):
            answer = known[t.facts["highest"]]
            s.about_post(
                25,
                template,
                {},
                t,
                start_url=t.url,
                eval_=answer_eval({"must_include": [answer]}),
                solution=[stop(answer, f"the highest bar is {t.facts['highest']}")],
                comments=f"the highest bar is {t.facts['highest']}",
            )


TEMPLATES += [chart_outside_knowledge]
