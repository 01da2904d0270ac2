"""The indexed near-duplicate test answers exactly as the plain rule, board by board."""

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from pipeline.starbattle import FAMILY, NEAR_DUPLICATE_EDGES
from pipeline.starbattle.board import (Board, BorderIndex, BorderSketch, border_distance,
                                       border_masks, edge_count, transforms)


def _puzzle(n, cells):
    return {"size": n, "regions": [list(cells[r * n:(r + 1) * n]) for r in range(n)], "stars": []}


@st.composite
def cases(draw):
    """A candidate and earlier boards of one size; many earlier boards are the candidate in
    some orientation with a few squares changed, so distances near the limit are common."""
    n = draw(st.integers(4, 7))
    colours = draw(st.integers(2, n))
    cell = st.integers(0, colours - 1)
    candidate = draw(st.lists(cell, min_size=n * n, max_size=n * n))
    earlier = []
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.booleans()):
            mapping = transforms(n)[draw(st.integers(0, 7))]
            board = [candidate[old] for old in mapping]
            for _ in range(draw(st.integers(0, 4))):
                board[draw(st.integers(0, n * n - 1))] = draw(cell)
        else:
            board = draw(st.lists(cell, min_size=n * n, max_size=n * n))
        earlier.append(board)
    return n, candidate, earlier


def assert_agrees(make_index, case):
    n, candidate, earlier = case
    puzzle, others = _puzzle(n, candidate), [_puzzle(n, board) for board in earlier]
    plain = FAMILY.too_similar("easy", puzzle, others)
    loaded = make_index(NEAR_DUPLICATE_EDGES)
    loaded.load(others)
    added = make_index(NEAR_DUPLICATE_EDGES)
    for other in others:
        added.add(added.sketch(other))
    assert loaded.near(loaded.sketch(puzzle)) == plain
    assert added.near(added.sketch(puzzle)) == plain
    for board, other in zip(earlier, others):   # and the distance itself, within the limit
        single = make_index(NEAR_DUPLICATE_EDGES)
        single.add(single.sketch(other))
        distance = border_distance(Board(n, tuple(candidate)), Board(n, tuple(board)))
        found = single.closest(single.sketch(puzzle))
        assert found == distance if distance <= NEAR_DUPLICATE_EDGES else found > NEAR_DUPLICATE_EDGES


class SortsAlways(BorderIndex):
    """The index with its blocks sorted after every board, so every lookup goes through them
    (by default the last few thousand boards are scanned whole)."""
    RESORT = 0


@settings(max_examples=400, deadline=None)
@given(cases())
def test_the_indexed_rule_answers_as_the_plain_rule(case):
    assert_agrees(BorderIndex, case)
    assert_agrees(SortsAlways, case)


class ComparesStrictly(SortsAlways):
    """Planted: `<` where the rule says `<=`."""
    def near(self, sketch):
        return self.closest(sketch) < self.within


class CutsTooFewBlocks(SortsAlways):
    """Planted: the pigeonhole needs within + 1 blocks; this cuts `within`."""
    def _blocks_of(self, size):
        bits, parts = edge_count(size), self.within
        cuts = [bits * i // parts for i in range(parts + 1)]
        return [(lo, (1 << (hi - lo)) - 1) for lo, hi in zip(cuts, cuts[1:])]


@pytest.mark.parametrize("planted", [ComparesStrictly, CutsTooFewBlocks])
def test_a_planted_off_by_one_is_caught(planted):
    # The first failure is enough: no shrinking, one error.
    @settings(max_examples=2000, deadline=None, database=None, derandomize=True,
              phases=[Phase.generate], report_multiple_bugs=False)
    @given(cases())
    def check(case):
        assert_agrees(planted, case)

    with pytest.raises(AssertionError):
        check()


def test_masks_of_the_eight_orientations_are_one_board_turned():
    n, cells = 6, tuple((3 * i + i // 7) % 5 for i in range(36))
    masks = border_masks(n, [cells])[0]
    for k, mapping in enumerate(transforms(n)):
        turned = tuple(cells[old] for old in mapping)
        assert border_masks(n, [turned])[0][0] == masks[k]
        assert bin(masks[k]).count("1") == bin(masks[0]).count("1") <= edge_count(n)


def test_boards_of_another_size_are_never_near():
    index = BorderIndex(NEAR_DUPLICATE_EDGES)
    index.add(BorderSketch.of(Board(5, (0,) * 25)))
    assert not index.near(BorderSketch.of(Board(6, (0,) * 36)))
    assert index.near(BorderSketch.of(Board(5, (0,) * 24 + (1,))))


# --- the sketches a catalog keeps ------------------------------------------------------------


def test_an_index_from_stored_sketches_answers_as_one_from_the_puzzles(tmp_path):
    """A fill stores each board's sketch; the next fill loads them instead of the puzzles.
    Rows that are missing (boards of an older version) or in another form are made again
    from the puzzle and stored, and every load answers as the puzzles do."""
    from pipeline.catalog import Catalog
    from pipeline.family import load_index
    from pipeline.generate import fill

    path = tmp_path / "catalog.sqlite"
    with Catalog(path) as catalog:
        fill(catalog, "starbattle", "easy", 30, workers=1, progress=False)
        puzzles = list(catalog.puzzles("starbattle", "easy"))
        stored, missing = catalog.sketches("starbattle", "easy", BorderIndex.STORED_FORM)
        assert len(stored) == 30 and not missing
        # Boards without a sketch, and one in a form this version does not write.
        catalog._db.execute("DELETE FROM sketches WHERE rowid IN "
                            "(SELECT rowid FROM sketches LIMIT 5)")
        catalog._db.execute("UPDATE sketches SET sketch='border0:6:0' WHERE rowid IN "
                            "(SELECT rowid FROM sketches LIMIT 1)")
        from_catalog = BorderIndex(NEAR_DUPLICATE_EDGES)
        load_index(from_catalog, catalog, "starbattle", "easy")
        stored, missing = catalog.sketches("starbattle", "easy", BorderIndex.STORED_FORM)
        assert len(stored) == 30 and not missing   # made again and kept
    plain = BorderIndex(NEAR_DUPLICATE_EDGES)
    plain.load(puzzles)
    assert len(from_catalog) == len(plain) == 30
    probes = puzzles + [_puzzle(6, [(r * 7 + c * 3) % 6 for r in range(6) for c in range(6)])]
    within = NEAR_DUPLICATE_EDGES + 1   # beyond the limit the index only says "beyond"
    for puzzle in probes:
        sketch = plain.sketch(puzzle)
        assert min(from_catalog.closest(sketch), within) == min(plain.closest(sketch), within)


def test_a_stored_sketch_reads_back_as_the_board_it_was_made_from():
    index = BorderIndex(NEAR_DUPLICATE_EDGES)
    board = Board(6, tuple((r // 2) * 3 + c // 2 for r in range(6) for c in range(6)))
    sketch = BorderSketch.of(board)
    loaded = BorderIndex(NEAR_DUPLICATE_EDGES)
    loaded.load_stored([index.stored(sketch)])
    assert loaded.closest(sketch) == 0
