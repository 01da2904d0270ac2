"""The Bridges levels, declared once, and the grading that decides a board's level.

A level is a set of solving rules (the rule flags of solve.py) and a number of what-if steps
it allows. A board is of a level when the easiest-first deduction with that level's rules
solves it and the deduction with the level below's does not; extreme boards need more
what-ifs than expert allows, or search, and must still have exactly one answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.bridges.board import Layout
from pipeline.family import Rating
from pipeline.i18n import N_
from pipeline.bridges.solve import (CONNECTIVITY, CONTRADICTION, COUNTING, CROSSINGS, N_CONNECTIVITY,
                                    N_COUNTING, N_CROSSINGS, N_DEPTH, N_NODES, N_SATURATION,
                                    N_TRIALS, N_WHATIF, SATURATION, SEARCH_RULES, SOLVED, WHATIF,
                                    State)

# --- the levels ------------------------------------------------------------------------------

LEVELS = ("easy", "medium", "hard", "expert", "extreme")
LEVEL_TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),  # as print
                "expert": N_("Expert"), "extreme": N_("Extreme")}               # names them
assert LEVEL_TITLES == {level: level.title() for level in LEVELS}
LEVEL_RULES = {
    "easy": CROSSINGS | SATURATION,
    "medium": CROSSINGS | SATURATION | COUNTING,
    "hard": CROSSINGS | SATURATION | COUNTING | CONNECTIVITY,
    "expert": CROSSINGS | SATURATION | COUNTING | CONNECTIVITY | WHATIF,
    "extreme": CROSSINGS | SATURATION | COUNTING | CONNECTIVITY | WHATIF,  # then search
}
# Expert allows a few what-ifs; a board that needs more (a long chain of them, or search)
# is extreme. On 15x15 boards the solved-by-what-if ones need 1 to 8 steps, most of them 1 or 2.
WHATIF_LIMIT = {"easy": 0, "medium": 0, "hard": 0, "expert": 2, "extreme": 1_000_000}


# --- grading ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Deduction:
    status: int              # SOLVED, STUCK or CONTRADICTION
    lo: tuple[int, ...]
    hi: tuple[int, ...]
    counts: tuple[int, ...]


def deduce(lay: Layout, level: str) -> Deduction:
    """The easiest-first deduction with the techniques of `level` (no search)."""
    state = State(lay)
    status = state.deduce(LEVEL_RULES[level], WHATIF_LIMIT[level])
    return Deduction(status, tuple(int(x) for x in state.lo), tuple(int(x) for x in state.hi),
                     tuple(int(x) for x in state.counts))


@dataclass(frozen=True)
class Grading:
    """The outcome of grading a board at one target level."""

    accepted: bool
    reason: str              # why not, when not accepted
    bridges: tuple[int, ...]  # per link, when accepted
    measures: dict


def grade(lay: Layout, level: str) -> Grading:
    """Accept the board only if it is uniquely solvable at `level` and not at the one below.

    The easiest-first deduction runs with the rules of the level below; if that solves the
    board it is too easy. Otherwise the same deduction continues with this level's rules, which
    is exactly where an easiest-first solve from scratch would be, so the rule counts are the
    counts of one easiest-first solve."""
    index = LEVELS.index(level)
    state = State(lay)
    if index > 0:
        below = LEVELS[index - 1]
        status = state.deduce(LEVEL_RULES[below], WHATIF_LIMIT[below])
        if status == SOLVED:
            return Grading(False, f"solvable at {below}", (), {})
        if status == CONTRADICTION:
            return Grading(False, "no solution", (), {})
    status = state.deduce(LEVEL_RULES[level], WHATIF_LIMIT[level])
    if status == CONTRADICTION:
        return Grading(False, "no solution", (), {})
    measures = {"saturation": int(state.counts[N_SATURATION]),
                "counting": int(state.counts[N_COUNTING]),
                "connectivity": int(state.counts[N_CONNECTIVITY]),
                "crossings": int(state.counts[N_CROSSINGS]),
                "whatif_count": int(state.counts[N_WHATIF]),
                "whatif_trials": int(state.counts[N_TRIALS]),
                "whatif_depth": 1 if state.counts[N_WHATIF] else 0}
    if status == SOLVED:
        return Grading(True, "", tuple(state.bridges()), measures)
    if level != "extreme":
        return Grading(False, f"not solvable at {level}", (), {})
    # Extreme: where what-ifs run dry only search decides; it must find exactly one answer.
    found, solutions = state.search(SEARCH_RULES, 2)
    if found != 1:
        return Grading(False, "not unique" if found else "no solution", (), {})
    measures["search_nodes"] = int(state.counts[N_NODES])
    measures["whatif_depth"] = max(measures["whatif_depth"], int(state.counts[N_DEPTH]))
    return Grading(True, "", tuple(int(x) for x in solutions[0]), measures)


def grade_record(level: str, graded: Grading) -> dict:
    """The grade a board's record keeps: its level and the rule counts of its solve."""
    return {"level": level, **graded.measures}


# --- rating a board made elsewhere ---------------------------------------------------------------

# A rule's share of a board's difficulty, per use: what a solver must hold in mind for it.
STEP_WEIGHTS = {N_SATURATION: 1, N_COUNTING: 2, N_CONNECTIVITY: 4, N_TRIALS: 8, N_NODES: 16}


def rate(lay: Layout) -> Rating:
    """The easiest level whose rules and what-ifs finish the board; extreme (which allows
    search) for every other board with one answer, so a Bridges board is never beyond.
    Difficulty: the uses of each rule in the easiest-first solve at that level, weighted by
    `STEP_WEIGHTS` (search nodes for an extreme board that needs search)."""
    for level in LEVELS:
        state = State(lay)
        status = state.deduce(LEVEL_RULES[level], WHATIF_LIMIT[level])
        if status == SOLVED:
            return Rating(level, _difficulty(state))
    state.search(SEARCH_RULES, 2)
    return Rating(LEVELS[-1], _difficulty(state))


def _difficulty(state: State) -> float:
    return float(sum(int(state.counts[n]) * weight for n, weight in STEP_WEIGHTS.items()))
