"""Shared pieces of the book tests: the toy family, small layouts and builds. The produced PDFs
are read back by pipeline.readback, the same reader and checks that preflight runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import books_fake
from pipeline import family as family_module


@pytest.fixture(scope="module")
def toy():
    """Registers the toy family for one test module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(family_module._FAMILY_MODULES, "toy", "books_fake")
        books_fake.SALT["value"] = ""
        yield books_fake.FAMILY
        books_fake.SALT["value"] = ""


def layout_text(title="Toy Book", *, sections=None, **fields) -> str:
    """TOML for a small toy layout; `fields` override top-level keys (None drops one)."""
    top = {"title": title, "subtitle": "For tests", "author": "Test Press", "trim": "6x9",
           "paper": "white"}
    top.update(fields)
    lines = []
    for key, value in top.items():
        if value is not None:
            lines.append(f"{key} = {_toml(value)}")
    for section in sections or [
        {"family": "toy", "level": "small", "count": 12, "puzzles_per_page": 1,
         "solutions_per_page": 4},
        {"family": "toy", "level": "big", "count": 8, "puzzles_per_page": 2,
         "solutions_per_page": 2},
    ]:
        lines.append("")
        lines.append("[[sections]]")
        for key, value in section.items():
            lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return str(value)


def write_layout(root: Path, slug: str, text: str) -> Path:
    folder = root / "layouts"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ledger.jsonl").touch()   # a first title's ledger: empty, but there
    path = folder / f"{slug}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def build(root: Path, paths: list[Path], out: str = "build", catalog: str = "catalog.sqlite"):
    from pipeline.book.build import build_books
    entries = build_books(paths, root / catalog, root / out, workers=1, progress=False)
    manifest = json.loads((root / out / "manifest.json").read_text())
    return entries, manifest


# --- reading PDFs back ------------------------------------------------------------------------------
def read_back(root: Path, entry: dict, records: dict | None = None):
    """A built book's PDFs read back by the one reader, ready for the preflight checks."""
    from pipeline.readback.loaded import load_book
    return load_book(entry, records or {}, root)


def colour_spaces(pages) -> set[str]:
    """Every colour space the pages name or paint in (the reader records both)."""
    return set().union(*(page.colour_spaces for page in pages))
