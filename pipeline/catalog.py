"""The catalog: every generated, proven and graded puzzle, in SQLite.

One row per puzzle with the fields of the export record. WAL mode and a busy timeout make
it safe for several worker processes to write; inserts are idempotent.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Iterable, Iterator

from pipeline.records import PuzzleRecord

SCHEMA_VERSION = 1
DEFAULT_PATH = Path("build/catalog.sqlite")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS puzzles (
    id TEXT PRIMARY KEY,
    family TEXT NOT NULL,
    level TEXT NOT NULL,
    number INTEGER NOT NULL,
    key TEXT NOT NULL,
    generator TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    grade TEXT NOT NULL,
    proof TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    extra TEXT NOT NULL,
    dedupe_form TEXT NOT NULL,
    UNIQUE (family, dedupe_form)
);
CREATE INDEX IF NOT EXISTS puzzles_by_level ON puzzles (family, level, number);
"""


class CatalogError(RuntimeError):
    pass


class Catalog:
    def __init__(self, path: Path | str = DEFAULT_PATH):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA busy_timeout=60000")
        self._db.executescript(_SCHEMA)
        self._check_schema()

    def _check_schema(self) -> None:
        row = self._db.execute("SELECT value FROM meta WHERE name='schema_version'").fetchone()
        if row is None:
            self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)",
                             (str(SCHEMA_VERSION),))
        elif int(row[0]) != SCHEMA_VERSION:
            raise CatalogError(f"{self.path}: schema version {row[0]}, expected {SCHEMA_VERSION}; "
                               "move the old catalog aside to rebuild it")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "Catalog":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def add(self, record: PuzzleRecord, number: int, dedupe_form: str) -> bool:
        """Insert a record; False when its id or its board (under symmetry) is already there."""
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO puzzles VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (record.id, record.family, record.level, number, record.key, record.generator,
             _dump(record.puzzle), _dump(record.solution), _dump(record.grade),
             _dump(record.proof), record.sha256, _dump(record.extra), dedupe_form))
        return cursor.rowcount == 1

    @contextmanager
    def transaction(self):
        """Several adds committed at once (one write to disk): all of them, or none."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def has_form(self, family: str, dedupe_form: str) -> bool:
        return self._db.execute("SELECT 1 FROM puzzles WHERE family=? AND dedupe_form=?",
                                (family, dedupe_form)).fetchone() is not None

    def numbers(self, family: str, level: str) -> set[int]:
        rows = self._db.execute("SELECT number FROM puzzles WHERE family=? AND level=?",
                                (family, level))
        return {number for (number,) in rows}

    def records(self, family: str | None = None, level: str | None = None,
                ids: Iterable[str] | None = None) -> Iterator[PuzzleRecord]:
        """Records in a stable order: family, level, number."""
        query = "SELECT id, family, level, key, generator, puzzle, solution, grade, proof, " \
                "sha256, extra FROM puzzles"
        clauses, args = [], []
        if family is not None:
            clauses.append("family=?")
            args.append(family)
        if level is not None:
            clauses.append("level=?")
            args.append(level)
        if ids is not None:
            wanted = list(ids)
            clauses.append(f"id IN ({','.join('?' * len(wanted))})")
            args.extend(wanted)
        if clauses:
            query += " WHERE " + " AND ".join(clauses)
        query += " ORDER BY family, level, number"
        with closing(self._db.execute(query, args)) as cursor:
            for row in cursor:
                yield PuzzleRecord(id=row[0], family=row[1], level=row[2], key=row[3],
                                   generator=row[4], puzzle=json.loads(row[5]),
                                   solution=json.loads(row[6]), grade=json.loads(row[7]),
                                   proof=json.loads(row[8]), sha256=row[9],
                                   extra=json.loads(row[10]))

    def puzzles(self, family: str, level: str) -> Iterator[dict]:
        """The puzzles alone of one level, in key order: what the near-duplicate test loads."""
        with closing(self._db.execute("SELECT puzzle FROM puzzles WHERE family=? AND level=? "
                                      "ORDER BY number", (family, level))) as cursor:
            for (text,) in cursor:
                yield json.loads(text)

    def count(self, family: str, level: str) -> int:
        return self._db.execute("SELECT COUNT(*) FROM puzzles WHERE family=? AND level=?",
                                (family, level)).fetchone()[0]


def _dump(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
