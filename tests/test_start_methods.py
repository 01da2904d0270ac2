"""Every pool runs where processes are not forked: macOS and Windows start them with `spawn`,
Linux from Python 3.14 with `forkserver`. A worker that counts on state its parent left in a
module finds it empty there, so these run a parallel preflight and a parallel generation
with the start method set to spawn, in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from books_helpers import layout_text, write_layout

ROOT = Path(__file__).resolve().parents[1]

# The command line, with processes started as the argument says.
RUN_WITH = """
import multiprocessing, sys
multiprocessing.set_start_method(sys.argv[1])
from pipeline.cli import main
sys.exit(main(sys.argv[2:]))
"""



def sections(family: str) -> list[dict]:
    """A book of one family's boards, so two books share none (their ledger check passes)."""
    return [{"family": family, "level": "easy", "count": 14, "puzzles_per_page": 1,
             "solutions_per_page": 4}]


def run(method: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", RUN_WITH, method, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def two_books(tmp_path_factory):
    """Two small books of real families, built in this process (one worker)."""
    from pipeline.book.build import build_books

    root = tmp_path_factory.mktemp("spawned")
    paths = [write_layout(root, slug, layout_text(slug.title(), sections=sections(family)))
             for slug, family in (("one", "starbattle"), ("two", "sudoku"))]
    build_books(paths, root / "catalog.sqlite", root / "build", workers=1, progress=False)
    return root


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_a_parallel_preflight_runs_when_processes_are_not_forked(two_books, method):
    done = run(method, "--catalog", str(two_books / "catalog.sqlite"), "preflight", "--force",
               "--proofs", "--workers", "2", "--manifest",
               str(two_books / "build" / "manifest.json"))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "2 of 2 books read back" in done.stderr
    for slug in ("one", "two"):
        report = json.loads((two_books / "build" / slug / "preflight.json").read_text())
        assert report["passed"]
        assert (two_books / "build" / slug / "proofs" / "index.html").is_file()


def test_a_parallel_generation_runs_under_spawn(tmp_path):
    catalog = tmp_path / "catalog.sqlite"
    done = run("spawn", "--catalog", str(catalog), "generate", "--family", "starbattle",
               "--level", "easy", "--count", "6", "--workers", "2", "--quiet")
    assert done.returncode == 0, done.stderr[-2000:]
    exported = subprocess.run([sys.executable, "-m", "pipeline", "--catalog", str(catalog),
                               "export", "--family", "starbattle"], cwd=tmp_path,
                              capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(exported) == 6


@pytest.mark.parametrize("workers", ["0", "-2"])
@pytest.mark.parametrize("command", [["preflight"], ["generate", "--family", "starbattle",
                                                     "--count", "1"], ["books"]])
def test_a_worker_count_below_one_is_refused_in_one_line(tmp_path, command, workers):
    done = subprocess.run([sys.executable, "-m", "pipeline", "--catalog",
                           str(tmp_path / "c.sqlite"), *command, "--workers", workers,
                           *(["--manifest", str(tmp_path / "none.json")]
                             if command == ["preflight"] else [])],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == f"pipeline: <input>: --workers: must be 1 or more (got {workers})"
