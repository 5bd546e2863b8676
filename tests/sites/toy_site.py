"""A toy site declared in this one module, as a site package's `site.py` declares a real one: its URL and port, its
launcher (prepare, app, reset), its login, homepage card and accounts, and its generated data with its fingerprints.
tests/sites/test_toy_site.py registers it and finds it everywhere sites are listed.

The toy is a counter: its data is a small SQLite database of greetings drawn from the seed; the live copy counts
visits (POST /visit), and a reset (POST /__reset with the token) restores the pristine copy.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

from sites.common.launch import post_token
from sites.registry import (
    Fingerprint,
    HomepageCard,
    LoginSpec,
    SiteAccount,
    SiteData,
    SiteLauncher,
    SiteSpec,
)

WORDS = ("hello", "ahoy", "salut", "hola", "ciao", "hej", "moin", "servus")


def database(data_dir: Path, seed: int, scale) -> Path:
    return Path(data_dir) / "toy" / f"seed{seed}-n{int(scale)}" / "toy.sqlite"


def ensure(data_dir: Path, seed: int, scale) -> tuple[Path, int | None]:
    """The toy's database, written first if missing: `scale` greetings drawn from the seed. Returns the path and
    the number of greetings written (None when it was there already)."""
    path = database(data_dir, seed, scale)
    if path.is_file():
        return path, None
    rng = random.Random(f"{seed}/toy")
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    with con:
        con.execute("CREATE TABLE greeting (id INTEGER PRIMARY KEY, word TEXT NOT NULL)")
        con.execute("CREATE TABLE visit (n INTEGER NOT NULL)")
        con.execute("INSERT INTO visit VALUES (0)")
        con.executemany("INSERT INTO greeting (word) VALUES (?)", [(rng.choice(WORDS),) for _ in range(int(scale))])
    con.close()
    return path, int(scale)


def generate(data_dir: Path, seed: int, scale) -> str:
    path, made = ensure(data_dir, seed, scale)
    return f"data already present: {path}" if made is None else f"generated {made} greetings -> {path}"


def fingerprints(data_dir: Path, seed: int, scale) -> list[Fingerprint]:
    return [Fingerprint("toy/database", "sqlite", ensure(data_dir, seed, scale)[0])]


def describe(data_dir: Path, seed: int, scale) -> tuple[bool, str]:
    path = database(data_dir, seed, scale)
    return path.is_file(), f"toy data (seed {seed}): {path}"


def prepare(settings, instance: Path, _urls: dict[str, str]) -> dict:
    pristine, _made = ensure(settings.data_dir, settings.seed, settings.scale)
    shutil.copyfile(pristine, instance / "toy.sqlite")
    return {"pristine": str(pristine), "reset_token": settings.reset_token}


def app(instance: Path, options: dict):
    from flask import Flask, abort, request

    toy = Flask("toy")
    live = instance / "toy.sqlite"

    def visits() -> int:
        with sqlite3.connect(live) as con:
            return con.execute("SELECT n FROM visit").fetchone()[0]

    @toy.get("/")
    def index():
        with sqlite3.connect(live) as con:
            first = con.execute("SELECT word FROM greeting ORDER BY id").fetchone()[0]
        return f"<h1>{first} from the toy site</h1><p>{visits()} visits</p>"

    @toy.post("/visit")
    def visit():
        with sqlite3.connect(live) as con:
            con.execute("UPDATE visit SET n = n + 1")
        return {"visits": visits()}

    @toy.post("/__reset")
    def reset():
        if request.form.get("token") != options["reset_token"]:
            abort(403)
        shutil.copyfile(options["pristine"], live)
        return {"visits": visits()}

    @toy.get("/healthz")
    def healthz():
        return {"site": "toy", "ok": True}

    return toy


def reset(base_url: str, settings) -> None:
    post_token(f"{base_url}/__reset", settings.reset_token)


def accounts() -> tuple[SiteAccount, ...]:
    return (SiteAccount("any visitor", "guest@toy.test", "guest-pass"),)


SPEC = SiteSpec(
    "toy",
    url_env="TOY_COUNTER",
    default_port=9124,
    report_order=15,
    launcher=SiteLauncher(name="toy", description="a toy counter", prepare=prepare, create_app=app, reset=reset),
    login=LoginSpec(
        "/signin",
        "#user",
        "#pass",
        "button.go",
        ("sign off",),
        "TOY_USER",
        "TOY_PASSWORD",
        "toy@example.com",
        "toy-secret",
        role="counter keeper",
    ),
    card=HomepageCard("Toy Counter", "A counter of visits, registered by a test."),
    data=SiteData(generate, fingerprints, describe),
    accounts=accounts,
)
