"""What a book is made from, digested: `pipeline books` writes a book again only when the
digest of its inputs changed, and the preflight checks a book again only when its PDFs did.

A book's PDFs depend on its layout file, the word data its sections name (`words`), its records
(its lock file, or the catalog rows its choice of boards looked at), its two font files, the
printer table and the code that draws it (every file of the package but the read-back, whose
code never reaches a PDF) with the versions of the libraries that write bytes. Each of these is
hashed (`BookInputs`) and the whole is kept beside the PDFs in build/<slug>/inputs.json, with
the sha256 of the PDFs it produced and the book's manifest record, so a book that is not
rebuilt still gets the record a clean build writes. The file is written last: a book whose PDFs
were replaced but whose inputs file was not is built again. A missing or unreadable inputs file
means "build".

The catalog rows: a section prints the smallest key numbers its level has from `first` on
that the printer can print, and a worked example the smallest number not printed, so the
choice depends only on the rows numbered up to the largest number the book took of each level
(its `through`). Those rows are hashed as they are stored; boards added later beyond it change
nothing, a board changed or removed within it rebuilds the book.

The preflight report and the proofs of a book are made from the PDFs' bytes alone (with the
manifest record and the checking code, here every file of the package): `check_inputs`
gives their digest, kept in build/<slug>/preflight.inputs.json.
"""

from __future__ import annotations

import hashlib
import json
import platform
import zlib
from dataclasses import asdict, dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path

import pipeline
from pipeline.atomic import write_json
from pipeline.book import printers
from pipeline.errors import InputError
from pipeline.family import family_module, family_names
from pipeline.engines.worddata import source_digest

INPUTS_NAME = "inputs.json"
CHECKED_NAME = "preflight.inputs.json"
FORMAT = 1
# The libraries whose versions can change a byte of a PDF (or of what the read-back makes of it).
LIBRARIES = ("reportlab", "rl-accel", "fonttools", "uharfbuzz", "pyphen", "babel", "pikepdf",
             "pypdf")
# The package's folders and modules whose code never reaches a book's PDFs: the read-back,
# the command line and the driver's benchmark and progress lines.
NOT_DRAWING = ("readback", "cli.py", "__main__.py", "generate_bench.py", "progress.py")
PACKAGE = Path(pipeline.__file__).parent


def file_sha256(path: Path) -> str | None:
    """The sha256 of an output's bytes (a PDF, a report), None when it cannot be read: an
    output that is gone or unreadable differs from the one recorded, so it is written again."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def input_sha256(path: Path) -> str:
    """The sha256 of an input's bytes (a layout, a lock, a font, the printer table, a source
    file); one that cannot be read is an InputError naming it, never a digest of nothing."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as error:
        raise InputError(f"cannot be read ({error.strerror or error})", file=str(path)) from None


def _source_files(root: Path, skip: tuple[str, ...]):
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if (path.is_file() and "__pycache__" not in relative.parts
                and not relative.name.startswith(".") and relative.suffix != ".pyc"
                and relative.parts[0] not in skip):
            yield relative.as_posix(), path


@lru_cache(maxsize=None)
def _source_digest(root: Path, skip: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for name, path in _source_files(root, skip):
        digest.update(f"{name}\0{input_sha256(path)}\n".encode())
    return digest.hexdigest()


def drawing_code(families: tuple[str, ...]) -> str:
    """The digest of the code that draws a book of `families`: every source and data file of
    the package (printers.toml and the shared modules included) but NOT_DRAWING's and the
    folders of the other families, so editing one family rebuilds only the books that print
    it."""
    others = tuple(folder for name in family_names() if name not in families
                   for folder in [family_module(name).split(".")[-1]])
    return _source_digest(PACKAGE, NOT_DRAWING + tuple(sorted(others)))


def checking_code() -> str:
    """The digest of the code that checks and proofs a book: the whole package."""
    return _source_digest(PACKAGE, ())


@lru_cache(maxsize=None)
def library_versions() -> dict:
    versions = {"python": platform.python_version(), "zlib": zlib.ZLIB_RUNTIME_VERSION}
    for name in ("puzzle-pipeline",) + LIBRARIES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


@dataclass(frozen=True)
class BookInputs:
    """Everything a book's PDFs are made from, each part by its digest. The paths the parts
    were read from are kept beside it (`paths`) but are not part of it: the same files under
    another spelling make the same book."""

    layout: str | None
    lock: str | None                  # None: the book is not frozen
    records: tuple                    # per level: {"family", "level", "through", "rows"}
    fonts: tuple                      # regular, bold
    printers: str | None              # the printer table as printers.py reads it
    code: str
    libraries: dict
    ledger: str | None = None         # the publication ledger (layouts/ledger.jsonl) as read
    words: tuple = ()                 # the digest of each section's own word data, in order

    @property
    def digest(self) -> str:
        text = json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def changes(self, other: dict | None) -> list[str]:
        """Why a book is written: the parts that differ from its last build's inputs
        (`asdict`, as stored), or that no last build is known."""
        if not isinstance(other, dict):
            return ["no earlier build recorded"]
        now = json.loads(json.dumps(asdict(self)))
        return [f"{name} changed" for name in now if now[name] != other.get(name)]


def record_windows(records) -> dict[tuple[str, str], int]:
    """(family, catalog level) -> the largest key number a book took of that level
    (`through`); a catalog level is the level, with its word data's digest for boards made
    from a layout's own (`PuzzleRecord.space`)."""
    through: dict[tuple[str, str], int] = {}
    for record in records:
        number = int(record.key.rsplit(":", 1)[1])
        level = (record.family, record.space)
        through[level] = max(number, through.get(level, 0))
    return through


def book_inputs(paths: dict, windows: dict[tuple[str, str], int], catalog) -> BookInputs:
    """The inputs of a book read from `paths` ("layout", "lock", "fonts"); `windows` and the
    catalog give its rows when the book has no lock."""
    lock = input_sha256(paths["lock"]) if Path(paths["lock"]).exists() else None
    rows = () if lock is not None else tuple(
        {"family": family, "level": level, "through": through,
         "rows": catalog.rows_digest(family, level, through)}
        for (family, level), through in sorted(windows.items()))
    return BookInputs(layout=input_sha256(paths["layout"]), lock=lock, records=rows,
                      fonts=tuple(input_sha256(p) for p in paths["fonts"]),
                      printers=input_sha256(printers.TABLE_PATH),
                      code=drawing_code(tuple(sorted({family for family, _level in windows}))),
                      libraries=library_versions(),
                      ledger=file_sha256(paths["ledger"]) if paths.get("ledger") else None,
                      words=tuple(source_digest(Path(p)) for p in paths.get("words", ())))


def layout_paths(layout) -> dict:
    return {"layout": str(layout.path), "lock": str(layout.lock_path),
            "fonts": [str(layout.font_regular), str(layout.font_bold)],
            "ledger": str(layout.ledger),
            "words": [s.words.path for s in layout.sections if s.words is not None]}


# --- build/<slug>/inputs.json ------------------------------------------------------------------
def read_stored(path: Path) -> dict | None:
    """An inputs file as written by `store`, or None when it is missing, unreadable or not
    in this format: the book is built."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    for field, kind in (("digest", str), ("inputs", dict), ("paths", dict), ("outputs", dict),
                        ("manifest", dict)):
        if not isinstance(data.get(field), kind):
            return None
    return data


def store(path: Path, inputs: BookInputs, paths: dict, outputs: dict, entry: dict) -> None:
    write_json(path, {"format": FORMAT, "digest": inputs.digest, "inputs": asdict(inputs),
                      "paths": paths, "outputs": outputs, "manifest": entry},
               indent=None, sort_keys=False, ensure_ascii=False)


def outputs_intact(folder: Path, outputs: dict) -> bool:
    """The files in `folder` (the PDFs and the upload sheet) are the very bytes the inputs
    file says were written."""
    return bool(outputs) and all(file_sha256(folder / name) == sha
                                 for name, sha in outputs.items())


def check_inputs(book: dict, root: Path = Path(".")) -> dict:
    """What a book's preflight report and proofs are made from: its PDFs' bytes, its manifest
    record and the checking code (with the libraries' versions)."""
    record = json.dumps(book, sort_keys=True, separators=(",", ":"))
    return {"interior_sha256": file_sha256(root / book["interior"]),
            "cover_sha256": file_sha256(root / book["cover"]),
            "manifest_record": hashlib.sha256(record.encode()).hexdigest(),
            "code": checking_code(), "libraries": library_versions()}
