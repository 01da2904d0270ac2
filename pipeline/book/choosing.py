"""Which boards a book prints: a section's boards and the how-to boards, drawn around the
boards other titles hold (the ledger's `Holdings`, pipeline/book/ledger.py).

A section takes the smallest key numbers from its `first` on that no other title holds and
the family does not refuse for print; a how-to board is the smallest number the book does not
print that no other title sells as a puzzle.
"""

from __future__ import annotations

from pipeline.book.layout import Section
from pipeline.records import PuzzleRecord


def held_elsewhere(held, record: PuzzleRecord, roles=("puzzle", "howto")) -> bool:
    """Whether another title holds the board (pipeline/book/ledger.py), in one of `roles`."""
    return held is not None and held.match(record.id, record.family, record.level,
                                           record.puzzle, roles, record.sha256) is not None


def take_boards(available: dict[int, PuzzleRecord], section: Section, problem=None,
          skipped: list | None = None, held=None,
          held_roles=("puzzle", "howto")) -> list[PuzzleRecord]:
    """The section's boards: the smallest key numbers from `first` on, passing over any board
    another title holds in one of `held_roles` (`held`, the ledger's other titles) and any
    `problem` refuses (noted in `skipped`); fewer than `count` when the level runs out."""
    taken = []
    for n in sorted(n for n in available if n >= section.first):
        if held_elsewhere(held, available[n], held_roles):
            continue
        reason = problem(section, available[n]) if problem else None
        if reason:
            if skipped is not None:
                skipped.append(f"{available[n].key} not printed: {reason}; the next board "
                               "takes its place")
            continue
        taken.append(available[n])
        if len(taken) == section.count:
            break
    return taken


def how_to_board(available: dict[int, PuzzleRecord], printed: set[int],
             held=None) -> PuzzleRecord | None:
    """A how-to board: the smallest number the book does not print that no other title sells
    as a puzzle (a worked example shows its solution)."""
    for number in sorted(available):
        if number not in printed and not held_elsewhere(held, available[number], ("puzzle",)):
            return available[number]
    return None


def how_to_wanted(family: str, level: str, printed: set[int], held=None):
    """`ensure_boards`' wish for a how-to board: none while one is free; else every number up
    to the next one the book does not print and no other title holds by id, asked for in one
    fill (asking one board a fill costs a worker pool each time, once per held board)."""
    taken = printed | (held.numbers(family, level, ("puzzle",)) if held is not None else set())

    def wanted(available: dict[int, PuzzleRecord]) -> int:
        if how_to_board(available, printed, held) is not None:
            return 0
        return numbers_to_ask(available, 1, 1, taken)
    return wanted


def numbers_to_ask(available: dict[int, PuzzleRecord], first: int, short: int,
                   passed: set[int]) -> int:
    """How many numbers past the level's last a fill must make for `short` more boards from
    `first` on, passing over `passed` (numbers other titles hold by id): all in one fill, since
    each fill starts a worker pool. Numbers below `first` are made too (board n depends on
    boards 1..n-1), counted from the last number made, so a failed key below `first` is not
    asked for again and again."""
    if short <= 0:
        return 0
    top = max(available, default=0)
    number = max(top, first - 1)
    while short > 0:
        number += 1
        if number not in passed:
            short -= 1
    return number - top

