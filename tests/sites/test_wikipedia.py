"""Embedded Wikipedia: the generated ZIM served by the real kiwix-serve, started by the arena on a free port.
Every official URL shape is fetched from the running server."""

from __future__ import annotations

import random
import re
import shutil
import urllib.error
import urllib.parse

import pytest

from sites.arena import Arena
from sites.config import Settings
from sites.launchers import LOCAL
from sites.wikipedia import BOOK, LANDING
from sites.wikipedia.build import article_count, article_html
from sites.wikipedia.entities import calling_code, core_entities
from tests.found import found, rgb

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = [
    pytest.mark.skipif(
        shutil.which("kiwix-serve") is None,
        reason="kiwix-serve is not installed (make install installs Debian's kiwix-tools)",
    ),
    pytest.mark.xdist_group("sites/test_wikipedia"),
]


@pytest.fixture(scope="module")
def wiki(tmp_path_factory):
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("wiki-data"),
        run_dir=tmp_path_factory.mktemp("wiki-run"),
        seed=5,
        scale="default",
    )
    with Arena(["wikipedia"], settings=settings) as arena:
        yield arena


def _get(url: str) -> tuple[int, str, str]:
    try:
        with LOCAL.open(url, timeout=10) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, "", ""


def test_landing_article_and_library_page(wiki):
    base = wiki.urls["wikipedia"]
    status, kind, page = _get(f"{base}/{BOOK}/A/{LANDING}")
    assert status == 200 and kind.startswith("text/html") and "Welcome to Wikipedia" in page
    first = found(r'<li><a href="\.\./([^"]+)">', page)  # links reach the articles next to A/
    assert _get(f"{base}/{BOOK}/A/{first}")[0] == 200
    headings = re.findall(r"<h2>([^<]+)</h2>", page)  # spelt plurals, not the kind with an "s" added
    assert {"Countries", "Cities", "Companies"} <= set(headings) and not any(h.endswith("ys") for h in headings)
    status, _, library = _get(base + "/")
    assert status == 200 and "<html" in library.lower()  # kiwix-serve's own library page
    status, _, catalog = _get(base + "/catalog/v2/entries")
    assert status == 200 and BOOK in catalog


def test_country_article_has_lead_infobox_sections_image_and_links(wiki):
    base = wiki.urls["wikipedia"]
    status, _, page = _get(f"{base}/{BOOK}/A/France")
    assert status == 200
    assert '<table class="infobox">' in page and "<th>Calling code</th><td>+33</td>" in page
    assert "international calling code is +33" in page and '<h2 id="History">' in page
    assert 'src="../I/France.png"' in page
    status, kind, _png = _get(f"{base}/{BOOK}/I/France.png")
    assert status == 200 and kind == "image/png"
    status, _, css = _get(f"{base}/{BOOK}/-/style.css")
    assert status == 200 and "infobox" in css
    status, _, state = _get(f"{base}/{BOOK}/A/Pennsylvania")
    assert status == 200 and 'href="Pittsburgh,_Pennsylvania"' in state
    assert _get(f"{base}/{BOOK}/A/Pittsburgh,_Pennsylvania")[0] == 200
    assert _get(f"{base}/{BOOK}/A/No_such_article_here")[0] == 404


def test_kiwix_search_finds_articles(wiki):
    base = wiki.urls["wikipedia"]
    status, _, page = _get(f"{base}/search?content={BOOK}&pattern={urllib.parse.quote('Giant panda')}")
    assert status == 200 and f'href="/{BOOK}/A/Giant_panda"' in page
    status, _, suggest = _get(f"{base}/suggest?content={BOOK}&term=Pennsylv")
    assert status == 200 and '"A/Pennsylvania"' in suggest


def test_reset_is_a_no_op_and_the_arena_stops_it(wiki):
    assert wiki.reset(["wikipedia"]) < 1.0


def test_articles_are_deterministic_and_facts_come_from_the_libraries():
    titles = {e.title for e in core_entities(5)}
    one = [article_html(e, titles, random.Random(5)) for e in core_entities(5)[:50]]
    two = [article_html(e, titles, random.Random(5)) for e in core_entities(5)[:50]]
    assert one == two
    assert calling_code("US") == 1 and calling_code("JP") == 81
    kinds = {e.kind for e in core_entities(5)}
    assert {"country", "state", "city", "company", "animal", "sport", "film", "artwork"} <= kinds
    assert article_count("full") >= 20_000 - len(titles) and article_count("default") == 0
    with pytest.raises(ValueError, match="SCALE"):
        article_count("²")


def test_country_articles_state_capital_people_money_and_neighbours(wiki):
    base = wiki.urls["wikipedia"]
    _, _, japan = _get(f"{base}/{BOOK}/A/Japan")
    assert "<th>Capital</th><td>Tokyo</td>" in japan and "Its capital is Tokyo." in japan
    assert "<th>Currency</th><td>Yen</td>" in japan and "<th>Calling code</th><td>+81</td>" in japan
    _, _, france = _get(f"{base}/{BOOK}/A/France")
    assert re.search(r"shares land borders with .*>Belgium</a>", france)  # neighbours link their articles
    assert "<th>Official languages</th><td>French</td>" in france and "Flag of France" in france


def test_country_flags_are_the_real_ones():
    """France's flag is blue, white and red from left to right (the emoji font's bitmap), not an invented one."""
    from io import BytesIO

    from PIL import Image

    from sites.wikipedia.build import picture_png

    france = next(e for e in core_entities(5) if e.title == "France")
    img = Image.open(BytesIO(picture_png(france))).convert("RGB")
    w, h = img.size
    left, middle, right = (rgb(img, (x, h // 2)) for x in (w // 4, w // 2, 3 * w // 4))
    assert left[2] > 120 and left[0] < 80  # blue
    assert min(middle) > 200  # white
    assert right[0] > 180 and right[2] < 100  # red
    ohio = next(e for e in core_entities(5) if e.title == "Ohio")
    assert not ohio.emoji and "Flag of Ohio" not in article_html(ohio, set(), random.Random(1))
