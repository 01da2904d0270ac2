"""Star Battle generation: plant a solution, grow regions, repair rivals, search for hard boards.

The design of the Sprig notes (seeds/000): every choice comes from the key's sfc32 stream and
integer arithmetic over collections in a fixed order, so a key gives the same board anywhere.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from pipeline.errors import GenerationFailed
from pipeline.keyed import KeyedStream, fnv1a32, key_percent
from pipeline.starbattle import kernels, solver
from pipeline.starbattle.bands import Band
from pipeline.starbattle.board import Board, relabel

ATTEMPTS_PER_SEARCH = 3000
SEARCHES = 64           # the first search plus up to 63 restarts from derived keys
POOL_SIZE = 10          # near-misses kept for mutation
MUTATION_CHANCE = (3, 4)
MAX_MUTATION_MOVES = 5
LISTED_SOLUTIONS = 12   # solutions listed per repair round


@dataclass(frozen=True)
class Candidate:
    regions: tuple[int, ...]
    planted: tuple[int, ...]     # the planted solution: star column per row
    givens: tuple[tuple[int, int], ...]
    mutated: bool = False

    def board(self) -> Board:
        return Board(len(self.planted), self.regions, self.givens)


@dataclass(frozen=True)
class Accepted:
    candidate: Candidate
    grade: solver.Grade
    attempts: int                # candidates tried, over all searches
    searches: int                # searches used (1 = no restart)
    proof_nodes: int


# --- planting, growing, repairing, mutating (compiled; see kernels.py) -----------------------

def _with_stream(stream: KeyedStream, kernel, *args):
    """Run a compiled kernel on the stream's state and take the advanced state back."""
    state = stream.state()
    result = kernel(state, *args)
    stream.set_state(state)
    return result


def starting_stars(key: str, band: Band, planted: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A hash of the key decides whether the board opens with a star, and from which row."""
    if key_percent(key, "starting-star") >= band.start_star_percent:
        return ()
    row = fnv1a32(f"{key}|starting-row") % band.size
    return ((row, planted[row]),)


def fresh_candidate(stream: KeyedStream, band: Band, key: str) -> Candidate:
    n = band.size
    planted = _with_stream(stream, kernels.plant, n)
    profiles = (kernels.SMALL_FIRST, kernels.UNIFORM, kernels.LONG) if band.uses_long_growth \
        else (kernels.SMALL_FIRST, kernels.UNIFORM)
    regions = _with_stream(stream, kernels.grow, n, planted, stream.choice(profiles))
    planted = tuple(planted.tolist())
    return Candidate(tuple(regions.tolist()), planted, starting_stars(key, band, planted))


def repair(stream: KeyedStream, band: Band, candidate: Candidate) -> Candidate | None:
    """Move squares that rival solutions use until the planted solution is the only one.

    A rival using square s has its star for the destination region elsewhere, so moving s
    there gives the rival two stars in one region; the planted solution never uses s.
    """
    regions = np.array(candidate.regions, dtype=np.int64)
    unique = _with_stream(stream, kernels.repair, band.size, regions,
                          np.array(candidate.planted, dtype=np.int64),
                          candidate.board().givens_array(), band.min_region, band.max_region,
                          LISTED_SOLUTIONS)
    if not unique:
        return None
    return Candidate(tuple(regions.tolist()), candidate.planted, candidate.givens, candidate.mutated)


def mutate(stream: KeyedStream, band: Band, candidate: Candidate) -> Candidate:
    """Move one to five border squares (never a planted one) to a neighbouring region."""
    regions = np.array(candidate.regions, dtype=np.int64)
    _with_stream(stream, kernels.mutate, band.size, regions,
                 np.array(candidate.planted, dtype=np.int64), MAX_MUTATION_MOVES)
    return Candidate(tuple(regions.tolist()), candidate.planted, candidate.givens, mutated=True)


# --- the bar ---------------------------------------------------------------------------------

def shape_ok(band: Band, regions, allow_anchor: bool) -> bool:
    """Region sizes within the band's limits, enough different sizes, and at most one region
    at the minimum size (none when the key says this search has no anchor)."""
    sizes = sorted(Counter(regions).values())
    if len(sizes) != band.size or sizes[0] < band.min_region or sizes[-1] > band.max_region:
        return False
    if band.size >= 8 and sizes[0] == 1:
        return False
    if len(set(sizes)) < band.min_distinct_sizes:
        return False
    return sizes.count(band.min_region) <= (1 if allow_anchor else 0)


def meets_contract(band: Band, grade: solver.Grade) -> bool:
    t1, t2, t3, t4 = grade.tier_counts
    return (grade.solved
            and (band.max_steps is None or grade.steps <= band.max_steps)
            and t2 >= band.min_tier2 and t3 >= band.min_tier3 and t4 >= band.min_tier4
            and t3 + t4 >= band.min_tier3_up)


def hardness(grade: solver.Grade) -> tuple:
    """Ranking of near-misses: boards the band's tiers cannot finish first, then by tiers."""
    t1, t2, t3, t4 = grade.tier_counts
    return (0 if grade.solved else 1, t4, t3, t2, grade.steps)


# --- the search ------------------------------------------------------------------------------

def search_key(key: str, search: int) -> str:
    return key if search == 0 else f"{key}/search{search}"


def generate(key: str, band: Band) -> Accepted:
    """Search for a board that meets the band's contract; restart from derived keys."""
    attempts = 0
    for search in range(SEARCHES):
        this_key = search_key(key, search)
        stream = KeyedStream(this_key)
        allow_anchor = key_percent(this_key, "anchor") < 50
        pool: list[tuple[tuple, int, Candidate]] = []
        for attempt in range(ATTEMPTS_PER_SEARCH):
            attempts += 1
            if band.name != "easy" and pool and stream.chance(*MUTATION_CHANCE):
                candidate = mutate(stream, band, stream.choice(pool)[2])
            else:
                candidate = fresh_candidate(stream, band, key)
            candidate = repair(stream, band, candidate)
            if candidate is None or not shape_ok(band, candidate.regions, allow_anchor):
                continue
            grade = solver.grade(candidate.board(), band.max_tier)
            if meets_contract(band, grade):
                proof = solver.count(candidate.board(), 2)
                return Accepted(candidate, grade, attempts, search + 1, proof.nodes)
            if band.name != "easy":
                pool.append((hardness(grade), -attempt, candidate))
                pool.sort(key=lambda item: (item[0], item[1]), reverse=True)
                del pool[POOL_SIZE:]
    raise GenerationFailed(f"{key}: no {band.name} board after {SEARCHES} searches")


def finished(candidate: Candidate) -> tuple[Board, tuple[tuple[int, int], ...]]:
    """The board with region ids renumbered in reading order, and its solution stars."""
    board = Board(len(candidate.planted), relabel(candidate.regions), candidate.givens)
    return board, tuple((r, c) for r, c in enumerate(candidate.planted))
