"""Progress: bars on a terminal, one plain line per finished book or level in a log, and one
home (pipeline/progress.py) for every progress display."""

import re
from pathlib import Path

from books_helpers import layout_text, toy, write_layout  # noqa: F401 (fixture)
from pipeline import progress
from pipeline.cli import main


def books(tmp_path, *extra):
    return main(["--catalog", str(tmp_path / "catalog.sqlite"), "books", "--workers", "1",
                 "--layouts-dir", str(tmp_path / "layouts"), "--out", str(tmp_path / "build"),
                 *extra])


def test_in_a_log_progress_is_one_line_per_finished_level_and_book(tmp_path, toy, capsys):
    write_layout(tmp_path, "a", layout_text("Book A"))
    write_layout(tmp_path, "b", layout_text("Book B"))
    assert books(tmp_path) == 0   # captured output: not a terminal
    err = capsys.readouterr().err
    assert "\r" not in err and "\x1b" not in err, err
    lines = err.splitlines()
    # each level generated: one line with its count and time
    assert [line for line in lines if line.startswith("toy ")] == [
        line for line in lines if re.fullmatch(r"toy (small|big): \d+ of \d+ boards, [\d.]+ s"
                                               r"( \(attempts=\d+, failed=\d+\))?", line)]
    assert {line.split(":")[0] for line in lines if line.startswith("toy ")} == {"toy small",
                                                                                 "toy big"}
    # each book written: one line with its pages and time
    for slug in "ab":
        assert len([line for line in lines if re.fullmatch(
            rf" *{slug}: 30 of 30 pages, [\d.]+ s", line)]) == 1, err


def test_on_a_terminal_the_bars_stay(monkeypatch, capsys):
    monkeypatch.setattr(progress, "on_terminal", lambda: True)
    with progress.progress(desc="pages", total=3, unit="page") as bar:
        for _ in range(3):
            bar.update(1, label="a")
    assert "\r" in capsys.readouterr().err   # tqdm redraws its line


def test_every_progress_display_goes_through_the_one_helper():
    package = Path(progress.__file__).parent
    users = sorted(str(path.relative_to(package)) for path in package.rglob("*.py")
                   if "tqdm" in path.read_text(encoding="utf-8"))
    assert users == ["progress.py"], users
