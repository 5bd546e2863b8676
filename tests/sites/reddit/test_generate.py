"""The generator: byte-identical per seed, the official forums and account, image facts the titles leave out."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

from sites.common.official import forum_names
from sites.reddit.content import FORUMS
from sites.reddit.data import RedditData
from sites.reddit.generate import generate, post_count
from sites.reddit.official_forums import missing_forums


def test_same_seed_same_bytes_other_seed_differs(tmp_path):
    a, b, c = tmp_path / "a.sqlite", tmp_path / "b.sqlite", tmp_path / "c.sqlite"
    generate(a, 5, 150)
    generate(b, 5, 150)
    generate(c, 6, 150)
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_scales_and_bad_scale():
    assert post_count("full") == 31464 and post_count("default") == 4000 and post_count("250") == 250
    for bad in ("huge", "12", "٣٠٠", "1e9"):
        with pytest.raises(ValueError, match="SCALE"):
            post_count(bad)


def test_forums_account_threads_and_facts(forum_data):
    conn = sqlite3.connect(forum_data.db)
    names = {r[0] for r in conn.execute("SELECT name FROM forum")}
    assert {
        "Art",
        "EarthPorn",
        "consoles",
        "mildlyinteresting",
        "photoshopbattles",
        "gaming",
        "memes",
        "headphones",
        "MechanicalKeyboards",
        "movies",
        "wallstreetbets",
        "food",
        "OldSchoolCool",
        "funny",
        "space",
        "dataisbeautiful",
        "aww",
        "boston",
        "pittsburgh",
        "nyc",
        "Washington",
    } <= names
    # the generated forums, then the official forums they lack (every official name exists, compared without case)
    assert len(names) == len(FORUMS) + len(missing_forums())
    assert {n.lower() for n in forum_names()} <= {n.lower() for n in names}
    assert {"Jokes", "pics", "springfieldMO", "explainlikeimfive"} <= names
    assert conn.execute("SELECT count(*) FROM user WHERE username = 'MarvelsGrantMan136'").fetchone()[0] == 1
    # threaded: some comments reply to comments; some post has a busy thread
    assert conn.execute("SELECT count(*) FROM comment WHERE parent_id IS NOT NULL").fetchone()[0] > 0
    assert conn.execute("SELECT max(comment_count) FROM submission").fetchone()[0] >= 200
    # every image's facts are recorded, and no title names the animal or the dish it shows
    rows = conn.execute("SELECT s.title, i.facts FROM submission s JOIN image i ON i.id = s.image_id").fetchall()
    assert len(rows) > 100
    for title, facts in rows:
        facts = json.loads(facts)
        assert facts["style"]
        if facts.get("kind") in ("cat", "dog", "pizza", "sushi", "panda"):
            assert facts["kind"] not in title.lower()


def test_data_api_finds_posts_by_what_the_image_shows(forum_data):
    with RedditData(forum_data.db) as data:
        charts = data.find_posts(forum="dataisbeautiful", style="chart")
        assert charts
        post = data.post(charts[0].id)
        assert post.image is not None and post.image.facts["highest"] in post.image.facts["labels"]
        assert post.url_path.startswith(f"/f/dataisbeautiful/{post.id}/")
        busy = data.find_posts(min_comments=200, order="-comment_count", limit=1)[0]
        thread = data.comments(busy.id)
        assert len(thread) == busy.comment_count and max(c.depth for c in thread) >= 2
        top = data.top_comment(busy.id)
        assert top is not None and top.parent_id is None
        assert "memes" in data.subscriptions("MarvelsGrantMan136")
        assert data.threads("MarvelsGrantMan136")
        assert all(p.image and p.image.facts.get("kind") == "cat" for p in data.find_posts(kind="cat"))
        with pytest.raises(KeyError):
            data.post(10**9)


def test_every_generated_picture_can_be_drawn(forum_data):
    # a colour or a count the kind cannot be drawn with would make the image URL fail when requested
    from sites.imagery.forum_pictures import ForumPicture, validate

    conn = sqlite3.connect(forum_data.db)
    rows = conn.execute("SELECT id, facts FROM image").fetchall()
    assert len(rows) > 100
    bad = []
    for image_id, facts in rows:
        fields: dict[str, Any] = {
            k: (tuple(v) if isinstance(v, list) else v)
            for k, v in json.loads(facts).items()
            if k in ForumPicture.__dataclass_fields__
        }
        try:
            validate(ForumPicture(**fields))
        except ValueError as exc:
            bad.append(f"image {image_id}: {exc}")
    assert not bad, f"{len(bad)} undrawable pictures, e.g. {bad[:3]}"
