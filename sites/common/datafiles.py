"""Generating a site's pristine data once, even when several processes find it missing at the same time: the
SCALE a data set is for, a new SQLite file written in one go, sealed and renamed into place read-only."""

from __future__ import annotations

import fcntl
import functools
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, TypeVar

R = TypeVar("R")
D = TypeVar("D", bound="SqliteDataSet")


@dataclass(frozen=True)
class SqliteDataSet:
    """A site's generated SQLite data set: `<data dir>/<SITE>/seed<SEED>-n<count>-g<generator version>/<SITE>.sqlite`
    (read-only, shared by every instance) beside the caches of the pictures its instances render from it (filled
    lazily, atomic writes). A site's store module subclasses it with the count of what it generates."""

    SITE: ClassVar[str]
    # the files (paths under sites/) whose contents decide the data: a change to one names a new folder
    SOURCES: ClassVar[tuple[str, ...]]
    root: Path
    seed: int

    @classmethod
    def folder(cls, data_dir: Path, seed: int, count: int, version: str) -> Path:
        return Path(data_dir) / cls.SITE / f"seed{seed}-n{count}-g{version}"

    @property
    def db(self) -> Path:
        return self.root / f"{self.SITE}.sqlite"

    @classmethod
    def of(cls: type[D], data_dir: Path, seed: int, count: int) -> D:
        """The data set of `count` items (its one field after `root` and `seed`) in the folder of this seed, count
        and generator version."""
        folder = cls.folder(data_dir, seed, count, sources_version(cls.SOURCES))
        return cls(folder, seed, count)  # type: ignore[call-arg]

    @property
    def photo_cache(self) -> Path:
        return self.picture_cache("photos")

    def picture_cache(self, prefix: str) -> Path:
        """A cache folder named for the renderer's code: a change to sites/imagery starts a fresh cache instead of
        serving pictures drawn by the old code."""
        from sites.imagery import renderer_version

        return self.root / f"{prefix}-{renderer_version()}"

    def exists(self) -> bool:
        return self.db.is_file()

    def generate_once(self, generate: Callable[[], R], cache: Path) -> R | None:
        """Unless the database exists: create the picture cache folder `cache`, then write the database with
        `generate()` (atomically). The result, or None when the data was already there (see `generate_once`)."""

        def make() -> R:
            cache.mkdir(parents=True, exist_ok=True)
            return generate()

        return generate_once(self.db, make)


def generate_once(target: Path, make: Callable[[], R]) -> R | None:
    """Run `make()` (which writes `target` atomically) unless `target` exists; returns its result, or None when
    the file was already there. Processes serialise on a lock file next to `target`; the loser finds the file
    in place when it gets the lock and does nothing."""
    target = Path(target)
    if target.is_file():
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / ".generate.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return None if target.is_file() else make()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@functools.lru_cache(maxsize=8)
def sources_version(sources: tuple[str, ...]) -> str:
    """`code_version` of files named by their paths under sites/."""
    sites = Path(__file__).resolve().parents[1]
    return code_version(*(sites / source for source in sources))


def code_version(*paths: Path, extra: bytes = b"") -> str:
    """8 hex digits that change whenever one of the source files that decide a data set changes (or `extra`,
    e.g. the versions of the packages its facts come from), for the data folder's name: a changed generator
    writes a new folder instead of reusing stale data."""
    import hashlib

    digest = hashlib.sha256()
    for path in paths:
        digest.update(Path(path).read_bytes())
    digest.update(extra)
    return digest.hexdigest()[:8]


def count_for_scale(scale: str | int, scales: dict[str, int], noun: str, most: int | None = None) -> int:
    """How many items (listings, posts, products) a SCALE value asks for: a name of `scales` (tiny, small, default,
    full) or a number, at least 20 (and at most `most`); a ValueError naming SCALE otherwise."""
    if isinstance(scale, int):
        count = scale
    elif str(scale).strip().lower() in scales:
        count = scales[str(scale).strip().lower()]
    else:
        raw = str(scale).strip()
        if not (raw.isascii() and raw.isdigit()):
            raise ValueError(f"SCALE={scale!r}: expected one of {', '.join(scales)} or a {noun} count")
        count = int(raw)
    if count < 20:
        raise ValueError(f"SCALE={scale!r}: at least 20 {noun}s are needed")
    if most is not None and count > most:
        raise ValueError(f"SCALE={scale!r}: at most {most} {noun}s")
    return count


@contextmanager
def new_database(path: Path, schema: str) -> Iterator[sqlite3.Connection]:
    """A connection to a new SQLite file at `path` (which must not exist) with `schema` created and a transaction
    begun, for one bulk write without a journal or syncs; closed at the end. The writer commits, then `seal`s."""
    if path.exists():
        raise FileExistsError(f"{path} already exists; generate into a new file")
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.executescript(schema)
        conn.execute("BEGIN")
        yield conn
    finally:
        conn.close()


def seal(conn: sqlite3.Connection, fts_table: str) -> None:
    """After the commit: merge the full-text index `fts_table`, gather the planner's statistics and VACUUM, so the
    same rows inserted in the same order give a byte-identical file."""
    conn.execute(f"INSERT INTO {fts_table}({fts_table}) VALUES ('optimize')")
    conn.execute("ANALYZE")
    conn.execute("VACUUM")


def write_atomic(final: Path, write: Callable[[Path], R]) -> R:
    """Run `write(tmp)` on a temporary file next to `final`, then make it read-only (the pristine data is shared)
    and rename it into place; the temporary file never outlives the call."""
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.with_name(f".{final.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        result = write(tmp)
        os.chmod(tmp, 0o444)
        os.replace(tmp, final)
    finally:
        tmp.unlink(missing_ok=True)
    return result
