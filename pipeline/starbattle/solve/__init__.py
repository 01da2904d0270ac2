"""The Star Battle solver: solution counting and the easiest-first solve a reader can follow.

The face of the package; each engine has a module of its own:

  masks.py     the bitmask kernels both engines are built on, and the solve's status codes
  onestar.py   the one-star engine: tiers 1 to 4, `solve`
  kstar.py     the k-star engine (two or more stars a line): tiers 1 to 6, `solve_k`
  counting.py  the three solution counters (`count`, `count_k`, `count_puzzle`)
  steps.py     the steps of a solve as values
  tiers.py     the techniques of each tier, named once
  trace.py     `explain`: any board's solve, step by step

The hot loops are compiled with numba (cached on disk next to the modules), so the first call
in a fresh checkout pays the compilation once; `warm_up()` does that up front.
"""

from pipeline.starbattle.solve.counting import (Count, count, count_k, count_puzzle,
                                                count_solutions, count_solutions_k,
                                                count_solutions_lines, row_patterns)
from pipeline.starbattle.solve.kstar import (K_BLOCKS, K_COUNTING, K_NEIGHBOURS, K_PIGEONHOLE,
                                             K_QUOTA, K_WHAT_IF, WHAT_IF_STEPS, broken_line,
                                             bands_step, deduce_k, line_need, line_room,
                                             near_masks, neighbours_step, place_star_k,
                                             quota_step, run_deduction_k, solve_k)
from pipeline.starbattle.solve.masks import (CONTRADICTION, SOLVED, STATUS_NAMES, STOPPED, STUCK,
                                             line_masks, mask_squares)
from pipeline.starbattle.solve.onestar import deduce, run_deduction, solve
from pipeline.starbattle.solve.steps import Solve, Step, line_name
from pipeline.starbattle.solve.tiers import TIERS, Tier, tier, tiers
from pipeline.starbattle.solve.trace import explain, warm_up

__all__ = [
    "Count", "count", "count_k", "count_puzzle", "count_solutions", "count_solutions_k",
    "count_solutions_lines", "row_patterns",
    "K_BLOCKS", "K_COUNTING", "K_NEIGHBOURS", "K_PIGEONHOLE", "K_QUOTA", "K_WHAT_IF",
    "WHAT_IF_STEPS", "broken_line", "bands_step", "deduce_k", "line_need", "line_room",
    "near_masks", "neighbours_step", "place_star_k", "quota_step", "run_deduction_k",
    "solve_k", "CONTRADICTION", "SOLVED", "STATUS_NAMES", "STOPPED", "STUCK", "line_masks",
    "mask_squares", "deduce", "run_deduction", "solve", "Solve", "Step", "line_name", "TIERS",
    "Tier", "tier", "tiers",
    "explain", "warm_up",
]
