"""The one Flask application factory of the embedded sites that serve a live SQLite database.

Each site gives its constants (`SiteApp`: the module that owns its templates and static files, where those
are served, the upload limit, its session cookie, the session key of the signed-in account and the module
that registers its views) and its config (a `SiteConfig`, with the site's folders added); `create_site_app`
builds the app: settings, the live database (sites.common.db) closed after
each request, the views, and sessions that end at logout and reset (sites.common.sessions).

The static files (the theme's CSS and script) are sent with a max-age (STATIC_MAX_AGE_S) instead of Flask's
default `no-cache`, which made the browser ask for each of them again (a 304) on every page load. They are code,
the same for every task and every state of the data, so a cached copy shows nothing of an earlier task; every
other file the sites send (photos, uploads) names its own max-age in its view.

The config is `app.config[<SITE NAME IN CAPITALS>]` and the database `app.extensions["<site>_db"]`.
"""

from __future__ import annotations

import importlib
import logging
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # flask loads with the first app, not with the registry that names the sites
    from flask import Flask

STATIC_MAX_AGE_S = 3600  # the browser keeps the sites' CSS and scripts an hour (a hard reload fetches them again)


@dataclass(frozen=True, kw_only=True)
class SiteConfig:
    live_db: Path  # this instance's writable database
    pristine_db: Path  # the shared read-only copy that reset restores
    reset_token: str
    secret_key: str = ""


@dataclass(frozen=True)
class SiteApp:
    name: str  # the site's name: its config key (upper case) and database extension (<name>_db)
    import_name: str  # the package owning templates/ and static/
    static_url_path: str
    max_upload: int  # bytes of a request body
    folders: tuple[str, ...] = ()  # config fields naming folders to create (uploads, caches)
    user_key: str = "user_id"  # the session key naming the signed-in account

    @property
    def views(self) -> str:
        """The module whose register(app) adds the site's routes (imported with the first app)."""
        return f"{self.import_name}.views"

    @property
    def session_cookie(self) -> str:
        # Cookies belong to a host, not to a port: the sites share 127.0.0.1, so each names its session cookie
        # apart (a task logged in to two sites would otherwise keep only the login of the second).
        return f"{self.name}_session"


def create_site_app(site: SiteApp, config: SiteConfig) -> Flask:
    from flask import Flask, g

    from sites.common import db, sessions

    app = Flask(site.import_name, static_folder="static", static_url_path=site.static_url_path)
    app.config.update(
        SECRET_KEY=config.secret_key or secrets.token_hex(32),
        MAX_CONTENT_LENGTH=site.max_upload,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_NAME=site.session_cookie,
        SEND_FILE_MAX_AGE_DEFAULT=STATIC_MAX_AGE_S,  # the static files; every send_file of the views names its own
        **{site.name.upper(): config},
    )
    for folder in site.folders:
        Path(getattr(config, folder)).mkdir(parents=True, exist_ok=True)
    app.logger.setLevel(logging.INFO)
    live = app.extensions[f"{site.name}_db"] = db.LiveDatabase(config.live_db, config.pristine_db)

    @app.teardown_appcontext
    def _close(_exc: BaseException | None) -> None:
        conn = g.pop("db", None)
        if conn is not None:
            live.close(conn)

    importlib.import_module(site.views).register(app)
    sessions.install(app, site.user_key)
    return app
