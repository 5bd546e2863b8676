"""Round 5 (helper r5-rda) forum kinds mirroring official reddit templates:

- 61: the input picture shows a post whose chart has the votes of a poll counted so far; a later post of the same
  poll has the final count (sites/reddit/additions_r5_rda.py adds both to f/Newark): find it (the forum's search,
  by the words the pictured post's title gives) and open its comments.

The posts it reads are in a forum of the official catalogue, which Forum leaves out, so no older kind sees them;
it picks nothing with the suite's random stream.
"""

from __future__ import annotations

from sites.reddit.additions_r5_rda import POLL_CHART, POLL_FORUM, POLL_TITLES

from ..evals import click, stop, type_in
from .base import INPUT_SIZE, Suite, post_url_eval
from .forum import SITE, Thread
from .official import labels

FORUM_SEARCH = "form.site-nav__search input[name=q]"
POLL_QUERY = "pizza poll"


def _poll_threads(s: Suite) -> list[Thread]:
    out = []
    for title in POLL_TITLES:
        row = s.f.data.conn.execute(
            "SELECT s.id FROM submission s JOIN forum f ON f.id = s.forum_id WHERE f.name = ? AND s.title = ?",
            (POLL_FORUM, title),
        ).fetchone()
        if row is None:
            return []
        out.append(Thread(s.f.data.post(row[0]), tuple(s.f.data.comments(row[0])), 0))
    return out


def post_screenshot(s: Suite, t: Thread) -> str:
    """An input picture of a post as a person would capture it: its title above its chart (drawn again from the
    picture's facts at another size, not the site's file)."""
    from PIL import Image, ImageDraw

    from sites.imagery.forum_pictures import render_picture
    from sites.imagery.glyphs import text_font

    image = t.post.image
    if image is None:
        raise ValueError(f"post {t.id} has no picture")
    chart = render_picture(image.picture(), INPUT_SIZE, image.seed)
    width = INPUT_SIZE[0] + 32
    canvas = Image.new("RGB", (width, INPUT_SIZE[1] + 104), (246, 247, 249))
    draw = ImageDraw.Draw(canvas)
    font, small = text_font(17), text_font(13)
    words, lines = t.post.title.split(), [""]
    for w in words:  # wrap the title to the picture's width
        trial = f"{lines[-1]} {w}".strip()
        if font.getlength(trial) > width - 32 and lines[-1]:
            lines.append(w)
        else:
            lines[-1] = trial
    for i, line in enumerate(lines[:2]):
        draw.text((16, 12 + 24 * i), line, font=font, fill=(20, 60, 130))
    draw.text((16, 64), f"Submitted by {t.post.author} in f/{t.post.forum}", font=small, fill=(110, 110, 110))
    canvas.paste(chart, (16, 88))
    return s.picture_file(canvas)


def final_version_of_post(s: Suite) -> None:
    """Official 61: is there a version of the pictured post (a poll's votes so far) with the final results? If so,
    open its comments."""
    template = (
        "The picture shows a post with a poll's votes counted so far. Did someone post the final results of the "
        "same poll? If so, take me to the comments of that post."
    )
    threads = _poll_threads(s)
    if len(threads) != 2:
        return
    early, final = threads
    s.task(
        template,
        {},
        start_url=SITE,
        image=post_screenshot(s, early),
        eval_=post_url_eval(final),
        solution=[
            type_in(FORUM_SEARCH, POLL_QUERY, enter=True),
            click(f"a.submission__link[href^='/f/{POLL_FORUM}/{final.id}/']", "the same poll, closed: final results"),
            stop(""),
        ],
        difficulty=labels(61),
        official=61,
        grounding=[early, final],
        terms=[POLL_CHART],
        comments=f"post {early.id} has the votes so far, post {final.id} the final count (f/{POLL_FORUM})",
    )


KINDS_R5_RDA = [final_version_of_post]
