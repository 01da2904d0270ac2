"""The `pipeline` command line. Bad input: one line naming file, line and field; exit 2."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pipeline.catalog import DEFAULT_PATH, Catalog, CatalogError
from pipeline.errors import InputError


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except InputError as error:
        print(f"pipeline: {error}", file=sys.stderr)
        return 2
    except CatalogError as error:
        print(f"pipeline: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pipeline: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


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
    generate.add_argument("--workers", type=int, default=None,
                          help="worker processes (default: all cores)")
    generate.add_argument("--quiet", action="store_true", help="no progress bar")
    generate.set_defaults(run=run_generate)

    export = commands.add_parser("export", help="print catalog records as JSON Lines")
    export.add_argument("--family")
    export.add_argument("--level")
    export.set_defaults(run=run_export)

    count = commands.add_parser("count", help="count the solutions of JSON Lines records")
    count.add_argument("file", nargs="?", default="-", help="records file (default stdin)")
    count.add_argument("--limit", type=int, default=2)
    count.set_defaults(run=run_count)

    explain = commands.add_parser("explain", help="print the deduction trace of a catalog board")
    explain.add_argument("id", help="puzzle id, for example starbattle-expert-0017")
    explain.set_defaults(run=run_explain)

    bench = commands.add_parser("bench", help="run the benchmarks, write build/bench.json")
    bench.add_argument("--quick", action="store_true", help="small samples, for a smoke run")
    bench.add_argument("--family", action="append", help="only these families")
    bench.add_argument("--output", type=Path, default=Path("build/bench.json"))
    bench.set_defaults(run=run_bench)
    return parser


def run_generate(args) -> int:
    from pipeline.family import check_level, get_family
    from pipeline.generate import fill

    family = get_family(args.family)
    levels = args.level or list(family.levels)
    for level in levels:
        check_level(family, level)
    if args.count < 0:
        raise InputError("must be zero or more", field="--count")
    with Catalog(args.catalog) as catalog:
        for level in levels:
            report = fill(catalog, family.name, level, args.count, workers=args.workers,
                          progress=not args.quiet)
            print(f"{family.name} {level}: {report.present} in catalog, {report.added} added, "
                  f"{report.attempts} attempts, {report.replaced} replaced as duplicates, "
                  f"{report.failed} failed, {report.seconds:.1f} s", file=sys.stderr)
    return 0


def run_export(args) -> int:
    from pipeline.family import check_level, get_family

    if args.family:
        family = get_family(args.family)
        if args.level:
            check_level(family, args.level)
    out = sys.stdout
    with Catalog(args.catalog) as catalog:
        for record in catalog.records(args.family, args.level):
            out.write(record.to_json() + "\n")
    return 0


def run_count(args) -> int:
    from pipeline.family import get_family
    from pipeline.records import read_records, require

    if args.limit < 1:
        raise InputError("must be at least 1", field="--limit")
    name = "<stdin>" if args.file == "-" else args.file
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")
    except OSError as error:
        raise InputError(error.strerror or "cannot open", file=name) from None
    boards = []
    with stream:
        for line, data in read_records(stream, name):
            try:
                family = get_family(require(data, "family", str))
                family.check_record(data)
                record_id = require(data, "id", str)
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


def run_bench(args) -> int:
    from pipeline.bench import run

    return run(args)
