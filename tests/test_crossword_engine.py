"""The crossword engine: patterns are sound, the filler finds exactly the fills a plain search
finds on small patterns, and the word lists keep to what they promise."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.engines.crossword import fill, grid, words
from pipeline.engines import lexicon
from pipeline.errors import InputError
from pipeline.keyed import KeyedStream

SMALL_WORDS = ("ACE", "ACT", "ARE", "ART", "CAT", "CAR", "EAR", "ERA", "RAT", "TAR", "TEA",
               "ATE", "EAT", "TEE", "RET", "ETA")


# --- patterns ----------------------------------------------------------------------------------

@pytest.mark.parametrize("size,longest", [(11, 7), (13, 9), (15, 9)])
def test_lattice_patterns_are_sound_and_open(size, longest):
    made = 0
    for n in range(12):
        pattern = grid.lattice_pattern(KeyedStream(f"t:{size}:{n}"), size, size,
                                       longest=longest, extra=size)
        if pattern is None:
            continue
        made += 1
        assert grid.problems(pattern) == []
        assert max(s.length for s in grid.runs(pattern)) <= longest
        # open European-style: some letters are in one word only
        assert grid.problems(pattern, checked=True)
    assert made >= 10


def test_american_patterns_check_every_letter():
    made = [p for n in range(30)
            if (p := grid.american_pattern(KeyedStream(f"am:{n}"), 15, 15, longest=8))]
    assert len(made) >= 5
    for pattern in made:
        assert grid.problems(pattern, checked=True) == []


@pytest.mark.parametrize("bad,why", [
    (("...", "..#", "..."), "symmetric"),
    (("....", "#..#", "....", "...."), "2-letter"),
    (("...#...", "...#...", "...#..."), "connected"),
])
def test_problems_name_each_broken_rule(bad, why):
    assert any(why in p for p in grid.problems(bad))


def test_a_pattern_file_is_read_or_refused_in_one_line(tmp_path: Path):
    good = tmp_path / "good.txt"
    good.write_text("// a 5 x 5\n.....\n.#.#.\n.....\n.#.#.\n.....\n")
    assert grid.read_pattern(good)[1] == ".#.#."
    bad = tmp_path / "bad.txt"
    bad.write_text(".....\n.#x#.\n")
    with pytest.raises(InputError) as error:
        grid.read_pattern(bad)
    assert str(error.value) == f"{bad}:2: pattern: 'x' is neither '#' nor '.'"
    short = tmp_path / "short.txt"
    short.write_text(".....\n....\n")
    with pytest.raises(InputError, match=r":2: pattern: 4 cells"):
        grid.read_pattern(short)
    asym = tmp_path / "asym.txt"
    asym.write_text("#....\n.....\n.....\n.....\n.....\n")
    with pytest.raises(InputError, match="half turn"):
        grid.read_pattern(asym)


# --- the filler against a plain search ----------------------------------------------------------

def plain_fills(pattern, word_list) -> set[tuple[str, ...]]:
    """Every assignment of distinct words to the slots, letters agreeing: by brute force."""
    slots = grid.runs(pattern)
    by_length = {n: [w for w in word_list if len(w) == n] for n in {s.length for s in slots}}
    found = set()
    for choice in itertools.product(*(by_length[s.length] for s in slots)):
        if len(set(choice)) != len(choice):
            continue
        letters = {}
        if all(letters.setdefault(cell, ch) == ch
               for slot, word in zip(slots, choice) for cell, ch in zip(slot.cells, word)):
            found.add(choice)
    return found


SMALL_PATTERNS = [
    ("...", "#.#", "..."),
    ("...", ".#.", "..."),
    ("...", "...", "..."),
    ("..#", "...", "#.."),
]


@pytest.mark.parametrize("pattern", SMALL_PATTERNS)
def test_the_filler_finds_exactly_the_plain_searchs_fills(pattern):
    index = words.index_words(SMALL_WORDS)
    layout = grid.layout(pattern)
    ours = {f.words for f in fill.fills(layout, index)}
    assert ours == plain_fills(pattern, SMALL_WORDS)
    assert all(len(set(w)) == len(w) for w in ours)  # no word twice


def test_a_filler_that_lets_a_word_repeat_is_caught(monkeypatch):
    """Planted fault: the rule that no word is used twice is turned off; the comparison with
    the plain search must see the extra fills."""
    index = words.index_words(SMALL_WORDS)
    layout = grid.layout(("...", "...", "..."))
    monkeypatch.setattr(fill, "same_length_slots", lambda layout: [[] for _ in layout.slots])
    ours = {f.words for f in fill.fills(layout, index)}
    assert ours != plain_fills(("...", "...", "..."), SMALL_WORDS)


def backtracked_fills(pattern, word_list) -> set[tuple[str, ...]]:
    """Every fill by the plainest backtracking: slots in layout order, each word of its
    length tried in turn, kept when its letters agree with those written and it is not used
    yet. No narrowing, no bit sets: a reference the compiled filler shares nothing with."""
    slots = grid.runs(pattern)
    found: set[tuple[str, ...]] = set()

    def place(k, letters, chosen):
        if k == len(slots):
            found.add(tuple(chosen))
            return
        for word in word_list:
            if len(word) != slots[k].length or word in chosen:
                continue
            cells = slots[k].cells
            if all(letters.get(cell, ch) == ch for cell, ch in zip(cells, word)):
                written = [cell for cell in cells if cell not in letters]
                letters.update((cell, word[i]) for i, cell in enumerate(cells) if cell in written)
                place(k + 1, letters, chosen + [word])
                for cell in written:
                    del letters[cell]

    place(0, {}, [])
    return found


RANDOM_PATTERNS = [("...", "...", "..."), ("...#", "....", "#..."), ("....", "....", "...."),
                   ("...", ".#.", "...", ".#.", "..."), ("..#", "...", "#..")]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pattern=st.sampled_from(RANDOM_PATTERNS),
       word_list=st.lists(st.text("ABE", min_size=3, max_size=5), min_size=3, max_size=24,
                          unique=True))
def test_the_compiled_filler_finds_exactly_the_backtracked_fills(pattern, word_list):
    """On random small lists over three letters (so that words cross often), every fill
    the filler enumerates is one plain backtracking finds, and none is missed; a keyed fill
    is one of them, and the same again for the same key."""
    index = words.index_words(word_list)
    layout = grid.layout(pattern)
    expected = backtracked_fills(pattern, sorted(word_list))
    assert {f.words for f in fill.fills(layout, index)} == expected
    keyed = fill.fill(layout, index, KeyedStream("random"), budget=10_000)
    assert (keyed is None) == (not expected)
    if keyed is not None:
        assert keyed.words in expected
        assert fill.fill(layout, index, KeyedStream("random"), budget=10_000) == keyed


def test_keyed_fills_are_fills_and_repeat_for_the_same_key():
    index = words.fill_index(3.0)
    pattern = grid.lattice_pattern(KeyedStream("f:1"), 11, 11, longest=7, extra=11)
    layout = grid.layout(pattern)
    first = fill.fill(layout, index, KeyedStream("fill:1"))
    again = fill.fill(layout, index, KeyedStream("fill:1"))
    assert first is not None and first.words == again.words
    assert len(set(first.words)) == len(first.words)
    for word in first.words:
        assert word in index
    letters = {}
    for slot, word in zip(layout.slots, first.words):
        for cell, ch in zip(slot.cells, word):
            assert letters.setdefault(cell, ch) == ch


# --- word lists ----------------------------------------------------------------------------------

def test_the_lists_hold_what_they_promise():
    common = words.read_list(words.COMMON)
    dictionary = words.dictionary_words()
    assert len(dictionary) >= 100_000
    answers = {w for w, z in common.items() if z >= 3.0}
    assert answers <= dictionary and len(dictionary) > len(answers)
    assert all(3 <= len(w) <= 15 and w.isalpha() and w.isupper() for w in dictionary)
    for abbreviation in ("TBS", "ETC", "XII", "NTH"):
        assert abbreviation not in common


def test_no_offensive_word_is_in_either_list():
    """Held to the project's one definition (lexicon.is_offensive, through offensive_in)."""
    assert lexicon.offensive_in(words.read_list(words.COMMON)) == []
    assert lexicon.offensive_in(words.dictionary_words()) == []


def test_an_offensive_word_planted_in_a_list_is_found(tmp_path: Path):
    """Planted faults: a listed word, a press-list slur, and an inflection of a listed word
    slipped into a list are each found by the guard above."""
    planted = tmp_path / "list.txt"
    planted.write_text("APPLE 4.0\nSCAT 3.5\nMONG 2.0\nPEEING 3.0\nSPACES 4.3\n")
    assert lexicon.offensive_in(words.read_list(planted)) == ["MONG", "PEEING", "SCAT"]


def test_proper_nouns_are_left_out():
    dict_file = Path("/usr/share/dict/american-english")
    if not dict_file.is_file():
        pytest.skip("wamerican is not installed (.ci/system-packages.sh installs it)")
    capitalised = {line.strip().upper() for line in dict_file.read_text(errors="replace")
                   .splitlines() if line[:1].isupper() and line.strip().isalpha()}
    lowercase = {line.strip().upper() for line in dict_file.read_text(errors="replace")
                 .splitlines() if line.strip().isalpha() and line.strip().islower()}
    only_names = capitalised - lowercase
    assert not only_names & set(words.read_list(words.COMMON))


@pytest.mark.parametrize("text,where", [
    ("APPLE 4.0\nPEAR x\n", ":2: zipf: 'x' is not a number"),
    ("APPLE\nNO\n", ":2: word: 'NO' is not a word of 3 to 15 letters A-Z"),
    ("APPLE 1 2\n", ":1: word: expected a word and at most a Zipf frequency"),
    ("\n", ": word: no words"),
])
def test_a_bad_word_list_is_one_line(tmp_path: Path, text, where):
    path = tmp_path / "list.txt"
    path.write_text(text)
    with pytest.raises(InputError) as error:
        words.read_list(path)
    assert str(error.value) == f"{path}{where}"
    assert "\n" not in str(error.value)
