"""Forum templates that change the forum: comments and replies in a given format, votes, posts and
subscriptions.
"""

from __future__ import annotations

from ..evals import click, goto, html_eval, stop, target
from ..text import plural
from .base import (
    ALL_FORUMS,
    COMPOSE,
    DOWNVOTE,
    DOWNVOTED,
    FORUMS_NAV,
    SUBSCRIBE,
    VOTE_CLASS,
    Suite,
    comment_steps,
    commented_here,
    findable,
    forum_link,
    latest_comment,
    message_steps,
    open_post,
    parent_of_latest,
    picture_post_eval,
    query_text,
    reply_steps,
    submit_steps,
)
from .forum import SITE, USER, clean_of, describe, visual_terms
from .questions import on_post


def comment_count_format(s: Suite) -> None:
    template = (
        "How many {kinds} are in the picture of this post? Leave a comment with the format "
        '"I count <number> {kinds}", replacing <number> with the count in digits.'
    )
    cands = on_post(s, "photo", lambda f: f.get("count", 1) >= 2)
    for t in s.fresh(cands, 3):
        kinds = plural(t.facts["kind"])
        text = f"I count {t.facts['count']} {kinds}"
        as_object = target(
            t.url,
            f"func:reddit_get_latest_comment_obj_by_username(__page__, '{USER}')",
            must_include=[f'"content": "{text}"'],
        )
        s.about_post(38, template, {"kinds": kinds}, t, **commented_here(t, text, as_object, exact_match=text))


def reply_format(s: Suite) -> None:
    template = (
        "What colour is the {kind} in the picture? Reply to the comment by {user} with the format "
        '"It is <colour>!", replacing <colour> with the colour.'
    )
    cands = []
    for t in on_post(s, "photo", lambda f: f.get("color") and f.get("count") == 1):
        authors = [c.author for c in t.comments]
        top_level = [c for c in t.comments if c.parent_id is None and authors.count(c.author) == 1 and c.author != USER]
        if top_level:
            cands.append((t, top_level[0]))
    for t, c in s.fresh(cands, 3):
        text = f"It is {t.facts['color']}!"
        s.about_post(
            41,
            template,
            {"kind": t.facts["kind"], "user": c.author},
            t,
            start_url=t.url,
            require_reset=True,
            eval_=html_eval(
                [
                    target(t.url, parent_of_latest(), exact_match=c.author),
                    target(t.url, latest_comment(), exact_match=text),
                    target(
                        t.url,
                        f"func:reddit_get_parent_comment_obj_of_latest_comment_by_username(__page__, '{USER}')",
                        must_include=[f'"username": "{c.author}"'],
                    ),
                ]
            ),
            solution=[*reply_steps(c, text), stop("")],
        )


def comment_on_visual(s: Suite) -> None:
    template = 'Comment "{text}" on the post in f/{forum} whose picture shows {what}.'
    texts = ("This one made my day.", "Saving this for later!", "How long did this take you?")
    cands = findable(s, described=True, top=25, styles=("photo", "artwork", "space"))
    for n, t in enumerate(s.fresh(cands, 3)):
        text = texts[n]
        s.about_post(
            72,
            template,
            {"text": text, "forum": t.post.forum, "what": describe(t.facts)},
            t,
            start_url=f"{SITE}/f/{t.post.forum}",
            require_reset=True,
            eval_=html_eval(
                [
                    target(t.url, query_text("#main"), must_include=[USER, text]),
                    target(t.url, "func:reddit_get_post_comment_tree(__page__)", must_include=[text]),
                ]
            ),
            solution=open_post(t) + comment_steps(text) + [stop("")],
        )


def message_top_commenter(s: Suite) -> None:
    template = 'Send the author of the top comment on this post a message saying "{message}".'
    texts = (
        "Your comment made me laugh, thanks!",
        "I agree with your comment completely.",
        "Thanks for the helpful comment.",
    )
    cands = []
    for t in s.f.threads.values():
        c = s.f.top_comment(t)
        if c and c.author not in s.f.correspondents and c.author != USER:
            cands.append((t, c))
    for n, (t, c) in enumerate(s.fresh(cands, 3)):
        message = texts[n]
        s.task(
            template,
            {"message": message},
            start_url=t.url,
            require_reset=True,
            eval_=html_eval([target(f"{SITE}/messages", query_text(".table"), must_include=[c.author, message])]),
            solution=[
                click(f"#comment_{c.id} > .comment__row a.comment__author", "the top comment's author"),
                click(COMPOSE),
                *message_steps(c.author, "Your comment", message)[1:],
                stop(""),
            ],
            difficulty=("easy", "easy", "easy"),
        )


def upvote_all_on_page(s: Suite) -> None:
    template = "Upvote every post on this page whose picture shows {what}."
    cands = []
    for forum in ("aww", "food", "mildlyinteresting", "photoshopbattles"):
        page = s.f.hot_page(forum)
        kinds = sorted({t.facts["kind"] for t in page if t.facts.get("style") == "photo"})
        for kind in kinds:
            hits = [t for t in page if t.facts.get("kind") == kind]
            if (
                2 <= len(hits) <= 4
                and all(t.id not in s.f.votes for t in page)
                and clean_of(page, [kind, plural(kind)])
            ):
                cands.append((hits[0], kind, hits, page))
    for _first, kind, hits, page in s.fresh(cands, 3):
        for t in hits:
            s.used.add(t.id)
        s.upvote_all(template, kind, hits, page, f"a {kind} in the picture")


def downvote_visual(s: Suite) -> None:
    template = "Downvote the post in f/{forum} whose picture shows {what}."
    cands = [t for t in findable(s, described=True, styles=("photo", "vintage", "artwork")) if t.id not in s.f.votes]
    for t in s.fresh(cands, 3):
        s.about_post(
            29,
            template,
            {"forum": t.post.forum, "what": describe(t.facts)},
            t,
            start_url=f"{SITE}/f/{t.post.forum}",
            require_reset=True,
            eval_=html_eval([target(t.url, VOTE_CLASS, exact_match=DOWNVOTED)]),
            solution=[*open_post(t), click(DOWNVOTE), stop("")],
        )


def repost_picture(s: Suite) -> None:
    template = (
        "Find the post in f/{forum} whose picture shows {what}, and share the same picture in f/{forum2} "
        'with the title "{title}". Stay on the new post\'s page.'
    )
    plans = (
        ("Art", "mildlyinteresting", "Saw this in another forum and had to share"),
        ("space", "technology", "Which telescope takes a picture like this?"),
    )
    for forum, forum2, title in plans:
        cands = findable(s, described=True, forums=(forum,))
        for t in s.fresh(cands, 1):
            picture = f"{SITE}{t.post.image.url_path}"
            ev = picture_post_eval(title, forum2, picture)
            s.task(
                template,
                {"forum": forum, "what": describe(t.facts), "forum2": forum2, "title": title},
                require_reset=True,
                eval_=ev,
                solution=open_post(t) + submit_steps(forum2, title, url=picture) + [stop("")],
                difficulty=("hard", "medium", "hard"),
                grounding=[t],
                terms=visual_terms(t.facts),
            )


def text_post(s: Suite) -> None:
    template = 'Ask in f/{forum}: post the question "{title}" with the text "{body}".'
    plans = (
        ("pittsburgh", "Where can I get a bike fixed near Oakland?", "Flat tire and a bent wheel. Thanks!"),
        ("books", "Any novels set on a lighthouse?", "I just finished one and want more."),
        ("MechanicalKeyboards", "Quietest switches for a shared office?", "My coworkers are not amused."),
    )
    for forum, title, body in plans:
        ev = html_eval(
            [
                target("last", query_text(".submission__link"), exact_match=title),
                target("last", query_text(".submission__body", lowercase=True), must_include=[body.lower()]),
                target("func:reddit_get_post_url('__last_url__')", query_text(".submission__link"), exact_match=title),
                target("last", query_text(".submission__info"), must_include=[USER, f"f/{forum}"]),
            ]
        )
        s.task(
            template,
            {"forum": forum, "title": title, "body": body},
            require_reset=True,
            eval_=ev,
            solution=[*submit_steps(forum, title, body=body), stop("")],
            difficulty=("easy", "easy", "easy"),
        )


def subscribe_described(s: Suite) -> None:
    template = "Subscribe to the forum for {what}."
    plans = (
        ("people who collect game consoles", "consoles"),
        ("news from Pittsburgh", "pittsburgh"),
        ("keyboards, switches and keycaps", "MechanicalKeyboards"),
    )
    for what, forum in plans:
        if forum in s.f.subscriptions:
            continue
        reach = [goto(f"{SITE}/f/{forum}")]
        if forum.lower() not in what.lower():  # a forum the intent only describes: found in the list of forums
            reach = [click(FORUMS_NAV), click(ALL_FORUMS), click(forum_link(forum), what)]
        s.task(
            template,
            {"what": what},
            require_reset=True,
            eval_=html_eval([target(f"{SITE}/f/{forum}", query_text("#sidebar"), must_include=["Unsubscribe"])]),
            solution=[*reach, click(SUBSCRIBE), stop("")],
            difficulty=("easy", "easy", "easy"),
        )
