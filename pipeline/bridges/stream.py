"""The keyed stream, stepped inside compiled code.

Generation draws a few hundred numbers per candidate board; through Python calls that was
most of the generator's time. This is the same sfc32 stream as pipeline.keyed.KeyedStream,
started from a KeyedStream's own state and giving exactly its numbers (the tests compare the
two draw by draw), so a key still decides everything and nothing else does.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.keyed import MASK32, KeyedStream


@njit(cache=True)
def next_u32(state):
    """One sfc32 step; `state` holds a, b, c and the counter (each below 2**32) as int64."""
    a, b, c, counter = state[0], state[1], state[2], state[3]
    result = (a + b + counter) & MASK32
    state[3] = (counter + 1) & MASK32
    state[0] = b ^ (b >> 9)
    state[1] = (c + (c << 3)) & MASK32
    state[2] = ((((c << 21) | (c >> 11)) & MASK32) + result) & MASK32
    return result


@njit(cache=True)
def below(state, n):
    """A uniform integer in 0..n-1, by rejection exactly as KeyedStream.below."""
    limit = (1 << 32) - ((1 << 32) % n)
    while True:
        x = next_u32(state)
        if x < limit:
            return x % n


@njit(cache=True)
def chance(state, numerator, denominator):
    return below(state, denominator) < numerator


@njit(cache=True)
def shuffle(state, items):
    """Fisher-Yates in place, exactly as KeyedStream.shuffle."""
    for i in range(items.shape[0] - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


class CompiledStream:
    """A KeyedStream whose state lives in an array that compiled code can step."""

    def __init__(self, key: str):
        seeded = KeyedStream(key)
        self.state = np.array([seeded.a, seeded.b, seeded.c, seeded.counter], dtype=np.int64)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(below(self.state, n))

    def chance(self, numerator: int, denominator: int) -> bool:
        return self.below(denominator) < numerator
