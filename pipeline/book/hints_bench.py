"""`pipeline bench`, section "hints": every catalog board's hint, checked against its solution.

For each board of the catalog (build/catalog.sqlite, as `make books` fills it), and of the
frozen editions (layouts/*.lock.jsonl: a frozen book's boards need not be in the catalog; a board in both counts once): the hint, the
family's check of what it reveals against the unique solution, and the check of its words (the
squares it names exist, every square it reveals is named). Reports boards, failures, the
technique each hint uses and the time per hint, and whatever else the family tallies of its
hints (`Family.hint_tally`).
"""

from __future__ import annotations

import time
from collections import Counter
from contextlib import nullcontext
from pathlib import Path

from pipeline.family import family_names, get_family
from pipeline.readback.hints import text_findings

CATALOG = Path("build/catalog.sqlite")
LAYOUTS = Path("layouts")
QUICK_PER_LEVEL = 20


def frozen_records(layouts: Path = LAYOUTS) -> dict[tuple[str, str], list]:
    """The boards of every frozen edition, by (family, level), in file order."""
    from pipeline.records import PuzzleRecord, read_records

    out: dict[tuple[str, str], list] = {}
    for lock in sorted(layouts.glob("*.lock.jsonl")):
        with lock.open(encoding="utf-8") as stream:
            for _, data in read_records(stream, str(lock)):
                record = PuzzleRecord.from_dict(data)
                out.setdefault((record.family, record.level), []).append(record)
    return out


def run(quick: bool, catalog_path: Path = CATALOG, layouts: Path = LAYOUTS) -> dict:
    from pipeline.catalog import Catalog

    frozen = frozen_records(layouts)
    if not catalog_path.exists() and not frozen:
        return {"skipped": f"no catalog at {catalog_path}; run `make books` first"}
    out = {}
    # No catalog: the frozen editions alone (opening one would create an empty file).
    with Catalog(catalog_path) if catalog_path.exists() else nullcontext() as catalog:
        for name in family_names():
            family = get_family(name)
            if not family.gives_hints:   # a family that declares no hints has none to check
                continue
            for level in family.levels:
                records = list(catalog.records(name, level)) if catalog else []
                held = {record.id for record in records}
                records += [r for r in frozen.get((name, level), []) if r.id not in held]
                if quick:
                    records = records[:QUICK_PER_LEVEL]
                if not records:
                    continue
                failures, techniques, seconds = [], Counter(), 0.0
                tallies: dict[str, Counter] = {}
                for record in records:
                    start = time.perf_counter()
                    try:
                        hint = family.hint(record.puzzle, record.solution, record.grade)
                    except (AssertionError, ValueError) as error:
                        failures.append({"id": record.id, "problems": [f"no hint: {error}"]})
                        continue
                    finally:
                        seconds += time.perf_counter() - start
                    rows, cols = family.grid_shape(record.puzzle)
                    problems = family.check_hint(record.puzzle, record.solution, hint.reveals)
                    problems += text_findings(hint.text, family.hint_names(hint.reveals),
                                              rows, cols, family.square_labels)
                    if problems:
                        failures.append({"id": record.id, "problems": problems[:3]})
                    techniques[hint.technique] += 1
                    for tally, value in family.hint_tally(record.puzzle, record.solution,
                                                          hint).items():
                        tallies.setdefault(tally, Counter())[value] += 1
                entry = {"boards": len(records), "failures": len(failures),
                         "failed": failures[:5], "techniques": dict(techniques),
                         "ms_per_hint": round(1000 * seconds / len(records), 2)}
                for tally, counts in tallies.items():
                    entry[tally] = {str(k): v for k, v in sorted(counts.items())}
                out[f"{name}:{level}"] = entry
    out["total_boards"] = sum(v["boards"] for v in out.values() if isinstance(v, dict))
    out["total_failures"] = sum(v["failures"] for v in out.values() if isinstance(v, dict)
                                and "failures" in v)
    return out
