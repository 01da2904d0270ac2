"""Soundness of the Bridges solver: inference never changes the set of solutions."""

import pytest

from pipeline.bridges.board import Board, layout
from pipeline.bridges.generate import Recipe, grow_network
from pipeline.bridges.grade import LEVEL_RULES, LEVELS, WHATIF_LIMIT
from pipeline.bridges.solve import (CONTRADICTION, N_CONNECTIVITY, SEARCH_RULES, SOLVED,
                                    UNSOUND_LOOKAHEAD, State, count_solutions,
                                    enumerate_solutions)
from pipeline.keyed import KeyedStream

MOST_LINKS = 10  # plain search tries 3^links assignments: keep it small


def small_boards(count: int, key: str):
    """Small boards, a mix of grown networks (some with several answers, from loops and
    swaps) and random numbers on random islands (mostly with none)."""
    stream = KeyedStream(key)
    boards = []
    while len(boards) < count:
        width, height = 4 + stream.below(4), 4 + stream.below(3)
        if stream.chance(2, 3):
            recipe = Recipe(width, height, 5 + stream.below(6), 2, 40, 40, 3, 0, 1)
            numbers, _ = grow_network(stream, recipe)
            islands = [(r, c, n) for (r, c), n in numbers.items()]
        else:
            islands, taken = [], set()
            for _ in range(5 + stream.below(6)):
                r, c = stream.below(height), stream.below(width)
                if any((r + dr, c + dc) in taken for dr, dc in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))):
                    continue
                taken.add((r, c))
                islands.append((r, c, 1 + stream.below(5)))
        if len(islands) < 2:
            continue
        lay = layout(Board.of(width, height, islands))
        if 4 <= len(lay.links) <= MOST_LINKS:
            boards.append(lay)
    return boards


def disagreement(lay, plain: set, fault: int = 0) -> str | None:
    """Where inference (with `fault` planted) disagrees with plain search, or None."""
    if set(enumerate_solutions(lay, SEARCH_RULES | fault)) != plain:
        return "search with inference"
    for level in LEVELS:
        state = State(lay)
        status = state.deduce(LEVEL_RULES[level] | fault, WHATIF_LIMIT[level])
        if status == CONTRADICTION and plain:
            return f"{level} deduction found a contradiction"
        if status == SOLVED and plain != {tuple(state.bridges())}:
            return f"{level} deduction solved it wrongly"
        for answer in plain:
            if any(not lo <= x <= hi for x, lo, hi in zip(answer, state.lo, state.hi)):
                return f"{level} deduction cut off an answer"
    return None


@pytest.fixture(scope="module")
def boards():
    """Small boards with all their solutions by plain search (no inference at all)."""
    return [(lay, set(enumerate_solutions(lay, 0)))
            for lay in small_boards(2500, "bridges-soundness")]


def test_the_sample_has_boards_with_several_answers_and_with_none(boards):
    counts = [len(plain) for _, plain in boards]
    assert sum(c >= 2 for c in counts) >= 200
    assert sum(c == 1 for c in counts) >= 200
    assert sum(c == 0 for c in counts) >= 200


def test_inference_never_changes_the_solutions(boards):
    bad = [(lay.board, why) for lay, plain in boards if (why := disagreement(lay, plain))]
    assert bad == []


def test_a_planted_faulty_rule_is_caught(boards):
    # A look-ahead that takes a group with two bridge ends left for sealed prunes answers
    # on many boards: the soundness check must notice.
    bad = [lay for lay, plain in boards[:500] if disagreement(lay, plain, UNSOUND_LOOKAHEAD)]
    assert len(bad) >= 10


def test_two_ones_are_never_joined_unless_they_are_the_board():
    # 1 - 1     the two 1s may not join: they would be sealed off from the 2s
    # |   |
    # 2 - 2
    lay = layout(Board.of(3, 3, [(0, 0, 1), (0, 2, 1), (2, 0, 2), (2, 2, 2)]))
    ones = [e for e, link in enumerate(lay.links) if (link.a, link.b) == (0, 1)][0]
    medium = State(lay)
    medium.deduce(LEVEL_RULES["medium"])
    assert medium.hi[ones] == 1  # counting alone cannot see it
    hard = State(lay)
    assert hard.deduce(LEVEL_RULES["hard"]) == SOLVED
    assert hard.counts[N_CONNECTIVITY] > 0 and hard.hi[ones] == 0
    pair = layout(Board.of(3, 1, [(0, 0, 1), (0, 2, 1)]))
    assert count_solutions(pair, 2)[0] == 1
