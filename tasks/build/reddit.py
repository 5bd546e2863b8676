"""The forum (reddit) task templates: tasks/reddit.json and tasks/images/reddit/ from the pristine forum
database of the default data set (`python -m tasks.build reddit`).

Posts are picked by what their pictures show (`image.facts`) with a fixed-seed random stream over the data in
a fixed order, so the same data gives byte-identical output. State-changing tasks are scored with the official
locator forms (the vote form's class, the reddit comment helpers, `get_query_text` on `#sidebar`, `#main`,
`.table`), posted pictures by SSIM. Each task records under `grounding` the posts it looks at and the visual
words that must not be written in their title, body or comments.
"""
from __future__ import annotations

import io

from . import suite_settings
from .evals import answer_eval, click, goto, html_eval, stop, target, type_in, url_eval
from .reddit_forum import (NUMBER_WORDS, SITE, USER, Forum, Thread, clean_of, describe, look_key,  # noqa: F401
                           number_phrase, visual_terms)
from .suite import Suite as BaseSuite
from .text import article, plural

HOME = "__HOMEPAGE__"
UPVOTED, DOWNVOTED, NO_VOTE = "vote vote--user-upvoted", "vote vote--user-downvoted", "vote"
VOTE_CLASS = "document.querySelectorAll('div.submission__vote')[0].querySelector('form').getAttribute('class')"
INPUT_SIZE = (512, 384)
# Where each kind of picture belongs (the forum whose image posts show such pictures).
STYLE_FORUM = {"chart": "dataisbeautiful", "landscape": "EarthPorn", "space": "space", "artwork": "Art",
               "vintage": "OldSchoolCool", "stock": "wallstreetbets"}


class Suite(BaseSuite):
    """The forum suite over the pristine data; input images are JPEG (pictures, not product shots)."""

    site = "reddit"
    grounding_key = "posts"

    def __init__(self, forum: Forum, seed: int):
        super().__init__(seed)
        self.f = forum

    def picture_file(self, image) -> str:
        """Keep a picture as a JPEG input image (named by its content)."""
        return self.save_image(image, "JPEG")

    def post_picture(self, thread: Thread) -> str:
        """An input image of the post's picture: drawn again, cropped closer and scaled (not the same file)."""
        from sites.imagery.forum_pictures import render_picture

        img = render_picture(thread.post.image.picture(), (640, 480), thread.post.image.seed)
        return self.picture_file(img.resize(INPUT_SIZE, box=(40, 30, 600, 450)))

    def task(self, template: str, args: dict, *, grounding: list[Thread] = (), terms: list[str] = (), **kw) -> dict:
        return self.add(template, args, intent=template.format(**args),
                        grounding={"posts": [t.id for t in grounding], "visual_terms": list(terms)}, **kw)


# ---- eval pieces -------------------------------------------------------------------------------------------

def query_text(selector: str, lowercase: bool = False) -> str:
    return f"func:get_query_text{'_lowercase' if lowercase else ''}(__page__, '{selector}')"


def latest_comment(user: str = USER) -> str:
    return f"func:reddit_get_latest_comment_content_by_username(__page__, '{user}')"


def parent_of_latest(user: str = USER) -> str:
    return f"func:reddit_get_parent_comment_username_of_latest_comment_by_username(__page__, '{user}')"


def with_images(ev: dict, checks: list[dict]) -> dict:
    """`ev` plus page_image_query checks."""
    return {**ev, "eval_types": ev["eval_types"] + ["page_image_query"], "page_image_query": checks}


def ssim_check(url: str, selector: str, reference: str, threshold: float = 0.8) -> dict:
    return {"eval_image_url": url, "eval_image_class": selector, "eval_fuzzy_image_match": reference,
            "ssim_threshold": threshold}


def post_url_eval(t: Thread) -> dict:
    return url_eval(f"{t.url} |OR| {SITE}{t.post.url_path}")


# ---- reference-solution steps (the forum's forms: sites/reddit/templates) ----------------------------------

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


def open_post(t: Thread, note: str = "its picture matches") -> dict:
    return goto(t.url, note)


def comment_steps(text: str) -> list[dict]:
    return [type_in(COMMENT_BODY, text), click(COMMENT_SEND)]


def reply_steps(comment, text: str) -> list[dict]:
    return [click(f"#comment_{comment.id} > .comment__row details.comment__reply > summary", "open the reply form"),
            type_in(f"#reply_to_comment_{comment.id}", text),
            click(f"form[action$='/comment/{comment.id}/reply'] button[type=submit]")]


def submit_steps(forum: str, title: str, *, url: str = "", body: str = "") -> list[dict]:
    steps = [goto(f"{SITE}/submit"), type_in("#submission_title", title)]
    if url:
        steps.append(type_in("#submission_url", url))
    if body:
        steps.append(type_in("#submission_body", body))
    return steps + [type_in("#submission_forum", forum), click(SUBMIT_SEND)]


def message_steps(user: str, title: str, body: str) -> list[dict]:
    return [goto(f"{SITE}/user/{user}/compose_message"), type_in("#message_title", title),
            type_in("#message_body", body), click(MESSAGE_SEND)]


# ---- candidate pickers ----------------------------------------------------------------------------------------

def findable(s: Suite, *, top: int = 25, styles=None, forums=None, need_top_comment: bool = False,
             described: bool = False) -> list[Thread]:
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


# ---- templates with an input image -----------------------------------------------------------------------------

def img_open_post(s: Suite) -> None:
    template = ("I'm looking for the post with this picture; it was among the hot posts of f/{forum}. "
                "Open its comments section.")
    for t in s.fresh(findable(s, styles=("photo", "artwork", "space", "vintage")), 3):
        s.task(template, {"forum": t.post.forum}, image=s.post_picture(t),
              start_url=f"{SITE}/f/{t.post.forum}", eval_=post_url_eval(t),
              solution=[open_post(t), stop("")], difficulty=("easy", "medium", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


def img_upvote(s: Suite) -> None:
    template = "Find and upvote this post. I think it was posted in f/{forum}."
    cands = [t for t in findable(s, styles=("photo", "meme", "landscape", "skyline")) if t.id not in s.f.votes]
    for t in s.fresh(cands, 3):
        s.task(template, {"forum": t.post.forum}, image=s.post_picture(t),
              start_url=f"{SITE}/forums", require_reset=True,
              eval_=html_eval([target(t.url, VOTE_CLASS, exact_match=UPVOTED)]),
              solution=[open_post(t), click(UPVOTE), stop("")], difficulty=("easy", "medium", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


def img_top_comment(s: Suite) -> None:
    template = "Find this post in f/{forum} and tell me what its top comment says."
    cands = [t for t in findable(s, need_top_comment=True)]
    for t in s.fresh(cands, 2):
        top = s.f.top_comment(t)
        s.task(template, {"forum": t.post.forum}, image=s.post_picture(t),
              start_url=f"{SITE}/f/{t.post.forum}", eval_=answer_eval({"must_include": [top.body]}),
              solution=[open_post(t), stop(top.body, "the first comment of the thread")],
              difficulty=("medium", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def img_comment_count(s: Suite) -> None:
    template = "How many comments does the post with this picture have? It is one of the hot posts of f/{forum}."
    cands = [t for t in findable(s) if t.post.comment_count >= 2]
    for t in s.fresh(cands, 2):
        n = t.post.comment_count
        s.task(template, {"forum": t.post.forum}, image=s.post_picture(t),
              eval_=answer_eval({"required_values": [f"== {n}"]}),
              solution=[open_post(t), stop(str(n), "the post's comment count")],
              difficulty=("medium", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def fresh_picture(style: str, n: int):
    """A picture of `style` drawn for a task (not on the site), with its facts."""
    from sites.imagery.forum_pictures import ForumPicture

    pictures = {
        "chart": ForumPicture("chart", title="Cups of tea per week", labels=("Mon", "Tue", "Wed", "Thu"),
                              values=(3, 7, 5, 2)),
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
        s.task(template, {}, image=image, require_reset=True,
              eval_=html_eval([target(SITE, query_text(".sidebar"), must_include=[forum])]),
              solution=[goto(f"{SITE}/f/{forum}"), click(SUBSCRIBE), stop("")],
              difficulty=("medium", "medium", "medium"),
              comments=f"pictures of this kind ({style}) are posted in f/{forum}")


POST_TITLES = ("Found this one on an old hard drive", "Sharing something I made last week")


def img_post(s: Suite) -> None:
    template = ("Post the picture open in the second tab to the forum where it fits best, with the title "
                "\"{title}\", and stay on the page of the new post.")
    styles = ["chart", "space"]
    for n, style in enumerate(styles):
        forum, title = STYLE_FORUM[style], POST_TITLES[n]
        ref = s.picture_file(render_fresh(style, 10 + n))
        link = f"{HOME}/{ref}"
        ev = with_images(html_eval([target("last", query_text(".submission__link"), exact_match=title),
                                    target("last", query_text(".submission__info"),
                                           must_include=[USER, f"f/{forum}"])]),
                         [ssim_check("last", ".submission__image", ref)])
        s.task(template, {"title": title}, image=ref, start_url=f"{SITE} |AND| {link}", require_reset=True,
              eval_=ev, solution=submit_steps(forum, title, url=link) + [stop("")],
              difficulty=("medium", "medium", "medium"),
              comments=f"the picture ({style}) belongs in f/{forum}; scored by SSIM against the input image")


MESSAGES = ("Hi! Could I use your picture as my desktop background?", "Great shot. Mind if I share it with a friend?",
            "Where did you take this? It looks familiar.")


def img_message_author(s: Suite) -> None:
    template = "Send the person who posted this picture in f/{forum} a message saying \"{message}\"."
    cands = [t for t in findable(s) if t.post.author not in s.f.correspondents and t.post.author != USER]
    for n, t in enumerate(s.fresh(cands, 2)):
        message = MESSAGES[n]
        s.task(template, {"forum": t.post.forum, "message": message},
              image=s.post_picture(t), require_reset=True,
              eval_=html_eval([target(f"{SITE}/messages", query_text(".table"),
                                      must_include=[t.post.author, message])]),
              solution=[open_post(t)] + message_steps(t.post.author, "About your picture", message) + [stop("")],
              difficulty=("medium", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def img_block_author(s: Suite) -> None:
    template = "I don't want to see anything more from whoever posted this picture in f/{forum}. Block them."
    cands = [t for t in findable(s) if t.post.author not in s.f.blocked and t.post.author != USER]
    for t in s.fresh(cands, 2):
        s.task(template, {"forum": t.post.forum}, image=s.post_picture(t), require_reset=True,
              eval_=html_eval([target(f"{SITE}/user/{USER}/block_list", query_text(".site-content"),
                                      must_include=[t.post.author])]),
              solution=[open_post(t), goto(f"{SITE}/user/{t.post.author}/block_user"), click(BLOCK_SEND), stop("")],
              difficulty=("easy", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def img_author_page(s: Suite) -> None:
    template = "Who posted this picture in f/{forum}? Open their profile page."
    for t in s.fresh(findable(s), 1):
        s.task(template, {"forum": t.post.forum}, image=s.post_picture(t),
              eval_=url_eval(f"{SITE}/user/{t.post.author}"),
              solution=[open_post(t), goto(f"{SITE}/user/{t.post.author}"), stop("")],
              difficulty=("easy", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def img_unachievable(s: Suite) -> None:
    template = "Find this post in f/{forum} and tell me what its top comment says."
    from sites.imagery.forum_pictures import ForumPicture, render_picture

    plans = [("aww", "photo"), ("food", "photo")]
    for n, (forum, style) in enumerate(plans):
        threads = s.f.image_threads(forum=forum)
        present = {(t.facts.get("kind"), t.facts.get("count")) for t in threads}
        kinds = sorted({t.facts.get("kind") for t in threads if t.facts.get("kind")})
        missing = next((k, c) for c in (4, 3, 2) for k in kinds if (k, c) not in present)
        pic = ForumPicture("photo", kind=missing[0], count=missing[1])
        image = s.picture_file(render_picture(pic, INPUT_SIZE, seed=7100 + n))
        note = f"No post in f/{forum} shows {number_phrase(missing[1], missing[0])}."
        s.task(template, {"forum": forum}, image=image, start_url=f"{SITE}/f/{forum}",
              eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
              solution=[stop("N/A", "no picture in the forum matches")],
              difficulty=("medium", "hard", "hard"), comments="unachievable: " + note)


# ---- visual questions on a post page -------------------------------------------------------------------------

def on_post(s: Suite, style: str, pred, top: int = 200) -> list[Thread]:
    """Image posts of `style` satisfying `pred(facts)` whose text does not say what the picture shows."""
    return [t for t in s.f.image_threads(style=style, top=top)
            if pred(t.facts) and clean_of([t], visual_terms(t.facts))]


def color_here(s: Suite) -> None:
    template = "What colour is the {kind} in the picture of this post? Answer with one colour word."
    cands = on_post(s, "photo", lambda f: f.get("color") and f.get("count") == 1)
    for t in s.fresh(cands, 3):
        color = t.facts["color"]
        s.task(template, {"kind": t.facts["kind"]}, start_url=t.url, eval_=answer_eval({"exact_match": color}),
              solution=[stop(color)], difficulty=("easy", "easy", "easy"), grounding=[t], terms=visual_terms(t.facts))


def count_here(s: Suite) -> None:
    template = "How many {kinds} can you see in the picture of this post?"
    cands = on_post(s, "photo", lambda f: f.get("count", 1) >= 2)
    for t in s.fresh(cands, 3):
        n = t.facts["count"]
        s.task(template, {"kinds": plural(t.facts["kind"])}, start_url=t.url,
              eval_=answer_eval({"required_values": [f"== {n}"]}), solution=[stop(str(n))],
              difficulty=("easy", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def meme_caption_here(s: Suite) -> None:
    template = "What does the {where} caption of the meme in this post say?"
    cands = on_post(s, "meme", lambda f: f.get("top_text") and f.get("bottom_text"))
    for n, t in enumerate(s.fresh(cands, 3)):
        where = ("top", "bottom")[n % 2]
        caption = t.facts[f"{where}_text"]
        s.task(template, {"where": where}, start_url=t.url, eval_=answer_eval({"exact_match": caption}),
              solution=[stop(caption)], difficulty=("easy", "medium", "easy"), grounding=[t],
              terms=visual_terms(t.facts))


def chart_highest_here(s: Suite) -> None:
    template = "Which bar of the chart in this post is the highest? Answer with its label."
    cands = on_post(s, "chart", lambda f: True)
    for t in s.fresh(cands, 3):
        label = t.facts["highest"]
        others = [x for x in t.facts["labels"] if x != label]
        s.task(template, {}, start_url=t.url, eval_=answer_eval({"must_include": [label], "must_exclude": others}),
              solution=[stop(label)], difficulty=("easy", "medium", "medium"), grounding=[t],
              terms=visual_terms(t.facts))


def chart_value_here(s: Suite) -> None:
    template = "According to the chart in this post, what is the value for {label}?"
    cands = on_post(s, "chart", lambda f: True)
    for t in s.fresh(cands, 2):
        i = s.rng.randrange(len(t.facts["labels"]))
        label, value = t.facts["labels"][i], t.facts["values"][i]
        s.task(template, {"label": label}, start_url=t.url, eval_=answer_eval({"required_values": [f"== {value}"]}),
              solution=[stop(str(value))], difficulty=("easy", "medium", "medium"), grounding=[t],
              terms=visual_terms(t.facts) + [str(value)])


def stock_trend_here(s: Suite) -> None:
    template = ("Did the price in the chart of this post end higher or lower than where it started? "
                "Answer higher or lower.")
    picked = [t for trend in ("up", "down") for t in s.fresh(on_post(s, "stock", lambda f: f["trend"] == trend), 1)]
    for t in picked:
        answer = "higher" if t.facts["trend"] == "up" else "lower"
        s.task(template, {}, start_url=t.url, eval_=answer_eval({"exact_match": answer}), solution=[stop(answer)],
              difficulty=("easy", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts) + [answer])


# ---- comments and replies in a given format -------------------------------------------------------------------

def comment_count_format(s: Suite) -> None:
    template = ("How many {kinds} are in the picture of this post? Leave a comment with the format "
                "\"I count <number> {kinds}\", replacing <number> with the count in digits.")
    cands = on_post(s, "photo", lambda f: f.get("count", 1) >= 2)
    for t in s.fresh(cands, 3):
        kinds = plural(t.facts["kind"])
        text = f"I count {t.facts['count']} {kinds}"
        s.task(template, {"kinds": kinds}, start_url=t.url, require_reset=True,
              eval_=html_eval([target(t.url, latest_comment(), exact_match=text),
                               target(t.url, f"func:reddit_get_latest_comment_obj_by_username(__page__, '{USER}')",
                                      must_include=[f'"content": "{text}"'])]),
              solution=comment_steps(text) + [stop("")],
              difficulty=("medium", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def reply_format(s: Suite) -> None:
    template = ("What colour is the {kind} in the picture? Reply to the comment by {user} with the format "
                "\"It is <colour>!\", replacing <colour> with the colour.")
    cands = []
    for t in on_post(s, "photo", lambda f: f.get("color") and f.get("count") == 1):
        authors = [c.author for c in t.comments]
        top_level = [c for c in t.comments if c.parent_id is None and authors.count(c.author) == 1
                     and c.author != USER]
        if top_level:
            cands.append((t, top_level[0]))
    for t, c in s.fresh(cands, 3):
        text = f"It is {t.facts['color']}!"
        s.task(template, {"kind": t.facts["kind"], "user": c.author}, start_url=t.url, require_reset=True,
              eval_=html_eval([target(t.url, parent_of_latest(), exact_match=c.author),
                               target(t.url, latest_comment(), exact_match=text),
                               target(t.url, "func:reddit_get_parent_comment_obj_of_latest_comment_by_username("
                                             f"__page__, '{USER}')", must_include=[f'"username": "{c.author}"'])]),
              solution=reply_steps(c, text) + [stop("")], difficulty=("medium", "easy", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


def comment_on_visual(s: Suite) -> None:
    template = "Comment \"{text}\" on the post in f/{forum} whose picture shows {what}."
    texts = ("This one made my day.", "Saving this for later!", "How long did this take you?")
    cands = findable(s, described=True, top=25, styles=("photo", "artwork", "space"))
    for n, t in enumerate(s.fresh(cands, 3)):
        text = texts[n]
        s.task(template, {"text": text, "forum": t.post.forum, "what": describe(t.facts)},
               start_url=f"{SITE}/f/{t.post.forum}",
              require_reset=True,
               eval_=html_eval([target(t.url, query_text("#main"), must_include=[USER, text]),
                                target(t.url, "func:reddit_get_post_comment_tree(__page__)", must_include=[text])]),
              solution=[open_post(t)] + comment_steps(text) + [stop("")], difficulty=("medium", "medium", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


def message_top_commenter(s: Suite) -> None:
    template = "Send the author of the top comment on this post a message saying \"{message}\"."
    texts = ("Your comment made me laugh, thanks!", "I agree with your comment completely.",
             "Thanks for the helpful comment.")
    cands = []
    for t in s.f.threads.values():
        c = s.f.top_comment(t)
        if c and c.author not in s.f.correspondents and c.author != USER:
            cands.append((t, c))
    for n, (t, c) in enumerate(s.fresh(cands, 3)):
        message = texts[n]
        s.task(template, {"message": message}, start_url=t.url, require_reset=True,
              eval_=html_eval([target(f"{SITE}/messages", query_text(".table"), must_include=[c.author, message])]),
              solution=message_steps(c.author, "Your comment", message) + [stop("")],
              difficulty=("easy", "easy", "easy"))


# ---- votes -----------------------------------------------------------------------------------------------------

def upvote_all_on_page(s: Suite) -> None:
    template = "Upvote every post on this page whose picture shows {what}."
    cands = []
    for forum in ("aww", "food", "mildlyinteresting", "photoshopbattles"):
        page = s.f.hot_page(forum)
        kinds = sorted({t.facts["kind"] for t in page if t.facts.get("style") == "photo"})
        for kind in kinds:
            hits = [t for t in page if t.facts.get("kind") == kind]
            if 2 <= len(hits) <= 4 and all(t.id not in s.f.votes for t in page) \
                    and clean_of(page, [kind, plural(kind)]):
                cands.append((hits[0], kind, hits, page))
    for first, kind, hits, page in s.fresh(cands, 3):
        for t in hits:
            s.used.add(t.id)
        misses = [t for t in page if t not in hits][:3]
        targets = [target(t.url, VOTE_CLASS, exact_match=UPVOTED) for t in hits]
        targets += [target(t.url, VOTE_CLASS, exact_match=NO_VOTE) for t in misses]
        steps = [step for t in hits for step in (open_post(t, f"a {kind} in the picture"), click(UPVOTE))]
        s.task(template, {"what": a_kind(kind)}, start_url=f"{SITE}/f/{first.post.forum}",
              require_reset=True, eval_=html_eval(targets), solution=steps + [stop("")],
              difficulty=("hard", "medium", "hard"), grounding=page, terms=[kind, plural(kind)])


def downvote_visual(s: Suite) -> None:
    template = "Downvote the post in f/{forum} whose picture shows {what}."
    cands = [t for t in findable(s, described=True, styles=("photo", "vintage", "artwork")) if t.id not in s.f.votes]
    for t in s.fresh(cands, 3):
        s.task(template, {"forum": t.post.forum, "what": describe(t.facts)}, start_url=f"{SITE}/f/{t.post.forum}",
              require_reset=True, eval_=html_eval([target(t.url, VOTE_CLASS, exact_match=DOWNVOTED)]),
              solution=[open_post(t), click(DOWNVOTE), stop("")], difficulty=("easy", "medium", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


# ---- posts and subscriptions ---------------------------------------------------------------------------------

def repost_picture(s: Suite) -> None:
    template = ("Find the post in f/{forum} whose picture shows {what}, and share the same picture in f/{forum2} "
                "with the title \"{title}\". Stay on the new post's page.")
    plans = (("Art", "mildlyinteresting", "Saw this in another forum and had to share"),
             ("space", "technology", "Which telescope takes a picture like this?"))
    for forum, forum2, title in plans:
        cands = findable(s, described=True, forums=(forum,))
        for t in s.fresh(cands, 1):
            picture = f"{SITE}{t.post.image.url_path}"
            ev = with_images(html_eval([target("last", query_text(".submission__link"), exact_match=title),
                                        target("last", query_text(".submission__info"),
                                               must_include=[USER, f"f/{forum2}"])]),
                             [ssim_check("last", ".submission__image", picture)])
            s.task(template, {"forum": forum, "what": describe(t.facts), "forum2": forum2, "title": title},
                  require_reset=True, eval_=ev,
                  solution=[open_post(t)] + submit_steps(forum2, title, url=picture) + [stop("")],
                  difficulty=("hard", "medium", "hard"), grounding=[t], terms=visual_terms(t.facts))


def text_post(s: Suite) -> None:
    template = "Ask in f/{forum}: post the question \"{title}\" with the text \"{body}\"."
    plans = (("pittsburgh", "Where can I get a bike fixed near Oakland?", "Flat tire and a bent wheel. Thanks!"),
             ("books", "Any novels set on a lighthouse?", "I just finished one and want more."),
             ("MechanicalKeyboards", "Quietest switches for a shared office?", "My coworkers are not amused."))
    for forum, title, body in plans:
        ev = html_eval([target("last", query_text(".submission__link"), exact_match=title),
                        target("last", query_text(".submission__body", lowercase=True), must_include=[body.lower()]),
                        target("func:reddit_get_post_url('__last_url__')", query_text(".submission__link"),
                               exact_match=title),
                        target("last", query_text(".submission__info"), must_include=[USER, f"f/{forum}"])])
        s.task(template, {"forum": forum, "title": title, "body": body}, require_reset=True, eval_=ev,
              solution=submit_steps(forum, title, body=body) + [stop("")], difficulty=("easy", "easy", "easy"))


def subscribe_described(s: Suite) -> None:
    template = "Subscribe to the forum for {what}."
    plans = (("people who collect game consoles", "consoles"), ("news from Pittsburgh", "pittsburgh"),
             ("keyboards, switches and keycaps", "MechanicalKeyboards"))
    for what, forum in plans:
        if forum in s.f.subscriptions:
            continue
        s.task(template, {"what": what}, require_reset=True,
              eval_=html_eval([target(f"{SITE}/f/{forum}", query_text("#sidebar"), must_include=["Unsubscribe"])]),
              solution=[goto(f"{SITE}/f/{forum}"), click(SUBSCRIBE), stop("")], difficulty=("easy", "easy", "easy"))


# ---- navigation and reading -----------------------------------------------------------------------------------

def nav_top_period(s: Suite) -> None:
    template = "Show me the top posts of the past {period} in f/{forum}."
    for period, forum in (("week", "gaming"), ("month", "space"), ("year", "movies")):
        url = f"{SITE}/f/{forum}/top?t={period}"
        s.task(template, {"period": period, "forum": forum}, eval_=url_eval(url),
              solution=[goto(url), stop("")], difficulty=("easy", "easy", "easy"))


def nav_city_sort(s: Suite) -> None:
    template = "Take me to the {sort} posts in the forum for {city}."
    for sort, path, forum in (("newest", "new", "pittsburgh"), ("most commented", "most_commented", "Washington")):
        url = f"{SITE}/f/{forum}/{path}"
        city = s.f.forums[forum].title
        s.task(template, {"sort": sort, "city": city}, eval_=url_eval(url), solution=[goto(url), stop("")],
              difficulty=("easy", "easy", "easy"))


def author_of_visual(s: Suite) -> None:
    template = "Who posted the picture of {what} in f/{forum}? Answer with the username."
    cands = findable(s, described=True, styles=("photo", "vintage", "space", "artwork", "skyline"))
    for t in s.fresh(cands, 3):
        s.task(template, {"what": describe(t.facts), "forum": t.post.forum}, start_url=f"{SITE}/f/{t.post.forum}",
              eval_=answer_eval({"must_include": [t.post.author]}),
              solution=[open_post(t), stop(t.post.author)], difficulty=("medium", "medium", "hard"),
              grounding=[t], terms=visual_terms(t.facts))


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
    for first, kind, n, page in s.fresh(cands, 3):
        s.task(template, {"what": a_kind(kind)}, start_url=f"{SITE}/f/{first.post.forum}",
              eval_=answer_eval({"required_values": [f"== {n}"]}), solution=[stop(str(n))],
              difficulty=("hard", "medium", "hard"), grounding=page, terms=[kind, plural(kind)])


def unachievable_text(s: Suite) -> None:
    template = "Take me to the forum for {city}."
    for city in ("Hartford", "Albany"):
        note = f"There is no forum for {city}."
        s.task(template, {"city": city}, eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
              solution=[goto(f"{SITE}/forums/all"), stop("N/A")], difficulty=("easy", "easy", "easy"),
              comments="unachievable: " + note)


TEMPLATES = [img_open_post, img_upvote, img_top_comment, img_comment_count, img_subscribe, img_post,
             img_message_author, img_block_author, img_author_page, img_unachievable,
             color_here, count_here, meme_caption_here, chart_highest_here, chart_value_here, stock_trend_here,
             comment_count_format, reply_format, comment_on_visual, message_top_commenter,
             upvote_all_on_page, downvote_visual, repost_picture, text_post, subscribe_described,
             nav_top_period, nav_city_sort, author_of_visual, count_on_page, unachievable_text]


# ---- the site module's interface (tasks/build/__init__.py) ---------------------------------------------------

MIN_TASKS, MIN_TEMPLATES, MIN_STATE_CHANGING = 70, 25, 15


def open_pristine(conf=None, generate: bool = True):
    """The pristine forum database of `conf` (generated when missing; the forum's store always does)."""
    from sites.reddit.data import open_pristine as forum_pristine

    return forum_pristine(conf or suite_settings())


def build(data, seed: int) -> Suite:
    suite = Suite(Forum(data), seed)
    for make in TEMPLATES:
        make(suite)
    return suite


def build_suite(conf=None) -> Suite:
    """The suite for the data set of `conf` (default: SUITE_SEED / SUITE_SCALE), generating the data if needed."""
    conf = conf or suite_settings()
    with open_pristine(conf) as data:
        return build(data, conf.seed)


def grounding_fields(data, post_id: int) -> dict[str, str]:
    """The text of a post the grounding lint searches: title, body and each comment."""
    post = data.post(post_id)
    fields = {"title": post.title, "body": post.body}
    for c in data.comments(post_id):
        fields[f"comment {c.id}"] = c.body
    return fields


def changes_state(step: dict) -> bool:
    """Whether a reference-solution step changes the forum (a vote, comment, reply, post, subscription,
    message or block)."""
    return step["do"] == "click" and any(css in step.get("css", "") for css in STATE_CLICKS)
