"""Forum templates with an input image: open, upvote, comment on, subscribe to the forum of, post, message
or block the author of the pictured post.
"""

from __future__ import annotations

from ..evals import answer_eval, click, html_eval, stop, target, url_eval
from .base import (
    ALL_FORUMS,
    BLOCK_LINK,
    BLOCK_SEND,
    FORUMS_NAV,
    HOME,
    INPUT_SIZE,
    STYLE_FORUM,
    SUBSCRIBE,
    UPVOTE,
    UPVOTED,
    VOTE_CLASS,
    Suite,
    findable,
    forum_link,
    message_author_steps,
    open_author,
    open_post,
    picture_post_eval,
    post_url_eval,
    query_text,
    submit_steps,
)
from .forum import SITE, USER, Thread, number_phrase, visual_terms
from .official import labels


def img_open_post(s: Suite) -> None:
    template = (
        "I'm looking for the post with this picture; it was among the hot posts of f/{forum}. "
        "Open its comments section."
    )
    for t in s.fresh(findable(s, styles=("photo", "artwork", "space", "vintage")), 3):
        s.about_post(
            0,
            template,
            {"forum": t.post.forum},
            t,
            picture=True,
            start_url=f"{SITE}/f/{t.post.forum}",
            eval_=post_url_eval(t),
            solution=[*open_post(t), stop("")],
        )


def img_upvote(s: Suite) -> None:
    template = "Find and upvote this post. I think it was posted in f/{forum}."
    cands = [t for t in findable(s, styles=("photo", "meme", "landscape", "skyline")) if t.id not in s.f.votes]
    for t in s.fresh(cands, 3):
        s.about_post(
            8,
            template,
            {"forum": t.post.forum},
            t,
            picture=True,
            start_url=f"{SITE}/forums",
            require_reset=True,
            eval_=html_eval([target(t.url, VOTE_CLASS, exact_match=UPVOTED)]),
            solution=[*open_post(t), click(UPVOTE), stop("")],
        )


def top_comment_task(s: Suite, t: Thread) -> None:
    """Official 9: find the pictured post in its forum and answer its top comment."""
    template = "Find this post in f/{forum} and tell me what its top comment says."
    top = s.f.top_comment(t)
    s.about_post(
        9,
        template,
        {"forum": t.post.forum},
        t,
        picture=True,
        start_url=f"{SITE}/f/{t.post.forum}",
        eval_=answer_eval({"must_include": [top.body]}),
        solution=[*open_post(t), stop(top.body, "the first comment of the thread")],
    )


def img_top_comment(s: Suite) -> None:
    for t in s.fresh(findable(s, need_top_comment=True), 2):
        top_comment_task(s, t)


def comment_count_task(s: Suite, t: Thread) -> None:
    """Official 52: find the pictured post among a forum's hot posts and answer its number of comments."""
    template = "How many comments does the post with this picture have? It is one of the hot posts of f/{forum}."
    n = t.post.comment_count
    s.about_post(
        52,
        template,
        {"forum": t.post.forum},
        t,
        picture=True,
        eval_=answer_eval({"required_values": [f"== {n}"]}),
        solution=[*open_post(t), stop(str(n), "the post's comment count")],
    )


def img_comment_count(s: Suite) -> None:
    for t in s.fresh([t for t in findable(s) if t.post.comment_count >= 2], 2):
        comment_count_task(s, t)


def fresh_picture(style: str, n: int):
    """A picture of `style` drawn for a task (not on the site), with its facts."""
    from sites.imagery.forum_pictures import ForumPicture

    pictures = {
        "chart": ForumPicture(
            "chart", title="Cups of tea per week", labels=("Mon", "Tue", "Wed", "Thu"), values=(3, 7, 5, 2)
        ),
        "landscape": ForumPicture("landscape", count=3, time_of_day="sunset", snow=True, water=True),
        "space": ForumPicture("space", color="blue", count=2, rings=True),
        "artwork": ForumPicture("artwork", color="orange", count=5, shape="circles"),
        "vintage": ForumPicture("vintage", kind="motorcycle", tone="sepia"),
        "stock": ForumPicture("stock", title="TSLA", values=tuple(100 + 4 * i + (i % 3) * 6 for i in range(24))),
    }
    return pictures[style]


def render_fresh(style: str, n: int, size=(640, 480)):
    from sites.imagery.forum_pictures import render_picture

    return render_picture(fresh_picture(style, n), size, seed=7000 + n)


def img_subscribe(s: Suite) -> None:
    template = "Subscribe me to the forum where pictures like this one get posted."
    styles = [st for st, forum in STYLE_FORUM.items() if forum not in s.f.subscriptions]
    for n, style in enumerate(styles[:3]):
        forum = STYLE_FORUM[style]
        image = s.picture_file(render_fresh(style, n).resize(INPUT_SIZE))
        s.task(
            template,
            {},
            image=image,
            require_reset=True,
            eval_=html_eval([target(SITE, query_text(".sidebar"), must_include=[forum])]),
            solution=[click(FORUMS_NAV), click(ALL_FORUMS), click(forum_link(forum)), click(SUBSCRIBE), stop("")],
            difficulty=labels(79),
            official=79,
            comments=f"pictures of this kind ({style}) are posted in f/{forum}",
        )


POST_TITLES = ("Found this one on an old hard drive", "Sharing something I made last week")


def img_post(s: Suite) -> None:
    template = (
        "Post the picture open in the second tab to the forum where it fits best, with the title "
        '"{title}", and stay on the page of the new post.'
    )
    styles = ["chart", "space"]
    for n, style in enumerate(styles):
        forum, title = STYLE_FORUM[style], POST_TITLES[n]
        ref = s.picture_file(render_fresh(style, 10 + n))
        link = f"{HOME}/{ref}"
        ev = picture_post_eval(title, forum, ref)
        s.task(
            template,
            {"title": title},
            image=ref,
            start_url=f"{SITE} |AND| {link}",
            require_reset=True,
            eval_=ev,
            solution=[*submit_steps(forum, title, url=link), stop("")],
            difficulty=labels(11),
            official=11,
            comments=f"the picture ({style}) belongs in f/{forum}; scored by SSIM against the input image",
        )


MESSAGES = (
    "Hi! Could I use your picture as my desktop background?",
    "Great shot. Mind if I share it with a friend?",
    "Where did you take this? It looks familiar.",
)


MESSAGE_AUTHOR = 'Send the person who posted this picture in f/{forum} a message saying "{message}".'


def message_author_task(s: Suite, official: int, template: str, t: Thread, message: str, subject: str) -> None:
    """Find the pictured post and send its author `message` (the messages page lists it)."""
    s.about_post(
        official,
        template,
        {"forum": t.post.forum, "message": message},
        t,
        picture=True,
        require_reset=True,
        eval_=html_eval([target(f"{SITE}/messages", query_text(".table"), must_include=[t.post.author, message])]),
        solution=open_post(t) + message_author_steps(subject, message) + [stop("")],
    )


def img_message_author(s: Suite) -> None:
    cands = [t for t in findable(s) if t.post.author not in s.f.correspondents and t.post.author != USER]
    for n, t in enumerate(s.fresh(cands, 2)):
        message_author_task(s, 43, MESSAGE_AUTHOR, t, MESSAGES[n], "About your picture")


def img_block_author(s: Suite) -> None:
    template = "I don't want to see anything more from whoever posted this picture in f/{forum}. Block them."
    cands = [t for t in findable(s) if t.post.author not in s.f.blocked and t.post.author != USER]
    for t in s.fresh(cands, 2):
        s.task(
            template,
            {"forum": t.post.forum},
            image=s.post_picture(t),
            require_reset=True,
            eval_=html_eval(
                [target(f"{SITE}/user/{USER}/block_list", query_text(".site-content"), must_include=[t.post.author])]
            ),
            solution=[
                *open_author(t),
                click(BLOCK_LINK),
                click(BLOCK_SEND),
                stop(""),
            ],
            difficulty=("easy", "medium", "medium"),
            grounding=[t],
            terms=visual_terms(t.facts),
        )


def img_author_page(s: Suite) -> None:
    template = "Who posted this picture in f/{forum}? Open their profile page."
    for t in s.fresh(findable(s), 1):
        s.task(
            template,
            {"forum": t.post.forum},
            image=s.post_picture(t),
            eval_=url_eval(f"{SITE}/user/{t.post.author}"),
            solution=[*open_author(t), stop("")],
            difficulty=("easy", "medium", "medium"),
            grounding=[t],
            terms=visual_terms(t.facts),
        )


def img_unachievable(s: Suite) -> None:
    template = "Find this post in f/{forum} and tell me what its top comment says."
    from sites.imagery.forum_pictures import ForumPicture, render_picture

    plans = [("aww", "photo"), ("food", "photo")]
    for n, (forum, _style) in enumerate(plans):
        threads = s.f.image_threads(forum=forum)
        present = {(t.facts.get("kind"), t.facts.get("count")) for t in threads}
        kinds = sorted({t.facts.get("kind") for t in threads if t.facts.get("kind")})
        missing = next((k, c) for c in (4, 3, 2) for k in kinds if (k, c) not in present)
        pic = ForumPicture("photo", kind=missing[0], count=missing[1])
        image = s.picture_file(render_picture(pic, INPUT_SIZE, seed=7100 + n))
        note = f"No post in f/{forum} shows {number_phrase(missing[1], missing[0])}."
        s.task(
            template,
            {"forum": forum},
            image=image,
            start_url=f"{SITE}/f/{forum}",
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[stop("N/A", "no picture in the forum matches")],
            difficulty=labels(9),
            official=9,
            comments="unachievable: " + note,
        )
