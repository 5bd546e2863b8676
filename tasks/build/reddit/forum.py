"""The forum's pristine data as the task templates see it: posts with their comments and their place in their
forum's hot listing, and words for what a post's picture shows (`image.facts`, drawn by
sites.imagery.forum_pictures)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from sites.reddit.data import Comment, Post

from ..text import NUMBER_WORDS as _WORDS
from ..text import article, mentions, plural

SITE = "__REDDIT__"
USER = "MarvelsGrantMan136"
NUMBER_WORDS = {0: "zero", **_WORDS}
HOT_PAGE = 25  # posts per listing page (sites.reddit.queries.PAGE_SIZE)
ADDED_STYLES = ("poster", "brokerage")  # the pictures of the posts sites/reddit/additions_r5_rdb.py adds


@dataclass(frozen=True)
class Thread:
    """A post with what the task generator needs: its comments' text and its place in the forum's hot list."""

    post: Post
    comments: tuple[Comment, ...]  # oldest first
    hot_rank: int  # 0 = first in the forum's hot listing

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


# ---- words for pictures ------------------------------------------------------------------------------------


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
        return f'a bar chart titled "{facts["title"]}"'
    if style == "stock":
        return f"a {facts['title']} price chart"
    if style == "space":
        rings = " ringed" if facts.get("rings") else ""
        moons = number_phrase(facts.get("count", 0), "moon")
        return f"{article(facts['color'])} {facts['color']}{rings} planet with {moons}"
    if style == "artwork":
        return f"{number_phrase(facts.get('count', 1), facts['color'] + ' ' + facts['shape'][:-1])}"
    when = {"day": "by day", "sunset": "at sunset", "night": "at night"}.get(str(facts.get("time_of_day")), "")
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
    keys = {
        "photo": ("kind", "color", "count"),
        "meme": ("kind", "top_text"),
        "vintage": ("kind", "tone"),
        "chart": ("title", "values"),
        "stock": ("title", "last"),
        "space": ("color", "count", "rings"),
        "artwork": ("color", "shape", "count"),
        "skyline": ("count", "time_of_day"),
        "landscape": ("count", "time_of_day", "snow", "water"),
    }[facts["style"]]
    return (facts["style"], *tuple(str(facts.get(k)) for k in keys))


# ---- the data, as the generator sees it ---------------------------------------------------------------------


class Forum:
    """The pristine forum data the templates pick from."""

    def __init__(self, data):
        self.data = data
        conn = data.conn
        extra = data.official_forum_names()  # the official catalogue's forums: never picked from
        # the posts sites/reddit/additions_r5_rdb.py adds (film posters, trading screenshots): only the kinds made
        # for them read them (tasks/build/reddit/kinds_r5_rdb.py), so the older kinds pick as before
        self.added = sorted(
            r[0]
            for r in conn.execute(
                "SELECT s.id FROM submission s JOIN image i ON i.id = s.image_id WHERE i.style IN (?, ?)",
                ADDED_STYLES,
            )
        )
        left_out = set(self.added)
        self.forums = {f.name: f for f in data.forums() if f.name not in extra}
        comments = defaultdict(list)
        for c in self._all_comments():
            comments[c.post_id].append(c)
        self.hot: dict[str, list[int]] = defaultdict(list)
        for post_id, forum in conn.execute(
            "SELECT s.id, f.name FROM submission s JOIN forum f ON f.id = s.forum_id ORDER BY s.ranking DESC, s.id DESC"
        ):
            if forum not in extra and post_id not in left_out:
                self.hot[forum].append(post_id)
        rank = {pid: i for ids in self.hot.values() for i, pid in enumerate(ids)}
        posts = [p for p in data.find_posts(limit=None) if p.forum not in extra and p.id not in left_out]
        self.threads = {p.id: Thread(p, tuple(comments[p.id]), rank[p.id]) for p in posts}
        self.drawable = {p.id for p in posts if p.image is not None and _drawable(p.image)}
        self.subscriptions = set(data.subscriptions(USER))
        self.votes = data.votes(USER)
        self.blocked = {
            r[0]
            for r in conn.execute(
                "SELECT b.username FROM user_block x JOIN user a ON a.id = x.blocker_id"
                " JOIN user b ON b.id = x.blocked_id WHERE a.username = ?",
                (USER,),
            )
        }
        self.correspondents = {name for t in data.threads(USER) for name in (t.sender, t.receiver)} - {USER}

    def _all_comments(self):
        from sites.reddit.data import Comment

        depth: dict[int, int] = {}
        for r in self.data.conn.execute(
            "SELECT c.id, c.submission_id, c.parent_id, u.username, c.body, c.created_at, c.net_score"
            " FROM comment c JOIN user u ON u.id = c.user_id ORDER BY c.id"
        ):
            d = 1 if r[2] is None else depth.get(r[2], 1) + 1
            depth[r[0]] = d
            yield Comment(r[0], r[1], r[2], r[3], r[4], r[5], r[6], d)

    def hot_page(self, forum: str, page: int = 0, size: int = HOT_PAGE) -> list[Thread]:
        return [self.threads[i] for i in self.hot[forum][page * size : (page + 1) * size]]

    def hot_pages(self) -> Iterator[tuple[str, list[Thread]]]:
        """Each forum, in name order (case aside), with the first page of its hot listing."""
        for forum in sorted(self.hot, key=str.lower):
            yield forum, self.hot_page(forum)

    def image_threads(self, *, forum: str | None = None, style: str | None = None, top: int | None = None):
        """Image posts (in hot order within each forum), optionally of one forum/style, within the first `top`."""
        out = []
        for name in sorted(self.hot, key=str.lower) if forum is None else [forum]:
            ids = self.hot[name] if top is None else self.hot[name][:top]
            out += [
                self.threads[i]
                for i in ids
                if i in self.drawable and (style is None or self.threads[i].facts["style"] == style)
            ]
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
