"""Bit tricks the compiled kernels of several families share: the number of squares, cells or
digits a mask holds, and the index of its lowest one. Compiled with numba (cached on disk),
callable from any kernel.

A checker whose proofs must share no code with anything that made the board keeps a copy of
its own instead.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def popcount(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True)
def lowest_bit_index(x):
    index = 0
    while not (x >> index) & 1:
        index += 1
    return index


@njit(cache=True)
def popcount_u64(x):
    """The ones in an unsigned 64-bit word, without a loop (the filler's bit sets are dense)."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)
