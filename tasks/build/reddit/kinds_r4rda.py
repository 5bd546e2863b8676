"""Round 4 (helper r4-rda) forum kinds mirroring official reddit templates: posting a given picture in the forum it
fits (10) and several pictures each in theirs (44), reposting a described post's picture to another forum (30), the
winner of a sort across named forums and a question about its picture (45), a search and a post picked by score and
picture (53), a chart post found by what it shows with a figure read off it (49), and the comment a pictured post's
own author left under it, with a forum named (3, N/A where they left none) or from the front page (48).

Every kind draws from its own random stream (`stream`) and neither reads nor fills the suite's set of used posts,
so kinds added by other helpers in any order do not move these picks. Posts are reached from the start page by
browsing: a forum's listing in a sort (its sort tab), the search box, then the post's thumbnail found by its
picture.
"""

from __future__ import annotations

from ..evals import answer_eval, click, goto, html_eval, ssim_check, stop, target, type_in, with_images
from ..suite import streams
from .base import (
    HOME,
    INPUT_SIZE,
    LOOKALIKE,
    SUBMIT_SEND,
    SUBMITTER,
    Suite,
    a_kind,
    answer_on_post,
    findable,
    open_post,
    post_url_eval,
    query_text,
    submit_steps,
    thumbnail,
)
from .forum import SITE, Thread, clean_of, describe, visual_terms
from .official import labels
from .official_kinds import picture_question
from .standout import first_page, standout_sort

SEARCH_BOX = "form.site-nav__search input[name=q]"


stream = streams("round4-r4rda")


def reachable(s: Suite, t: Thread) -> bool:
    """Whether base.open_post reaches the post by browsing (never by its address)."""
    return t.facts.get("style") not in LOOKALIKE or standout_sort(s.f, t) is not None


def sort_tab(forum: str, sort: str) -> list[dict]:
    return [] if sort == "hot" else [click(f".sort-tabs a[href='/f/{forum}/{sort}']", f"sorted by {sort}")]


# ---- posting given pictures -----------------------------------------------------------------------------------


def drawn(picture, seed: int) -> object:
    from sites.imagery.forum_pictures import render_picture

    return render_picture(picture, (640, 480), seed=seed).resize(INPUT_SIZE)


def task_pictures():
    """Pictures drawn for the posting kinds, each with the one forum it belongs in (no other forum shows its kind)."""
    from sites.imagery.forum_pictures import ForumPicture

    return {
        "keyboard": (ForumPicture("photo", kind="computer keyboard"), "MechanicalKeyboards"),
        "landscape": (ForumPicture("landscape", count=2, time_of_day="day", snow=False, water=True), "EarthPorn"),
        "headphones": (ForumPicture("photo", kind="headphones", count=2), "headphones"),
        "space": (ForumPicture("space", color="red", count=3, rings=False), "space"),
        "vintage": (ForumPicture("vintage", kind="camera", tone="black and white"), "OldSchoolCool"),
        "chart": (
            ForumPicture(
                "chart", title="Plants watered per day", labels=("Mon", "Wed", "Fri", "Sun"), values=(4, 9, 6, 12)
            ),
            "dataisbeautiful",
        ),
        "artwork": (ForumPicture("artwork", color="green", count=3, shape="triangles"), "Art"),
        "stock": (
            ForumPicture("stock", title="ACME", values=tuple(150 - 3 * i + (i % 4) * 5 for i in range(24))),
            "wallstreetbets",
        ),
    }


def next_post_id(s: Suite) -> int:
    """The id the forum gives the next post (SQLite: one more than the largest)."""
    return int(s.f.data.conn.execute("SELECT max(id) FROM submission").fetchone()[0]) + 1


def post_picture_to_best_forum(s: Suite) -> None:
    """Official 10: post the given picture in the forum it fits best and end on the new post's comments."""
    template = (
        "Make a post with this picture (it is open in the second tab) in the forum where it belongs most, "
        "then go to the new post's comment section."
    )
    pictures = task_pictures()
    picture, forum = pictures["keyboard"]
    ref = s.picture_file(drawn(picture, seed=41000))
    link = f"{HOME}/{ref}"
    ev = with_images(
        {
            "eval_types": ["url_match"],
            "reference_answers": None,
            "reference_url": f"{SITE}/f/{forum}",
            "program_html": [],
            "url_note": "GOLD in PRED",
        },
        [ssim_check("last", ".submission__image", ref, 0.6)],
    )
    s.task(
        template,
        {},
        image=ref,
        start_url=f"{SITE} |AND| {link}",
        require_reset=True,
        eval_=ev,
        solution=[*submit_steps(forum, "My new keyboard", url=link), stop("")],
        difficulty=labels(10),
        official=10,
        comments=f"a photo of a computer keyboard belongs in f/{forum}; scored by SSIM",
    )


def post_each_picture(s: Suite) -> None:
    """Official 44: post each given picture, in the order given, in the forum it fits best (each new post's page is
    checked by SSIM: the posts get the next ids in that order, and a post's page exists only in its own forum)."""
    template = (
        "Create a post for each of these pictures, one after the other in the order they are given, each in "
        "the forum it fits best."
    )
    pictures = task_pictures()
    plans = (("landscape", "headphones"), ("space", "vintage"), ("chart", "stock"))
    first = next_post_id(s)
    for n, plan in enumerate(plans):
        refs, checks, steps = [], [], []
        for k, name in enumerate(plan):
            picture, forum = pictures[name]
            ref = s.picture_file(drawn(picture, seed=44000 + 10 * n + k))
            refs.append(ref)
            checks.append(ssim_check(f"{SITE}/f/{forum}/{first + k}", ".submission__image", ref, 0.6))
            steps += [
                goto(f"{SITE}/submit/{forum}", f"the submit form of f/{forum}"),
                type_in("#submission_title", f"Picture {k + 1} of {len(plan)}"),
                type_in("#submission_url", f"{HOME}/{ref}"),
                click(SUBMIT_SEND),
            ]
        forums = [pictures[name][1] for name in plan]
        s.task(
            template,
            {"pictures": len(plan)},
            image=refs,
            start_url=f"{SITE} |AND| " + " |AND| ".join(f"{HOME}/{r}" for r in refs),
            require_reset=True,
            eval_={
                "eval_types": ["page_image_query"],
                "reference_answers": None,
                "reference_url": "",
                "program_html": [],
                "page_image_query": checks,
            },
            solution=[*steps, stop("")],
            difficulty=labels(44),
            official=44,
            comments="the pictures belong in " + ", ".join(f"f/{f}" for f in forums),
        )


def repost_described(s: Suite) -> None:
    """Official 30: find the post of a forum whose picture matches a description, post the same picture to another
    forum with a given title, and end on the new post."""
    template = (
        "Find the post in f/{forum} whose picture shows {what}. Share that picture in f/{forum2} with the "
        'title "{title}", then go to the new post.'
    )
    rng = stream("30")
    plans = (
        ("consoles", "gaming", "Would you game with this?"),
        ("mildlyinteresting", "funny", "Found this and had to share it"),
        ("photoshopbattles", "aww", "Look who showed up at my door"),
    )
    forum, forum2, title = plans[rng.randrange(len(plans))]
    cands = [t for t in findable(s, described=True, forums=(forum,)) if reachable(s, t)]
    for t in rng.sample(cands, min(1, len(cands))):
        image = t.post.image
        if image is None:
            continue
        picture = f"{SITE}{image.url_path}"
        ev = with_images(
            html_eval([target("last", query_text(".submission__link"), exact_match=title)]),
            [ssim_check("last", ".submission__image", picture, 0.6)],
        )
        ev = {
            **ev,
            "eval_types": ["program_html", "page_image_query", "url_match"],
            "reference_url": f"{SITE}/f/{forum2}",
            "url_note": "GOLD in PRED",
        }
        s.about_post(
            30,
            template,
            {"forum": forum, "what": describe(t.facts), "forum2": forum2, "title": title},
            t,
            require_reset=True,
            eval_=ev,
            solution=open_post(t, describe(t.facts)) + submit_steps(forum2, title, url=picture) + [stop("")],
            comments=f"post {t.id} shows {describe(t.facts)}",
        )


TEMPLATES = [post_picture_to_best_forum, post_each_picture, repost_described]


# ---- a sort's winner across named forums (45) ------------------------------------------------------------------

# (sort tab, what the intent asks for, the post's key in that sort: larger wins)
ACROSS_SORTS = {
    "most_commented": ("has the most comments of all time", lambda t: t.post.comment_count),
    "top": ("has the highest score of all time", lambda t: t.post.net_score),
    "new": ("is the newest", lambda t: t.id),
}
ACROSS_GROUPS = (
    ("aww", "food"),
    ("mildlyinteresting", "photoshopbattles"),
    ("consoles", "headphones", "Music"),
    ("books", "movies", "MechanicalKeyboards"),
    ("aww", "mildlyinteresting", "OldSchoolCool"),
    ("food", "photoshopbattles"),
)


def first_with_picture(s: Suite, forum: str, sort: str) -> tuple[Thread | None, list[Thread]]:
    """The first post with a picture on a forum's first page in `sort`, and that page."""
    page = first_page(s.f, forum, sort)
    return next((t for t in page if t.post.image is not None), None), page


def across_forums(s: Suite) -> None:
    """Official 45: among named forums, the post with a picture that wins a sort (most comments, highest score,
    newest): open it and answer a question about its picture."""
    template = "Across {forums}, find the post with a picture that {which}. Open it and tell me: {question}"
    rng = stream("45")
    cands = []
    for group in ACROSS_GROUPS:
        for sort, (_which, key) in ACROSS_SORTS.items():
            firsts = [first_with_picture(s, forum, sort) for forum in group]
            if any(t is None for t, _page in firsts):
                continue
            ranked = sorted(firsts, key=lambda tp: key(tp[0]), reverse=True)
            (t, page), (runner, _p) = ranked[0], ranked[1]
            if t is None or runner is None or key(t) == key(runner):
                continue
            if t.id not in s.f.drawable or t.facts.get("style") in LOOKALIKE or not s.f.unique_look(t, page):
                continue
            if not clean_of([t], visual_terms(t.facts)):
                continue
            qa = picture_question(t.facts)
            if qa and not ("one word" in qa[0] and " " in qa[1]):
                cands.append((t, group, sort, *qa))
    picked: list[tuple] = []
    shuffled = rng.sample(cands, len(cands))
    for c in shuffled:  # each sort once first, then any other post
        if len(picked) < 3 and all(c[0].id != p[0].id and c[2] != p[2] for p in picked):
            picked.append(c)
    for c in shuffled:
        if len(picked) < 3 and all(c[0].id != p[0].id for p in picked):
            picked.append(c)
    for t, group, sort, question, answer in sorted(picked, key=lambda c: c[0].id):
        which, key = ACROSS_SORTS[sort]
        order = [f for f in group if f != t.post.forum] + [t.post.forum]  # the winner's forum last
        steps = [
            step
            for forum in order
            for step in [goto(f"{SITE}/f/{forum}", "a forum the intent names"), *sort_tab(forum, sort)]
        ]
        names = [f"f/{f}" for f in group]
        ev = {
            **post_url_eval(t),
            "eval_types": ["url_match", "string_match"],
            "reference_answers": {"must_include": [answer]},
        }
        s.about_post(
            45,
            template,
            {
                "forums": " and ".join([", ".join(names[:-1]), names[-1]]),
                "which": which,
                "question": question[0].upper() + question[1:],
            },
            t,
            eval_=ev,
            solution=[
                *steps,
                click(thumbnail(t), f"the first with a picture: {key(t)}"),
                stop(answer.split(" |OR| ")[0]),
            ],
            comments=f"post {t.id} in f/{t.post.forum} ({sort}); the runner-up's value is lower",
        )


# ---- search, then a post by its score and picture (53) -----------------------------------------------------------


def search_rows(s: Suite, word: str) -> list[Thread]:
    from sites.reddit.queries import search

    return [s.f.threads[r["id"]] for r in search(s.f.data.conn, word) if r["id"] in s.f.threads]


def search_by_score(s: Suite) -> None:
    """Official 53: search the forum for a word, then open the result with a given score whose meme shows a kind of
    thing (another result has that score or another meme of that kind)."""
    import re

    template = 'Search the forum for "{word}" and open the result with a score of {score} whose meme shows {what}.'
    rng = stream("53")
    cands = []
    words = sorted(
        {
            w.lower()
            for t in s.f.threads.values()
            if t.facts.get("style") == "meme"
            for w in re.findall(r"[A-Za-z]{5,}", t.post.title)
        }
    )
    for word in words:
        rows = search_rows(s, word)
        if not 6 <= len(rows) < 50:
            continue
        memes = [t for t in rows if t.id in s.f.drawable and t.facts.get("style") == "meme"]
        for t in memes:
            kind, score = t.facts["kind"], t.post.net_score
            both = [u for u in memes if u.facts["kind"] == kind and u.post.net_score == score]
            either = [u for u in rows if u.post.net_score == score] + [u for u in memes if u.facts["kind"] == kind]
            if len(both) != 1 or len(either) < 4 or kind.endswith("s") or not s.f.unique_look(t, rows):
                continue
            if clean_of(rows, [kind, f"{kind}s"]) and clean_of([t], visual_terms(t.facts)):
                cands.append((t, word, kind))
    for t, word, kind in rng.sample(cands, min(1, len(cands))):
        s.about_post(
            53,
            template,
            {"word": word, "score": t.post.net_score, "what": a_kind(kind)},
            t,
            eval_=post_url_eval(t),
            solution=[
                type_in(SEARCH_BOX, word, enter=True),
                click(thumbnail(t), f"{t.post.net_score} points, a meme of {a_kind(kind)}"),
                stop(""),
            ],
            comments=f"{len(search_rows(s, word))} results for {word!r}",
        )


# ---- a chart post found by what it shows, and a figure read off it (49) ------------------------------------------

# chart titles whose bars are periods of time, and how the intent names a bar
TIMED_CHARTS = {
    "Books read per year": "in {label}",
    "Days of rain per month": "in {label}",
    "Coffee cups per month": "in {label}",
    "Hours of sleep by weekday": "on {label}",
    "Job applications sent": "in {label}",
}


def shape(facts: dict) -> tuple:
    """What picks a chart out in the intent: its subject and its highest and lowest bars."""
    return facts["title"], facts["highest"], facts["lowest"]


def chart_figure(s: Suite) -> None:
    """Official 49: find the post of f/dataisbeautiful whose chart shows a subject over time with a given period on
    top, open it and give the figure of another period."""
    template = (
        "Find me the post in f/dataisbeautiful whose chart of {subject} is highest {peak} and lowest {low}, "
        "and tell me the figure it shows {when}."
    )
    rng = stream("49")
    charts = s.f.image_threads(forum="dataisbeautiful", style="chart")
    cands = []
    for t in charts:
        f = t.facts
        if f["title"] not in TIMED_CHARTS or sum(shape(u.facts) == shape(f) for u in charts) != 1:
            continue
        if (
            clean_of([t], visual_terms(f))
            and reachable(s, t)
            and all(f["values"].count(v) == 1 for v in (max(f["values"]), min(f["values"])))
        ):
            cands.append(t)
    picked: list[Thread] = []
    for t in rng.sample(cands, len(cands)):
        if len(picked) < 3 and all(p.facts["title"] != t.facts["title"] for p in picked):
            picked.append(t)
    for n, t in enumerate(sorted(picked, key=lambda c: c.id)):
        f = t.facts
        others = [
            i
            for i, lab in enumerate(f["labels"])
            if lab not in (f["highest"], f["lowest"]) and f["values"].count(f["values"][i]) == 1
        ]
        i = others[rng.randrange(len(others))]
        value = f["values"][i]
        how = TIMED_CHARTS[f["title"]]
        ev = answer_eval({"must_include": [str(value)]})
        if n < 2:  # the official template checks the post's address too in two of its three tasks
            ev = answer_on_post(ev, t)
        s.task(
            template,
            {
                "subject": f["title"].lower(),
                "peak": how.format(label=f["highest"]),
                "low": how.format(label=f["lowest"]),
                "when": how.format(label=f["labels"][i]),
            },
            eval_=ev,
            solution=[
                *open_post(t, f"the {f['title'].lower()} chart topping at {f['highest']}"),
                stop(str(value), f"the bar of {f['labels'][i]}"),
            ],
            difficulty=labels(49),
            official=49,
            grounding=[t],
            terms=[*visual_terms(t.facts), str(value)],
            comments=f"the only {f['title']} chart of the forum highest at {f['highest']}, lowest at {f['lowest']}",
        )


TEMPLATES += [across_forums, search_by_score, chart_figure]


# ---- the comment a pictured post's own author left under it (3) --------------------------------------------------

PROFILE_TOP = 8  # a comment among its author's newest few shows on the first screen of their Comments tab
PROFILE_FULL = 20  # about as many as the first screen (1280 x 2048) shows


def profile_comment(forum: str, post_id: int, comment_id: int) -> str:
    """The link to a comment in its author's Comments tab (its text: the post's title)."""
    return f".user-comment__context a[href='/f/{forum}/{post_id}/-/comment/{comment_id}']"


def near_top_of_profile(s: Suite, t: Thread, comment_id: int, top: int = PROFILE_TOP) -> bool:
    """Whether the comment is among its author's PROFILE_TOP newest, the only one there on a post of that title."""
    rows = s.f.data.conn.execute(
        "SELECT c.id, s.title FROM comment c JOIN user u ON u.id = c.user_id"
        " JOIN submission s ON s.id = c.submission_id WHERE u.username = ? ORDER BY c.id DESC LIMIT ?",
        (t.post.author, top),
    ).fetchall()
    return comment_id in [r[0] for r in rows] and [r[1] for r in rows].count(t.post.title) == 1


def browsable_page(s: Suite, t: Thread) -> str | None:
    """The first sort (standout.SORT_ORDER) whose first page of the post's forum shows its thumbnail with no
    look-alike, or None."""
    from .standout import SORT_ORDER

    for sort in SORT_ORDER:
        page = first_page(s.f, t.post.forum, sort)
        if t in page and s.f.unique_look(t, page):
            return sort
    return None


def op_comment(s: Suite) -> None:
    """Official 3: find the post with the given picture and go to the comment its own author left under it (our
    forum's authors leave remarks, not recipes: the nearest honest job); where they left none, answer N/A."""
    template = (
        "I'm researching the post with this picture in f/{forum}. Go to the permalink of the comment its own "
        "author left under it, or answer N/A if they left none."
    )
    rng = stream("3")
    left: list[tuple] = []
    none: list[tuple] = []
    for t in s.f.threads.values():
        if t.id not in s.f.drawable or t.facts.get("style") in LOOKALIKE or not clean_of([t], visual_terms(t.facts)):
            continue
        own = [c for c in t.comments if c.author == t.post.author]
        sort = browsable_page(s, t)
        if sort is None:
            continue
        shown = [c for c in own if near_top_of_profile(s, t, c.id)]
        if own and not shown:
            continue
        own = shown[:1] + [c for c in own if c not in shown[:1]]  # the one the solution follows first
        if own or t.facts.get("style") in ("photo", "vintage"):  # memes' thumbnails can look too much alike
            (left if own else none).append((t, sort, own))
    answered = rng.sample(left, min(3, len(left)))  # the official template: three found, one N/A
    picked = sorted(answered + rng.sample(none, min(4 - len(answered), len(none))), key=lambda c: c[0].id)
    for t, sort, own in picked:
        forum = t.post.forum
        reach = [
            goto(f"{SITE}/f/{forum}", "the forum the intent names"),
            *sort_tab(forum, sort),
            click(thumbnail(t), "its picture matches"),
        ]
        if own:
            c = own[0]
            url = " |OR| ".join(f"{SITE}/f/{forum}/{t.id}/-/comment/{x.id}" for x in own)  # any of theirs
            ev = {**post_url_eval(t), "reference_url": url}
            steps = [
                *reach,
                click(SUBMITTER, "the post's author"),
                click(f"a.tab[href='/user/{t.post.author}/comments']", "their comments"),
                click(profile_comment(forum, t.id, c.id), "their comment on this post"),
                stop(""),
            ]
            note = f"comments {', '.join(str(x.id) for x in own)} are by the post's author {t.post.author}"
        else:
            note = f"the post's author {t.post.author} left no comment under it"
            ev = answer_eval({"fuzzy_match": "N/A"}, string_note=note)
            steps = [*reach, stop("N/A", "no comment by the post's author")]
        s.about_post(
            3,
            template,
            {"forum": forum},
            t,
            picture=True,
            start_url=f"{SITE}/f/{forum}",
            eval_=ev,
            solution=steps,
            comments=note,
        )


TEMPLATES += [op_comment]


def op_comment_unnamed_forum(s: Suite) -> None:
    """Official 48: as official 3 with no forum named: from the front page, the forum the picture belongs in, the
    post, then the comment its own author left under it (through their profile's Comments tab)."""
    from .base import ALL_FORUMS, FORUMS_NAV, forum_link

    template = "I'm researching the post with this picture. Take me to the comment its own author left under it."
    rng = stream("48")
    used = {p for t in s.tasks if t.get("official_template_id") == 3 for p in t["grounding"]["posts"]}
    cands = []
    for t in s.f.threads.values():
        if (
            t.id in used
            or t.id not in s.f.drawable
            or t.facts.get("style") in LOOKALIKE
            or not clean_of([t], visual_terms(t.facts))
        ):
            continue
        own = [c for c in t.comments if c.author == t.post.author]
        sort = browsable_page(s, t) if own else None
        shown = [c for c in own if near_top_of_profile(s, t, c.id, PROFILE_FULL)]
        if sort is not None and shown:
            cands.append((t, sort, shown[:1] + [c for c in own if c not in shown[:1]]))
    for t, sort, own in sorted(rng.sample(cands, min(2, len(cands))), key=lambda c: c[0].id):
        forum = t.post.forum
        url = " |OR| ".join(f"{SITE}/f/{forum}/{t.id}/-/comment/{x.id}" for x in own)
        steps = [
            click(FORUMS_NAV),
            click(ALL_FORUMS),
            click(forum_link(forum), "where such pictures go"),
            *sort_tab(forum, sort),
            click(thumbnail(t), "its picture matches"),
            click(SUBMITTER, "the post's author"),
            click(f"a.tab[href='/user/{t.post.author}/comments']", "their comments"),
            click(profile_comment(forum, t.id, own[0].id), "their comment on this post"),
            stop(""),
        ]
        s.about_post(
            48,
            template,
            {},
            t,
            picture=True,
            eval_={**post_url_eval(t), "reference_url": url},
            solution=steps,
            comments=f"comments {', '.join(str(x.id) for x in own)} are by the post's author {t.post.author}",
        )


TEMPLATES += [op_comment_unnamed_forum]
