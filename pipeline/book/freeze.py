"""`pipeline freeze BOOK [--how-to]`: a book's records written to its lock,
layouts/<slug>.lock.jsonl, so later builds print exactly those boards.

A fresh lock holds the records the book prints today, how-to boards included, drawn around
the ledger as every build is. `--how-to` keeps every line of an existing lock and adds, for
each how-to level whose locked boards another title now sells as puzzles, the catalog's first
board no other title holds: a frozen edition's puzzles never change, its how-to pages may.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.atomic import write_text
from pipeline.book.build import (PlannedBook, ensure_boards, example_level, key_number,
                                 lesson_levels, plan_layout, printable_check, printed_numbers,
                                 read_lock, records_from_catalog)
from pipeline.book.choosing import how_to_board, how_to_wanted, take_boards
from pipeline.book.layout import load_layout
from pipeline.book.ledger import read_ledger
from pipeline.book.plan import families_in_order
from pipeline.catalog import Catalog, refuse_stale
from pipeline.errors import InputError
from pipeline.family import get_family
from pipeline.records import PuzzleRecord


def freeze(path: Path, catalog_path: Path, *, workers=None, progress=True, executor=None,
           how_to: bool = False) -> Path:
    """Write layouts/<slug>.lock.jsonl: the records the book prints today, examples included.
    `how_to`: keep the lock's lines and add, for each how-to level whose locked boards other
    titles now sell, the catalog's first board no other title holds (the edition's puzzles
    stay as they are; only its how-to pages change)."""
    book = plan_layout(load_layout(path))
    layout = book.layout
    held = read_ledger(layout.ledger).others(layout.slug)
    with Catalog(catalog_path) as catalog:
        refuse_stale(catalog, [get_family(name) for name in
                               dict.fromkeys(section.family for section in layout.sections)])
        if how_to:
            return _add_how_to_boards(book, catalog, held, workers=workers, progress=progress)
        records = records_from_catalog(layout, catalog, workers=workers, progress=progress,
                                       problem=printable_check(book),
                                       executor=executor, held=held)
    lines = [record.to_json() for section in records.sections for record in section]
    extras = [r for boards in records.lesson_boards.values() for r in boards]
    lines += [r.to_json() for r in dict((r.id, r) for r in extras).values()]
    write_text(layout.lock_path, "\n".join(lines) + "\n")
    return layout.lock_path


def _add_how_to_boards(book: PlannedBook, catalog: Catalog, held, *, workers,
                       progress) -> Path:
    layout = book.layout
    if not layout.lock_path.exists():
        raise InputError("no lock to add how-to boards to; run `pipeline freeze` first",
                         file=str(layout.lock_path))
    lock = read_lock(layout)
    by_level: dict[tuple[str, str], dict[int, PuzzleRecord]] = {}
    for record in lock.values():
        by_level.setdefault((record.family, record.space), {})[key_number(record)] = record
    sections = [tuple(take_boards(by_level.get((s.family, s.space), {}), s))
                for s in layout.sections]
    added, levels = [], {}
    for family_name in families_in_order(list(layout.sections)):
        for level in [example_level(layout, family_name)] + lesson_levels(layout, family_name):
            printed = printed_numbers(layout, sections, family_name, level)
            if how_to_board(by_level.get((family_name, level), {}), printed, held) is not None:
                continue
            available = ensure_boards(catalog, family_name, level,
                                how_to_wanted(family_name, level, printed, held),
                                workers=workers, progress=progress, levels=levels)
            record = how_to_board(available, printed, held)
            by_level.setdefault((family_name, level), {})[key_number(record)] = record
            added.append(record.to_json())
    if added:
        text = layout.lock_path.read_text(encoding="utf-8")
        write_text(layout.lock_path, text + ("" if text.endswith("\n") else "\n")
                   + "\n".join(added) + "\n")
    return layout.lock_path
