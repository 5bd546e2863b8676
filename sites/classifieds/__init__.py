"""The Classifieds site: an OSClass-compatible marketplace (Flask application factory).

Owns the site's app, schema, generated data, queries and views; its modules import each other as
modules (never names from this package). May import sites.common, sites.config, sites.imagery.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, g


@dataclass(frozen=True)
class ClassifiedsConfig:
    live_db: Path  # this instance's writable database
    pristine_db: Path  # the shared read-only copy that reset restores
    photo_cache: Path  # shared cache of rendered generated photos
    upload_dir: Path  # this instance's uploaded photos
    reset_token: str
    secret_key: str = ""


# Cookies belong to a host, not to a port: the sites share 127.0.0.1, so each names its session cookie apart (a
# task logged in to two sites would otherwise keep only the login of the second).
SESSION_COOKIE = "classifieds_session"


def create_app(config: ClassifiedsConfig) -> Flask:
    from sites.classifieds import db, views
    from sites.common import sessions

    app = Flask(__name__, static_folder="static", static_url_path="/oc-content/themes/static")
    app.config.update(
        SECRET_KEY=config.secret_key or secrets.token_hex(32),
        MAX_CONTENT_LENGTH=24 * 1024 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_NAME=SESSION_COOKIE,
        CLASSIFIEDS=config,
    )
    config.upload_dir.mkdir(parents=True, exist_ok=True)
    app.logger.setLevel(logging.INFO)
    app.extensions["classifieds_db"] = db.LiveDatabase(config.live_db, config.pristine_db)

    @app.teardown_appcontext
    def _close(_exc):
        conn = g.pop("db", None)
        if conn is not None:
            app.extensions["classifieds_db"].close(conn)

    views.register(app)
    sessions.install(app, "user_id")
    return app
