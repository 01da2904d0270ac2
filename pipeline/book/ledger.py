"""The publication ledger, layouts/ledger.jsonl: which title holds which board, for ever.

The printers refuse content duplicated across titles, and a buyer who meets a puzzle already
solved in another book says so in a review. So every board a published title prints is
recorded here, with the title, the page and what the board is on that page ("puzzle": sold
as a puzzle; "howto": a worked example or lesson figure), and stays recorded when the
book's layout is retired. A book's edition (its page digests, for `pipeline diff`) is a row
of its own ("edition"). The file is in the repository, beside the layouts, so it survives
deleting build/; it is rewritten whole, sorted, by `pipeline publish` and by nothing else.

"The same board" is the family's sameness, never only the id: the same `dedupe_form`
(symmetries, relabelling) or a near duplicate by the family's own rule
(`Family.near_duplicates(level)`, answering as `Family.too_similar`). So each row keeps the
board's puzzle, and `Holdings` tests a candidate against every held board of its family at
once: by id, by form, then by the near-duplicate index of its level.

What a build draws around (pipeline/book/build.py): a section passes over every board
another title holds (as a puzzle or on its how-to pages), and a how-to board is one no other
title sells as a puzzle; a book's own rows never stand in its way, so a published book
rebuilt from the same layout gets the same boards.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from pipeline.atomic import write_text
from pipeline.errors import InputError
from pipeline.family import family_names, get_family
from pipeline.records import canonical_json, puzzle_id, read_records, require

LEDGER_NAME = "ledger.jsonl"
EDITIONS_FOLDER = "editions"      # layouts/editions/<slug>-<n>.pages.jsonl: page digests
ROLES = ("puzzle", "howto")
PUZZLE_KINDS = {"puzzle": "puzzle", "howto": "howto"}   # manifest page kind -> role
ARCHIVE_FOLDER = "editions"   # build/editions/<slug>/<n>/: published PDFs (the diff gallery)


# --- values ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Holding:
    """One board on one page of one title."""

    book: str          # the title's slug
    title: str         # as printed
    role: str          # "puzzle" or "howto"
    page: int
    board: str         # the record id
    family: str
    level: str
    form: str          # `board_form`: the family's dedupe form, hashed
    puzzle: dict
    edition: int | None = None   # the edition that first printed it (None: not published)

    def where(self) -> str:
        return f"{self.title!r} page {self.page}"

    def to_row(self) -> dict:
        return {"book": self.book, "title": self.title, "role": self.role, "page": self.page,
                "board": self.board, "family": self.family, "level": self.level,
                "form": self.form, "edition": self.edition, "puzzle": self.puzzle}


@dataclass(frozen=True)
class Edition:
    """A published edition: where its page digests are kept and what its files were."""

    book: str
    title: str
    edition: int
    pages: str              # path of the page digest list, relative to the layouts folder
    interior_sha256: str
    cover_sha256: str
    page_count: int
    series: str | None = None
    volume: int | None = None

    def to_row(self) -> dict:
        return {"book": self.book, "title": self.title, "role": "edition",
                "edition": self.edition, "pages": self.pages,
                "interior_sha256": self.interior_sha256, "cover_sha256": self.cover_sha256,
                "page_count": self.page_count, "series": self.series, "volume": self.volume}


@dataclass(frozen=True)
class Match:
    """Why a candidate is the same board as a holding: "the same board", "the same board
    under a symmetry" or "a near duplicate"."""

    holding: Holding
    how: str


@dataclass(frozen=True)
class Ledger:
    path: Path
    holdings: tuple[Holding, ...]
    editions: tuple[Edition, ...]

    def of(self, book: str) -> tuple[Holding, ...]:
        return tuple(h for h in self.holdings if h.book == book)

    def others(self, book: str) -> "Holdings":
        return Holdings(tuple(h for h in self.holdings if h.book != book))

    def last_edition(self, book: str) -> Edition | None:
        mine = [e for e in self.editions if e.book == book]
        return max(mine, key=lambda e: e.edition) if mine else None

    @property
    def folder(self) -> Path:
        return self.path.parent


# --- sameness ----------------------------------------------------------------------------------
@lru_cache(maxsize=65536)
def _form_of(family: str, puzzle_text: str) -> str:
    form = get_family(family).dedupe_form(json.loads(puzzle_text))
    return hashlib.sha256(f"{family}:{form}".encode()).hexdigest()[:32]


_FORMS_BY_RECORD: dict[tuple[str, str], str] = {}   # (family, record sha256) -> form


def board_form(family: str, puzzle: dict, record_sha256: str | None = None) -> str:
    """The family's dedupe form of a board, hashed: equal exactly for boards equal under the
    family's symmetries (and relabelling). With the record's sha256 the form is worked out
    once a process for that record (a build tests a board against the ledger book by book)."""
    if record_sha256 is None:
        return _form_of(family, canonical_json(puzzle))
    key = (family, record_sha256)
    if key not in _FORMS_BY_RECORD:
        _FORMS_BY_RECORD[key] = _form_of(family, canonical_json(puzzle))
    return _FORMS_BY_RECORD[key]


class Holdings:
    """Boards held by titles, tested against a candidate all at once: by id, by dedupe form,
    then by the near-duplicate rule of the candidate's family and level."""

    def __init__(self, holdings: Iterable[Holding]):
        self.holdings = tuple(holdings)
        self.by_id: dict[str, list[Holding]] = {}
        self.by_form: dict[str, list[Holding]] = {}
        for h in self.holdings:
            self.by_id.setdefault(h.board, []).append(h)
            self.by_form.setdefault(h.form, []).append(h)
        self._near: dict[tuple[str, str], object] = {}

    def __len__(self) -> int:
        return len(self.holdings)

    def _index(self, family: str, level: str):
        key = (family, level)
        if key not in self._near:
            index = get_family(family).near_duplicates(level)
            if index is not None:
                for h in self.holdings:
                    if (h.family, h.level) == key:
                        index.add(index.sketch(h.puzzle))
            self._near[key] = index
        return self._near[key]

    def numbers(self, family: str, level: str, roles: tuple[str, ...] = ROLES) -> set[int]:
        """The key numbers of a level's boards held in `roles`, read from their ids (the
        number is an id's last part): the boards a book will pass over, known before they
        are generated. `level` is a catalog level: boards made from a layout's own word data
        (ids `<family>-<level>+<digest>-<n>`) are numbered apart and not counted here."""
        prefix = puzzle_id(family, level, 0).rsplit("-", 1)[0]
        return {int(number) for h in self.holdings if h.family == family and h.role in roles
                for named, number in [h.board.rsplit("-", 1)] if named == prefix}

    def match(self, board: str, family: str, level: str, puzzle: dict,
              roles: tuple[str, ...] = ROLES, record_sha256: str | None = None,
              form: str | None = None) -> Match | None:
        """The first holding (in role, book, page order) that is the same board as the
        candidate by the family's sameness, among holdings of `roles`; None when none is.
        `form`: the candidate's `board_form`, when the caller has it already."""
        def first(found):
            found = sorted((h for h in found if h.role in roles),
                           key=lambda h: (ROLES.index(h.role), h.book, h.page))
            return found[0] if found else None

        same = first(self.by_id.get(board, ()))
        if same is not None:
            return Match(same, "the same board")
        if not self.holdings:
            return None
        if form is None:
            form = board_form(family, puzzle, record_sha256)
        same = first(self.by_form.get(form, ()))
        if same is not None:
            return Match(same, "the same board under a symmetry")
        index = self._index(family, level)
        if index is None or not index.near(index.sketch(puzzle)):
            return None
        rule = get_family(family)
        same = first(h for h in self.holdings if (h.family, h.level) == (family, level)
                     and rule.too_similar(level, puzzle, [h.puzzle]))
        return None if same is None else Match(same, "a near duplicate")


def conflict_line(mine: Holding, match: Match) -> str:
    """One line naming both titles and both pages."""
    other = match.holding
    what = {"puzzle": "sold as a puzzle", "howto": "on the how-to pages"}
    return (f"{mine.board} ({mine.where()}, {mine.role}) is {match.how} as {other.board} "
            f"({other.where()}, {what[other.role]})")


def conflict_pairs(mine: Iterable[Holding], others: Holdings, *,
                   made_here: bool = False) -> list[tuple[Holding, Match]]:
    """Every board of a title the others hold: a puzzle anyone else holds in any role, a
    how-to board another title sells as a puzzle. `made_here`: `mine` are as
    `book_holdings` makes them, each with the form `board_form` gives its board now (not a
    form read from the ledger, which may be older), so it is not worked out again."""
    out = []
    for h in mine:
        roles = ROLES if h.role == "puzzle" else ("puzzle",)
        found = others.match(h.board, h.family, h.level, h.puzzle, roles,
                             form=h.form if made_here else None)
        if found is not None:
            out.append((h, found))
    return out


def conflicts(mine: Iterable[Holding], others: Holdings, *, made_here: bool = False) -> list[str]:
    return [conflict_line(h, found) for h, found in conflict_pairs(mine, others,
                                                                   made_here=made_here)]


# --- a built book's holdings -------------------------------------------------------------------
def book_holdings(entry: dict, records: dict, ledger: "Ledger | None" = None,
                  forms: "dict[str, str] | None" = None) -> list[Holding]:
    """The boards a manifest entry prints, each where it is first printed in its role (puzzle
    pages, how-to pages), from `records` (id -> {"family", "level", "puzzle", ...}); `forms`:
    id -> `board_form`, for the boards whose forms were worked out already."""
    first_edition = {h.board: h.edition for h in ledger.of(entry["slug"])} if ledger else {}
    title = entry.get("title", entry["slug"])
    if entry.get("volume") is not None:   # volumes of a series may share a title
        title += f", Volume {entry['volume']}"
    seen: set[tuple[str, str]] = set()
    out = []
    for page in entry.get("pages", []):
        role = PUZZLE_KINDS.get(page.get("kind"))
        if role is None:
            continue
        for placed in page.get("puzzles", []):
            board = placed.get("id")
            record = records.get(board)
            if record is None or (role, board) in seen:
                continue
            seen.add((role, board))
            out.append(Holding(entry["slug"], title, role,
                               page["number"], board, record["family"], record["level"],
                               (forms or {}).get(board) or board_form(record["family"],
                                                                      record["puzzle"]),
                               record["puzzle"], first_edition.get(board)))
    return out


# --- reading and writing -----------------------------------------------------------------------
def ledger_path(layouts: Path) -> Path:
    return Path(layouts) / LEDGER_NAME


def read_ledger(path: Path) -> Ledger:
    """The ledger at `path`; a bad row, or no file there, is one line naming the file (and
    the line and the field): an absent ledger is never read as an empty one, which would
    let a book take boards another title sells. Read once a process while the file stays
    the same (a build asks for it book by book)."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError as error:
        raise InputError(f"cannot read the publication ledger ({error.strerror or error}); "
                         "an empty file is a ledger of no titles", file=str(path)) from None
    return _read_ledger(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _read_ledger(path: Path, _mtime_ns: int, _size: int) -> Ledger:
    holdings, editions = [], []
    name = str(path)
    with path.open(encoding="utf-8") as stream:
        for line, row in read_records(stream, name):
            try:
                role = require(row, "role", str)
                if role == "edition":
                    editions.append(Edition(
                        require(row, "book", str), require(row, "title", str),
                        require(row, "edition", int), require(row, "pages", str),
                        require(row, "interior_sha256", str), require(row, "cover_sha256", str),
                        require(row, "page_count", int), row.get("series"), row.get("volume")))
                    continue
                if role not in ROLES:
                    raise InputError(f"must be one of {', '.join(ROLES + ('edition',))}",
                                     field="role")
                family = require(row, "family", str)
                if family not in family_names():   # the registry, without loading a family
                    raise InputError(f"unknown family {family!r}", field="family")
                holdings.append(Holding(
                    require(row, "book", str), require(row, "title", str), role,
                    require(row, "page", int), require(row, "board", str), family,
                    require(row, "level", str), require(row, "form", str),
                    require(row, "puzzle", dict), row.get("edition")))
            except InputError as error:
                raise error.located(file=name, line=line) from None
    return Ledger(path, tuple(holdings), tuple(editions))


def ledger_text(holdings: Iterable[Holding], editions: Iterable[Edition]) -> str:
    """The file, sorted: editions first, then holdings by title, role, page and board."""
    rows = [e.to_row() for e in sorted(editions, key=lambda e: (e.book, e.edition))]
    rows += [h.to_row() for h in sorted(holdings, key=lambda h: (
        h.book, ROLES.index(h.role), h.page, h.board))]
    return "".join(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for row in rows)


def write_ledger(ledger: Ledger, holdings, editions) -> None:
    write_text(ledger.path, ledger_text(holdings, editions))


def ledger_digest(path: Path) -> str | None:
    """The sha256 of the ledger's bytes (None: no ledger): part of every book's inputs."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


# --- the manifest ------------------------------------------------------------------------------
def read_manifest_books(path: Path) -> dict[str, dict]:
    try:
        books = json.loads(Path(path).read_text(encoding="utf-8"))["books"]
        return {book["slug"]: book for book in books}
    except OSError:
        raise InputError("cannot read; run `pipeline books` first", file=str(path)) from None
    except (ValueError, KeyError, TypeError):
        raise InputError("not a manifest (no books list)", file=str(path)) from None


def choose(books: dict[str, dict], slugs, manifest: Path) -> list[dict]:
    for slug in slugs:
        if slug not in books:
            raise InputError(f"no book {slug!r} in the manifest (known: {', '.join(books)})",
                             file=str(manifest), field="slug")
    return [books[slug] for slug in slugs]


def archive_folder(entry: dict, edition: int) -> Path:
    """Where `pipeline publish` keeps a copy of an edition's PDFs: beside the book's build
    folder (build/editions/<slug>/<n>/), for the diff gallery's before images."""
    return Path(entry["interior"]).parent.parent / ARCHIVE_FOLDER / entry["slug"] / str(edition)


# --- the upload sheet's ledger facts -----------------------------------------------------------
def ledger_facts(slug: str, mine: list[Holding], ledger: Ledger, *,
                 made_here: bool = False) -> dict:
    """What the ledger says of a book, as the upload sheet's duplicated-content row states it
    and the preflight recomputes it (`made_here`: as for `conflict_pairs`)."""
    others = ledger.others(slug)
    shared = conflicts(mine, others, made_here=made_here)
    held = {h.board for h in ledger.of(slug) if h.role == "puzzle"}
    printed = [h for h in mine if h.role == "puzzle"]
    last = ledger.last_edition(slug)
    return {"ledger": str(ledger.path),
            "published_edition": last.edition if last else None,
            "puzzles_printed": len(printed),
            "puzzles_held_by_this_title": sum(1 for h in printed if h.board in held),
            "boards_shared_with_other_titles": len(shared),
            "unique_across_titles": not shared,
            "other_titles_in_ledger": len({h.book for h in others.holdings})}
