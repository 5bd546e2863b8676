"""The Shopping site ("One Stop Market"): a Magento 2 (Luma) compatible storefront (Flask application factory).

Owns the site's app, schema, generated data, queries, views and REST API; its modules import each other
as modules (never names from this package). May import sites.common, sites.config, sites.imagery and
sites.classifieds' shared pieces.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, g


@dataclass(frozen=True)
class ShoppingConfig:
    live_db: Path  # this instance's writable database
    pristine_db: Path  # the shared read-only copy that reset restores
    photo_cache: Path  # shared cache of rendered product photos
    reset_token: str  # also the bearer token of the REST API (/rest/V1/...)
    secret_key: str = ""


# Cookies belong to a host, not to a port: the sites share 127.0.0.1, so each names its session cookie apart (a
# task logged in to two sites would otherwise keep only the login of the second).
SESSION_COOKIE = "shopping_session"


def create_app(config: ShoppingConfig) -> Flask:
    from sites.classifieds.db import LiveDatabase
    from sites.common import sessions
    from sites.shopping import views

    app = Flask(__name__, static_folder="static", static_url_path="/static/frontend/Luma")
    app.config.update(
        SECRET_KEY=config.secret_key or secrets.token_hex(32),
        MAX_CONTENT_LENGTH=1024 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_NAME=SESSION_COOKIE,
        SHOPPING=config,
    )
    app.logger.setLevel(logging.INFO)
    app.extensions["shopping_db"] = LiveDatabase(config.live_db, config.pristine_db)

    @app.teardown_appcontext
    def _close(_exc):
        conn = g.pop("db", None)
        if conn is not None:
            app.extensions["shopping_db"].close(conn)

    views.register(app)
    sessions.install(app, "customer_id")
    return app
