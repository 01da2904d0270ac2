"""Progress of the long runs: a bar on a terminal, plain lines in a log.

tqdm redraws its bar with carriage returns: right on a terminal, noise in a file (CI,
`make books > log 2>&1`, where a cold build's log was mostly redraws). So when stdout or
stderr is not a terminal, a display prints nothing while it runs and one line when an item
finishes (a book: its pages and seconds) and when it ends (a level: its boards and seconds).
Every progress display of the package is made here.
"""

from __future__ import annotations

import os
import sys
import time


def on_terminal() -> bool:
    """Both output streams are terminals: a bar can redraw without filling a log.
    PIPELINE_PROGRESS=bars or =lines decides instead (a test watching a bar through a pipe)."""
    chosen = os.environ.get("PIPELINE_PROGRESS")
    if chosen in ("bars", "lines"):
        return chosen == "bars"
    try:
        return sys.stdout.isatty() and sys.stderr.isatty()
    except (AttributeError, ValueError):   # a replaced or closed stream
        return False


def progress(*, desc: str, total: int, unit: str, enabled: bool = True, leave: bool = True,
             log: bool = True, initial: int = 0):
    """A display with `update`, `note`, `write` and `close` (also a context manager): a
    tqdm bar on a terminal, else `Lines`. `log=False`: no closing line in a log (a display
    whose items say it all); `enabled=False`: nothing at all."""
    if enabled and on_terminal():
        return Bar(desc=desc, total=total, unit=unit, leave=leave, initial=initial)
    return Lines(desc=desc, total=total, unit=unit, enabled=enabled, closing=enabled and log,
                 initial=initial)


class Bar:
    def __init__(self, *, desc, total, unit, leave, initial):
        from tqdm import tqdm
        self._bar = tqdm(total=total, initial=initial, desc=desc, unit=unit, leave=leave,
                         dynamic_ncols=True)

    def update(self, count: int = 1, label: str | None = None, seconds: float | None = None):
        self._bar.update(count)
        if label:
            self._bar.set_postfix_str(label)

    def note(self, text: str) -> None:
        self._bar.set_postfix_str(text)

    def write(self, text: str) -> None:
        self._bar.write(text, file=sys.stderr)

    def close(self) -> None:
        self._bar.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Lines:
    """The log form: `update` with a label (a finished item) prints that item's line
    ("<label>: 284 pages, 6.1 s"); `close` prints one for the whole ("<desc>: 200 of 200
    boards, 12.3 s"), with the last `note`."""

    def __init__(self, *, desc, total, unit, enabled, closing, initial):
        self.desc, self.total, self.unit = desc, total, unit
        self.enabled, self.closing = enabled, closing
        self.done, self.noted, self.closed = initial, "", False
        self.started = time.perf_counter()

    def update(self, count: int = 1, label: str | None = None, seconds: float | None = None):
        self.done += count
        if label and self.enabled:
            took = time.perf_counter() - self.started if seconds is None else seconds
            self.write(f"{label}: {count} {self.unit}s, {took:.1f} s "
                       f"({self.done} of {self.total})")

    def note(self, text: str) -> None:
        self.noted = text

    def write(self, text: str) -> None:   # a message, printed even when quiet (as tqdm's)
        print(text, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.closing:
            self.write(f"{self.desc}: {self.done} of {self.total} {self.unit}s, "
                       f"{time.perf_counter() - self.started:.1f} s"
                       + (f" ({self.noted})" if self.noted else ""))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
