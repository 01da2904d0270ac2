"""Ctrl-C: one line from the main process, no traceback from its workers, and never an
interrupt inside a pool's own bookkeeping.

Python runs a signal handler between two bytecodes of the main thread, wherever they fall,
and the KeyboardInterrupt it raises can leave a lock of the standard library's pools held:
`threading.Condition.__enter__` is Python code, and an interrupt raised as it returns, the
lock taken, leaves the `with` block that would let it go never entered. The pool's own thread
then waits on that lock for ever, and so does the command when it shuts the pool down: Ctrl-C
while a book's boards were generated hung one run in 120 with the machine busy, and hangs
every time the interrupt comes at that point (tests/test_interrupts.py). So while the main
process talks to a pool it holds the interrupt back (`held()`) and raises it the moment the
talk ends, and it waits on a pool in short polls (`finished`, `as_completed`), so an interrupt
is never held longer than one poll.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Iterable, Iterator

POLL_SECONDS = 0.1   # the longest an interrupt waits while the main process waits on a pool


class _Heard:
    """What the handler knows: the process it speaks for, how deep the main thread is in
    held regions, and whether an interrupt came while it was."""
    main_process: int | None = None
    holding = 0
    pending = False
    signals: list = []


@contextlib.contextmanager
def ended_quietly() -> Iterator[list]:
    """Ctrl-C reaches every process of the terminal's group: the main process stops with
    KeyboardInterrupt (reported in one line by the caller), worker processes forked from it
    end at once without a traceback of their own. Yields the list of signals heard, so a
    caller that sees a pool broken by its dead workers before the interrupt itself can tell."""
    heard: list = []
    if threading.current_thread() is not threading.main_thread():
        yield heard
        return
    _Heard.main_process, _Heard.holding, _Heard.pending, _Heard.signals = \
        os.getpid(), 0, False, heard
    previous = signal.signal(signal.SIGINT, _on_interrupt)
    try:
        yield heard
    finally:
        signal.signal(signal.SIGINT, previous)
        _Heard.main_process = None


def _on_interrupt(signum, frame) -> None:
    if os.getpid() != _Heard.main_process:
        os._exit(130)
    _Heard.signals.append(signum)
    if _Heard.holding:
        _Heard.pending = True
        return
    raise KeyboardInterrupt


class held:
    """A region of the main thread that an interrupt does not enter: one that comes is
    raised as the outermost region is left (from the exception leaving it, if one is).
    Outside `ended_quietly`, and in any other thread (only the main one runs the handler),
    it changes nothing."""

    def __enter__(self) -> None:
        self.counted = threading.current_thread() is threading.main_thread()
        if self.counted:   # only the main thread runs the handler
            _Heard.holding += 1

    def __exit__(self, kind, error, trace) -> None:
        if not self.counted:
            return
        _Heard.holding -= 1
        if _Heard.holding == 0 and _Heard.pending:
            _Heard.pending = False
            raise KeyboardInterrupt from error


def finished(futures: Iterable[Future]) -> set[Future]:
    """The finished ones of `futures` (concurrent.futures), waiting until there is one (none
    when there are none, as `wait` answers)."""
    futures = set(futures)
    while futures:
        with held():
            done, _ = wait(futures, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
        if done:
            return done
    return set()


def as_completed(futures: Iterable[Future]) -> Iterator[Future]:
    """Each of `futures` as it finishes, as concurrent.futures.as_completed."""
    waiting = set(futures)
    while waiting:
        for future in finished(waiting):
            waiting.discard(future)
            yield future


def result(future: Future):
    """`future.result()` of a finished future (its condition's lock taken and let go)."""
    with held():
        return future.result()
