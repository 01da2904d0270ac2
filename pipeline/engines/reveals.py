"""What a hint reveals, for every family whose hint is a list of what it places and a list of
what it rules out: digits placed and candidates crossed out, each [row, column, digit] in
record coordinates, or squares given a mark and squares crossed out, each [row, column].

One format, so one check: the read-back's hint check and a family's `check_hint` hold what a
hint reveals to the solution with `check_reveals` (the lists, the keys, a hint that
establishes nothing), the family judging each item; digit hints with `check_digit_reveals`,
whose family says only how big its grid is, which digit the solution has where, and which
cells take no digit (a given's cell, a block) and in what words. `revealed_squares` names a
hint's cells.
"""

from __future__ import annotations

from typing import Any, Callable

from pipeline.family import HintNames, unknown_reveals

DIGIT_REVEALS = ("digits", "eliminated")


def check_reveals(reveals: dict, keys: tuple[str, str],
                  misfit: Callable[[str, Any], str | None]) -> list[str]:
    """Whatever `reveals` says that the solution does not, for a hint whose `keys` are what it
    places and what it rules out: an unknown key, a list missing, each item `misfit(key,
    item)` finds fault with (its shape, a square that takes nothing, the solution disagreeing),
    and a hint that establishes nothing."""
    problems = unknown_reveals(reveals, keys)
    for key in keys:
        items = reveals.get(key)
        if not isinstance(items, list):
            problems.append(f"reveals.{key} is missing")
            continue
        for item in items:
            problem = misfit(key, item)
            if problem:
                problems.append(problem)
    if not any(reveals.get(key) for key in keys):
        problems.append("the hint establishes nothing")
    return problems


def revealed_squares(reveals: dict, keys: tuple[str, ...], length: int) -> HintNames:
    """Every square a hint's items of `length` ([row, column, ...]) under `keys` stand on is
    named."""
    return HintNames(squares=frozenset(
        (item[0], item[1]) for key in keys for item in reveals.get(key, [])
        if isinstance(item, list) and len(item) == length))


def check_digit_reveals(reveals: dict, rows: int, cols: int,
                        answer: Callable[[int, int], int],
                        closed: Callable[[int, int], str | None]) -> list[str]:
    """Whatever `reveals` says that the solution does not (`check_reveals`): an item that is
    not [row, column, digit] on a `rows` x `cols` grid, a cell that takes no digit (`closed`
    names why: "a block"), a digit placed that is not `answer`'s, a crossed-out digit that
    is."""

    def misfit(key: str, item) -> str | None:
        if not (isinstance(item, list) and len(item) == 3
                and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
                and 0 <= item[0] < rows and 0 <= item[1] < cols and 1 <= item[2] <= 9):
            return f"reveals.{key}: {item!r} is not [row, column, digit]"
        r, c, d = item
        why = closed(r, c)
        if why:
            return f"reveals.{key}: {item!r} is {why}"
        if key == "digits" and answer(r, c) != d:
            return f"{d} placed at {[r, c]}, but the solution has {answer(r, c)}"
        if key == "eliminated" and answer(r, c) == d:
            return f"{d} crossed out of {[r, c]}, which holds {d} in the solution"
        return None

    return check_reveals(reveals, DIGIT_REVEALS, misfit)


def digit_hint_names(reveals: dict) -> HintNames:
    """Every cell a hint places a digit in or crosses a candidate out of is named."""
    return revealed_squares(reveals, DIGIT_REVEALS, 3)
