"""Building a board: depth-first over the tiers, one group per tier, with a stated budget.

What the search keeps true at every step (each fixes a defect of the design we started from):

- Pools are checked both ways. A category may be placed only when none of the tiles already
  on the board is in its pool (looking back), and it may take only tiles that are in no pool
  of a category already placed (looking forward, through the spill).
- The spill is reference-counted: every pool tile a placed category does not use is forbidden
  once per category that spills it, and undoing a category takes back only its own count, so
  a tile another category still forbids stays forbidden.
- The search is complete within its budget: when the deeper tiers fail, it tries other
  4-subsets of the same category (up to SUBSETS_PER_CATEGORY) before moving to the next one,
  and each depth gives up only when it has tried every category of its window or spent its
  allowance (TIER_ALLOWANCE moves, counting all depths below it). The tiers are filled
  purple first (SEARCH_ORDER).
- A board is accepted only when no other split of its sixteen tiles into four groups has,
  for each group, a library category holding exactly that group's tiles of the board, and
  when its red-herring count falls in the level's band.
- A decoy (a tile swapped in from its group's pool to lift the red-herring count of a board
  short of its level's band) must pass the same rules, checked from scratch (swap_decoy).

All random choices come from the keyed stream of the board's key. One choice is scheduled
instead: board n of a level tries the categories of each tier in the order of that level's
deck (a keyed shuffle of the tier) starting at place 7n, within a window (DECK_WINDOW), so a
book's boards share out the categories instead of leaving their spread to chance.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from math import comb, gcd

from pipeline.connections import verify
from pipeline.connections.grade import LEVEL_BY_NAME, Level, grade_record, herrings
from pipeline.connections.board import GROUP_SIZE, TIERS, IndexedLibrary, bits, indexed_library
from pipeline.errors import CheckersDisagree, GenerationFailed, InputError
from pipeline.family import Generated
from pipeline.keyed import KeyedStream, fnv1a32

SUBSETS_PER_CATEGORY = 8  # 4-subsets of one category tried before the next category
MOVE_BUDGET = 60_000      # moves (placements, decoy and swap tries) for one board before giving up
# Moves each depth of the search may spend, counting everything below it, before it reports
# failure to the depth above. Without these a poor first or second choice can hold the whole
# budget: the deeper tiers then only vary the last groups, which rarely moves the herring
# count enough.
TIER_ALLOWANCE = (MOVE_BUDGET, 300, 60, 30)
# The tiers in the order the search fills them (indices into TIERS): purple first. The tier
# filled last can only take a category whose pool misses all twelve tiles already placed,
# which favours the few small-pool categories; purple has the fewest categories, so it must
# not be the one left with that narrow choice, or a book repeats its purple themes.
SEARCH_ORDER = (3, 2, 1, 0)
# With a level's deck, each depth tries only the first DECK_WINDOW categories of its deck
# order (the rest would be the few whose small pools fit almost any board, and they would
# come up again and again); failing those, the depth above changes its choice.
DECK_WINDOW = (64, 6, 4, 3)
# Board n cuts its decks at n * DECK_STRIDE, so neighbouring boards (printed side by side)
# get windows far apart and do not share a theme. Coprime to every tier's size (tested), so
# every category still leads the deck once per cycle.
DECK_STRIDE = 7
# Tries at swapping in a decoy when a finished board has too few red herrings for its level.
DECOY_TRIES = 6


class Exhausted(Exception):
    """The move budget ran out."""


class Spill:
    """Tiles forbidden to later groups, each counted once per category that forbids it."""

    def __init__(self, size: int):
        self.counts = [0] * size
        self.mask = 0

    def add(self, mask: int) -> None:
        for i in bits(mask):
            self.counts[i] += 1
            self.mask |= 1 << i

    def remove(self, mask: int) -> None:
        for i in bits(mask):
            self.counts[i] -= 1
            if self.counts[i] == 0:
                self.mask &= ~(1 << i)

    def forbids(self, index: int) -> bool:
        return self.counts[index] > 0


@dataclass(frozen=True)
class Placement:
    category: int   # index into the library
    tiles: int      # mask of its four tiles


def groupings(library: IndexedLibrary, board_mask: int, limit: int = 2) -> int:
    """How many ways the board splits into four groups, each exactly the board's members of
    some library category (up to `limit`).

    A label claims every board tile in its pool, so a category holding five tiles of this
    board, or three, can never be a group's label.
    """
    quads_by_low: dict[int, set[int]] = {}
    for pool in library.masks:
        inside = pool & board_mask
        if inside.bit_count() == GROUP_SIZE:
            quads_by_low.setdefault((inside & -inside).bit_length() - 1, set()).add(inside)
    order = {low: sorted(quads) for low, quads in quads_by_low.items()}

    def cover(left: int) -> int:
        if not left:
            return 1
        low = (left & -left).bit_length() - 1  # every split puts the lowest tile somewhere
        found = 0
        for quad in order.get(low, ()):
            if quad & left == quad:
                found += cover(left & ~quad)
                if found >= limit:
                    break
        return found

    return cover(board_mask)


def subsets(free: int, stream: KeyedStream, limit: int):
    """Up to `limit` distinct 4-subsets of `free`, in keyed random order."""
    members = bits(free)
    if comb(len(members), GROUP_SIZE) <= limit:
        every = [sum(1 << i for i in four) for four in combinations(members, GROUP_SIZE)]
        stream.shuffle(every)
        yield from every
        return
    drawn: list[int] = []
    while len(drawn) < limit:
        pick = members[:]
        for i in range(GROUP_SIZE):  # partial Fisher-Yates: the first four are a uniform draw
            j = i + stream.below(len(pick) - i)
            pick[i], pick[j] = pick[j], pick[i]
        mask = sum(1 << i for i in pick[:GROUP_SIZE])
        if mask not in drawn:
            drawn.append(mask)
            yield mask


@dataclass(eq=False)
class Search:
    """One depth-first search for a board of one level."""

    library: IndexedLibrary
    stream: KeyedStream
    level: Level | None
    decks: tuple[tuple[int, ...], ...] = ()  # per tier, when given: the order to try categories in
    budget: int = MOVE_BUDGET
    subsets_per_category: int = SUBSETS_PER_CATEGORY
    allowance: tuple[int, ...] = TIER_ALLOWANCE
    search_order: tuple[int, ...] = SEARCH_ORDER
    window: tuple[int, ...] = DECK_WINDOW
    # What the search keeps as it goes.
    moves: int = field(default=0, init=False)
    used: int = field(default=0, init=False)
    spill: Spill = field(init=False)
    chosen: list[Placement] = field(default_factory=list, init=False)
    result: tuple[Placement, ...] = field(default=(), init=False)
    rejected_leaves: int = field(default=0, init=False)
    decoys: int = field(default=0, init=False)   # herring decoys swapped in
    repairs: int = field(default=0, init=False)  # swaps that took away an easier reading of a group

    def __post_init__(self) -> None:
        self.spill = Spill(len(self.library.names))

    def run(self) -> tuple[Placement, ...] | None:
        """The four placements in tier order, or None when every move failed."""
        if not self._fill(0):
            return None
        return tuple(sorted(self.result,
                            key=lambda p: TIERS.index(self.library.categories[p.category].tier)))

    def can_place(self, category: int) -> int:
        """The tiles `category` may still take (0 when it may not be placed at all)."""
        pool = self.library.masks[category]
        if pool & self.used:  # looking back: a placed tile would also fit this label
            return 0
        free = pool & ~self.spill.mask  # looking forward: no tile of an earlier pool
        return free if free.bit_count() >= GROUP_SIZE else 0

    def place(self, category: int, four: int) -> None:
        self.used |= four
        self.spill.add(self.library.masks[category] & ~four)
        self.chosen.append(Placement(category, four))

    def undo(self) -> None:
        placement = self.chosen.pop()
        self.used &= ~placement.tiles
        self.spill.remove(self.library.masks[placement.category] & ~placement.tiles)

    def _fill(self, depth: int) -> bool:
        if depth == len(TIERS):
            return self._accept()
        tier = self.search_order[depth]
        if tier < len(self.decks):
            order = list(self.decks[tier][:self.window[depth]])
        else:
            order = list(self.library.by_tier[tier])
            self.stream.shuffle(order)
        spent_before = self.moves
        for category in order:
            free = self.can_place(category)
            if not free:
                continue
            for four in subsets(free, self.stream, self.subsets_per_category):
                if self.moves - spent_before >= self.allowance[depth]:
                    return False
                self.moves += 1
                if self.moves > self.budget:
                    raise Exhausted
                self.place(category, four)
                if self._fill(depth + 1):
                    return True
                self.undo()
        return False

    def _accept(self) -> bool:
        """Whether the four placed groups make a board of the level, perhaps after one swap
        that takes away an easier reading and one decoy. The search state (chosen, used,
        spill) is left as it is: the accepted board goes to `self.result`, so a rejected
        leaf is undone exactly as it was placed."""
        if groupings(self.library, self.used) != 1:
            self.rejected_leaves += 1
            return False
        placements, board = tuple(self.chosen), self.used
        repaired = decoyed = 0
        if easier_readings(self.library, placements):
            placements = self._break_readings(placements, board)
            if placements is None:
                self.rejected_leaves += 1
                return False
            board, repaired = sum(p.tiles for p in placements), 1
        if self.level is not None:
            on_board = tuple(p.category for p in placements)
            count = len(herrings(self.library, board, on_board))
            if count < self.level.fewest_herrings:
                swapped = self._decoy(placements, board, on_board)
                if swapped is not None:
                    placements, decoyed = swapped, 1
                    board = sum(p.tiles for p in placements)
                    count = len(herrings(self.library, board, on_board))
            if not self.level.fewest_herrings <= count <= self.level.most_herrings:
                self.rejected_leaves += 1
                return False
        self.result = placements
        self.repairs += repaired
        self.decoys += decoyed
        return True

    def _break_readings(self, placements: tuple[Placement, ...],
                        board: int) -> tuple[Placement, ...] | None:
        """The board with one tile of another group swapped for a member of the easier
        theme's pool, so that theme holds five tiles and claims nothing; None if no such
        swap keeps every rule."""
        for theme, group in easier_readings(self.library, placements)[:1]:
            for other, placement in enumerate(placements):
                if other == group:
                    continue
                candidates = bits(self.library.masks[placement.category]
                                  & self.library.masks[theme] & ~board)
                for in_tile in candidates[:4]:
                    for out_tile in bits(placement.tiles):
                        self.moves += 1
                        swapped = swap_decoy(self.library, placements, other, out_tile, in_tile)
                        if swapped is not None:
                            return swapped
        return None

    def _decoy(self, placements: tuple[Placement, ...], board: int,
               on_board: tuple[int, ...]) -> tuple[Placement, ...] | None:
        """A board with one tile swapped for another member of its group's pool that lifts
        the herring count into the level's band, or None after DECOY_TRIES tries. Each try
        counts as a move; swap_decoy keeps every rule a board must keep."""
        for _ in range(DECOY_TRIES):
            self.moves += 1
            group = self.stream.below(len(placements))
            placement = placements[group]
            out_tile = self.stream.choice(bits(placement.tiles))
            candidates = bits(self.library.masks[placement.category] & ~board)
            if not candidates:
                continue
            in_tile = self.stream.choice(candidates)
            swapped = swap_decoy(self.library, placements, group, out_tile, in_tile)
            if swapped is None:
                continue
            after = board & ~(1 << out_tile) | 1 << in_tile
            count = len(herrings(self.library, after, on_board))
            if self.level.fewest_herrings <= count <= self.level.most_herrings:
                return swapped
        return None


def easier_readings(library: IndexedLibrary, placements: tuple[Placement, ...]) -> list[tuple[int, int]]:
    """(category, group) pairs where a category of an easier tier than the group's claims
    exactly the group's four tiles: the group's plainest reading is not its printed tier."""
    board = sum(p.tiles for p in placements)
    found = []
    for group, p in enumerate(placements):
        tier = TIERS.index(library.categories[p.category].tier)
        for easier in library.by_tier[:tier]:
            found.extend((k, group) for k in easier if library.masks[k] & board == p.tiles)
    return found


def board_is_sound(library: IndexedLibrary, placements: tuple[Placement, ...]) -> bool:
    """The rules a finished board must keep, checked from scratch (used on decoys)."""
    board = 0
    for p in placements:
        if p.tiles.bit_count() != GROUP_SIZE or board & p.tiles:
            return False
        board |= p.tiles
    for p in placements:  # each label's pool holds exactly its own four tiles of the board
        if library.masks[p.category] & board != p.tiles:
            return False
    return not easier_readings(library, placements) and groupings(library, board) == 1


def swap_decoy(library: IndexedLibrary, placements: tuple[Placement, ...], group: int,
               out_tile: int, in_tile: int) -> tuple[Placement, ...] | None:
    """The board with `in_tile` in place of `out_tile` in `group`, or None if that breaks a rule.

    The new tile must be in the group's own pool, in no other on-board pool, and leave the
    board with one grouping only.
    """
    placement = placements[group]
    if not placement.tiles >> out_tile & 1 or not library.masks[placement.category] >> in_tile & 1:
        return None
    swapped = Placement(placement.category, placement.tiles & ~(1 << out_tile) | 1 << in_tile)
    result = placements[:group] + (swapped,) + placements[group + 1:]
    return result if board_is_sound(library, result) else None


def board_number(key: str) -> int:
    """n of a key `connections:<level>:<n>` (a replacement `...:<n>#<v>` moves on by 37 v);
    any other key gives a number from its hash."""
    body, _, variant = key.partition("#")
    number = body.rpartition(":")[2]
    if number.isdigit() and (not variant or variant.isdigit()):
        return int(number) + 37 * int(variant or 0)
    return fnv1a32(key)


def scheduled_decks(library: IndexedLibrary, level: str, number: int) -> tuple[tuple[int, ...], ...]:
    """Per tier, the order board `number` of `level` tries categories in: the level's deck
    (a keyed shuffle of the tier) cut at the library's stride times the board's number."""
    step = deck_stride(library)
    decks = []
    for tier, members in zip(TIERS, library.by_tier):
        deck = list(members)
        KeyedStream(f"connections:{level}:deck:{tier}").shuffle(deck)
        cut = number * step % len(deck)
        decks.append(tuple(deck[cut:] + deck[:cut]))
    return tuple(decks)


def deck_stride(library: IndexedLibrary) -> int:
    """DECK_STRIDE, or the next number above it coprime to every tier's size, so every
    category of the library leads its deck once per cycle (English: 7; French, whose yellow
    tier has 49 categories: 11)."""
    stride = DECK_STRIDE
    while any(gcd(len(members), stride) != 1 for members in library.by_tier):
        stride += 1
    return stride


@dataclass(frozen=True)
class Built:
    placements: tuple[Placement, ...]
    moves: int
    decoys: int
    repairs: int


def build(library: IndexedLibrary, key: str, level: str | None) -> Built:
    """The placements for `key` at `level`, with the moves tried; Exhausted past the budget."""
    stream = KeyedStream(key)
    decks = scheduled_decks(library, level or "any", board_number(key))
    search = Search(library, stream, LEVEL_BY_NAME[level] if level else None, decks)
    found = search.run()
    if found is None:
        raise Exhausted
    return Built(found, search.moves, search.decoys, search.repairs)


def tile_order(library: IndexedLibrary, placements: tuple[Placement, ...], key: str) -> list[str]:
    """The sixteen tiles as printed: shuffled by the key, so no group sits together."""
    stream = KeyedStream(f"{key}|tiles")
    tiles = [library.names[i] for p in placements for i in bits(p.tiles)]
    stream.shuffle(tiles)
    return tiles


def generate(key: str, level: str) -> Generated:
    """A proven, graded board of `level` from the key's stream alone."""
    if level not in LEVEL_BY_NAME:
        raise InputError(f"unknown connections level {level!r} (known: "
                         f"{', '.join(LEVEL_BY_NAME)})", field="level")
    language = LEVEL_BY_NAME[level].language
    library = indexed_library(language)
    try:
        built = build(library, key, level)
    except Exhausted:
        raise GenerationFailed(f"{key}: no {level} board within the move budget") from None
    placements = built.placements
    tiles = tile_order(library, placements, key)
    groups = [{"tier": library.categories[p.category].tier,
               "label": library.categories[p.category].label,
               "tiles": sorted(library.tiles_of(p.tiles), key=tiles.index)}
              for p in placements]
    # English records name no language (they predate the field and stay byte for byte).
    puzzle = {"tiles": tiles, **({"language": language} if language != "en" else {})}
    solution = {"groups": groups}
    proof = verify.verify(puzzle, solution)
    if not proof["unique"]:  # the generator must never lie: the verifier has the last word
        raise CheckersDisagree(f"{key}: the verifier rejected the board: {proof['problems']}")
    grade = grade_record(level, library, placements, built.moves, built.decoys, built.repairs)
    return Generated(puzzle=puzzle, solution=solution, grade=grade, proof=proof,
                     attempts=built.moves)
