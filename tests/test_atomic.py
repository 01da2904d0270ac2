"""The one writer of output files: a file or a folder is replaced whole or not at all."""

import os

import pytest

from pipeline import atomic


def _broken(*_args):
    raise OSError("disk full")


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "book" / "interior.pdf"
    atomic.write_bytes(target, b"%PDF old edition")
    monkeypatch.setattr(atomic.os, "fsync", _broken)
    with pytest.raises(OSError):
        atomic.write_bytes(target, b"%PDF new edition, never finished")
    assert target.read_bytes() == b"%PDF old edition"
    assert os.listdir(target.parent) == ["interior.pdf"]


def test_a_written_file_is_synced_before_the_rename(tmp_path, monkeypatch):
    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(atomic.os, "replace",
                        lambda a, b: (events.append("rename"), real_replace(a, b)))
    atomic.write_json(tmp_path / "preflight.json", {"passed": True})
    assert events[:2] == ["fsync", "rename"]
    assert (tmp_path / "preflight.json").read_text() == '{\n "passed": true\n}\n'
    assert oct((tmp_path / "preflight.json").stat().st_mode & 0o777) == "0o644"


def test_a_staged_folder_replaces_the_old_one_whole(tmp_path):
    folder = tmp_path / "proofs"
    folder.mkdir()
    (folder / "old.svg").write_text("old")
    with atomic.staged_folder(folder) as staging:
        (staging / "new.svg").write_text("new")
        assert (folder / "old.svg").exists()  # untouched until the block ends
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proofs"]
    assert [p.name for p in folder.iterdir()] == ["new.svg"]


def test_a_failed_staged_folder_leaves_the_old_one(tmp_path):
    folder = tmp_path / "proofs"
    folder.mkdir()
    (folder / "old.svg").write_text("old")
    with pytest.raises(KeyboardInterrupt):
        with atomic.staged_folder(folder) as staging:
            (staging / "half.svg").write_text("half")
            raise KeyboardInterrupt
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proofs"]
    assert [p.name for p in folder.iterdir()] == ["old.svg"]


def test_every_output_goes_through_the_one_writer():
    """No other module renames, replaces or makes temporary files of its own for outputs."""
    import pathlib
    import re

    root = pathlib.Path(atomic.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        if path.name == "atomic.py":
            continue
        text = path.read_text()
        for pattern in (r"os\.replace\(", r"\.rename\(", r"mkstemp\(", r"\.with_suffix\(\"\.tmp",
                        r"\.tmp\"\)"):
            if re.search(pattern, text):
                offenders.append(f"{path.relative_to(root)}: {pattern}")
    assert offenders == []
