"""Every output file is written here, whole or not at all.

A file goes to a temporary name in its own folder, is flushed to disk (fsync), then renamed
over the target: a reader (or a printer's upload) sees either the old file or the new one,
never a truncated one, whatever stops the writer midway (an error, Ctrl-C, a full disk). The
folder is synced after the rename so the new name itself survives a power cut.

A folder of files (the SVG proofs) is built beside its target under a staging name and
swapped in whole: the previous folder stays in place until the new one is complete.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from pipeline.interrupts import held

IO_THREADS = 16  # files of a staged folder synced (or an old one's removed) at once


def _sync_folder(folder: Path) -> None:
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:  # a folder that cannot be opened (some platforms): the rename stands
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _sync_one(path: Path) -> None:
    with path.open("rb") as handle:
        os.fsync(handle.fileno())


def _side_by_side(work, paths: list[Path]) -> None:
    """`work` on every path, in threads, before this returns (the first error raised).

    For syncs and unlinks: one at a time each waits for the file system's journal (a
    sequential sync or unlink of a book's 500 proofs took 1.8 s on this machine's ext4), side
    by side the journal takes them together (0.03 s)."""
    if len(paths) <= 1:
        for path in paths:
            work(path)
        return
    with held(), ThreadPoolExecutor(max_workers=min(IO_THREADS, len(paths))) as pool:
        for _ in pool.map(work, paths):
            pass


def _syncfs(folder: Path) -> bool:
    """Every file of the file system that holds `folder` on disk (Linux's syncfs(2)), or
    False where that call is not there (then each file is synced on its own)."""
    try:
        call = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):
        return False
    handle = os.open(folder, os.O_RDONLY)
    try:
        if call(handle) != 0:
            error = ctypes.get_errno()
            raise OSError(error, os.strerror(error), str(folder))
    finally:
        os.close(handle)
    return True


def _sync_files(folder: Path) -> None:
    """Every file under `folder` on disk before this returns. One syncfs for the whole
    folder: 500 new files of 20 kB took 0.01 s that way, 0.1 s synced one by one in threads."""
    if not _syncfs(folder):
        _side_by_side(_sync_one, [path for path in folder.rglob("*") if path.is_file()])


def _remove_folder(folder: Path, ignore_errors: bool = False) -> None:
    """`folder` and all in it: its files unlinked side by side, then the folders."""
    try:
        _side_by_side(os.unlink, [path for path in folder.rglob("*")
                                  if path.is_file() or path.is_symlink()])
    except OSError:
        if not ignore_errors:
            raise
    shutil.rmtree(folder, ignore_errors=ignore_errors)


def write_bytes(path: Path, data: bytes) -> None:
    """`data` at `path`, replacing what was there only once all of it is on disk."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)  # mkstemp makes 0600; outputs are ordinary files
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(path.parent)


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def write_json(path: Path, data, *, indent: int = 1, sort_keys: bool = True,
               ensure_ascii: bool = True) -> None:
    write_text(path, json.dumps(data, indent=indent, sort_keys=sort_keys,
                                ensure_ascii=ensure_ascii) + "\n")


@contextmanager
def staged_folder(folder: Path) -> Iterator[Path]:
    """Yield an empty staging folder beside `folder`; when the block ends without an error,
    swap it in for `folder` whole. On an error the staging folder goes and `folder` is left
    as it was.

    The swap is two renames (old aside, new in): between them `folder` is briefly absent,
    never partial."""
    folder = Path(folder)
    staging = folder.with_name(folder.name + ".tmp")
    old = folder.with_name(folder.name + ".old")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        yield staging
        _sync_files(staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if old.exists():
        _remove_folder(old)
    if folder.exists():
        folder.rename(old)
    staging.rename(folder)
    _sync_folder(folder.parent)
    if old.exists():
        _remove_folder(old, ignore_errors=True)
