"""The official catalogue on the embedded stack: every distinct start URL of the official task files (listed in
sites/common/official_catalogue.json) answers 200 over plain HTTP, logged in as the tasks are, except the ones
naming an id only the official data has, which answer 404 (never a 500); every official store category lists
products, every official forum has posts, the official classifieds categories list listings, and the official
Wikipedia titles and media exist. Plus the extraction script on task files made for it."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from sites.arena import Arena
from sites.common import official
from sites.config import Settings
from tests.sites.crawl import login_session

# one worker runs the module (make test: --dist loadgroup), so its module-scoped fixture is made once
pytestmark = pytest.mark.xdist_group("sites/test_official_catalogue")

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDERS = {
    "__SHOPPING__": "shopping",
    "__REDDIT__": "reddit",
    "__CLASSIFIEDS__": "classifieds",
    "__WIKIPEDIA__": "wikipedia",
}


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("official-data"),
        seed=7,
        scale="tiny",
        run_dir=tmp_path_factory.mktemp("official-run"),
        reset_token="official-test-token",
    )
    # entering the arena starts its sites (no second start: it would leave the first ones running)
    with Arena(["classifieds", "shopping", "reddit", "wikipedia"], settings=settings) as arena:
        sessions = {site: login_session(site, base) for site, base in arena.urls.items()}
        yield arena, sessions


def _get(stack, url: str):
    arena, sessions = stack
    placeholder, _, rest = url.partition("/")
    site = PLACEHOLDERS[placeholder]
    return sessions[site].get(arena.urls[site] + "/" + rest, timeout=60, allow_redirects=True)


def test_the_catalogue_covers_the_official_files():
    data = official.catalogue()
    assert data["task_counts"] == {"classifieds": 234, "reddit": 210, "shopping": 466}
    urls = official.start_urls()
    assert len({u["url"] for u in urls}) == len(urls) > 300
    assert sum(len(u["tasks"]) for u in urls) >= 910
    assert {u["site"] for u in urls} == {"shopping", "reddit", "classifieds", "wikipedia"}
    for u in urls:
        assert (u["expect"] == 404) == ("absent" in u), u
    paths = {c["path"] for c in official.store_categories()}
    assert "clothing-shoes-jewelry/women/clothing" in paths and "grocery-gourmet-food/dairy-cheese-eggs/cheese" in paths
    assert all(p.rpartition("/")[0] in paths for p in paths if "/" in p)  # every ancestor is listed
    assert {"Jokes", "pics", "springfieldMO", "Maine"} <= set(official.forum_names())
    assert [i for i, _ in official.classifieds_new_categories()][:4] == [21, 22, 23, 24]
    assert "Up (2009 film)" in official.wikipedia_titles()


def test_every_official_start_url_answers_200_or_404_for_an_absent_id(stack):
    wrong = []
    for entry in official.start_urls():
        response = _get(stack, entry["url"])
        if response.status_code != entry["expect"]:
            wrong.append(
                f"{entry['url']}: {response.status_code}, expected {entry['expect']}"
                + (f" ({entry['absent']})" if "absent" in entry else "")
            )
    assert not wrong, f"{len(wrong)} start URLs:\n" + "\n".join(wrong)


def test_every_official_category_and_forum_holds_generated_items(stack):
    empty = []
    for cat in official.store_categories():
        response = _get(stack, f"__SHOPPING__/{cat['path']}.html")
        if (
            response.status_code != 200
            or "product-item-link" not in response.text
            or cat["name"] not in html.unescape(response.text)
        ):
            empty.append(f"store {cat['path']}: {response.status_code}")
    for name in official.forum_names():
        response = _get(stack, f"__REDDIT__/f/{name}")
        if response.status_code != 200 or "submission__" not in response.text:
            empty.append(f"forum {name}: {response.status_code}")
    for cid, name in official.classifieds_new_categories():
        response = _get(stack, f"__CLASSIFIEDS__/index.php?page=search&sCategory={cid}")
        if response.status_code != 200 or "page=item&amp;id=" not in response.text or name not in response.text:
            empty.append(f"classifieds category {cid}: {response.status_code}")
    assert not empty, "\n".join(empty)


def test_official_articles_and_media_exist(stack):
    book = official.catalogue()["wikipedia"]["book"]
    for title in official.wikipedia_titles():
        response = _get(stack, f"__WIKIPEDIA__/{book}/A/" + quote(title.replace(" ", "_"), safe="/:'(),"))
        assert response.status_code == 200, title
        if not title.startswith("User:"):
            assert f'<h1 id="firstHeading">{html.escape(title)}</h1>' in response.content.decode("utf-8"), title
    for name in official.wikipedia_media():
        response = _get(stack, f"__WIKIPEDIA__/{book}/I/{name}")
        assert response.status_code == 200 and response.headers["Content-Type"].startswith("image/"), name
        assert response.content[:4] == b"RIFF" and response.content[8:12] == b"WEBP"


def test_ipage_as_an_official_task_writes_it_reads_page_4(stack):
    first = _get(stack, "__CLASSIFIEDS__/index.php?page=search&sCategory=10&iPage=4")
    written = _get(stack, "__CLASSIFIEDS__/index.php?page=search&sCategory=10&iPage=4y")
    ids = re.compile(r"page=item&amp;id=(\d+)")
    assert written.status_code == first.status_code == 200
    assert ids.findall(written.text) == ids.findall(first.text)


def _task(site: str, task_id: int, start_url: str, intent: str = "Do it.", **extra) -> dict:
    return {
        "sites": [site],
        "task_id": task_id,
        "start_url": start_url,
        "intent": intent,
        "instantiation_dict": extra.pop("instantiation_dict", {}),
        "eval": extra.pop("eval", {}),
        **extra,
    }


def test_the_extraction_script_reads_facts_from_task_files(tmp_path):
    from scripts import official_catalogue as script

    files = {
        "shopping": [
            _task(
                "shopping",
                0,
                "__SHOPPING__/home-kitchen/bedding/blankets-throws.html?p=2",
                'Buy the red one from "Blankets & Throws" category.',
                instantiation_dict={"category": "Blankets & Throws"},
            ),
            _task("shopping", 1, "__SHOPPING__/some-product-key.html"),
            _task(
                "shopping",
                2,
                "__SHOPPING__/video-games.html?p=4 |AND| __REDDIT__/f/Jokes",
                eval={"reference_url": "__SHOPPING__/video-games/xbox-one/accessories.html"},
            ),
        ],
        "reddit": [
            _task("reddit", 0, "__REDDIT__/f/pics/123/a-slug"),
            _task(
                "reddit",
                1,
                "__WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/Up_(2009_film)",
                eval={"reference_answers": "see __WIKIPEDIA__/wikipedia_en_all_maxi_2022-05/A/Apple_Inc."},
            ),
        ],
        "classifieds": [
            _task("classifieds", 0, "__CLASSIFIEDS__/index.php?page=search&sCategory=22&iPage=4y"),
            _task("classifieds", 1, "__CLASSIFIEDS__/index.php?page=item&id=777"),
        ],
    }
    for site, tasks in files.items():
        (tmp_path / f"test_{site}.raw.json").write_text(json.dumps(tasks), encoding="utf-8")
    data = script.build(tmp_path)
    cats = {c["path"]: c for c in data["shopping"]["categories"]}
    assert set(cats) == {
        "home-kitchen",
        "home-kitchen/bedding",
        "home-kitchen/bedding/blankets-throws",
        "video-games",
        "video-games/xbox-one",
        "video-games/xbox-one/accessories",
    }
    assert cats["home-kitchen/bedding/blankets-throws"]["name"] == "Blankets & Throws"
    assert cats["home-kitchen/bedding/blankets-throws"]["name_from"] == "task files"
    assert cats["home-kitchen/bedding"]["name_from"] == "assumed" and not cats["home-kitchen/bedding"]["named_in_urls"]
    assert [f["name"] for f in data["reddit"]["forums"]] == ["Jokes", "pics"]
    assert data["wikipedia"]["articles"] == ["Apple Inc.", "Up (2009 film)"]
    assert data["classifieds"]["ids_in_files"] == [22]
    expect = {u["url"]: (u["expect"], u.get("absent")) for u in data["start_urls"]}
    assert expect["__SHOPPING__/some-product-key.html"] == (404, "product url key some-product-key")
    assert expect["__SHOPPING__/video-games.html?p=4"] == (200, None)
    assert expect["__REDDIT__/f/Jokes"] == (200, None)
    assert expect["__REDDIT__/f/pics/123/a-slug"] == (404, "submission id 123")
    assert expect["__CLASSIFIEDS__/index.php?page=item&id=777"] == (404, "listing id 777")
    assert expect["__CLASSIFIEDS__/index.php?page=search&sCategory=22&iPage=4y"] == (200, None)
    with pytest.raises(SystemExit, match="not found"):
        script.build(tmp_path / "nowhere")
