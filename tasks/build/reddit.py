"""Build the forum (reddit) task suite, tasks/reddit.json and tasks/images/reddit/, from the pristine forum
database of the default data set (SUITE_SEED, SUITE_SCALE).

    .venv/bin/python -m tasks.build reddit            # write the suite
    .venv/bin/python -m tasks.build reddit --check    # exit 1 if the committed files differ

Posts are picked from the pristine data by what their pictures show (`image.facts`, drawn by
sites.imagery.forum_pictures) with a fixed-seed random stream, so the same data gives byte-identical output.
Each task records under `grounding` the posts it looks at and the visual words that must not be written in
their title, body or comments (the grounding lint, tests/tasks/test_grounding.py).
"""
from __future__ import annotations

import io
import random
from collections import defaultdict
from dataclasses import dataclass

from tasks.build_classifieds import mentions

SITE = "__REDDIT__"
HOME = "__HOMEPAGE__"
USER = "MarvelsGrantMan136"
PICK_SEED = 11
NUMBER_WORDS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine"}
UPVOTED, DOWNVOTED, NO_VOTE = "vote vote--user-upvoted", "vote vote--user-downvoted", "vote"
VOTE_CLASS = "document.querySelectorAll('div.submission__vote')[0].querySelector('form').getAttribute('class')"
INPUT_SIZE = (512, 384)

# Where each kind of picture belongs (the forum whose image posts show such pictures).
STYLE_FORUM = {"chart": "dataisbeautiful", "landscape": "EarthPorn", "space": "space", "artwork": "Art",
               "vintage": "OldSchoolCool", "stock": "wallstreetbets"}


@dataclass(frozen=True)
class Thread:
    """A post with what the task generator needs: its comments' text and its place in the forum's hot list."""
    post: object            # sites.reddit.data.Post
    comments: tuple         # sites.reddit.data.Comment, oldest first
    hot_rank: int           # 0 = first in the forum's hot listing

    @property
    def id(self) -> int:
        return self.post.id

    @property
    def facts(self) -> dict:
        return self.post.image.facts if self.post.image else {}

    @property
    def url(self) -> str:
        return f"{SITE}/f/{self.post.forum}/{self.post.id}"

    def text(self) -> str:
        parts = [self.post.title, self.post.body] + [c.body for c in self.comments]
        return " ".join(parts)


# ---- words -------------------------------------------------------------------------------------------------

def plural(noun: str) -> str:
    if noun.endswith(("s", "sh", "ch", "x")):
        return noun + "es"
    if noun.endswith("y") and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def number_phrase(count: int, noun: str) -> str:
    return f"{NUMBER_WORDS.get(count, count)} {noun if count == 1 else plural(noun)}"


def describe(facts: dict) -> str:
    """What a picture shows, as a noun phrase a person would use ("two orange mugs", "a meme of a cat")."""
    style = facts.get("style")
    if style == "photo":
        noun = f"{facts['color']} {facts['kind']}" if facts.get("color") else facts["kind"]
        count = facts.get("count", 1)
        return f"{article(noun)} {noun}" if count == 1 else number_phrase(count, noun)
    if style == "meme":
        return f"a meme of {article(facts['kind'])} {facts['kind']}"
    if style == "vintage":
        return f"an old {facts['tone']} photo of {article(facts['kind'])} {facts['kind']}"
    if style == "chart":
        return f"a bar chart titled \"{facts['title']}\""
    if style == "stock":
        return f"a {facts['title']} price chart"
    if style == "space":
        rings = " ringed" if facts.get("rings") else ""
        return f"a {facts['color']}{rings} planet with {number_phrase(facts.get('count', 0), 'moon')}"
    if style == "artwork":
        return f"{number_phrase(facts.get('count', 1), facts['color'] + ' ' + facts['shape'][:-1])}"
    when = {"day": "by day", "sunset": "at sunset", "night": "at night"}.get(facts.get("time_of_day"), "")
    if style == "skyline":
        return f"a city skyline {when}"
    if style == "landscape":
        return f"a landscape {when}"
    raise ValueError(f"describe: unknown picture style {style!r}")


def visual_terms(facts: dict) -> list[str]:
    """Words that say what the picture shows; a post whose text holds one of them is not picked."""
    style = facts.get("style")
    terms: list[str] = []
    if facts.get("kind"):
        terms += [facts["kind"], plural(facts["kind"])]
    if facts.get("color"):
        terms.append(facts["color"])
    if style == "meme":
        terms += [facts[k] for k in ("top_text", "bottom_text") if facts.get(k)]
    if style == "vintage":
        terms.append(facts["tone"])
    if style == "chart":
        terms += [facts["title"], facts["highest"]]
    if style == "stock":
        terms.append(facts["title"])
    if style == "space":
        terms += ["rings", "ringed", "moons"]
    if style == "artwork":
        terms += [facts["shape"]]
    if style in ("skyline", "landscape"):
        terms.append(facts["time_of_day"])
    count = facts.get("count", 1)
    if style in ("photo", "artwork", "space") and count != 1:
        terms += [str(count), NUMBER_WORDS.get(count, str(count))]
    return list(dict.fromkeys(terms))


def look_key(facts: dict) -> tuple:
    """What tells two pictures apart at a glance (two posts with the same key look alike)."""
    keys = {"photo": ("kind", "color", "count"), "meme": ("kind", "top_text"), "vintage": ("kind", "tone"),
            "chart": ("title", "values"), "stock": ("title", "last"), "space": ("color", "count", "rings"),
            "artwork": ("color", "shape", "count"), "skyline": ("count", "time_of_day"),
            "landscape": ("count", "time_of_day", "snow", "water")}[facts["style"]]
    return (facts["style"],) + tuple(str(facts.get(k)) for k in keys)


# ---- the data, as the generator sees it ---------------------------------------------------------------------

class Forum:
    """The pristine forum data the templates pick from."""

    def __init__(self, data):
        self.data = data
        conn = data.conn
        self.forums = {f.name: f for f in data.forums()}
        comments = defaultdict(list)
        for c in self._all_comments():
            comments[c.post_id].append(c)
        self.hot: dict[str, list[int]] = defaultdict(list)
        for post_id, forum in conn.execute(
                "SELECT s.id, f.name FROM submission s JOIN forum f ON f.id = s.forum_id"
                " ORDER BY s.ranking DESC, s.id DESC"):
            self.hot[forum].append(post_id)
        rank = {pid: i for ids in self.hot.values() for i, pid in enumerate(ids)}
        posts = data.find_posts(limit=None)
        self.threads = {p.id: Thread(p, tuple(comments[p.id]), rank[p.id]) for p in posts}
        self.drawable = {p.id for p in posts if p.image is not None and _drawable(p.image)}
        self.subscriptions = set(data.subscriptions(USER))
        self.votes = data.votes(USER)
        self.blocked = {r[0] for r in conn.execute(
            "SELECT b.username FROM user_block x JOIN user a ON a.id = x.blocker_id JOIN user b ON b.id = x.blocked_id"
            " WHERE a.username = ?", (USER,))}
        self.correspondents = {name for t in data.threads(USER) for name in (t.sender, t.receiver)} - {USER}

    def _all_comments(self):
        from sites.reddit.data import Comment

        depth: dict[int, int] = {}
        for r in self.data.conn.execute(
                "SELECT c.id, c.submission_id, c.parent_id, u.username, c.body, c.created_at, c.net_score"
                " FROM comment c JOIN user u ON u.id = c.user_id ORDER BY c.id"):
            d = 1 if r[2] is None else depth.get(r[2], 1) + 1
            depth[r[0]] = d
            yield Comment(r[0], r[1], r[2], r[3], r[4], r[5], r[6], d)

    def hot_page(self, forum: str, page: int = 0, size: int = 25) -> list[Thread]:
        return [self.threads[i] for i in self.hot[forum][page * size:(page + 1) * size]]

    def image_threads(self, *, forum: str | None = None, style: str | None = None, top: int | None = None):
        """Image posts (in hot order within each forum), optionally of one forum/style, within the first `top`."""
        out = []
        for name in sorted(self.hot, key=str.lower) if forum is None else [forum]:
            ids = self.hot[name] if top is None else self.hot[name][:top]
            out += [self.threads[i] for i in ids if i in self.drawable
                    and (style is None or self.threads[i].facts["style"] == style)]
        return out

    def unique_look(self, thread: Thread, among: list[Thread]) -> bool:
        key = look_key(thread.facts)
        return sum(1 for t in among if t.post.image is not None and look_key(t.facts) == key) == 1

    def top_comment(self, thread: Thread):
        """The top-level comment the post page shows first (highest score, then oldest), if it is the only one
        with that score."""
        top = [c for c in thread.comments if c.parent_id is None]
        if not top:
            return None
        best = max(top, key=lambda c: (c.net_score, -c.id))
        return best if sum(c.net_score == best.net_score for c in top) == 1 else None


def _drawable(image) -> bool:
    from sites.imagery.forum_pictures import validate

    try:
        validate(image.picture())
        return True
    except ValueError:
        return False


def clean_of(threads, terms) -> bool:
    return all(not mentions(t.text(), term) for t in threads for term in terms)


# ---- the suite ---------------------------------------------------------------------------------------------

class Suite:
    """Collects tasks and input images; numbers tasks and templates in the order they are added."""

    def __init__(self, forum: Forum):
        self.f = forum
        self.rng = random.Random(PICK_SEED)
        self.tasks: list[dict] = []
        self.images: dict[str, bytes] = {}
        self.templates: dict[str, int] = {}
        self.used: set[int] = set()

    def fresh(self, candidates, n: int) -> list:
        """Up to n candidates (threads, or tuples whose first element is the thread) no other task uses, spread
        over the list by the fixed-seed stream."""
        def main(c):
            return c[0] if isinstance(c, tuple) else c
        pool = [c for c in candidates if main(c).id not in self.used]
        picked = self.rng.sample(pool, min(n, len(pool))) if pool else []
        picked.sort(key=lambda c: main(c).id)
        for c in picked:
            self.used.add(main(c).id)
        return picked

    def picture_file(self, name: str, image) -> str:
        buf = io.BytesIO()
        image.save(buf, "JPEG", quality=88, optimize=True)
        self.images[name] = buf.getvalue()
        return f"images/reddit/{name}"

    def post_picture(self, thread: Thread, name: str) -> str:
        """An input image of the post's picture: drawn again, cropped closer and scaled (not the same file)."""
        from sites.imagery.forum_pictures import render_picture

        img = render_picture(thread.post.image.picture(), (640, 480), thread.post.image.seed)
        img = img.resize(INPUT_SIZE, box=(40, 30, 600, 450))
        return self.picture_file(name, img)

    def add(self, template: str, args: dict, *, eval_: dict, solution: list[dict], difficulty: tuple[str, str, str],
            start_url: str = SITE, image=None, require_reset: bool = False, grounding: list[Thread] = (),
            terms: list[str] = (), comments: str = "") -> None:
        template_id = self.templates.setdefault(template, len(self.templates))
        reasoning, visual, overall = difficulty
        self.tasks.append({
            "sites": ["reddit"],
            "task_id": len(self.tasks),
            "require_login": True,
            "storage_state": "./.auth/reddit_state.json",
            "start_url": start_url,
            "geolocation": None,
            "intent_template": template,
            "intent": template.format(**args),
            "image": image,
            "instantiation_dict": args,
            "require_reset": require_reset,
            "eval": eval_,
            "reasoning_difficulty": reasoning,
            "visual_difficulty": visual,
            "overall_difficulty": overall,
            "comments": comments,
            "intent_template_id": template_id,
            "reference_solution": solution,
            "grounding": {"posts": [t.id for t in grounding], "visual_terms": list(terms)},
        })


def answer_eval(reference_answers: dict, string_note: str = "") -> dict:
    return {"eval_types": ["string_match"], "reference_answers": reference_answers, "reference_url": "",
            "program_html": [], "string_note": string_note}


def url_eval(url: str, note: str = "EXACT") -> dict:
    return {"eval_types": ["url_match"], "reference_answers": None, "reference_url": url, "program_html": [],
            "url_note": note}


def html_eval(targets: list[dict], images: list[dict] = ()) -> dict:
    ev = {"eval_types": ["program_html"], "reference_answers": None, "reference_url": "", "program_html": targets}
    if images:
        ev["eval_types"].append("page_image_query")
        ev["page_image_query"] = list(images)
    return ev


def target(url: str, locator: str, **required) -> dict:
    return {"url": url, "locator": locator, "required_contents": required}


def query_text(selector: str) -> str:
    return f"func:get_query_text(__page__, '{selector}')"


def latest_comment(user: str = USER) -> str:
    return f"func:reddit_get_latest_comment_content_by_username(__page__, '{user}')"


def parent_of_latest(user: str = USER) -> str:
    return f"func:reddit_get_parent_comment_username_of_latest_comment_by_username(__page__, '{user}')"


def ssim_check(url: str, selector: str, reference: str, threshold: float = 0.8) -> dict:
    return {"eval_image_url": url, "eval_image_class": selector, "eval_fuzzy_image_match": reference,
            "ssim_threshold": threshold}


# ---- reference-solution steps (selectors of sites/reddit's pages) -------------------------------------------

UI = {
    "upvote": "div.submission__vote button.vote__up",
    "downvote": "div.submission__vote button.vote__down",
    "comment_body": "form.comment-form textarea",
    "comment_submit": "form.comment-form button[type=submit]",
    "reply_body": "form.comment-form textarea",
    "reply_submit": "form.comment-form button[type=submit]",
    "submit_forum": "select[name='submission[forum]']",
    "submit_title": "input[name='submission[title]']",
    "submit_url": "input[name='submission[url]']",
    "submit_body": "textarea[name='submission[body]']",
    "submit_button": "form.submission-form button[type=submit]",
    "subscribe": "#sidebar form.subscribe-button button",
    "message_title": "input[name='message[title]']",
    "message_body": "textarea[name='message[body]']",
    "message_send": "form.message-form button[type=submit]",
    "block": "form.block-user button[type=submit]",
}


def stop(answer: str = "", note: str = "") -> dict:
    return {"do": "stop", "answer": answer, **({"note": note} if note else {})}


def goto(url: str, note: str = "") -> dict:
    return {"do": "goto", "url": url, **({"note": note} if note else {})}


def click(name: str, note: str = "") -> dict:
    return {"do": "click", "css": UI[name], **({"note": note} if note else {})}


def type_in(name: str, value: str) -> dict:
    return {"do": "type", "css": UI[name], "value": value, "enter": False}


def open_post(t: Thread, note: str = "its picture matches") -> dict:
    return goto(t.url, note)


def comment_steps(t: Thread, text: str) -> list[dict]:
    return [open_post(t), type_in("comment_body", text), click("comment_submit")]


def reply_steps(t: Thread, comment, text: str) -> list[dict]:
    return [goto(f"{SITE}/f/{t.post.forum}/{t.id}/-/comment/{comment.id}", "the comment's permalink"),
            type_in("reply_body", text), click("reply_submit")]


def submit_steps(forum: str, title: str, *, url: str = "", body: str = "") -> list[dict]:
    steps = [goto(f"{SITE}/submit"), type_in("submit_title", title)]
    if url:
        steps.append(type_in("submit_url", url))
    if body:
        steps.append(type_in("submit_body", body))
    return steps + [type_in("submit_forum", forum), click("submit_button")]


def message_steps(user: str, title: str, body: str) -> list[dict]:
    return [goto(f"{SITE}/user/{user}/compose_message"), type_in("message_title", title),
            type_in("message_body", body), click("message_send")]


# ---- candidate pickers ----------------------------------------------------------------------------------------

def findable(s: Suite, *, top: int = 25, styles=None, forums=None, need_top_comment: bool = False) -> list[Thread]:
    """Image posts among the first `top` hot posts of their forum whose picture no other post there shares and
    whose text does not give the picture away."""
    out = []
    for name in sorted(s.f.hot, key=str.lower):
        if forums is not None and name not in forums:
            continue
        page = s.f.hot_page(name, 0, top)
        for t in page:
            if t.id not in s.f.drawable or (styles and t.facts["style"] not in styles):
                continue
            if not s.f.unique_look(t, page) or not clean_of([t], visual_terms(t.facts)):
                continue
            if need_top_comment and s.f.top_comment(t) is None:
                continue
            out.append(t)
    return out


def post_url_eval(t: Thread) -> dict:
    return url_eval(f"{t.url} |OR| {SITE}{t.post.url_path}")


# ---- templates with an input image -----------------------------------------------------------------------------

def img_open_post(s: Suite) -> None:
    template = ("I'm looking for the post with this picture; it was among the hot posts of f/{forum}. "
                "Open its comments section.")
    for t in s.fresh(findable(s, styles=("photo", "artwork", "space", "vintage")), 3):
        s.add(template, {"forum": t.post.forum}, image=s.post_picture(t, f"open-{t.id}.jpg"),
              start_url=f"{SITE}/f/{t.post.forum}", eval_=post_url_eval(t),
              solution=[open_post(t), stop()], difficulty=("easy", "medium", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


def img_upvote(s: Suite) -> None:
    template = "Find and upvote this post. I think it was posted in f/{forum}."
    cands = [t for t in findable(s, styles=("photo", "meme", "landscape", "skyline")) if t.id not in s.f.votes]
    for t in s.fresh(cands, 3):
        s.add(template, {"forum": t.post.forum}, image=s.post_picture(t, f"upvote-{t.id}.jpg"),
              start_url=f"{SITE}/forums", require_reset=True,
              eval_=html_eval([target(t.url, VOTE_CLASS, exact_match=UPVOTED)]),
              solution=[open_post(t), click("upvote"), stop()], difficulty=("easy", "medium", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


def img_top_comment(s: Suite) -> None:
    template = "Find this post in f/{forum} and tell me what its top comment says."
    cands = [t for t in findable(s, need_top_comment=True)]
    for t in s.fresh(cands, 2):
        top = s.f.top_comment(t)
        s.add(template, {"forum": t.post.forum}, image=s.post_picture(t, f"topcomment-{t.id}.jpg"),
              start_url=f"{SITE}/f/{t.post.forum}", eval_=answer_eval({"must_include": [top.body]}),
              solution=[open_post(t), stop(top.body, "the first comment of the thread")],
              difficulty=("medium", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def img_comment_count(s: Suite) -> None:
    template = "How many comments does the post with this picture have? It is one of the hot posts of f/{forum}."
    cands = [t for t in findable(s) if t.post.comment_count >= 2]
    for t in s.fresh(cands, 2):
        n = t.post.comment_count
        s.add(template, {"forum": t.post.forum}, image=s.post_picture(t, f"count-{t.id}.jpg"),
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
        image = s.picture_file(f"subscribe-{style}.jpg", render_fresh(style, n).resize(INPUT_SIZE))
        s.add(template, {}, image=image, require_reset=True,
              eval_=html_eval([target(SITE, query_text(".sidebar"), must_include=[forum])]),
              solution=[goto(f"{SITE}/f/{forum}"), click("subscribe"), stop()],
              difficulty=("medium", "medium", "medium"),
              comments=f"pictures of this kind ({style}) are posted in f/{forum}")


POST_TITLES = ("Found this one on an old hard drive", "Sharing something I made last week")


def img_post(s: Suite) -> None:
    template = ("Post the picture open in the second tab to the forum where it fits best, with the title "
                "\"{title}\", and stay on the page of the new post.")
    styles = ["chart", "space"]
    for n, style in enumerate(styles):
        forum, title = STYLE_FORUM[style], POST_TITLES[n]
        name = f"post-{style}.jpg"
        ref = s.picture_file(name, render_fresh(style, 10 + n))
        link = f"{HOME}/{ref}"
        ev = html_eval([target("last", query_text(".submission__title"), exact_match=title),
                        target("last", query_text(".submission__info"), must_include=[USER, forum])],
                       [ssim_check("last", ".submission__image", ref)])
        s.add(template, {"title": title}, image=ref, start_url=f"{SITE} |AND| {link}", require_reset=True,
              eval_=ev, solution=submit_steps(forum, title, url=link) + [stop()],
              difficulty=("medium", "medium", "medium"),
              comments=f"the picture ({style}) belongs in f/{forum}; scored by SSIM against the input image")


MESSAGES = ("Hi! Could I use your picture as my desktop background?", "Great shot. Mind if I share it with a friend?",
            "Where did you take this? It looks familiar.")


def img_message_author(s: Suite) -> None:
    template = "Send the person who posted this picture in f/{forum} a message saying \"{message}\"."
    cands = [t for t in findable(s) if t.post.author not in s.f.correspondents and t.post.author != USER]
    for n, t in enumerate(s.fresh(cands, 2)):
        message = MESSAGES[n]
        s.add(template, {"forum": t.post.forum, "message": message},
              image=s.post_picture(t, f"message-{t.id}.jpg"), require_reset=True,
              eval_=html_eval([target(f"{SITE}/messages", query_text(".table"),
                                      must_include=[t.post.author, message])]),
              solution=[open_post(t)] + message_steps(t.post.author, "About your picture", message) + [stop()],
              difficulty=("medium", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def img_block_author(s: Suite) -> None:
    template = "I don't want to see anything more from whoever posted this picture in f/{forum}. Block them."
    cands = [t for t in findable(s) if t.post.author not in s.f.blocked and t.post.author != USER]
    for t in s.fresh(cands, 2):
        s.add(template, {"forum": t.post.forum}, image=s.post_picture(t, f"block-{t.id}.jpg"), require_reset=True,
              eval_=html_eval([target(f"{SITE}/user/{USER}/block_list", query_text(".site-content"),
                                      must_include=[t.post.author])]),
              solution=[open_post(t), goto(f"{SITE}/user/{t.post.author}/block_user"), click("block"), stop()],
              difficulty=("easy", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def img_author_page(s: Suite) -> None:
    template = "Who posted this picture in f/{forum}? Open their profile page."
    for t in s.fresh(findable(s), 1):
        s.add(template, {"forum": t.post.forum}, image=s.post_picture(t, f"author-{t.id}.jpg"),
              eval_=url_eval(f"{SITE}/user/{t.post.author}"),
              solution=[open_post(t), goto(f"{SITE}/user/{t.post.author}"), stop()],
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
        image = s.picture_file(f"missing-{forum}.jpg", render_picture(pic, INPUT_SIZE, seed=7100 + n))
        note = f"No post in f/{forum} shows {number_phrase(missing[1], missing[0])}."
        s.add(template, {"forum": forum}, image=image, start_url=f"{SITE}/f/{forum}",
              eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
              solution=[stop("N/A", "no picture in the forum matches")],
              difficulty=("medium", "hard", "hard"), comments="unachievable: " + note)


# ---- visual questions on a post page -------------------------------------------------------------------------

def on_post(s: Suite, style: str, pred, top: int = 200) -> list[Thread]:
    """Image posts of `style` satisfying `pred(facts)` whose text does not say what the picture shows."""
    return [t for t in s.f.image_threads(style=style, top=top) if pred(t.facts) and clean_of([t], visual_terms(t.facts))]


def color_here(s: Suite) -> None:
    template = "What colour is the {kind} in the picture of this post? Answer with one colour word."
    cands = on_post(s, "photo", lambda f: f.get("color") and f.get("count") == 1)
    for t in s.fresh(cands, 3):
        color = t.facts["color"]
        s.add(template, {"kind": t.facts["kind"]}, start_url=t.url, eval_=answer_eval({"exact_match": color}),
              solution=[stop(color)], difficulty=("easy", "easy", "easy"), grounding=[t], terms=visual_terms(t.facts))


def count_here(s: Suite) -> None:
    template = "How many {kinds} can you see in the picture of this post?"
    cands = on_post(s, "photo", lambda f: f.get("count", 1) >= 2)
    for t in s.fresh(cands, 3):
        n = t.facts["count"]
        s.add(template, {"kinds": plural(t.facts["kind"])}, start_url=t.url,
              eval_=answer_eval({"required_values": [f"== {n}"]}), solution=[stop(str(n))],
              difficulty=("easy", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts))


def meme_caption_here(s: Suite) -> None:
    template = "What does the {where} caption of the meme in this post say?"
    cands = on_post(s, "meme", lambda f: f.get("top_text") and f.get("bottom_text"))
    for n, t in enumerate(s.fresh(cands, 3)):
        where = ("top", "bottom")[n % 2]
        caption = t.facts[f"{where}_text"]
        s.add(template, {"where": where}, start_url=t.url, eval_=answer_eval({"exact_match": caption}),
              solution=[stop(caption)], difficulty=("easy", "medium", "easy"), grounding=[t],
              terms=visual_terms(t.facts))


def chart_highest_here(s: Suite) -> None:
    template = "Which bar of the chart in this post is the highest? Answer with its label."
    cands = on_post(s, "chart", lambda f: True)
    for t in s.fresh(cands, 3):
        label = t.facts["highest"]
        others = [x for x in t.facts["labels"] if x != label]
        s.add(template, {}, start_url=t.url, eval_=answer_eval({"must_include": [label], "must_exclude": others}),
              solution=[stop(label)], difficulty=("easy", "medium", "medium"), grounding=[t],
              terms=visual_terms(t.facts))


def chart_value_here(s: Suite) -> None:
    template = "According to the chart in this post, what is the value for {label}?"
    cands = on_post(s, "chart", lambda f: True)
    for t in s.fresh(cands, 2):
        i = s.rng.randrange(len(t.facts["labels"]))
        label, value = t.facts["labels"][i], t.facts["values"][i]
        s.add(template, {"label": label}, start_url=t.url, eval_=answer_eval({"required_values": [f"== {value}"]}),
              solution=[stop(str(value))], difficulty=("easy", "medium", "medium"), grounding=[t],
              terms=visual_terms(t.facts) + [str(value)])


def stock_trend_here(s: Suite) -> None:
    template = "Did the price in the chart of this post end higher or lower than where it started? Answer higher or lower."
    cands = on_post(s, "stock", lambda f: True)
    for t in s.fresh(cands, 2):
        answer = "higher" if t.facts["trend"] == "up" else "lower"
        s.add(template, {}, start_url=t.url, eval_=answer_eval({"exact_match": answer}), solution=[stop(answer)],
              difficulty=("easy", "medium", "medium"), grounding=[t], terms=visual_terms(t.facts) + [answer])


# ---- comments and replies in a given format -------------------------------------------------------------------

def comment_count_format(s: Suite) -> None:
    template = ("How many {kinds} are in the picture of this post? Leave a comment with the format "
                "\"I count <number> {kinds}\", replacing <number> with the count in digits.")
    cands = on_post(s, "photo", lambda f: f.get("count", 1) >= 2)
    for t in s.fresh(cands, 3):
        kinds = plural(t.facts["kind"])
        text = f"I count {t.facts['count']} {kinds}"
        s.add(template, {"kinds": kinds}, start_url=t.url, require_reset=True,
              eval_=html_eval([target(t.url, latest_comment(), exact_match=text)]),
              solution=[type_in("comment_body", text), click("comment_submit"), stop()],
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
        s.add(template, {"kind": t.facts["kind"], "user": c.author}, start_url=t.url, require_reset=True,
              eval_=html_eval([target(t.url, parent_of_latest(), exact_match=c.author),
                               target(t.url, latest_comment(), exact_match=text)]),
              solution=reply_steps(t, c, text) + [stop()], difficulty=("medium", "easy", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


def comment_on_visual(s: Suite) -> None:
    template = "Comment \"{text}\" on the post in f/{forum} whose picture shows {what}."
    texts = ("This one made my day.", "Saving this for later!", "How long did this take you?")
    cands = findable(s, top=25, styles=("photo", "artwork", "space"))
    for n, t in enumerate(s.fresh(cands, 3)):
        text = texts[n]
        s.add(template, {"text": text, "forum": t.post.forum, "what": describe(t.facts)}, start_url=f"{SITE}/f/{t.post.forum}",
              require_reset=True, eval_=html_eval([target(t.url, query_text("#main"), must_include=[USER, text])]),
              solution=comment_steps(t, text) + [stop()], difficulty=("medium", "medium", "medium"),
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
        s.add(template, {"message": message}, start_url=t.url, require_reset=True,
              eval_=html_eval([target(f"{SITE}/messages", query_text(".table"), must_include=[c.author, message])]),
              solution=message_steps(c.author, "Your comment", message) + [stop()],
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
            if 2 <= len(hits) <= 4 and all(t.id not in s.f.votes for t in page) and clean_of(page, [kind, plural(kind)]):
                cands.append((hits[0], kind, hits, page))
    for first, kind, hits, page in s.fresh(cands, 3):
        for t in hits:
            s.used.add(t.id)
        misses = [t for t in page if t not in hits][:3]
        targets = [target(t.url, VOTE_CLASS, exact_match=UPVOTED) for t in hits]
        targets += [target(t.url, VOTE_CLASS, exact_match=NO_VOTE) for t in misses]
        steps = [step for t in hits for step in (open_post(t, f"a {kind} in the picture"), click("upvote"))]
        s.add(template, {"what": f"{article(kind)} {kind}"}, start_url=f"{SITE}/f/{first.post.forum}",
              require_reset=True, eval_=html_eval(targets), solution=steps + [stop()],
              difficulty=("medium", "medium", "hard"), grounding=page, terms=[kind, plural(kind)])


def downvote_visual(s: Suite) -> None:
    template = "Downvote the post in f/{forum} whose picture shows {what}."
    cands = [t for t in findable(s, styles=("photo", "vintage", "artwork")) if t.id not in s.f.votes]
    for t in s.fresh(cands, 3):
        s.add(template, {"forum": t.post.forum, "what": describe(t.facts)}, start_url=f"{SITE}/f/{t.post.forum}",
              require_reset=True, eval_=html_eval([target(t.url, VOTE_CLASS, exact_match=DOWNVOTED)]),
              solution=[open_post(t), click("downvote"), stop()], difficulty=("easy", "medium", "medium"),
              grounding=[t], terms=visual_terms(t.facts))


# ---- posts and subscriptions ---------------------------------------------------------------------------------

def repost_picture(s: Suite) -> None:
    template = ("Find the post in f/{forum} whose picture shows {what}, and share the same picture in f/{forum2} "
                "with the title \"{title}\". Stay on the new post's page.")
    plans = (("aww", "pics", "Look at this little one"), ("EarthPorn", "pics", "Found this view in another forum"))
    for forum, forum2, title in plans:
        if forum2 not in s.f.forums:
            forum2 = "mildlyinteresting"
        cands = findable(s, forums=(forum,))
        for t in s.fresh(cands, 1):
            picture = f"{SITE}{t.post.image.url_path}"
            ev = html_eval([target("last", query_text(".submission__title"), exact_match=title),
                            target("last", query_text(".submission__info"), must_include=[USER, forum2])],
                           [ssim_check("last", ".submission__image", picture)])
            s.add(template, {"forum": forum, "what": describe(t.facts), "forum2": forum2, "title": title},
                  require_reset=True, eval_=ev,
                  solution=[open_post(t)] + submit_steps(forum2, title, url=picture) + [stop()],
                  difficulty=("medium", "medium", "hard"), grounding=[t], terms=visual_terms(t.facts))


def text_post(s: Suite) -> None:
    template = "Ask in f/{forum}: post the question \"{title}\" with the text \"{body}\"."
    plans = (("pittsburgh", "Where can I get a bike fixed near Oakland?", "Flat tire and a bent wheel. Thanks!"),
             ("books", "Any novels set on a lighthouse?", "I just finished one and want more."),
             ("MechanicalKeyboards", "Quietest switches for a shared office?", "My coworkers are not amused."))
    for forum, title, body in plans:
        ev = html_eval([target("last", query_text(".submission__title"), exact_match=title),
                        target("last", query_text(".submission__body"), must_include=[body]),
                        target("last", query_text(".submission__info"), must_include=[USER, forum])])
        s.add(template, {"forum": forum, "title": title, "body": body}, require_reset=True, eval_=ev,
              solution=submit_steps(forum, title, body=body) + [stop()], difficulty=("easy", "easy", "easy"))


def subscribe_described(s: Suite) -> None:
    template = "Subscribe to the forum for {what}."
    plans = (("people who collect game consoles", "consoles"), ("news from Pittsburgh", "pittsburgh"),
             ("keyboards, switches and keycaps", "MechanicalKeyboards"))
    for what, forum in plans:
        if forum in s.f.subscriptions:
            continue
        s.add(template, {"what": what}, require_reset=True,
              eval_=html_eval([target(f"{SITE}/f/{forum}", query_text("#sidebar"), must_include=["Unsubscribe"])]),
              solution=[goto(f"{SITE}/f/{forum}"), click("subscribe"), stop()], difficulty=("easy", "easy", "easy"))


# ---- navigation and reading -----------------------------------------------------------------------------------

def nav_top_period(s: Suite) -> None:
    template = "Show me the top posts of the past {period} in f/{forum}."
    for period, forum in (("week", "gaming"), ("month", "space"), ("year", "movies")):
        url = f"{SITE}/f/{forum}/top?t={period}"
        s.add(template, {"period": period, "forum": forum}, eval_=url_eval(url),
              solution=[goto(url), stop()], difficulty=("easy", "easy", "easy"))


def nav_city_sort(s: Suite) -> None:
    template = "Take me to the {sort} posts in the forum for {city}."
    for sort, path, forum in (("newest", "new", "pittsburgh"), ("most commented", "most_commented", "Washington")):
        url = f"{SITE}/f/{forum}/{path}"
        city = s.f.forums[forum].title
        s.add(template, {"sort": sort, "city": city}, eval_=url_eval(url), solution=[goto(url), stop()],
              difficulty=("easy", "easy", "easy"))


def author_of_visual(s: Suite) -> None:
    template = "Who posted the picture of {what} in f/{forum}? Answer with the username."
    cands = findable(s, styles=("photo", "vintage", "space", "artwork", "skyline"))
    for t in s.fresh(cands, 3):
        s.add(template, {"what": describe(t.facts), "forum": t.post.forum}, start_url=f"{SITE}/f/{t.post.forum}",
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
        s.add(template, {"what": f"{article(kind)} {kind}"}, start_url=f"{SITE}/f/{first.post.forum}",
              eval_=answer_eval({"required_values": [f"== {n}"]}), solution=[stop(str(n))],
              difficulty=("medium", "medium", "hard"), grounding=page, terms=[kind, plural(kind)])


def unachievable_text(s: Suite) -> None:
    template = "Take me to the forum for {city}."
    for city in ("Hartford", "Albany"):
        note = f"There is no forum for {city}."
        s.add(template, {"city": city}, eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
              solution=[goto(f"{SITE}/forums/all"), stop("N/A")], difficulty=("easy", "easy", "easy"),
              comments="unachievable: " + note)


TEMPLATES = [img_open_post, img_upvote, img_top_comment, img_comment_count, img_subscribe, img_post,
             img_message_author, img_block_author, img_author_page, img_unachievable,
             color_here, count_here, meme_caption_here, chart_highest_here, chart_value_here, stock_trend_here,
             comment_count_format, reply_format, comment_on_visual, message_top_commenter,
             upvote_all_on_page, downvote_visual, repost_picture, text_post, subscribe_described,
             nav_top_period, nav_city_sort, author_of_visual, count_on_page, unachievable_text]


def build(data) -> Suite:
    suite = Suite(Forum(data))
    for make in TEMPLATES:
        make(suite)
    return suite


# ---- output ---------------------------------------------------------------------------------------------------

from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TASK_FILE = ROOT / "reddit.json"
IMAGE_DIR = ROOT / "images" / "reddit"
SUITE_SEED = 20240101
SUITE_SCALE = "default"


def render(suite: Suite) -> str:
    import json

    return json.dumps(suite.tasks, indent=2, ensure_ascii=False) + "\n"


def build_suite(conf=None) -> Suite:
    """The suite for the data set of `conf` (default: SUITE_SEED / SUITE_SCALE), generating the data if needed."""
    from sites.config import Settings
    from sites.reddit.data import open_pristine

    conf = conf or Settings(seed=SUITE_SEED, scale=SUITE_SCALE)
    with open_pristine(conf) as data:
        return build(data)


def stale_files(suite: Suite) -> list[str]:
    """Committed files that differ from what `suite` would write (missing or extra images included)."""
    stale = [] if TASK_FILE.is_file() and TASK_FILE.read_text(encoding="utf-8") == render(suite) else [TASK_FILE.name]
    for name, blob in sorted(suite.images.items()):
        path = IMAGE_DIR / name
        if not path.is_file() or path.read_bytes() != blob:
            stale.append(str(path.relative_to(ROOT)))
    if IMAGE_DIR.is_dir():
        stale += sorted(str(p.relative_to(ROOT)) for p in IMAGE_DIR.iterdir() if p.name not in suite.images)
    return stale


def write(suite: Suite) -> None:
    IMAGE_DIR.mkdir(parents=True, exist_ok=True)
    for old in IMAGE_DIR.iterdir():
        if old.name not in suite.images:
            old.unlink()
    for name, blob in sorted(suite.images.items()):
        (IMAGE_DIR / name).write_bytes(blob)
    TASK_FILE.write_text(render(suite), encoding="utf-8")


if __name__ == "__main__":
    import sys

    built = build_suite()
    if "--check" in sys.argv[1:]:
        stale = stale_files(built)
        if stale:
            print("out of date: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1 if stale else 0)
    write(built)
    print(f"{len(built.tasks)} tasks from {len(built.templates)} templates, {len(built.images)} images -> {TASK_FILE}")
