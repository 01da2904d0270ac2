"""A pytest plugin: records, for each test run (each parametrized case), which preflight checks returned a failing
result during it (through `run_checks` or a check function called directly), and writes
{test node id: [check names]} as JSON to the file named by CHECK_RECORD at the end.

`test_preflight.py` runs the tests a check names as its proof (`Row.proven_by`) under it, to
show that each such test really makes that check fail, not only that a test of that name
exists."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os

import pytest

FAILED: dict[str, set] = {}
_current = {"test": None}


def _recording(row):
    run = row.run

    def recorded(b):
        result = run(b)
        if not result.passed and _current["test"] is not None:
            FAILED.setdefault(_current["test"], set()).add(row.name)
        return result
    return recorded


def pytest_configure(config):
    # Before the test modules are imported, so a test that imported a check function by name
    # gets the recording one.
    table = importlib.import_module("pipeline.readback.checks")
    rows = []
    for row in table.CHECKS:
        recorded = _recording(row)
        for module in (importlib.import_module(row.run.__module__), table):
            if getattr(module, row.run.__name__, None) is row.run:
                setattr(module, row.run.__name__, recorded)
        rows.append(dataclasses.replace(row, run=recorded))
    table.CHECKS = tuple(rows)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _current["test"] = item.nodeid
    FAILED.setdefault(item.nodeid, set())   # every test run is listed, failing checks or not
    yield
    _current["test"] = None


def pytest_sessionfinish(session, exitstatus):
    with open(os.environ["CHECK_RECORD"], "w", encoding="utf-8") as handle:
        json.dump({test: sorted(names) for test, names in FAILED.items()}, handle)
