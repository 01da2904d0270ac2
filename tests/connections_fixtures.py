"""Small hand-made libraries that reproduce the defects of the generator we started from."""

from __future__ import annotations

from pipeline.connections.board import Category, IndexedLibrary


def tiny_library(spec: list[tuple[str, str, str]]) -> IndexedLibrary:
    """A library from (label, tier, space-separated members); tiles are every member named."""
    categories = tuple(Category(label, tier, frozenset(members.split()), "fixture")
                       for label, tier, members in spec)
    names = tuple(sorted({name for c in categories for name in c.pool}))
    return IndexedLibrary.build(categories, names)


class FlatSpill:
    """The seed's spill: a plain set, so an undo clears a tile another category still forbids."""

    def __init__(self, size: int):
        self.mask = 0

    def add(self, mask: int) -> None:
        self.mask |= mask

    def remove(self, mask: int) -> None:
        self.mask &= ~mask
