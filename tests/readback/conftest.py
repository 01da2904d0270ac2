"""A real book built by the book layer, shared by the read-back tests that need one."""

import json
import pytest

from pipeline.readback import loaded

LAYOUT = """title = "Guard Sampler"
author = "Test Press"
trim = "6x9"
paper = "white"

[[sections]]
family = "starbattle"
level = "easy"
count = 5
puzzles_per_page = 1
solutions_per_page = 1

[[sections]]
family = "bridges"
level = "easy"
count = 5
puzzles_per_page = 1
solutions_per_page = 1
"""


@pytest.fixture(scope="session")
def real_book(tmp_path_factory):
    """(root, manifest entry with absolute paths, catalog records) of a small real book."""
    from pipeline.book.build import build_books

    root = tmp_path_factory.mktemp("guards")
    (root / "layouts").mkdir()
    (root / "layouts" / "ledger.jsonl").touch()
    (root / "layouts" / "guard.toml").write_text(LAYOUT)
    build_books([root / "layouts" / "guard.toml"], root / "catalog.sqlite", root / "build",
                workers=1, progress=False)
    manifest = json.loads((root / "build" / "manifest.json").read_text())
    (book,) = manifest["books"]
    book = dict(book, interior=str(root / book["interior"]), cover=str(root / book["cover"]))
    records = loaded.catalog_records(root / "catalog.sqlite", [book])
    return root, book, records


