"""The sum engine (pipeline/engines/sums.py) against its plain enumeration: the combinations of every
sum, what a group's open cells can hold given digits placed and candidates excluded, the
ranges, the unique combinations, and the fillings of cells whose digits need not all differ.
Killer's cages and Kakuro's runs both rest on these answers."""

from itertools import combinations as subsets
from itertools import permutations

from hypothesis import given, settings, strategies as st

from pipeline.engines import sums
from pipeline.engines.sums import BIT, DIGITS, POPCOUNT


def test_every_combination_of_every_sum_is_listed_once():
    for n in range(1, 10):
        low, high = sums.sum_bounds(n)
        for total in range(0, 50):
            plain = sorted(sum(BIT[d] for d in digits) for digits in subsets(range(1, 10), n)
                           if sum(digits) == total)
            assert list(sums.combinations(n, total)) == plain
            assert bool(plain) == (low <= total <= high)


def test_the_known_combinations_of_kakuro_tables():
    # the ones every Kakuro solver learns by heart
    assert [sums.combination_text(m) for m in sums.combinations(2, 3)] == ["1+2"]
    assert [sums.combination_text(m) for m in sums.combinations(2, 17)] == ["8+9"]
    assert [sums.combination_text(m) for m in sums.combinations(3, 6)] == ["1+2+3"]
    assert [sums.combination_text(m) for m in sums.combinations(3, 24)] == ["7+8+9"]
    assert [sums.combination_text(m) for m in sums.combinations(4, 10)] == ["1+2+3+4"]
    assert len(sums.combinations(4, 20)) == 12
    assert sums.combinations(9, 45) == (0x1FF,)
    assert sums.combinations(2, 2) == () and sums.combinations(2, 18) == ()


@st.composite
def groups(draw, max_cells=6):
    """(total, digits placed (0 open), candidate masks) of a group of distinct digits."""
    n = draw(st.integers(1, max_cells))
    chosen = draw(st.permutations(range(1, 10)))[:n]
    digits = tuple(d if draw(st.integers(0, 3)) == 0 else 0 for d in chosen)
    masks = tuple(0 if d else draw(st.integers(1, 511)) for d in digits)
    total = draw(st.one_of(st.just(sum(chosen)), st.integers(1, 45)))
    return total, digits, masks


@settings(max_examples=400, deadline=None)
@given(groups())
def test_fillings_are_the_plain_enumerations(group):
    assert sums.fillings(*group) == sums.plain_fillings(*group)


def _plain_cuts(total, digits, masks):
    """Candidates no filling uses, when there are two open cells or more and some filling."""
    open_at, usable, support = sums.plain_fillings(total, digits, masks)
    if len(open_at) < 2 or not usable:
        return ()
    return tuple((i, d) for i, keep in zip(open_at, support) for d in DIGITS[masks[i] & ~keep])


@settings(max_examples=400, deadline=None)
@given(groups())
def test_combination_cuts_are_the_candidates_no_filling_uses(group):
    assert sums.combination_cuts(*group) == _plain_cuts(*group)


@settings(max_examples=400, deadline=None)
@given(groups())
def test_sum_range_only_cuts_what_no_filling_uses(group):
    """The range is a weaker test than the fillings: everything it cuts they cut too, and
    nothing it cuts is in a way of filling the group from its candidates."""
    total, digits, masks = group
    open_at, usable, support = sums.plain_fillings(total, digits, masks)
    for i, d in sums.sum_range_cuts(total, digits, masks):
        assert not support[open_at.index(i)] & BIT[d]


@settings(max_examples=400, deadline=None)
@given(groups())
def test_a_unique_combination_is_the_only_set_of_free_digits_with_the_sum(group):
    total, digits, masks = group
    found = sums.unique_combination(total, digits, masks)
    open_at, placed, placed_sum = sums.open_digits(digits)
    free = [d for d in range(1, 10) if not placed & BIT[d]]
    sets = [s for s in subsets(free, len(open_at)) if sum(s) == total - placed_sum]
    if found is None:
        assert len(open_at) < 2 or len(sets) != 1 or all(
            not masks[i] & ~sum(BIT[d] for d in sets[0]) for i in open_at)
    else:
        combo, cuts = found
        assert [sum(BIT[d] for d in s) for s in sets] == [combo]
        assert cuts == tuple((i, d) for i in open_at for d in DIGITS[masks[i] & ~combo])


def _placed_by_permutations(options, digits):
    """Per cell the digits it takes in some way of giving the cells the digits, one each:
    every permutation tried. None when there is none."""
    support, found = [0] * len(options), False
    for way in permutations(DIGITS[digits]):
        if all(options[i] >> (d - 1) & 1 for i, d in enumerate(way)):
            found = True
            for i, d in enumerate(way):
                support[i] |= 1 << (d - 1)
    return tuple(support) if found else None


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_placements_are_those_of_some_permutation(data):
    """A group's fillings read through one placement and its swap cycles give, per cell, the
    digits some permutation of the combination puts there."""
    digits = data.draw(st.integers(1, 511).filter(lambda m: POPCOUNT[m] <= 6))
    options = tuple(data.draw(st.integers(0, 511)) & digits for _ in range(POPCOUNT[digits]))
    assert sums.placements(options) == _placed_by_permutations(options, digits)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_free_fillings_are_the_plain_enumerations(data):
    n = data.draw(st.integers(1, 5))
    masks = tuple(data.draw(st.integers(1, 511)) for _ in range(n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if data.draw(st.booleans())]
    links = tuple(sum(1 << (j if i == a else i) for i, j in pairs if a in (i, j))
                  for a in range(n))
    rest = data.draw(st.integers(n, 9 * n))
    assert sums.free_fillings(rest, masks, links) == sums.plain_free_fillings(rest, masks, links)


def test_the_plain_reference_can_tell_a_wrong_answer():
    """The reference is not the engine again: a filling that ignores the candidates differs."""
    total, digits, masks = 10, (0, 0, 0), (0b1, 0b10, 0b1111111)   # 1 + 2 + 7
    assert sums.plain_fillings(total, digits, masks) == ((0, 1, 2), (0b1000011,),
                                                         (0b1, 0b10, 0b1000000))
