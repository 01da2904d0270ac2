"""Codeword: fingerprints, levels at exactly their level, the solve against the independent
key search, one-line errors, hints, and planted faults for each clause of the contract: a
second key under the large dictionary, a letter missing from the grid, a key that is not
one-to-one, an offensive answer word."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

import family_fingerprints as fingerprints

from pipeline import cli
from pipeline.codeword import FAMILY, solve, verify
from pipeline.codeword.board import KEY_ALPHABETS
from pipeline.codeword.grade import LEVEL_BY_NAME, RARE
from pipeline.engines.crossword.words import common_list, read_list
from pipeline.engines import lexicon
from pipeline.errors import InputError

DATA = Path(__file__).parent / "data" / "codeword_fingerprints.json"
NUMBERS = (1, 2, 3, 17, 250)


def made(level: str, n: int):
    return fingerprints.made(FAMILY, level, n)


def current() -> dict:
    return fingerprints.current(FAMILY, NUMBERS)


def test_boards_match_their_fingerprints():
    assert len(FAMILY.levels) == 12   # easy, medium, hard; and in German, French, Spanish
    fingerprints.check_against_file(FAMILY, NUMBERS, DATA)


@pytest.mark.parametrize("level", FAMILY.levels)
def test_boards_are_proven_and_rated_at_exactly_their_level(level):
    for n in range(1, 4):
        g = made(level, n)
        FAMILY.check_record({"puzzle": g.puzzle, "solution": g.solution})
        assert FAMILY.rate(g.puzzle).level == level
        assert verify.verify(g.puzzle, g.solution)["unique"]
        assert FAMILY.count_solutions(g.puzzle, 2) == 1
        # The table: easy gives three letters, medium two, hard one or two.
        spec = LEVEL_BY_NAME[level]
        assert len(g.puzzle["given"]) in {"easy": {3}, "medium": {2}, "hard": {1, 2}}[spec.plain]
        letters = {ch for line in g.solution["grid"] for ch in line if ch != "#"}
        assert letters == set(KEY_ALPHABETS[spec.language])   # A-Z; Spanish without K, W
        assert sorted(g.solution["key"], key=int) == [str(n) for n in range(1, len(letters) + 1)]
        if spec.plain == "hard":   # 16 in English and German, 12 in French, 11 in Spanish
            assert sum(ch in RARE for line in g.solution["grid"] for ch in line) >= \
                spec.rare_cells >= 11


def test_answer_words_are_common_and_never_twice():
    for level in FAMILY.levels:
        language = LEVEL_BY_NAME[level].language
        common = {w for w, z in read_list(common_list(language)).items() if z >= 3.0}
        g = made(level, 5)
        board = solve.board_from_puzzle(g.puzzle)
        key = {int(n): ch for n, ch in g.solution["key"].items()}
        answers = ["".join(key[n] for n in slot) for slot in board.slots]
        assert set(answers) <= common
        assert len(set(answers)) == len(answers)


# --- a second key under the large dictionary --------------------------------------------------

def _swapped_dictionary(puzzle, solution, a: int, b: int):
    """The large dictionary plus every answer spelt with the letters of numbers a and b
    swapped: under it the key with a and b swapped fits too."""
    by_length, by_place = verify._dictionary()
    key = {int(n): ch for n, ch in solution["key"].items()}
    key[a], key[b] = key[b], key[a]
    board = solve.board_from_puzzle(puzzle)
    lengths = {n: set(ws) for n, ws in by_length.items()}
    places = {k: set(ws) for k, ws in by_place.items()}
    for slot in board.slots:
        word = "".join(key[n] for n in slot)
        lengths.setdefault(len(word), set()).add(word)
        for i, ch in enumerate(word):
            places.setdefault((len(word), i, ch), set()).add(word)
    return lengths, places


def test_a_second_key_under_the_dictionary_is_found(monkeypatch, tmp_path, capsys):
    """Planted fault: the dictionary is widened so that swapping two letters of the key
    still spells dictionary words everywhere; the checker must find both keys."""
    g = made("easy", 1)
    open_numbers = [n for n in range(1, 27) if str(n) not in g.puzzle["given"]]
    widened = _swapped_dictionary(g.puzzle, g.solution, open_numbers[0], open_numbers[1])
    monkeypatch.setattr(verify, "_dictionary", lambda language="en": widened)
    proof = verify.verify(g.puzzle, g.solution)
    assert proof["solutions"] == 2 and not proof["unique"]


def test_a_board_without_enough_given_letters_is_invalid_to_grade(tmp_path, capsys):
    """With no letter given, a grid's key can be ambiguous (easy 9 has two) or still one
    (easy 1, then hard: fewer given letters never make it easier). `pipeline grade` gives the
    level of the one and says `invalid` of the other, with one line naming its record."""
    path = tmp_path / "bare.jsonl"
    lines = []
    for level, n in (("easy", 1), ("easy", 9)):
        puzzle = copy.deepcopy(made(level, n).puzzle)
        puzzle["given"] = {}
        lines.append(json.dumps({"id": f"{level}-{n}", "family": "codeword", "puzzle": puzzle}))
    path.write_text("\n".join(lines) + "\n")
    status = cli.main(["grade", str(path)])
    out, err = capsys.readouterr()
    rows = [line.split("\t") for line in out.splitlines()]
    assert status == 1
    assert rows[0][:2] == ["easy-1", "hard"] and rows[1] == ["easy-9", "invalid", "-"]
    assert err.splitlines() == [f"pipeline: {path}:2: puzzle: more than one solution"]


# --- every letter in the grid, a one-to-one key --------------------------------------------------

def test_a_letter_missing_from_the_grid_is_refused():
    """Planted fault: every cell of code number 5 renumbered 6 (letter 5 gone)."""
    g = made("easy", 1)
    puzzle = copy.deepcopy(g.puzzle)
    puzzle["cells"] = [[6 if n == 5 else n for n in row] for row in puzzle["cells"]]
    with pytest.raises(InputError) as error:
        FAMILY.check_record({"puzzle": puzzle})
    assert error.value.field == "puzzle.cells" and "5 is not in the grid" in str(error.value)
    assert not verify.verify(puzzle, g.solution)["unique"]


def test_a_key_that_is_not_one_to_one_is_refused():
    g = made("easy", 1)
    solution = copy.deepcopy(g.solution)
    solution["key"]["2"] = solution["key"]["1"]
    with pytest.raises(InputError) as error:
        FAMILY.check_record({"puzzle": g.puzzle, "solution": solution})
    assert error.value.field == "solution.key"


def test_an_offensive_answer_is_caught():
    """Planted fault: an offensive word put in as an answer is found by the list guard the
    generator's word list passed (tests/test_crossword_engine.py)."""
    offensive = lexicon.offensive_words()
    g = made("easy", 2)
    board = solve.board_from_puzzle(g.puzzle)
    key = {int(n): ch for n, ch in g.solution["key"].items()}
    answers = {"".join(key[n] for n in slot) for slot in board.slots}
    assert not answers & offensive
    assert (answers | {sorted(offensive)[0]}) & offensive


# --- the solve against the checker --------------------------------------------------------------

def test_the_solve_and_the_checker_agree_when_letters_are_taken_away():
    """Boards with fewer letters given: the solve's count (up to 2) and the checker's."""
    for level in FAMILY.levels:
        g = made(level, 4)
        for keep in range(len(g.puzzle["given"]) + 1):
            puzzle = copy.deepcopy(g.puzzle)
            puzzle["given"] = dict(list(g.puzzle["given"].items())[:keep])
            found, _nodes = verify.keys(puzzle, 2)
            assert FAMILY.count_solutions(puzzle, 2) == len(found)


def _keys_the_solve_gets_wrong(boards) -> int:
    wrong = 0
    for g in boards:
        result = solve.solve(g.puzzle)
        key = {str(n): ch for n, ch in result.key.items()}
        wrong += not result.solved or key != g.solution["key"]
    return wrong


def test_a_solver_rule_that_guesses_is_caught(monkeypatch):
    """Planted fault in the solve: a number's letters cut to the first one the slots allow.
    The same boards the sound solve gets right, the guessing one gets wrong."""
    boards = [made(level, n) for level in FAMILY.levels for n in (1, 2)]
    assert _keys_the_solve_gets_wrong(boards) == 0
    original = solve._bits
    monkeypatch.setattr(solve, "_bits", lambda domain: original(domain)[:1])
    assert _keys_the_solve_gets_wrong(boards) > 0


# --- records -------------------------------------------------------------------------------------

@pytest.mark.parametrize("change,field", [
    (lambda p: p.update(rows=30), "puzzle.rows"),
    (lambda p: p["cells"].__setitem__(0, p["cells"][0][:-1]), "puzzle.cells[0]"),
    (lambda p: p["cells"][1].__setitem__(0, 27), "puzzle.cells[1]"),
    (lambda p: p["given"].update({"30": "A"}), "puzzle.given"),
    (lambda p: p["given"].update({"1": "a"}), "puzzle.given.1"),
    (lambda p: p.update(given=[]), "puzzle.given"),
])
def test_a_bad_record_is_one_line_naming_the_field(change, field):
    g = made("easy", 1)
    puzzle = copy.deepcopy(g.puzzle)
    change(puzzle)
    with pytest.raises(InputError) as error:
        FAMILY.check_record({"puzzle": puzzle})
    assert error.value.field == field
    assert "\n" not in str(error.value)


def test_grade_reads_a_record_made_elsewhere(tmp_path, capsys):
    g = made("medium", 3)
    bad = copy.deepcopy(g.puzzle)
    bad["cells"][0][0] = 99
    records = [{"id": "a", "family": "codeword", "puzzle": g.puzzle},
               {"id": "b", "family": "codeword", "puzzle": bad}]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    status = cli.main(["grade", str(path)])
    out, err = capsys.readouterr()
    rows = [line.split("\t") for line in out.splitlines()]
    assert rows[0][:2] == ["a", "medium"] and rows[1][:2] == ["b", "invalid"]
    assert status == 1 and len(err.strip().splitlines()) == 1


# --- hints ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", FAMILY.levels)
def test_hints_reveal_one_code_number_of_the_key(level):
    g = made(level, 2)
    hint = FAMILY.hint(g.puzzle, g.solution, g.grade)
    assert FAMILY.check_hint(g.puzzle, g.solution, hint.reveals) == []
    (number, letter), = hint.reveals["letters"]
    assert f"{number} is {letter}" in hint.text
    other = next(ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch != letter)
    assert FAMILY.check_hint(g.puzzle, g.solution, {"letters": [[number, other]]})


if __name__ == "__main__" and "--write" in sys.argv:
    DATA.write_text(json.dumps(current(), indent=2, sort_keys=True) + "\n")


# --- the solution's key --------------------------------------------------------------------------

def test_a_solution_prints_its_whole_key_under_the_grid():
    """Every number 1-26 over its letter, in the box under the grid, at 7 pt or more; the
    given letters bold. Planted fault: a solution key missing a letter is caught."""
    from pipeline.codeword import draw
    from pipeline.geometry import Box
    from pipeline.ink import RecordingInk

    g = made("easy", 1)
    box = Box(0.0, 0.0, 15 * 11.0, 3.2 * 11.0 - 4.0)   # the 6 x 9 book's solution pitch

    def drawn(solution):
        ink = RecordingInk()
        FAMILY.draw_solution_panel(ink, g.puzzle, solution, box)
        return [(c.args, dict(c.options)) for c in ink.calls if c.verb == "text"]

    texts = drawn(g.solution)
    assert all(box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1 for (x, y, _t), _o in texts)
    assert all(o["size"] >= draw.MIN_TEXT for _a, o in texts)
    numbers = [t for (_x, _y, t), _o in texts if t.isdigit()]
    letters = {t: o["bold"] for (_x, _y, t), o in texts if t.isalpha()}
    assert numbers == [str(n) for n in range(1, 27)]
    assert sorted(letters) == sorted(g.solution["key"].values())
    assert {t for t, bold in letters.items() if bold} == set(g.puzzle["given"].values())
    broken = copy.deepcopy(g.solution)
    broken["key"]["1"] = broken["key"]["2"]
    assert sorted({t for (_x, _y, t), _o in drawn(broken) if t.isalpha()}) != \
        sorted(g.solution["key"].values())


def test_a_solution_pitch_too_small_for_the_key_is_a_print_problem():
    from pipeline.ink import RecordingInk

    g = made("easy", 1)
    measure = RecordingInk()
    assert FAMILY.print_problem(measure, "easy", g.puzzle, g.solution, 24.0, 11.0) is None
    assert "key" in FAMILY.print_problem(measure, "easy", g.puzzle, g.solution, 24.0, 6.0)


# --- a key alphabet of 24 letters (Spanish) -------------------------------------------------------

def test_a_spanish_key_has_24_numbers_and_no_k_or_w():
    """Spanish boards number 24 letters, A-Z without K and W: every number 1-24 in the grid,
    the key maps exactly those, and no K or W is in any answer or in the key."""
    g = made("easy-es", 1)
    assert g.puzzle["language"] == "es"
    numbers = {n for row in g.puzzle["cells"] for n in row if n}
    assert numbers == set(range(1, 25))
    assert "".join(sorted(g.solution["key"].values())) == "ABCDEFGHIJLMNOPQRSTUVXYZ"
    assert not {"K", "W"} & {ch for line in g.solution["grid"] for ch in line}


@pytest.mark.parametrize("change,field", [
    (lambda p, s: p["cells"][0].__setitem__(0, 25), "puzzle.cells[0]"),    # no 25th letter
    (lambda p, s: p["given"].update({"5": "K"}), "puzzle.given.5"),          # K is not in it
    (lambda p, s: p["given"].update({"25": "A"}), "puzzle.given"),
    (lambda p, s: s["key"].update({"25": "K"}), "solution.key"),
    (lambda p, s: s["key"].update({"1": "W"}), "solution.key"),
    (lambda p, s: p.update(language="en"), "puzzle.cells"),   # read as A-Z: 25, 26 missing
])
def test_a_spanish_record_outside_its_24_letters_is_refused(change, field):
    g = made("easy-es", 1)
    puzzle, solution = copy.deepcopy(g.puzzle), copy.deepcopy(g.solution)
    FAMILY.check_record({"puzzle": puzzle, "solution": solution})
    change(puzzle, solution)
    with pytest.raises(InputError) as error:
        FAMILY.check_record({"puzzle": puzzle, "solution": solution})
    assert error.value.field == field and "\n" not in str(error.value)


def test_the_spanish_checker_reads_no_word_with_k_or_w():
    """The Spanish dictionary holds a few words with K or W (loanwords and names); a key
    with no K or W cannot spell them, so the checker leaves them out. Planted fault: the
    same search over the whole dictionary would list them as fitting."""
    by_length, _places = verify._dictionary("es")
    assert not any({"K", "W"} & set(w) for words in by_length.values() for w in words)
    from pipeline.engines.crossword.words import dictionary_list
    whole = [line.split(" ")[0] for line in
             dictionary_list("es").read_text(encoding="utf-8").splitlines()]
    assert any({"K", "W"} & set(w) for w in whole)


def test_the_spanish_panel_draws_two_rows_of_twelve_and_24_letters():
    """The key table: 24 numbered boxes in two rows of twelve, centred; the alphabet strip:
    the 24 letters, no K or W. The English panel keeps its two rows of thirteen and A-Z."""
    from pipeline.codeword import draw
    from pipeline.geometry import Box
    from pipeline.ink import RecordingInk

    box = Box(0.0, 0.0, 15 * 20.0, 4.0 * 20.0)

    def panel(puzzle):
        ink = RecordingInk()
        FAMILY.draw_panel(ink, puzzle, box)
        texts = [(c.args, dict(c.options)) for c in ink.calls if c.verb == "text"]
        numbers = [(x, y, t) for (x, y, t), _o in texts if t.isdigit()]
        strip = "".join(t for (_x, _y, t), o in texts if t.isalpha() and not o["bold"])
        return numbers, strip

    numbers, strip = panel(made("easy-es", 1).puzzle)
    assert strip == "ABCDEFGHIJLMNOPQRSTUVXYZ"
    rows = sorted({round(y, 3) for _x, y, _t in numbers}, reverse=True)
    assert len(rows) == 2
    assert [t for _x, y, t in numbers if round(y, 3) == rows[0]] == \
        [str(n) for n in range(1, 13)]
    assert [t for _x, y, t in numbers if round(y, 3) == rows[1]] == \
        [str(n) for n in range(13, 25)]
    english, strip = panel(made("easy", 1).puzzle)
    assert strip == draw.KEY_ALPHABETS["en"] and len(english) == 26
    assert len({round(y, 3) for _x, y, _t in english}) == 2


def test_the_rules_count_the_key_alphabet():
    """The rules say 1 to 26 in English (the text as it always was), German and French, and
    1 to 24 in Spanish, both on the how-to page of a book and for a board's worked example."""
    from pipeline.i18n import speaking

    english = ("Every white square holds a letter, and every letter has its own number from "
               "1 to 26: the same number is always the same letter, and every letter of the "
               "alphabet is used.")
    assert FAMILY.rules_text()[0] == english
    assert FAMILY.rules_for(made("easy", 1).puzzle)[0] == english
    with speaking("de"):
        assert "von 1 bis 26:" in FAMILY.rules_text()[0]
    with speaking("fr"):
        assert "de 1 à 26\u00a0:" in FAMILY.rules_text()[0]
    with speaking("es"):
        rules = FAMILY.rules_text()
        assert "del 1 al 24:" in rules[0] and "K" in rules[0] and "{" not in "".join(rules)
        assert FAMILY.rules_for(made("easy-es", 1).puzzle) == rules


def test_the_printed_stars_stay_as_they_were_and_spanish_prints_englishs():
    """The stars each level printed before Spanish came, unchanged (the scale is still the
    nine English, German and French levels); a Spanish level prints its English level's.
    Planted fault: the scale taken as every level, Spanish ones too, moves German stars."""
    from pipeline.book.interior import difficulty_stars

    def stars(scale_of):
        return {level: difficulty_stars(level, scale_of(level)) for level in FAMILY.levels}

    before = {"easy": 1, "medium": 1, "hard": 2, "easy-de": 3, "medium-de": 3, "hard-de": 3,
              "easy-fr": 4, "medium-fr": 5, "hard-fr": 5}
    printed = stars(FAMILY.difficulty_scale)
    assert {level: printed[level] for level in before} == before
    assert [printed[f"{plain}-es"] for plain in ("easy", "medium", "hard")] == [1, 1, 2]
    assert stars(lambda level: FAMILY.levels)["easy-de"] != before["easy-de"]
