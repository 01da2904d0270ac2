"""The `pipeline` command line. Bad input: one line naming file, line and field; exit 2."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.catalog import DEFAULT_PATH, Catalog, CatalogError, refuse_stale
from pipeline.errors import InputError
from pipeline.interrupts import ended_quietly
from pipeline.workers import worker_count

if TYPE_CHECKING:
    from pipeline.family import Family


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    interrupted: list = []
    try:
        worker_count(vars(args).get("workers"))   # a bad count stops before any work
        with ended_quietly() as interrupted:
            return args.run(args) or 0
    except InputError as error:
        print(f"pipeline: {error}", file=sys.stderr)
        return 2
    except CatalogError as error:
        print(f"pipeline: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return report_interrupt()
    except BrokenPipeError:
        return 0
    except Exception:
        if interrupted:  # a worker ended by the interrupt broke its pool before we heard it
            return report_interrupt()
        raise


def report_interrupt() -> int:
    # Boards are committed whole and output files appear only complete (written to a
    # temporary file, then renamed), so what is left is consistent.
    print("pipeline: interrupted; the catalog keeps every board finished, no partial file "
          "was written", file=sys.stderr)
    return 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pipeline", description=__doc__)
    parser.add_argument("--catalog", type=Path, default=DEFAULT_PATH,
                        help=f"catalog database (default {DEFAULT_PATH})")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    generate = commands.add_parser("generate", help="fill the catalog with proven, graded boards")
    generate.add_argument("--family", required=True)
    generate.add_argument("--level", action="append",
                          help="level to fill (repeatable; default every level)")
    generate.add_argument("--count", type=int, required=True,
                          help="boards of each level the catalog should hold")
    _executor_options(generate, quiet="no progress bar")
    generate.add_argument("--replace-stale", action="store_true",
                          help="regenerate every level that holds boards of an older generator")
    generate.set_defaults(run=run_generate)

    export = commands.add_parser("export", help="print catalog records as JSON Lines")
    export.add_argument("--family")
    export.add_argument("--level")
    export.add_argument("--book", metavar="SLUG",
                        help="only the puzzles of this book, in book order (from the manifest; "
                             "a frozen book's from its lock)")
    export.add_argument("--manifest", type=Path, default=Path("build/manifest.json"))
    export.add_argument("--layouts-dir", type=Path, default=Path("layouts"),
                        help="where frozen editions' locks are (their records not in the "
                             "catalog are exported too, marked with their book)")
    export.set_defaults(run=run_export)

    count = commands.add_parser("count", help="count the solutions of JSON Lines records")
    count.add_argument("file", nargs="?", default="-", help="records file (default stdin)")
    count.add_argument("--limit", type=int, default=2)
    count.set_defaults(run=run_count)

    grade = commands.add_parser(
        "grade", help="grade JSON Lines records of any family, or a puzzle file a family reads "
                      "(.non): <id> <level> <difficulty>")
    grade.add_argument("file", nargs="?", default="-",
                       help="records file (default stdin), or a .non file")
    grade.set_defaults(run=run_grade)

    books = commands.add_parser("books", help="build the print books: interiors, covers, manifest")
    books.add_argument("layouts", nargs="*", metavar="LAYOUT",
                       help="layout files or slugs (default: every layouts/*.toml)")
    books.add_argument("--layouts-dir", type=Path, default=Path("layouts"))
    books.add_argument("--out", type=Path, default=Path("build"), help="output folder")
    _executor_options(books, quiet="no progress bars")
    books.add_argument("--force", action="store_true",
                       help="write every book, even those whose inputs did not change")
    books.set_defaults(run=run_books)

    freeze = commands.add_parser("freeze", help="write layouts/<book>.lock.jsonl for a book")
    freeze.add_argument("book", metavar="BOOK", help="layout file or slug")
    freeze.add_argument("--layouts-dir", type=Path, default=Path("layouts"))
    freeze.add_argument("--force", action="store_true", help="replace an existing lock")
    freeze.add_argument("--workers", type=int, default=None)
    freeze.add_argument("--quiet", action="store_true")
    freeze.add_argument("--how-to", action="store_true",
                        help="keep the lock and add how-to boards no other title sells")
    freeze.set_defaults(run=run_freeze)

    publish = commands.add_parser(
        "publish", help="record built books in the ledger (layouts/ledger.jsonl): their boards "
                        "and page digests")
    publish.add_argument("books", nargs="+", metavar="BOOK")
    publish.add_argument("--layouts-dir", type=Path, default=Path("layouts"))
    publish.add_argument("--manifest", type=Path, default=Path("build/manifest.json"))
    publish.set_defaults(run=run_publish)

    ledger = commands.add_parser("ledger", help="who holds which board; conflicts in one line")
    ledger.add_argument("books", nargs="*", metavar="BOOK")
    ledger.add_argument("--layouts-dir", type=Path, default=Path("layouts"))
    ledger.add_argument("--manifest", type=Path, default=Path("build/manifest.json"))
    ledger.add_argument("--boards", action="store_true", help="every board, one a line")
    ledger.set_defaults(run=run_ledger)

    diff = commands.add_parser("diff", help="the pages that changed since the book's last "
                                            "published edition, and a gallery of them")
    diff.add_argument("book", metavar="BOOK")
    diff.add_argument("--layouts-dir", type=Path, default=Path("layouts"))
    diff.add_argument("--manifest", type=Path, default=Path("build/manifest.json"))
    diff.add_argument("--no-gallery", action="store_true", help="list the pages only")
    diff.set_defaults(run=run_diff)

    for name, text in (("proof", "SVG proofs of each book's PDFs and a gallery, in "
                                 "build/<slug>/proofs/"),
                       ("preflight", "print checks of each book's PDFs, build/<slug>/preflight.json;"
                                     " exit 1 when any fails")):
        readback = commands.add_parser(name, help=text)
        readback.add_argument("books", nargs="*", metavar="BOOK",
                              help="book slugs (default: every book in the manifest)")
        readback.add_argument("--manifest", type=Path, default=Path("build/manifest.json"))
        if name == "preflight":
            readback.add_argument("--proofs", action="store_true",
                                  help="also write the SVG proofs, from the same reading")
            readback.add_argument("--workers", type=int, default=None,
                                  help="books checked at once (default: all cores)")
            readback.add_argument("--force", action="store_true",
                                  help="check every book, even those whose PDFs did not change")
            readback.add_argument("--quiet", action="store_true",
                                  help="print only the books that fail, not every check of "
                                       "every book")
        readback.set_defaults(run=run_readback)

    explain = commands.add_parser("explain", help="print the deduction trace of a catalog board")
    explain.add_argument("id", help="puzzle id, <family>-<level>-<number>, as export prints it")
    explain.set_defaults(run=run_explain)

    bench = commands.add_parser("bench", help="run the benchmarks, write build/bench.json")
    bench.add_argument("--quick", action="store_true", help="small samples, for a smoke run")
    bench.add_argument("--family", action="append", help="only these families")
    bench.add_argument("--section", action="append",
                       help="only these other sections (books, readback, hints; scaling and executors run only "
                            "when named)")
    bench.add_argument("--output", type=Path, default=Path("build/bench.json"))
    bench.set_defaults(run=run_bench)
    return parser


def _executor_options(command, quiet: str) -> None:
    """Where and how many boards (or books) are made at once, and `--quiet` (help `quiet`)
    to show no progress while they are."""
    command.add_argument("--executor", choices=("local", "dask"), default="local",
                         help="where boards are generated: a local process pool (default) or "
                              "a Dask cluster")
    command.add_argument("--scheduler", metavar="ADDRESS",
                         help="with --executor dask: a running scheduler (tcp://host:8786); "
                              "without it a local cluster is started")
    command.add_argument("--workers", type=int, default=None,
                         help="worker processes, local pool or local cluster; for books also "
                              "the books written at once (default: all cores)")
    command.add_argument("--quiet", action="store_true", help=quiet)


def _open_executor(args):
    """Opened before the catalog, so a scheduler that cannot be reached leaves nothing behind."""
    from pipeline.generate import open_executor

    executor = open_executor(args.executor, workers=args.workers, scheduler=args.scheduler)
    dashboard = getattr(executor, "dashboard", None)
    if dashboard:
        print(f"Dask dashboard: {dashboard}", file=sys.stderr)
    return executor


def run_generate(args) -> int:
    from pipeline.family import check_level, get_family
    from pipeline.generate import fill
    from pipeline.records import space_level
    from pipeline.progress import on_terminal

    family = get_family(args.family)
    levels = args.level or list(family.levels)
    for level in levels:
        check_level(family, level)
    if args.count < 0:
        raise InputError("must be zero or more", field="--count")
    with _open_executor(args) as executor, Catalog(args.catalog) as catalog:
        if args.replace_stale:
            # A catalog level of a layout's own word data ("easy+<digest>") goes with its
            # level; the next build of the book makes it again.
            for (_, level), _ in catalog.stale({family.name: family.version}).items():
                if space_level(level) in levels:
                    dropped = catalog.drop_level(family.name, level)
                    print(f"{family.name} {level}: {dropped} boards of an older generator "
                          "removed, the level is made again", file=sys.stderr)
        refuse_stale(catalog, [family])
        for level in levels:
            # In a log the line below is the level's one line; a bar only on a terminal.
            report = fill(catalog, family.name, level, args.count, executor=executor,
                          progress=not args.quiet and on_terminal())
            print(f"{family.name} {level}: {report.present} in catalog, {report.added} added, "
                  f"{report.attempts} attempts, {report.replaced} replaced as duplicates, "
                  f"{report.failed} failed, {report.seconds:.1f} s", file=sys.stderr)
            if report.stopped:
                print(f"pipeline: {report.stopped}", file=sys.stderr)
                return 1
    return 0


def run_export(args) -> int:
    from pipeline.family import check_level, get_family

    if args.family:
        family = get_family(args.family)
        if args.level:
            check_level(family, args.level)
    if args.book:
        book = manifest_book(args.manifest, args.book)
        ids = book_puzzle_ids(book)
        if book.get("lock"):  # a frozen book prints its lock: export exactly those records
            sys.stdout.writelines(frozen_book_lines(Path(book["lock"]), ids, args.family,
                                                    args.level))
            return 0
    else:
        ids = None
    with Catalog(args.catalog) as catalog:
        records = list(catalog.records(args.family, args.level, ids=ids))
    if ids is not None:
        found = {record.id for record in records}
        missing = [i for i in ids if i not in found]
        if missing and not (args.family or args.level):
            raise InputError(f"{len(missing)} puzzles of the book are not in the catalog, "
                             f"for example {missing[0]}", file=str(args.catalog),
                             field="--book")
        order = {puzzle: index for index, puzzle in enumerate(ids)}
        records.sort(key=lambda record: order[record.id])
        sys.stdout.writelines(record.to_json() + "\n" for record in records)
        return 0
    sys.stdout.writelines(record.to_json() + "\n" for record in records)
    held = {(record.id, record.sha256) for record in records}
    sys.stdout.writelines(record.to_json() + "\n" for record in
                          frozen_records(args.layouts_dir, args.family, args.level, held))
    return 0


def manifest_book(manifest: Path, slug: str) -> dict:
    """A book's manifest entry."""
    import json

    try:
        books = json.loads(manifest.read_text(encoding="utf-8"))["books"]
    except (OSError, ValueError, KeyError, TypeError):
        raise InputError("no readable manifest (run `pipeline books` first)",
                         file=str(manifest)) from None
    for book in books:
        if isinstance(book, dict) and book.get("slug") == slug:
            return book
    raise InputError(f"no book {slug!r} in the manifest", file=str(manifest), field="--book")


def book_puzzle_ids(book: dict) -> list[str]:
    """The ids of a book's puzzles, in the order of its puzzle pages."""
    return [puzzle["id"] for page in book.get("pages", []) if page.get("kind") == "puzzle"
            for puzzle in page.get("puzzles", [])]


def _lock_lines(lock: Path) -> list[tuple[int, str, dict]]:
    """(line number, the line as the lock holds it, its record) for each record of a lock."""
    import json

    from pipeline.records import read_records

    try:
        text = lock.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"{error.strerror or 'cannot read'} (the frozen edition's lock)",
                         file=str(lock)) from None
    lines = text.splitlines(keepends=True)
    out = []
    for number, data in read_records(lines, str(lock)):
        line = lines[number - 1]
        out.append((number, line if line.endswith("\n") else line + "\n", data))
    return out


def frozen_book_lines(lock: Path, ids: list[str], family: str | None,
                      level: str | None) -> list[str]:
    """A frozen book's puzzles in book order, each line byte for byte as its lock holds it."""
    by_id = {}
    for number, line, data in _lock_lines(lock):
        if not isinstance(data.get("id"), str):
            raise InputError("missing", file=str(lock), line=number, field="id")
        by_id.setdefault(data["id"], (line, data))
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise InputError(f"{len(missing)} puzzles of the book are not in its lock, for example "
                         f"{missing[0]}", file=str(lock), field="--book")
    return [by_id[i][0] for i in ids
            if (family is None or by_id[i][1].get("family") == family)
            and (level is None or by_id[i][1].get("level") == level)]


def frozen_records(folder: Path, family: str | None, level: str | None, held: set):
    """The records of frozen editions (`folder`/*.lock.jsonl) the catalog does not hold (the
    same id and hash), each marked with the book it belongs to (`"book": slug`, an extra
    field the contract allows); a board in two locks is given once, with the first book."""
    from pipeline.records import PuzzleRecord, RECORD_FIELDS, require

    seen = set(held)
    for lock in sorted(folder.glob("*.lock.jsonl")):
        slug = lock.name[:-len(".lock.jsonl")]
        for number, _line, data in _lock_lines(lock):
            if (family is not None and data.get("family") != family) or (
                    level is not None and data.get("level") != level):
                continue
            try:
                for name in RECORD_FIELDS:
                    require(data, name, dict if name in ("puzzle", "solution", "grade",
                                                         "proof") else str)
            except InputError as error:
                raise error.located(file=str(lock), line=number) from None
            if (data["id"], data["sha256"]) in seen:
                continue
            seen.add((data["id"], data["sha256"]))
            yield PuzzleRecord.from_dict({**data, "book": slug})


def read_family_records(file: str) -> tuple[str, list[tuple[int, str, "Family", dict]]]:
    """The records of a JSON Lines file ("-": stdin) as (line, id, family, record), with the
    name errors give it; a record without an id or a registered family is bad input."""
    from pipeline.family import get_family
    from pipeline.records import read_records, require

    name = "<stdin>" if file == "-" else file
    for family in _reading_families(file):
        return name, [(1, record["id"], family, record)
                      for record in family.read_puzzle_file(Path(file))]
    try:
        stream = sys.stdin if file == "-" else open(file, encoding="utf-8")
    except OSError as error:
        raise InputError(error.strerror or "cannot open", file=name) from None
    out = []
    with stream:
        for line, data in read_records(stream, name):
            try:
                family = get_family(require(data, "family", str))
                out.append((line, require(data, "id", str), family, data))
            except InputError as error:
                raise error.located(file=name, line=line) from None
    return name, out


def _reading_families(file: str) -> list:
    """The families whose plain puzzle format `file`'s name ends in (`puzzle_file_suffixes`);
    none for stdin or JSON Lines."""
    from pipeline.family import family_names, get_family

    if file == "-" or file.endswith((".jsonl", ".json")):
        return []
    families = (get_family(name) for name in family_names())
    return [f for f in families if f.puzzle_file_suffixes and file.endswith(f.puzzle_file_suffixes)]


def run_count(args) -> int:
    if args.limit < 1:
        raise InputError("must be at least 1", field="--limit")
    name, records = read_family_records(args.file)
    boards = []
    for line, record_id, family, data in records:
        try:
            family.check_record(data)
        except InputError as error:
            raise error.located(file=name, line=line) from None
        boards.append((record_id, family, data["puzzle"]))
    if boards:  # load compiled kernels before the clock starts
        for family in {id(f): f for (_, f, _) in boards}.values():
            first = next(p for (_, f, p) in boards if f is family)
            family.count_solutions(first, args.limit)
    lines, total = [], 0.0
    for record_id, family, puzzle in boards:
        started = time.perf_counter()
        solutions = family.count_solutions(puzzle, args.limit)
        total += time.perf_counter() - started
        lines.append(f"{record_id}\t{solutions}")
    lines.append(f"total seconds: {total:.6f}")
    print("\n".join(lines))
    return 0


def run_grade(args) -> int:
    """`<id>\t<level>\t<difficulty>` for each record, as the family's grader rates it
    (`beyond` when the top level's techniques do not finish it). A puzzle that is malformed or
    has no unique solution prints `<id>\tinvalid\t-` and one line on stderr naming the file,
    the line and the field; exit status 1 when any was invalid. A record without an id or a
    known family, or a line that is not JSON, is bad input (exit 2, nothing printed)."""
    name, records = read_family_records(args.file)
    invalid = 0
    for line, record_id, family, data in records:
        try:
            family.check_record(data)
            solutions = family.count_solutions(data["puzzle"], 2)
            if solutions != 1:
                raise InputError("no solution" if solutions == 0 else
                                 "more than one solution", field="puzzle")
        except InputError as error:
            invalid += 1
            print(f"{record_id}\tinvalid\t-", flush=True)
            print(f"pipeline: {error.located(file=name, line=line)}", file=sys.stderr, flush=True)
            continue
        rating = family.rate(data["puzzle"])
        print(f"{record_id}\t{rating.level}\t{rating.difficulty:g}", flush=True)
    return 1 if invalid else 0


def run_books(args) -> int:
    from pipeline.book.build import build_changed_books, resolve_layout_args

    paths = resolve_layout_args(args.layouts, args.layouts_dir)
    with _open_executor(args) as executor:
        built = build_changed_books(paths, args.catalog, args.out, executor=executor,
                                    workers=args.workers, progress=not args.quiet,
                                    force=args.force)
    for entry in built.entries:
        why = built.changes[entry["slug"]]
        print(f"{entry['slug']}: {'written (' + ', '.join(why) + ')' if why else 'unchanged'}, "
              f"{entry['page_count']} pages, {entry['puzzle_count']} puzzles, "
              f"spine {entry['spine_width_in']:.4f} in -> {entry['interior']}, {entry['cover']}",
              file=sys.stderr)
    written = sum(1 for why in built.changes.values() if why)
    print(f"{written} of {len(built.entries)} books written"
          + ("; nothing changed" if not written else "")
          + f"; manifest {args.out / 'manifest.json'}", file=sys.stderr)
    return 0


def run_freeze(args) -> int:
    from pipeline.book.build import resolve_layout_args
    from pipeline.book.freeze import freeze

    (path,) = resolve_layout_args([args.book], args.layouts_dir)
    lock = path.with_name(f"{path.stem}.lock.jsonl")
    if lock.exists() and not args.force and not args.how_to:
        raise InputError("the book is already frozen (use --force to replace the lock)",
                         file=str(lock))
    written = freeze(path, args.catalog, workers=args.workers, progress=not args.quiet,
                     how_to=args.how_to)
    print(f"wrote {written}", file=sys.stderr)
    return 0


def run_publish(args) -> int:
    from pipeline.book.publish import publish

    return publish(args.books, args.layouts_dir, args.manifest, args.catalog)


def run_ledger(args) -> int:
    from pipeline.book.publish import show_ledger

    return show_ledger(args.books, args.layouts_dir, args.manifest, args.catalog,
                       boards=args.boards)


def run_diff(args) -> int:
    from pipeline.readback.diff import run_diff as diff

    return diff(args.book, args.layouts_dir, args.manifest, gallery=not args.no_gallery)


def run_readback(args) -> int:
    from pipeline.readback import preflight, proof

    return (proof if args.command == "proof" else preflight).run(args)


def run_explain(args) -> int:
    from pipeline.family import get_family

    with Catalog(args.catalog) as catalog:
        record = next(catalog.records(ids=[args.id]), None)
    if record is None:
        raise InputError(f"no puzzle {args.id!r} in {args.catalog}", field="id")
    family = get_family(record.family)
    print(f"{record.id} ({record.key}, {record.generator})")
    for number, line in enumerate(family.explain(record.puzzle), start=1):
        print(f"{number:3d}. {line}")
    return 0


# Benchmark sections beyond the families (whose sections are their `bench` slot). The
# default run takes BENCH_SECTIONS after the families; the long
# generation sections (catalogs of 50,000 boards, Dask clusters) run only when named.
@dataclass(frozen=True)
class BenchSection:
    """A benchmark section of the book layer or the driver: `function(quick)` of `module`,
    imported only when the section runs."""

    module: str
    function: str = "run"

    def __call__(self, quick: bool) -> dict:
        import importlib

        return vars(importlib.import_module(self.module))[self.function](quick=quick)


BENCH_SECTIONS = {
    "books": BenchSection("pipeline.book.bench"),
    "readback": BenchSection("pipeline.readback.bench"),
    "hints": BenchSection("pipeline.book.hints_bench"),
}
ON_REQUEST_SECTIONS = {
    "scaling": BenchSection("pipeline.generate_bench", "run_scaling"),
    "executors": BenchSection("pipeline.generate_bench", "run_executors"),
}


def run_bench(args) -> int:
    """Each family's benchmark (its `bench` slot), then the book and read-back benchmarks, or
    only the `--section`s named; printed and written to --output, section by section, so an
    interrupted run keeps what it measured. Benchmarks measure; they never pass or fail."""
    import json

    from pipeline.atomic import write_json
    from pipeline.family import family_names, get_family

    known = {**BENCH_SECTIONS, **ON_REQUEST_SECTIONS}
    names = args.family or ([] if args.section else list(family_names()))
    sections = {name: get_family(name).bench for name in names}  # unknown names fail here
    for name in args.section or ([] if args.family else BENCH_SECTIONS):
        if name not in known:
            raise InputError(f"unknown section {name!r} (known: {', '.join(known)})",
                             field="--section")
        sections[name] = known[name]
    output: Path = args.output
    results = {}
    if output.exists():
        # Earlier sections' results are kept; a file that is not a results object is an
        # error naming it, never silently emptied.
        try:
            results = json.loads(output.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise InputError(f"not a benchmark results file ({type(error).__name__}); remove "
                             f"it or name another with --output", file=str(output)) from None
        if not isinstance(results, dict):
            raise InputError("not a benchmark results file (expected an object); remove it "
                             "or name another with --output", file=str(output))
    for name, run in sections.items():
        print(f"== {name}", file=sys.stderr)
        results[name] = run(quick=args.quick)
        write_json(output, results, indent=2)
    print(f"wrote {output}", file=sys.stderr)
    return 0
