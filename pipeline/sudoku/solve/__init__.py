"""The grader's solver: the easiest-first solve a person can follow, on a candidate grid.

Every technique is a small pure function from a candidate grid to one `Step` (digits it
places, candidates it eliminates, the cells and houses it reasons on, and a sentence in the
names Sudoku Explainer, HoDoKu and Sudopedia use), or None when it finds nothing. The package
is cut along those seams:

  grid.py           the candidate grid, the step, the technique, the texts steps are written with
  basic.py          singles, locked candidates, naked and hidden subsets
  patterns.py       fish, wings, simple colouring
  kernels.py        the compiled searches (chains, following singles from a supposition)
  count.py          the generator's counter of answers (thinning, `pipeline count`)
  chains.py         chains and forcing steps on the grid, through the kernels
  killer.py         Killer's cage techniques and the Killer technique order
  easiest_first.py  the technique order, the solve and its trace, the key step

This module is the face the rest of the engine imports from.
"""

from pipeline.sudoku.solve.basic import (claiming, full_house, hidden_pair, hidden_quad,
                                         hidden_single, hidden_subset, hidden_triple,
                                         naked_pair, naked_quad, naked_single, naked_subset,
                                         naked_triple, pointing, singles_open)
from pipeline.sudoku.solve.chains import (FORCING_PLACEMENTS, MAX_AIC, MAX_X_CHAIN,
                                          MAX_XY_CHAIN, aic, cell_forcing, nishio,
                                          unit_forcing, x_chain, xy_chain)
from pipeline.sudoku.solve.easiest_first import (RANK, TECHNIQUE_NAMES, TECHNIQUES, Solve,
                                                 count_solutions, explain, key_step, rules_of,
                                                 solve, solves)
from pipeline.sudoku.solve.grid import (BIT, DIGITS, POPCOUNT, Grid, Step, Technique,
                                        cells_text, digits_text, eliminated_text)
from pipeline.sudoku.solve.killer import (KILLER_RANK, KILLER_TECHNIQUES, cage_claiming,
                                          cage_combinations, cage_pointing, cage_remainder,
                                          innies, outies, single_cell_cage, split_cage,
                                          sum_range, unique_combination)
from pipeline.sudoku.solve.patterns import (fish, jellyfish, simple_colouring, swordfish,
                                            x_wing, xy_wing, xyz_wing)

__all__ = [
    "KILLER_RANK", "KILLER_TECHNIQUES", "cage_claiming", "cage_combinations", "cage_pointing",
    "cage_remainder", "innies", "outies", "rules_of", "single_cell_cage", "split_cage",
    "sum_range", "unique_combination",
    "BIT", "DIGITS", "FORCING_PLACEMENTS", "Grid", "MAX_AIC", "MAX_XY_CHAIN", "MAX_X_CHAIN",
    "POPCOUNT", "RANK", "Solve", "Step", "TECHNIQUES", "TECHNIQUE_NAMES", "Technique", "aic",
    "cell_forcing", "cells_text", "claiming", "count_solutions", "digits_text",
    "eliminated_text", "explain", "fish", "full_house", "hidden_pair", "hidden_quad",
    "hidden_single", "hidden_subset", "hidden_triple", "jellyfish", "key_step", "naked_pair",
    "naked_quad", "naked_single", "naked_subset", "naked_triple", "nishio", "pointing",
    "simple_colouring", "singles_open", "solve", "solves", "swordfish", "unit_forcing",
    "x_chain", "x_wing", "xy_chain", "xy_wing", "xyz_wing",
]
