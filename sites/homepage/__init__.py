"""The homepage: links to every site (live ones clickable), their accounts, and the tasks' input images.

May import sites.config and sites.registry (the sites' cards and accounts). Flask loads with the app, not with the
registry (sites/homepage/site.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from flask import Flask

IMAGE_TYPES = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".bmp": "image/bmp",
}


def registered_cards() -> list[dict]:
    """The homepage cards of the registered sites (sites/registry.py), in registration order."""
    from sites.registry import site_specs

    return [{"key": s.name, "name": s.card.title, "text": s.card.text} for s in site_specs().values() if s.card]


def create_app(options: dict) -> Flask:
    from flask import Flask, abort, render_template, request, send_file
    from werkzeug.exceptions import HTTPException
    from werkzeug.security import safe_join

    app = Flask(__name__, static_folder="static")
    urls: dict[str, str] = options.get("urls", {})
    images_dir = Path(options.get("images_dir", ""))
    accounts: list[dict] = options.get("accounts", [])
    # the cards of the registered sites (sites/registry.py), as the launcher's prepare wrote them
    site_cards: list[dict] = options.get("cards") or registered_cards()
    # Pages of the sites may show these images (a forum post linking one) and read them from script (the
    # evaluator fetches page images with the page's credentials), so the sites' own origins may read them.
    site_origins = {f"{p.scheme}://{p.netloc}" for p in map(urlsplit, urls.values()) if p.scheme and p.netloc}

    @app.get("/")
    def index():
        cards = [{**card, "url": urls.get(card["key"])} for card in site_cards]
        return render_template("index.html", cards=cards)

    @app.get("/accounts")
    def account_list():
        return render_template("accounts.html", accounts=accounts, urls=urls)

    @app.get("/images/<path:name>")
    def image(name: str):
        suffix = Path(name).suffix.lower()
        if suffix not in IMAGE_TYPES:
            abort(404)
        # a part longer than any file name (255 bytes) would make the file system raise "name too long"
        if len(name) > 1024 or any(len(part.encode()) > 255 for part in name.split("/")):
            abort(404)
        path = safe_join(str(images_dir), name)
        if path is None or not Path(path).is_file():
            abort(404)
        response = send_file(path, mimetype=IMAGE_TYPES[suffix], max_age=3600)
        origin = request.headers.get("Origin", "")
        if origin in site_origins:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Access-Control-Allow-Credentials"] = "true"
        response.vary.add("Origin")
        return response

    @app.get("/healthz")
    def healthz():
        return {"site": "homepage", "ok": True}

    @app.errorhandler(HTTPException)
    def _error(exc: HTTPException):
        return render_template("error.html", code=exc.code, name=exc.name), exc.code

    return app
