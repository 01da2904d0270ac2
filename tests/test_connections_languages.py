"""Boards in German, French and Spanish: tiles named by CLDR, categories computed on those
names, and boards proven on the language's own tiles and labels."""

from __future__ import annotations

import dataclasses

import pytest
from babel import Locale

from pipeline.connections import FAMILY
from pipeline.connections.board import (Category, load_countries, load_library, spelled,
                                        tile_names)
from pipeline.connections.grade import LEVELS
from pipeline.errors import InputError
from pipeline.i18n import speaking

LANGUAGES = ("de", "fr", "es")


def cldr_differences(countries, lang: str) -> list[str]:
    """Tiles whose name is not CLDR's for its ISO code (read here from Babel on its own),
    less a part in parentheses (the documented rule)."""
    territories = Locale(lang).territories
    out = []
    for country in countries:
        expected = territories[country.alpha2]
        if expected.endswith(")"):
            expected = expected.split(" (")[0]
        if country.name != expected:
            out.append(f"{country.code}: {country.name!r}, CLDR {expected!r}")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_are_cldrs(lang):
    countries = load_countries(lang)
    assert len(countries) == 193 and len({c.name for c in countries}) == 193
    assert cldr_differences(countries, lang) == []
    # A name typed by hand instead (a common spelling, not CLDR's) is caught.
    planted = tuple(dataclasses.replace(c, name="Burma") if c.code == "MMR" else c
                    for c in countries)
    assert cldr_differences(planted, lang) == [f"MMR: 'Burma', CLDR 'Myanmar'"]


def test_the_parenthesis_rule_and_the_codes():
    assert "Myanmar" in tile_names("fr") and "Myanmar (Birmanie)" not in tile_names("fr")
    by_code = {c.code: c.name for c in load_countries("de")}
    assert by_code["DEU"] == "Deutschland" and by_code["AUT"] == "Österreich"
    assert {c.code for c in load_countries("es")} == {c.code for c in load_countries()}


def spelling_problems(category: Category, lang: str, test, names) -> list[str]:
    """Where `category`'s pool is not exactly the tiles whose names in `lang` pass `test`."""
    fits = {n for n in names if test(spelled(n, lang))}
    return sorted(f"{n} in pool, spelled {spelled(n, lang)!r}" for n in category.pool - fits) + \
        sorted(f"{n} missing" for n in fits - category.pool)


def test_a_spelling_category_is_computed_on_the_languages_names():
    german = {c.label: c for c in load_library("de")}
    names = tile_names("de")
    starts_d = german["Beginnt mit D"]
    assert spelling_problems(starts_d, "de", lambda s: s.startswith("d"), names) == []
    assert "Deutschland" in starts_d.pool and "Dänemark" in starts_d.pool
    # Umlauts are letters of their own in German: Ägypten does not begin with A.
    assert "Ägypten" not in german["Beginnt mit A"].pool and "Algerien" in german["Beginnt mit A"].pool
    assert "Endet auf -land" in german and "Deutschland" in german["Endet auf -land"].pool
    # Planted: the English category translated tile by tile (Germany is a G in English) is
    # not the German one, and the check says where.
    english = {c.label: c for c in load_library()}
    to_german = {c.name: g.name for c in load_countries() for g in load_countries("de")
                 if c.code == g.code}
    translated = Category("Beginnt mit G", "yellow",
                          frozenset(to_german[n] for n in english["Name starts with G"].pool),
                          "first letter")
    problems = spelling_problems(translated, "de", lambda s: s.startswith("g"), names)
    assert "Deutschland in pool, spelled 'deutschland'" in problems


def test_french_and_spanish_spell_without_accents_but_keep_n_tilde():
    assert spelled("Émirats arabes unis", "fr") == "emiratsarabesunis"
    assert spelled("España", "es") == "españa" and spelled("Perú", "es") == "peru"
    french = {c.label: c for c in load_library("fr")}
    assert "Égypte" in french["Commence par E"].pool


def test_english_only_themes_are_not_in_other_languages():
    for lang in LANGUAGES:
        kinds = {c.kind for c in load_library(lang)}
        assert not kinds & {"capital letter", "capital name", "hidden word", "demonym"}, lang
        # Every label is the language's: none is left in English.
        assert not {c.label for c in load_library(lang)} & {c.label for c in load_library()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_board_in_each_language_generates_and_verifies(lang):
    levels = [level.name for level in LEVELS if level.language == lang]
    assert levels == [f"easy-{lang}", f"medium-{lang}", f"hard-{lang}"]
    for level in levels:
        made = FAMILY.generate(f"connections:{level}:1", level)
        puzzle, solution = made.puzzle, made.solution
        assert puzzle["language"] == lang and set(puzzle["tiles"]) <= set(tile_names(lang))
        labels = {c.label for c in load_library(lang)}
        assert all(group["label"] in labels for group in solution["groups"])
        assert FAMILY.verify(puzzle, solution)["unique"]
        FAMILY.check_record({"puzzle": puzzle, "solution": solution})
        assert FAMILY.count_solutions(puzzle, 5) == 1
        assert FAMILY.rate(puzzle).level.endswith(f"-{lang}")
        assert FAMILY.level_language(level) == lang


def test_a_board_is_proven_on_its_own_languages_library():
    made = FAMILY.generate("connections:easy-de:1", "easy-de")
    # The same board read as English (no language named) is no board at all ...
    with pytest.raises(InputError, match="not a country name"):
        FAMILY.check_record({"puzzle": {"tiles": made.puzzle["tiles"]}})
    # ... and German labels are proven against the German library only.
    english_reading = FAMILY.verify({"tiles": made.puzzle["tiles"]}, made.solution)
    assert not english_reading["unique"]
    with pytest.raises(InputError) as caught:
        FAMILY.check_record({"puzzle": {**made.puzzle, "language": "xx"}})
    assert caught.value.field == "puzzle.language"


def test_english_boards_name_no_language():
    made = FAMILY.generate("connections:easy:1", "easy")
    assert set(made.puzzle) == {"tiles"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hints_and_lessons_print_in_the_language(lang):
    made = FAMILY.generate(f"connections:medium-{lang}:2", f"medium-{lang}")
    with speaking(lang):
        hint = FAMILY.hint(made.puzzle, made.solution, made.grade)
        lessons = FAMILY.lessons([(made.puzzle, made.solution)], [f"medium-{lang}"])
        rules = FAMILY.rules_text()
    assert hint.reveals["group"] in hint.text
    assert "Decoy" not in hint.text and "theme" not in hint.text
    assert all(lesson.text and "fits" not in lesson.text for lesson in lessons)
    assert not any("capital" in paragraph for paragraph in rules)


def _bare_colons(text: str) -> int:
    """Colons outside quotes (labels hold colons of their own: "Amtssprache: Spanisch")."""
    depth = count = 0
    for ch in text:
        if ch in "„«":
            depth += 1
        elif ch in "“»":
            depth = max(0, depth - 1)
        elif ch == ":" and depth == 0:
            count += 1
    return count


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_heading_never_sets_two_bare_colons(lang):
    """The editor's finding on other families ("Waagerecht und senkrecht: MAIS: ..."): a
    solution heading joins tier and label with a dash and quotes the other readings."""
    from pipeline.connections.draw import _heading

    german = {"de": "Amtssprache: Spanisch", "fr": "Langue officielle\u00a0: espagnol",
              "es": "Lengua oficial: español"}[lang]
    with speaking(lang):
        heading = _heading({"tier": "yellow", "label": german},
                           {german: ["A: b", "C: d"]})
    assert _bare_colons(heading) == 1, heading
    # Planted: the English form translated word for word has five.
    assert _bare_colons("GELB: Amtssprache: Spanisch (auch: A: b; C: d)") == 5
    with speaking("en"):   # English keeps its own form ("YELLOW: ... (also: ...; ...)")
        assert _heading({"tier": "yellow", "label": "L"}, {"L": ["A", "B"]}) == \
            "YELLOW: L (also: A; B)"
