"""The independent checker of a Codeword: every key under which each slot is a word of the
large dictionary.

It shares no code with generate.py or solve.py: it reads the dictionary file itself into
plain sets (words by length, and by length, position and letter), reads the slots from the
numbered grid itself, and searches keys word by word: the slot with the fewest dictionary
words fitting the letters known so far goes first, each fitting word fixes the letters of
that slot's numbers, and a number may not take a letter another number has. The board is
proven when exactly one key is found and it is the solution's; the given letters are kept,
and every letter of the key alphabet must appear (its N code numbers in the grid, one-to-one:
26, or 24 in Spanish, whose key has no K or W, so no word holding one is read).
"""

from __future__ import annotations

import functools
from operator import itemgetter

from pipeline.codeword.board import KEY_ALPHABETS
from pipeline.engines.crossword.words import dictionary_list

MAX_CHECKED = 3000   # fitting words listed in full for a slot; beyond, the slot waits


@functools.lru_cache(maxsize=2)
def _dictionary(language: str = "en") -> tuple[dict, dict]:
    """The large dictionary of the board's language (a record says its language when it is
    not English), its words spelled in the language's key alphabet."""
    letters = set(KEY_ALPHABETS[language])
    by_length: dict[int, set] = {}
    by_place: dict[tuple[int, int, str], set] = {}
    for line in dictionary_list(language).read_text(encoding="utf-8").splitlines():
        word = line.split(" ")[0]
        if not letters.issuperset(word):
            continue
        by_length.setdefault(len(word), set()).add(word)
        for i, ch in enumerate(word):
            by_place.setdefault((len(word), i, ch), set()).add(word)
    return by_length, by_place


def _runs(cells: list[list[int]]) -> list[list[int]]:
    rows, cols = len(cells), len(cells[0])
    found = []
    lines = [[cells[r][c] for c in range(cols)] for r in range(rows)] + \
            [[cells[r][c] for r in range(rows)] for c in range(cols)]
    for line in lines:
        run = []
        for n in line + [0]:
            if n:
                run.append(n)
            else:
                if len(run) >= 2:
                    found.append(run)
                run = []
    return found


def _fitting(run: list[int], key: dict, used: set, limit: int, language: str = "en"):
    """The dictionary words that fit `run` under the partial `key` (None: more than `limit`
    candidates to list, the slot knows too little yet)."""
    by_length, by_place = _dictionary(language)
    known = [(i, key[n]) for i, n in enumerate(run) if n in key]
    if known:
        pools = sorted((by_place.get((len(run), i, ch), set()) for i, ch in known), key=len)
        pool = set.intersection(*pools) if len(pools) > 1 else pools[0]
    else:
        pool = by_length.get(len(run), set())
    if len(pool) > limit:
        return None
    # The run's open numbers: where each first appears, and the later places it repeats at.
    # A word fits when its letters agree where a number repeats, differ where the numbers
    # differ, and none of them is a letter the key already uses.
    firsts, repeats, seen = [], [], {}
    for i, n in enumerate(run):
        if n in key:
            continue
        if n in seen:
            repeats.append((seen[n], i))
        else:
            seen[n] = i
            firsts.append(i)
    if not firsts:
        return list(pool)
    pick, count = itemgetter(*firsts), len(firsts)
    if repeats:
        first_of = itemgetter(*(i for i, _j in repeats))
        again = itemgetter(*(j for _i, j in repeats))
    out = []
    for word in pool:
        if repeats and first_of(word) != again(word):
            continue
        letters = set(pick(word))
        if len(letters) == count and not letters & used:
            out.append(word)
    return out


def keys(puzzle: dict, limit: int) -> tuple[list[dict], int]:
    """Up to `limit` full keys (number -> letter), and the search nodes it took."""
    cells = puzzle["cells"]
    runs = _runs(cells)
    numbers = {n for row in cells for n in row if n}
    start = {int(n): letter for n, letter in puzzle["given"].items()}
    language = puzzle.get("language", "en")
    size = len(KEY_ALPHABETS[language])
    found: list[dict] = []
    nodes = [0]

    def search(key: dict) -> None:
        nodes[0] += 1
        used = set(key.values())
        best = None
        for run in runs:
            if all(n in key for n in run):
                continue
            fitting = _fitting(run, key, used, MAX_CHECKED, language)
            if fitting is None:
                continue
            if not fitting:
                return
            if best is None or len(fitting) < len(best[1]):
                best = (run, fitting)
        if best is None:
            if len(key) == len(numbers) == size and all(
                    "".join(key[n] for n in run) in _dictionary(language)[0].get(len(run), ())
                    for run in runs):
                found.append(dict(key))
            elif len(key) < len(numbers):
                # every open slot knows too little: widen the first one that has a letter
                run = next(r for r in runs if not all(n in key for n in r))
                for word in _fitting(run, key, used, 10 ** 9, language):
                    if len(found) >= limit:
                        return
                    search({**key, **dict(zip(run, word))})
            return
        run, fitting = best
        for word in sorted(fitting):
            if len(found) >= limit:
                return
            search({**key, **dict(zip(run, word))})

    if len(numbers) == size and len(set(start.values())) == len(start):
        search(start)
    return found, nodes[0]


def verify(puzzle: dict, solution: dict) -> dict:
    found, nodes = keys(puzzle, 2)
    answer = {int(n): letter for n, letter in solution["key"].items()}
    letters_in_grid = {ch for line in solution["grid"] for ch in line if ch != "#"}
    size = len(KEY_ALPHABETS[puzzle.get("language", "en")])
    return {"checker": "codeword/key-search", "solutions": len(found), "nodes": nodes,
            "unique": len(found) == 1 and found[0] == answer and len(letters_in_grid) == size}


# --- the plain reference -----------------------------------------------------------------------

def plain_count(puzzle: dict, words) -> int:
    """Every one-to-one key tried in turn over the numbers left open (for the tests, on tiny
    boards with few open numbers and a small word list `words`)."""
    from itertools import permutations
    cells = puzzle["cells"]
    runs = _runs(cells)
    numbers = sorted({n for row in cells for n in row if n})
    given = {int(n): letter for n, letter in puzzle["given"].items()}
    open_numbers = [n for n in numbers if n not in given]
    letters = [ch for ch in KEY_ALPHABETS[puzzle.get("language", "en")]
               if ch not in given.values()]
    words = set(words)
    total = 0
    for choice in permutations(letters, len(open_numbers)):
        key = {**given, **dict(zip(open_numbers, choice))}
        if all("".join(key[n] for n in run) in words for run in runs):
            total += 1
    return total
