"""Preflight's book workers: each job in a process of its own (where processes fork) or on a
few lasting processes (elsewhere), the answers in job order, what every job is given reaching
each, a job's exception raised in the parent as itself, a process that dies unanswered an
error."""

import multiprocessing
import os
import subprocess
import sys
import time

import pytest

from pipeline.readback.preflight import book_job, each_in_worker_processes


def _pid_after(seconds: float, label: str) -> tuple[str, int]:
    time.sleep(seconds)
    return label, os.getpid()


def _fails(message: str):
    raise ValueError(message)


def _with_given(given: list, label: str) -> tuple:
    given.append(label)   # a copy in each process: what one job adds the next one there sees
    return tuple(given)


# The first job ends last: answers must still come back in the order of the jobs.
JOBS = [(0.4, "a"), (0.0, "b"), (0.1, "c"), (0.0, "d"), (0.0, "e")]


def test_answers_come_in_job_order_each_from_a_process_of_its_own():
    answers = each_in_worker_processes(_pid_after, JOBS, 2)
    assert [label for label, _pid in answers] == ["a", "b", "c", "d", "e"]
    pids = [pid for _label, pid in answers]
    assert len(set(pids)) == 5 and os.getpid() not in pids


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_lasting_workers_take_the_jobs_one_after_another_answers_in_job_order(method):
    context = multiprocessing.get_context(method)
    answers = each_in_worker_processes(_pid_after, JOBS, 2, lasting=True, context=context)
    assert [label for label, _pid in answers] == ["a", "b", "c", "d", "e"]
    pids = {pid for _label, pid in answers}
    assert len(pids) == 2 and os.getpid() not in pids
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("lasting", [False, True])
def test_what_every_job_is_given_reaches_each_process_once(lasting):
    given: list = []
    answers = each_in_worker_processes(_with_given, [("x",), ("y",), ("z",)], 1,
                                       given=(given,), lasting=lasting)
    # One lasting process keeps its copy across its jobs; a process a job starts afresh.
    assert answers == ([("x",), ("x", "y"), ("x", "y", "z")] if lasting
                       else [("x",), ("y",), ("z",)])
    assert given == []   # the parent's list is not the one the children changed


@pytest.mark.parametrize("lasting", [False, True])
def test_an_exception_a_job_raises_is_raised_here_as_itself(lasting):
    with pytest.raises(ValueError, match="a job's own fault"):
        each_in_worker_processes(_fails, [("a job's own fault",)] * 3, 2, lasting=lasting)
    assert multiprocessing.active_children() == []   # none left running


def test_a_books_job_ends_its_process_only_where_the_process_was_forked_for_it():
    job = ({"slug": "b"}, {}, "manifest.json", True, None, False, None)
    assert book_job(job, multiprocessing.get_context("fork"))[5] is True
    assert book_job(job, multiprocessing.get_context("spawn")) == job


RUNNER = """
import os, sys
from pipeline.readback.preflight import each_in_worker_processes
def dies(status):
    if status:
        os._exit(status)
    return status
try:
    each_in_worker_processes(dies, [(0,), (3,), (0,)], 2, lasting=sys.argv[1] == "lasting")
except RuntimeError as error:
    print("RuntimeError:", error)
"""


@pytest.mark.parametrize("mode", ["fresh", "lasting"])
def test_a_process_that_dies_unanswered_is_an_error_not_a_hang(mode):
    # In a process of its own, bounded: a runner that waited for the dead job would hang.
    done = subprocess.run([sys.executable, "-c", RUNNER, mode], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("RuntimeError: the process of job 2 of 3 ended "), done.stdout
    assert "ended without an answer (exit status 3)" in done.stdout
