"""Sums of distinct digits: which sets of digits 1..9 make a sum, and what that forces in the
cells that must hold one of them.

A cage of cells with a printed sum and a run of cells between two clues ask the same
question: n cells, no digit twice, adding up to s; some cells already hold a digit, the others
have candidates left. Which digits can each open cell still take? Every family with sums calls
this one module for the answer, so the arithmetic is written and tested once
(tests/test_sums.py holds every answer against the plain enumeration at the bottom of this
module).

Digits are masks of nine bits, bit d - 1 for digit d, as the families' candidate grids keep
them. Every function is pure and most are cached by their arguments: between two steps of a
solve most cages and runs keep their digits and candidates, so what was found once is
remembered.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product

ALL_DIGITS = 0x1FF  # the nine digits as one mask
POPCOUNT = tuple(bin(m).count("1") for m in range(ALL_DIGITS + 1))
DIGITS = tuple(tuple(d + 1 for d in range(9) if m >> d & 1) for m in range(ALL_DIGITS + 1))
BIT = (0,) + tuple(1 << d for d in range(9))

# For each (cells, sum), the digit masks of that many distinct digits with that sum.
COMBINATIONS: dict[tuple[int, int], tuple[int, ...]] = {}
for _mask in range(1, ALL_DIGITS + 1):
    _key = (POPCOUNT[_mask], sum(DIGITS[_mask]))
    COMBINATIONS[_key] = COMBINATIONS.get(_key, ()) + (_mask,)


# --- the combinations of a sum --------------------------------------------------------------

def combinations(cells: int, total: int) -> tuple[int, ...]:
    """The masks of `cells` distinct digits adding up to `total` (none when out of reach)."""
    return COMBINATIONS.get((cells, total), ())


def sum_bounds(cells: int) -> tuple[int, int]:
    """The least and the greatest `cells` distinct digits add up to (1+2+... and ...+8+9)."""
    return cells * (cells + 1) // 2, cells * (19 - cells) // 2


def combination_text(combo: int) -> str:
    """"1+2+4": a combination as a solver writes it."""
    return "+".join(map(str, DIGITS[combo]))


def open_digits(digits: tuple[int, ...]) -> tuple[list[int], int, int]:
    """(the indexes of the open cells (0), mask of the digits placed, the sum placed)."""
    open_at, placed = [], 0
    for i, d in enumerate(digits):
        if d:
            placed |= BIT[d]
        else:
            open_at.append(i)
    return open_at, placed, sum(digits)


# --- what the open cells of a group of distinct digits can hold -----------------------------

@lru_cache(maxsize=1 << 12)
def placements(options: tuple[int, ...]) -> tuple[int, ...] | None:
    """Per cell, the digits (a mask) it holds in some way of giving each cell one digit of
    its `options` (masks), all different and every digit of them used (as many digits as
    cells); None when there is no such way.

    One way is found first (augmenting paths). Then a cell can take another cell's digit in
    that way exactly when the other cell can pass on, cell to cell along that way's digits,
    to a cell that takes the first cell's digit: the swaps around such a cycle make another
    way (the alternating cycles of a perfect matching)."""
    n = len(options)
    union = 0
    for m in options:
        if not m:
            return None
        union |= m
    if POPCOUNT[union] < n:
        return None
    holder = {}          # digit bit -> the cell that holds it in the way found

    def place(cell: int, tried: list[int]) -> bool:
        """Give `cell` a digit, moving the holders of digits on; `tried` (one mask) keeps
        the digits this search has already tried to free."""
        while True:
            untried = options[cell] & ~tried[0]
            if not untried:
                return False
            bit = untried & -untried     # the lowest of them
            tried[0] |= bit
            if bit not in holder or place(holder[bit], tried):
                holder[bit] = cell
                return True

    for cell in range(n):
        if not place(cell, [0]):
            return None
    held = [0] * n
    for bit, cell in holder.items():
        held[cell] = bit
    # reach[a]: the cells (bit b for cell b) that cell a can pass on to, in one or more
    # moves, a move a -> b meaning a can take b's digit
    reach = []
    for a in range(n):
        moves = 0
        for b in range(n):
            if b != a and options[a] & held[b]:
                moves |= 1 << b
        reach.append(moves)
    for k in range(n):
        for a in range(n):
            if reach[a] >> k & 1:
                reach[a] |= reach[k]
    ways = []
    for a in range(n):
        way = held[a]
        for b in range(n):
            if b != a and options[a] & held[b] and reach[b] >> a & 1:
                way |= held[b]
        ways.append(way)
    return tuple(ways)


@lru_cache(maxsize=1 << 12)
def fillings(total: int, digits: tuple[int, ...], masks: tuple[int, ...]
             ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The ways distinct digits fill a group's open cells to `total`: the group by its cells'
    digits (0 where open) and candidate masks; (the open cells by index, the combinations
    that can be placed in them with their candidates, per open cell the digits some way
    uses)."""
    open_at, placed, placed_sum = open_digits(digits)
    masks = tuple(masks[i] for i in open_at)
    rest = total - placed_sum
    usable, support = [], [0] * len(open_at)
    for combo in COMBINATIONS.get((len(open_at), rest), ()):
        if combo & placed:
            continue
        ways = placements(tuple(m & combo for m in masks))
        if ways is None:
            continue
        usable.append(combo)
        for i, way in enumerate(ways):
            support[i] |= way
    return tuple(open_at), tuple(usable), tuple(support)


@lru_cache(maxsize=1 << 12)
def unique_combination(total: int, digits: tuple[int, ...], masks: tuple[int, ...]
                       ) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """(the one combination, the candidates outside it as (index, digit)) of a group whose
    open cells (two or more) have one combination of distinct digits left, digits placed
    aside, and candidates outside it; None otherwise. The candidates are not read to find
    the combination: 3 in two cells is 1+2 whatever the cells' candidates say."""
    open_at, placed, placed_sum = open_digits(digits)
    combos = [m for m in COMBINATIONS.get((len(open_at), total - placed_sum), ())
              if not m & placed]
    if len(open_at) < 2 or len(combos) != 1:
        return None
    cuts = tuple((i, d) for i in open_at for d in DIGITS[masks[i] & ~combos[0]])
    return (combos[0], cuts) if cuts else None


@lru_cache(maxsize=1 << 12)
def sum_range_cuts(total: int, digits: tuple[int, ...], masks: tuple[int, ...]
                   ) -> tuple[tuple[int, int], ...]:
    """The candidates (index, digit) of a group's open cells that leave the other open cells
    a sum below the least or above the greatest they can make (distinct digits not placed in
    the group, each cell's smallest or largest candidate)."""
    open_at, placed, placed_sum = open_digits(digits)
    if len(open_at) < 2:
        return ()
    rest = total - placed_sum
    free = DIGITS[ALL_DIGITS & ~placed]
    k = len(open_at) - 1   # the other open cells
    # the k smallest free digits other than d: the k + 1 smallest less d when d is among
    # them, else the k smallest; the same for the largest
    smallest, small_sum, small_sum_d = free[:k + 1], sum(free[:k]), sum(free[:k + 1])
    largest, large_sum, large_sum_d = free[-k - 1:], sum(free[-k:]), sum(free[-k - 1:])
    lows = sum(DIGITS[masks[i]][0] for i in open_at)
    highs = sum(DIGITS[masks[i]][-1] for i in open_at)
    cuts = []
    for i in open_at:
        candidates = DIGITS[masks[i]]
        others_low, others_high = lows - candidates[0], highs - candidates[-1]
        for d in candidates:
            least = small_sum_d - d if d in smallest else small_sum
            most = large_sum_d - d if d in largest else large_sum
            if not max(least, others_low) <= rest - d <= min(most, others_high):
                cuts.append((i, d))
    return tuple(cuts)


@lru_cache(maxsize=1 << 12)
def combination_cuts(total: int, digits: tuple[int, ...], masks: tuple[int, ...]
                     ) -> tuple[tuple[int, int], ...]:
    """The candidates (index, digit) of a group's open cells that no filling uses, when it
    has two open cells or more and some filling."""
    open_at, usable, support = fillings(total, digits, masks)
    if len(open_at) < 2 or not usable:
        return ()
    return tuple((i, d) for i, keep in zip(open_at, support) for d in DIGITS[masks[i] & ~keep])


def cuts_in_cells(cells, cuts) -> tuple[tuple[int, int], ...]:
    """`cuts` ((index, digit) pairs, as the functions above give them) as the eliminations
    (cell, digit) of the group's own `cells`: what a step reports."""
    return tuple((cells[i], d) for i, d in cuts)


def cut_cells(cells, digits: tuple[int, ...], total: int, cuts
              ) -> tuple[list, int, tuple[tuple[int, int], ...]]:
    """A group's open cells, what its sum still needs, and `cuts` as its eliminations
    (`cuts_in_cells`)."""
    return ([c for c, d in zip(cells, digits) if not d], total - sum(digits),
            cuts_in_cells(cells, cuts))


# --- cells of known sum whose digits need not all differ ------------------------------------

@lru_cache(maxsize=1 << 12)
def free_fillings(rest: int, masks: tuple[int, ...], links: tuple[int, ...]
                  ) -> tuple[int, ...] | None:
    """Per cell the digits some filling uses, for cells (by candidate masks) whose digits add
    up to `rest` and differ only where two cells are linked (bit j of links[i]: cell i must
    differ from cell j, as two cells of one house or one run must); None when there is no
    filling: the cells of a region that its cages or runs add up to."""
    order = sorted(range(len(masks)), key=lambda i: POPCOUNT[masks[i]])
    n = len(order)
    in_order = [masks[i] for i in order]
    # the least and the greatest the cells from k on can add up to
    lows = [sum(DIGITS[m][0] for m in in_order[k:]) for k in range(n + 1)]
    highs = [sum(DIGITS[m][-1] for m in in_order[k:]) for k in range(n + 1)]
    earlier_peers = [[j for j in range(k) if links[order[k]] >> order[j] & 1] for k in range(n)]
    support = [0] * n
    chosen: list[int] = []

    def fill(k: int, rest: int) -> bool:
        if k == n:
            if rest:
                return False
            for i, d in enumerate(chosen):
                support[i] |= BIT[d]
            return True
        if not lows[k] <= rest <= highs[k]:
            return False
        taken = 0
        for j in earlier_peers[k]:
            taken |= BIT[chosen[j]]
        found = False
        for d in DIGITS[in_order[k] & ~taken]:
            chosen.append(d)
            found |= fill(k + 1, rest - d)
            chosen.pop()
        return found

    if not fill(0, rest):
        return None
    by_index = dict(zip(order, support))
    return tuple(by_index[i] for i in range(n))


# --- the plain reference ----------------------------------------------------------------------
# Every digit of every open cell tried: slow, and obviously right. The tests hold the engine
# above to these on every small case.

def plain_fillings(total: int, digits: tuple[int, ...], masks: tuple[int, ...]
                   ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """`fillings` by trying every assignment of candidates to the open cells."""
    open_at, placed, placed_sum = open_digits(digits)
    if not open_at:
        return (), (), ()   # a full group has nothing left to fill
    usable, support = set(), [0] * len(open_at)
    for way in permutations(range(1, 10), len(open_at)):
        if placed & sum(BIT[d] for d in way) or sum(way) != total - placed_sum:
            continue
        if all(masks[i] & BIT[d] for i, d in zip(open_at, way)):
            usable.add(sum(BIT[d] for d in way))
            for k, d in enumerate(way):
                support[k] |= BIT[d]
    return tuple(open_at), tuple(sorted(usable)), tuple(support)


def plain_free_fillings(rest: int, masks: tuple[int, ...], links: tuple[int, ...]
                        ) -> tuple[int, ...] | None:
    """`free_fillings` by trying every assignment of candidates."""
    support, found = [0] * len(masks), False
    for way in product(*(DIGITS[m] for m in masks)):
        if sum(way) != rest:
            continue
        if any(links[i] >> j & 1 and way[i] == way[j]
               for i in range(len(way)) for j in range(len(way))):
            continue
        found = True
        for i, d in enumerate(way):
            support[i] |= BIT[d]
    return tuple(support) if found else None
