"""Fingerprints of generated data, stable where the files themselves are not (`make verify`).

    sqlite_digest(path)    the schema and every row, table by table, rows in column order (ORDER BY 1, 2, ...)
    zim_digest(path)       the metadata and every entry by path: title, MIME type and content, or redirect target
    photo_digest(rows, render)   the pixels of a fixed sample of rendered photos
    file_digest(path)      the bytes

An SQLite file's bytes depend on the SQLite version and page layout, and a ZIM file holds a fresh UUID
per build, so those two are hashed in a canonical form instead of as bytes. The full-text indexes of
SQLite (FTS5 virtual tables and their shadow tables) are left out: their blobs depend on how the index
was merged, and their content is derived from the tables they index, which are hashed. Photos are
rendered on first request by the sites, so a sample of them is rendered here and its pixels hashed.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from PIL import Image

Row = TypeVar("Row")

PHOTO_SAMPLE = 24  # photos rendered per site (evenly spread over the photo table, first and last included)


def _json_cell(value: object) -> object:
    return {"blob": value.hex()} if isinstance(value, bytes) else value


def sqlite_digest(path: Path) -> str:
    h = hashlib.sha256()
    con = sqlite3.connect(f"file:{Path(path)}?mode=ro", uri=True)
    try:
        objects = con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()
        virtual = [
            name
            for kind, name, _, sql in objects
            if kind == "table" and (sql or "").upper().startswith("CREATE VIRTUAL TABLE")
        ]

        def derived(name: str) -> bool:  # a full-text index or one of its shadow tables
            return any(name == v or name.startswith(v + "_") for v in virtual)

        for kind, name, table, sql in objects:
            if derived(name) or derived(table):
                continue
            h.update(json.dumps(["schema", kind, name, table, sql]).encode())
        for kind, name, _, _ in objects:
            if kind != "table" or derived(name):
                continue
            quoted = '"' + name.replace('"', '""') + '"'
            width = len(con.execute(f"PRAGMA table_info({quoted})").fetchall())
            order = ", ".join(str(i + 1) for i in range(width))
            h.update(json.dumps(["table", name]).encode())
            for row in con.execute(f"SELECT * FROM {quoted} ORDER BY {order}"):
                h.update(json.dumps([_json_cell(v) for v in row], ensure_ascii=False).encode() + b"\n")
    finally:
        con.close()
    return h.hexdigest()


def zim_digest(path: Path) -> str:
    from libzim.reader import Archive

    archive = Archive(str(path))
    h = hashlib.sha256()
    for key in sorted(archive.metadata_keys):
        h.update(json.dumps(["meta", key, archive.get_metadata(key).hex()]).encode())
    entries = []
    for index in range(archive.entry_count):
        entry = archive._get_entry_by_id(index)
        if entry.is_redirect:
            entries.append([entry.path, entry.title, "redirect", entry.get_redirect_entry().path])
        else:
            item = entry.get_item()
            entries.append([entry.path, entry.title, item.mimetype, hashlib.sha256(bytes(item.content)).hexdigest()])
    for entry in sorted(entries):
        h.update(json.dumps(entry, ensure_ascii=False).encode())
    if archive.has_main_entry:
        h.update(json.dumps(["main", archive.main_entry.path]).encode())
    return h.hexdigest()


def sample(rows: Sequence[Row], count: int = PHOTO_SAMPLE) -> list[Row]:
    """`count` rows evenly spread over `rows` (all of them when there are fewer), first and last included."""
    if len(rows) <= count:
        return list(rows)
    step = (len(rows) - 1) / (count - 1)
    return [rows[round(i * step)] for i in range(count)]


def image_digest(image: Image.Image) -> str:
    return hashlib.sha256(f"{image.mode}{image.size}".encode() + image.tobytes()).hexdigest()


def photo_digest(
    rows: Sequence[sqlite3.Row], render: Callable[[sqlite3.Row], Image.Image], failures: list[str] | None = None
) -> str:
    """Hash of the pixels of `render(row)` for a sample of `rows` (e.g. photo rows ordered by id). A row
    that cannot be rendered adds its error text (so the fingerprint stays comparable) and, when a
    `failures` list is given, a line naming it there."""
    h = hashlib.sha256()
    for row in sample(rows):
        try:
            h.update(image_digest(render(row)).encode())
        except Exception as exc:  # a data defect the site would show as a broken image: named, not hidden
            h.update(f"error: {type(exc).__name__}: {exc}".encode())
            if failures is not None:
                failures.append(f"row {dict(row).get('id')}: {type(exc).__name__}: {exc}")
    return h.hexdigest()


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
