"""Ctrl-C is taken between a pool's calls, never inside one (pipeline/interrupts.py).

Each test sends SIGINT to this (the main) thread from inside a call, as a terminal's Ctrl-C
may land there, and checks that the call still ran to its end before KeyboardInterrupt came.
The end-to-end runs are in test_interrupt.py."""

import multiprocessing
import os
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


# Ctrl-C at each point of the pools' own code where Python may raise it (after a built-in
# call returns; a profile hook raises there as the signal handler would), one point a trial,
# while WORKLOAD runs; every trial's pool must then shut down. Before the interrupt was held,
# the first point hung (a lock taken and never let go), as an interrupted `pipeline books`
# once did.
EVERY_POINT = """
import concurrent.futures, multiprocessing, os, queue, signal, sys, threading
from pipeline.atomic import _side_by_side
from pipeline.book.build import _book_pool
from pipeline.generate import LocalExecutor
from pipeline.interrupts import ended_quietly, held, as_completed, result
from pipeline.readback import preflight
from pipeline.readback.preflight import each_in_worker_processes
from tests.test_interrupts import echo

MAIN = os.getpid()
LIBRARY = tuple(os.path.dirname(m.__file__) for m in (concurrent.futures, multiprocessing)) + (
    threading.__file__, queue.__file__)

def generating():
    with LocalExecutor(2) as executor:
        executor.submit(echo, 0)
        executor.results()
        yield
        for n in range(3):
            executor.submit(echo, n)
        while executor.in_flight():
            executor.results()

def writing():
    with _book_pool(2) as pool:
        result(pool.submit(echo, 0))
        yield
        with held():
            futures = [pool.submit(echo, n) for n in range(3)]
        for future in as_completed(futures):
            result(future)

def checking():
    yield
    each_in_worker_processes(echo, [(n,) for n in range(3)], workers=2)

def syncing():
    yield
    _side_by_side(len, ["a", "b", "c"])

def board_forms(ids, records):
    return [(board, board) for board in ids]

def shelving():
    preflight.board_forms, preflight.get_family = board_forms, str   # no family needed
    yield
    preflight.printed_forms({"a": {"family": "x"}, "b": {"family": "y"}}, 2)

def trial(workload, point):
    # Whether Ctrl-C pressed at the point reached the workload's caller; None when the
    # workload ended before the point.
    seen = [0]
    def ctrl_c_at_the_point(frame, event, arg):
        # Only here: a process forked meanwhile would inherit the hook, and die by it.
        if (event == "c_return" and frame.f_code.co_filename.startswith(LIBRARY)
                and os.getpid() == MAIN):
            seen[0] += 1
            if seen[0] == point:
                sys.setprofile(None)
                signal.getsignal(signal.SIGINT)(signal.SIGINT, frame)
    steps = workload()
    try:
        next(steps)
        sys.setprofile(ctrl_c_at_the_point)
        next(steps, None)
    except KeyboardInterrupt:
        return True
    finally:
        sys.setprofile(None)
        steps.close()
    return False if seen[0] >= point else None

with ended_quietly():
    workload = globals()[sys.argv[1]]
    reached = []
    while (outcome := trial(workload, len(reached) + 1)) is not None:
        reached.append(outcome)
print(len(reached), [point for point, heard in enumerate(reached, 1) if not heard])
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


@pytest.mark.parametrize("workload", ["generating", "writing", "checking", "shelving",
                                      "syncing"])
def test_ctrl_c_at_any_point_of_a_pool_s_own_code_leaves_it_able_to_shut_down(workload):
    run = subprocess.Popen([sys.executable, "-c", EVERY_POINT, workload], text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = run.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)   # its pool's workers too
        run.communicate()
        pytest.fail(f"a pool did not shut down after Ctrl-C while {workload}")
    assert run.returncode == 0, err
    points, lost = out.split(" ", 1)
    assert int(points) >= 10, "too few points to try"
    assert lost.strip() == "[]", f"Ctrl-C lost at these points: {lost}"