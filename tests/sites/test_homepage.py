"""The homepage app: site cards, accounts, task images (safe path join, image types only)."""

from __future__ import annotations

import pytest

from sites.homepage import create_app
from tests.sites.conftest import png_bytes


@pytest.fixture
def home(tmp_path):
    images = tmp_path / "images"
    (images / "sub").mkdir(parents=True)
    (images / "sub" / "cat.png").write_bytes(png_bytes())
    (images / "notes.txt").write_text("not an image")
    (tmp_path / "secret.png").write_bytes(png_bytes())
    app = create_app(
        {
            "urls": {"classifieds": "http://127.0.0.1:9980"},
            "images_dir": str(images),
            "accounts": [{"site": "classifieds", "role": "user", "login": "a@b.c", "password": "pw"}],
        }
    )
    return app.test_client()


def test_index_links_live_sites_only(home):
    html = home.get("/").get_data(as_text=True)
    assert 'href="http://127.0.0.1:9980" class="site-link" data-site="classifieds"' in html
    assert html.count('class="site-link"') == 1
    assert "One Stop Market" in html and "Wikipedia" in html


def test_every_site_card_is_live_when_the_stack_serves_all_five(tmp_path):
    from sites.config import SITES as ALL

    urls = {name: f"http://127.0.0.1:{port}" for name, (_var, port) in ALL.items()}
    html = create_app({"urls": urls, "images_dir": str(tmp_path)}).test_client().get("/").get_data(as_text=True)
    for name in ("classifieds", "shopping", "reddit", "wikipedia"):
        assert f'href="{urls[name]}" class="site-link" data-site="{name}"' in html, name
    assert html.count('class="card live"') == 4 and 'class="card off"' not in html


def test_accounts_page(home):
    html = home.get("/accounts").get_data(as_text=True)
    assert "<code>a@b.c</code>" in html and "<code>pw</code>" in html


def test_images_served_safely(home):
    ok = home.get("/images/sub/cat.png")
    assert ok.status_code == 200 and ok.mimetype == "image/png" and ok.data == png_bytes()
    assert home.get("/images/notes.txt").status_code == 404
    assert home.get("/images/../secret.png").status_code == 404
    assert home.get("/images/%2e%2e/secret.png").status_code == 404
    assert home.get("/images/sub/missing.png").status_code == 404
    assert home.get("/healthz").get_json()["ok"] is True


def test_images_readable_from_the_sites_own_pages_only(home):
    """A forum post may link a task image; its page (and the evaluator, which fetches page images from the page
    with credentials) may read it cross-origin. Other origins get no CORS grant."""
    site = home.get("/images/sub/cat.png", headers={"Origin": "http://127.0.0.1:9980"})
    assert site.headers["Access-Control-Allow-Origin"] == "http://127.0.0.1:9980"
    assert site.headers["Access-Control-Allow-Credentials"] == "true"
    other = home.get("/images/sub/cat.png", headers={"Origin": "http://evil.example"})
    assert other.status_code == 200 and "Access-Control-Allow-Origin" not in other.headers
    assert "Origin" in other.headers["Vary"]
