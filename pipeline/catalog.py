"""The catalog: every generated, proven and graded puzzle, in SQLite.

One row per puzzle with the fields of the export record. WAL mode and a busy timeout make
it safe for several worker processes to write; inserts are idempotent. The `level` column
holds the record's catalog level name (`PuzzleRecord.space`): the level itself, or for boards
made from a layout's own word data the level with that data's digest, so those boards are
counted, numbered and read apart from the family's own; every `level` argument below is
such a name.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Iterable, Iterator, Mapping

from pipeline.records import PuzzleRecord, space_level

SCHEMA_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"
DEFAULT_PATH = Path("build/catalog.sqlite")

# One transaction: another process opening the catalog at the same moment sees either no
# tables (a new catalog) or all of them with the schema version, never half a catalog.
_SCHEMA = """
BEGIN IMMEDIATE;
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
-- What a level's near-duplicate index keeps of each board (its "sketch", in the index's own
-- text form), so that loading the index does not parse every puzzle. A cache: rows missing
-- or in another form are made again from the puzzle (docs/generation.md).
CREATE TABLE IF NOT EXISTS sketches (
    id TEXT PRIMARY KEY,
    family TEXT NOT NULL,
    level TEXT NOT NULL,
    sketch TEXT NOT NULL
);
INSERT OR IGNORE INTO meta VALUES ('schema_version', '%d');
COMMIT;
""" % SCHEMA_VERSION


class CatalogError(RuntimeError):
    pass


def probe(path: Path) -> None:
    """Refuse, before anything is written to it, a file that is not a catalog this version
    can use: not an SQLite database, cut short or otherwise damaged, another program's
    database, or a catalog of another schema version. A missing or empty file is a new
    catalog."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return
    if size == 0:
        return
    with path.open("rb") as stream:
        header = stream.read(100)
    if not header.startswith(SQLITE_MAGIC):
        raise CatalogError(f"{path}: not an SQLite database")
    if len(header) < 100:
        raise CatalogError(f"{path}: cut short ({size} bytes, not even a database header)")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    # A write-ahead log beside the file means another process has the catalog open (SQLite
    # removes it when the last connection closes): the file may be mid-checkpoint, so only
    # SQLite's own locked reading is trusted then.
    in_use = path.with_name(path.name + "-wal").exists()
    # The header's page count is trusted only when it was written with the last change
    # (the "version valid for" field equals the change counter), as SQLite itself does.
    if not in_use and header[92:96] == header[24:28] and size < pages * page_size:
        raise CatalogError(f"{path}: cut short ({size} bytes where its header promises "
                           f"{pages * page_size})")
    # Not in use: read immutable, without locks, journals or shared-memory files, so nothing
    # is written. In use: a read-only connection, whose log files exist already.
    mode = "mode=ro" if in_use else "immutable=1"
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True,
                                     timeout=60)) as db:
            damage = db.execute("PRAGMA quick_check").fetchone()[0]
            if damage != "ok":
                raise CatalogError(f"{path}: damaged SQLite database ({damage})")
            tables = {name for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")}
            if tables and not {"meta", "puzzles"} <= tables:
                raise CatalogError(f"{path}: an SQLite database, but not a catalog (no "
                                   "puzzles table)")
            row = db.execute("SELECT value FROM meta WHERE name='schema_version'").fetchone() \
                if tables else None
    except sqlite3.DatabaseError as error:
        raise CatalogError(f"{path}: damaged SQLite database ({error})") from None
    if row is not None:
        _check_version(path, row[0])


def _check_version(path: Path, version: str) -> None:
    if not version.isdigit():
        raise CatalogError(f"{path}: schema version {version!r} is not a number")
    if int(version) > SCHEMA_VERSION:
        raise CatalogError(f"{path}: written by a newer pipeline (catalog schema version "
                           f"{version}, this version reads {SCHEMA_VERSION}); use that pipeline "
                           "or another --catalog")
    if int(version) < SCHEMA_VERSION:
        raise CatalogError(f"{path}: catalog schema version {version}, this version reads "
                           f"{SCHEMA_VERSION}; move the old catalog aside to rebuild it")


class Catalog:
    def __init__(self, path: Path | str = DEFAULT_PATH):
        self.path = Path(path)
        probe(self.path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA busy_timeout=60000")
        self._db.executescript(_SCHEMA)
        self._check_schema()

    def _check_schema(self) -> None:
        row = self._db.execute("SELECT value FROM meta WHERE name='schema_version'").fetchone()
        _check_version(self.path, row[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "Catalog":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def add(self, record: PuzzleRecord, number: int, dedupe_form: str,
            sketch: str | None = None) -> bool:
        """Insert a record (and its near-duplicate sketch, when the level keeps one); False
        when its id or its board (under symmetry) is already there."""
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO puzzles VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (record.id, record.family, record.space, number, record.key, record.generator,
             _dump(record.puzzle), _dump(record.solution), _dump(record.grade),
             _dump(record.proof), record.sha256, _dump(record.extra), dedupe_form))
        if cursor.rowcount == 1 and sketch is not None:
            self._db.execute("INSERT OR REPLACE INTO sketches VALUES (?,?,?,?)",
                             (record.id, record.family, record.space, sketch))
        return cursor.rowcount == 1

    def sketches(self, family: str, level: str, form: str) -> tuple[list[str], list[tuple]]:
        """The stored sketches of a level's boards that are in `form` (a prefix naming the
        index's text form), and (id, puzzle) for the boards that have none in that form."""
        stored, missing = [], []
        rows = self._db.execute(
            "SELECT p.id, s.sketch, CASE WHEN s.sketch IS NULL OR substr(s.sketch, 1, ?) != ? "
            "THEN p.puzzle END FROM puzzles p LEFT JOIN sketches s ON s.id = p.id "
            "WHERE p.family=? AND p.level=?", (len(form), form, family, level))
        for puzzle_id, sketch, puzzle in rows:
            if puzzle is None:
                stored.append(sketch)
            else:
                missing.append((puzzle_id, json.loads(puzzle)))
        return stored, missing

    def store_sketches(self, family: str, level: str, sketches: list[tuple[str, str]]) -> None:
        """Keep (id, sketch) for boards that had none: the next load reads them."""
        with self.transaction():
            self._db.executemany("INSERT OR REPLACE INTO sketches VALUES (?,?,?,?)",
                                 [(puzzle_id, family, level, sketch)
                                  for puzzle_id, sketch in sketches])

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
                yield PuzzleRecord(id=row[0], family=row[1], level=space_level(row[2]), key=row[3],
                                   generator=row[4], puzzle=json.loads(row[5]),
                                   solution=json.loads(row[6]), grade=json.loads(row[7]),
                                   proof=json.loads(row[8]), sha256=row[9],
                                   extra=json.loads(row[10]))

    def stale(self, versions: Mapping[str, str]) -> dict[tuple[str, str], int]:
        """Records made by another generator version than `versions` (family -> version)
        names, counted per (family, level); families not in `versions` are not looked at."""
        counts: dict[tuple[str, str], int] = {}
        rows = self._db.execute("SELECT family, level, generator, COUNT(*) FROM puzzles "
                                "GROUP BY family, level, generator ORDER BY family, level")
        for family, level, generator, count in rows:
            if family in versions and generator != versions[family]:
                counts[(family, level)] = counts.get((family, level), 0) + count
        return counts

    def drop_level(self, family: str, level: str) -> int:
        """Delete every record of one level (in one transaction); how many went."""
        with self.transaction():
            self._db.execute("DELETE FROM sketches WHERE family=? AND level=?", (family, level))
            return self._db.execute("DELETE FROM puzzles WHERE family=? AND level=?",
                                    (family, level)).rowcount

    def puzzles(self, family: str, level: str) -> Iterator[dict]:
        """The puzzles alone of one level, in key order: what the near-duplicate test loads."""
        with closing(self._db.execute("SELECT puzzle FROM puzzles WHERE family=? AND level=? "
                                      "ORDER BY number", (family, level))) as cursor:
            for (text,) in cursor:
                yield json.loads(text)

    def rows_digest(self, family: str, level: str, through: int) -> str:
        """The sha256 of a level's rows numbered up to `through`, as stored, in key order: it
        changes when any of those boards is added, changed or removed, and only then."""
        digest = hashlib.sha256()
        with closing(self._db.execute(
                "SELECT number, id, key, generator, puzzle, solution, grade, proof, sha256, "
                "extra FROM puzzles WHERE family=? AND level=? AND number<=? ORDER BY number",
                (family, level, through))) as cursor:
            for row in cursor:
                digest.update(json.dumps(row, ensure_ascii=False).encode() + b"\n")
        return digest.hexdigest()

    def count(self, family: str, level: str) -> int:
        return self._db.execute("SELECT COUNT(*) FROM puzzles WHERE family=? AND level=?",
                                (family, level)).fetchone()[0]


def _dump(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def refuse_stale(catalog: Catalog, families) -> None:
    """Stop, in one line, when the catalog holds records of `families` (Family objects) made
    by another generator version than the family's: a book never prints them, and a fill
    never counts or dedupes against them."""
    versions = {family.name: family.version for family in families}
    stale = catalog.stale(versions)
    if not stale:
        return
    where = ", ".join(f"{family} {level} {count}" for (family, level), count in stale.items())
    names = list(dict.fromkeys(family for family, _ in stale))
    now = ", ".join(versions[name] for name in names)
    run = "; ".join(f"pipeline generate --family {name} --count "
                    f"{max(n for (f, _), n in stale.items() if f == name)} --replace-stale"
                    for name in names)
    raise CatalogError(f"{catalog.path}: {sum(stale.values())} records from an older generator "
                       f"({where}; the generator is now {now}); run: {run}")
