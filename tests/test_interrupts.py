"""Ctrl-C is taken between a pool's calls, never inside one (pipeline/interrupts.py).

Each test sends SIGINT to this (the main) thread from inside a call, as a terminal's Ctrl-C
may land there, and checks that the call still ran to its end before KeyboardInterrupt came.
The end-to-end runs are in test_interrupt.py."""

import multiprocessing
import signal
import subprocess
import sys
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import pipeline.interrupts as interrupts
from pipeline.atomic import _side_by_side
from pipeline.book.build import _book_pool
from pipeline.generate import LocalExecutor
from pipeline.interrupts import ended_quietly, held, result
from pipeline.readback.preflight import each_in_worker_processes


def press_ctrl_c() -> None:
    """SIGINT to the main thread; Python runs its handler at the next call's end."""
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
    len(())


def interrupted_inside(monkeypatch, owner, name: str) -> list:
    """`owner.name` made to press Ctrl-C before it runs; the list gets its name when the
    call has run to its end."""
    real = getattr(owner, name)
    ended: list = []

    def pressed(*args, **kwargs):
        press_ctrl_c()
        out = real(*args, **kwargs)
        ended.append(name)
        return out

    monkeypatch.setattr(owner, name, pressed)
    return ended


def echo(value):
    return value


# Ctrl-C as the pool's queue lock is taken, the moment before Python enters the `with` block
# that lets it go (a profile hook raises there as the signal handler would): the hang seen
# when a run of `pipeline books` was interrupted, made to happen every time.
LOCK_TAKEN = """
import queue, signal, sys, threading
from pipeline.generate import LocalExecutor
from pipeline.interrupts import ended_quietly
from tests.test_interrupts import echo

def ctrl_c_with_the_queue_lock_taken(frame, event, arg):
    if (event == "c_return" and frame.f_code is threading.Condition.__enter__.__code__
            and frame.f_back.f_code is queue.Queue.put.__code__):
        sys.setprofile(None)
        signal.getsignal(signal.SIGINT)(signal.SIGINT, frame)

with ended_quietly():
    executor = LocalExecutor(2)
    executor.submit(echo, 0)
    executor.results()
    try:
        sys.setprofile(ctrl_c_with_the_queue_lock_taken)
        executor.submit(echo, 1)
    except KeyboardInterrupt:
        print("interrupted")
    sys.setprofile(None)
    executor.close()
print("closed")
"""


def test_an_interrupt_waits_for_the_held_region_to_end():
    reached = []
    with ended_quietly() as heard, pytest.raises(KeyboardInterrupt):
        with held():
            press_ctrl_c()
            reached.append("the rest of the region")
    assert reached == ["the rest of the region"]
    assert heard == [signal.SIGINT]


def test_nested_regions_raise_when_the_outermost_ends():
    reached = []
    with ended_quietly(), pytest.raises(KeyboardInterrupt):
        with held():
            with held():
                press_ctrl_c()
            reached.append("the outer region, after the inner one")
    assert reached == ["the outer region, after the inner one"]


def test_an_error_leaving_the_region_becomes_the_interrupt_it_held():
    with ended_quietly(), pytest.raises(KeyboardInterrupt) as raised:
        with held():
            press_ctrl_c()
            raise RuntimeError("the pool broke")
    assert isinstance(raised.value.__cause__, RuntimeError)


def test_no_interrupt_held_is_raised_after_the_region():
    with ended_quietly() as heard:
        with held():
            pass
    assert heard == []


@pytest.mark.parametrize("owner, name", [(ProcessPoolExecutor, "submit"),
                                         (interrupts, "wait"),
                                         (ProcessPoolExecutor, "shutdown")])
def test_a_generating_pool_finishes_the_call_an_interrupt_lands_in(monkeypatch, owner, name):
    ended = interrupted_inside(monkeypatch, owner, name)
    with ended_quietly() as heard, pytest.raises(KeyboardInterrupt):
        with LocalExecutor(2) as executor:
            executor.submit(echo, 1)
            assert executor.results() == [1]
    assert ended == [name] and heard == [signal.SIGINT]


def test_files_synced_side_by_side_finish_when_interrupted(monkeypatch, tmp_path):
    ended = interrupted_inside(monkeypatch, ThreadPoolExecutor, "map")
    paths = [tmp_path / f"{n}.txt" for n in range(4)]
    for path in paths:
        path.write_text("x")
    done = []
    with ended_quietly(), pytest.raises(KeyboardInterrupt):
        _side_by_side(done.append, paths)
    assert ended == ["map"] and sorted(done) == sorted(paths)


def test_the_book_pool_shuts_down_whole_when_interrupted(monkeypatch):
    ended = interrupted_inside(monkeypatch, ProcessPoolExecutor, "shutdown")
    with ended_quietly(), pytest.raises(KeyboardInterrupt):
        with _book_pool(2) as pool:
            assert result(pool.submit(echo, 1)) == 1
    assert ended == ["shutdown"]


def test_a_checking_process_started_as_ctrl_c_lands_is_ended(monkeypatch):
    ended = interrupted_inside(monkeypatch, multiprocessing.process.BaseProcess, "start")
    before = set(multiprocessing.active_children())
    with ended_quietly(), pytest.raises(KeyboardInterrupt):
        each_in_worker_processes(echo, [(1,), (2,)], workers=1)
    assert ended == ["start"] and set(multiprocessing.active_children()) <= before


def test_waiting_on_no_futures_answers_at_once():
    assert interrupts.finished([]) == set() and list(interrupts.as_completed([])) == []


def test_ctrl_c_as_the_pool_takes_its_lock_does_not_hang_its_shutdown():
    run = subprocess.run([sys.executable, "-c", LOCK_TAKEN], capture_output=True, text=True,
                         timeout=120)
    assert run.stdout.split() == ["interrupted", "closed"], run.stderr
