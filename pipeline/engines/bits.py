"""Bit tricks the compiled kernels of several families share: the number of squares, cells or
digits a mask holds, and the index of its lowest one. Compiled with numba (cached on disk),
callable from any kernel.

A checker whose proofs must share no code with anything that made the board keeps a copy of
its own instead.
"""

from __future__ import annotations

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
