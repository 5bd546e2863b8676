"""SQL the sites' schemas share. A site's data folder is named for this file too (its store's SOURCES), as the
schema it writes decides the data."""

from __future__ import annotations


def fts_index(table: str, *columns: str) -> str:
    """The SQL of a full-text index `<table>_fts` over `columns` of `table` (fts5 with the table as its external
    content) and of the triggers that keep it in step with the table's inserts, deletes and updates."""
    fts, names = f"{table}_fts", ", ".join(columns)
    new, old = (", ".join(f"{row}.{column}" for column in columns) for row in ("new", "old"))
    return f"""CREATE VIRTUAL TABLE {fts} USING fts5({names}, content='{table}', content_rowid='id');
CREATE TRIGGER {table}_ai AFTER INSERT ON {table} BEGIN
    INSERT INTO {fts}(rowid, {names}) VALUES (new.id, {new});
END;
CREATE TRIGGER {table}_ad AFTER DELETE ON {table} BEGIN
    INSERT INTO {fts}({fts}, rowid, {names}) VALUES ('delete', old.id, {old});
END;
CREATE TRIGGER {table}_au AFTER UPDATE OF {names} ON {table} BEGIN
    INSERT INTO {fts}({fts}, rowid, {names}) VALUES ('delete', old.id, {old});
    INSERT INTO {fts}(rowid, {names}) VALUES (new.id, {new});
END;
"""
