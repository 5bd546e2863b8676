"""The live database of one site instance: connections, and resetting it to the pristine copy.

All of an instance's database access happens in its own process, so reset is coordinated in-process:
requests hold a shared gate while they have a connection open; reset takes the gate exclusively
(waiting for in-flight requests to finish), swaps a ready-made copy of the pristine file into place with
an atomic rename, and starts copying the next spare in the background. A reset therefore costs a rename,
whatever the size of the database.
"""

from __future__ import annotations

import importlib
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Self

if TYPE_CHECKING:
    from sites.config import Settings

SPARE_WAIT_S = 120.0


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=15, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def connect_readonly(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=15)
    conn.row_factory = sqlite3.Row
    return conn


@contextmanager
def write_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """The block as one write: BEGIN IMMEDIATE (the write lock at once, so two writers wait for each other instead
    of failing half-way), COMMIT at its end, ROLLBACK when it raises (an abort() included)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


class PristineData:
    """Read-only queries over a site's pristine database, for task authors (`with XData(path) as data: ...`); each
    site's data module subclasses it with its queries."""

    WHAT: ClassVar[str]  # the database's name in the error when it is missing ("forum")

    def __init__(self, db_path: Path):
        self.path = Path(db_path)
        if not self.path.is_file():
            raise FileNotFoundError(f"{self.WHAT} database {self.path} not found (run `make data`)")
        self.conn: sqlite3.Connection = connect_readonly(self.path)

    @classmethod
    def configured(cls, store: str, settings: Settings | None = None, generate: bool = False) -> Self:
        """The pristine database of the configured SEED and SCALE, found (or generated first if `generate`) by the
        site's store module `store` (`dataset` and `ensure`, see sites/common/launch.py)."""
        from sites.config import settings as load_settings

        s = settings or load_settings()
        module = importlib.import_module(store)
        found = (
            module.ensure(s.data_dir, s.seed, s.scale)[0] if generate else module.dataset(s.data_dir, s.seed, s.scale)
        )
        return cls(found.db)

    def rows(self, sql: str, params: Sequence[object], limit: int | None = None) -> list[sqlite3.Row]:
        """The rows of `sql` (its first `limit` when given)."""
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return self.conn.execute(sql, params).fetchall()

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def install_copy(pristine: Path, live: Path) -> None:
    """Give an instance its own writable copy of the pristine database (atomic rename into place)."""
    live.parent.mkdir(parents=True, exist_ok=True)
    tmp = live.with_name(f".{live.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    shutil.copyfile(pristine, tmp)
    tmp.chmod(0o644)
    os.replace(tmp, live)


class LiveDatabase:
    def __init__(self, live: Path, pristine: Path):
        self.live, self.pristine = Path(live), Path(pristine)
        self.spare = self.live.with_name(self.live.name + ".spare")
        self._cond = threading.Condition()
        self._readers = 0
        self._resetting = False
        self._spare_ready = threading.Event()
        self._spare_error: BaseException | None = None
        self._make_spare_async()

    # ---- requests ----------------------------------------------------------------------------------

    def open(self) -> sqlite3.Connection:
        """A connection for one request; pair with `close(conn)`."""
        with self._cond:
            while self._resetting:
                self._cond.wait()
            self._readers += 1
        try:
            return connect(self.live)
        except BaseException:
            self._leave()
            raise

    def close(self, conn: sqlite3.Connection) -> None:
        try:
            conn.close()
        finally:
            self._leave()

    def _leave(self) -> None:
        with self._cond:
            self._readers -= 1
            self._cond.notify_all()

    @property
    def reset_ready(self) -> bool:
        """True when a pristine spare is in place, so the next reset is just a rename."""
        return self._spare_ready.is_set() and self._spare_error is None

    # ---- reset -------------------------------------------------------------------------------------

    def reset(self) -> float:
        """Swap in a pristine copy; returns the seconds taken (including waiting for in-flight requests)."""
        started = time.perf_counter()
        if not self._spare_ready.wait(SPARE_WAIT_S):
            raise RuntimeError(f"the pristine copy {self.spare} was not ready within {SPARE_WAIT_S:.0f} s")
        if self._spare_error is not None:
            raise RuntimeError(f"copying {self.pristine} failed: {self._spare_error}")
        with self._cond:
            while self._resetting:
                self._cond.wait()
            self._resetting = True
            while self._readers:
                self._cond.wait()
        # Freeing the old file's blocks takes tens of ms for a large database: move it aside (a rename) and
        # delete it in the background, with the copying of the next spare.
        trash = self.live.with_name(f".{self.live.name}.old")
        try:
            os.replace(self.live, trash)
            os.replace(self.spare, self.live)
            for suffix in ("-journal", "-wal", "-shm"):
                Path(str(self.live) + suffix).unlink(missing_ok=True)
            self._spare_ready.clear()
        finally:
            with self._cond:
                self._resetting = False
                self._cond.notify_all()
        self._make_spare_async(trash)
        return time.perf_counter() - started

    def _make_spare_async(self, trash: Path | None = None) -> None:
        threading.Thread(target=self._make_spare, args=(trash,), name="spare-copy", daemon=True).start()

    def _make_spare(self, trash: Path | None = None) -> None:
        try:
            self._spare_error = None
            if trash is not None:
                trash.unlink(missing_ok=True)
            install_copy(self.pristine, self.spare)
        except BaseException as exc:  # reported by the next reset
            self._spare_error = exc
        finally:
            self._spare_ready.set()


def same_named(table: str, *columns: str) -> dict[str, str]:
    """The `photo_filters` conditions on `columns` of `table` (or its alias) by the columns' own names."""
    return {column: f"{table}.{column} = ?" for column in columns}


def photo_filters(
    known: Mapping[str, str],
    given: Mapping[str, object],
    what: str,
    *,
    price: str,
    min_price: float | None,
    max_price: float | None,
    text: str,
    contains: str | None,
) -> tuple[list[str], list[object]]:
    """The SQL conditions (to be joined by AND) and their parameters of a search of a site's items by what their
    first photo (`p`, position 0) shows: `known[name]` for each given `name` that is not None (a name `known`
    lacks raises TypeError, saying what `what` are known), the price bounds in dollars on the `price` column (in
    cents), and the `text` column containing `contains`."""
    unknown = set(given) - set(known)
    if unknown:
        raise TypeError(f"unknown {what}(s) {', '.join(sorted(unknown))}; known: {', '.join(known)}")
    clauses, params = ["p.position = 0"], []
    for name, value in given.items():
        if value is not None:
            clauses.append(known[name])
            params.append(value)
    for bound, op in ((min_price, ">="), (max_price, "<=")):
        if bound is not None:
            clauses.append(f"{price} {op} ?")
            params.append(round(bound * 100))
    if contains:
        clauses.append(f"{text} LIKE ?")
        params.append(f"%{contains}%")
    return clauses, params
