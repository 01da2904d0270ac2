"""Soundness of the Bridges solver: inference never changes the set of solutions.

The reference is `plain_solutions` (pipeline/bridges/verify.py): plain Python that shares no
code with the compiled kernels. The planted fault is built here, from the solver's own source
with one rule made wrong, never switched on inside the production kernel.
"""

import sys
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pipeline.bridges import solve
from pipeline.bridges.board import Board, layout, solution_record
from pipeline.bridges.generate import Recipe, grow_network
from pipeline.bridges.grade import LEVEL_RULES, LEVELS, WHATIF_LIMIT
from pipeline.bridges.solve import (CONTRADICTION, N_CONNECTIVITY, SEARCH_RULES, SOLVED, State,
                                    count_solutions, enumerate_solutions)
from pipeline.bridges.verify import plain_solutions, verify
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


def as_bridges(lay, per_link) -> frozenset:
    """A solver answer (bridges per link) in the reference's spelling."""
    return frozenset((tuple(a), tuple(b), k) for a, b, k in solution_record(lay, per_link)["bridges"])


def disagreement(lay, plain: set, solver=solve) -> str | None:
    """Where `solver`'s inference disagrees with the reference answers `plain`, or None."""
    if {as_bridges(lay, answer) for answer in solver.enumerate_solutions(lay, SEARCH_RULES)} != plain:
        return "search with inference"
    for level in LEVELS:
        state = solver.State(lay)
        status = state.deduce(LEVEL_RULES[level], WHATIF_LIMIT[level])
        if status == CONTRADICTION and plain:
            return f"{level} deduction found a contradiction"
        if status == SOLVED and plain != {as_bridges(lay, state.bridges())}:
            return f"{level} deduction solved it wrongly"
        for answer in plain:
            if any(not lo <= x <= hi for x, lo, hi in
                   zip(per_link(lay, answer), state.lo, state.hi)):
                return f"{level} deduction cut off an answer"
    return None


def per_link(lay, answer: frozenset) -> list[int]:
    """A reference answer as bridges per link of the solver's layout."""
    built = {(a, b): k for a, b, k in answer}
    return [built.get(((lay.rows[link.a], lay.cols[link.a]), (lay.rows[link.b], lay.cols[link.b])), 0)
            for link in lay.links]


def faulty_solver():
    """The solver with its look-ahead made wrong: a group with two bridge ends left counts as
    sealed off. Built from the solver's source and run uncompiled (the same code, read by
    Python), so the production kernel carries no switch for it."""
    source = Path(solve.__file__).read_text()
    sound = "if left == 0 and members < n:"
    assert source.count(sound) == 1, "the look-ahead's test moved: plant the fault anew"
    source = source.replace(sound, "if 0 <= left <= 2 and members < n:")
    source = source.replace("from numba import njit",
                            "def njit(**options):\n    return lambda function: function")
    module = types.ModuleType("faulty_bridges_solve")
    sys.modules[module.__name__] = module
    try:
        exec(compile(source, "faulty_bridges_solve.py", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


@pytest.fixture(scope="module")
def boards():
    """Small boards with all their solutions by the plain reference."""
    return [(lay, set(plain_solutions(lay.board.to_puzzle())))
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
    faulty = faulty_solver()
    bad = [lay for lay, plain in boards[:500] if disagreement(lay, plain, faulty)]
    assert len(bad) >= 10


def test_the_search_without_rules_is_the_reference(boards):
    assert all({as_bridges(lay, answer) for answer in enumerate_solutions(lay, 0)} == plain
               for lay, plain in boards[:300])


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


# --- the reference, the search kernel and the checker agree ----------------------------------

@st.composite
def small_puzzles(draw):
    """A small board: a grown network's numbers (one answer or several), sometimes with one
    number changed (often none), or numbers scattered at random."""
    width, height = draw(st.integers(3, 6)), draw(st.integers(3, 5))
    stream = KeyedStream(f"bridges-property:{draw(st.integers(0, 10**6))}")
    if draw(st.integers(0, 2)):
        numbers, _ = grow_network(stream, Recipe(width, height, draw(st.integers(3, 8)), 2, 40,
                                                 draw(st.sampled_from([40, 90])), 3, 0, 1))
        islands = [[r, c, n] for (r, c), n in sorted(numbers.items())]
        if draw(st.integers(0, 3)) == 0:
            which = draw(st.integers(0, len(islands) - 1))
            islands[which][2] = draw(st.integers(1, 8))
    else:
        islands, taken = [], set()
        for _ in range(draw(st.integers(2, 7))):
            r, c = draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1))
            if any((r + dr, c + dc) in taken for dr, dc in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))):
                continue
            taken.add((r, c))
            islands.append([r, c, draw(st.integers(1, 4))])
    if len(islands) < 2:
        islands = [[0, 0, 1], [0, 2, 1]]
    return {"width": width, "height": height, "islands": islands}


def to_record(answer: frozenset) -> dict:
    return {"bridges": [[list(a), list(b), k] for a, b, k in sorted(answer)]}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_the_reference_the_search_and_the_checker_agree(puzzle):
    lay = layout(Board.from_puzzle(puzzle))
    assume(len(lay.links) <= MOST_LINKS)
    plain = plain_solutions(puzzle)
    assert len(set(plain)) == len(plain)
    assert {as_bridges(lay, answer) for answer in enumerate_solutions(lay, SEARCH_RULES)} == set(plain)
    assert count_solutions(lay, 2)[0] == min(len(plain), 2)
    for answer in plain:
        proof = verify(puzzle, to_record(answer))
        assert proof["valid"] and proof["unique"] == (len(plain) == 1)
        assert proof["solutions"] == min(len(plain), 2)
    assert disagreement(lay, set(plain)) is None


def test_the_checker_refuses_what_the_reference_does_not_find():
    # 1 - 1 over 2 - 2: joining the two 1s would seal them off; the reference finds one answer
    # and the checker refuses the sealed pair.
    puzzle = {"width": 3, "height": 3, "islands": [[0, 0, 1], [0, 2, 1], [2, 0, 2], [2, 2, 2]]}
    (answer,) = plain_solutions(puzzle)
    assert answer == {((0, 0), (2, 0), 1), ((0, 2), (2, 2), 1), ((2, 0), (2, 2), 1)}
    sealed = {"bridges": [[[0, 0], [0, 2], 1], [[2, 0], [2, 2], 2]]}
    assert not verify(puzzle, sealed)["valid"]
