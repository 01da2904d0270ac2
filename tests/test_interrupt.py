"""Ctrl-C during `generate` and `books`: one line, exit status 130, the catalog consistent, no
partial output file. The interrupt is sent as a terminal sends it: SIGINT to the whole process
group, workers included."""

import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time

from pipeline.catalog import Catalog
from pipeline.records import fingerprint

MESSAGE = ("pipeline: interrupted; the catalog keeps every board finished, no partial file was "
           "written")


def committed(path) -> int:
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0]
    except sqlite3.OperationalError:  # the tables are not made yet
        return 0


def interrupt_when(arguments, ready, timeout=300):
    """Run `pipeline ARGUMENTS`, press Ctrl-C once `ready(stderr so far)` holds; (status,
    stderr). Progress is drawn as bars, as on a terminal, so `ready` can watch them."""
    run = subprocess.Popen([sys.executable, "-m", "pipeline", *arguments], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True,
                           env={**os.environ, "PIPELINE_PROGRESS": "bars"})
    err: list[str] = []
    reader = threading.Thread(target=lambda: err.extend(iter(lambda: run.stderr.read(1), "")))
    reader.start()
    deadline = time.monotonic() + timeout
    while not ready("".join(err)):
        assert run.poll() is None, f"finished before it could be interrupted: {''.join(err)}"
        assert time.monotonic() < deadline, "never got ready"
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGINT)
    run.wait(timeout=300)
    reader.join()
    return run.returncode, "".join(err)


def assert_one_line(status, err):
    assert status == 130, err
    # Progress bars redraw their line with carriage returns; the message is the last line.
    assert "Traceback" not in err and re.split(r"[\r\n]+", err.strip())[-1] == MESSAGE, err


def assert_catalog_consistent(path, family, level):
    with Catalog(path) as catalog:
        records = list(catalog.records(family, level))
    assert records, "nothing was committed before the interrupt"
    assert [int(r.id[-4:]) for r in records] == list(range(1, len(records) + 1))
    assert all(r.sha256 == fingerprint(r.puzzle, r.solution) for r in records)


def test_ctrl_c_during_generate(tmp_path):
    catalog = tmp_path / "c.sqlite"
    status, err = interrupt_when(
        ["--catalog", str(catalog), "generate", "--family", "starbattle", "--level", "medium",
         "--count", "500", "--workers", "2", "--quiet"], lambda err: committed(catalog) >= 3)
    assert_one_line(status, err)
    assert_catalog_consistent(catalog, "starbattle", "medium")
    assert not list(tmp_path.glob("*.tmp"))


def book_layout(tmp_path, count):
    folder = tmp_path / "layouts"
    folder.mkdir()
    (folder / "ledger.jsonl").touch()
    (folder / "interrupted.toml").write_text(
        'title = "Interrupted"\nauthor = "Test Press"\ntrim = "6x9"\npaper = "white"\n\n'
        f'[[sections]]\nfamily = "starbattle"\nlevel = "easy"\ncount = {count}\n'
        "puzzles_per_page = 1\nsolutions_per_page = 4\n")
    return folder


def assert_no_partial_output(out):
    files = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    assert not [p for p in files if p.name.endswith(".tmp")], files
    for pdf in (p for p in files if p.suffix == ".pdf"):
        assert pdf.read_bytes().rstrip().endswith(b"%%EOF"), pdf


def test_ctrl_c_while_books_generate_their_boards(tmp_path):
    catalog, out = tmp_path / "c.sqlite", tmp_path / "out"
    layouts = book_layout(tmp_path, 400)
    status, err = interrupt_when(
        ["--catalog", str(catalog), "books", "--layouts-dir", str(layouts), "--out", str(out),
         "--workers", "2", "--quiet"], lambda err: committed(catalog) >= 3)
    assert_one_line(status, err)
    assert_catalog_consistent(catalog, "starbattle", "easy")
    assert_no_partial_output(out)
    assert not (out / "manifest.json").exists()


def test_ctrl_c_while_books_write_their_pages(tmp_path):
    catalog, out = tmp_path / "c.sqlite", tmp_path / "out"
    layouts = book_layout(tmp_path, 60)
    from pipeline.generate import fill
    with Catalog(catalog) as filled:
        fill(filled, "starbattle", "easy", 61, workers=2, progress=False)
    status, err = interrupt_when(
        ["--catalog", str(catalog), "books", "--layouts-dir", str(layouts), "--out", str(out)],
        lambda err: re.search(r"  interrupted: +[1-9][0-9]?%", err))  # drawing its pages
    assert_one_line(status, err)
    assert_no_partial_output(out)
    assert not (out / "interrupted" / "interior.pdf").exists()
    assert not (out / "manifest.json").exists()
