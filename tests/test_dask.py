"""Generation on Dask: the same catalog as the local pool, byte for byte, also when a worker
dies mid-run; a scheduler that cannot be reached or workers of another version are refused.

Every scheduler, worker and dashboard binds to 127.0.0.1; every process started is stopped."""

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.catalog import Catalog
from pipeline.errors import InputError
from pipeline.generate import check_workers, fill, open_executor

BIN = Path(sys.executable).parent
SMALL = [("starbattle", ("easy", "medium"), 4), ("bridges", ("easy", "medium"), 3),
         ("connections", ("easy",), 2)]


def _export(path: Path) -> bytes:
    # Only the catalog's records: an empty folder of frozen editions.
    result = subprocess.run([sys.executable, "-m", "pipeline", "--catalog", str(path), "export",
                             "--layouts-dir", str(path.parent / "no-layouts")],
                            capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _fill_all(path: Path, **options) -> None:
    with Catalog(path) as catalog:
        for family, levels, count in SMALL:
            for level in levels:
                fill(catalog, family, level, count, progress=False, **options)


def test_a_local_cluster_fills_the_catalog_of_the_local_pool(tmp_path):
    _fill_all(tmp_path / "local.sqlite", workers=2)
    with open_executor("dask", workers=2, dashboard=False) as executor:
        assert executor.client.cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        _fill_all(tmp_path / "dask.sqlite", executor=executor, batch=2)
    local = _export(tmp_path / "local.sqlite")
    assert local.count(b"\n") == 4 + 4 + 3 + 3 + 2
    assert _export(tmp_path / "dask.sqlite") == local


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def cluster(tmp_path):
    """`dask scheduler` and two `dask worker` processes on 127.0.0.1, stopped afterwards."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    processes = []

    def start(*args, name):
        log = open(tmp_path / f"{name}.log", "wb")
        processes.append(subprocess.Popen([str(BIN / "dask"), *args], stdout=log,
                                          stderr=subprocess.STDOUT, start_new_session=True))
        return processes[-1]

    try:
        start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard",
              name="scheduler")
        workers = [start("worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                         "--no-nanny", "--no-dashboard", name=f"worker{i}") for i in range(2)]
        from distributed import Client
        with Client(address, timeout=60, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=120)
        yield address, workers
    finally:
        for process in processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _committed(path: Path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0]
    except sqlite3.Error:
        return 0


def _interruptible():
    # A run started in the background by a shell inherits SIGINT ignored; Ctrl-C must reach it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _generate(path: Path, *options, count=24) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pipeline", "--catalog", str(path), "generate",
                             "--family", "starbattle", "--level", "tricky", "--count", str(count),
                             "--quiet", *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_interruptible)


def test_a_worker_killed_mid_run_loses_nothing_and_ctrl_c_keeps_what_is_committed(tmp_path,
                                                                                  cluster):
    address, workers = cluster
    run = _generate(tmp_path / "dask.sqlite", "--executor", "dask", "--scheduler", address,
                    count=40)
    try:
        while _committed(tmp_path / "dask.sqlite") < 3 and run.poll() is None:
            time.sleep(0.05)
        os.killpg(workers[0].pid, signal.SIGKILL)   # its tasks are run again on the other
        workers[0].wait()
        assert _committed(tmp_path / "dask.sqlite") < 40   # the kill came mid-run
        _, err = run.communicate(timeout=300)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 0, err
    with Catalog(tmp_path / "local.sqlite") as catalog:
        fill(catalog, "starbattle", "tricky", 40, workers=2, progress=False)
    assert _export(tmp_path / "dask.sqlite") == _export(tmp_path / "local.sqlite")

    # Ctrl-C: what is committed stays, in key order, nothing half-written.
    run = _generate(tmp_path / "stopped.sqlite", "--executor", "dask", "--scheduler", address,
                    count=2000)
    try:
        while _committed(tmp_path / "stopped.sqlite") < 3 and run.poll() is None:
            time.sleep(0.05)
        run.send_signal(signal.SIGINT)
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 130, err
    assert err.decode().strip().splitlines()[-1].startswith("pipeline: interrupted")
    with Catalog(tmp_path / "stopped.sqlite") as catalog:
        numbers = sorted(catalog.numbers("starbattle", "tricky"))
        assert 3 <= len(numbers) < 2000 and numbers == list(range(1, len(numbers) + 1))
    with sqlite3.connect(tmp_path / "stopped.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with Catalog(tmp_path / "local.sqlite") as catalog:
        fill(catalog, "starbattle", "tricky", len(numbers), workers=2, progress=False)
    local = _export(tmp_path / "local.sqlite").splitlines()[:len(numbers)]
    assert _export(tmp_path / "stopped.sqlite").splitlines() == local


def test_an_unreachable_scheduler_is_one_line_and_writes_nothing(tmp_path):
    path = tmp_path / "never.sqlite"
    result = subprocess.run([sys.executable, "-m", "pipeline", "--catalog", str(path), "generate",
                             "--family", "starbattle", "--count", "1", "--executor", "dask",
                             "--scheduler", f"tcp://127.0.0.1:{_free_port()}"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--scheduler: cannot reach the Dask scheduler" in lines[0], lines
    assert not path.exists()


class _Client:
    """Stands in for a Dask client whose workers answer with these versions."""
    def __init__(self, versions):
        self.versions = versions

    def wait_for_workers(self, n, timeout):
        pass

    def run(self, function):
        return self.versions


def test_a_worker_of_another_generator_version_is_refused():
    from pipeline.generate import generator_versions
    mine = generator_versions()
    check_workers(_Client({"tcp://127.0.0.1:1": mine, "tcp://127.0.0.1:2": mine}), "here")
    other = {**mine, "bridges": "bridges/0"}
    with pytest.raises(InputError) as error:
        check_workers(_Client({"tcp://127.0.0.1:1": mine, "tcp://127.0.0.1:2": other}), "here")
    assert "tcp://127.0.0.1:2 runs generator bridges/0 for bridges" in str(error.value)
    assert "\n" not in str(error.value)
