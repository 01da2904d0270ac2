"""How many worker processes a command runs: the one place a `--workers` value is read."""

from __future__ import annotations

import os

from pipeline.errors import InputError


def worker_count(requested: int | None) -> int:
    """The processes to run: `requested`, or every core when none was asked for. Zero or a
    negative count is bad input (one line naming --workers), never taken as "the default"."""
    if requested is None:
        return os.cpu_count() or 1
    if requested < 1:
        raise InputError(f"must be 1 or more (got {requested})", field="--workers")
    return requested
