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


def _fd_path(fd: int) -> str:
    return os.readlink(f"/proc/self/fd/{fd}")


def _record_renames(monkeypatch, events):
    real_rename = atomic.Path.rename
    monkeypatch.setattr(atomic.Path, "rename",
                        lambda self, target: (events.append(("rename", str(self))),
                                              real_rename(self, target))[1])


def _staged_proofs(folder):
    names = [f"interior-{n:03d}.svg" for n in range(1, 41)] + ["index.html"]
    with atomic.staged_folder(folder) as staging:
        for name in names:
            (staging / name).write_text(name)
    return names


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc to name an fd")
def test_where_there_is_no_syncfs_every_file_is_synced_before_the_swap(tmp_path, monkeypatch):
    events = []
    real_fsync = os.fsync
    monkeypatch.setattr(atomic, "_syncfs", lambda folder: False)
    monkeypatch.setattr(atomic.os, "fsync",
                        lambda fd: (events.append(("fsync", _fd_path(fd))), real_fsync(fd)))
    _record_renames(monkeypatch, events)
    names = _staged_proofs(tmp_path / "proofs")
    swap = events.index(("rename", str(tmp_path / "proofs.tmp")))
    synced = {os.path.basename(path) for kind, path in events[:swap] if kind == "fsync"}
    assert synced == set(names)
    assert sorted(p.name for p in (tmp_path / "proofs").iterdir()) == sorted(names)


def test_a_staged_folder_is_synced_whole_before_the_swap(tmp_path, monkeypatch):
    events = []
    real_syncfs = atomic._syncfs
    monkeypatch.setattr(atomic, "_syncfs", lambda folder: (events.append(("syncfs", str(
        folder))), real_syncfs(folder))[1])
    _record_renames(monkeypatch, events)
    names = _staged_proofs(tmp_path / "proofs")
    assert events[:2] == [("syncfs", str(tmp_path / "proofs.tmp")),
                          ("rename", str(tmp_path / "proofs.tmp"))]
    assert sorted(p.name for p in (tmp_path / "proofs").iterdir()) == sorted(names)


@pytest.mark.skipif(not os.path.exists("/proc/self/fd"), reason="syncfs(2) is Linux's")
def test_syncfs_is_called_where_linux_has_it(tmp_path):
    assert atomic._syncfs(tmp_path) is True


@pytest.mark.parametrize("has_syncfs", [True, False])
@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc to name an fd")
def test_a_failed_sync_in_a_staged_folder_leaves_the_old_one(tmp_path, monkeypatch, has_syncfs):
    folder = tmp_path / "proofs"
    folder.mkdir()
    (folder / "old.svg").write_text("old")
    if has_syncfs:
        monkeypatch.setattr(atomic, "_syncfs", _broken)
    else:
        real_fsync = os.fsync
        monkeypatch.setattr(atomic, "_syncfs", lambda folder: False)
        monkeypatch.setattr(atomic.os, "fsync", lambda fd: _broken() if _fd_path(fd).endswith(
            "page-7.svg") else real_fsync(fd))
    with pytest.raises(OSError):
        with atomic.staged_folder(folder) as staging:
            for n in range(20):
                (staging / f"page-{n}.svg").write_text("new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proofs"]
    assert [p.name for p in folder.iterdir()] == ["old.svg"]


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


# What writing an output beside the one writer looks like: a rename or replace into place,
# a temporary file made by hand.
ROGUE_WRITES = (r"os\.replace\(", r"\.rename\(", r"mkstemp\(", r"\.with_suffix\(\"\.tmp",
                r"\.tmp\"\)")


def rogue_writes(root) -> list[str]:
    """`file: pattern` for every module under `root` but atomic.py that writes an output its
    own way."""
    import re

    offenders = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "atomic.py":
            continue
        text = path.read_text()
        for pattern in ROGUE_WRITES:
            if re.search(pattern, text):
                offenders.append(f"{path.relative_to(root)}: {pattern}")
    return offenders


def test_every_output_goes_through_the_one_writer():
    """No other module renames, replaces or makes temporary files of its own for outputs."""
    import pathlib

    root = pathlib.Path(atomic.__file__).parent
    assert len(list(root.rglob("*.py"))) > 50   # the scan reads the package
    assert rogue_writes(root) == []


@pytest.mark.parametrize("line, pattern", [
    ("os.replace(tmp, path)", ROGUE_WRITES[0]),
    ("staging.rename(target)", ROGUE_WRITES[1]),
    ("fd, name = tempfile.mkstemp(dir=folder)", ROGUE_WRITES[2]),
    ('partial = path.with_suffix(".tmp.pdf")', ROGUE_WRITES[3]),
    ('partial = Path(str(path) + ".tmp")', ROGUE_WRITES[4]),
])
def test_a_module_writing_its_own_way_is_caught(tmp_path, line, pattern):
    (tmp_path / "readback").mkdir()
    (tmp_path / "atomic.py").write_text("os.replace(a, b)\n")   # the one writer may
    (tmp_path / "readback" / "report.py").write_text(f"def write(path):\n    {line}\n")
    assert rogue_writes(tmp_path) == [f"readback/report.py: {pattern}"]
