"""`pipeline bench`: each family's benchmark, printed and written to build/bench.json.

Benchmarks measure; they never pass or fail. Each family module has a `bench` submodule with
`run(quick: bool) -> dict`; other parts of the pipeline (books, proofs, the generation driver)
add their own sections; `--section NAME` runs only those.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from pipeline.errors import InputError
from pipeline.family import _FAMILY_MODULES, get_family

# Sections beyond the families, run after them: name -> module with run(quick) -> dict.
EXTRA_SECTIONS: dict[str, str] = {
    "books": "pipeline.books_bench",
    "readback": "pipeline.readback.bench",
    "scaling": "pipeline.generate_bench:run_scaling",
    "executors": "pipeline.generate_bench:run_executors",
}


def run(args) -> int:
    names = args.family or ([] if args.section else list(_FAMILY_MODULES))
    for name in names:
        get_family(name)  # unknown names fail here, before any work
    sections = {name: f"{_FAMILY_MODULES[name]}.bench" for name in names}
    for name in args.section or ([] if args.family else EXTRA_SECTIONS):
        if name not in EXTRA_SECTIONS:
            raise InputError(f"unknown section {name!r} (known: {', '.join(EXTRA_SECTIONS)})",
                             field="--section")
        sections[name] = EXTRA_SECTIONS[name]
    results = {}
    output: Path = args.output
    if output.exists():
        try:
            results = json.loads(output.read_text())
        except json.JSONDecodeError:
            results = {}
    for name, module in sections.items():
        print(f"== {name}", file=sys.stderr)
        module, _, function = module.partition(":")
        results[name] = getattr(importlib.import_module(module), function or "run")(
            quick=args.quick)
        output.parent.mkdir(parents=True, exist_ok=True)
        tmp = output.with_suffix(".tmp")
        tmp.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
        tmp.replace(output)
    print(f"wrote {output}", file=sys.stderr)
    return 0
