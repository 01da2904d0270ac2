"""Keyed randomness: FNV-1a (32-bit) of a text key seeds an sfc32 stream.

All generation randomness comes from here, so the same key and generator version give the
same puzzle on every machine. Only 32-bit integer arithmetic is used; no floats, no `random`.

Seeding (fixed forever; the known-answer tests pin it): with h = fnv1a32(key),
sfc32 starts at a = h, b = h ^ 0x9E3779B9, c = h ^ 0x6A09E667, counter = 1, and the first
12 outputs are discarded to mix the state, as the sfc32 author recommends.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

import numpy as np
from numba import njit

MASK32 = 0xFFFFFFFF
FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193

T = TypeVar("T")


def fnv1a32(text: str) -> int:
    """FNV-1a over the UTF-8 bytes of `text`."""
    h = FNV_OFFSET
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * FNV_PRIME) & MASK32
    return h


def key_percent(key: str, salt: str) -> int:
    """A number 0..99 decided by the key alone (for per-key choices such as starting stars)."""
    return fnv1a32(f"{key}|{salt}") % 100


class KeyedStream:
    """An sfc32 pseudo-random stream seeded from a text key."""

    __slots__ = ("a", "b", "c", "counter")

    def __init__(self, key: str):
        h = fnv1a32(key)
        self.a, self.b, self.c, self.counter = h, h ^ 0x9E3779B9, h ^ 0x6A09E667, 1
        for _ in range(12):
            self.next_u32()

    def next_u32(self) -> int:
        a, b, c = self.a, self.b, self.c
        result = (a + b + self.counter) & MASK32
        self.counter = (self.counter + 1) & MASK32
        self.a = b ^ (b >> 9)
        self.b = (c + (c << 3)) & MASK32
        self.c = ((((c << 21) | (c >> 11)) & MASK32) + result) & MASK32
        return result

    def state(self) -> np.ndarray:
        """The state as compiled kernels carry it: int64 [a, b, c, counter]."""
        return np.array([self.a, self.b, self.c, self.counter], dtype=np.int64)

    def set_state(self, state) -> None:
        """Take the state back from a compiled kernel that advanced it."""
        self.a, self.b, self.c, self.counter = (int(v) for v in state)

    def run(self, kernel, *args):
        """Run a compiled kernel that takes the stream's state as its first argument, and
        continue from where the kernel left the stream."""
        state = self.state()
        result = kernel(state, *args)
        self.set_state(state)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            x = self.next_u32()
            if x < limit:
                return x % n

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability numerator/denominator."""
        return self.below(denominator) < numerator

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index chosen with probability proportional to integer weights (all >= 0, sum > 0)."""
        total = sum(weights)
        pick = self.below(total)
        for index, weight in enumerate(weights):
            if pick < weight:
                return index
            pick -= weight
        raise AssertionError("unreachable: weights changed during the call")


# --- the same stream inside compiled kernels ---------------------------------------------------
# Compiled generators carry the stream as an int64 array [a, b, c, counter] (see
# KeyedStream.state) and advance it with these twins of next_u32 and below. The tests check
# that both give the same numbers.

@njit(cache=True)
def stream_next(state):
    a, b, c, counter = state[0], state[1], state[2], state[3]
    result = (a + b + counter) & MASK32
    state[3] = (counter + 1) & MASK32
    state[0] = b ^ (b >> 9)
    state[1] = (c + (c << 3)) & MASK32
    state[2] = ((((c << 21) | (c >> 11)) & MASK32) + result) & MASK32
    return result


@njit(cache=True)
def stream_below(state, n):
    limit = (1 << 32) - ((1 << 32) % n)
    while True:
        x = stream_next(state)
        if x < limit:
            return x % n


@njit(cache=True)
def stream_chance(state, numerator, denominator):
    """KeyedStream.chance, compiled."""
    return stream_below(state, denominator) < numerator


@njit(cache=True)
def stream_shuffle(state, items):
    """KeyedStream.shuffle (Fisher-Yates, in place), compiled."""
    for i in range(items.shape[0] - 1, 0, -1):
        j = stream_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
