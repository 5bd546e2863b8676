"""What the site tests' fixtures share: settings whose data and run folders are the session's temporary ones, and a
fresh app per test on its own copy of the pristine database."""

from __future__ import annotations

from pathlib import Path

from sites.common import db
from sites.config import Settings


def settings_for(tmp_path_factory, prefix: str, seed: int, scale: int, reset_token: str) -> Settings:
    return Settings(
        data_dir=tmp_path_factory.mktemp(f"{prefix}-data"),
        seed=seed,
        scale=str(scale),
        reset_token=reset_token,
        run_dir=tmp_path_factory.mktemp(f"{prefix}-run"),
    )


def app_on_copy(create_app, config_class, pristine: Path, live: Path, **config):
    """`create_app(config_class(...))` on a copy of `pristine` at `live`, in testing mode."""
    db.install_copy(pristine, live)
    app = create_app(config_class(live_db=live, pristine_db=pristine, secret_key="test-secret", **config))
    app.config["TESTING"] = True
    return app
