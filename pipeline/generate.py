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

import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from pipeline.catalog import Catalog
from pipeline.errors import GenerationFailed
from pipeline.family import Family, Generated, get_family, load_index, stored_sketch
from pipeline.interrupts import POLL_SECONDS, finished, held, result
from pipeline.records import PuzzleRecord, fingerprint, level_space, puzzle_id, puzzle_key
from pipeline.engines.worddata import WordSource, words_for
from pipeline.workers import worker_count

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


def source_space(level: str, words: WordSource | None) -> str:
    """The catalog level a fill of `level` from `words` (None: the family's own data) fills."""
    return level_space(level, None if words is None else words.digest)


def make_record(family: Family, level: str, number: int, variant: int,
                generated: Generated, words: WordSource | None = None) -> PuzzleRecord:
    extra = {"variant": variant} if variant else {}
    if words is not None:
        extra["words"] = words.digest
    space = source_space(level, words)
    return PuzzleRecord(
        id=puzzle_id(family.name, space, number), family=family.name, level=level,
        key=puzzle_key(family.name, space, number), generator=family.version,
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


def make_candidates(family_name: str, level: str, jobs: tuple[tuple[int, int], ...],
                    words: WordSource | None = None) -> list[Candidate]:
    """Worker entry point: the boards of a batch of (number, variant) keys, from the family's
    own data or, with `words`, from a layout's (read again here and held to its digest)."""
    family = get_family(family_name)
    index = family.near_duplicates(level)
    data = None if words is None else words_for(family, words, level)
    space = source_space(level, words)
    out = []
    for number, variant in jobs:
        started = time.process_time()
        key = variant_key(puzzle_key(family_name, space, number), variant)
        try:
            generated = family.generate(key, level) if words is None else \
                family.generate_from_words(key, level, data)
        except GenerationFailed:
            out.append(Candidate(number, variant, None, "", None, 0,
                                 time.process_time() - started))
            continue
        out.append(Candidate(number, variant,
                             make_record(family, level, number, variant, generated, words),
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
        self.workers = worker_count(workers)
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
        with held():
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
        done = finished(self._running)
        self._running -= done
        return [result(future) for future in done]

    def forget(self) -> None:
        """Drop the tasks still in flight (their boards are no longer wanted)."""
        with held():
            for future in self._running:
                future.cancel()
        self._running.clear()
        self._inline.clear()

    def close(self) -> None:
        self.forget()
        if self._pool is not None:
            with held():
                self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


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
        # As distributed's own blocking `next` does, but an interrupt is taken between waits.
        while True:
            with held():
                batch = self._done.next_batch(block=False)
                if not batch:
                    with self._done.thread_condition:
                        self._done.thread_condition.wait(timeout=POLL_SECONDS)
            if batch:
                break
        self._futures.difference_update(batch)
        with held():
            return [future.result() for future in batch]

    def forget(self) -> None:
        from distributed import as_completed
        with held():
            if self._futures:
                self.client.cancel(list(self._futures))
            self._futures.clear()
            self._done = as_completed(loop=self.client.loop)

    def close(self) -> None:
        with held():
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
        cluster = LocalCluster(n_workers=worker_count(workers), threads_per_worker=1,
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


NO_BOARD = Candidate(0, 0, None, "", None, 0, 0.0)   # a number that gets no board


class CommitOrder:
    """The numbers handed out to the workers, settled strictly in the order handed out.

    A board that arrives before the boards of smaller numbers waits here. The head (the
    oldest number not yet settled) is settled once its board has arrived; a refused head
    board is sent back and its number stays at the head until the replacement arrives."""

    def __init__(self):
        self._numbers: deque[int] = deque()
        self._waiting: dict[int, Candidate] = {}

    def __len__(self) -> int:
        """Numbers handed out and not yet settled."""
        return len(self._numbers)

    def hand_out(self, number: int) -> None:
        self._numbers.append(number)

    def arrive(self, number: int, candidate: Candidate) -> None:
        """`candidate` is the number's board (or NO_BOARD): it waits until it is the head."""
        self._waiting[number] = candidate

    def head(self) -> tuple[int, Candidate] | None:
        """The head number and its board, once that board has arrived."""
        if self._numbers and self._numbers[0] in self._waiting:
            return self._numbers[0], self._waiting[self._numbers[0]]
        return None

    def settle(self) -> None:
        """The head's board is committed or given up: the next number becomes the head."""
        del self._waiting[self._numbers.popleft()]

    def send_back(self) -> None:
        """The head's board was refused: the head waits for its replacement."""
        del self._waiting[self._numbers[0]]


class KeyQueue:
    """The keys handed to the workers next, as (number, variant): replacements of refused
    boards first (the head may be waiting for one), then the numbers the catalog lacks, in
    increasing order."""

    def __init__(self, present: set[int]):
        self._numbers = _numbers_to_try(present)
        self._replacements: deque[tuple[int, int]] = deque()

    def replace(self, candidate: Candidate) -> None:
        """The board of `candidate` was refused: its number is tried again with the next
        variant."""
        self._replacements.append((candidate.number, candidate.variant + 1))

    def take(self, size: int, fresh: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
        """Up to `size` keys for one task, with at most `fresh` new numbers among them; the
        keys, and the new numbers (to be handed out in the commit order)."""
        jobs = []
        while self._replacements and len(jobs) < size:
            jobs.append(self._replacements.popleft())
        new = []
        while len(jobs) < size and len(new) < fresh:
            number = next(self._numbers)
            new.append(number)
            jobs.append((number, 0))
        return tuple(jobs), tuple(new)


class BatchSize:
    """Keys per task: fixed, or grown until a task takes about `task_seconds` of worker time
    (a running mean of the worker seconds per key), so the cost of a task is spread over many
    cheap boards and expensive boards still go one at a time."""

    LARGEST = 256

    def __init__(self, fixed: int | None, task_seconds: float):
        self.fixed, self.task_seconds = fixed, task_seconds
        self.size = fixed or 1
        self._per_key: float | None = None

    def observe(self, candidates: list[Candidate]) -> None:
        """One task's boards came back: adjust the size to their worker seconds."""
        if self.fixed is not None or not candidates:
            return
        mean = sum(c.seconds for c in candidates) / len(candidates)
        self._per_key = mean if self._per_key is None else 0.8 * self._per_key + 0.2 * mean
        self.size = max(1, min(self.LARGEST, int(self.task_seconds / max(self._per_key, 1e-6))))


class CapacityWatch:
    """Whether each of the last `rule.window` candidates became a board: the level is full
    when too few did (`CapacityRule`)."""

    def __init__(self, rule: CapacityRule):
        self.rule = rule
        self._outcomes: deque[bool] = deque(maxlen=rule.window)

    def record(self, became_board: bool) -> None:
        self._outcomes.append(became_board)

    def full(self) -> bool:
        return len(self._outcomes) == self.rule.window and \
            sum(self._outcomes) < self.rule.min_share * self.rule.window

    def stopped(self, family: str, level: str, in_catalog: int, count: int) -> str:
        """The one line that says why the level stops short of `count`."""
        return (f"{family} {level}: stopped at {in_catalog} of {count} boards: only "
                f"{sum(self._outcomes)} of the last {self.rule.window} candidates were neither a "
                f"duplicate nor too close to an earlier board; the level is near the number "
                f"of distinct boards its generator reaches")


class LevelFill:
    """The sequential part of one fill: test each board against the boards committed before
    it, and commit in key order."""

    def __init__(self, catalog: Catalog, family: Family, level: str, count: int,
                 present: set[int], capacity: CapacityRule, batch: BatchSize,
                 report: FillReport, words: WordSource | None = None):
        self.catalog, self.family, self.level, self.count = catalog, family, level, count
        self.report, self.batch, self.words = report, batch, words
        self.space = source_space(level, words)   # the catalog level filled
        self.index = family.near_duplicates(level)
        if self.index is not None:
            load_index(self.index, catalog, family.name, self.space)
        self.order = CommitOrder()
        self.keys = KeyQueue(present)
        self.capacity = CapacityWatch(capacity)
        self.in_catalog = len(present)
        self._counted_at = time.monotonic()
        self._clashed = False                 # an add found its number already taken
        self._marks: dict[int, Any] = {}      # where the index stood when a board passed

    # The tests of a board against the boards before it.

    def _known_refused(self, candidate: Candidate) -> bool:
        return self.catalog.has_form(self.family.name, candidate.form) or \
            (self.index is not None and self.index.near(candidate.sketch))

    def _refused_since(self, candidate: Candidate) -> bool:
        """At the head: a duplicate of, or near, a board committed after it arrived (it was
        tested against everything before then on arrival)."""
        mark = self._marks.pop(candidate.number)
        return self.catalog.has_form(self.family.name, candidate.form) or \
            (self.index is not None and self.index.near_since(candidate.sketch, mark))

    def _refuse(self, candidate: Candidate) -> None:
        self.capacity.record(False)
        if candidate.variant < MAX_REPLACEMENTS:
            self.report.replaced += 1
            self.keys.replace(candidate)
        else:
            self.order.arrive(candidate.number, NO_BOARD)

    def arrive(self, candidate: Candidate) -> None:
        report = self.report
        report.candidates += 1
        report.attempts += candidate.attempts
        report.worker_seconds += candidate.seconds
        if candidate.record is None:
            self.capacity.record(False)
            self.order.arrive(candidate.number, NO_BOARD)
        elif candidate.record.generator != self.family.version:
            from pipeline.errors import InputError
            raise InputError(f"a worker generated {candidate.record.generator} boards, this "
                             f"driver {self.family.version}; install the same project on every "
                             "worker", field="--scheduler")
        elif self._known_refused(candidate):
            self._refuse(candidate)   # every committed board is earlier: refused at the head too
        else:
            self.order.arrive(candidate.number, candidate)
            self._marks[candidate.number] = None if self.index is None else self.index.mark()

    def commit_ready(self) -> int:
        """Commit the run of boards ready at the head, in one transaction; how many were added."""
        added = 0
        if self.order.head() is None:
            return added
        index = self.index
        with self.catalog.transaction():
            while (ready := self.order.head()) is not None:
                number, candidate = ready
                if candidate is NO_BOARD:
                    self.order.settle()
                    self.report.failed += 1
                    continue
                if self._refused_since(candidate):   # near a board committed since it arrived
                    self.order.send_back()
                    self._refuse(candidate)
                    break
                self.order.settle()
                self.capacity.record(True)
                stored = stored_sketch(index, candidate.sketch)
                if self.catalog.add(candidate.record, number, candidate.form, sketch=stored):
                    if index is not None:
                        index.add(candidate.sketch)
                    added += 1
                else:
                    self._clashed = True   # another process committed this number
        return added

    def missing(self) -> int:
        """Boards still wanted; recounted now and then, as another process may be filling the
        same catalog."""
        if self._clashed or time.monotonic() - self._counted_at > 2.0:
            self.in_catalog = self.catalog.count(self.family.name, self.space)
            self._counted_at, self._clashed = time.monotonic(), False
        return self.count - self.in_catalog

    def submit(self, executor, missing: int) -> None:
        """Keep the executor's slots busy, never handing out more than `missing` (and the
        look-ahead) new numbers beyond the head."""
        lookahead = max(64, 4 * executor.slots * self.batch.size)
        while executor.in_flight() < executor.slots:
            jobs, fresh = self.keys.take(self.batch.size,
                                         min(missing, lookahead) - len(self.order))
            if not jobs:
                break
            for number in fresh:
                self.order.hand_out(number)
            if self.words is None:   # the call as it always was, for every executor
                executor.submit(make_candidates, self.family.name, self.level, jobs)
            else:
                executor.submit(make_candidates, self.family.name, self.level, jobs, self.words)

    def run(self, executor, bar) -> None:
        report = self.report
        while True:
            added = self.commit_ready()
            if added:
                report.added += added
                self.in_catalog += added
                bar.update(added)
                bar.note(f"attempts={report.attempts}, failed={report.failed}")
            missing = self.missing()
            if missing <= 0:
                return
            if self.capacity.full():
                report.stopped = self.capacity.stopped(self.family.name, self.space,
                                                       self.in_catalog, self.count)
                return
            self.submit(executor, missing)
            if executor.in_flight() == 0:
                if self.order.head() is not None:
                    continue
                raise RuntimeError("generation stalled: nothing in flight, nothing to commit")
            for candidates in executor.results():
                for candidate in candidates:
                    self.arrive(candidate)
                self.batch.observe(candidates)


def fill(catalog: Catalog, family_name: str, level: str, count: int, *, workers: int | None = None,
         progress: bool = True, executor=None, batch: int | None = None,
         capacity: CapacityRule | None = None, words: WordSource | None = None) -> FillReport:
    """Generate until the catalog holds `count` boards of `level`, numbered from 1.

    `executor` runs the per-board work (default: a local process pool of `workers`); `batch`
    fixes the number of keys per task (default: grown until a task takes `task_seconds`);
    `words`: a layout's word data, whose boards fill a catalog level of their own."""
    family = get_family(family_name)
    started = time.perf_counter()
    space = source_space(level, words)
    present = catalog.numbers(family_name, space)
    report = FillReport(family_name, space, 0, len(present), 0, 0, 0, 0.0)
    if count <= len(present):
        report.seconds = time.perf_counter() - started
        return report
    own_executor = executor is None
    executor = executor or LocalExecutor(workers)
    bar = _progress_bar(family_name, level, count, len(present), progress)
    try:
        LevelFill(catalog, family, level, count, present, capacity or DEFAULT_CAPACITY,
                  BatchSize(batch, executor.task_seconds), report, words).run(executor, bar)
    finally:
        executor.forget()
        if own_executor:
            executor.close()
        bar.close()
    report.present = catalog.count(family_name, space)
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
