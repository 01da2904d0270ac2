"""The keyed stream is pinned: any drift changes every puzzle, so these vectors must never move."""

import json
from pathlib import Path

import pytest

from pipeline.keyed import KeyedStream, fnv1a32

VECTORS = json.loads((Path(__file__).parent / "data" / "keyed_vectors.json").read_text())


def test_fnv1a_matches_the_published_test_vectors():
    # From the FNV reference test suite.
    assert fnv1a32("") == 0x811C9DC5
    assert fnv1a32("a") == 0xE40C292C
    assert fnv1a32("foobar") == 0xBF9CF968


@pytest.mark.parametrize("key", sorted(VECTORS))
def test_stream_first_outputs_are_pinned(key):
    stream = KeyedStream(key)
    assert fnv1a32(key) == VECTORS[key]["fnv1a32"]
    assert [stream.next_u32() for _ in range(6)] == VECTORS[key]["first"]


def test_different_keys_give_different_streams():
    firsts = {KeyedStream(key).next_u32() for key in VECTORS}
    assert len(firsts) == len(VECTORS)


def test_below_stays_in_range_and_covers_it():
    stream = KeyedStream("below")
    seen = {stream.below(7) for _ in range(500)}
    assert seen == set(range(7))


def test_shuffle_is_fisher_yates_over_below_and_pinned():
    items = list(range(20))
    KeyedStream("shuffle").shuffle(items)
    # the documented algorithm, swap by swap, from the same key's draws
    expected, draws = list(range(20)), KeyedStream("shuffle")
    for i in range(19, 0, -1):
        j = draws.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    # and pinned, so a change of the stream or of the shuffle shows on any machine
    assert items == [17, 7, 3, 6, 12, 0, 9, 14, 10, 13, 2, 5, 11, 4, 1, 15, 19, 8, 16, 18]


def test_weighted_index_never_picks_zero_weight():
    stream = KeyedStream("weights")
    picks = {stream.weighted_index([0, 3, 0, 1]) for _ in range(200)}
    assert picks == {1, 3}


def test_the_compiled_twin_gives_the_same_numbers():
    from pipeline.keyed import stream_below, stream_next

    reference, state = KeyedStream("twin"), KeyedStream("twin").state()
    assert [reference.next_u32() for _ in range(50)] == [stream_next(state) for _ in range(50)]
    assert [reference.below(n) for n in range(1, 40)] == [stream_below(state, n) for n in range(1, 40)]
    resumed = KeyedStream("other")
    resumed.set_state(state)
    assert resumed.next_u32() == reference.next_u32()


def test_the_compiled_shuffle_and_chance_draw_as_the_stream_does():
    import numpy as np

    from pipeline.keyed import stream_chance, stream_shuffle

    reference, state = KeyedStream("bridges:hard:7"), KeyedStream("bridges:hard:7").state()
    items, array = list(range(9)), np.arange(9)
    reference.shuffle(items)
    stream_shuffle(state, array)
    assert array.tolist() == items and items != list(range(9))
    assert [reference.chance(3, 7) for _ in range(40)] == \
        [bool(stream_chance(state, 3, 7)) for _ in range(40)]


def test_run_continues_the_stream_where_a_kernel_left_it():
    from pipeline.keyed import stream_below

    def three_draws(state, n):
        return [stream_below(state, n) for _ in range(3)]

    reference, stream = KeyedStream("run"), KeyedStream("run")
    assert stream.run(three_draws, 10) == [reference.below(10) for _ in range(3)]
    assert stream.next_u32() == reference.next_u32()
