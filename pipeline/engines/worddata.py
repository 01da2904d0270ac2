"""Word data a layout names for a section (`words = "..."`): where it is, and its digest.

A word family makes its boards from its own data (the themes or the word list in its folder)
unless a layout names a file or a folder of its own. The family reads and checks that data
(`Family.read_words`); this module only finds it, digests its bytes and hands it to the
generator. The digest names the boards made from it: their catalog level is the level with
the digest (`pipeline.records.level_space`), so a changed file gives other boards, the same
bytes the same boards on any machine, and they are never mistaken for the family's own.

Generation runs in worker processes (local or on a Dask cluster), which receive a
`WordSource` (path and digest), never the data itself: each worker reads the data again and
refuses it when its digest is not the one the layout was read with (the file changed under
the build), so every board of one catalog level comes from exactly the same bytes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.errors import InputError

DIGEST_CHARS = 16    # hex digits of the sha256 kept in a catalog level's name (64 bits)
FOLDER_FILES = "*.txt"   # the files a folder of word data holds


@dataclass(frozen=True)
class WordSource:
    """A layout's word data: its path (a file, or a folder of `*.txt` files) and the digest of
    its bytes."""

    path: str
    digest: str


def data_files(path: Path) -> list[Path]:
    """The files word data at `path` is made of: the file itself, or a folder's `*.txt` files
    in name order. InputError when there is none."""
    if path.is_dir():
        found = sorted(path.glob(FOLDER_FILES), key=lambda p: p.name)
        if not found:
            raise InputError(f"the folder holds no {FOLDER_FILES} file", file=str(path),
                             field="words")
        return found
    if not path.is_file():
        raise InputError("no such file or folder", file=str(path), field="words")
    return [path]


def source_digest(path: Path) -> str:
    """The sha256 of word data's bytes (for a folder, each file's name and bytes in name
    order), cut to DIGEST_CHARS: what names its boards."""
    digest = hashlib.sha256()
    files = data_files(path)
    for file in files:
        try:
            data = file.read_bytes()
        except OSError as error:
            raise InputError(f"cannot be read ({error.strerror or error})", file=str(file),
                             field="words") from None
        if path.is_dir():
            digest.update(file.name.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:DIGEST_CHARS]


def word_source(path: Path) -> WordSource:
    path = Path(path).resolve()
    return WordSource(str(path), source_digest(path))


_READ: dict[tuple[str, str, str, str], Any] = {}   # what this process has read, by source


def words_for(family, source: WordSource, level: str) -> Any:
    """The family's reading of `source` for `level` (`Family.read_words`), read once a process,
    after checking the bytes are still those of `source.digest`."""
    key = (family.name, source.path, source.digest, level)
    if key not in _READ:
        now = source_digest(Path(source.path))
        if now != source.digest:
            raise InputError(f"changed while its boards were being made (digest {now}, the "
                             f"layout was read with {source.digest}); build again",
                             file=source.path, field="words")
        _READ[key] = family.read_words(Path(source.path), level)
    return _READ[key]
