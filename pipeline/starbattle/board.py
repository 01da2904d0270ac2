"""The Star Battle board as a value: regions, starting stars, validation, symmetries.

Squares are numbered row-major (`cell = row * size + col`); rows and columns count from 0 at
the top-left, as in the export records. A board asks for `stars` stars in every row, column and
region (the record's `stars_per_unit`, absent for one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from pipeline.errors import InputError
from pipeline.records import require

MIN_SIZE, MAX_SIZE = 4, 16


@dataclass(frozen=True)
class Board:
    size: int
    regions: tuple[int, ...]                  # region id per square, row-major
    givens: tuple[tuple[int, int], ...] = ()  # starting stars printed on the page
    stars: int = 1                            # stars in every row, column and region

    @classmethod
    def from_rows(cls, rows: Iterable[Iterable[int]], givens=(), stars: int = 1) -> "Board":
        rows = [tuple(row) for row in rows]
        return cls(len(rows), tuple(v for row in rows for v in row),
                   tuple(sorted(tuple(g) for g in givens)), stars)

    def rows(self) -> list[list[int]]:
        n = self.size
        return [list(self.regions[r * n:(r + 1) * n]) for r in range(n)]

    def to_puzzle(self) -> dict:
        puzzle = {"size": self.size, "regions": self.rows(),
                  "stars": [[r, c] for (r, c) in self.givens]}
        if self.stars != 1:   # absent means one: one-star records stay as they always were
            puzzle["stars_per_unit"] = self.stars
        return puzzle

    @classmethod
    def from_puzzle(cls, puzzle: dict) -> "Board":
        """A board from a validated puzzle object (see `check_puzzle`)."""
        return cls.from_rows(puzzle["regions"], puzzle.get("stars", ()),
                             puzzle.get("stars_per_unit", 1))

    def given_rows(self) -> np.ndarray:
        """The starting stars as one column bitmask per row (the k-star kernels' form)."""
        masks = np.zeros(self.size, dtype=np.int64)
        for r, c in self.givens:
            masks[r] |= 1 << c
        return masks

    def region_array(self) -> np.ndarray:
        return np.array(self.regions, dtype=np.int64)

    def givens_array(self) -> np.ndarray:
        cols = np.full(self.size, -1, dtype=np.int64)
        for r, c in self.givens:
            cols[r] = c
        return cols


def region_is_connected(n: int, regions, region: int) -> bool:
    """Whether the squares of `region` form one orthogonally connected piece."""
    cells = {cell for cell in range(n * n) if regions[cell] == region}
    if not cells:
        return False
    start = min(cells)
    seen = {start}
    todo = [start]
    while todo:
        r, c = divmod(todo.pop(), n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            other = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def stars_touch(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def stars_fit(size: int, stars: int) -> bool:
    """Whether `stars` non-touching stars per row and column can fit at all: a 2x2 block holds
    at most one star, and the board splits into ceil(size/2)^2 such blocks (or parts)."""
    return stars >= 1 and stars * size <= ((size + 1) // 2) ** 2


# --- records ---------------------------------------------------------------------------------

def check_puzzle(puzzle) -> Board:
    """Validate a puzzle object; InputError names the offending field."""
    if not isinstance(puzzle, dict):
        raise InputError("expected an object", field="puzzle")
    size = require(puzzle, "size", int, "puzzle.")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InputError(f"must be {MIN_SIZE}..{MAX_SIZE}, got {size}", field="puzzle.size")
    rows = require(puzzle, "regions", list, "puzzle.")
    if len(rows) != size:
        raise InputError(f"has {len(rows)} rows, size is {size}", field="puzzle.regions")
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size:
            raise InputError(f"must be a list of {size} region ids", field=f"puzzle.regions[{r}]")
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
                raise InputError(f"region id must be 0..{size - 1}, got {value!r}",
                                 field=f"puzzle.regions[{r}][{c}]")
    stars = 1
    if "stars_per_unit" in puzzle:
        stars = require(puzzle, "stars_per_unit", int, "puzzle.")
        if not stars_fit(size, stars):
            raise InputError(f"{stars} stars a row cannot fit without touching on a "
                             f"{size}x{size} board", field="puzzle.stars_per_unit")
    flat = [v for row in rows for v in row]
    for region in range(size):
        if region not in flat:
            raise InputError(f"region {region} has no square", field="puzzle.regions")
        if not region_is_connected(size, flat, region):
            raise InputError(f"region {region} is not connected", field="puzzle.regions")
    givens = _check_stars(puzzle.get("stars", []), size, flat, "puzzle.stars", complete=False,
                          per_unit=stars)
    return Board(size, tuple(flat), tuple(sorted(givens)), stars)


def check_solution(board: Board, solution) -> tuple[tuple[int, int], ...]:
    if not isinstance(solution, dict):
        raise InputError("expected an object", field="solution")
    stars = _check_stars(require(solution, "stars", list, "solution."), board.size,
                         board.regions, "solution.stars", complete=True, per_unit=board.stars)
    for given in board.givens:
        if given not in stars:
            raise InputError(f"starting star {list(given)} is not in the solution",
                             field="solution.stars")
    return tuple(sorted(stars))


def _check_stars(stars, size: int, regions, field: str, *, complete: bool,
                 per_unit: int = 1) -> list[tuple[int, int]]:
    if not isinstance(stars, list):
        raise InputError("expected a list of [row, col]", field=field)
    out: list[tuple[int, int]] = []
    for i, star in enumerate(stars):
        label = f"{field}[{i}]"
        if not (isinstance(star, list) and len(star) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in star)):
            raise InputError("expected [row, col]", field=label)
        r, c = star
        if not (0 <= r < size and 0 <= c < size):
            raise InputError(f"[{r}, {c}] is off the {size}x{size} grid", field=label)
        for other in out:
            if stars_touch(other, (r, c)):
                raise InputError(f"stars {list(other)} and [{r}, {c}] touch", field=label)
        same = [other for other in out
                if other[0] == r or other[1] == c
                or regions[other[0] * size + other[1]] == regions[r * size + c]]
        if per_unit == 1 and same:
            raise InputError(f"[{r}, {c}] shares a row, column or region with {list(same[0])}",
                             field=label)
        for name, index, key in (("row", r, lambda s: s[0]), ("column", c, lambda s: s[1]),
                                 ("region", regions[r * size + c],
                                  lambda s: regions[s[0] * size + s[1]])):
            if 1 + sum(1 for other in out if key(other) == index) > per_unit:
                raise InputError(f"[{r}, {c}] is star {per_unit + 1} of {name} {index}, which "
                                 f"holds {per_unit}", field=label)
        out.append((r, c))
    if complete and len(out) != size * per_unit:
        raise InputError(f"needs {size * per_unit} stars, has {len(out)}", field=field)
    return out


# --- symmetries --------------------------------------------------------------------------------

def transforms(n: int) -> list[list[int]]:
    """The 8 rotations and reflections, each as a map: new square -> old square."""
    def index(r, c):
        return r * n + c
    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                mapping = []
                for r in range(n):
                    for c in range(n):
                        rr, cc = (c, r) if transpose else (r, c)
                        rr = n - 1 - rr if flip_rows else rr
                        cc = n - 1 - cc if flip_cols else cc
                        mapping.append(index(rr, cc))
                maps.append(mapping)
    return maps


def relabel(regions) -> tuple[int, ...]:
    """Region ids renumbered in order of first appearance, so equal shapes compare equal."""
    names: dict[int, int] = {}
    return tuple(names.setdefault(g, len(names)) for g in regions)


def orientations(board: Board) -> list[tuple[int, ...]]:
    return [relabel([board.regions[old] for old in mapping]) for mapping in transforms(board.size)]


def canonical_regions(board: Board) -> tuple[int, ...]:
    """The smallest of the board's eight relabelled orientations."""
    return min(orientations(board))


def border_edges(n: int, regions) -> frozenset[tuple[int, int]]:
    """Edges between orthogonal neighbours of different regions, as (square, square) pairs."""
    edges = set()
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if c + 1 < n and regions[cell] != regions[cell + 1]:
            edges.add((cell, cell + 1))
        if r + 1 < n and regions[cell] != regions[cell + n]:
            edges.add((cell, cell + n))
    return frozenset(edges)


def border_distance(a: Board, b: Board) -> int:
    """Fewest differing border edges between `a` and any orientation of `b`."""
    if a.size != b.size:
        return 1 << 30
    mine = border_edges(a.size, a.regions)
    return min(len(mine ^ border_edges(b.size, oriented)) for oriented in orientations(b))


# --- the near-duplicate test, indexed ----------------------------------------------------------
#
# `border_distance` above is the rule as written: plain, and slow when a board is compared with
# tens of thousands of earlier ones. The same rule with bits: a board's border edges are one bit
# each (row edges first, then column edges, in square order), so two boards' distance in one
# orientation is the popcount of the XOR of their bit masks. Turning both boards the same way
# keeps their distance, so the minimum over the orientations of the earlier board equals the
# minimum over the orientations of the candidate: earlier boards keep one mask, a candidate
# brings its eight.
#
# The index only compares boards that can be within the distance: cut the edge bits into
# within + 1 blocks; two masks differing in at most `within` bits agree exactly on at least one
# block (pigeonhole), so only earlier boards sharing a block value with one of the candidate's
# orientations are compared.

def border_masks(n: int, region_rows, *, turned: bool = True) -> list[tuple[int, ...]]:
    """Border-edge bit masks of boards in their 8 orientations (or, with `turned=False`, as
    they are), one tuple of ints per board.

    `region_rows` is (boards, n * n) region ids, row-major; computed for all boards at once."""
    regions = np.asarray(region_rows, dtype=np.int64).reshape(-1, n * n)
    maps = np.array(transforms(n) if turned else [list(range(n * n))])
    grids = regions[:, maps].reshape(len(regions), len(maps), n, n)
    bits = np.concatenate([(grids[..., :, 1:] != grids[..., :, :-1]).reshape(*grids.shape[:2], -1),
                           (grids[..., 1:, :] != grids[..., :-1, :]).reshape(*grids.shape[:2], -1)],
                          axis=-1)
    packed = np.packbits(bits, axis=-1, bitorder="little")
    if packed.shape[-1] <= 8:   # one 64-bit word a mask: converted in one call
        words = np.zeros(packed.shape[:-1] + (8,), dtype=np.uint8)
        words[..., :packed.shape[-1]] = packed
        return [tuple(board) for board in words.view("<u8")[..., 0].tolist()]
    return [tuple(int.from_bytes(row.tobytes(), "little") for row in board) for board in packed]


def edge_count(n: int) -> int:
    return 2 * n * (n - 1)


@dataclass(frozen=True)
class BorderSketch:
    """What the near-duplicate test needs of one board: its size and its 8 orientations' masks
    (the first is the board as it is)."""
    size: int
    masks: tuple[int, ...]

    @classmethod
    def of(cls, board: Board) -> "BorderSketch":
        return cls(board.size, border_masks(board.size, [board.regions])[0])


class BorderIndex:
    """The border masks of earlier boards, per board size, indexed by blocks of their bits.

    `near(sketch)` answers `any(border_distance(candidate, b) <= within for b in earlier)`
    exactly. For boards of up to 64 edges (8x8 and below) each block is a sorted numpy array,
    so a candidate is compared only with the boards that share a block with one of its
    orientations, plus the few added since the blocks were last sorted; larger boards are
    compared with every earlier board."""

    RESORT = 4096   # boards added before the blocks are sorted again

    def __init__(self, within: int):
        self.within = within
        self._masks: dict[int, list[int]] = {}           # size -> masks, in order added
        self._words: dict[int, np.ndarray] = {}          # size -> the same as uint64
        self._sorted: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}  # block values, ids
        self._indexed: dict[int, int] = {}               # boards covered by the sorted blocks

    def __len__(self) -> int:
        return sum(len(masks) for masks in self._masks.values())

    def _blocks_of(self, size: int) -> list[tuple[int, int]]:
        """The bit blocks (shift, value mask): within + 1 of them, as equal as can be."""
        bits, parts = edge_count(size), self.within + 1
        cuts = [bits * i // parts for i in range(parts + 1)]
        return [(lo, (1 << (hi - lo)) - 1) for lo, hi in zip(cuts, cuts[1:])]

    def sketch(self, puzzle: dict) -> BorderSketch:
        return BorderSketch.of(Board.from_puzzle(puzzle))

    def near(self, sketch: BorderSketch) -> bool:
        return self.closest(sketch) <= self.within

    def closest(self, sketch: BorderSketch) -> int:
        """The smallest border distance to an earlier board when it is within the distance;
        otherwise some number above it."""
        masks = self._masks.get(sketch.size)
        if not masks:
            return 1 << 30
        if edge_count(sketch.size) > 64:
            return min((mask ^ other).bit_count() for mask in sketch.masks for other in masks)
        mine = np.array(sketch.masks, dtype=np.uint64)
        indexed = self._indexed[sketch.size]
        found = [np.arange(indexed, len(masks))]
        for (shift, value), (values, ids) in zip(self._blocks_of(sketch.size),
                                                 self._sorted[sketch.size]):
            keys = (mine >> np.uint64(shift)) & np.uint64(value)
            for lo, hi in zip(np.searchsorted(values, keys, "left").tolist(),
                              np.searchsorted(values, keys, "right").tolist()):
                if hi > lo:
                    found.append(ids[lo:hi])
        others = self._words[sketch.size][np.concatenate(found)]
        if not len(others):
            return 1 << 30
        return int(np.bitwise_count(others[None, :] ^ mine[:, None]).min())

    def add(self, sketch: BorderSketch) -> None:
        self.add_masks(sketch.size, [sketch.masks[0]])

    def mark(self) -> dict[int, int]:
        """How many boards of each size the index holds now (for `near_since`)."""
        return {size: len(masks) for size, masks in self._masks.items()}

    def near_since(self, sketch: BorderSketch, mark: dict[int, int]) -> bool:
        """`near`, against only the boards added after `mark`: a candidate already tested
        against everything earlier is tested again against what was committed since."""
        masks = self._masks.get(sketch.size, [])
        start = mark.get(sketch.size, 0)
        if start >= len(masks):
            return False
        if edge_count(sketch.size) > 64:
            return any((mask ^ other).bit_count() <= self.within
                       for mask in sketch.masks for other in masks[start:])
        others = self._words[sketch.size][start:len(masks)]
        mine = np.array(sketch.masks, dtype=np.uint64)
        return int(np.bitwise_count(others[None, :] ^ mine[:, None]).min()) <= self.within

    # What the catalog keeps of each board (pipeline/catalog.py, sketches): the size and the
    # board's own mask, behind a tag naming this form, so a catalog written with another
    # edge order is read again from its puzzles instead of trusted.
    STORED_FORM = "border1:"

    def stored(self, sketch: BorderSketch) -> str:
        return f"{self.STORED_FORM}{sketch.size}:{sketch.masks[0]:x}"

    def load_stored(self, texts) -> None:
        """Boards from their stored sketches (`stored`), as `load` does from puzzles."""
        by_size: dict[int, list[int]] = {}
        skip = len(self.STORED_FORM)
        for text in texts:
            size, mask = text[skip:].split(":")
            by_size.setdefault(int(size), []).append(int(mask, 16))
        for size, masks in by_size.items():
            self.add_masks(size, masks)

    def load(self, puzzles) -> None:
        """Many earlier boards at once (loading a catalog): masks computed per size in one
        vectorised pass, blocks sorted once."""
        by_size: dict[int, list] = {}
        for puzzle in puzzles:
            by_size.setdefault(puzzle["size"], []).append(puzzle["regions"])
        for size, rows in by_size.items():
            self.add_masks(size, [masks[0] for masks in border_masks(size, rows, turned=False)])

    def add_masks(self, size: int, new: list[int]) -> None:
        masks = self._masks.setdefault(size, [])
        masks.extend(new)
        if edge_count(size) > 64:
            return
        words = self._words.get(size)
        if words is None or len(masks) > len(words):
            grown = np.zeros(max(1024, 2 * len(masks)), dtype=np.uint64)
            if words is not None:
                grown[:len(masks) - len(new)] = words[:len(masks) - len(new)]
            self._words[size] = words = grown
        words[len(masks) - len(new):len(masks)] = new
        if size not in self._sorted or len(masks) - self._indexed[size] > self.RESORT:
            self._sort(size)

    def _sort(self, size: int) -> None:
        words = self._words[size][:len(self._masks[size])]
        blocks = []
        for shift, value in self._blocks_of(size):
            values = (words >> np.uint64(shift)) & np.uint64(value)
            ids = np.argsort(values, kind="stable")
            blocks.append((values[ids], ids))
        self._sorted[size] = blocks
        self._indexed[size] = len(words)
