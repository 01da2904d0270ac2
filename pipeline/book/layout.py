"""Book definitions: layouts/<slug>.toml, validated on load.

The schema is declared once, as data (`BOOK_FIELDS`, `FONT_FIELDS`, `SECTION_FIELDS`): it
drives validation (names, types, required or default); a field's description is its
documentation here (docs/books.md shows the fields in an annotated layout). Every error names
the file, the line and the field.
tomllib keeps no positions, so `KeyLines` finds the line of each key in the text itself.

A section takes its boards from the catalog by key: the `count` boards of its family and level
with the smallest key numbers from `first` on (a number whose generation failed is skipped).
A section naming its own word data (`words`) takes them from that data's catalog level, the
level with the data's digest (`Section.space`), which its family reads and checks here.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from pipeline.book.fonts import (DEFAULT_FONTS, check_truetype, missing_characters,
                                 resolve_font_file)
from pipeline.book.cover_style import CoverStyle, parse_style
from pipeline.book.printers import Trim, get_profile, profile_names
from pipeline.book.ledger import LEDGER_NAME
from pipeline.ean import check_digit
from pipeline.errors import InputError
from pipeline.i18n import LANGUAGES, has_catalog
from pipeline.records import level_space
from pipeline.engines.worddata import WordSource, word_source


@dataclass(frozen=True)
class Field:
    name: str
    kind: type | tuple
    required: bool
    default: object
    description: str


# Layout choices (not print rules: those live in printers.toml).
BOOK_FIELDS = (
    Field("title", str, True, None, "title on the title page, the cover and the spine"),
    Field("subtitle", str, False, "", "subtitle on the title page and the cover"),
    Field("author", str, True, None, "author or publisher name"),
    Field("isbn", str, False, None, "ISBN-13; when given, its EAN-13 barcode is printed"),
    Field("printer", str, False, "kdp", "printer profile: " + ", ".join(profile_names())),
    Field("trim", str, True, None, "trim size in inches, WIDTHxHEIGHT, e.g. 6x9"),
    Field("paper", str, False, "white", "paper: white or cream"),
    Field("bleed", bool, False, None, "interior PDF with bleed (default: only if the printer requires it)"),
    Field("large_print", bool, False, False, "larger text throughout"),
    Field("blurb", str, False, None, "back-cover text (default: written from the sections)"),
    Field("description", str, False, None, "the setup form's description, longer than the "
          "blurb (default: the blurb as printed)"),
    Field("keywords", list, False, [], "the setup form's keywords (optional; at most the "
          "printer's number, each within its length)"),
    Field("categories", list, False, [], "the setup form's categories (optional)"),
    Field("cover_finish", str, False, "matte", "cover finish chosen in the setup form: "
          "matte or glossy"),
    Field("margin_allowance_in", (int, Decimal), False, Decimal("0.125"),
          "inches kept clear inside the printer's minimum margins (at least 1 pt)"),
    Field("fonts", dict, False, {}, "TrueType files: regular, bold"),
    Field("price_usd", (int, Decimal), False, None,
          "US list price; when given with an ISBN, the barcode carries the EAN-5 add-on 5xxxx"),
    Field("pdf_standard", str, False, None,
          "PDF/X-1a:2001 or none (default: what the printer asks for)"),
    Field("cover", dict, False, {}, "cover style: colours, type sizes, art (see cover_style.py)"),
    Field("hints", bool, False, False, "a Hints section between puzzles and solutions: each "
          "puzzle's key step, from its grader"),
    Field("series", str, False, None, "the series this book is a volume of (with `volume`)"),
    Field("volume", int, False, None, "its number in the series: printed in words on the "
          "cover, the spine and the title page; it takes only boards no other title holds"),
    Field("sections", list, True, None, "ordered list of puzzle sections"),
    Field("language", str, False, "en", "the language every printed word is in: "
          + ", ".join(LANGUAGES) + " (pipeline/i18n.py)"),
    Field("store", str, False, None, "the store the title is meant for, on the upload sheet "
          "(default: the language's Amazon store)"),
    Field("ledger", str, False, None, "the publication ledger the book is sold against, a "
          "file relative to the layout (default: ledger.jsonl beside the layout); it must "
          "exist (an empty file is a ledger of no titles), or the book is refused"),
)
# The Amazon store of each language's buyers: the upload sheet's default `store`.
STORES = {"en": "Amazon.com", "de": "Amazon.de", "fr": "Amazon.fr", "es": "Amazon.es"}
FONT_FIELDS = (
    Field("regular", str, False, DEFAULT_FONTS["regular"],
          "regular face: a file under fonts/ (or a file reportlab ships, e.g. Vera.ttf)"),
    Field("bold", str, False, DEFAULT_FONTS["bold"], "bold face"),
)
SECTION_FIELDS = (
    Field("family", str, True, None, "puzzle family"),
    Field("level", str, True, None, "level of that family"),
    Field("count", int, True, None, "number of puzzles"),
    Field("first", int, False, 1, "smallest catalog key number to take"),
    Field("puzzles_per_page", int, False, 1, "puzzles on each puzzle page: 1, 2, 4 or 6"),
    Field("solutions_per_page", int, False, 6, "solutions on each solution page: 1, 2, 4, 6, 9 or 12"),
    Field("hints_per_page", int, False, 4, "hints on each hints page (with `hints = true`): "
          "2, 3, 4, 6 or 8"),
    Field("words", str, False, None, "the section's own word data, a file or a folder of "
          "`*.txt` files, relative to the layout file, read by its family instead of the "
          "family's own (a theme file, a word list: docs/books.md); its boards are a catalog "
          "level of their own, named by the data's digest. Only for a family that reads word "
          "data; default: the family's own"),
)
HINTS_PER_PAGE = (2, 3, 4, 6, 8)
PUZZLES_PER_PAGE = (1, 2, 4, 6)
SOLUTIONS_PER_PAGE = (1, 2, 4, 6, 9, 12)
MIN_ALLOWANCE_IN = Fraction(1, 72)
PDF_STANDARDS = ("PDF/X-1a:2001",)
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Section:
    family: str
    level: str
    count: int
    first: int
    puzzles_per_page: int
    solutions_per_page: int
    hints_per_page: int = 4
    words: WordSource | None = None   # the layout's own word data for this section

    @property
    def space(self) -> str:
        """The catalog level the section's boards come from: its level, with the digest of
        its own word data when it names some (pipeline/records.py, `level_space`)."""
        return level_space(self.level, None if self.words is None else self.words.digest)


@dataclass(frozen=True)
class Layout:
    path: Path
    slug: str
    title: str
    subtitle: str
    author: str
    isbn: str | None
    printer: str
    trim: Trim
    paper: str
    bleed: bool
    large_print: bool
    blurb: str | None
    margin_allowance_in: Fraction
    font_regular: Path
    font_bold: Path
    sections: tuple[Section, ...]
    cover: CoverStyle
    price_usd: Decimal | None
    pdf_standard: str | None
    lines: tuple[tuple[str, int], ...]  # key path -> line, for errors found after loading
    hints: bool = False                 # print a Hints section
    # What only the printer's setup form carries (the upload sheet), never printed:
    description: str | None = None      # None: the blurb as printed
    keywords: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    cover_finish: str = "matte"
    language: str = "en"                # every printed word in this language
    store: str = "Amazon.com"           # the store the title is meant for (the upload sheet)
    series: str | None = None           # with `volume`: the book is volume N of this series
    volume: int | None = None
    ledger: Path = Path("layouts/ledger.jsonl")  # the publication ledger it is sold against

    @property
    def volume_text(self) -> str | None:
        """The volume as the cover, the spine and the title page print it: "Volume 2"."""
        return None if self.volume is None else f"Volume {self.volume}"

    def line_of(self, key: str) -> int | None:
        return dict(self.lines).get(key)

    def error(self, message: str, key: str) -> InputError:
        return InputError(message, file=str(self.path), line=self.line_of(key), field=key)

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(f"{self.slug}.lock.jsonl")


class KeyLines:
    """The line of each key of a TOML text, keyed by path: "title", "fonts.bold",
    "sections[2].level". Covers plain tables, arrays of tables and key = value lines."""

    _HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\"' -]+?)\s*\]\]?\s*(#.*)?$")
    _KEY = re.compile(r"^\s*(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_-]+)\s*(\.|=)")

    def __init__(self, text: str):
        self.lines: dict[str, int] = {}
        counts: dict[str, int] = {}
        prefix = ""
        in_multiline = False
        for number, line in enumerate(text.splitlines(), start=1):
            if in_multiline:
                if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
                    in_multiline = False
                continue
            header = self._HEADER.match(line)
            if header:
                name = header.group(2).strip()
                if header.group(1) == "[[":
                    counts[name] = counts.get(name, 0) + 1
                    prefix = f"{name}[{counts[name]}]"
                    self.lines.setdefault(name, number)
                else:
                    prefix = name
                self.lines.setdefault(prefix, number)
                continue
            key = self._KEY.match(line)
            if key:
                name = key.group(1).strip("\"'")
                self.lines.setdefault(f"{prefix}.{name}" if prefix else name, number)
                if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
                    in_multiline = True

    def line(self, path: str) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path.rsplit(".", 1)[0] if "." in path else ""
        return None


def load_layout(path: Path | str) -> Layout:
    path = Path(path)
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(error.strerror or "cannot read", file=name) from None
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text", file=name) from None
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"at line (\d+)", str(error))
        raise InputError(f"not valid TOML ({str(error).split(' (at line')[0]})", file=name,
                         line=int(found.group(1)) if found else None) from None
    lines = KeyLines(text)

    def fail(message: str, key: str) -> InputError:
        return InputError(message, file=name, line=lines.line(key), field=key)

    slug = path.stem
    if not SLUG.match(slug):
        raise InputError("a layout file name must be lower-case letters, digits and dashes",
                         file=name)
    book = _fields(data, BOOK_FIELDS, "", fail)
    fonts = _fields(book["fonts"], FONT_FIELDS, "fonts.", fail)

    printer = book["printer"]
    if printer not in profile_names():
        raise fail(f"unknown printer {printer!r} (known: {', '.join(profile_names())})", "printer")
    profile = get_profile(printer)
    try:
        trim = Trim.parse(book["trim"])
    except ValueError as error:
        raise fail(str(error), "trim") from None
    if not profile.offers_trim(trim):
        offered = ", ".join(str(t) for t in profile.trims()) or "custom sizes only"
        raise fail(f"{profile.name} does not offer trim {trim} (offered: {offered})", "trim")
    if book["paper"] not in profile.papers:
        raise fail(f"{profile.name} has no {book['paper']!r} paper (papers: "
                   f"{', '.join(profile.papers)})", "paper")
    bleed = profile.needs_bleed() if book["bleed"] is None else book["bleed"]
    if profile.needs_bleed() and not bleed:
        raise fail(f"{profile.name} interiors always carry bleed", "bleed")
    allowance = Fraction(book["margin_allowance_in"])
    if allowance < MIN_ALLOWANCE_IN:
        raise fail("must be at least 1 pt (0.0139 in) so every mark clears the printer's "
                   "minimum margin", "margin_allowance_in")
    isbn = book["isbn"]
    if isbn is not None:
        problem = isbn_problem(isbn)
        if problem:
            raise fail(problem, "isbn")
        isbn = normalise_isbn(isbn)
    root = path.resolve().parent.parent
    font_paths = {}
    for face in ("regular", "bold"):
        file = resolve_font_file(fonts[face], root)
        problem = check_truetype(file)
        if problem:
            raise fail(f"{fonts[face]}: {problem} (looked for {file})", f"fonts.{face}")
        font_paths[face] = file

    sections = []
    if not book["sections"]:
        raise fail("a book needs at least one section", "sections")
    for index, raw in enumerate(book["sections"], start=1):
        where = f"sections[{index}]"
        if not isinstance(raw, dict):
            raise fail("each section must be a table ([[sections]])", where)
        values = _fields(raw, SECTION_FIELDS, f"{where}.", fail)
        sections.append(_section(values, where, fail, path.parent))
        from pipeline.family import get_family
        if book["hints"] and not get_family(values["family"]).gives_hints:
            raise fail(f"the {values['family']} family writes no hints", "hints")
    for text_field in ("title", "subtitle", "author", "blurb", "series"):
        text = book[text_field]
        if text is None:
            continue
        if "\n" in text and text_field != "blurb":
            raise fail("must be a single line", text_field)
        for face, file in font_paths.items():
            missing = missing_characters(file, text)
            if missing:
                raise fail(f"the {face} font {file.name} has no glyph for "
                           + ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing),
                           text_field)
    cover = parse_style(book["cover"], sections[0].family, profile.max_total_ink,
                        profile.min_gray_fill, fail)
    price = book["price_usd"]
    if price is not None and not (Decimal(0) <= Decimal(price) <= Decimal("99.99")
                                  and Decimal(price) == Decimal(price).quantize(Decimal("0.01"))):
        raise fail("a US price from 0 to 99.99, in cents at most (the EAN-5 add-on holds "
                   "four digits)", "price_usd")
    if price is not None and isbn is None:
        raise fail("a price is printed in the barcode's add-on, which needs an ISBN",
                   "price_usd")
    standard = book["pdf_standard"]
    if standard is None:
        standard = profile.pdf_standard
    elif standard == "none":
        standard = None
    elif standard not in PDF_STANDARDS:
        raise fail(f"must be one of {', '.join(PDF_STANDARDS)} or none", "pdf_standard")
    keywords, categories, finish = _setup_form_fields(book, profile, fail)
    _check_series(book, fail)
    language = _language(book["language"], sections, fail)
    ledger = _ledger(path, book["ledger"], fail)
    return Layout(path=path, slug=slug, title=book["title"], subtitle=book["subtitle"],
                  author=book["author"], isbn=isbn, printer=printer, trim=trim,
                  paper=book["paper"], bleed=bleed, large_print=book["large_print"],
                  blurb=book["blurb"], margin_allowance_in=allowance,
                  font_regular=font_paths["regular"], font_bold=font_paths["bold"],
                  sections=tuple(sections), cover=cover,
                  price_usd=None if price is None else Decimal(price), pdf_standard=standard,
                  lines=tuple(sorted(lines.lines.items())), hints=book["hints"],
                  description=book["description"], keywords=keywords, categories=categories,
                  cover_finish=finish, language=language,
                  store=book["store"] or STORES[language], series=book["series"],
                  volume=book["volume"], ledger=ledger)


def _ledger(layout: Path, named: str | None, fail) -> Path:
    """The ledger the book is sold against. It must be there: a book that read no ledger
    would take boards another title sells, and its preflight would agree."""
    ledger = layout.parent / (named or LEDGER_NAME)
    if not ledger.is_file():
        raise fail(f"no publication ledger at {ledger}: name the ledger this book is sold "
                   "against (ledger = \"...\"), or create an empty one for a first title",
                   "ledger")
    return ledger


def _check_series(book: dict, fail) -> None:
    """A series and a volume come together; a volume counts from 1."""
    if (book["series"] is None) != (book["volume"] is None):
        missing = "volume" if book["volume"] is None else "series"
        raise fail(f"a volume of a series needs both `series` and `volume` ({missing} is "
                   "missing)", missing)
    if book["volume"] is not None and book["volume"] < 1:
        raise fail("must be at least 1", "volume")
    if book["series"] is not None and not book["series"].strip():
        raise fail("must not be empty", "series")


def _language(language: str, sections, fail) -> str:
    """The book's language, when every family it prints has a catalog in it."""
    if language not in LANGUAGES:
        raise fail(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})", "language")
    from pipeline.family import family_module, get_family

    for index, section in enumerate(sections, start=1):
        if not has_catalog(family_module(section.family), language):
            raise fail(f"the {section.family} family has no catalog in {language!r}: its "
                       f"words are printed in English only", "language")
        words_in = get_family(section.family).level_language(section.level)
        if words_in is not None and words_in != language and section.words is None:
            raise fail(f"the book is in {language!r} but the words of {section.family} "
                       f"level {section.level!r} are in {words_in!r}", f"sections[{index}].level")
    return language


def _setup_form_fields(book: dict, profile, fail) -> tuple[tuple, tuple, str]:
    """keywords, categories and cover finish, checked against the printer's setup form."""
    out = {}
    for name in ("keywords", "categories"):
        values = book[name]
        for index, value in enumerate(values, start=1):
            if not isinstance(value, str) or not value.strip():
                raise fail(f"item {index} must be a non-empty string", name)
        out[name] = tuple(values)
    most, longest = profile.value("max_keywords"), profile.value("max_keyword_chars")
    if len(out["keywords"]) > most:
        raise fail(f"{len(out['keywords'])} keywords; {profile.name}'s form takes at most "
                   f"{most}", "keywords")
    for index, keyword in enumerate(out["keywords"], start=1):
        if len(keyword) > longest:
            raise fail(f"keyword {index} has {len(keyword)} characters; {profile.name}'s form "
                       f"takes at most {longest} a keyword", "keywords")
    finishes = profile.value("cover_finishes")
    if book["cover_finish"] not in finishes:
        raise fail(f"must be one of {', '.join(finishes)}", "cover_finish")
    return out["keywords"], out["categories"], book["cover_finish"]


def _section(values: dict, where: str, fail, folder: Path) -> Section:
    from pipeline.family import family_names, get_family

    family_name = values["family"]
    if family_name not in family_names():
        raise fail(f"unknown family {family_name!r} (known: {', '.join(family_names())})",
                   f"{where}.family")
    family = get_family(family_name)
    if values["level"] not in family.levels:
        raise fail(f"{family_name} has no level {values['level']!r} (levels: "
                   f"{', '.join(family.levels)})", f"{where}.level")
    if values["count"] < 1:
        raise fail("must be at least 1", f"{where}.count")
    if values["first"] < 1:
        raise fail("must be at least 1", f"{where}.first")
    if values["puzzles_per_page"] not in PUZZLES_PER_PAGE:
        raise fail(f"must be one of {', '.join(map(str, PUZZLES_PER_PAGE))}",
                   f"{where}.puzzles_per_page")
    if values["solutions_per_page"] not in SOLUTIONS_PER_PAGE:
        raise fail(f"must be one of {', '.join(map(str, SOLUTIONS_PER_PAGE))}",
                   f"{where}.solutions_per_page")
    if values["hints_per_page"] not in HINTS_PER_PAGE:
        raise fail(f"must be one of {', '.join(map(str, HINTS_PER_PAGE))}",
                   f"{where}.hints_per_page")
    words = None if values["words"] is None else \
        _word_data(family, values["level"], folder / values["words"], f"{where}.words", fail)
    return Section(family_name, values["level"], values["count"], values["first"],
                   values["puzzles_per_page"], values["solutions_per_page"],
                   values["hints_per_page"], words)


def _word_data(family, level: str, path: Path, key: str, fail) -> WordSource:
    """A section's own word data, found, digested and read by its family once here, so that a
    bad file stops the run before anything is made. A problem on a line of the data names the
    data file and that line; one about the data as a whole (missing, empty, too small for the
    section's level, refused by a family that takes none) names the layout's `words` line,
    and the data file in its message."""
    try:
        source = word_source(path)
        family.read_words(Path(source.path), level)
    except InputError as error:
        if error.line is None:
            where = f"{error.file}: " if error.file else ""
            raise fail(f"{where}{error.message}", key) from None
        raise
    return source


def _fields(data: dict, fields: tuple[Field, ...], prefix: str, fail) -> dict:
    known = {f.name: f for f in fields}
    for key in data:
        if key not in known:
            raise fail(f"unknown key (known: {', '.join(known)})", f"{prefix}{key}")
    out = {}
    for f in fields:
        key = f"{prefix}{f.name}"
        if f.name not in data:
            if f.required:
                raise fail(f"missing required key {f.name!r}", key)
            out[f.name] = f.default
            continue
        value = data[f.name]
        kinds = f.kind if isinstance(f.kind, tuple) else (f.kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise fail(f"expected {_kind_name(kinds)}, got a boolean", key)
        if not isinstance(value, kinds):
            raise fail(f"expected {_kind_name(kinds)}, got {_toml_type(value)}", key)
        out[f.name] = value
    return out


def _kind_name(kinds: tuple) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", dict: "a table",
             list: "a list", Decimal: "a number"}
    return " or ".join(dict.fromkeys(names.get(k, k.__name__) for k in kinds))


def _toml_type(value) -> str:
    return {str: "a string", int: "an integer", bool: "a boolean", dict: "a table",
            list: "a list", Decimal: "a number"}.get(type(value), type(value).__name__)


def normalise_isbn(text: str) -> str:
    return text.replace("-", "").replace(" ", "")


def isbn_problem(text: str) -> str | None:
    """None when `text` is a valid ISBN-13 (978/979 prefix, right check digit)."""
    digits = normalise_isbn(text)
    if not digits.isdigit() or len(digits) != 13:
        return "an ISBN must be 13 digits (ISBN-13), dashes allowed"
    if not digits.startswith(("978", "979")):
        return "an ISBN-13 starts with 978 or 979"
    check = check_digit(digits[:12])
    if int(digits[12]) != check:
        return f"ISBN check digit is {digits[12]}, expected {check}"
    return None
