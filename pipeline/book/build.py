"""`pipeline books` and `pipeline freeze`: from layouts and the catalog to PDFs and the manifest.

Every layout is loaded, validated and planned before anything is generated or written, so a bad
layout stops the run with one line and nothing built. A book takes its boards from its lock
file when one exists (a published edition never changes), otherwise from the catalog by key,
generating what is missing. PDFs are made in memory and written with an atomic rename.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from pipeline.atomic import write_bytes, write_json, write_text
from pipeline.book.choosing import (held_elsewhere, how_to_board, how_to_wanted, numbers_to_ask,
                                    take_boards)
from pipeline.book.cover import cover_boards, default_blurb, write_cover
from pipeline.book.declarations import book_declarations
from pipeline.book.fonts import font_set
from pipeline.book.hints import book_hints
from pipeline.book.inputs import (INPUTS_NAME, BookInputs, book_inputs, file_sha256,
                                  layout_paths, outputs_intact, read_stored, record_windows,
                                  store)
from pipeline.book.interior import (BookPuzzle, FrontMatter, InteriorWriter, family_title,
                                    level_title, pitch_problem, section_pitches)
from pipeline.book.layout import PUZZLES_PER_PAGE, Layout, Section, load_layout
from pipeline.book.ledger import read_ledger
from pipeline.book.pdfink import LayoutError
from pipeline.book.pdfx import to_pdfx
from pipeline.book.plan import Plan, SectionShape, families_in_order, longest_blank_run, plan_book
from pipeline.book.printers import get_profile
from pipeline.book.upload import SHEET_NAME, BuiltFiles, sha256, upload_sheet
from pipeline.catalog import Catalog, refuse_stale
from pipeline.errors import InputError
from pipeline.family import get_family
from pipeline.i18n import DEFAULT, N_, Messages, decimal, in_running_text, language, speaking
from pipeline.interrupts import as_completed, held, result
from pipeline.ranges import number_runs
from pipeline.workers import worker_count
from pipeline.records import PuzzleRecord, fingerprint, read_records, require

MANIFEST_NAME = "manifest.json"
_ = Messages(__name__)
PAPERS = {"white": N_("white"), "cream": N_("cream")}   # as the copyright page names them
# The printer's product as the copyright page names it, in the book's language ("Printed for
# Amazon KDP paperback", "Gedruckt für Amazon KDP (Taschenbuch)"); one for every profile.
PRINTED_FOR = {"kdp": N_("Amazon KDP paperback"), "lulu": N_("Lulu paperback (perfect bound)"),
               "ingramspark": N_("IngramSpark paperback (Lightning Source)")}


@dataclass(frozen=True)
class PlannedBook:
    layout: Layout
    plan: Plan


@dataclass(frozen=True)
class BookRecords:
    sections: tuple[tuple[PuzzleRecord, ...], ...]   # per section, in book order
    examples: dict                                     # family -> worked-example record
    lesson_boards: dict = None     # family -> (worked example, example of the hardest level)
    skipped: tuple = ()            # lines saying which boards were passed over, and why


class TextMeasure:
    """Measures text with the book's fonts, shaped: the Ink's `text_width` without a page."""

    def __init__(self, fonts):
        self.fonts = fonts

    def text_width(self, text: str, *, size: float, bold: bool = False) -> float:
        return self.fonts.face(bold).advance(text, size)


def printable_check(book: PlannedBook):
    """A function (section, record) -> None, or the reason the board cannot be printed at its
    section's pitches (a name that does not fit at the smallest type size)."""
    layout = book.layout
    profile = get_profile(layout.printer)
    measure = TextMeasure(font_set(layout.font_regular, layout.font_bold))
    count = profile.final_page_count(book.plan.page_count)
    cache: dict = {}

    def problem(section: Section, record: PuzzleRecord) -> str | None:
        key = (section, record.id)
        if key not in cache:
            puzzle_cell, solution_cell = section_pitches(layout, profile, count, section)
            cache[key] = get_family(section.family).print_problem(
                measure, section.level, record.puzzle, record.solution, puzzle_cell,
                solution_cell)
        return cache[key]
    return problem


def key_number(record: PuzzleRecord) -> int:
    return int(record.key.rsplit(":", 1)[1])


# --- planning ----------------------------------------------------------------------------------
def plan_layout(layout: Layout) -> PlannedBook:
    """The page plan, checked against the printer's page-count range and blank-page rule."""
    profile = get_profile(layout.printer)
    shapes = [SectionShape(s.family, s.count, s.puzzles_per_page, s.solutions_per_page,
                           s.hints_per_page if layout.hints else 0)
              for s in layout.sections]
    plan = plan_book(shapes, even=bool(profile.value("even_page_count")))
    low, high = profile.page_range(layout.trim, layout.paper)
    count = profile.final_page_count(plan.page_count)
    if not low <= count <= high:
        raise layout.error(f"the book would have {count} pages; {profile.name} {layout.trim} "
                           f"{layout.paper} allows {low} to {high}", "sections")
    if longest_blank_run(plan) > profile.max_blank_run:
        raise layout.error("the plan has too many blank pages in a row", "sections")
    problem = pitch_problem(layout, profile, count, PUZZLES_PER_PAGE)
    if problem is not None:
        index, message = problem
        raise layout.error(message, f"sections[{index + 1}].puzzles_per_page")
    return PlannedBook(layout, plan)


def load_and_plan(paths: list[Path]) -> list[PlannedBook]:
    books = [plan_layout(load_layout(path)) for path in paths]
    seen: dict[str, Path] = {}
    for book in books:
        if book.layout.slug in seen:
            raise InputError(f"two layouts named {book.layout.slug!r}", file=str(book.layout.path))
        seen[book.layout.slug] = book.layout.path
    return books


# --- boards: from the lock or the catalog ------------------------------------------------------
def read_lock(layout: Layout) -> dict[str, PuzzleRecord]:
    """The frozen records of a book, by key; every record is checked and its hash verified."""
    name = str(layout.lock_path)
    out: dict[str, PuzzleRecord] = {}
    with layout.lock_path.open(encoding="utf-8") as stream:
        for line, data in read_records(stream, name):
            try:
                family = get_family(require(data, "family", str))
                family.check_record(data)
                for field in ("id", "level", "key", "generator", "sha256"):
                    require(data, field, str)
                for field in ("puzzle", "solution", "grade", "proof"):
                    require(data, field, dict)
                if fingerprint(data["puzzle"], data["solution"]) != data["sha256"]:
                    raise InputError("does not match the puzzle and solution", field="sha256")
            except InputError as error:
                raise error.located(file=name, line=line) from None
            record = PuzzleRecord.from_dict(data)
            out[record.key] = record
    return out


def records_from_lock(layout: Layout, problem=None, held=None) -> BookRecords:
    """A frozen edition's records: its puzzles exactly as locked (a board another title sells
    as a puzzle never moves them: the preflight's ledger check judges them), passing over a
    locked board another title prints as its how-to board, as the catalog's drawing did; its
    how-to boards the lock's first ones no other title sells as puzzles."""
    lock = read_lock(layout)
    by_level: dict[tuple[str, str], dict[int, PuzzleRecord]] = {}
    for record in lock.values():
        by_level.setdefault((record.family, record.space), {})[key_number(record)] = record
    sections = []
    for index, section in enumerate(layout.sections, start=1):
        skipped: list = []
        taken = take_boards(by_level.get((section.family, section.space), {}), section, problem,
                            skipped, held, held_roles=("howto",))
        if len(taken) < section.count:
            raise InputError(f"the lock does not hold the {section.count} {section.family} "
                             f"{section.level} boards this section asks for; the layout changed "
                             f"after `pipeline freeze {layout.slug}`", file=str(layout.lock_path),
                             field=f"sections[{index}]")
        sections.append(tuple(taken))
    examples = {}
    for family_name in families_in_order(list(layout.sections)):
        level = example_level(layout, family_name)
        printed = printed_numbers(layout, sections, family_name, level)
        example = how_to_board(by_level.get((family_name, level), {}), printed, held)
        if example is None:
            raise InputError(f"the lock holds no worked example for {family_name} that no "
                             f"other title sells; run `pipeline freeze {layout.slug} --how-to`",
                             file=str(layout.lock_path))
        examples[family_name] = example
    lessons = {}
    for family_name in families_in_order(list(layout.sections)):
        boards = [examples[family_name]]
        for level in lesson_levels(layout, family_name):
            printed = printed_numbers(layout, sections, family_name, level)
            extra = how_to_board(by_level.get((family_name, level), {}), printed, held)
            if extra is None:
                raise InputError(f"the lock holds no {level} example for {family_name} that "
                                 f"no other title sells; run `pipeline freeze {layout.slug} "
                                 "--how-to`", file=str(layout.lock_path))
            boards.append(extra)
        lessons[family_name] = tuple(boards)
    return BookRecords(tuple(sections), examples, lessons)


def lesson_levels(layout: Layout, family_name: str) -> list[str]:
    """Levels that give the how-to lessons a board besides the worked example (easiest
    first): each level of the family the book prints, above the family's easiest. A technique
    is taught on the first, so the smallest, board whose solve uses it."""
    levels = get_family(family_name).levels
    printed = {s.level for s in layout.sections if s.family == family_name}
    return [level for level in levels[1:] if level in printed]


def example_level(layout: Layout, family_name: str) -> str:
    """The level of a family's worked example, as the family chooses it for the first level
    this book prints of it (`Family.example_level`)."""
    first = next(s.level for s in layout.sections if s.family == family_name)
    return get_family(family_name).example_level(first)


def printed_numbers(layout: Layout, sections, family: str, level: str) -> set[int]:
    return {key_number(r) for s, records in zip(layout.sections, sections)
            if (s.family, s.space) == (family, level) for r in records}


def _catalog_level(catalog: Catalog, family: str, level: str,
                   levels: dict) -> dict[int, PuzzleRecord]:
    """A level's records by key number. `levels` keeps the levels already read during one
    build: every section, example and lesson printed from a level reads it (61 reads of 18
    levels for the default books), and only a fill (`ensure_boards`) changes one."""
    if (family, level) not in levels:
        levels[(family, level)] = {key_number(r): r for r in catalog.records(family, level)}
    return levels[(family, level)]


def ensure_boards(catalog: Catalog, family: str, level: str, wanted, *, workers, progress,
            levels: dict, executor=None, words=None) -> dict:
    """Fill the catalog until `wanted(available)` is satisfied; boards are numbered from 1 in
    key order (dedupe depends on earlier boards), so filling always starts at number 1.
    `words`: a section's own word data, whose boards are a catalog level of their own."""
    from pipeline.generate import fill, source_space

    space = source_space(level, words)
    available = _catalog_level(catalog, family, space, levels)
    deficit = wanted(available)
    while deficit > 0:
        before = catalog.count(family, space)
        report = fill(catalog, family, level, before + deficit, workers=workers,
                      progress=progress, executor=executor, words=words)
        if report.stopped:
            raise InputError(report.stopped, field="level")
        if catalog.count(family, space) == before:
            raise InputError(f"could not generate more {family} {space} boards", field="level")
        levels.pop((family, space), None)
        available = _catalog_level(catalog, family, space, levels)
        deficit = wanted(available)
    return available


def records_from_catalog(layout: Layout, catalog: Catalog, *, workers=None,
                         progress=True, problem=None, executor=None,
                         levels: dict | None = None, held=None) -> BookRecords:
    levels = {} if levels is None else levels
    sections = []
    skipped: list = []
    for index, section in enumerate(layout.sections, start=1):
        passed = set() if held is None else held.numbers(section.family, section.space)

        def missing(available, section=section, index=index, passed=passed):
            have = len(take_boards(available, section, problem, held=held))
            if have == 0 and problem is not None:
                _refuse_unprintable(layout, index, section, available, problem, held)
            return numbers_to_ask(available, section.first, section.count - have, passed)
        available = ensure_boards(catalog, section.family, section.level, missing, workers=workers,
                            progress=progress, executor=executor, levels=levels,
                            words=section.words)
        sections.append(tuple(take_boards(available, section, problem, skipped, held)))
    examples = {}
    for family_name in families_in_order(list(layout.sections)):
        level = example_level(layout, family_name)
        printed = printed_numbers(layout, sections, family_name, level)
        available = ensure_boards(catalog, family_name, level,
                                  how_to_wanted(family_name, level, printed, held),
                                  workers=workers, progress=progress, executor=executor,
                                  levels=levels)
        examples[family_name] = how_to_board(available, printed, held)
    lessons = {}
    for family_name in families_in_order(list(layout.sections)):
        boards = [examples[family_name]]
        for level in lesson_levels(layout, family_name):
            printed = printed_numbers(layout, sections, family_name, level)
            available = ensure_boards(catalog, family_name, level,
                                      how_to_wanted(family_name, level, printed, held),
                                      workers=workers, progress=progress, executor=executor,
                                      levels=levels)
            boards.append(how_to_board(available, printed, held))
        lessons[family_name] = tuple(boards)
    return BookRecords(tuple(sections), examples, lessons, tuple(skipped))


def _refuse_unprintable(layout: Layout, index: int, section: Section,
                        available: dict[int, PuzzleRecord], problem, held=None) -> None:
    """A one-line error when the family refuses every board of a section for print, once it
    has refused as many as the section asks for: more boards would be refused too, and
    filling the catalog for them would never end (boards other titles hold are not counted)."""
    tried = [available[n] for n in sorted(available)
             if n >= section.first and not held_elsewhere(held, available[n])]
    reasons = [problem(section, record) for record in tried]
    if len(tried) >= section.count and all(reasons):
        raise layout.error(f"none of the first {len(tried)} {section.family} {section.level} "
                           f"boards can be printed in this section ({reasons[0]})",
                           f"sections[{index}].level")


def book_records(book: PlannedBook, catalog: Catalog, **options) -> BookRecords:
    """The book's boards, drawn around what other titles hold by the ledger."""
    layout = book.layout
    held = read_ledger(layout.ledger).others(layout.slug)
    if layout.lock_path.exists():
        return records_from_lock(layout, printable_check(book), held)
    return records_from_catalog(layout, catalog, problem=printable_check(book), held=held,
                                **options)


# --- front matter ----------------------------------------------------------------------------------
def key_ranges(records) -> str:
    """'<family>:<level>:1–40, 42' style summary of the catalog keys of some records, by
    catalog level (`PuzzleRecord.space`). A book in another language names each level by
    its printed titles instead of its slugs, which read as English words ("Mots mêlés,
    moyen : 1–2, 4–19")."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for record in records:
        groups.setdefault((record.family, record.level, record.space),
                          []).append(key_number(record))
    parts = []
    for (family, level, space), numbers in groups.items():
        runs = ", ".join(number_runs(sorted(numbers)))
        parts.append(f"{family}:{space}:{runs}" if language() == DEFAULT else
                     _("{family}, {level}: {numbers}", family=family_title(family),
                       level=in_running_text(level_title(family, level)), numbers=runs))
    return _("; ").join(parts)


def edition_fingerprint(layout: Layout, records: BookRecords) -> str:
    digest = hashlib.sha256(layout.path.read_bytes())
    for section in records.sections:
        for record in section:
            digest.update(record.sha256.encode())
    for family in sorted(records.examples):
        digest.update(records.examples[family].sha256.encode())
    return digest.hexdigest()[:16]


def versions() -> str:
    import fontTools
    import reportlab
    try:
        own = metadata.version("puzzle-pipeline")
    except metadata.PackageNotFoundError:
        own = "unknown"
    return f"pipeline {own}, reportlab {reportlab.Version}, fontTools {fontTools.version}"


def front_matter(layout: Layout, plan: Plan, records: BookRecords) -> FrontMatter:
    profile = get_profile(layout.printer)
    everything = [r for section in records.sections for r in section]
    generators = ", ".join(dict.fromkeys(r.generator for r in everything))
    examples = list(dict((r.id, r) for boards in (records.lesson_boards or {}).values()
                         for r in boards).values()) or list(records.examples.values())
    lines = [_("{title}: {subtitle}", title=layout.title, subtitle=layout.subtitle)
             if layout.subtitle else layout.title,
             _("By {author}", author=layout.author)]
    if layout.isbn:
        lines.append(f"ISBN {layout.isbn}")
    lines += [
        "",
        _("{count} puzzles. Every one has exactly one solution, proven by a checker "
          "independent of the generator that made it.", count=len(everything)),
        _("Generators: {generators}.", generators=generators),
        _("Catalog keys: {keys}.", keys=key_ranges(everything)),
        _("Worked examples: {keys}.", keys=key_ranges(examples)),
        "",
        _("Printed for {printer}: trim {trim} in, {paper} paper, {pages} pages.",
          printer=_(PRINTED_FOR[layout.printer]), trim=trim_text(layout),
          paper=_(PAPERS[layout.paper]),
          pages=plan.page_count),
        _("Built with {versions}; type: {regular}, {bold}.", versions=versions(),
          regular=layout.font_regular.name, bold=layout.font_bold.name),
        _("Edition {fingerprint}.", fingerprint=edition_fingerprint(layout, records)),
    ]
    credits = [line for name in dict.fromkeys(section.family for section in layout.sections)
               for line in get_family(name).printed_credits()]
    if credits:
        lines += [""] + credits
    contents = []
    for page in plan.pages_of("howto"):
        contents.append((_("How to play {family}", family=family_title(page.family)),
                         page.number))
    for index, section in enumerate(layout.sections):
        first = plan.section_first_number[index]
        last = first + section.count - 1
        page = plan.puzzle_page[first]
        contents.append((_("{family} · {level} · puzzles {first}–{last}",
                           family=family_title(section.family),
                           level=level_title(section.family, section.level), first=first,
                           last=last), page))
    if plan.hint_page:
        contents.append((_("Hints"), plan.pages_of("hints")[0].number))
    solutions = plan.pages_of("solutions")
    contents.append((_("Solutions"), solutions[0].number))
    return FrontMatter(tuple(lines), tuple(contents))


# --- one book ----------------------------------------------------------------------------------
def book_puzzles(records: BookRecords) -> list[BookPuzzle]:
    """The printed puzzles in book order, numbered from 1."""
    puzzles = []
    for section in records.sections:
        for record in section:
            puzzles.append(BookPuzzle(len(puzzles) + 1, record))
    return puzzles


def trim_text(layout: Layout) -> str:
    """The trim as the copyright page prints it: 6x9, or 8,5 × 11 with the decimal comma."""
    if layout.language == "en":
        return str(layout.trim)
    return f"{decimal(layout.trim.width, layout.language)} × " \
           f"{decimal(layout.trim.height, layout.language)}"


def build_book(book: PlannedBook, records: BookRecords, out_dir: Path, *, progress=None,
               hints: dict | None = None) -> dict:
    """Write one book's files in its language; `hints` (by puzzle number), when already
    worked out, spare working them out again here."""
    with speaking(book.layout.language):
        return _build_book(book, records, out_dir, progress=progress, hints=hints)


def _build_book(book: PlannedBook, records: BookRecords, out_dir: Path, *, progress=None,
                hints: dict | None = None) -> dict:
    layout, plan = book.layout, book.plan
    profile = get_profile(layout.printer)
    fonts = font_set(layout.font_regular, layout.font_bold)
    puzzles = book_puzzles(records)
    if layout.hints and hints is None:
        hints = book_hints(puzzles, layout.language)
    writer = InteriorWriter(layout, profile, fonts, plan, puzzles, records.examples,
                            front_matter(layout, plan, records), records.lesson_boards,
                            hints=hints)
    interior = writer.write(progress)
    page_count = profile.final_page_count(plan.page_count)
    cover = write_cover(layout, profile, fonts, page_count, cover_boards(records.sections))
    interior_data, cover_data = interior.data, cover.data
    if layout.pdf_standard:
        interior_data = to_pdfx(interior_data, layout.pdf_standard, profile.output_condition)
        cover_data = to_pdfx(cover_data, layout.pdf_standard, profile.output_condition)
    where = _where(layout, out_dir)
    write_bytes(Path(where["interior"]), interior_data)
    write_bytes(Path(where["cover"]), cover_data)
    g = cover.geometry
    write_json(Path(where["upload"]), upload_sheet(layout, profile, BuiltFiles(
        where["interior"], where["cover"], sha256(interior_data), sha256(cover_data),
        page_count, g.spine_in, layout.blurb or default_blurb(layout),
        book_declarations(layout, records.sections, _all_records(records),
                          interior.pages))), indent=1)
    return {
        "slug": layout.slug, "title": layout.title, "subtitle": layout.subtitle,
        "author": layout.author, "isbn": layout.isbn,
        "printer": layout.printer, "paper": layout.paper,
        "interior": where["interior"], "cover": where["cover"], "upload": where["upload"],
        "trim_in": {"width": _number(layout.trim.width), "height": _number(layout.trim.height)},
        "interior_bleed_in": _number(profile.interior_bleed_in(layout.bleed)),
        "page_count": page_count,
        "spine_width_in": float(g.spine_in),
        "cover_size_in": {"width": float(g.width_in), "height": float(g.height_in)},
        "cover_bleed_in": float(g.bleed_in),
        "cover_safe_zone_in": float(g.safe_zone_in),
        "barcode_box_pt": g.barcode.to_manifest(),
        "barcode": ("ean13+5" if layout.price_usd is not None else "ean13") if layout.isbn
        else "empty",
        "price_usd": None if layout.price_usd is None else str(layout.price_usd),
        "pdf_standard": layout.pdf_standard,
        "cover_style": cover.style, "cover_title_pt": round(cover.title_pt, 2),
        "spine_box_pt": g.spine.to_manifest(),
        "spine_text": cover.spine_text, "spine_text_pt": cover.spine_text_pt,
        "spine_text_box_pt": g.spine_text_box.to_manifest() if g.spine_text_box else None,
        "cover_panels_pt": {"back": g.back.to_manifest(), "front": g.front.to_manifest(),
                            "back_safe": g.back_safe.to_manifest(),
                            "front_safe": g.front_safe.to_manifest()},
        "fonts": [layout.font_regular.name, layout.font_bold.name],
        "puzzle_count": len(puzzles),
        "hints": layout.hints,
        "language": layout.language,
        "frozen": layout.lock_path.exists(),
        "lock": where["lock"],
        "series": layout.series, "volume": layout.volume,
        "ledger": str(layout.ledger),
        "pages": interior.pages,
    }


PDF_NAMES = ("interior.pdf", "cover.pdf")


def _where(layout: Layout, out_dir: Path) -> dict:
    """The manifest fields naming files: they follow how the paths were spelt this run."""
    folder = out_dir / layout.slug
    frozen = layout.lock_path.exists()
    return {"interior": str(folder / PDF_NAMES[0]), "cover": str(folder / PDF_NAMES[1]),
            "upload": str(folder / SHEET_NAME), "lock": str(layout.lock_path) if frozen else None}


def _number(value):
    return int(value) if value == int(value) else float(value)


def write_manifest(out_dir: Path, entries: list[dict]) -> Path:
    """build/manifest.json: the books just built, plus earlier entries of other books whose
    files are still there."""
    path = out_dir / MANIFEST_NAME
    books = {}
    if path.exists():
        # A manifest that is not one is an error naming it, never silently replaced: it
        # holds the other books' entries, which this run would otherwise drop.
        try:
            for entry in json.loads(path.read_text(encoding="utf-8")).get("books", []):
                if Path(entry.get("interior", "")).exists():
                    books[entry["slug"]] = entry
        except (json.JSONDecodeError, UnicodeDecodeError, AttributeError, KeyError,
                TypeError) as error:
            raise InputError(f"not a manifest ({type(error).__name__}); remove it to start a "
                             f"new one", file=str(path)) from None
    for entry in entries:
        books[entry["slug"]] = entry
    # One book a line, each written compactly: the page lists make the file large, and the
    # indented form takes seconds to write.
    text = '{"books": [\n' + ",\n".join(
        json.dumps(books[slug], ensure_ascii=False, separators=(",", ":"))
        for slug in sorted(books)) + '\n]}\n'
    try:
        unchanged = path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        unchanged = False
    if not unchanged:
        write_text(path, text)
    return path


@dataclass(frozen=True)
class BooksBuilt:
    entries: list[dict]          # manifest records, in layout order
    changes: dict                # slug -> why it was written (empty: it was not)


def build_books(paths: list[Path], catalog_path: Path, out_dir: Path, **options) -> list[dict]:
    """The manifest records of the books, each written only when its inputs changed."""
    return build_changed_books(paths, catalog_path, out_dir, **options).entries


def build_changed_books(paths: list[Path], catalog_path: Path, out_dir: Path, *, workers=None,
                        progress: bool = True, executor=None, force: bool = False) -> BooksBuilt:
    """Books whose inputs (pipeline/book/inputs.py) are those of their last build keep their
    files; the others are loaded, planned (every one before any work), given their records
    and written. `force`: every book is written."""
    from pipeline.progress import progress as display

    stored = {path: None if force else read_stored(out_dir / path.stem / INPUTS_NAME)
              for path in paths}
    kept: dict[Path, dict] = {}
    changes: dict[str, tuple] = {}
    jobs = []
    levels: dict = {}   # the catalog levels read so far (`_catalog_level`)
    with _book_pool(workers) as pool, Catalog(catalog_path) as catalog:
        hints = HintTasks(pool)
        for path in paths:
            entry = _unchanged_entry(path, stored[path], out_dir, catalog)
            if entry is not None:
                kept[path], changes[path.stem] = entry, ()
        books = load_and_plan([path for path in paths if path not in kept])
        # Frozen books print their lock, whatever generator made it; the rest print the
        # catalog, which must hold only boards of today's generators.
        refuse_stale(catalog, [get_family(name) for name in dict.fromkeys(
            section.family for book in books if not book.layout.lock_path.exists()
            for section in book.layout.sections)])
        bar = display(total=len(books), desc="books", unit="book", enabled=progress, log=False)
        with bar:
            for book in books:  # records first: generation, when a book needs it, uses every core
                layout = book.layout
                bar.note(layout.slug)
                records = book_records(book, catalog, workers=workers, progress=progress,
                                       executor=executor, levels=levels)
                for line in records.skipped:
                    bar.write(f"{layout.slug}: {line}")
                inputs = book_inputs(layout_paths(layout), record_windows(_all_records(records)),
                                     catalog)
                earlier = stored[layout.path]
                if earlier is not None and earlier["digest"] == inputs.digest \
                        and outputs_intact(out_dir / layout.slug, earlier["outputs"]):
                    # The same book from paths spelt otherwise: only the file names change.
                    kept[layout.path] = {**earlier["manifest"], **_where(layout, out_dir)}
                    _record(out_dir / layout.slug, inputs, layout, kept[layout.path])
                    changes[layout.slug] = ()
                else:
                    changes[layout.slug] = ("--force",) if force else tuple(
                        inputs.changes(earlier and earlier["inputs"])) or ("its PDFs",)
                    jobs.append((book, records, inputs))
                    hints.submit(len(jobs) - 1, book, records)
                bar.update(1)
        written = dict(zip((book.layout.path for book, _, _ in jobs),
                           _write_books(jobs, out_dir, pool=pool, hints=hints,
                                        progress=progress)))
    entries = [kept[path] if path in kept else written[path] for path in paths]
    write_manifest(out_dir, entries)
    return BooksBuilt(entries, {path.stem: changes[path.stem] for path in paths})


def _all_records(records: BookRecords) -> list[PuzzleRecord]:
    boards = [r for section in records.sections for r in section]
    boards += list(records.examples.values())
    boards += [r for lesson in (records.lesson_boards or {}).values() for r in lesson]
    return boards


def _unchanged_entry(path: Path, stored: dict | None, out_dir: Path, catalog) -> dict | None:
    """The manifest record of a book whose inputs, read from the paths its last build read,
    are those of that build and whose PDFs are still the ones it wrote; else None. The layout
    is not even loaded: an unchanged file was valid when it was built."""
    if stored is None:
        return None
    try:
        folder = out_dir / path.stem
        entry = stored["manifest"]
        if stored["paths"]["layout"] != str(path) or entry["interior"] != str(
                folder / PDF_NAMES[0]):
            return None   # spelt otherwise: the book is loaded, and its digest compared
        windows = {(part["family"], part["level"]): part["through"]
                   for part in stored["inputs"]["records"]}
        inputs = book_inputs(stored["paths"], windows, catalog)
    except (KeyError, TypeError, ValueError, AttributeError):   # InputError is a ValueError:
        return None   # a word data file gone since: the layout is loaded, and says so
    if inputs.digest != stored["digest"] or not outputs_intact(folder, stored["outputs"]):
        return None
    return entry


def _record(folder: Path, inputs: BookInputs, layout: Layout, entry: dict) -> None:
    """build/<slug>/inputs.json, written after the PDFs it vouches for."""
    store(folder / INPUTS_NAME, inputs, layout_paths(layout),
          {name: file_sha256(folder / name) for name in PDF_NAMES + (SHEET_NAME,)}, entry)


def _write_one(book: PlannedBook, records: BookRecords, inputs: BookInputs | None,
               out_dir: Path, progress=None, hints: dict | None = None):
    """Build one book's PDFs, then its inputs file; a layout mistake comes back as the
    InputError to print. (Stopped between the two, the old inputs file names the old PDFs'
    sha256, so the book is built again.)"""
    import time

    started = time.perf_counter()
    folder = out_dir / book.layout.slug
    try:
        entry = build_book(book, records, out_dir, progress=progress, hints=hints)
    except LayoutError as error:
        return None, InputError(f"cannot lay out the book: {error}",
                                file=str(book.layout.path)), 0.0
    except InputError as error:   # e.g. a glyph missing from the font
        return None, error.located(file=str(book.layout.path)), 0.0
    if inputs is not None:
        _record(folder, inputs, book.layout, entry)
    return entry, None, time.perf_counter() - started


@contextmanager
def _book_pool(workers):
    """The worker processes that write the books (and work out their hints), or None for
    one worker. No process starts until something is submitted (an unchanged set costs
    nothing); on an error the work not yet started is dropped."""
    from concurrent.futures import ProcessPoolExecutor

    count = worker_count(workers)
    if count <= 1:
        yield None
        return
    pool = ProcessPoolExecutor(max_workers=count)
    try:
        yield pool
    except BaseException:
        with held():
            pool.shutdown(wait=True, cancel_futures=True)
        raise
    with held():
        pool.shutdown(wait=True)


HINTS_A_TASK = 20   # boards a task: the dearest hints cost some 7 ms, the cheapest 1 to 3 ms


class HintTasks:
    """The hints of the books to be written, worked out a few boards a task in the pool as
    soon as each book has its records, so the workers start while the later books are still
    being given theirs; gathered (by job, then puzzle number) before any book is written.
    So a book's hints are spread over every core instead of lengthening that one book's
    writing, which the longest-first order cannot foresee. Without a pool, each book works
    out its own as it is written."""

    def __init__(self, pool):
        self.pool = pool
        self.tasks: dict = {}   # future -> (job, boards)

    def submit(self, job: int, book: PlannedBook, records: BookRecords) -> None:
        if self.pool is None or not book.layout.hints:
            return
        puzzles = book_puzzles(records)
        for start in range(0, len(puzzles), HINTS_A_TASK):
            chunk = puzzles[start:start + HINTS_A_TASK]
            with held():
                task = self.pool.submit(book_hints, chunk, book.layout.language)
            self.tasks[task] = job, len(chunk)

    def gathered(self, progress: bool) -> dict[int, dict]:
        from pipeline.progress import progress as display

        out: dict[int, dict] = {job: {} for job, _count in self.tasks.values()}
        with display(total=sum(count for _job, count in self.tasks.values()), desc="hints",
                     unit="hint", enabled=progress and bool(self.tasks)) as bar:
            for future in as_completed(self.tasks):
                job, count = self.tasks[future]
                out[job].update(result(future))
                bar.update(count)
        return out


def _write_books(jobs, out_dir: Path, *, pool, hints: HintTasks, progress: bool) -> list[dict]:
    """Every book's PDFs, books side by side in `pool` (each book is independent, so the
    bytes do not depend on the worker count), or one after another without one; manifest
    entries in the order of `jobs`."""
    from pipeline.progress import progress as display

    results: list = [None] * len(jobs)
    if pool is None or len(jobs) <= 1 and not hints.tasks:
        for n, (book, records, inputs) in enumerate(jobs):
            with display(total=book.plan.page_count, desc=f"  {book.layout.slug}", unit="page",
                         enabled=progress, leave=False) as pages:
                results[n] = _write_one(book, records, inputs, out_dir, progress=pages)
            if results[n][1] is not None:
                raise results[n][1]
        return [entry for entry, _error, _seconds in results]
    known = hints.gathered(progress)
    # The longest books first, so no core waits on one left to the end.
    order = sorted(range(len(jobs)), key=lambda n: -jobs[n][0].plan.page_count)
    with held():
        futures = {pool.submit(_write_one, *jobs[n], out_dir, hints=known.get(n)): n
                   for n in order}
    with display(total=sum(book.plan.page_count for book, _, _ in jobs), desc="pages",
                 unit="page", enabled=progress) as bar:
        for future in as_completed(futures):
            n = futures[future]
            results[n] = result(future)
            if results[n][1] is not None:
                raise results[n][1]
            bar.update(jobs[n][0].plan.page_count, label=jobs[n][0].layout.slug,
                       seconds=results[n][2])
    return [entry for entry, _error, _seconds in results]


def resolve_layout_args(names: list[str], folder: Path) -> list[Path]:
    """Layout arguments: paths to .toml files, or slugs of files in `folder`."""
    if not names:
        paths = sorted(folder.glob("*.toml"))
        if not paths:
            raise InputError("no layouts (*.toml) found", file=str(folder))
        return paths
    out = []
    for name in names:
        path = Path(name)
        if path.suffix != ".toml":
            path = folder / f"{name}.toml"
        if not path.is_file():
            raise InputError("no such layout", file=str(path))
        out.append(path)
    return out

