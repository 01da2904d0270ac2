"""Property tests over arbitrary region maps (not only the ones the generator grows)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.keyed import KeyedStream
from pipeline.starbattle import solve as solver
from pipeline.starbattle.board import Board, canonical_regions, transforms
from pipeline.starbattle.verify import solutions as plain_solutions


@st.composite
def region_maps(draw):
    n = draw(st.integers(min_value=4, max_value=7))
    regions = draw(st.lists(st.integers(min_value=0, max_value=n - 1), min_size=n * n,
                            max_size=n * n))
    givens = ()
    if draw(st.booleans()):
        r, c = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        givens = ((r, c),)
    return Board(n, tuple(regions), givens)


@settings(max_examples=300, deadline=None)
@given(region_maps())
def test_the_two_counters_agree(board):
    fast = solver.count(board, 40)
    plain, _ = plain_solutions(board.to_puzzle(), limit=40)
    assert fast.solutions == len(plain)


@settings(max_examples=300, deadline=None)
@given(region_maps())
def test_deduction_never_removes_a_solution(board):
    plain, _ = plain_solutions(board.to_puzzle(), limit=200)
    solve = solver.solve(board)
    for sol in plain:
        stars = set(enumerate(sol))
        for step in solve.steps:
            assert step.star is None or step.star in stars
            assert not stars & set(step.crossed)
    if plain:
        assert solve.status != "contradiction"
    if len(plain) == 1 and solve.solved:
        assert list(solve.stars) == plain[0]


@settings(max_examples=100, deadline=None)
@given(region_maps(), st.integers(0, 7))
def test_canonical_form_ignores_rotation_and_reflection(board, which):
    mapping = transforms(board.size)[which]
    turned = Board(board.size, tuple(board.regions[old] for old in mapping))
    assert canonical_regions(turned) == canonical_regions(board)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_any_key_gives_the_documented_stream(key):
    """The stream of any key is the one pipeline/keyed.py documents, computed here again in
    unsigned 32-bit numpy arithmetic from the documented seeding (not two runs of one code)."""
    import numpy as np

    u32 = np.uint32
    h = u32(0x811C9DC5)
    with np.errstate(over="ignore"):
        for byte in key.encode("utf-8"):
            h = u32((h ^ u32(byte)) * u32(0x01000193))
        a, b, c, n = h, h ^ u32(0x9E3779B9), h ^ u32(0x6A09E667), u32(1)
        outputs = []
        for _ in range(12 + 5):
            out = u32(a + b + n)
            n = u32(n + u32(1))
            a = b ^ (b >> u32(9))
            b = u32(c + (c << u32(3)))
            c = u32(((c << u32(21)) | (c >> u32(11))) + out)
            outputs.append(int(out))
    stream = KeyedStream(key)
    assert [stream.next_u32() for _ in range(5)] == outputs[12:]
