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

The narrowing and the search run compiled (numba), on the index's bit sets as arrays of 64-bit
words (`WordIndex.packed`) and the layout's crossings as flat arrays (`slot_arrays`): a fill
is the inner loop of every crossword-style board, and in Python it was most of a board's time.
The consistent state narrowing reaches is the same whatever order slots are taken in, so the
compiled queue may take them in any order and still make the same choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np
from numba import njit

from pipeline.engines.bits import popcount_u64
from pipeline.engines.crossword.grid import Layout
from pipeline.engines.crossword.words import LETTERS, WordIndex
from pipeline.keyed import KeyedStream, stream_below

NO_BUDGET = np.iinfo(np.int64).max
EVERY_FILL = np.iinfo(np.int64).max
EVERY_LETTER = (1 << len(LETTERS)) - 1


@dataclass(frozen=True)
class Fill:
    """A filled pattern: one word a slot (the layout's order) and the search nodes it took."""

    words: tuple[str, ...]
    nodes: int


class OutOfBudget(Exception):
    """The search spent its node budget."""


# --- the layout as arrays ----------------------------------------------------------------------

@dataclass(frozen=True)
class SlotArrays:
    """A layout for the compiled search: each slot's length; its crossings as runs of
    (mine, other, theirs) rows, slot s's from `crossing_start[s]`; the other slots of its
    length (the ones that may not take its word), likewise from `same_start[s]`."""

    lengths: np.ndarray
    crossing_start: np.ndarray
    crossings: np.ndarray
    same_start: np.ndarray
    same_length: np.ndarray


def same_length_slots(layout: Layout) -> list[list[int]]:
    """For each slot, the other slots of its length: no two of them may take one word."""
    by_length: dict[int, list[int]] = {}
    for s, slot in enumerate(layout.slots):
        by_length.setdefault(slot.length, []).append(s)
    return [[o for o in by_length[slot.length] if o != s] for s, slot in enumerate(layout.slots)]


def slot_arrays(layout: Layout) -> SlotArrays:
    same = same_length_slots(layout)
    numbers = [n for mine in layout.crossings for crossing in mine for n in crossing]
    return SlotArrays(
        np.array([slot.length for slot in layout.slots], np.int64),
        np.cumsum([0] + [len(mine) for mine in layout.crossings], dtype=np.int64),
        np.array(numbers, np.int64).reshape(-1, 3),   # (mine, other, theirs) a row
        np.cumsum([0] + [len(others) for others in same], dtype=np.int64),
        np.array([o for others in same for o in others], np.int64))


# --- the compiled narrowing and search ---------------------------------------------------------

@njit(cache=True)
def _count(mask, chunks):
    total = 0
    for k in range(chunks):
        if mask[k]:
            total += popcount_u64(mask[k])
    return total


@njit(cache=True)
def _only_word(mask, chunks):
    """The word number of a one-word set (its lowest bit)."""
    for k in range(chunks):
        if mask[k]:
            low = mask[k] & (~mask[k] + np.uint64(1))
            return k * 64 + int(popcount_u64(low - np.uint64(1)))
    return -1


@njit(cache=True)
def _letters_at(mask, count, word, length, position, chunks, at, codes, before):
    """The letters (bit k: letter k) the words of `mask` have at `position`, of the letters
    `before` they had: from each word when they are few, else by asking each letter's set."""
    if word >= 0:
        return 1 << codes[length, word, position]
    allowed = 0
    if count <= 128:
        for k in range(chunks):
            bits = mask[k]
            while bits:
                low = bits & (~bits + np.uint64(1))
                w = k * 64 + int(popcount_u64(low - np.uint64(1)))
                allowed |= 1 << codes[length, w, position]
                bits ^= low
        return allowed
    for letter in range(26):
        if not before >> letter & 1:
            continue
        here = at[length, position, letter]
        for k in range(chunks):
            if mask[k] & here[k]:
                allowed |= 1 << letter
                break
    return allowed


@njit(cache=True)
def _push(queue, queued, head, size, s):
    """Slot s put at the back of the ring `queue` (from `head`, `size` long) unless it is in
    it already; the ring's new size."""
    if queued[s]:
        return size
    queue[(head + size) % queue.shape[0]] = s
    queued[s] = True
    return size + 1


@njit(cache=True)
def _narrow(domains, sent, changed, lengths, crossing_start, crossings, same_start,
            same_length, at, chunks_of, codes, queue, queued):
    """Arc consistency from the slots in `changed`; False when a slot is left with no word (or
    two slots with the one same word). `sent[s, i]` is the set of letters (bit k: letter k)
    slot s last allowed at its position i and its crossing slot was narrowed to: that slot
    holds only words with one of those letters there, so it need only lose the words with a
    letter lost since. `queue` and `queued` are scratch of one a slot (a ring, first in,
    first out)."""
    slots = queue.shape[0]
    head = size = 0
    for s in changed:
        size = _push(queue, queued, head, size, s)
    keep = np.empty(domains.shape[1], np.uint64)
    ok = True
    while size:
        s = queue[head]
        head = (head + 1) % slots
        size -= 1
        queued[s] = False
        length = lengths[s]
        chunks = chunks_of[length]
        mask = domains[s]
        count = _count(mask, chunks)
        if count == 0:
            ok = False
            break
        word = -1
        if count == 1:
            word = _only_word(mask, chunks)
            k = word >> 6
            bit = np.uint64(1) << np.uint64(word & 63)
            for j in range(same_start[s], same_start[s + 1]):
                o = same_length[j]
                if domains[o, k] & bit:
                    domains[o, k] &= ~bit
                    if _count(domains[o], chunks) == 0:
                        ok = False
                        break
                    size = _push(queue, queued, head, size, o)
            if not ok:
                break
        for j in range(crossing_start[s], crossing_start[s + 1]):
            mine, o, theirs = crossings[j, 0], crossings[j, 1], crossings[j, 2]
            allowed = _letters_at(mask, count, word, length, mine, chunks, at, codes,
                                  sent[s, mine])
            lost = sent[s, mine] & ~allowed
            if lost == 0:
                continue
            sent[s, mine] = allowed
            other_length = lengths[o]
            other_chunks = chunks_of[other_length]
            for k in range(other_chunks):
                keep[k] = 0
            for letter in range(26):
                if lost >> letter & 1:
                    there = at[other_length, theirs, letter]
                    for q in range(other_chunks):
                        keep[q] |= there[q]
            for k in range(other_chunks):
                keep[k] = ~keep[k]
            changed_o = False
            left = 0
            for k in range(other_chunks):
                new = domains[o, k] & keep[k]
                if new != domains[o, k]:
                    changed_o = True
                    domains[o, k] = new
                if new:
                    left += 1
            if changed_o:
                if left == 0:
                    ok = False
                    break
                size = _push(queue, queued, head, size, o)
        if not ok:
            break
    while size:   # leave the scratch clean for the next call
        queued[queue[head]] = False
        head = (head + 1) % slots
        size -= 1
    return ok


@njit(cache=True)
def _search(state, keyed, domains, sent, lengths, crossing_start, crossings, same_start,
            same_length, at, chunks_of, codes, branching, budget, limit):
    """Depth-first search from narrowed `domains`. Returns (words found, one row a fill; the
    nodes at each fill; whether the budget ran out). With `keyed`, each slot's words are
    tried from `stream_below`'s starting place, `branching` of them (all when 0)."""
    slots, width = domains.shape
    stack = np.empty((slots + 1, slots, width), np.uint64)
    stack[0] = domains
    sent_stack = np.empty((slots + 1, slots, sent.shape[1]), np.int64)
    sent_stack[0] = sent
    most = codes.shape[1] if branching <= 0 else branching
    tried = np.empty((slots + 1, most), np.int64)
    tried_count = np.zeros(slots + 1, np.int64)
    next_try = np.zeros(slots + 1, np.int64)
    chosen = np.zeros(slots + 1, np.int64)
    queue = np.empty(slots, np.int64)
    queued = np.zeros(slots, np.bool_)
    changed = np.empty(1, np.int64)
    found_words = []
    found_nodes = []
    nodes = 0
    out_of_budget = False
    depth = 0
    entering = True
    while depth >= 0:
        if entering:
            entering = False
            nodes += 1
            if nodes > budget:
                out_of_budget = True
                break
            best, best_count = -1, 0
            for s in range(slots):
                c = _count(stack[depth, s], chunks_of[lengths[s]])
                if c > 1 and (best < 0 or c < best_count):
                    best, best_count = s, c
            if best < 0:
                row = np.empty(slots, np.int64)
                for s in range(slots):
                    row[s] = _only_word(stack[depth, s], chunks_of[lengths[s]])
                found_words.append(row)
                found_nodes.append(nodes)
                if len(found_words) >= limit:
                    break
                depth -= 1
                continue
            chosen[depth] = best
            start = stream_below(state, best_count) if keyed else 0
            take = best_count if branching <= 0 else min(branching, best_count)
            # the candidates in ascending order, rotated to start at `start`
            n = 0
            mask = stack[depth, best]
            for k in range(chunks_of[lengths[best]]):
                bits = mask[k]
                while bits:
                    low = bits & (~bits + np.uint64(1))
                    word = k * 64 + int(popcount_u64(low - np.uint64(1)))
                    position = n - start if n >= start else n - start + best_count
                    if position < take:
                        tried[depth, position] = word
                    n += 1
                    bits ^= low
            tried_count[depth] = take
            next_try[depth] = 0
        if next_try[depth] >= tried_count[depth]:
            depth -= 1
            continue
        word = tried[depth, next_try[depth]]
        next_try[depth] += 1
        s = chosen[depth]
        stack[depth + 1] = stack[depth]
        sent_stack[depth + 1] = sent_stack[depth]
        for k in range(width):
            stack[depth + 1, s, k] = 0
        stack[depth + 1, s, word >> 6] = np.uint64(1) << np.uint64(word & 63)
        changed[0] = s
        if _narrow(stack[depth + 1], sent_stack[depth + 1], changed, lengths, crossing_start,
                   crossings, same_start, same_length, at, chunks_of, codes, queue, queued):
            depth += 1
            entering = True
    return found_words, found_nodes, out_of_budget


# --- the search from Python --------------------------------------------------------------------

def start_domains(layout: Layout, index: WordIndex, letters=None, allowed=None) -> np.ndarray:
    """Every slot's first candidates: words of its length, with the given `letters` in their
    cells and within `allowed[slot]` (a bit set) where given."""
    packed = index.packed
    domains = packed.everything[[slot.length for slot in layout.slots]]
    if letters or allowed:
        for s, slot in enumerate(layout.slots):
            if allowed and s in allowed:
                domains[s] &= packed.words_of(allowed[s])
            for i, cell in enumerate(slot.cells):
                if letters and cell in letters:
                    domains[s] &= packed.at[slot.length, i, LETTERS.index(letters[cell])]
    return domains


def fills(layout: Layout, index: WordIndex, *, letters=None, allowed=None,
          stream: KeyedStream | None = None, branching: int | None = None,
          budget: int | None = None, limit: int = EVERY_FILL) -> Iterator[Fill]:
    """The fills of `layout` in search order, at most `limit` (with `stream`: a keyed
    selection of them). Raises OutOfBudget, after the fills found, when the search spent
    `budget` nodes."""
    packed = index.packed
    if any(slot.length >= len(packed.chunks) for slot in layout.slots):
        return   # a slot longer than every word of the list: no fill
    arrays = slot_arrays(layout)
    domains = start_domains(layout, index, letters, allowed)
    tables = (arrays.lengths, arrays.crossing_start, arrays.crossings, arrays.same_start,
              arrays.same_length, packed.at, packed.chunks, packed.codes)
    queue = np.empty(len(layout.slots), np.int64)
    queued = np.zeros(len(layout.slots), np.bool_)
    # every letter is allowed everywhere before the first narrowing: no crossing slot yet
    # narrowed by any
    sent = np.full((len(layout.slots), max(arrays.lengths, default=1)), EVERY_LETTER, np.int64)
    if not _narrow(domains, sent, np.arange(len(layout.slots)), *tables, queue, queued):
        return
    state = stream.state() if stream is not None else np.zeros(4, np.int64)
    found, nodes, out_of_budget = _search(
        state, stream is not None, domains, sent, *tables,
        (branching or 0) if stream is not None else 0,   # without a stream: every word
        NO_BUDGET if budget is None else budget, limit)
    if stream is not None:
        stream.set_state(state)
    for row, spent in zip(found, nodes):
        yield Fill(tuple(index.of_length(slot.length).words[w]
                         for slot, w in zip(layout.slots, row.tolist())), spent)
    if out_of_budget:
        raise OutOfBudget


def fill(layout: Layout, index: WordIndex, stream: KeyedStream, *, letters=None,
         allowed=None, branching: int = 8, budget: int = 4000) -> Fill | None:
    """One fill from the keyed stream's choices, or None when there is none within budget."""
    try:
        return next(fills(layout, index, letters=letters, allowed=allowed, stream=stream,
                          branching=branching, budget=budget, limit=1), None)
    except OutOfBudget:
        return None
