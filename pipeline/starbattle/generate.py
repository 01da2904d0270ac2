"""Star Battle generation: plant a solution, grow regions, repair rivals, search for hard boards.

The design of the Sprig notes (seeds/000): every choice comes from the key's sfc32 stream and
integer arithmetic over collections in a fixed order, so a key gives the same board anywhere.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pipeline.errors import GenerationFailed
from pipeline.keyed import KeyedStream, fnv1a32, key_percent
from pipeline.starbattle import solver
from pipeline.starbattle.bands import Band
from pipeline.starbattle.board import Board, neighbours4, region_is_connected, relabel

ATTEMPTS_PER_SEARCH = 3000
SEARCHES = 64           # the first search plus up to 63 restarts from derived keys
POOL_SIZE = 10          # near-misses kept for mutation
MUTATION_CHANCE = (3, 4)
MAX_MUTATION_MOVES = 5
LISTED_SOLUTIONS = 12   # solutions listed per repair round

# Growth profiles: which region grows next, by integer weight on its current size.
SMALL_FIRST, UNIFORM, LONG = 0, 1, 2


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


# --- planting and growing --------------------------------------------------------------------

def plant(stream: KeyedStream, n: int) -> tuple[int, ...]:
    """A column per row, shuffled until no two consecutive rows are within one column."""
    columns = list(range(n))
    while True:
        stream.shuffle(columns)
        if all(abs(columns[r] - columns[r + 1]) > 1 for r in range(n - 1)):
            return tuple(columns)


def growth_weight(profile: int, size: int, average: int) -> int:
    if profile == SMALL_FIRST:
        return max(1, 2 * average + 1 - size) ** 2
    if profile == UNIFORM:
        return 1
    return size * size          # LONG: the big get bigger


def grow(stream: KeyedStream, n: int, planted: tuple[int, ...], profile: int) -> tuple[int, ...]:
    """Each planted star seeds a region; regions claim neighbouring squares one at a time."""
    regions = [-1] * (n * n)
    sizes = [1] * n
    frontier: list[set[int]] = [set() for _ in range(n)]
    for r, c in enumerate(planted):
        regions[r * n + c] = r
    for r, c in enumerate(planted):
        frontier[r].update(x for x in neighbours4(n, r * n + c) if regions[x] < 0)
    unclaimed = n * n - n
    average = n
    while unclaimed:
        growing = [g for g in range(n) if frontier[g]]
        g = growing[stream.weighted_index([growth_weight(profile, sizes[x], average) for x in growing])]
        cell = stream.choice(sorted(frontier[g]))
        regions[cell] = g
        sizes[g] += 1
        unclaimed -= 1
        for f in frontier:
            f.discard(cell)
        frontier[g].update(x for x in neighbours4(n, cell) if regions[x] < 0)
    return tuple(regions)


def starting_stars(key: str, band: Band, planted: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A hash of the key decides whether the board opens with a star, and from which row."""
    if key_percent(key, "starting-star") >= band.start_star_percent:
        return ()
    row = fnv1a32(f"{key}|starting-row") % band.size
    return ((row, planted[row]),)


def fresh_candidate(stream: KeyedStream, band: Band, key: str) -> Candidate:
    n = band.size
    planted = plant(stream, n)
    profiles = (SMALL_FIRST, UNIFORM, LONG) if band.uses_long_growth else (SMALL_FIRST, UNIFORM)
    regions = grow(stream, n, planted, stream.choice(profiles))
    return Candidate(regions, planted, starting_stars(key, band, planted))


# --- moving squares between regions ----------------------------------------------------------

def movable_destinations(n: int, regions, cell: int) -> list[int]:
    """Neighbouring regions `cell` could join without disconnecting its own region."""
    own = regions[cell]
    others = sorted({regions[x] for x in neighbours4(n, cell)} - {own})
    if not others or not region_is_connected(n, regions, own, without=cell):
        return []
    return others


def repair(stream: KeyedStream, band: Band, candidate: Candidate) -> Candidate | None:
    """Move squares that rival solutions use until the planted solution is the only one.

    A rival using square s has its star for the destination region elsewhere, so moving s
    there gives the rival two stars in one region; the planted solution never uses s.
    Gives up after 3N rounds.
    """
    n = band.size
    regions = list(candidate.regions)
    planted_cells = {r * n + c for r, c in enumerate(candidate.planted)}
    sizes = Counter(regions)
    for _ in range(3 * n):
        counted = solver.count(Board(n, tuple(regions), candidate.givens), LISTED_SOLUTIONS + 1,
                               listed=LISTED_SOLUTIONS)
        if counted.solutions == 1:
            return Candidate(tuple(regions), candidate.planted, candidate.givens, candidate.mutated)
        usage = Counter(r * n + c for rival in counted.listed if rival != candidate.planted
                        for r, c in enumerate(rival) if r * n + c not in planted_cells)
        for cell, _ in sorted(usage.items(), key=lambda item: (-item[1], item[0])):
            destinations = movable_destinations(n, regions, cell)
            if not destinations:
                continue
            own = regions[cell]
            within = [d for d in destinations
                      if sizes[d] + 1 <= band.max_region and sizes[own] - 1 >= band.min_region]
            target = stream.choice(within or destinations)
            regions[cell] = target
            sizes[own] -= 1
            sizes[target] += 1
            break
        else:
            return None
    return None


def mutate(stream: KeyedStream, band: Band, candidate: Candidate) -> Candidate:
    """Move one to five border squares (never a planted one) to a neighbouring region."""
    n = band.size
    regions = list(candidate.regions)
    planted_cells = {r * n + c for r, c in enumerate(candidate.planted)}
    for _ in range(1 + stream.below(MAX_MUTATION_MOVES)):
        border = [cell for cell in range(n * n) if cell not in planted_cells
                  and any(regions[x] != regions[cell] for x in neighbours4(n, cell))]
        stream.shuffle(border)
        for cell in border:
            destinations = movable_destinations(n, regions, cell)
            if destinations:
                regions[cell] = stream.choice(destinations)
                break
    return Candidate(tuple(regions), candidate.planted, candidate.givens, mutated=True)


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
