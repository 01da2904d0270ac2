"""The back-cover text a layout gets when it writes none says only what is true of its book:
its levels are the techniques they need only where every family in it sets them so, and it
runs "from gentle to demanding" only where it starts at the easiest level; its puzzles are
counted by what their level calls them."""

from __future__ import annotations

import pytest

from books_helpers import layout_text, write_layout
from pipeline.book.cover import default_blurb
from pipeline.book.layout import load_layout
from pipeline.family import get_family
from pipeline.i18n import speaking

# The techniques sentence as each language prints it.
TECHNIQUES = {"en": "defined by the solving techniques", "de": "Lösungstechniken",
              "fr": "techniques de résolution", "es": "técnicas de resolución"}
GENTLE = {"en": "from gentle to demanding", "de": "von leicht bis anspruchsvoll",
          "fr": "des plus faciles aux plus corsées", "es": "del más sencillo al más exigente"}


def blurb_of(tmp_path, sections, language="en") -> str:
    rows = [{"family": family, "level": level, "count": 10, "puzzles_per_page": 1,
             "solutions_per_page": 4} for family, level in sections]
    path = write_layout(tmp_path, "blurb", layout_text(sections=rows, language=language))
    with speaking(language):
        return default_blurb(load_layout(path))


def test_the_families_that_set_levels_by_technique_are_declared():
    """The claim is the family's to make: a family whose levels are set by the grid, a
    measurement or the letters given does not make it."""
    assert get_family("sudoku").levels_by_techniques
    assert get_family("bridges").levels_by_techniques
    for name in ("wordsearch", "connections", "clued", "codeword", "nonogram"):
        assert not get_family(name).levels_by_techniques, name


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_techniques_are_claimed_only_where_every_family_sets_its_levels_by_them(tmp_path,
                                                                                language):
    sudoku = blurb_of(tmp_path, [("sudoku", "easy"), ("sudoku", "medium")], language)
    assert TECHNIQUES[language] in sudoku
    sections = [("wordsearch", "easy"), ("wordsearch", "medium")]
    if language != "en":
        sections = [("wordsearch", f"medium-{language}"), ("wordsearch", f"hard-{language}")]
    word_search = blurb_of(tmp_path, sections, language)
    assert TECHNIQUES[language] not in word_search
    if language == "en":
        mixed = blurb_of(tmp_path, [("sudoku", "easy"), ("wordsearch", "easy")], language)
        assert TECHNIQUES["en"] not in mixed
        assert mixed.startswith("20 Sudoku and Word Search puzzles")


@pytest.mark.parametrize("sections, gentle", [
    ([("sudoku", "easy"), ("sudoku", "hard")], True),
    ([("sudoku", "hard"), ("sudoku", "extreme")], False),
    ([("sudoku", "easy")], False),
    ([("sudoku", "killer-easy"), ("sudoku", "killer-medium")], True),
    ([("sudoku", "medium"), ("sudoku", "killer-easy")], False),
])
def test_gentle_to_demanding_only_from_the_easiest_level(tmp_path, sections, gentle):
    blurb = blurb_of(tmp_path, sections)
    assert (GENTLE["en"] in blurb) is gentle
    if not gentle:
        assert blurb.startswith(f"{10 * len(sections)} ") and "puzzles. Every puzzle" in blurb


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_a_book_of_harder_levels_is_not_called_gentle_in_any_language(tmp_path, language):
    blurb = blurb_of(tmp_path, [("sudoku", "hard"), ("sudoku", "expert")], language)
    assert GENTLE[language] not in blurb and TECHNIQUES[language] in blurb
    assert GENTLE[language] in blurb_of(tmp_path, [("sudoku", "easy"), ("sudoku", "hard")],
                                        language)


def test_three_families_are_listed_as_a_list(tmp_path):
    blurb = blurb_of(tmp_path, [("fillin", "easy"), ("codeword", "easy"),
                                ("wordsearch", "easy")])
    assert blurb.startswith("30 Fill-In, Codeword and Word Search puzzles, from gentle to "
                            "demanding.")


@pytest.mark.parametrize("sections, opening", [
    ([("sudoku", "killer-easy"), ("sudoku", "killer-hard")], "20 Killer Sudoku puzzles, from"),
    ([("sudoku", "easy"), ("sudoku", "killer-easy")], "20 Sudoku and Killer Sudoku puzzles, "),
    ([("sudoku", "easy"), ("sudoku", "hard")], "20 Sudoku puzzles, from"),
])
def test_a_back_cover_counts_puzzles_by_what_their_level_is_called(tmp_path, sections,
                                                                   opening):
    assert blurb_of(tmp_path, sections).startswith(opening)


@pytest.mark.parametrize("language, opening", [("de", "Killer-Sudoku: 20 Rätsel"),
                                               ("fr", "20 grilles de sudoku killer"),
                                               ("es", "20 pasatiempos de sudoku killer")])
def test_killer_sudoku_is_named_in_every_language(tmp_path, language, opening):
    blurb = blurb_of(tmp_path, [("sudoku", "killer-easy"), ("sudoku", "killer-hard")], language)
    assert blurb.startswith(opening)
