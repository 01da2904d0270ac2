"""Benchmark of the book layer: pages per second for interiors and covers, and `make books`.

Interiors and covers are drawn from real boards of every registered family (taken from
build/catalog.sqlite when it has them, else generated into a scratch catalog), cycled to fill
a book of a fixed size, so the figure measures drawing and PDF writing, not generation.
The warm `make books` time (and `make books` again with nothing or one blurb changed) is
measured only when build/catalog.sqlite already holds every board the default layouts ask
for; a cold run (empty catalog) is generation-bound and is reported as not measured unless
BOOKS_BENCH_COLD=1 is set.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from pipeline.catalog import DEFAULT_PATH, Catalog

LAYOUTS = Path("layouts")


def _boards(catalog: Catalog, family: str, level: str, want: int) -> list:
    from pipeline.generate import fill
    records = list(catalog.records(family, level))[:want]
    if len(records) < want:
        fill(catalog, family, level, want, workers=1, progress=False)
        records = list(catalog.records(family, level))[:want]
    return records


def _bench_layout(folder: Path, families: list[str], per_family: int) -> Path:
    from pipeline.family import get_family
    lines = ['title = "Benchmark Book"', 'author = "Bench"', 'trim = "8.5x11"',
             'paper = "white"']
    for name in families:
        lines += ["", "[[sections]]", f'family = "{name}"',
                  f'level = "{get_family(name).levels[0]}"', f"count = {per_family}",
                  "puzzles_per_page = 2", "solutions_per_page = 6"]
    path = folder / "bench-book.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def drawing_rates(quick: bool) -> dict:
    from pipeline.book.build import BookRecords, PlannedBook, front_matter, plan_layout
    from pipeline.book.cover import cover_boards, write_cover
    from pipeline.book.fonts import font_set
    from pipeline.book.interior import BookPuzzle, InteriorWriter
    from pipeline.book.layout import load_layout
    from pipeline.book.printers import get_profile
    from pipeline.family import family_names, get_family

    families = list(family_names())
    per_family = 40 if quick else 200
    distinct = 2 if quick else 6
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        source = DEFAULT_PATH if DEFAULT_PATH.exists() else scratch / "catalog.sqlite"
        with Catalog(source) as catalog:
            boards = {name: _boards(catalog, name, get_family(name).levels[0], distinct)
                      for name in families}
        (scratch / "layouts").mkdir()
        layout = load_layout(_bench_layout(scratch / "layouts", families, per_family))
        book: PlannedBook = plan_layout(layout)
        sections = tuple(tuple(boards[s.family][i % distinct] for i in range(s.count))
                         for s in layout.sections)
        records = BookRecords(sections, {name: boards[name][0] for name in families})
        profile = get_profile(layout.printer)
        fonts = font_set(layout.font_regular, layout.font_bold)
        puzzles = [BookPuzzle(i + 1, r) for i, r in enumerate(r for s in sections for r in s)]
        front = front_matter(layout, book.plan, records)
        InteriorWriter(layout, profile, fonts, book.plan, puzzles, records.examples,
                       front).write()   # warm the font and family caches
        runs = 1 if quick else 3
        started, cpu = time.perf_counter(), time.process_time()
        for _ in range(runs):
            interior = InteriorWriter(layout, profile, fonts, book.plan, puzzles,
                                      records.examples, front).write()
        interior_seconds = (time.perf_counter() - started) / runs
        interior_cpu = (time.process_time() - cpu) / runs
        covers = 5 if quick else 20
        started, cpu = time.perf_counter(), time.process_time()
        for _ in range(covers):
            write_cover(layout, profile, fonts, book.plan.page_count, cover_boards(sections))
        cover_seconds = (time.perf_counter() - started) / covers
        cover_cpu = (time.process_time() - cpu) / covers
    pages = book.plan.page_count
    return {
        "families": families,
        "interior_pages": pages,
        "interior_seconds": round(interior_seconds, 3),
        "interior_pages_per_second": round(pages / interior_seconds, 1),
        "interior_bytes": len(interior.data),
        "interior_cpu_pages_per_second": round(pages / interior_cpu, 1),
        "cover_seconds": round(cover_seconds, 4),
        "covers_per_second": round(1 / cover_seconds, 1),
        "covers_per_cpu_second": round(1 / cover_cpu, 1),
        "reportlab_accelerated": _accelerated(),
    }


def _accelerated() -> bool:
    from reportlab.lib import rl_accel
    return type(rl_accel.fp_str).__name__ == "builtin_function_or_method"


def make_books_time(cold: bool) -> dict:
    """Wall time of building every default layout into a scratch folder."""
    from pipeline.book.build import build_books, load_and_plan

    paths = sorted(LAYOUTS.glob("*.toml"))
    if not paths:
        return {"skipped": "no layouts/ here (run from the project root)"}
    books = load_and_plan(paths)
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        if cold:
            catalog = scratch / "catalog.sqlite"
        else:
            if not DEFAULT_PATH.exists():
                return {"skipped": f"{DEFAULT_PATH} does not exist; run `make books` once"}
            catalog = DEFAULT_PATH
            missing = _missing_boards(books, catalog)
            if missing:
                return {"skipped": f"{DEFAULT_PATH} lacks {missing} boards the default "
                                   "layouts need; run `make books` once"}
        started, cpu = time.perf_counter(), time.process_time()
        entries = build_books(paths, catalog, scratch / "build", progress=False)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"books": len(entries), "pages": sum(e["page_count"] for e in entries),
            "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2)}


def make_books_incremental(runs: int = 3) -> dict:
    """`make books` (`pipeline books`, then `pipeline preflight --proofs`, each a fresh
    process) on the default layouts in a scratch folder, built and checked once first: then
    everything again (`--force` on both), with nothing changed (median of `runs`), and with
    one blurb added to the largest book's layout (only that book is written and read back),
    each against its target (`MAKE_BOOKS_TARGETS`). Needs build/catalog.sqlite to hold every
    board the layouts ask for."""
    import shutil
    import statistics
    import subprocess

    paths = sorted(LAYOUTS.glob("*.toml"))
    if not paths:
        return {"skipped": "no layouts/ here (run from the project root)"}
    books = _plans(paths)
    if not DEFAULT_PATH.exists() or _missing_boards(books, DEFAULT_PATH):
        return {"skipped": f"{DEFAULT_PATH} lacks boards the default layouts need; run "
                           "`make books` once"}
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        shutil.copytree(LAYOUTS, scratch / "layouts")
        out = scratch / "build"

        def make_books(*extra: str) -> float:
            started = time.perf_counter()
            for command in (["books", "--quiet", "--layouts-dir", str(scratch / "layouts"),
                             "--out", str(out), *extra],
                            ["preflight", "--proofs", "--manifest", str(out / "manifest.json"),
                             *extra]):
                subprocess.run([sys.executable, "-m", "pipeline", "--catalog",
                                str(DEFAULT_PATH), *command], check=False,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return time.perf_counter() - started

        first = make_books()
        forced = make_books("--force")
        unchanged = [make_books() for _ in range(runs)]
        largest = max(books, key=lambda book: book.plan.page_count)
        layout = scratch / "layouts" / largest.layout.path.name
        layout.write_text('blurb = "A blurb changed by the benchmark."\n' + layout.read_text())
        one = make_books()
    nothing = statistics.median(unchanged)
    return {"books": len(books), "pages": sum(book.plan.page_count for book in books),
            "first_build_seconds": round(first, 2),
            "forced_build_and_check_seconds": round(forced, 2),
            "nothing_changed_seconds": round(nothing, 2),
            "nothing_changed_runs": [round(t, 2) for t in unchanged],
            "one_blurb_changed": {"book": largest.layout.slug,
                                  "pages": largest.plan.page_count, "seconds": round(one, 2)},
            "targets_seconds": MAKE_BOOKS_TARGETS,
            "targets_met": {"nothing_changed": nothing < MAKE_BOOKS_TARGETS["nothing_changed"],
                            "one_blurb_changed": one < MAKE_BOOKS_TARGETS["one_blurb_changed"],
                            "forced_build_and_check":
                                forced < MAKE_BOOKS_TARGETS["forced_build_and_check"]},
            "load_average_1min": round(os.getloadavg()[0], 2)}


# `make books` on the default set with a warm catalog, wall seconds on a 2-core machine:
# nothing changed; one blurb changed on the largest book; `pipeline books --force` then
# `pipeline preflight --proofs --force`.
MAKE_BOOKS_TARGETS = {"nothing_changed": 3.0, "one_blurb_changed": 15.0,
                      "forced_build_and_check": 30.0}


def _plans(paths):
    from pipeline.book.build import load_and_plan
    return load_and_plan(paths)


def default_set_drawing(catalog_path: Path) -> dict:
    """Every default layout drawn in full (interior and cover, written to a scratch folder)
    with the catalog's boards of each family cycled in place of its own: the drawing and
    writing half of a warm `make books`, measurable before the catalog holds every board."""
    from pipeline.book.build import BookRecords, build_book, load_and_plan

    paths = sorted(LAYOUTS.glob("*.toml"))
    if not paths:
        return {"skipped": "no layouts/ here (run from the project root)"}
    books = load_and_plan(paths)
    pool: dict[str, list] = {}
    with Catalog(catalog_path) as catalog:
        for record in catalog.records():
            pool.setdefault(record.family, []).append(record)
    needed = {s.family for b in books for s in b.layout.sections}
    if not needed <= set(pool):
        return {"skipped": f"the catalog has no boards of {sorted(needed - set(pool))}"}
    pages = 0
    with tempfile.TemporaryDirectory() as scratch:
        started, cpu = time.perf_counter(), time.process_time()
        for book in books:
            sections = tuple(tuple(pool[s.family][i % len(pool[s.family])]
                                   for i in range(s.count)) for s in book.layout.sections)
            examples = {s.family: pool[s.family][0] for s in book.layout.sections}
            pages += build_book(book, BookRecords(sections, examples), Path(scratch))["page_count"]
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"books": len(books), "pages": pages, "seconds": round(seconds, 2),
            "cpu_seconds": round(cpu, 2), "pages_per_second": round(pages / seconds, 1)}


def _missing_boards(books, catalog_path: Path) -> int:
    with Catalog(catalog_path) as catalog:
        missing = 0
        for book in books:
            if book.layout.lock_path.exists():   # a frozen book prints its lock
                continue
            for section in book.layout.sections:
                have = sum(1 for r in catalog.records(section.family, section.level)
                           if int(r.key.rsplit(":", 1)[1]) >= section.first)
                missing += max(0, section.count - have)
    return missing


def run(quick: bool) -> dict:
    print("books: drawing interiors and covers", file=sys.stderr)
    result = {"drawing": drawing_rates(quick)}
    if not quick and DEFAULT_PATH.exists():
        print("books: the default set drawn with cycled boards", file=sys.stderr)
        result["default_set_drawn"] = default_set_drawing(DEFAULT_PATH)
    if quick:
        result["make_books_warm"] = {"skipped": "quick run"}
    else:
        print("books: warm make books", file=sys.stderr)
        result["make_books_warm"] = make_books_time(cold=False)
        print("books: make books again, nothing changed and one blurb changed",
              file=sys.stderr)
        result["make_books_incremental"] = make_books_incremental()
    if os.environ.get("BOOKS_BENCH_COLD") == "1" and not quick:
        print("books: cold make books (generates every board)", file=sys.stderr)
        result["make_books_cold"] = make_books_time(cold=True)
    else:
        result["make_books_cold"] = {"skipped": "generation-bound; set BOOKS_BENCH_COLD=1"}
    return result
