"""What a digit hint reveals, for every family whose hints place digits in cells: digits
placed and candidates crossed out, each [row, column, digit] in record coordinates.

One format, so one check: the read-back's hint check and a family's `check_hint` hold what a
hint reveals to the solution with `check_digit_reveals`, and name its cells with
`digit_hint_names`. The family says only how big its grid is, which digit the solution has
where, and which cells take no digit (a given's cell, a block) and in what words.
"""

from __future__ import annotations

from typing import Callable

from pipeline.family import HintNames, unknown_reveals

DIGIT_REVEALS = ("digits", "eliminated")


def check_digit_reveals(reveals: dict, rows: int, cols: int,
                        answer: Callable[[int, int], int],
                        closed: Callable[[int, int], str | None]) -> list[str]:
    """Whatever `reveals` says that the solution does not: an unknown key, a list missing,
    an item that is not [row, column, digit] on a `rows` x `cols` grid, a cell that takes no
    digit (`closed` names why: "a block"), a digit placed that is not `answer`'s, a crossed-out
    digit that is; and a hint that establishes nothing."""
    problems = unknown_reveals(reveals, DIGIT_REVEALS)
    for key in DIGIT_REVEALS:
        items = reveals.get(key)
        if not isinstance(items, list):
            problems.append(f"reveals.{key} is missing")
            continue
        for item in items:
            if not (isinstance(item, list) and len(item) == 3
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
                    and 0 <= item[0] < rows and 0 <= item[1] < cols and 1 <= item[2] <= 9):
                problems.append(f"reveals.{key}: {item!r} is not [row, column, digit]")
                continue
            r, c, d = item
            why = closed(r, c)
            if why:
                problems.append(f"reveals.{key}: {item!r} is {why}")
            elif key == "digits" and answer(r, c) != d:
                problems.append(f"{d} placed at {[r, c]}, but the solution has {answer(r, c)}")
            elif key == "eliminated" and answer(r, c) == d:
                problems.append(f"{d} crossed out of {[r, c]}, which holds {d} in the solution")
    if not reveals.get("digits") and not reveals.get("eliminated"):
        problems.append("the hint establishes nothing")
    return problems


def digit_hint_names(reveals: dict) -> HintNames:
    """Every cell a hint places a digit in or crosses a candidate out of is named."""
    return HintNames(squares=frozenset(
        (item[0], item[1]) for key in DIGIT_REVEALS for item in reveals.get(key, [])
        if isinstance(item, list) and len(item) == 3))
