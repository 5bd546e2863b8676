"""The generator: determinism, visual grounding in the photo table, scale parsing, and the query API."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from sites.classifieds import store
from sites.classifieds.data import ClassifiedsData
from sites.classifieds.generate import MEASURED, OFFICIAL_KINDS, generate, listing_count, official_per_category
from sites.common.official import classifieds_new_categories
from sites.imagery import CATALOG, COLORS, CONDITIONS, KINDS, PATTERNS


def test_same_seed_gives_byte_identical_database(tmp_path):
    a, b, c = tmp_path / "a.sqlite", tmp_path / "b.sqlite", tmp_path / "c.sqlite"
    generate(a, seed=11, listings=60)
    generate(b, seed=11, listings=60)
    generate(c, seed=12, listings=60)
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_refuses_to_overwrite(tmp_path):
    target = tmp_path / "x.sqlite"
    target.write_text("keep me")
    with pytest.raises(FileExistsError):
        generate(target, seed=1, listings=30)
    assert target.read_text() == "keep me"


def test_scale_values():
    assert listing_count("default") == 5000 and listing_count("full") == 65955 and listing_count("250") == 250
    for bad in ("huge", "5", ""):
        with pytest.raises(ValueError, match="SCALE"):
            listing_count(bad)


def test_photos_carry_visible_attributes(dataset):
    conn = sqlite3.connect(dataset.db)
    kinds = {k.name: k for kinds in CATALOG.values() for k in kinds}
    allowed = {name: set(kinds) for name, kinds in CATALOG.items()}
    allowed.update({name: {KINDS[k] for k in names} for name, names in OFFICIAL_KINDS.items()})
    for category, kind, *_ in MEASURED:
        allowed[category].add(KINDS[kind])
    kinds.update({k.name: k for ks in allowed.values() for k in ks})
    rows = conn.execute(
        "SELECT p.kind, p.color, p.count, p.printed_text, p.condition, p.pattern, p.view, i.title,"
        " c.name FROM photo p JOIN item i ON i.id = p.item_id JOIN category c ON c.id = i.category_id"
    ).fetchall()
    assert rows
    for kind, color, count, text, condition, pattern, view, title, category in rows:
        k = kinds[kind]
        assert k in allowed[category]
        assert (color in COLORS) if k.colorable else color is None
        assert condition in CONDITIONS and pattern in PATTERNS and 0 <= view <= 2
        assert count == 1 or k.countable
        assert text is None or k.printable
        if text:
            # printed text is only in the photo (as a word: "LOVE" printed on a loveseat is fine)
            assert not re.search(rf"\b{re.escape(text.lower())}\b", title.lower()), (text, title)
    colored = [r for r in rows if r[1]]
    hidden = [r for r in colored if r[1] not in r[7].lower()]
    assert len(hidden) > 0.6 * len(colored)  # most titles leave the colour to the photo
    assert conn.execute("SELECT COUNT(*) FROM item WHERE id NOT IN (SELECT item_id FROM photo)").fetchone()[0] == 0


def test_measured_listings_state_a_diameter_the_tape_in_their_photo_shows_or_not(dataset):
    conn = sqlite3.connect(dataset.db)
    rows = conn.execute(
        "SELECT p.tape_inches, i.description, i.user_id FROM photo p JOIN item i ON i.id = p.item_id"
        " WHERE p.tape_inches IS NOT NULL ORDER BY i.id"
    ).fetchall()
    assert [r[0] for r in rows] == [m[3] for m in MEASURED]
    stated = [int(m.group(1)) for r in rows if (m := re.search(r"(\d+) inches in diameter", r[1]))]
    assert stated == [m[4] for m in MEASURED]
    assert {s == shown for s, (shown, _, _) in zip(stated, rows, strict=False)} == {True, False}
    assert all(r[2] != 1 for r in rows)  # never the benchmark account's


def test_accounts(dataset):
    conn = sqlite3.connect(dataset.db)
    name, email, phone = conn.execute("SELECT name, email, phone FROM user WHERE id = 1").fetchone()
    assert (name, email) == ("Blake Sullivan", "blake.sullivan@gmail.com")
    for email, phone, hashed in conn.execute("SELECT email, phone, password_hash FROM user WHERE id > 1"):
        assert email.endswith("@example.com") and phone.startswith("555-") and hashed.startswith("pbkdf2:")


def test_query_api(dataset):
    with ClassifiedsData(dataset.db) as data:
        listing = data.listing(1)
        first = listing.photos[0]
        found = data.find(kind=first.kind, color=first.color, limit=None)
        assert listing.id in [f.id for f in found]
        assert all(f.photos[0].kind == first.kind and f.photos[0].color == first.color for f in found)
        assert (
            data.count(category=listing.category)
            == sqlite3.connect(dataset.db)
            .execute(
                "SELECT COUNT(*) FROM item JOIN category c ON c.id = category_id WHERE c.name = ?", (listing.category,)
            )
            .fetchone()[0]
        )
        cheap = data.find(max_price=20, limit=None)
        assert all(x.price <= 20 for x in cheap)
        with pytest.raises(TypeError, match="unknown attribute"):
            data.find(colour="red")
        with pytest.raises(KeyError):
            data.listing(10**9)
    with pytest.raises(FileNotFoundError):
        ClassifiedsData(Path("/nonexistent/db.sqlite"))


ENSURE = """
import sys
from pathlib import Path
from sites.classifieds import store
ds, result = store.ensure(Path(sys.argv[1]), 5, 80)
print("generated" if result else "found")
"""


def test_concurrent_ensure_generates_once(tmp_path):
    procs = [
        subprocess.Popen([sys.executable, "-c", ENSURE, str(tmp_path)], stdout=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    outputs = sorted(p.communicate(timeout=120)[0].strip() for p in procs)
    assert outputs == ["found", "found", "generated"]
    ds = store.dataset(tmp_path, 5, 80)
    assert ds.exists() and not list(ds.root.glob(".*.tmp"))
    # the 80 listings of the scale, then those of the official categories above the site's own, then the measured
    own = 80 + len(classifieds_new_categories()) * official_per_category(80) + len(MEASURED)
    assert sqlite3.connect(ds.db).execute("SELECT COUNT(*) FROM item").fetchone()[0] == own


def test_the_tape_lies_across_the_measured_item(dataset):
    import numpy as np

    from sites.common.photos import PhotoRow, render_generated
    from sites.imagery import PhotoSpec
    from sites.imagery.compose import render_scene
    from sites.imagery.tape import TAPE

    conn = sqlite3.connect(dataset.db)
    conn.row_factory = sqlite3.Row
    row = conn.execute("SELECT * FROM photo WHERE tape_inches IS NOT NULL ORDER BY id LIMIT 1").fetchone()
    image = render_generated(PhotoRow.from_row(row)).convert("RGB")
    plain = render_scene(
        PhotoSpec(kind=str(row["kind"]), condition=str(row["condition"])), size=image.size, seed=int(row["seed"])
    )
    x0, y0, x1, y1 = plain.boxes[0]
    y = (y0 + y1) // 2 + 2
    pixels = np.asarray(image, dtype=np.int32)
    tape = pixels[y, x0 + 2 : x1 - 2]
    yellow = (np.abs(tape - np.array(TAPE)) < 40).all(axis=1)
    assert yellow.mean() > 0.5  # the tape runs across the whole item (its marks aside)
    assert (pixels[y0 + 2, x0 + 2] == np.asarray(plain.image, dtype=np.int32)[y0 + 2, x0 + 2]).all()  # the rest stays
