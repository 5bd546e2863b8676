"""Connections to the live database of one classifieds instance, and restoring it from the pristine copy."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=15, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def connect_readonly(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=15)
    conn.row_factory = sqlite3.Row
    return conn


def restore(pristine: Path, live: Path) -> None:
    """Overwrite the live database with the pristine one through SQLite's backup API: atomic for the
    readers, and the connections other threads hold stay valid."""
    src = connect_readonly(pristine)
    dst = sqlite3.connect(live, timeout=15)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def install_copy(pristine: Path, live: Path) -> None:
    """Give an instance its own writable copy of the pristine database."""
    live.parent.mkdir(parents=True, exist_ok=True)
    tmp = live.with_name(live.name + ".tmp")
    shutil.copyfile(pristine, tmp)
    tmp.chmod(0o644)
    tmp.replace(live)
