"""The filler: words from a list into every slot of a pattern, no word twice.

Each slot keeps its candidates as a bit set over the words of its length (words.py). After
every choice the candidates are made consistent along the crossings (arc consistency, as in
published fillers such as Qxw and Crossfire): a slot keeps only the words whose letter at a
crossing is one the crossing slot's candidates still allow there, repeated until nothing
changes; a slot left with one word takes it and no other slot may take that word. The search
then chooses the slot with the fewest candidates and tries its words, backtracking on a slot
left with none. With a keyed stream the words of a slot are tried from a keyed starting place
and only `branching` of them, so boards vary and a hopeless pattern is given up quickly; with
no stream, `fills` tries every word in order and so enumerates every fill (the tests hold it to
a plain search).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np

from pipeline.engines.crossword.grid import Layout
from pipeline.engines.crossword.words import LETTERS, WordIndex
from pipeline.keyed import KeyedStream


@dataclass(frozen=True)
class Fill:
    """A filled pattern: one word a slot (the layout's order) and the search nodes it took."""

    words: tuple[str, ...]
    nodes: int


class OutOfBudget(Exception):
    """The search spent its node budget."""


# --- candidates along the crossings ------------------------------------------------------------

def candidate_bits(mask: int) -> np.ndarray:
    """The word numbers in bit set `mask`, lowest first."""
    raw = np.frombuffer(mask.to_bytes((mask.bit_length() + 7) // 8 or 1, "little"), np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little"))


class Filling:
    """The candidates of every slot of one layout under one index, and their narrowing."""

    def __init__(self, layout: Layout, index: WordIndex):
        self.layout = layout
        self.tables = [index.of_length(slot.length) for slot in layout.slots]
        self.same_length = [[o for o, other in enumerate(layout.slots)
                             if o != s and other.length == slot.length]
                            for s, slot in enumerate(layout.slots)]

    def start(self, letters: dict[tuple[int, int], str] | None = None,
              allowed: dict[int, int] | None = None) -> list[int] | None:
        """Every slot's first candidates: words of its length, with the given `letters` in
        their cells and within `allowed[slot]` where given; None when a slot has none."""
        domains = []
        for s, slot in enumerate(self.layout.slots):
            mask = self.tables[s].everything
            if allowed and s in allowed:
                mask &= allowed[s]
            for i, cell in enumerate(slot.cells):
                if letters and cell in letters:
                    mask &= self.tables[s].at[i].get(letters[cell], 0)
            domains.append(mask)
        return domains if self.narrow(domains, range(len(domains))) else None

    def letters_at(self, s: int, i: int, mask: int) -> int:
        """The words of slot s's crossing partner... the union over the letters slot s can
        still have at position i, as a bit set of `LETTERS` (bit k: letter k)."""
        at = self.tables[s].at[i]
        found = 0
        for k, letter in enumerate(LETTERS):
            if mask & at[letter]:
                found |= 1 << k
        return found

    def narrow(self, domains: list[int], changed) -> bool:
        """Arc consistency from the slots in `changed`; False when a slot is left with no
        word (or two slots with the one same word). The consistent state reached is the one
        same whatever the order slots are taken in, so the order is free to be quick."""
        queue = list(changed)
        queued = set(queue)
        while queue:
            s = queue.pop()
            queued.discard(s)
            mask = domains[s]
            if not mask:
                return False
            single = mask & (mask - 1) == 0
            if single:
                for o in self.same_length[s]:
                    if domains[o] & mask:
                        domains[o] &= ~mask
                        if not domains[o]:
                            return False
                        if o not in queued:
                            queue.append(o)
                            queued.add(o)
                word = self.tables[s].words[mask.bit_length() - 1]
            for crossing in self.layout.crossings[s]:
                at = self.tables[crossing.other].at[crossing.theirs]
                if single:
                    # one word left: the crossing slot keeps the words with its letter
                    keep = at[word[crossing.mine]]
                else:
                    allowed = self.letters_at(s, crossing.mine, mask)
                    keep = 0
                    for k, letter in enumerate(LETTERS):
                        if allowed >> k & 1:
                            keep |= at[letter]
                o = crossing.other
                new = domains[o] & keep
                if new != domains[o]:
                    if not new:
                        return False
                    domains[o] = new
                    if o not in queued:
                        queue.append(o)
                        queued.add(o)
        return True

    def words(self, domains: list[int]) -> tuple[str, ...]:
        return tuple(self.tables[s].words[int(candidate_bits(m)[0])]
                     for s, m in enumerate(domains))


# --- the search --------------------------------------------------------------------------------

def fills(layout: Layout, index: WordIndex, *, letters=None, allowed=None,
          stream: KeyedStream | None = None, branching: int | None = None,
          budget: int | None = None) -> Iterator[Fill]:
    """Every fill of `layout` in search order (with `stream`: a keyed selection of them).
    Raises OutOfBudget after `budget` search nodes."""
    filling = Filling(layout, index)
    domains = filling.start(letters, allowed)
    if domains is None:
        return
    nodes = [0]
    yield from _search(filling, domains, stream, branching, budget, nodes)


def fill(layout: Layout, index: WordIndex, stream: KeyedStream, *, letters=None,
         allowed=None, branching: int = 8, budget: int = 4000) -> Fill | None:
    """One fill from the keyed stream's choices, or None when there is none within budget."""
    try:
        return next(fills(layout, index, letters=letters, allowed=allowed, stream=stream,
                          branching=branching, budget=budget), None)
    except OutOfBudget:
        return None


def _search(filling: Filling, domains: list[int], stream, branching, budget, nodes):
    nodes[0] += 1
    if budget is not None and nodes[0] > budget:
        raise OutOfBudget
    open_slots = [(m.bit_count(), s) for s, m in enumerate(domains) if m & (m - 1)]
    if not open_slots:
        yield Fill(filling.words(domains), nodes[0])
        return
    _count, s = min(open_slots)
    candidates = candidate_bits(domains[s])
    if stream is not None:
        start = stream.below(len(candidates))
        candidates = np.roll(candidates, -start)
        if branching is not None:
            candidates = candidates[:branching]
    for k in candidates:
        trial = list(domains)
        trial[s] = 1 << int(k)
        if filling.narrow(trial, [s]):
            yield from _search(filling, trial, stream, branching, budget, nodes)
