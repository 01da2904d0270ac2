"""Fill-In and Codeword in German, French and Spanish: the word lists and a board of each.

- every word of each language's fill list and large dictionary is a word of Debian's list of
  that language as its grids write it, and none is offensive under the language's definition
  (`lexicon.is_offensive`), shown failing on a planted list;
- a board of each language's levels is made, proven, rated at its level and filled from the
  language's list; a Codeword board's one key is proven under the language's large
  dictionary, shown failing on a dictionary widened with a twin key (German, and Spanish,
  whose key is the 24 letters A-Z without K and W).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.codeword import FAMILY as CODEWORD, solve as codeword_solve, verify as codeword_verify
from pipeline.engines import lexicon
from pipeline.engines.crossword.wordlists_build import DEBIAN, debian_words
from pipeline.engines.crossword.words import common_list, dictionary_list, read_list
from pipeline.fillin import FAMILY as FILLIN, verify as fillin_verify

LANGUAGES = ("de", "fr", "es")


def _installed(language: str) -> None:
    if not DEBIAN[language].is_file():
        pytest.skip(f"Debian's word list {DEBIAN[language]} is not installed "
                    "(.ci/system-packages.sh)")


def list_problems(path: Path, language: str, spellings: frozenset[str]) -> list[str]:
    """What is wrong with a built list: a word not among `spellings` (the Debian list's words
    as the language's grid writes them), an offensive word."""
    words = read_list(path)
    problems = [f"{w} is not a word of the Debian list" for w in sorted(set(words) - spellings)]
    problems += [f"{w} is offensive" for w in lexicon.offensive_in(words, language)]
    return problems


@pytest.fixture(scope="module")
def spellings():
    """Each language's Debian words as its grid writes them."""
    out = {}
    for language in LANGUAGES:
        if DEBIAN[language].is_file():
            words = set()
            for word in debian_words(language):
                words.add(lexicon.grid_spelling(word, language))
            out[language] = frozenset(words)
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lists_hold_only_the_debian_lists_words_and_none_offensive(language, spellings):
    _installed(language)
    for path in (common_list(language), dictionary_list(language)):
        assert list_problems(path, language, spellings[language]) == []
    fill = read_list(common_list(language))
    assert set(fill) <= set(read_list(dictionary_list(language)))
    assert all(w.isascii() and w.isalpha() and w.isupper() for w in fill)


@pytest.mark.parametrize("language, offensive", [("de", "KANACKE"), ("fr", "BOUGNOULE"),
                                                 ("es", "SUDACA")])
def test_the_list_check_fails_on_planted_words(language, offensive, spellings, tmp_path):
    """A slur of the press's list and a string no Debian list holds, planted in a copy."""
    _installed(language)
    planted = tmp_path / "common.txt"
    planted.write_text(common_list(language).read_text() + f"{offensive} 3.5\nQXZVQ 3.5\n")
    problems = list_problems(planted, language, spellings[language] | {offensive})
    assert problems == ["QXZVQ is not a word of the Debian list", f"{offensive} is offensive"]


@pytest.mark.parametrize("level", [f"{plain}-{language}" for language in LANGUAGES
                                   for plain in ("easy", "hard")])
def test_a_fill_in_board_of_each_language_is_made_and_proven(level):
    language = FILLIN.level_language(level)
    g = FILLIN.generate(f"fillin:{level}:1", level)
    assert g.puzzle["language"] == language
    assert FILLIN.rate(g.puzzle).level == level
    assert fillin_verify.verify(g.puzzle, g.solution)["unique"]
    fill = read_list(common_list(language))
    assert all(fill[w] >= 3.0 for w in g.puzzle["words"])


@pytest.mark.parametrize("level", ["easy-de", "hard-de", "easy-fr", "hard-fr", "easy-es",
                                   "medium-es", "hard-es"])
def test_a_codeword_board_of_each_language_is_proven_under_its_dictionary(level):
    language = CODEWORD.level_language(level)
    g = CODEWORD.generate(f"codeword:{level}:1", level)
    assert g.puzzle["language"] == language
    assert CODEWORD.rate(g.puzzle).level == level
    proof = codeword_verify.verify(g.puzzle, g.solution)
    assert proof["unique"] and proof["solutions"] == 1
    board = codeword_solve.board_from_puzzle(g.puzzle)
    key = {int(n): ch for n, ch in g.solution["key"].items()}
    answers = {"".join(key[n] for n in slot) for slot in board.slots}
    assert answers <= set(read_list(dictionary_list(language)))
    assert answers <= set(read_list(common_list(language)))


@pytest.mark.parametrize("language", ["de", "es"])
def test_a_twin_key_under_the_widened_dictionary_is_found(monkeypatch, language):
    """Planted fault: the German (Spanish) dictionary widened with every answer spelt under
    the key with two open numbers' letters swapped; the checker must find both keys, and it
    reads the dictionary of the board's language to do so. Unwidened, the key is one."""
    level = f"easy-{language}"
    g = CODEWORD.generate(f"codeword:{level}:1", level)
    assert codeword_verify.verify(g.puzzle, g.solution)["unique"]
    assert CODEWORD.count_solutions(g.puzzle, 2) == 1
    by_length, by_place = codeword_verify._dictionary(language)
    key = {int(n): ch for n, ch in g.solution["key"].items()}
    a, b = [n for n in range(1, len(key) + 1) if str(n) not in g.puzzle["given"]][:2]
    key[a], key[b] = key[b], key[a]
    lengths = {n: set(ws) for n, ws in by_length.items()}
    places = {k: set(ws) for k, ws in by_place.items()}
    for slot in codeword_solve.board_from_puzzle(g.puzzle).slots:
        word = "".join(key[n] for n in slot)
        lengths.setdefault(len(word), set()).add(word)
        for i, ch in enumerate(word):
            places.setdefault((len(word), i, ch), set()).add(word)
    real = codeword_verify._dictionary
    monkeypatch.setattr(codeword_verify, "_dictionary",
                        lambda lang="en": (lengths, places) if lang == language
                        else real(lang))
    proof = codeword_verify.verify(g.puzzle, g.solution)
    assert proof["solutions"] == 2 and not proof["unique"]


def test_a_record_in_an_unknown_language_is_one_line():
    from pipeline.errors import InputError
    from pipeline.fillin.board import board_from_puzzle

    g = CODEWORD.generate("codeword:easy-fr:1", "easy-fr")
    with pytest.raises(InputError, match="puzzle.language"):
        codeword_solve.board_from_puzzle({**g.puzzle, "language": "xx"})
    g = FILLIN.generate("fillin:easy-es:1", "easy-es")
    with pytest.raises(InputError, match="puzzle.language"):
        board_from_puzzle({**g.puzzle, "language": "xx"})
