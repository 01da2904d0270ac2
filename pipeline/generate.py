"""Filling the catalog: keyed generation in worker processes, committed in key order.

Boards are committed strictly in the order of their key number, whatever order the workers
finish in, so "an earlier board" (for dedupe) means the same thing on every run and with any
number of workers: the catalog is reproducible.
"""

from __future__ import annotations

import os
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from pipeline.catalog import Catalog
from pipeline.errors import GenerationFailed
from pipeline.family import Family, Generated, get_family
from pipeline.records import PuzzleRecord, fingerprint, puzzle_id, puzzle_key

MAX_REPLACEMENTS = 20  # a board that duplicates an earlier one is replaced up to this often


def variant_key(key: str, variant: int) -> str:
    """The key a generator actually uses: a replacement board gets a derived key."""
    return key if variant == 0 else f"{key}#{variant}"


def make_record(family: Family, level: str, number: int, variant: int,
                generated: Generated) -> PuzzleRecord:
    extra = {"variant": variant} if variant else {}
    return PuzzleRecord(
        id=puzzle_id(family.name, level, number), family=family.name, level=level,
        key=puzzle_key(family.name, level, number), generator=family.version,
        puzzle=generated.puzzle, solution=generated.solution, grade=generated.grade,
        proof=generated.proof, sha256=fingerprint(generated.puzzle, generated.solution),
        extra=extra)


def generate_one(family_name: str, level: str, number: int, variant: int) -> Generated | None:
    """Worker entry point: one board for one key (None when the budget ran out)."""
    family = get_family(family_name)
    try:
        return family.generate(variant_key(puzzle_key(family_name, level, number), variant), level)
    except GenerationFailed:
        return None


@dataclass
class FillReport:
    family: str
    level: str
    added: int
    present: int
    attempts: int
    replaced: int
    failed: int
    seconds: float


def default_workers() -> int:
    return os.cpu_count() or 1


def fill(catalog: Catalog, family_name: str, level: str, count: int, *, workers: int | None = None,
         progress: bool = True) -> FillReport:
    """Generate until the catalog holds `count` boards of `level`, numbered from 1."""
    family = get_family(family_name)
    workers = workers or default_workers()
    started = time.perf_counter()
    present = catalog.numbers(family_name, level)
    earlier = [record.puzzle for record in catalog.records(family_name, level)]
    report = FillReport(family_name, level, 0, len(present), 0, 0, 0, 0.0)
    missing = count - len(present)
    if missing <= 0:
        report.seconds = time.perf_counter() - started
        return report

    bar = _progress_bar(family_name, level, count, len(present), progress)
    numbers = _numbers_to_try(present)
    order: deque[int] = deque()          # numbers launched, in commit order
    finished: dict[int, tuple[int, Generated | None]] = {}
    running: dict[Future, tuple[int, int]] = {}
    executor = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None

    def launch(number: int, variant: int) -> None:
        if executor is None:
            finished[number] = (variant, generate_one(family_name, level, number, variant))
        else:
            running[executor.submit(generate_one, family_name, level, number, variant)] = (number, variant)

    try:
        while True:
            # Re-read the count: another process may be filling the same catalog.
            missing = count - catalog.count(family_name, level)
            if missing <= 0:
                break
            while len(order) < missing:
                number = next(numbers)
                order.append(number)
                launch(number, 0)
            head = order[0]
            if head not in finished:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    number, variant = running.pop(future)
                    finished[number] = (variant, future.result())
                continue
            order.popleft()
            variant, generated = finished.pop(head)
            if generated is None:
                report.failed += 1
                bar.set_postfix(attempts=report.attempts, failed=report.failed)
                continue
            report.attempts += generated.attempts
            form = family.dedupe_form(generated.puzzle)
            if catalog.has_form(family_name, form) or \
                    family.too_similar(level, generated.puzzle, earlier):
                if variant < MAX_REPLACEMENTS:
                    report.replaced += 1
                    order.appendleft(head)
                    launch(head, variant + 1)
                else:
                    report.failed += 1
                continue
            record = make_record(family, level, head, variant, generated)
            if catalog.add(record, head, form):
                earlier.append(record.puzzle)
                report.added += 1
                bar.update(1)
                bar.set_postfix(attempts=report.attempts)
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        bar.close()
    report.present = catalog.count(family_name, level)
    report.seconds = time.perf_counter() - started
    return report


def _numbers_to_try(present: set[int]):
    number = 1
    while True:
        if number not in present:
            yield number
        number += 1


def _progress_bar(family: str, level: str, total: int, initial: int, enabled: bool):
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, desc=f"{family} {level}", unit="board",
                disable=not enabled, dynamic_ncols=True, leave=True)
