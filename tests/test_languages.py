"""Books in German, French and Spanish: the layout key, the catalogs, the words on the pages.

- every catalog translates every message its folder's code marks, holds no message the code no
  longer marks, keeps each message's {parts}, its review field and its language's typography
  (each shown failing on a planted catalog);
- a small real book in each language prints no English word of a list kept here (shown
  failing on a planted untranslated message);
- hints in each language are sound: the same reveals as the English hint, every revealed square
  named in the words, nothing against the solution (shown failing on a planted template).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from books_helpers import build, read_back, write_layout
from pipeline import i18n
from pipeline.errors import InputError
from pipeline.family import family_module, family_names, get_family
from pipeline.readback.hints import text_findings

# English words of the book layer's and the families' strings that no German, French or
# Spanish page uses as a word of its own ("in", "solution", "page", "notes", "expert",
# "generator", "techniques", "figure", "name", "band", "span",
# "region", "start", "places", "so", "a", "on" are words there too, and left out).
ENGLISH = frozenset("""
puzzle puzzles hint hints time how play contents worked example step steps rules the and of
with every each one inside this book try by printed trim paper generators catalog keys built
easy medium hard tricky extreme star stars row rows column columns island islands bridge
bridges square squares cross out after easier from shaded cells cell digit digits candidate
house its is are to left open until beside write line lettered numbered follows alone
difficulty solving gentle demanding proven checker independent exactly level
levels needs back shows gray decides group paperback
""".split())
# Names a page prints as they are in every language: programs and files on the copyright
# page, the printer's own name.
NAMES = frozenset("pipeline reportlab fonttools amazon kdp".split())
IDENTIFIER = re.compile(r"\S*[:/]\S*|\S+\.(?:ttf|otf)\b")   # keys, versions, font files
WORD = re.compile(r"[^\W\d_]+(?:[’'-][^\W\d_]+)*")


PACKAGES = ["pipeline.book"] + [family_module(name) for name in family_names()]


def english_words(texts, allowed=frozenset()) -> dict[str, str]:
    """Each English word of ENGLISH found in `texts` ((where, text) pairs), with where."""
    found = {}
    for where, text in texts:
        for word in WORD.findall(IDENTIFIER.sub(" ", text)):
            lower = word.lower()
            if lower in ENGLISH and lower not in allowed and lower not in NAMES:
                found.setdefault(lower, where)
    return found


# --- the layout key ----------------------------------------------------------------------------
def _layout(tmp_path, family="sudoku", level="easy", **fields):
    from books_helpers import layout_text
    from pipeline.book.layout import load_layout

    sections = [{"family": family, "level": level, "count": 2, "puzzles_per_page": 1,
                 "solutions_per_page": 6}]
    return load_layout(write_layout(tmp_path, "lang", layout_text(sections=sections, **fields)))


def test_language_defaults_to_english_and_takes_a_catalog_language(tmp_path):
    assert _layout(tmp_path).language == "en"
    assert _layout(tmp_path).store == "Amazon.com"
    assert _layout(tmp_path, language="de").store == "Amazon.de"


@pytest.mark.parametrize("value, says", [("it", "unknown language 'it'"),
                                          ("DE", "unknown language 'DE'")])
def test_an_unknown_language_is_one_line_naming_the_field(tmp_path, value, says):
    with pytest.raises(InputError) as caught:
        _layout(tmp_path, language=value)
    line = str(caught.value)
    assert "\n" not in line and "language" in line and says in line and "lang.toml" in line


def test_a_family_without_a_catalog_in_the_language_is_refused(tmp_path):
    level = get_family("clued").levels[0]
    with pytest.raises(InputError) as caught:   # the clued crossword has no French catalog
        _layout(tmp_path, family="clued", level=level, language="fr")
    assert "clued" in str(caught.value) and "language" in str(caught.value)


# --- the catalogs -----------------------------------------------------------------------------
def test_the_project_holds_the_catalogs_its_books_need():
    held = set(i18n.catalogs(PACKAGES))
    assert {("pipeline.book", "de"), ("pipeline.book", "fr"), ("pipeline.book", "es")} <= held
    # Sudoku, Star Battle and Bridges print in all three
    assert {(f"pipeline.{name}", lang) for name in ("sudoku", "starbattle", "bridges")
            for lang in ("de", "fr", "es")} <= held


@pytest.mark.parametrize("package, lang", i18n.catalogs(PACKAGES))
def test_every_catalog_is_complete_and_holds_nothing_unused(package, lang):
    assert i18n.catalog_problems(package, lang) == []
    assert i18n.catalog(package, lang).review is not None


def _planted(tmp_path, package, lang, change) -> Path:
    path = tmp_path / "messages.po"
    text = i18n.po_path(package, lang).read_text(encoding="utf-8")
    changed = change(text)
    assert changed != text, "the plant did not change the catalog"
    path.write_text(changed, encoding="utf-8")
    return path


@pytest.mark.parametrize("change, says", [
    (lambda t: t.replace('msgstr "Zeit"', 'msgstr ""'), "'Time' is not translated"),
    (lambda t: t + '\nmsgid "Rätselzeit"\nmsgstr "Rätselzeit"\n', "marked nowhere"),
    (lambda t: t.replace('msgstr "Rätsel {number}"', 'msgstr "Rätsel {nummer}"'),
     "other parts"),
    (lambda t: t.replace('# Native-speaker review:', '# Reviewed:'), "Native-speaker review"),
    (lambda t: t.replace('msgstr "Zeit"', 'msgstr "\\"Zeit\\""'), "straight double quotes"),
])
def test_the_completeness_check_fails_on_a_planted_catalog(tmp_path, change, says):
    path = _planted(tmp_path, "pipeline.book", "de", change)
    problems = i18n.catalog_problems("pipeline.book", "de", path)
    assert any(says in problem for problem in problems), problems


def test_french_typography_is_checked_on_a_planted_catalog(tmp_path):
    path = _planted(tmp_path, "pipeline.book", "fr",
                    lambda t: t.replace("Dans ce livre\u00a0:", "Dans ce livre :"))
    problems = i18n.catalog_problems("pipeline.book", "fr", path)
    assert any("no-break space before ':'" in problem for problem in problems), problems


def test_a_texts_file_marks_its_string_values_and_never_its_keys(tmp_path, monkeypatch):
    folder = tmp_path / "planted_texts"
    folder.mkdir()
    (folder / "__init__.py").write_text('from pipeline.i18n import N_\nTITLE = N_("Planted")\n')
    (folder / "texts.toml").write_text(
        '[techniques.what-if]\nname = "What-if"\nlesson = """\\\n  suppose it, \\\n'
        '  then see."""\n\n[[rows]]\nsaid = "Once"\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert i18n.texts("planted_texts") == {
        "techniques": {"what-if": {"name": "What-if", "lesson": "suppose it, then see."}},
        "rows": [{"said": "Once"}]}
    assert i18n.marked_messages("planted_texts") == {
        "Planted": ["__init__.py:2"], "What-if": ["texts.toml:2"],
        "suppose it, then see.": ["texts.toml:3"], "Once": ["texts.toml:8"]}


def test_the_tables_read_from_texts_files_are_marked_messages():
    from pipeline.bridges.draw import TECHNIQUES
    from pipeline.kakuro.draw import TECHNIQUE_LESSONS as KAKURO_LESSONS
    from pipeline.starbattle.solve import TIERS
    from pipeline.sudoku.draw import TECHNIQUE_LESSONS as SUDOKU_LESSONS

    tables = {"pipeline.starbattle": [text for row in TIERS.values() for tier in row
                                      for text in (tier.name, tier.hint, tier.lesson)],
              "pipeline.sudoku": [*SUDOKU_LESSONS, *SUDOKU_LESSONS.values()],
              "pipeline.bridges": [text for _rule, *texts in TECHNIQUES for text in texts],
              "pipeline.kakuro": list(KAKURO_LESSONS.values())}
    for package, messages in tables.items():
        assert messages and set(messages) <= set(i18n.marked_messages(package)), package


def test_a_message_missing_from_a_catalog_is_an_error_never_english(monkeypatch, tmp_path):
    path = _planted(tmp_path, "pipeline.book", "de",
                    lambda t: t.replace('msgid "Time"\nmsgstr "Zeit"\n', ""))
    monkeypatch.setattr(i18n, "po_path", lambda package, lang: path)
    i18n.catalog.cache_clear()
    try:
        with i18n.speaking("de"), pytest.raises(i18n.MissingTranslation):
            i18n.messages("pipeline.book")("Time")
    finally:
        i18n.catalog.cache_clear()


def test_english_is_the_message_itself():
    words = i18n.messages("pipeline.book")
    assert words("Puzzle {number}", number=12) == "Puzzle 12"
    with i18n.speaking("fr"):
        assert words("Puzzle {number}", number=12) == "Grille 12"
        assert i18n.and_list(["B3", "C4", "D5"]) == "B3, C4 et D5"
        assert i18n.decimal(8.5) == "8,5"
    assert i18n.and_list(["B3", "C4", "D5"]) == "B3, C4 and D5"


def test_a_proper_name_keeps_its_capitals_in_running_text_and_lists_are_babels():
    """'10 pasatiempos de Star Battle' but 'grilles de mots mêlés'; German, French and Spanish
    lists are CLDR's (Babel's format_list), English keeps its join without a serial comma."""
    from babel.lists import format_list

    assert i18n.in_running_text("Star Battle", "es") == "Star Battle"
    assert i18n.in_running_text("Mots mêlés", "fr") == "mots mêlés"
    assert i18n.in_running_text("Deux étoiles, facile", "fr") == "deux étoiles, facile"
    items = ["B3", "C4", "D5", "E6"]
    for lang in ("de", "fr", "es"):
        assert i18n.and_list(items, lang) == format_list(items, locale=lang)
        assert i18n.or_list(items, lang) == format_list(items, style="or", locale=lang)
    assert i18n.and_list(items, "en") == "B3, C4, D5 and E6"
    # Spanish "e" before an /i/ sound, "u" before an /o/ sound
    assert i18n.and_list(["F6", "H7", "I7"], "es") == "F6, H7 e I7"
    assert i18n.or_list(["3", "8"], "es") == "3 u 8"
    assert i18n.and_list(["A1", "B2"], "es") == "A1 y B2"


# --- books in each language print no English -----------------------------------------------------
BOOKS = {   # name: (language, family, levels): one small book each, with hints where given
    "de": ("de", "sudoku", ("easy", "medium")),
    "fr": ("fr", "starbattle", ("easy", "tricky")),
    "es": ("es", "bridges", ("easy", "medium")),
    "fr-sudoku": ("fr", "sudoku", ("easy", "medium")),
    "es-sudoku": ("es", "sudoku", ("easy", "medium")),
    "de-bridges": ("de", "bridges", ("easy", "medium")),
    "fr-bridges": ("fr", "bridges", ("easy", "medium")),
    "de-starbattle": ("de", "starbattle", ("easy", "tricky")),
    "es-starbattle": ("es", "starbattle", ("easy", "tricky")),
    "de-wordsearch": ("de", "wordsearch", ("medium-de", "hard-de")),
    "fr-wordsearch": ("fr", "wordsearch", ("medium-fr", "hard-fr")),
    "es-wordsearch": ("es", "wordsearch", ("medium-es", "hard-es")),
}
# A catalog key as an English book prints it on its copyright page ("sudoku:easy:1–8"): its
# level slug reads as an English word, so a book in another language names the level instead.
SLUG_KEY = re.compile(r"\b[a-z]+:[a-z-]+:\d")


def _book(root: Path, name: str):
    lang, family, levels = BOOKS[name]
    hints = get_family(family).gives_hints
    lines = [f'title = "Buch {lang}"', 'subtitle = "Klein"', 'author = "Keyed Press"',
             'trim = "6x9"', 'paper = "white"', f"hints = {str(hints).lower()}",
             f'language = "{lang}"']
    per_page = 2 if family in ("starbattle", "bridges") else 1   # as the default set prints
    for level in levels:
        lines += ["", "[[sections]]", f'family = "{family}"', f'level = "{level}"',
                  "count = 8", f"puzzles_per_page = {per_page}",
                  f"solutions_per_page = {6 if hints else 2}"]
        lines += [f"hints_per_page = {2 * per_page}"] if hints else []
    path = write_layout(root, f"small-{name}", "\n".join(lines) + "\n")
    entries, _manifest = build(root, [path])
    book = read_back(root, entries[0])
    texts = [(f"interior p{page.number}", page.text) for page in book.pages]
    texts.append(("cover", book.cover_page.text))
    return texts


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    root = tmp_path_factory.mktemp("languages")
    return {name: _book(root / name, name) for name in BOOKS}


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_a_book_in_each_language_prints_no_english_word(books, name):
    texts, (lang, family, _levels) = books[name], BOOKS[name]
    # A family whose name the language keeps as it is (Star Battle in German and Spanish, as
    # Sudoku everywhere) prints that name, and only that name, in English.
    english = get_family(family).printed_title()
    with i18n.speaking(lang):
        title = get_family(family).printed_title()
    if title == english:
        kept = re.compile(r"\s+".join(map(re.escape, title.split())))
        texts = [(where, kept.sub(" ", text)) for where, text in texts]
    allowed = {word.lower() for word in WORD.findall(f"Buch {lang} Klein Keyed Press")}
    assert english_words(texts, allowed) == {}
    assert any("Rätsel 1" in t or "Grille 1" in t or "Pasatiempo 1" in t for _w, t in texts)
    assert [where for where, text in texts if SLUG_KEY.search(text)] == []


def test_the_slug_check_finds_an_english_copyright_key():
    """The check above reads the keys an English copyright page prints."""
    assert SLUG_KEY.search("Catalog keys: sudoku:easy:77–100; starbattle:tricky:202–231.")
    assert SLUG_KEY.search("wordsearch:medium-de:1–2")
    assert not SLUG_KEY.search("Clés du catalogue : Mots mêlés, niveau moyen : 1–2, 4–19.")


def _english_words_with_planted(tmp_path, monkeypatch, package, lang, change, book):
    """The English words of the small book `book`, built with `package`'s `lang` catalog
    changed by `change`."""
    path = _planted(tmp_path, package, lang, change)
    real = i18n.po_path
    monkeypatch.setattr(i18n, "po_path", lambda pkg, lng: path
                        if (pkg, lng) == (package, lang) else real(pkg, lng))
    i18n.catalog.cache_clear()
    try:
        return english_words(_book(tmp_path / "book", book))
    finally:
        i18n.catalog.cache_clear()


def test_the_english_word_test_fails_on_a_planted_untranslated_message(tmp_path, monkeypatch):
    """A translator who left "Time" in English in the French book layer's catalog: the French
    book prints it beside every puzzle, and the test finds it."""
    found = _english_words_with_planted(
        tmp_path, monkeypatch, "pipeline.book", "fr",
        lambda t: t.replace('msgstr "Temps"', 'msgstr "Time"'), "fr")
    assert found.get("time", "").startswith("interior p"), found


def test_the_english_word_test_fails_on_an_untranslated_word_search_level(tmp_path,
                                                                         monkeypatch):
    """"Hard" left in English in Word Search's German catalog: the German word search book
    prints it in its contents and running heads, and the test finds it."""
    found = _english_words_with_planted(
        tmp_path, monkeypatch, "pipeline.wordsearch", "de",
        lambda t: t.replace('msgstr "Schwer"', 'msgstr "Hard"'), "de-wordsearch")
    assert found.get("hard", "").startswith("interior p"), found


def test_the_english_word_list_finds_english_pages():
    """What an English book prints is full of the list's words."""
    texts = [("rules", paragraph) for paragraph in get_family("bridges").rules_text()]
    texts.append(("label", i18n.messages("pipeline.book")("Hint on page {page} · ", page=3)))
    assert {"island", "islands", "bridges", "hint", "every"} <= set(english_words(texts))


# --- hints in each language ---------------------------------------------------------------------
HINT_KEYS = {"sudoku": [("sudoku", "easy", n) for n in (1, 2)]
             + [("sudoku", "medium", n) for n in (1, 2, 3)],
             "starbattle": [("starbattle", "easy", n) for n in (1, 2)]
             + [("starbattle", "tricky", n) for n in (1, 2, 3)],
             "bridges": [("bridges", "easy", n) for n in (1, 2)]
             + [("bridges", "medium", n) for n in (1, 2, 3)] + [("bridges", "hard", 1)],
             "kakuro": [("kakuro", "easy", 4), ("kakuro", "medium", 1), ("kakuro", "hard", 1)]}
# Every family with hints here is catalogued in all three languages.
HINT_BOARDS = {lang: [key for keys in HINT_KEYS.values() for key in keys]
               for lang in ("de", "fr", "es")}


@pytest.fixture(scope="module")
def boards():
    out = {}
    for name, level, n in sorted({key for keys in HINT_BOARDS.values() for key in keys}):
        out[(name, level, n)] = get_family(name).generate(f"{name}:{level}:{n}", level)
    return out


@pytest.mark.parametrize("lang", sorted(HINT_BOARDS))
def test_hints_in_each_language_are_sound(boards, lang):
    for name, level, n in HINT_BOARDS[lang]:
        family, made = get_family(name), boards[(name, level, n)]
        english = family.hint(made.puzzle, made.solution, made.grade)
        with i18n.speaking(lang):
            hint = family.hint(made.puzzle, made.solution, made.grade)
            rows, cols = family.grid_shape(made.puzzle)
            assert hint.reveals == english.reveals, (name, level, n)
            assert hint.text != english.text and hint.technique != english.technique
            assert text_findings(hint.text, family.hint_names(hint.reveals), rows, cols,
                                 family.square_labels) == [], hint.text
            assert family.check_hint(made.puzzle, made.solution, hint.reveals) == []


def test_the_hint_check_fails_on_a_planted_template_that_drops_a_square(boards, tmp_path,
                                                                         monkeypatch):
    """A German template that forgets the cell a digit goes in: the words no longer name
    what the hint reveals, and the read-back's check says so."""
    path = _planted(tmp_path, "pipeline.sudoku", "de",
                    lambda t: t.replace('msgstr "die {digit} in {cell}"',
                                        'msgstr "die {digit} hier"'))
    real = i18n.po_path
    monkeypatch.setattr(i18n, "po_path", lambda package, lang: path
                        if (package, lang) == ("pipeline.sudoku", "de") else real(package, lang))
    i18n.catalog.cache_clear()
    family = get_family("sudoku")
    try:
        found = []
        with i18n.speaking("de"):
            for name, level, n in HINT_BOARDS["de"]:
                if name != "sudoku":
                    continue
                made = boards[(name, level, n)]
                hint = family.hint(made.puzzle, made.solution, made.grade)
                found += text_findings(hint.text, family.hint_names(hint.reveals), 9, 9)
    finally:
        i18n.catalog.cache_clear()
    assert any("does not name revealed square" in problem for problem in found), found


# --- the upload sheet -------------------------------------------------------------------------
def test_the_upload_sheet_names_language_store_and_each_catalogs_review(tmp_path):
    from pipeline.book.upload import catalog_reviews, translation_question

    layout = _layout(tmp_path, language="de")
    reviews, shown = catalog_reviews(layout)
    # Named inside the project, so the sheet is the same bytes wherever it is checked out.
    assert set(reviews) == {"pipeline/book/locale/de/LC_MESSAGES/messages.po",
                            "pipeline/sudoku/locale/de/LC_MESSAGES/messages.po"}
    assert all(i18n.po_path(name.split("/locale/")[0].replace("/", "."), "de").is_file()
               for name in reviews)
    assert all(value == "" for value in reviews.values())   # no native speaker's review yet
    assert "no review by a native speaker yet" in shown
    value, said = translation_question(layout)
    assert value is None and "native speaker" in said


# --- typography ---------------------------------------------------------------------------------
def test_the_copyright_trim_carries_the_decimal_comma(tmp_path):
    from pipeline.book.build import trim_text

    assert trim_text(_layout(tmp_path, trim="8.5x11")) == "8.5x11"     # English, as before
    assert trim_text(_layout(tmp_path, trim="8.5x11", language="de")) == "8,5 × 11"


def test_a_word_wider_than_its_column_breaks_where_the_dictionary_allows():
    from pipeline.book.fonts import font_set
    from pipeline.book.interior import _hyphenated
    from pipeline.book.layout import DEFAULT_FONTS, resolve_font_file

    root = Path(__file__).resolve().parent.parent
    face = font_set(resolve_font_file(DEFAULT_FONTS["regular"], root),
                    resolve_font_file(DEFAULT_FONTS["bold"], root)).regular
    word = "Zellen­erzwingungskette".replace("\u00ad", "")
    width = face.advance(word, 10) * 0.6
    with i18n.speaking("de"):
        parts = _hyphenated(word, face, 10, width)
    assert len(parts) >= 2 and "".join(p.rstrip("-") for p in parts) == word
    assert all(face.advance(p, 10) <= width for p in parts[:-1]), parts
    assert all(p.endswith("-") for p in parts[:-1])


def test_a_french_no_break_space_never_breaks_a_line():
    from pipeline.book.fonts import font_set
    from pipeline.book.layout import DEFAULT_FONTS, resolve_font_file

    root = Path(__file__).resolve().parent.parent
    face = font_set(resolve_font_file(DEFAULT_FONTS["regular"], root),
                    resolve_font_file(DEFAULT_FONTS["bold"], root)).regular
    narrow = face.advance("Dans ce livre", 10) + 1
    # With an ordinary space the colon would start a line; the no-break space keeps it.
    assert face.wrap("Dans ce livre : des grilles", 10, narrow)[1].startswith(":")
    lines = face.wrap("Dans ce livre\u00a0: des grilles", 10, narrow)
    assert not any(line.startswith(":") for line in lines)
    assert any("livre\u00a0:" in line for line in lines), lines


def test_killer_hints_in_german_are_sound():
    """Killer boards from the frozen edition (generating them is slow): cages and sums in
    the German words, the same reveals as the English hint."""
    import json

    lock = Path(__file__).resolve().parent.parent / "layouts" / "killer-sudoku.lock.jsonl"
    records = [json.loads(line) for line in lock.read_text(encoding="utf-8").splitlines()]
    family, seen = get_family("sudoku"), set()
    for record in records:
        if record["level"] in seen:
            continue
        seen.add(record["level"])
        english = family.hint(record["puzzle"], record["solution"], record["grade"])
        with i18n.speaking("de"):
            hint = family.hint(record["puzzle"], record["solution"], record["grade"])
            assert hint.reveals == english.reveals
            assert text_findings(hint.text, family.hint_names(hint.reveals), 9, 9) == []
            assert family.check_hint(record["puzzle"], record["solution"], hint.reveals) == []
        assert english_words([("hint", hint.text)]) == {}, hint.text
    assert seen == {"killer-easy", "killer-medium", "killer-hard"}


def test_every_printer_profile_is_named_in_the_books_language():
    from pipeline.book.build import PRINTED_FOR
    from pipeline.book.printers import profile_names
    assert set(profile_names()) == set(PRINTED_FOR)


def test_a_count_of_one_is_singular_in_every_hint_language():
    """'can reach exactly 1 bridge end' (easy 12): the count's noun agrees with it, in English
    and in Spanish ('1 puente', never '1 puentes'), by the catalog's plural forms."""
    family = get_family("bridges")
    made = family.generate("bridges:easy:12", "easy")
    english = family.hint(made.puzzle, made.solution, made.grade).text
    assert "can reach exactly 1 bridge end over" in english
    with i18n.speaking("es"):
        spanish = family.hint(made.puzzle, made.solution, made.grade).text
    assert "solo puede recibir 1 puente en total" in spanish and "1 puentes" not in spanish
    with i18n.speaking("es"):
        from pipeline.bridges.hints import BRIDGE_ENDS, _
        assert [_.n(BRIDGE_ENDS, n) for n in (1, 2, 0)] == ["1 puente", "2 puentes", "0 puentes"]


def test_spanish_hard_hints_negate_and_agree():
    """The editor's findings on the hard levels: 'el tramo no lleva ningún puente' (never
    'lleva ningún puente'), a supposition of none negated, and one bridge's verb singular."""
    family = get_family("bridges")
    texts = []
    for level, n in (("hard", 1), ("hard", 2), ("expert", 4)):
        made = family.generate(f"bridges:{level}:{n}", level)
        with i18n.speaking("es"):
            texts.append(family.hint(made.puzzle, made.solution, made.grade).text)
    hard_1, hard_2, expert_4 = texts
    assert "el tramo no lleva ningún puente" in hard_1
    assert "Un puente entre el 1 de A4 y el 2 de A6 los gastaría todos y dejaría" in hard_1
    assert "Dos puentes entre el 5 de G4 y el 2 de I4 los gastarían todos y dejarían" in hard_2
    assert "no hubiera ningún puente" in expert_4
    assert not any(re.search(r"(?<! no) (lleva|hubiera) ningún", t) for t in texts)


# --- a short book of every family in every language its catalogs print -------------------------
def _printable_pairs() -> list[tuple[str, str, str]]:
    """(family, language, level) for every family with a catalog in a language: the family's
    easiest level whose words are in that language, or whose boards have none."""
    pairs = []
    for name in family_names():
        family = get_family(name)
        for lang in i18n.LANGUAGES[1:]:
            if not i18n.has_catalog(family_module(name), lang):
                continue
            level = next((level for level in family.levels
                          if family.level_language(level) in (None, lang)), None)
            if level is not None:
                pairs.append((name, lang, level))
    return pairs


def test_a_short_book_of_every_family_in_every_language_passes_its_preflight(tmp_path, capsys):
    """Ten puzzles of each family, one a page and their solutions one a page (about the fewest
    pages a printer takes), in each language it has catalogs for, with hints where the family
    gives them, built and held to every preflight check."""
    from books_helpers import layout_text
    from pipeline.cli import main

    pairs = _printable_pairs()
    held = {(name, lang) for name, lang, _level in pairs}
    # Every family in every language but one pairing: the clued crossword has no French (its
    # clue table reads below the printable bar): docs/languages.md. Codeword prints Spanish
    # on a key of its own, 24 letters without K and W.
    assert held == {(name, lang) for name in family_names() for lang in ("de", "fr", "es")} - {
        ("clued", "fr")}
    verdicts = []
    for name, lang, level in pairs:
        hints = get_family(name).gives_hints
        section = {"family": name, "level": level, "count": 10, "puzzles_per_page": 1,
                   "solutions_per_page": 1, **({"hints_per_page": 2} if hints else {})}
        path = write_layout(tmp_path, f"short-{name}-{lang}", layout_text(
            f"Short {name} {lang}", language=lang, hints=hints, sections=[section]))
        # a build of its own: unpublished books that share boards fail each other's ledger
        # check, and every book here starts from its level's first boards
        out = f"build-{name}-{lang}"
        build(tmp_path, [path], out=out)
        capsys.readouterr()
        status = main(["--catalog", str(tmp_path / "catalog.sqlite"), "preflight",
                       "--workers", "1", "--manifest", str(tmp_path / out / "manifest.json")])
        report, _err = capsys.readouterr()
        verdicts += re.findall(r"^(short-\S+) \(\w+\): (\w+)", report, re.M)
        assert status == 0, report
    assert len(verdicts) == len(pairs), verdicts
    assert all(verdict == "PASS" for _book, verdict in verdicts), verdicts
