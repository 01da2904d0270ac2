"""Chains and forcing on the grid: the compiled kernels (kernels.py) fed the grid's tables,
and the steps they find written out.

The chains search breadth first over candidates with strong and weak links, so the shortest
chain that eliminates something is the one taken; the forcing techniques suppose a candidate
and follow only singles, a bounded number of placements, from each supposition.
"""

from __future__ import annotations

import numpy as np

from pipeline.sudoku.board import CELLS, Geometry, cell_name, house_name
from pipeline.sudoku.solve.grid import DIGITS, POPCOUNT, Grid, Step, eliminated_text
from pipeline.sudoku.solve.kernels import (AIC_CHAIN, X_CHAIN, XY_CHAIN, common_to_branches,
                                          first_contradiction, shortest_chain)

MAX_X_CHAIN = 11     # links: chains longer than this are not looked for
MAX_XY_CHAIN = 11
MAX_AIC = 13
FORCING_PLACEMENTS = 40   # singles followed from one supposition, at most


# --- chains and forcing ---------------------------------------------------------------------

def _kernel_tables(geo: Geometry):
    houses = np.array(geo.groups[:geo.houses], dtype=np.int64)
    width = max(len(p) for p in geo.peers)
    peers = np.full((CELLS, width), -1, dtype=np.int64)
    counts = np.zeros(CELLS, dtype=np.int64)
    peer = np.zeros((CELLS, CELLS), dtype=np.bool_)
    for cell, ps in enumerate(geo.peers):
        peers[cell, :len(ps)] = ps
        counts[cell] = len(ps)
        peer[cell, list(ps)] = True
    cell_houses = np.array([[h for h in geo.groups_of[c] if h < geo.houses][:3]
                            for c in range(CELLS)], dtype=np.int64)
    return houses, cell_houses, peers, counts, peer


_TABLES: dict[int, tuple] = {}


def _tables(geo: Geometry):
    key = id(geo)
    if key not in _TABLES:
        _TABLES[key] = (geo, _kernel_tables(geo))
    return _TABLES[key][1]


def _node_text(node: int) -> str:
    return f"({node % 9 + 1}){cell_name(node // 9)}"


def _chain_step(g: Grid, mode: int, max_links: int, name: str) -> Step | None:
    houses, cell_houses, peers, counts, peer = _tables(g.geo)
    cand = np.array(g.cand, dtype=np.int64)
    path = np.zeros(2 * 729, dtype=np.int64)
    elims = np.zeros((81, 2), dtype=np.int64)
    nodes, found = shortest_chain(cand, mode, max_links, houses, cell_houses, peers, counts,
                                  peer, path, elims)
    if not nodes:
        return None
    chain = path[:nodes].tolist()
    out = tuple(sorted((int(c), int(d)) for c, d in elims[:found].tolist()))
    links = "".join(_node_text(n) + ("=" if k % 2 == 0 else "-") for k, n in
                    enumerate(chain[:-1])) + _node_text(chain[-1])
    return Step(name, (), out, tuple(sorted({n // 9 for n in chain})), (),
                f"{links}: one end is true, which {eliminated_text(out)}", size=nodes - 1)


def x_chain(g: Grid) -> Step | None:
    """A single-digit alternating chain (strong links in houses, weak links between cells
    that see each other); its two ends cannot both be false."""
    return _chain_step(g, X_CHAIN, MAX_X_CHAIN, "X-Chain")


def xy_chain(g: Grid) -> Step | None:
    """A chain through cells with two candidates, each linked to the next by a shared digit;
    it starts and ends on the same digit, one end of which is true."""
    return _chain_step(g, XY_CHAIN, MAX_XY_CHAIN, "XY-Chain")


def aic(g: Grid) -> Step | None:
    """An alternating inference chain over any candidates: strong links in cells with two
    candidates and in houses with two places for a digit, weak links between them."""
    return _chain_step(g, AIC_CHAIN, MAX_AIC, "AIC")


def nishio(g: Grid) -> Step | None:
    """Suppose a candidate true and follow singles: when that runs into a contradiction
    within the bound, the candidate is false."""
    houses, _ch, peers, counts, _peer = _tables(g.geo)
    out = np.zeros(2, dtype=np.int64)
    if not first_contradiction(np.array(g.value, dtype=np.int64),
                               np.array(g.cand, dtype=np.int64), houses, peers, counts,
                               FORCING_PLACEMENTS, out):
        return None
    cell, d = int(out[0]), int(out[1])
    return Step("Nishio", (), ((cell, d),), (cell,), (),
                f"if {cell_name(cell)} were {d}, singles would run into a contradiction, "
                f"so it is not {d}")


def _forcing(g: Grid, branches: list[tuple[int, int]], name: str, cells, houses_used,
             what: str) -> Step | None:
    houses, _ch, peers, counts, _peer = _tables(g.geo)
    places = np.zeros((81, 2), dtype=np.int64)
    elims = np.zeros((729, 2), dtype=np.int64)
    np_, ne = common_to_branches(np.array(g.value, dtype=np.int64),
                                 np.array(g.cand, dtype=np.int64),
                                 np.array(branches, dtype=np.int64), len(branches), houses,
                                 peers, counts, FORCING_PLACEMENTS, places, elims)
    if np_ > 0:
        cell, d = (int(v) for v in places[0])
        return Step(name, ((cell, d),), (), tuple(cells), tuple(houses_used),
                    f"{what}, and each of them leads by singles to {d} in {cell_name(cell)}")
    if ne > 0:
        out = tuple((int(c), int(d)) for c, d in elims[:ne].tolist())
        return Step(name, (), out, tuple(cells), tuple(houses_used),
                    f"{what}, and each of them leads by singles to a grid that "
                    f"{eliminated_text(out)}")
    return None


def cell_forcing(g: Grid) -> Step | None:
    """A cell with two or three candidates: what follows by singles from every one of them
    is true."""
    for size in (2, 3):
        for cell in range(CELLS):
            if POPCOUNT[g.cand[cell]] == size:
                digits = DIGITS[g.cand[cell]]
                step = _forcing(g, [(cell, d) for d in digits], "Cell Forcing Chain", (cell,),
                                (), f"{cell_name(cell)} is {' or '.join(map(str, digits))}")
                if step:
                    return step
    return None


def unit_forcing(g: Grid) -> Step | None:
    """A digit with two or three places in a house: what follows by singles from every place
    is true."""
    for size in (2, 3):
        for house in range(g.geo.houses):
            for d in range(1, 10):
                where = g.places(house, d)
                if len(where) == size:
                    step = _forcing(g, [(c, d) for c in where], "Unit Forcing Chain",
                                    tuple(where), (house,),
                                    f"{d} in {house_name(house)} goes in "
                                    f"{' or '.join(cell_name(c) for c in where)}")
                    if step:
                        return step
    return None


