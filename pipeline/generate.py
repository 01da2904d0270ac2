"""Filling the catalog: keyed generation in workers, committed in key order.

Boards are committed strictly in the order of their key number, whatever order the workers
finish in, so "an earlier board" (for dedupe) means the same thing on every run and with any
number of workers or machines: the catalog is reproducible.

Workers do everything that concerns one board: generate it, fingerprint it, compute its
dedupe form and the sketch the near-duplicate test needs. The driver does only what must be
sequential: test each board against the boards committed before it (one SQLite lookup and one
indexed near-duplicate test) and commit it. A board that the driver already knows will be
refused (its form is in the catalog, or it is near a committed board; committed boards are all
earlier than it) is replaced at once, before it reaches the head of the commit order, so a
refused board does not hold the others back.
"""

from __future__ import annotations

import os
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from pipeline.catalog import Catalog
from pipeline.errors import GenerationFailed
from pipeline.family import Family, Generated, get_family, load_index
from pipeline.records import PuzzleRecord, fingerprint, puzzle_id, puzzle_key

MAX_REPLACEMENTS = 20  # a board that duplicates an earlier one is replaced up to this often


@dataclass(frozen=True)
class CapacityRule:
    """When a level is too full to go on: of the last `window` candidates, fewer than
    `min_share` became boards (the rest were duplicates, too close to an earlier board, or
    failed). At 1% every further board costs more than a hundred candidates."""

    window: int = 2000
    min_share: float = 0.01


DEFAULT_CAPACITY = CapacityRule()


def variant_key(key: str, variant: int) -> str:
    """The key a generator actually uses: a replacement board gets a derived key."""
    return key if variant == 0 else f"{key}#{variant}"


def make_record(family: Family, level: str, number: int, variant: int,
                generated: Generated) -> PuzzleRecord:
    extra = {"variant": variant} if variant else {}
    return PuzzleRecord(
        id=puzzle_id(family.name, level, number), family=family.name, level=level,
        key=puzzle_key(family.name, level, number), generator=family.version,
        puzzle=generated.puzzle, solution=generated.solution, grade=generated.grade,
        proof=generated.proof, sha256=fingerprint(generated.puzzle, generated.solution),
        extra=extra)


@dataclass(frozen=True)
class Candidate:
    """One key's board as a worker hands it to the driver, with what the driver's tests need."""

    number: int
    variant: int
    record: PuzzleRecord | None   # None: the generator's budget ran out for this key
    form: str                     # dedupe form
    sketch: Any                   # for the near-duplicate index (None when the level has none)
    attempts: int
    seconds: float                # worker CPU time


def make_candidates(family_name: str, level: str,
                    jobs: tuple[tuple[int, int], ...]) -> list[Candidate]:
    """Worker entry point: the boards of a batch of (number, variant) keys."""
    family = get_family(family_name)
    index = family.near_duplicates(level)
    out = []
    for number, variant in jobs:
        started = time.process_time()
        try:
            generated = family.generate(variant_key(puzzle_key(family_name, level, number),
                                                    variant), level)
        except GenerationFailed:
            out.append(Candidate(number, variant, None, "", None, 0,
                                 time.process_time() - started))
            continue
        out.append(Candidate(number, variant, make_record(family, level, number, variant, generated),
                             family.dedupe_form(generated.puzzle),
                             None if index is None else index.sketch(generated.puzzle),
                             generated.attempts, time.process_time() - started))
    return out


def generator_versions() -> dict[str, str]:
    """Every family's generator version, as this process would generate."""
    from pipeline.family import family_names
    return {name: get_family(name).version for name in family_names()}


# --- executors: where the per-board work runs ----------------------------------------------------

class LocalExecutor:
    """A process pool on this machine (or the driver itself with one worker)."""

    name = "local"
    task_seconds = 0.05   # batch jobs until a task takes about this long: pool overhead is small

    def __init__(self, workers: int | None = None):
        self.workers = max(1, workers or default_workers())
        self._pool = None
        self._running: set = set()
        self._inline: deque = deque()

    @property
    def slots(self) -> int:
        """Tasks kept in flight: two per worker, so none waits for the driver."""
        return 1 if self.workers == 1 else 2 * self.workers

    def submit(self, fn, *args) -> None:
        if self.workers == 1:
            self._inline.append(fn(*args))
            return
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        self._running.add(self._pool.submit(fn, *args))

    def in_flight(self) -> int:
        return len(self._running) + len(self._inline)

    def results(self) -> list:
        """The results of at least one finished task (blocks until there is one)."""
        if self._inline:
            out = list(self._inline)
            self._inline.clear()
            return out
        from concurrent.futures import FIRST_COMPLETED, wait
        done, _ = wait(self._running, return_when=FIRST_COMPLETED)
        self._running -= done
        return [future.result() for future in done]

    def forget(self) -> None:
        """Drop the tasks still in flight (their boards are no longer wanted)."""
        for future in self._running:
            future.cancel()
        self._running.clear()
        self._inline.clear()

    def close(self) -> None:
        self.forget()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def default_workers() -> int:
    return os.cpu_count() or 1


class DaskExecutor:
    """Tasks on a Dask cluster: a scheduler with workers on this or other machines.

    Each task is a batch of keys (`make_candidates`), so the scheduler's cost per task (about
    a millisecond) is spread over many boards. A task whose worker dies is run again on
    another worker by the scheduler; the driver sees each key's board once."""

    name = "dask"
    task_seconds = 0.5

    def __init__(self, client, cluster=None):
        from distributed import as_completed
        self.client, self.cluster = client, cluster
        self._done = as_completed(loop=client.loop)
        self._futures: set = set()
        self._threads, self._threads_at = 1, -1e9

    @property
    def slots(self) -> int:
        if time.monotonic() - self._threads_at > 2.0:   # workers come and go
            self._threads = max(1, sum(self.client.nthreads().values()))
            self._threads_at = time.monotonic()
        return 2 * self._threads

    @property
    def dashboard(self) -> str | None:
        # A scheduler always names an HTTP port; it serves the dashboard only with bokeh.
        import urllib.request
        try:
            link = self.client.dashboard_link
            with urllib.request.urlopen(link, timeout=2) as page:
                return link if page.status == 200 else None
        except (OSError, ValueError, AttributeError, KeyError, TypeError):
            return None

    def submit(self, fn, *args) -> None:
        future = self.client.submit(fn, *args, pure=False)
        self._futures.add(future)
        self._done.add(future)

    def in_flight(self) -> int:
        return len(self._futures)

    def results(self) -> list:
        finished = [next(self._done)] + self._done.next_batch(block=False)
        self._futures.difference_update(finished)
        return [future.result() for future in finished]

    def forget(self) -> None:
        from distributed import as_completed
        if self._futures:
            self.client.cancel(list(self._futures))
        self._futures.clear()
        self._done = as_completed(loop=self.client.loop)

    def close(self) -> None:
        try:
            self.forget()
        finally:
            self.client.close()
            if self.cluster is not None:
                self.cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


CONNECT_SECONDS = 10   # how long to try reaching a scheduler, and to wait for its first worker


def open_executor(kind: str = "local", *, workers: int | None = None,
                  scheduler: str | None = None, dashboard: bool = True):
    """The executor the command line asks for; a Dask scheduler that cannot be reached, or a
    worker running other generator versions, is bad input (one line, nothing written)."""
    from pipeline.errors import InputError

    if kind not in ("local", "dask"):
        raise InputError(f"unknown executor {kind!r} (known: local, dask)", field="--executor")
    if workers is not None and workers < 1:
        raise InputError("must be at least 1", field="--workers")
    if kind == "local":
        if scheduler:
            raise InputError("a scheduler address needs --executor dask", field="--scheduler")
        return LocalExecutor(workers)
    import logging

    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler:
        if workers is not None:
            raise InputError("the workers of a running scheduler are started apart "
                             "(`dask worker ADDRESS`)", field="--workers")
        try:
            client = Client(scheduler, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as error:
            message = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {message}",
                             field="--scheduler") from None
        cluster = None
    else:
        cluster = LocalCluster(n_workers=workers or default_workers(), threads_per_worker=1,
                               processes=True, host="127.0.0.1",
                               dashboard_address="127.0.0.1:0" if dashboard and _has_bokeh()
                               else None)
        client = Client(cluster, set_as_default=False)
    executor = DaskExecutor(client, cluster)
    try:
        check_workers(client, scheduler or "the local cluster")
    except BaseException:
        executor.close()
        raise
    return executor


def check_workers(client, where: str) -> None:
    """Every worker must generate with the driver's generator versions, or the catalog would
    mix boards of two generators under one version."""
    from pipeline.errors import InputError

    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError):
        raise InputError(f"no Dask worker joined {where} within {CONNECT_SECONDS} s",
                         field="--scheduler") from None
    mine = generator_versions()
    try:
        theirs = client.run(generator_versions)
    except Exception as error:   # a worker without the project cannot even unpickle the call
        raise InputError(f"a Dask worker of {where} cannot run the generators: "
                         f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}",
                         field="--scheduler") from None
    for worker, versions in sorted(theirs.items()):
        if versions != mine:
            differ = sorted(name for name in mine.keys() | versions.keys()
                            if mine.get(name) != versions.get(name))
            name = differ[0]
            raise InputError(f"Dask worker {worker} runs generator {versions.get(name)} for "
                             f"{name}, this driver {mine.get(name)}; install the same project on "
                             f"every worker", field="--scheduler")


def _has_bokeh() -> bool:
    import importlib.util
    return importlib.util.find_spec("bokeh") is not None


# --- the driver ------------------------------------------------------------------------------------

@dataclass
class FillReport:
    family: str
    level: str
    added: int
    present: int
    attempts: int
    replaced: int
    failed: int
    seconds: float
    candidates: int = 0
    worker_seconds: float = 0.0     # CPU time the workers spent on candidates
    stopped: str | None = None      # why the level could not be filled to the count


_FAILED = Candidate(0, 0, None, "", None, 0, 0.0)   # a number that gets no board


def fill(catalog: Catalog, family_name: str, level: str, count: int, *, workers: int | None = None,
         progress: bool = True, executor=None, batch: int | None = None,
         capacity: CapacityRule | None = None) -> FillReport:
    """Generate until the catalog holds `count` boards of `level`, numbered from 1.

    `executor` runs the per-board work (default: a local process pool of `workers`); `batch`
    fixes the number of keys per task (default: grown until a task takes `task_seconds`)."""
    family = get_family(family_name)
    started = time.perf_counter()
    present = catalog.numbers(family_name, level)
    report = FillReport(family_name, level, 0, len(present), 0, 0, 0, 0.0)
    if count <= len(present):
        report.seconds = time.perf_counter() - started
        return report
    index = family.near_duplicates(level)
    if index is not None:
        load_index(index, catalog, family_name, level)

    capacity = capacity or DEFAULT_CAPACITY
    own_executor = executor is None
    executor = executor or LocalExecutor(workers)
    bar = _progress_bar(family_name, level, count, len(present), progress)
    numbers = _numbers_to_try(present)
    order: deque[int] = deque()                 # numbers handed out, in commit order
    received: dict[int, Candidate] = {}         # boards passed the early tests, awaiting commit
    replacements: deque[tuple[int, int]] = deque()
    outcomes: deque[bool] = deque(maxlen=capacity.window)
    in_catalog = len(present)
    counted_at = time.monotonic()
    size = batch or 1
    per_job = None                              # running mean of worker seconds per key
    clashed = [False]                           # an add found its number already taken

    def stored(sketch) -> str | None:
        return index.stored(sketch) if hasattr(index, "stored") else None

    def refuse(candidate: Candidate) -> None:
        outcomes.append(False)
        if candidate.variant < MAX_REPLACEMENTS:
            report.replaced += 1
            replacements.append((candidate.number, candidate.variant + 1))
        else:
            received[candidate.number] = _FAILED

    marks: dict[int, Any] = {}                  # where the index stood when a board passed

    def known_refused(candidate: Candidate) -> bool:
        return catalog.has_form(family_name, candidate.form) or \
            (index is not None and index.near(candidate.sketch))

    def refused_since(candidate: Candidate) -> bool:
        """At the head: a duplicate of, or near, a board committed after it arrived (it was
        tested against everything before then on arrival)."""
        mark = marks.pop(candidate.number)
        return catalog.has_form(family_name, candidate.form) or \
            (index is not None and index.near_since(candidate.sketch, mark))

    def arrive(candidate: Candidate) -> None:
        report.candidates += 1
        report.attempts += candidate.attempts
        report.worker_seconds += candidate.seconds
        if candidate.record is None:
            outcomes.append(False)
            received[candidate.number] = _FAILED
        elif candidate.record.generator != family.version:
            from pipeline.errors import InputError
            raise InputError(f"a worker generated {candidate.record.generator} boards, this "
                             f"driver {family.version}; install the same project on every worker",
                             field="--scheduler")
        elif known_refused(candidate):
            refuse(candidate)   # every committed board is earlier: refused at the head too
        else:
            received[candidate.number] = candidate
            marks[candidate.number] = None if index is None else index.mark()

    def commit_ready() -> int:
        added = 0
        if not (order and order[0] in received):
            return added
        with catalog.transaction():
            while order and order[0] in received:
                head = order[0]
                candidate = received.pop(head)
                if candidate is _FAILED:
                    order.popleft()
                    report.failed += 1
                    continue
                if refused_since(candidate):   # near a board committed since it arrived
                    refuse(candidate)
                    break
                order.popleft()
                outcomes.append(True)
                if catalog.add(candidate.record, head, candidate.form,
                               sketch=stored(candidate.sketch)):
                    if index is not None:
                        index.add(candidate.sketch)
                    added += 1
                else:
                    clashed[0] = True   # another process committed this number
        return added

    try:
        while True:
            added = commit_ready()
            if added:
                report.added += added
                in_catalog += added
                bar.update(added)
                bar.note(f"attempts={report.attempts}, failed={report.failed}")
            if clashed[0] or time.monotonic() - counted_at > 2.0:
                # Another process may be filling the same catalog.
                in_catalog, counted_at = catalog.count(family_name, level), time.monotonic()
                clashed[0] = False
            missing = count - in_catalog
            if missing <= 0:
                break
            if len(outcomes) == capacity.window and \
                    sum(outcomes) < capacity.min_share * capacity.window:
                report.stopped = (
                    f"{family_name} {level}: stopped at {in_catalog} of {count} boards: only "
                    f"{sum(outcomes)} of the last {capacity.window} candidates were neither a "
                    f"duplicate nor too close to an earlier board; the level is near the number "
                    f"of distinct boards its generator reaches")
                break
            lookahead = max(64, 4 * executor.slots * size)
            while executor.in_flight() < executor.slots:
                jobs = []
                while replacements and len(jobs) < size:
                    jobs.append(replacements.popleft())
                while len(jobs) < size and len(order) < min(missing, lookahead):
                    number = next(numbers)
                    order.append(number)
                    jobs.append((number, 0))
                if not jobs:
                    break
                executor.submit(make_candidates, family_name, level, tuple(jobs))
            if executor.in_flight() == 0:
                if order and order[0] in received:
                    continue
                raise RuntimeError("generation stalled: nothing in flight, nothing to commit")
            for candidates in executor.results():
                for candidate in candidates:
                    arrive(candidate)
                if batch is None and candidates:
                    mean = sum(c.seconds for c in candidates) / len(candidates)
                    per_job = mean if per_job is None else 0.8 * per_job + 0.2 * mean
                    size = max(1, min(256, int(executor.task_seconds / max(per_job, 1e-6))))
    finally:
        executor.forget()
        if own_executor:
            executor.close()
        bar.close()
    report.present = catalog.count(family_name, level)
    report.seconds = time.perf_counter() - started
    return report


def _numbers_to_try(present: set[int]):
    number = 1
    while True:
        if number not in present:
            yield number
        number += 1


def _progress_bar(family: str, level: str, total: int, initial: int, enabled: bool):
    from pipeline.progress import progress
    return progress(total=total, initial=initial, desc=f"{family} {level}", unit="board",
                    enabled=enabled)
