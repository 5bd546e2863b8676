"""`make verify`'s comparisons: canonical fingerprints (SQLite by ordered dump, ZIM by entries), the committed
manifest against freshly generated classifieds data and the committed task files, tampering caught, and
two runs compared task by task with the sites' ports masked."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from evaluation.reporting.fingerprints import file_digest, sqlite_digest, zim_digest
from evaluation.reporting.verify import compare, compare_runs, read_manifest, site_fingerprints, task_fingerprints
from sites.config import Settings


def _db(path, rows, page_size=4096):
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA page_size = {page_size}")
    con.executescript(
        "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT, photo BLOB, price REAL);"
        "CREATE VIRTUAL TABLE item_fts USING fts5(title, content='item', content_rowid='id');"
    )
    for row in rows:
        con.execute("INSERT INTO item VALUES (?, ?, ?, ?)", row)
        con.execute("INSERT INTO item_fts(rowid, title) VALUES (?, ?)", row[:2])
    con.commit()
    con.execute("VACUUM")
    con.close()
    return path


def test_sqlite_digest_reads_content_not_page_layout(tmp_path):
    rows = [(i, f"bike {i} \u00e9", bytes([i % 256]), i * 1.5) for i in range(1, 300)]
    a = _db(tmp_path / "a.sqlite", rows)
    b = _db(tmp_path / "b.sqlite", rows[::-1], page_size=1024)  # other insertion order, other pages
    assert a.read_bytes() != b.read_bytes()
    assert sqlite_digest(a) == sqlite_digest(b)
    con = sqlite3.connect(b)
    con.execute("UPDATE item SET price = 2.0 WHERE id = 7")
    con.commit()
    con.close()
    assert sqlite_digest(a) != sqlite_digest(b)


def test_zim_digest_reads_entries_not_the_build_uuid(tmp_path):
    from sites.wikipedia.build import ensure

    first, _ = ensure(tmp_path / "one", 7, 1)
    second, _ = ensure(tmp_path / "two", 7, 1)
    assert first.read_bytes() != second.read_bytes()  # a fresh UUID per build
    assert zim_digest(first) == zim_digest(second)
    third, _ = ensure(tmp_path / "three", 7, 2)  # one more article
    assert zim_digest(third) != zim_digest(first)


def test_committed_manifest_matches_fresh_classifieds_data_and_the_task_files(tmp_path):
    settings = Settings()
    manifest = read_manifest()
    if (manifest["seed"], str(manifest["scale"])) != (settings.seed, str(settings.scale)):
        pytest.skip(f"SEED/SCALE of this environment differ from the manifest's ({settings.seed}, {settings.scale})")
    found = site_fingerprints("classifieds", tmp_path / "data", settings.seed, settings.scale)
    assert set(found) == {"classifieds/database", "classifieds/photos"}
    expected = {k: v for k, v in manifest["entries"].items() if k in found}
    assert compare(expected, found) == [], "the classifieds data changed: run `make verify-manifest` if on purpose"
    tasks = {k: v for k, v in manifest["entries"].items() if k.startswith("tasks/")}
    assert compare(tasks, task_fingerprints()) == [], "task files changed: run `make verify-manifest` if on purpose"

    db = next((tmp_path / "data" / "classifieds").rglob("classifieds.sqlite"))
    con = sqlite3.connect(db)
    con.execute("UPDATE item SET price_cents = price_cents + 1 WHERE id = (SELECT min(id) FROM item)")
    con.commit()
    con.close()
    tampered = site_fingerprints("classifieds", tmp_path / "data", settings.seed, settings.scale)
    assert compare(expected, tampered) == ["changed: classifieds/database"]


def test_a_tampered_task_image_or_a_new_file_is_named(tmp_path):
    tasks = tmp_path / "tasks"
    (tasks / "images" / "classifieds").mkdir(parents=True)
    (tasks / "classifieds.json").write_text("[]")
    image = tasks / "images" / "classifieds" / "bike.png"
    image.write_bytes(b"\x89PNG original")
    manifest = task_fingerprints(tasks)
    assert manifest == {
        "tasks/classifieds.json": file_digest(tasks / "classifieds.json"),
        "tasks/images/classifieds/bike.png": file_digest(image),
    }
    image.write_bytes(b"\x89PNG edited")
    shutil.copy(image, tasks / "images" / "extra.png")
    (tasks / "classifieds.json").unlink()
    assert compare(manifest, task_fingerprints(tasks)) == [
        "changed: tasks/images/classifieds/bike.png",
        "missing: tasks/classifieds.json (in the manifest, not produced)",
        "new: tasks/images/extra.png (produced, not in the manifest)",
    ]


def _rec(task_id, reward=1, answer="120", url="http://127.0.0.1:41001/index.php?page=item&id=3", status="scored"):
    return {
        "task_file": "/a/tasks/classifieds.json",
        "task_id": task_id,
        "status": status,
        "reward": reward,
        "answer": answer,
        "final_url": url,
    }


def test_two_runs_compare_by_task_with_ports_masked():
    first = [_rec(0), _rec(1), _rec(2), _rec(3)]
    second = [
        _rec(0, url="http://127.0.0.1:52002/index.php?page=item&id=3"),  # another worker's port
        _rec(1, answer="121"),
        _rec(2, reward=None, status="error"),
    ]
    assert compare_runs(first, first) == []
    assert compare_runs(first, second) == [
        "classifieds.json#1: answer '120' vs '121'",
        "classifieds.json#2: status 'scored' vs 'error'; reward 1 vs None",
        "classifieds.json#3: only in the first run",
    ]
