"""Round 4 (helper r4-rdb) forum kinds mirroring official reddit templates: messaging every author of a picture of
something on this page (84), subscribing to the forums of a letter whose all-time top three show something (65),
reposting the picture of this page that fits another forum (70), reading a price off a user's chart (73), commenting
on the dish of a pictured flag's country (74), a sort of the forum of a pictured sign's state (75), the joke set in a
pictured place (66), commenting on a post by its age (81) and how long ago a pictured post was posted (6).

Like the other official kinds they come after every older template and pick with random streams of their own
(`_stream`); they take no post other kinds picked (`Suite.used`), nor add theirs, so kinds of other helpers move none
of their picks. Every post a solution opens it finds by looking (a listing's thumbnail or title, a profile's posts);
listings and profiles the intent names are opened by address; authors and forums 84 and 65 visit are clicked.
"""

from __future__ import annotations

from ..evals import answer_eval, click, goto, html_eval, stop, target, url_eval
from ..suite import streams
from ..text import plural
from .base import (
    ALL_FORUMS,
    COMPOSE,
    FORUMS_NAV,
    LOOKALIKE,
    SUBSCRIBE,
    Suite,
    a_kind,
    comment_steps,
    findable,
    forum_link,
    kind_homes,
    latest_comment,
    message_steps,
    open_post,
    picture_post_eval,
    query_text,
    submit_steps,
    thumbnail,
)
from .forum import SITE, USER, Thread, clean_of
from .official import labels
from .official_more import photo_kinds_on_page

STREAM_SEED = "round4-r4-rdb"


_stream = streams(STREAM_SEED)


# ---- official 84: message the authors of the posts on this page whose picture shows something ----------------

# kinds that read wrong after "a"
ODD_NOUNS = ("spaghetti", "ramen", "sushi", "soup", "rice", "salad", "dice", "soap", "bread", "cheese")
MESSAGES_84 = ("Lovely picture, thanks for sharing it!", "Your photo made me smile today.")


def message_authors_on_page(s: Suite) -> None:
    """Official 84: send one message to every user who posted, on this page (a forum's first hot page), a picture
    showing a kind of thing (two to four such posts by different users)."""
    template = 'Send the message "{message}" to each user who posted a picture showing {what} on this page.'
    rng = _stream("84")
    cands = []
    for forum, page in s.f.hot_pages():
        for kind, hits in photo_kinds_on_page(s, page).items():
            authors = [t.post.author for t in hits]
            if (
                2 <= len(hits) <= 4
                and kind not in ODD_NOUNS
                and len(set(authors)) == len(authors)
                and USER not in authors
                and not set(authors) & s.f.correspondents
            ):
                cands.append((forum, kind, hits, page))
    picked = rng.sample(cands, min(2, len(cands)))
    if len(picked) == 2 and picked[0][0] == picked[1][0]:
        picked = picked[:1] + [c for c in cands if c[0] != picked[0][0]][:1]
    for n, (forum, kind, hits, page) in enumerate(picked):
        message = MESSAGES_84[n]
        start = f"{SITE}/f/{forum}"
        steps: list[dict] = []
        for n_hit, t in enumerate(hits):  # each author by the post's "Submitted by" link, then their message link
            steps += [goto(start, "back to the page")] if n_hit else []
            steps += [click(f"article[data-id='{t.id}'] a.submission__submitter", f"the poster of {a_kind(kind)}")]
            steps += [click(COMPOSE), *message_steps(t.post.author, "Your picture", message)[1:]]
        s.about_kind(
            84,
            template,
            {"message": message, "what": a_kind(kind)},
            kind,
            page,
            start_url=start,
            require_reset=True,
            eval_=html_eval(
                [
                    target(
                        f"{SITE}/messages", query_text(".table"), must_include=[t.post.author for t in hits] + [message]
                    )
                ]
            ),
            solution=[*steps, stop("")],
            comments=f"posts {', '.join(str(t.id) for t in hits)} show {a_kind(kind)}",
        )


TEMPLATES = [message_authors_on_page]


# ---- official 65: subscribe to every forum of a letter whose all-time top three posts show something ---------

TOP_N = 3


def _top_posts(s: Suite, forum: str) -> list:
    """The forum's first TOP_N posts sorted by score (all time), as the site's top tab lists them."""
    rows = s.f.data.conn.execute(
        "SELECT s.id FROM submission s JOIN forum f ON f.id = s.forum_id WHERE f.name = ?"
        " ORDER BY s.net_score DESC, s.id DESC LIMIT ?",
        (forum, TOP_N),
    ).fetchall()
    return [s.f.data.post(r[0]) for r in rows]


def _shows(post, what: str) -> bool:
    """Whether a post's picture shows `what`: a kind of thing (any style naming one), or "skyline"."""
    if post.image is None:
        return False
    facts = post.image.facts
    return facts.get("style") == "skyline" if what == "skyline" else facts.get("kind") == what


def _post_text(post) -> str:
    return f"{post.title} {post.body}"


def subscribe_by_letter(s: Suite) -> None:
    """Official 65: subscribe to every forum whose name starts with a letter and whose top three posts of all time
    include a picture of something; the other forums of that letter stay unsubscribed."""
    from ..text import mentions

    template = (
        "Subscribe me to every forum whose name starts with the letter '{letter}' and whose three top posts "
        "of all time include a picture of {what}."
    )
    rng = _stream("65")
    names = [f.name for f in s.f.data.forums()]
    subscribed = {n.lower() for n in s.f.subscriptions}
    cands = []
    for letter in sorted({n[0].lower() for n in names}):
        group = [n for n in names if n[0].lower() == letter]
        if len(group) < 3:
            continue
        tops = {n: _top_posts(s, n) for n in group}
        kinds = {p.image.facts.get("kind") for ps in tops.values() for p in ps if p.image}
        whats = sorted({k for k in kinds if k} | {"skyline"})
        for what in whats:
            yes = [n for n in group if any(_shows(p, what) for p in tops[n])]
            no = [n for n in group if n not in yes]
            if (
                not yes
                or not no
                or any(n.lower() in subscribed for n in no)
                or all(n.lower() in subscribed for n in yes)
            ):
                continue
            words = ["skyline"] if what == "skyline" else [what, plural(what)]
            posts = [p for n in group for p in tops[n]]
            if any(mentions(_post_text(p), w) for p in posts for w in words):
                continue
            sidebar = " ".join(sorted(subscribed | {n.lower() for n in yes}))
            if any(n.lower() in sidebar for n in no):  # an excluded name inside a listed one
                continue
            cands.append((letter, what, group, yes, no, posts))
    picked: list[tuple] = []
    for c in rng.sample(cands, len(cands)):
        if len(picked) < 3 and all(c[0] != p[0] for p in picked):
            picked.append(c)
    for letter, what, group, yes, no, posts in sorted(picked):
        phrase = "a city skyline" if what == "skyline" else a_kind(what)
        steps: list[dict] = [click(FORUMS_NAV), click(ALL_FORUMS, "every forum by name")]
        for k, n in enumerate(group):  # each forum of the letter from the list of forums, its top posts of all time
            steps += [goto(f"{SITE}/forums/all", "back to the list of forums")] if k else []
            steps += [click(forum_link(n), f"f/{n} starts with '{letter}'")]
            steps += [click(f".sort-tabs a[href='/f/{n}/top']", "its top posts of all time")]
            if n in yes:
                steps.append(click(SUBSCRIBE, f"{phrase} among its top three"))
        s.add(
            template,
            {"letter": letter, "what": phrase},
            intent=template.format(letter=letter, what=phrase),
            require_reset=True,
            eval_=html_eval([target(SITE, query_text(".sidebar"), must_include=yes, must_exclude=no)]),
            solution=[*steps, stop("")],
            difficulty=labels(65),
            official=65,
            grounding={
                "posts": [p.id for p in posts],
                "visual_terms": ["skyline"] if what == "skyline" else [what, plural(what)],
            },
            comments=f"forums of '{letter}' with {phrase} in their top three: {', '.join(yes)}",
        )


TEMPLATES += [subscribe_by_letter]


# ---- official 70: repost the picture of this page that fits another forum best ------------------------------


def _hot_page_any(s: Suite, forum: str) -> list[Thread]:
    """The first hot page of any forum, the official catalogue's too (which Forum.hot leaves out)."""
    rows = s.f.data.conn.execute(
        "SELECT s.id FROM submission s JOIN forum f ON f.id = s.forum_id WHERE f.name = ?"
        " ORDER BY s.ranking DESC, s.id DESC LIMIT 25",
        (forum,),
    ).fetchall()
    out = []
    for rank, (pid,) in enumerate(rows):
        t = s.f.threads.get(pid) or Thread(s.f.data.post(pid), tuple(s.f.data.comments(pid)), rank)
        out.append(t)
    return out


def repost_best_fit(s: Suite) -> None:
    """Official 70: on a forum's first page, the one picture whose kind of thing is posted in a named other forum
    (and no other picture of the page is): post it again there with the same title, and stay on the new post."""
    from sites.imagery.forum_pictures import validate

    template = (
        "Which picture on this page would fit best in f/{forum2}? Post that picture there again with the same "
        "title as the original post, and leave me on the comments of the new post."
    )
    rng = _stream("70")
    home = kind_homes(s)
    cands = []
    for forum in ("pics", "mildlyinteresting", "photoshopbattles", "gadgets", "iphone", "monitor", "gifs"):
        page = _hot_page_any(s, forum)
        photos = [t for t in page if t.post.image is not None and t.facts.get("style") == "photo"]
        for t in photos:
            kind = t.facts["kind"]
            fits = home.get(kind, set()) - {forum}
            if len(fits) != 1:
                continue
            forum2 = next(iter(fits))
            if any(u.id != t.id and forum2 in home.get(u.facts.get("kind", ""), set()) for u in photos):
                continue
            if sum(u.facts.get("kind") == kind for u in page) != 1 or not clean_of(page, [kind, plural(kind)]):
                continue
            image = t.post.image
            if image is None:
                continue
            try:
                validate(image.picture())
            except ValueError:
                continue
            cands.append((forum, forum2, t, f"{SITE}{image.url_path}", page))
    picked = rng.sample(cands, min(2, len(cands)))
    for forum, forum2, t, picture, page in sorted(picked, key=lambda c: c[2].id):
        ev = picture_post_eval(t.post.title, forum2, picture)
        s.task(
            template,
            {"forum2": forum2},
            start_url=f"{SITE}/f/{forum}",
            require_reset=True,
            eval_=ev,
            solution=open_post(t, f"{a_kind(t.facts['kind'])}: what f/{forum2} shows")
            + submit_steps(forum2, t.post.title, url=picture)
            + [stop("")],
            difficulty=labels(70),
            official=70,
            grounding=page,
            terms=[t.facts["kind"], plural(t.facts["kind"])],
            comments=f"post {t.id} shows {a_kind(t.facts['kind'])}, a kind posted in f/{forum2}",
        )


TEMPLATES += [repost_best_fit]


# ---- official 73: a money value read off the price chart a named user posted ---------------------------------


def price_on_users_chart(s: Suite) -> None:
    """Official 73: what the last price on a named user's price chart (their only one of that ticker) was, in
    dollars; the user's profile lists the post, whose picture carries the price."""
    template = "According to the {ticker} price chart that user {user} posted, what was the last price shown, in USD?"
    rng = _stream("73")
    cands = []
    for t in s.f.image_threads(forum="wallstreetbets", style="stock"):
        mine = [u for u in s.f.threads.values() if u.post.author == t.post.author]
        total = s.f.data.conn.execute(
            "SELECT count(*) FROM submission s JOIN user u ON u.id = s.user_id WHERE u.username = ?", (t.post.author,)
        ).fetchone()[0]
        charts = [u for u in mine if u.facts.get("style") == "stock"]
        if t.post.author == USER or len(mine) != total or len(mine) > 20 or len(charts) != 1:
            continue
        last = t.facts["values"][-1]
        if not clean_of([t], [t.facts["title"], str(last), f"{last:,}"]):
            continue
        cands.append((t, last))
    for t, last in rng.sample(cands, min(1, len(cands))):
        answer = f"{last} |OR| {last:,}" if last >= 1000 else str(last)
        s.task(
            template,
            {"ticker": t.facts["title"], "user": t.post.author},
            start_url=SITE,
            eval_=answer_eval({"must_include": [answer]}),
            solution=[
                goto(f"{SITE}/user/{t.post.author}", "the user the intent names"),
                click(thumbnail(t), f"their {t.facts['title']} chart"),
                stop(str(last), "the price at the end of the line"),
            ],
            difficulty=labels(73),
            official=73,
            grounding=[t],
            terms=[str(last), f"{last:,}"],
            comments=f"post {t.id}: the chart's last price is {last}",
        )


TEMPLATES += [price_on_users_chart]


# ---- official 74: comment on the post of a dish from the country whose flag is pictured ---------------------

DISHES = {"France": ("croissant",), "Italy": ("pizza", "spaghetti"), "Japan": ("sushi", "ramen")}
COMMENTS_74 = ("Now I'm hungry!", "This looks just like the one I had on holiday.")


def comment_on_country_dish(s: Suite) -> None:
    """Official 74: on a listing of f/food, comment on the one post whose dish comes from the country whose flag
    the input image shows (a flag drawn for the task; no other dish of that country on the page)."""
    from .drawings_r4_rdb import flag_picture
    from .standout import first_page

    template = (
        "On this page, find the post of a dish from the country whose flag is in this picture, and comment "
        '"{text}" on it.'
    )
    rng = _stream("74")
    cands = []
    for sort in ("hot", "new", "top", "most_commented", "controversial"):
        page = first_page(s.f, "food", sort)
        for country, dishes in sorted(DISHES.items()):
            hits = [t for t in page if t.facts.get("kind") in dishes]
            if len(hits) != 1:
                continue
            t = hits[0]
            if (
                t.id in s.f.drawable
                and t.facts.get("style") == "photo"
                and s.f.unique_look(t, page)
                and clean_of(page, [w for d in dishes for w in (d, plural(d))] + [country])
            ):
                cands.append((sort, country, t, page))
    picked: list[tuple] = []
    for c in rng.sample(cands, len(cands)):
        if len(picked) < 2 and all(c[1] != p[1] and c[0] != p[0] for p in picked):
            picked.append(c)
    for n, (sort, country, t, page) in enumerate(picked):
        text = COMMENTS_74[n]
        start = f"{SITE}/f/food" + ("" if sort == "hot" else f"/{sort}")
        kind = t.facts["kind"]
        s.task(
            template,
            {"text": text},
            image=s.picture_file(flag_picture(country, seed=7400 + n)),
            start_url=start,
            require_reset=True,
            eval_=html_eval([target(t.url, latest_comment(), exact_match=text)]),
            solution=[click(thumbnail(t), f"{a_kind(kind)}, a dish from {country}"), *comment_steps(text), stop("")],
            difficulty=labels(74),
            official=74,
            grounding=page,
            terms=[w for d in DISHES[country] for w in (d, plural(d))] + [country],
            comments=f"the flag is {country}'s; post {t.id} shows {kind}",
        )


TEMPLATES += [comment_on_country_dish]


# ---- official 75: a sort of the forum of the place a pictured sign names ------------------------------------

# (sign lines, the forum, the listing asked for: (sort, time tab or None), how the intent says it)
# fmt: off
SIGNS_75 = (
    (("WELCOME TO", "RHODE ISLAND"), "providence", ("controversial", "month"),
     "the most controversial posts of the past month in the forum of a city in the state this sign welcomes me to"),
    (("WELCOME TO", "MASSACHUSETTS"), "boston", ("new", None),
     "the newest posts in the forum for a city in the state on this sign"),
)
# fmt: on


def forum_sort_of_pictured_place(s: Suite) -> None:
    """Official 75: open a sort (and time window) of the forum of a city in the state whose welcome sign is drawn
    in the input image; the forum is the only one for a city of that state."""
    from .drawings_r4_rdb import welcome_sign

    template = "Take me to {listing}."
    for n, (lines, forum, (sort, period), listing) in enumerate(SIGNS_75):
        if forum not in s.f.hot:
            continue
        url = f"{SITE}/f/{forum}/{sort}" + (f"?t={period}" if period else "")
        steps = [
            click(FORUMS_NAV),
            click(ALL_FORUMS),
            click(forum_link(forum), "a city in that state"),
            click(f".sort-tabs a[href='/f/{forum}/{sort}']"),
        ]
        if period:
            steps.append(click(f".time-tabs a[href='/f/{forum}/{sort}?t={period}']", f"past {period}"))
        s.add(
            template,
            {"listing": listing},
            intent=template.format(listing=listing),
            image=s.picture_file(welcome_sign(lines, seed=7500 + n)),
            eval_=url_eval(url),
            solution=[*steps, stop("")],
            difficulty=labels(75),
            official=75,
            grounding={"posts": [], "visual_terms": []},
            comments=f"the sign names {lines[-1].title()}; f/{forum} is its city's forum",
        )


TEMPLATES += [forum_sort_of_pictured_place]


# ---- official 66: the joke of this page most likely set in the pictured place --------------------------------

# (the joke title the place fits, the place drawn for the task)
PLACES_66 = (("Why did the chicken cross the road?", "road"),)


def joke_for_pictured_place(s: Suite) -> None:
    """Official 66: on the first page of f/Jokes, open the joke most likely set in the place the input image shows
    (a road with a zebra crossing drawn for the task); every text post of that title on the page counts."""
    from .drawings_r4_rdb import road_crossing

    template = "Open the post of the joke on this page that most likely takes place somewhere like this picture."
    page = _hot_page_any(s, "Jokes")
    for n, (title, _place) in enumerate(PLACES_66):
        same = [t for t in page if t.post.title == title]
        if not same or same[0].post.url:
            continue
        first = same[0]
        url = " |OR| ".join(f"{t.url} |OR| {SITE}{t.post.url_path}" for t in same if not t.post.url)
        s.task(
            template,
            {},
            image=s.picture_file(road_crossing(seed=6600 + n)),
            start_url=f"{SITE}/f/Jokes",
            eval_={**url_eval(url)},
            solution=[click(f"a.submission__link[href^='/f/Jokes/{first.id}/']", "a joke set on a road"), stop("")],
            difficulty=labels(66),
            official=66,
            comments=f"the picture shows a road with a zebra crossing; {len(same)} post(s) titled {title!r}",
        )


TEMPLATES += [joke_for_pictured_place]


# ---- dates as the forum shows them: "N months ago", from the forum's clock (sites.reddit.web.forum_now) -------


def _shown_age(stamp: str) -> str:
    from sites.reddit.web import ago

    return ago(stamp)


def _months(shown: str) -> int:
    """How many whole months a shown age is (12 for "1 year ago" and more; 0 under a month)."""
    number, unit = shown.split()[:2] if shown[0].isdigit() else ("0", "days")
    return 12 * int(number) if unit.startswith("year") else int(number) if unit.startswith("month") else 0


# ---- official 81: comment on the post showing something that was posted within a time frame ------------------

COMMENTS_81 = ("I love this!", "What a great shot.", "This one is my favourite.")


def comment_by_post_age(s: Suite) -> None:
    """Official 81: on a forum's all-time top page, among the posts whose picture shows a kind of thing (two or
    more), comment on the one posted within a time frame (as the forum dates posts: "N months ago")."""
    from .standout import first_page

    template = 'Comment "{text}" on the post on this page whose picture shows {what} and that was posted {frame}.'
    rng = _stream("81")
    cands = []
    for forum in sorted(s.f.hot, key=str.lower):
        page = first_page(s.f, forum, "top")
        for kind, hits in photo_kinds_on_page(s, page).items():
            if len(hits) < 2 or kind in ODD_NOUNS:
                continue
            ages = {t.id: _months(_shown_age(t.post.created_at)) for t in hits}
            for t in hits:
                others = [ages[u.id] for u in hits if u.id != t.id]
                if ages[t.id] >= 12 and max(others) < 12:
                    frame = "a year ago or more"
                elif ages[t.id] < 12 and min(others) > ages[t.id]:
                    n = ages[t.id] + 1
                    frame = "less than a month ago" if n == 1 else f"less than {n} months ago"
                else:
                    continue
                if t.id not in s.f.votes:
                    cands.append((forum, kind, t, frame, page))
    picked: list[tuple] = []
    for c in rng.sample(cands, len(cands)):
        if len(picked) < 3 and all(c[0] != p[0] for p in picked):
            picked.append(c)
    for n, (forum, kind, t, frame, page) in enumerate(sorted(picked, key=lambda c: c[2].id)):
        text = COMMENTS_81[n]
        s.about_kind(
            81,
            template,
            {"text": text, "what": a_kind(kind), "frame": frame},
            kind,
            page,
            start_url=f"{SITE}/f/{forum}/top",
            require_reset=True,
            eval_=html_eval([target(t.url, latest_comment(), exact_match=text)]),
            solution=[
                click(thumbnail(t), f"{a_kind(kind)}, posted {_shown_age(t.post.created_at)}"),
                *comment_steps(text),
                stop(""),
            ],
            comments=f"post {t.id} shows {a_kind(kind)} and was posted {_shown_age(t.post.created_at)}",
        )


TEMPLATES += [comment_by_post_age]


# ---- official 6: when the pictured post was posted, as the forum says ------------------------------------------


def when_pictured_post(s: Suite) -> None:
    """Official 6: how long ago the post with the given picture (drawn again) in a named forum was posted, in the
    forum's own words ("7 months ago")."""
    template = "How long ago was this picture posted in f/{forum}, going by the date the forum shows on the post?"
    rng = _stream("6")
    cands = [t for t in findable(s) if t.facts.get("style") not in LOOKALIKE]
    for t in rng.sample(cands, min(1, len(cands))):
        shown = _shown_age(t.post.created_at)
        amount = " ".join(shown.split()[:2])
        s.about_post(
            6,
            template,
            {"forum": t.post.forum},
            t,
            picture=True,
            start_url=f"{SITE}/forums/all",
            eval_=answer_eval({"must_include": [amount]}),
            solution=[
                click(forum_link(t.post.forum), "the forum the intent names"),
                click(thumbnail(t), "its picture matches"),
                stop(shown, "the date beside the author"),
            ],
            comments=f"post {t.id} was posted {t.post.created_at} UTC, {shown} by the forum's clock",
        )


TEMPLATES += [when_pictured_post]
