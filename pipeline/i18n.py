"""The language a book is printed in: gettext catalogs, one per folder, and the typography of
each language.

Every printed string is written in English in the code, marked `_("...")` (or `N_("...")`
where a table holds it and the translation happens where it is printed), with named `{parts}`
so that each language orders the sentence its own way. Each folder that prints words keeps its
catalogs beside its code, `<folder>/locale/<lang>/LC_MESSAGES/messages.po`: the book layer's
in `pipeline/book/`, each family's in its own folder, so a new family brings its own strings.

The .po files are the sources a translator opens in any PO editor; they are compiled when
first used, with Babel (`read_po`, then `write_mo` into memory, read by the standard library's
`gettext.GNUTranslations`), so there is no build step and no compiled file to keep in step.

English needs no catalog: the message is its own English text, formatted exactly as before,
so English books do not change. A message missing from a catalog is an error, never English on
a German page (`MissingTranslation`).

The language is set for one book at a time (`speaking`), in the process that builds or reads
the book; code that prints asks `language()` through its folder's `Messages`.
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
import tomllib
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from pipeline.errors import InputError

LANGUAGES = ("en", "de", "fr", "es")
DEFAULT = "en"
NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish"}
# pyphen's dictionary for each language.
HYPHENATION = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES"}
# Alphabetical order: the Unicode Collation Algorithm's default order (pyuca), in which an
# accented letter sorts with its base letter (French ÉGYPTE between DANEMARK and ESPAGNE) and
# Ä, Ö, Ü as A, O, U (German, DIN 5007), with one tailoring for Spanish, CLDR's "&N<ñ<<<Ñ":
# Ñ is a letter of its own between N and O (CANTO, CAÑA; NUEZ, ÑANDÚ, OSO).
TAILORED = ("es",)


@lru_cache(maxsize=None)
def _collator(language: str):
    from pyuca import Collator

    collator = Collator()
    if language == "es":
        # Ñ (N and the combining tilde once normalized) weighs as N followed by a weight above
        # every Latin letter's (the first Greek letter's), so it follows every N-word and
        # precedes O.
        above_latin = collator.sort_key("α")[0]
        for n in "Nn":
            collator.table.add([ord(n), 0x303],
                               collator.collation_elements(n) + [[above_latin, 0x20, 0x2]])
    return collator


def alphabetical(words, language: str) -> list[str]:
    """`words` in `language`'s alphabetical order (ties, words of the same letters, in code
    point order, so the order is total)."""
    key = _collator(language if language in TAILORED else DEFAULT).sort_key
    return sorted(words, key=lambda word: (key(word), word))


# The line of a catalog's header comment that records its native speaker's review (who,
# when), empty until one is made. A comment, not a header field: pybabel update keeps the
# header comment and drops every header field but gettext's own.
REVIEW_FIELD = "Native-speaker review"
NBSP = "\u00a0"   # French spacing: the font holds no narrow no-break space (U+202F)

_speaking: ContextVar[str] = ContextVar("language", default=DEFAULT)


class MissingTranslation(LookupError):
    """A message with no translation in the catalog a book's language needs."""


def check_language(value: object) -> str:
    if value not in LANGUAGES:
        raise InputError(f"unknown language {value!r} (known: {', '.join(LANGUAGES)})",
                         field="language")
    return str(value)


@contextmanager
def speaking(lang: str):
    """Everything printed inside is in `lang`."""
    token = _speaking.set(check_language(lang))
    try:
        yield
    finally:
        _speaking.reset(token)


def language() -> str:
    return _speaking.get()


def N_(message: str) -> str:
    """Marks a message kept in a table; it is translated where it is printed."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted phrase kept in a table ("{count} square", "{count} squares"); the
    language's plural form is chosen where it is printed (`Messages.n`)."""
    return singular, plural


# --- a family's printed texts as data --------------------------------------------------------
TEXTS = "texts.toml"   # beside a family's modules: the tables of what it prints


@lru_cache(maxsize=None)
def texts(package: str) -> dict:
    """The tables of printed text a folder keeps as data, `<its folder>/texts.toml`: lesson
    sentences, technique names and the like, which authors and translators edit as text.
    Every string value in the file is an English message, marked as `N_("...")` marks one
    in the code (`marked_messages` finds it) and translated where it is printed; the keys
    are the names the code looks rows up by, never printed."""
    return _read_texts(locale_dir(package).parent / TEXTS)


def _read_texts(path: Path) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


# A line that starts a `key = value` pair (a table header, a comment or a blank line does not).
_KEY = r"""(?:[\w-]+|"[^"\n]*"|'[^'\n]*')"""   # bare or quoted ("Run Remainder")
_ASSIGNMENT = re.compile(rf"^\s*{_KEY}(?:\s*\.\s*{_KEY})*\s*=")


def text_values(source: str):
    """(line, place, message) for every string value of a texts.toml text, in the file's
    order: the line its key is on, and the table and key it sits under (`[[lessons]]
    technique`). Each `key = value` pair is read by tomllib on its own, from its first line
    to the first line that closes it, so a multi-line string is one value at its key's line."""
    lines = source.splitlines(keepends=True)
    table, at = "", 0
    while at < len(lines):
        line = lines[at]
        if line.lstrip().startswith("["):
            table = line.split("#", 1)[0].strip()
        if not _ASSIGNMENT.match(line):
            at += 1
            continue
        end = at + 1
        while True:
            try:
                pair = tomllib.loads("".join(lines[at:end]))
                break
            except tomllib.TOMLDecodeError:
                if end == len(lines):
                    raise
                end += 1
        for key, message in _strings(pair):
            yield at + 1, f"{table} {key}".strip(), message
        at = end


def _strings(value, where: str = ""):
    """(dotted key, string) for every string in a parsed pair."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{where}.{key}" if where else key)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, where)


def extract_texts(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for a texts.toml (`pybabel extract -F pipeline/babel.cfg`):
    every string value is a message, referenced by the line of its key, with its table and
    key as the comment a translator sees (`#. [[lessons]] technique`)."""
    for line, place, message in text_values(fileobj.read().decode("utf-8")):
        if message:
            yield line, None, message, [place]


# --- catalogs --------------------------------------------------------------------------------
class _Refuse(gettext.NullTranslations):
    """The fallback behind every catalog: a message it lacks is an error, never English."""

    def gettext(self, message):
        raise MissingTranslation(message)

    def ngettext(self, singular, plural, n):
        raise MissingTranslation(singular)


@dataclass(frozen=True)
class Catalog:
    path: Path
    translations: gettext.GNUTranslations
    messages: tuple[str, ...]
    review: str | None      # the review line's value; None when the catalog has no such line


def locale_dir(package: str) -> Path:
    """The locale tree of a package: `<its folder>/locale`."""
    spec = importlib.util.find_spec(package)
    return Path(spec.origin).parent / "locale"


def po_path(package: str, lang: str) -> Path:
    return locale_dir(package) / lang / "LC_MESSAGES" / "messages.po"


def po_name(package: str, lang: str) -> str:
    """The catalog's path inside the project (pipeline/book/locale/de/LC_MESSAGES/messages.po):
    what an output names it by, the same wherever the project is checked out."""
    return "/".join([*package.split("."), "locale", lang, "LC_MESSAGES", "messages.po"])


@lru_cache(maxsize=None)
def catalog(package: str, lang: str) -> Catalog:
    """The compiled catalog of `package` for `lang`; InputError when it has none."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = po_path(package, lang)
    try:
        with path.open("rb") as handle:
            source = read_po(handle, locale=lang)
    except FileNotFoundError:
        raise InputError(f"{package} has no {NAMES[lang]} catalog ({path.name} under "
                         f"{path.parent})", field="language") from None
    compiled = io.BytesIO()
    write_mo(compiled, source, use_fuzzy=False)
    compiled.seek(0)
    translations = gettext.GNUTranslations(compiled)
    translations.add_fallback(_Refuse())
    ids = tuple(m.id if isinstance(m.id, str) else m.id[0] for m in source if m.id)
    return Catalog(path, translations, ids, _review_line(source.header_comment))


def _review_line(header_comment: str) -> str | None:
    """The value of the header comment's review line (`# Native-speaker review: ...`)."""
    for line in header_comment.splitlines():
        name, colon, value = line.lstrip("# ").partition(":")
        if colon and name.strip() == REVIEW_FIELD:
            return value.strip()
    return None


def has_catalog(package: str, lang: str) -> bool:
    return lang == DEFAULT or po_path(package, lang).exists()


def review(package: str, lang: str) -> str:
    """What the catalog's header records of a native speaker's review ("" for none yet)."""
    if lang == DEFAULT:
        return "written in English"
    return catalog(package, lang).review or ""


class Messages:
    """The translator of one folder: `_ = Messages(__name__)`, then `_("Puzzle {number}",
    number=n)` prints in the language of the book being made; `_.n(singular, plural, n, ...)`
    picks the language's plural form."""

    def __init__(self, module: str):
        self.module = module

    @cached_property
    def package(self) -> str:
        """The catalog belongs to the module's folder: its package (looked up only when a
        language other than English asks, so a module made from source text still works)."""
        spec = importlib.util.find_spec(self.module)
        is_package = spec is not None and spec.submodule_search_locations is not None
        return self.module if is_package else self.module.rpartition(".")[0]

    def __call__(self, message: str, /, **parts) -> str:
        lang = language()
        text = message if lang == DEFAULT else \
            catalog(self.package, lang).translations.gettext(message)
        return text.format(**parts) if parts else text

    def n(self, forms: tuple[str, str], count: int, /, **parts) -> str:
        """A counted phrase marked `NN_(singular, plural)`, in the plural form the language's
        rule (the catalog's Plural-Forms, Babel's from CLDR) gives `count`."""
        lang = language()
        singular, plural = forms
        if lang == DEFAULT:
            text = singular if count == 1 else plural
        else:
            text = catalog(self.package, lang).translations.ngettext(singular, plural, count)
        return text.format(count=count, **parts)


@lru_cache(maxsize=None)
def messages(module: str) -> Messages:
    """The `Messages` of a module's folder, made once."""
    return Messages(module)


# --- typography ------------------------------------------------------------------------------
def and_list(items, lang: str | None = None) -> str:
    """"B3", "B3 and C4", "B3, C4 and D5" in the language (no serial comma in any of them)."""
    lang = lang or language()
    return _joined(list(items), "standard", lang)


def or_list(items, lang: str | None = None) -> str:
    """"B3, C4 or D5" in the language."""
    lang = lang or language()
    return _joined(list(items), "or", lang)


def _joined(items: list[str], style: str, lang: str) -> str:
    """English as its books have always printed it (no serial comma, which CLDR's English
    pattern adds); every other language by Babel's `format_list`, CLDR's patterns."""
    if len(items) <= 1:
        return "".join(items)
    if lang != DEFAULT:
        from babel.lists import format_list

        joined = format_list(items, style=style, locale=lang)
        return _spanish_euphony(joined, items[-1]) if lang == "es" else joined
    word = "and" if style == "standard" else "or"
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


# Spanish writes "e" for "y" before an /i/ sound and "u" for "o" before an /o/ sound (RAE):
# "F6 e I7" (I is read "i"), "3 u 8" (8 is read "ocho"). CLDR's patterns leave it to the caller.
_BEFORE_I = re.compile(r"(?i)(?:i|hi(?![aeou]))")
_BEFORE_O = re.compile(r"(?i)(?:o|ho|8|11(?!\d))")


def _spanish_euphony(joined: str, last: str) -> str:
    head, _space, _tail = joined.rpartition(" " + last)
    if head.endswith(" y") and _BEFORE_I.match(last):
        return head[:-1] + "e " + last
    if head.endswith(" o") and _BEFORE_O.match(last):
        return head[:-1] + "u " + last
    return joined


# The languages that write a level's or a family's printed name in small letters inside a
# sentence ("30 grilles de mots mêlés, niveau facile", "de fácil a medio"); a heading keeps the
# capital. English keeps its title case, and German its capitals, which its nouns need (a
# level's title may begin with one): German sentences set a level's name in quotes („Mittel“).
SMALL_IN_TEXT = ("fr", "es")


def in_running_text(name: str, lang: str | None = None) -> str:
    """A printed name (a level's title, a family's) as it stands inside a sentence. A name
    with a capital past its first letter is a proper name (two capitalised words) and keeps
    it."""
    if (lang or language()) in SMALL_IN_TEXT and name[:1].isupper() \
            and not any(ch.isupper() for ch in name[1:]):
        return name[:1].lower() + name[1:]
    return name


def decimal(value, lang: str | None = None) -> str:
    """A number as the language writes it: 8.5 in English, 8,5 in German, French, Spanish."""
    from decimal import Decimal
    from fractions import Fraction

    from babel.numbers import format_decimal

    if isinstance(value, Fraction):   # a trim side: 17/2 in
        value = Decimal(value.numerator) / Decimal(value.denominator)
    return format_decimal(value, locale=lang or language(), group_separator=False)


def hyphenator(lang: str | None = None):
    """pyphen's dictionary for the language."""
    return _hyphenator(HYPHENATION[lang or language()])


@lru_cache(maxsize=None)
def _hyphenator(name: str):
    import pyphen

    return pyphen.Pyphen(lang=name)


def typography_problems(text: str, lang: str) -> list[str]:
    """What in a translated message breaks the language's typography: French wants a no-break
    space before : ; ? ! and inside « », German „…“ quotes; none wants straight double quotes."""
    problems = []
    if '"' in text:
        problems.append("straight double quotes")
    if lang == "fr":
        for at, ch in enumerate(text):
            if ch in ":;?!" and at > 0 and text[at - 1] != NBSP:
                problems.append(f"no no-break space before {ch!r} at {at}")
            if ch == "«" and text[at + 1:at + 2] != NBSP:
                problems.append("no no-break space after «")
            if ch == "»" and text[at - 1:at] != NBSP:
                problems.append("no no-break space before »")
        if "“" in text or "„" in text:
            problems.append("quotes other than « »")
    if lang == "de" and ("«" in text or "“" in text and "„" not in text):
        problems.append("quotes other than „…“")
    return problems


# --- the messages the code marks -------------------------------------------------------------
# What marks a message: Babel's default keywords (`_`, `N_`, ...) and `NN_`, the singular and
# plural of a counted phrase. pybabel is given the same: `-k NN_:1,2`.
PLURAL_KEYWORD = {"NN_": (1, 2)}
# pybabel's mapping for a folder: its Python code and its texts.toml (extract_texts).
MAPPING = Path(__file__).with_name("babel.cfg")


def marked_messages(package: str) -> dict:
    """Every message the package's folder marks (subfolders included), as `pybabel extract
    -F pipeline/babel.cfg` finds them, with the places that mark them (`draw.py:12`,
    `texts.toml:40`): what its catalogs must translate, and all they may hold. A counted
    phrase is its (singular, plural) pair."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with MAPPING.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(MAPPING))
    found: dict = {}
    for filename, line, message, _comments, _context in extract_from_dir(
            str(locale_dir(package).parent), method_map, options_map,
            keywords={**DEFAULT_KEYWORDS, **PLURAL_KEYWORD}, strip_comment_tags=True):
        found.setdefault(message, []).append(f"{filename}:{line}")
    return found


def catalog_problems(package: str, lang: str, path: Path | None = None) -> list[str]:
    """What keeps a catalog from printing a book: a message the code marks that it does not
    translate (or only as fuzzy), a message no code marks any more, a translation whose
    {parts} differ from its message's, the review header missing, or typography the
    language's printers would not set."""
    import re

    from babel.messages.pofile import read_po

    path = path or po_path(package, lang)
    with path.open("rb") as handle:
        source = read_po(handle, locale=lang)
    marked = marked_messages(package)
    held = {m.id: m for m in source if m.id}
    problems = [f"{path.name}: {message!r} is not translated" for message in marked
                if message not in held or not all(_forms(held[message].string))
                or held[message].fuzzy]
    problems += [f"{path.name}: {message!r} is marked nowhere in the code" for message in held
                 if message not in marked]
    parts = re.compile(r"\{(\w*)\}")
    for message, entry in held.items():
        named = set(parts.findall(_forms(message)[-1]))
        for form in _forms(entry.string):
            if form and set(parts.findall(form)) != named:
                problems.append(f"{path.name}: {message!r} and its translation name other parts")
            for problem in typography_problems(form, lang):
                problems.append(f"{path.name}: {message!r}: {problem}")
    if _review_line(source.header_comment) is None:
        problems.append(f"{path.name}: no '{REVIEW_FIELD}:' line in the header comment")
    return problems


def _forms(text) -> tuple[str, ...]:
    """A message's or translation's forms: one, or a counted phrase's plural forms."""
    return tuple(text) if isinstance(text, (tuple, list)) else (text or "",)


def catalogs(packages) -> list[tuple[str, str]]:
    """(package, language) of every catalog the packages hold (the book layer's and each
    registered family's: `pipeline.family.family_module`)."""
    return [(package, lang) for package in packages for lang in LANGUAGES[1:]
            if po_path(package, lang).exists()]
