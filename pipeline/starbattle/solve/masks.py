"""The bitmask kernels both engines (one star and k stars a line) are built on.

A board state is one column bitmask per row (`cand[r]` or `open_[r]`: the squares of row r
that may still hold a star). Lines are numbered 0..3n-1: rows, then columns, then regions, and
`line_mask[line, r]` is the part of a line in row r. The kernels are compiled with numba
(cached on disk next to this file), so the first call in a fresh checkout pays the compilation
once; `warm_up()` (trace.py) does that up front.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.engines.bits import lowest_bit_index, popcount  # noqa: F401  (the engines' home for them)

# Deduction results.
SOLVED, STUCK, CONTRADICTION = 0, 1, 2
STOPPED = 3   # the k-star solve stopped after the first step of the tier it was asked for
STATUS_NAMES = {SOLVED: "solved", STUCK: "stuck", STOPPED: "stopped",
                CONTRADICTION: "contradiction"}


@njit(cache=True)
def line_masks(n, region):
    """line_mask[line, r] for rows, columns and regions."""
    full = (1 << n) - 1
    mask = np.zeros((3 * n, n), dtype=np.int64)
    for r in range(n):
        mask[r, r] = full
        for c in range(n):
            mask[n + c, r] |= 1 << c
            mask[2 * n + region[r * n + c], r] |= 1 << c
    return mask


@njit(cache=True)
def squares_of(n, open_rows, line_rows, out):
    """The open squares of a line (both as star masks per row) into `out`, in reading order;
    how many: a counter's branches at one depth, a deduction's options for one line."""
    m = 0
    for r in range(n):
        bits = open_rows[r] & line_rows[r]
        while bits:
            low = bits & -bits
            out[m] = r * n + lowest_bit_index(low)
            m += 1
            bits ^= low
    return m


def mask_squares(n: int, rows) -> tuple[tuple[int, int], ...]:
    """Row masks as (row, column) squares in reading order."""
    return tuple((r, c) for r in range(n) for c in range(n) if (int(rows[r]) >> c) & 1)
