"""The compiled stream gives exactly the keyed stream's numbers."""

import numpy as np

from pipeline.bridges.stream import CompiledStream, shuffle
from pipeline.keyed import KeyedStream


def test_compiled_stream_matches_the_keyed_stream_draw_by_draw():
    for key in ("bridges:hard:1", "bridges:easy:17", ""):
        reference, compiled = KeyedStream(key), CompiledStream(key)
        for n in (1, 2, 3, 7, 10, 15, 100, 2**31 + 5):
            for _ in range(50):
                assert compiled.below(n) == reference.below(n)
        items = list(range(9))
        reference.shuffle(items)
        array = np.arange(9)
        shuffle(compiled.state, array)
        assert array.tolist() == items
        assert compiled.chance(30, 100) == reference.chance(30, 100)
