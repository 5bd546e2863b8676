"""What the forum templates share: the suite, the eval pieces (vote class, comment helpers, SSIM checks),
the reference-solution steps of the forum's forms and the post pickers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..evals import answer_eval, click, goto, html_eval, ssim_check, stop, target, type_in, url_eval, with_images
from ..suite import Suite as BaseSuite
from ..text import article, plural
from .forum import SITE, USER, Forum, Thread, clean_of, describe, look_key, visual_terms
from .official import labels

HOME = "__HOMEPAGE__"
UPVOTED, DOWNVOTED, NO_VOTE = "vote vote--user-upvoted", "vote vote--user-downvoted", "vote"
VOTE_CLASS = "document.querySelectorAll('div.submission__vote')[0].querySelector('form').getAttribute('class')"
INPUT_SIZE = (512, 384)
# Where each kind of picture belongs (the forum whose image posts show such pictures).
STYLE_FORUM = {
    "chart": "dataisbeautiful",
    "landscape": "EarthPorn",
    "space": "space",
    "artwork": "Art",
    "vintage": "OldSchoolCool",
    "stock": "wallstreetbets",
}


# The forum the suite being built picks from (open_post looks up its listings for look-alike drawings).
BUILDING: dict[str, Forum] = {}


class Suite(BaseSuite):
    """The forum suite over the pristine data; input images are JPEG (pictures, not product shots)."""

    site = "reddit"
    grounding_key = "posts"

    def __init__(self, forum: Forum, seed: int):
        super().__init__(seed)
        self.f = forum
        BUILDING["forum"] = forum

    def picture_file(self, image) -> str:
        """Keep a picture as a JPEG input image (named by its content)."""
        return self.save_image(image, "JPEG")

    def post_picture(self, thread: Thread) -> str:
        """An input image of the post's picture: drawn again, cropped closer and scaled (not the same file)."""
        from sites.imagery.forum_pictures import render_picture

        image = thread.post.image
        if image is None:
            raise ValueError(f"post {thread.id} has no picture")
        img = render_picture(image.picture(), (640, 480), image.seed)
        return self.picture_file(img.resize(INPUT_SIZE, box=(40, 30, 600, 450)))

    def labels(self, official: int) -> tuple[str, str, str]:
        return labels(official)

    def task(
        self, template: str, args: dict, *, grounding: Sequence[Thread] = (), terms: Sequence[str] = (), **kw
    ) -> dict:
        return self.fill(
            template, args, grounding={"posts": [t.id for t in grounding], "visual_terms": list(terms)}, **kw
        )

    def about_post(self, official: int, template: str, args: dict, t: Thread, *, picture: bool = False, **kw) -> dict:
        """Add a task mirroring official template `official` (its difficulty labels) about post `t`: grounded on
        it with its visual terms, and with its picture as the input image when `picture`."""
        if picture:
            kw["image"] = self.post_picture(t)
        terms = visual_terms(t.facts)
        return self.task(
            template, args, grounding=[t], terms=terms, difficulty=labels(official), official=official, **kw
        )

    def about_kind(
        self, official: int, template: str, args: dict, kind: str, grounding: Sequence[Thread], **kw
    ) -> dict:
        """Add a task mirroring official template `official` (its difficulty labels) about the pictures showing
        `kind`: grounded on the posts `grounding`, with the kind and its plural as the visual terms."""
        return self.task(
            template,
            args,
            grounding=grounding,
            terms=[kind, plural(kind)],
            difficulty=labels(official),
            official=official,
            **kw,
        )

    def number_on_page(
        self, official: int, template: str, kind: str, page: list[Thread], n: int, note: str = "", **kw
    ) -> dict:
        """A question about the posts of the forum page `page` whose pictures show `kind` ({what} of `template`),
        answered with the number `n` (the stop step's `note` says how)."""
        return self.about_kind(
            official,
            template,
            {"what": a_kind(kind)},
            kind,
            page,
            start_url=f"{SITE}/f/{page[0].post.forum}",
            eval_=answer_eval({"required_values": [f"== {n}"]}),
            solution=[stop(str(n), note)],
            **kw,
        )

    def upvote_all(self, template: str, kind: str, hits: list[Thread], page: list[Thread], note: str) -> dict:
        """Official 34: upvote every post of `hits` (their pictures show `kind`, each opened with `note`) from the
        forum page `page`, and none of the others (three of them are checked unvoted)."""
        misses = [t for t in page if t not in hits][:3]
        targets = [target(t.url, VOTE_CLASS, exact_match=UPVOTED) for t in hits]
        targets += [target(t.url, VOTE_CLASS, exact_match=NO_VOTE) for t in misses]
        steps = [step for t in hits for step in (*open_post(t, note), click(UPVOTE))]
        return self.about_kind(
            34,
            template,
            {"what": a_kind(kind)},
            kind,
            page,
            start_url=f"{SITE}/f/{hits[0].post.forum}",
            require_reset=True,
            eval_=html_eval(targets),
            solution=[*steps, stop("")],
        )


def kind_homes(s: Suite) -> dict[str, set[str]]:
    """For each kind of photo, the forums whose posts show it."""
    home: dict[str, set[str]] = {}
    for u in s.f.threads.values():
        if u.facts.get("style") == "photo" and u.facts.get("kind"):
            home.setdefault(u.facts["kind"], set()).add(u.post.forum)
    return home


def query_text(selector: str, lowercase: bool = False) -> str:
    return f"func:get_query_text{'_lowercase' if lowercase else ''}(__page__, '{selector}')"


def latest_comment(user: str = USER) -> str:
    return f"func:reddit_get_latest_comment_content_by_username(__page__, '{user}')"


def parent_of_latest(user: str = USER) -> str:
    return f"func:reddit_get_parent_comment_username_of_latest_comment_by_username(__page__, '{user}')"


def picture_post_eval(title: str, forum: str, picture: str) -> dict:
    """The newest post is titled `title`, was posted by USER in f/`forum`, and its picture looks like `picture`."""
    return with_images(
        html_eval(
            [
                target("last", query_text(".submission__link"), exact_match=title),
                target("last", query_text(".submission__info"), must_include=[USER, f"f/{forum}"]),
            ]
        ),
        [ssim_check("last", ".submission__image", picture)],
    )


def any_picture_eval(threads: Iterable[Thread]) -> dict:
    """page_image_query: the final page's post picture is like (SSIM) the picture of one of `threads`."""
    pictures = " |OR| ".join(
        f"{SITE}{u.post.image.url_path}" for u in sorted(threads, key=lambda u: u.id) if u.post.image is not None
    )
    return {
        "eval_types": ["page_image_query"],
        "reference_answers": None,
        "reference_url": "",
        "program_html": [],
        "page_image_query": [ssim_check("last", ".submission__image", pictures)],
    }


def post_url_eval(t: Thread) -> dict:
    return url_eval(f"{t.url} |OR| {SITE}{t.post.url_path}")


def answer_on_post(ev: dict, t: Thread) -> dict:
    """The answer check `ev`, and post `t` left open (its address, exactly)."""
    return {
        **ev,
        "eval_types": ["string_match", "url_match"],
        "reference_url": post_url_eval(t)["reference_url"],
        "url_note": "EXACT",
    }


UPVOTE = "div.submission__vote button.vote__up"
DOWNVOTE = "div.submission__vote button.vote__down"
COMMENT_BODY = "form.comment-form--top textarea"
COMMENT_SEND = "form.comment-form--top button[type=submit]"
SUBSCRIBE = "#sidebar form.subscribe-form button"
SUBMIT_SEND = "#submission_submit"
MESSAGE_SEND = "form[action$='/compose_message'] button[type=submit]"
BLOCK_SEND = "form[action$='/block_user'] button[type=submit]"
# Steps whose click changes the forum (tests/tasks/test_suite.py: such tasks require a reset).
STATE_CLICKS = (UPVOTE, DOWNVOTE, COMMENT_SEND, SUBSCRIBE, SUBMIT_SEND, MESSAGE_SEND, BLOCK_SEND, "/reply']")


LOOKALIKE = ("artwork", "chart", "space", "stock")


def open_post(t: Thread, note: str = "its picture matches") -> list[dict]:
    """Reach the post the way a person would: the forum's hot listing (the intent names the forum), then the
    post's thumbnail, found by its picture. Abstract drawings (LOOKALIKE) can differ too little at thumbnail
    size from another one on the same page: for those, the forum's first sort whose first page shows the
    least look-alike beside the post (standout.least_alike), then its thumbnail there."""
    steps = [goto(f"{SITE}/f/{t.post.forum}", "the forum the intent names")]
    if t.facts.get("style") in LOOKALIKE:
        from .standout import MAX_RESEMBLANCE, least_alike

        best = least_alike(BUILDING["forum"], t)
        if best is None:
            raise ValueError(f"post {t.id} is on no first page of f/{t.post.forum}")
        if best[1] != "hot":
            why = "a sort with no look-alike" if best[0] <= MAX_RESEMBLANCE else "the sort with the least look-alike"
            steps.append(click(f".sort-tabs a[href='/f/{t.post.forum}/{best[1]}']", why))
    return [*steps, click(thumbnail(t), note)]


def open_author(t: Thread) -> list[dict]:
    """`open_post`, then the profile of the post's author."""
    return [*open_post(t), click(SUBMITTER, "the post's author")]


def thumbnail(t: Thread) -> str:
    return f"a.submission__thumbnail-link[href^='/f/{t.post.forum}/{t.id}/']"


FORUMS_NAV = "a.site-nav__link[href='/forums']"
ALL_FORUMS = "a.tab[href='/forums/all']"


def forum_link(forum: str) -> str:
    """A forum's link in the alphabetical list of forums (/forums/all)."""
    return f".alphabetical-forums a[href='/f/{forum}']"


SUBMITTER = ".submission--full a.submission__submitter"
COMPOSE = "#sidebar a[href$='/compose_message']"
BLOCK_LINK = "#sidebar a[href$='/block_user']"


def message_author_steps(title: str, body: str) -> list[dict]:
    """On a post's page: its author's profile, their "Send message" link, the message."""
    return [
        click(SUBMITTER, "the post's author"),
        click(COMPOSE),
        type_in("#message_title", title),
        type_in("#message_body", body),
        click(MESSAGE_SEND),
    ]


def comment_steps(text: str) -> list[dict]:
    return [type_in(COMMENT_BODY, text), click(COMMENT_SEND)]


def commented_here(t: Thread, text: str, *more: dict, **required) -> dict:
    """The task fields of a job that starts on post `t` and comments `text` there: our latest comment on `t` must
    satisfy `required` (program_html's required contents), and the checks `more` hold."""
    return {
        "start_url": t.url,
        "require_reset": True,
        "eval_": html_eval([target(t.url, latest_comment(), **required), *more]),
        "solution": [*comment_steps(text), stop("")],
    }


def reply_steps(comment, text: str) -> list[dict]:
    return [
        click(f"#comment_{comment.id} > .comment__row details.comment__reply > summary", "open the reply form"),
        type_in(f"#reply_to_comment_{comment.id}", text),
        click(f"form[action$='/comment/{comment.id}/reply'] button[type=submit]"),
    ]


def submit_steps(forum: str, title: str, *, url: str = "", body: str = "") -> list[dict]:
    steps = [goto(f"{SITE}/submit"), type_in("#submission_title", title)]
    if url:
        steps.append(type_in("#submission_url", url))
    if body:
        steps.append(type_in("#submission_body", body))
    return [*steps, type_in("#submission_forum", forum), click(SUBMIT_SEND)]


def message_steps(user: str, title: str, body: str) -> list[dict]:
    return [
        goto(f"{SITE}/user/{user}/compose_message"),
        type_in("#message_title", title),
        type_in("#message_body", body),
        click(MESSAGE_SEND),
    ]


def findable(
    s: Suite, *, top: int = 25, styles=None, forums=None, need_top_comment: bool = False, described: bool = False
) -> list[Thread]:
    """Image posts among the first `top` hot posts of their forum whose text does not give the picture away and
    whose picture no other post of the forum shares: by look (`look_key`), or with `described`, by the words
    of `describe` (a task naming the picture in words must name one post only)."""
    out = []
    for name in sorted(s.f.hot, key=str.lower):
        if forums is not None and name not in forums:
            continue
        everything = s.f.image_threads(forum=name)
        seen = [describe(t.facts) if described else look_key(t.facts) for t in everything]
        for t in s.f.hot_page(name, 0, top):
            if t.id not in s.f.drawable or (styles and t.facts["style"] not in styles):
                continue
            if seen.count(describe(t.facts) if described else look_key(t.facts)) != 1:
                continue
            if not clean_of([t], visual_terms(t.facts)):
                continue
            if need_top_comment and s.f.top_comment(t) is None:
                continue
            out.append(t)
    return out


def a_kind(kind: str) -> str:
    """The kind with its article ("a cat", "an owl"; "dice")."""
    return kind if kind == "dice" else f"{article(kind)} {kind}"
