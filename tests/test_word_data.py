"""Word data a layout names (`words` in a section): a Word Search theme file, a Fill-In or
Codeword word list. Its boards use that data's words alone, live in a catalog level of their
own named by the data's digest (a changed file gives other keys, the same bytes the same
boards), leave every default key and board as it was, and every bad file is one line naming
the file, the line and the field, with exit status 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from books_helpers import build
from pipeline.book.inputs import book_inputs, layout_paths
from pipeline.book.layout import load_layout
from pipeline.catalog import Catalog
from pipeline.cli import main
from pipeline.errors import InputError
from pipeline.family import get_family
from pipeline.generate import fill
from pipeline.engines.lexicon import LANGUAGES, is_offensive, read_press_list
from pipeline.records import fingerprint, level_space, space_level
from pipeline.engines.worddata import word_source, words_for

FIXTURES = Path(__file__).parent / "fixtures" / "worddata"
THEME = FIXTURES / "themes" / "picnic.txt"
WORD_LIST = FIXTURES / "lists" / "everyday-words.txt"


def theme_words(path: Path) -> set[str]:
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    return {line.upper() for line in lines
            if line and not line.startswith(("#", "title:"))}


def list_words(path: Path) -> set[str]:
    return {line.split()[0].upper() for line in path.read_text(encoding="utf-8").splitlines()
            if line.split() and not line.startswith("#")}


def built_section(tmp_path: Path, layout: Path) -> list[dict]:
    """Build a fixture layout into tmp_path; the records of its one section."""
    entries, manifest = build(tmp_path, [layout])
    ids = [p["id"] for page in manifest["books"][0]["pages"] if page["kind"] == "puzzle"
           for p in page["puzzles"]]
    with Catalog(tmp_path / "catalog.sqlite") as catalog:
        by_id = {r.id: r for r in catalog.records()}
    return [by_id[i] for i in ids]


# --- boards from a layout's own data --------------------------------------------------------
def test_a_word_search_section_uses_only_its_own_theme(tmp_path):
    layout = load_layout(FIXTURES / "layouts" / "word-search-picnic.toml")
    digest = layout.sections[0].words.digest
    records = built_section(tmp_path, layout.path)
    assert len(records) == 20
    allowed = theme_words(THEME)
    for record in records:
        assert set(record.puzzle["words"]) <= allowed, record.id
        assert record.puzzle["theme"] == "A Summer Picnic"
        assert record.level == "easy" and record.extra["words"] == digest
        assert record.id.startswith(f"wordsearch-easy+{digest}-")
        assert record.key.startswith(f"wordsearch:easy+{digest}:")
        assert get_family("wordsearch").verify(record.puzzle, record.solution)["unique"]


def test_a_fill_in_section_uses_only_its_own_list(tmp_path):
    layout = load_layout(FIXTURES / "layouts" / "fill-in-own-list.toml")
    records = built_section(tmp_path, layout.path)
    assert len(records) == 20
    allowed = list_words(WORD_LIST)
    for record in records:
        assert set(record.puzzle["words"]) <= allowed, record.id
        assert record.space == level_space("easy", layout.sections[0].words.digest)
    # Our own fill list is far larger: boards from it would use words the fixture lacks.
    own = get_family("fillin").generate("fillin:easy:1", "easy").puzzle["words"]
    assert not set(own) <= allowed


def test_codeword_answers_come_from_the_list_and_are_proven_under_the_large_dictionary(
        tmp_path):
    from pipeline.engines.crossword.words import COMMON, dictionary_words, read_list
    common = read_list(COMMON)
    ranked = sorted((w for w, z in common.items() if z >= 3.0 and not is_offensive(w)),
                    key=lambda w: (-common[w], w))
    path = tmp_path / "answers.txt"
    path.write_text("\n".join(ranked[:8000]) + "\n", encoding="utf-8")
    family = get_family("codeword")
    index = family.read_words(path, "easy")
    made = family.generate_from_words("codeword:easy+test:1", "easy", index)
    grid = made.solution["grid"]
    slots = [w for line in grid + ["".join(col) for col in zip(*grid)]
             for w in line.split("#") if len(w) >= 3]
    assert set(slots) <= set(ranked[:8000])
    assert made.proof["unique"] and len(dictionary_words()) > 100_000


def test_the_same_file_gives_the_same_boards_and_a_changed_file_other_keys(tmp_path):
    first = tmp_path / "a" / "picnic.txt"
    elsewhere = tmp_path / "b" / "picnic.txt"
    for path in (first, elsewhere):
        path.parent.mkdir()
        shutil.copy(THEME, path)
    source, copy = word_source(first), word_source(elsewhere)
    assert source.digest == copy.digest and source.path != copy.path
    with Catalog(tmp_path / "one.sqlite") as one, Catalog(tmp_path / "two.sqlite") as two:
        fill(one, "wordsearch", "easy", 3, workers=1, progress=False, words=source)
        fill(two, "wordsearch", "easy", 3, workers=1, progress=False, words=copy)
        space = level_space("easy", source.digest)
        assert [(r.id, r.sha256) for r in one.records("wordsearch", space)] == \
            [(r.id, r.sha256) for r in two.records("wordsearch", space)]
        first.write_text(THEME.read_text(encoding="utf-8") + "sunhat\n", encoding="utf-8")
        changed = word_source(first)
        assert changed.digest != source.digest
        fill(one, "wordsearch", "easy", 3, workers=1, progress=False, words=changed)
        spaces = {r.space for r in one.records("wordsearch")}
        assert spaces == {space, level_space("easy", changed.digest)}
        assert one.count("wordsearch", "easy") == 0   # the family's own level untouched


def test_default_levels_keep_their_keys_and_boards(tmp_path):
    """No `words`: the catalog level is the level, and the id, key and board are the ones a
    key always gave."""
    layout = load_layout(Path("layouts") / "word-search-classic.toml")
    assert [s.space for s in layout.sections] == ["medium", "hard"]
    assert all(s.words is None for s in layout.sections)
    with Catalog(tmp_path / "catalog.sqlite") as catalog:
        fill(catalog, "fillin", "easy", 2, workers=1, progress=False)
        records = list(catalog.records("fillin", "easy"))
    family = get_family("fillin")
    for number, record in enumerate(records, start=1):
        assert (record.id, record.key, record.extra) == \
            (f"fillin-easy-{number:04d}", f"fillin:easy:{number}", {})
        made = family.generate(record.key, "easy")
        assert record.sha256 == fingerprint(made.puzzle, made.solution)
    assert space_level("easy") == "easy" and level_space("easy") == "easy"


def test_a_worker_refuses_data_changed_under_it(tmp_path):
    path = tmp_path / "picnic.txt"
    shutil.copy(THEME, path)
    source = word_source(path)
    path.write_text(THEME.read_text(encoding="utf-8") + "sunhat\n", encoding="utf-8")
    with pytest.raises(InputError, match="changed while its boards were being made"):
        words_for(get_family("wordsearch"), source, "easy")


def test_the_books_inputs_digest_covers_the_data(tmp_path):
    folder = tmp_path / "book"
    shutil.copytree(FIXTURES, folder)
    layout = load_layout(folder / "layouts" / "word-search-picnic.toml")
    paths = layout_paths(layout)
    assert paths["words"] == [str((folder / "themes" / "picnic.txt").resolve())]
    with Catalog(tmp_path / "catalog.sqlite") as catalog:
        before = book_inputs(paths, {}, catalog).digest
        theme = folder / "themes" / "picnic.txt"
        theme.write_text(theme.read_text(encoding="utf-8") + "sunhat\n", encoding="utf-8")
        assert book_inputs(paths, {}, catalog).digest != before


# --- one-line errors ------------------------------------------------------------------------
SECTION = {
    "wordsearch": 'family = "wordsearch"\nlevel = "easy"\ncount = 20\n',
    "fillin": 'family = "fillin"\nlevel = "easy"\ncount = 20\n',
    "codeword": 'family = "codeword"\nlevel = "easy"\ncount = 20\n',
    "sudoku": 'family = "sudoku"\nlevel = "easy"\ncount = 20\n',
}
HEAD = 'title = "T"\nauthor = "A"\ntrim = "8.5x11"\n\n[[sections]]\n'
PICNIC = THEME.read_text(encoding="utf-8")
EVERYDAY = WORD_LIST.read_text(encoding="utf-8")
AFTER_PICNIC = len(PICNIC.splitlines()) + 1       # a line added at the end
AFTER_EVERYDAY = len(EVERYDAY.splitlines()) + 1
ANT = PICNIC.splitlines().index("ant") + 1
ABOUT = EVERYDAY.splitlines().index("about") + 1
# (family, data file's text or None for no file, what the error says, the data file's line
# it names, or None when it is about the data as a whole: then the layout's `words` line)
PLANTED = [
    ("wordsearch", None, "no such file or folder", None),
    ("wordsearch", "title: Empty\n# nothing here\n", "the theme has no words", None),
    ("wordsearch", PICNIC + "café\n", "the en grid alphabet has no 'É'", AFTER_PICNIC),
    ("wordsearch", PICNIC.replace("ant\n", "apple\n"), "'apple' appears twice", ANT),
    ("wordsearch", PICNIC + "sexes\n", "is on the offensive-word list", AFTER_PICNIC),
    ("wordsearch", "title: Short\nbasket\nblanket\nbread\n",
     "only 3 of its words have 3 to 12 letters; boards of level easy need a theme of at "
     "least 14", None),
    ("fillin", None, "no such file or folder", None),
    ("fillin", "# only a comment\n", "the word list has no words", None),
    ("fillin", EVERYDAY + "rock&roll\n", "holds '&'", AFTER_EVERYDAY),
    ("fillin", EVERYDAY + "about\n", f"'about' appears twice (first on line {ABOUT})",
     AFTER_EVERYDAY),
    ("fillin", EVERYDAY + "peeing\n", "offensive-word list, or an inflection", AFTER_EVERYDAY),
    ("fillin", "able\nabout\nabove\n", "too small to fill grids of level easy", None),
    ("codeword", EVERYDAY.replace("about\n", "xyzzyq\n"), "not in the large dictionary",
     ABOUT),
    ("codeword", EVERYDAY, "too small to fill grids of level easy", None),
    ("sudoku", PICNIC, "the sudoku family makes its boards from no word data", None),
]


@pytest.mark.parametrize("family,text,message,line", PLANTED,
                         ids=[f"{p[0]}-{i}" for i, p in enumerate(PLANTED)])
def test_bad_word_data_is_one_line(tmp_path, capsys, family, text, message, line):
    data = tmp_path / "data" / "words.txt"
    if text is not None:
        data.parent.mkdir()
        data.write_text(text, encoding="utf-8")
    layout = tmp_path / "layouts" / "planted.toml"
    layout.parent.mkdir()
    layout.write_text(HEAD + SECTION[family] + 'words = "../data/words.txt"\n',
                      encoding="utf-8")
    status = main(["--catalog", str(tmp_path / "catalog.sqlite"), "books", "--quiet",
                   "--out", str(tmp_path / "build"), str(layout)])
    err = capsys.readouterr().err
    assert status == 2
    assert len(err.strip().splitlines()) == 1, err
    assert message in err
    if line is None:          # the layout's field, naming the data in its message
        assert err.startswith(f"pipeline: {layout}:9: sections[1].words: ")
        assert str(data.resolve()) in err or family == "sudoku"
    else:
        assert err.startswith(f"pipeline: {data.resolve()}:{line}: word: ")
    assert not (tmp_path / "build").exists()


def test_a_folder_of_themes_is_read_in_name_order(tmp_path):
    folder = tmp_path / "themes"
    folder.mkdir()
    shutil.copy(THEME, folder / "b-picnic.txt")
    (folder / "a-garden.txt").write_text(
        "title: In the Garden\n" + "\n".join(
            "rose tulip daisy lily fern moss hedge shed spade rake hose seed bulb gnome soil "
            "lawn pond gate path bench".split()) + "\n", encoding="utf-8")
    read = get_family("wordsearch").read_words(folder, "easy")
    assert [theme.title for theme, _words in read] == ["In the Garden", "A Summer Picnic"]
    (folder / "c-empty.txt").write_text("title: Nothing\n", encoding="utf-8")
    with pytest.raises(InputError, match="the theme has no words") as error:
        get_family("wordsearch").read_words(folder, "easy")
    assert error.value.file == str(folder / "c-empty.txt")


# --- the offensive test: inflections of listed words ----------------------------------------
def test_inflections_of_listed_words_are_offensive():
    for word in ("PEEING", "SEXES", "PEES", "SEXED"):
        assert is_offensive(word), word
    for word in ("SOBER", "LENS", "PEER", "FATED", "HIVES", "WADING", "STRIPES", "TESTING",
                 "ASSESSED"):
        assert not is_offensive(word), word


def test_the_one_definition_holds_every_list_in_every_language():
    """English lists (both maintained ones and the press's) in every language; a language's
    own lists in that language only."""
    for language in LANGUAGES:
        assert is_offensive("SCAT", language)      # glin-profanity's English list
        assert is_offensive("MONG", language)      # the press's English list
        assert is_offensive("NIGGER", language)    # better-profanity's list
    assert is_offensive("KANACKE", "de") and not is_offensive("KANACKE", "fr")
    assert is_offensive("BOUGNOULE", "fr") and is_offensive("SUDACA", "es")


def test_a_press_list_line_is_refused_in_one_line(tmp_path):
    press = tmp_path / "de.txt"
    press.write_text("# notes\nKanacke   # rassistisch\n\nKümmeltürke\n", encoding="utf-8")
    assert read_press_list(press, "de") == {"KANACKE", "KUEMMELTUERKE"}
    for planted, line, message in (("Kanacke\nKanacke\n", 2, "listed twice"),
                                   ("ok\nwort3\n", 2, "'3'"),
                                   ("X\n", 1, "shorter than two letters")):
        press.write_text(planted, encoding="utf-8")
        with pytest.raises(InputError, match=message) as error:
            read_press_list(press, "de")
        assert (error.value.file, error.value.line, error.value.field) == (str(press), line,
                                                                            "word")


def test_replace_stale_drops_a_layout_levels_old_boards_too(tmp_path, capsys):
    """Boards of a layout's own data made by an older generator go with their level when
    `pipeline generate --replace-stale` makes that level again."""
    import sqlite3
    source = word_source(THEME)
    catalog_path = tmp_path / "catalog.sqlite"
    with Catalog(catalog_path) as catalog:
        fill(catalog, "wordsearch", "easy", 2, workers=1, progress=False, words=source)
    with sqlite3.connect(catalog_path) as db:
        db.execute("UPDATE puzzles SET generator='wordsearch/0'")
    assert main(["--catalog", str(catalog_path), "generate", "--family", "wordsearch",
                 "--level", "easy", "--count", "0", "--replace-stale", "--quiet"]) == 0
    assert f"easy+{source.digest}: 2 boards of an older generator removed" in \
        capsys.readouterr().err
    with Catalog(catalog_path) as catalog:
        assert catalog.count("wordsearch", level_space("easy", source.digest)) == 0


def test_workers_in_other_processes_make_the_same_boards(tmp_path):
    """The workers of a process pool are sent the path and digest, read the theme again and
    make exactly the boards the driver makes alone."""
    from pipeline.generate import LocalExecutor
    source = word_source(THEME)
    space = level_space("easy", source.digest)
    with Catalog(tmp_path / "one.sqlite") as alone, Catalog(tmp_path / "pool.sqlite") as pool, \
            LocalExecutor(2) as executor:
        fill(alone, "wordsearch", "easy", 4, workers=1, progress=False, words=source)
        fill(pool, "wordsearch", "easy", 4, executor=executor, progress=False, words=source)
        assert [(r.id, r.sha256) for r in alone.records("wordsearch", space)] == \
            [(r.id, r.sha256) for r in pool.records("wordsearch", space)]
