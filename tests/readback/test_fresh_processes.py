"""Preflight's book workers: each job in a process of its own, the answers in job order, a
job's exception raised in the parent as itself, a process that dies unanswered an error."""

import multiprocessing
import os
import subprocess
import sys
import time

import pytest

from pipeline.readback.preflight import each_in_a_fresh_process


def _pid_after(seconds: float, label: str) -> tuple[str, int]:
    time.sleep(seconds)
    return label, os.getpid()


def _fails(message: str):
    raise ValueError(message)


def _started(marker: list, extra: str):
    marker.append(extra)   # the initializer's work is seen by the job, in its process


def _sees_initializer(marker: list) -> list:
    return list(marker)


def test_answers_come_in_job_order_each_from_a_process_of_its_own():
    # The first job ends last: answers must still come back in the order of the jobs.
    jobs = [(0.4, "a"), (0.0, "b"), (0.1, "c"), (0.0, "d")]
    answers = each_in_a_fresh_process(_pid_after, jobs, 2)
    assert [label for label, _pid in answers] == ["a", "b", "c", "d"]
    pids = [pid for _label, pid in answers]
    assert len(set(pids)) == 4 and os.getpid() not in pids


def test_the_initializer_runs_in_each_job_process_first():
    marker: list = []
    answers = each_in_a_fresh_process(_sees_initializer, [(marker,), (marker,)], 2,
                                      _started, (marker, "ready"))
    assert answers == [["ready"], ["ready"]]
    assert marker == []   # the parent's list is not the one the children changed


def test_an_exception_a_job_raises_is_raised_here_as_itself():
    with pytest.raises(ValueError, match="a job's own fault"):
        each_in_a_fresh_process(_fails, [("a job's own fault",)] * 3, 2)
    assert multiprocessing.active_children() == []   # none left running


RUNNER = """
import os, sys
from pipeline.readback.preflight import each_in_a_fresh_process
def dies(status):
    os._exit(status)
try:
    each_in_a_fresh_process(dies, [(3,), (0,)], 2)
except RuntimeError as error:
    print("RuntimeError:", error)
"""


def test_a_process_that_dies_unanswered_is_an_error_not_a_hang():
    # In a process of its own, bounded: a runner that waited for the dead job would hang.
    done = subprocess.run([sys.executable, "-c", RUNNER], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("RuntimeError: the process of job "), done.stdout
    assert "ended without an answer (exit status " in done.stdout
