"""`pipeline preflight`: every print check on each book of the manifest, judged from its PDFs
read back and the printer's profile.

Each book is loaded once (`loaded`), checked by the table of small checks (`checks`), and
reported (`report`): build/<slug>/preflight.json and a table; with --proofs the SVG proofs are
drawn from the same reading. Books are spread over worker processes, one book each.

A report (and the proofs) stands for the PDFs' exact bytes: build/<slug>/preflight.inputs.json
keeps the sha256 of both PDFs, of the manifest record and of the checking code it was made
from (pipeline/book/inputs.py), and a book whose key is unchanged and whose report is there
is not read again (`--force` reads every book).
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import multiprocessing.connection
import os
import sys
from itertools import islice
from pathlib import Path

from pipeline.atomic import write_json
from pipeline.i18n import speaking
from pipeline.interrupts import as_completed, held, result
from pipeline.book.inputs import CHECKED_NAME, check_inputs, file_sha256
from pipeline.readback.checks import run_checks
from pipeline.family import get_family
from pipeline.book.ledger import read_ledger
from pipeline.readback.checks.ledger import Shelf, board_forms, ledger_file, shelf, view_keys
from pipeline.readback.loaded import (book_records, catalog_records, load_book, open_document,
                                      read_manifest, reading_back, select_books)
from pipeline.workers import worker_count
from pipeline.readback.proof import write_proofs
from pipeline.readback.reader import warm_up
from pipeline.readback.report import book_report, table


def check_and_report(titles: Shelf | None, book: dict, records: dict, manifest: str,
                     proofs: bool, key: dict | None = None, last: bool = False,
                     opened: dict | None = None) -> dict:
    """Read one book back, check it against the other titles (`titles`: None, no ledger
    check), write its preflight.json (and its proofs), then the key they were made from
    (stopped before it, the old key names the old report's sha256).
    `last`: the process ends after this book, so what it was read into is not freed.
    `opened`: the book's PDFs as the parent opened them (a forked worker inherits them), or
    None to open them here."""
    folder = Path(book["interior"]).parent
    with reading_back(), speaking(book.get("language", "en")):
        ledger = None if titles is None else titles.view(book)
        b = load_book(book, records, manifest=manifest, ledger=ledger, opened=opened)
        rep = book_report(b, run_checks(b))
        write_json(folder / "preflight.json", rep)
        if proofs:  # from the same reading of the PDFs: each page is read once
            write_proofs(book, report=rep, interior=b.interior, cover=b.cover, pages=b.pages,
                         cover_page=b.cover_page)
        if last:  # nor walked by the cycle collector when it starts again
            _LEFT_TO_EXIT.append(b)
            gc.freeze()
        del b
    if key is not None:
        # The table lines too: the JSON report keeps its keys sorted, the table their order.
        write_json(folder / CHECKED_NAME, {
            "inputs": key, "proofs": proofs, "table": table([rep]),
            "report_sha256": file_sha256(folder / "preflight.json")})
    return rep


# A worker process forked for one book ends after it (`check_and_report`'s `last`), leaving
# what the book was read into (millions of small objects: operations, marks, glyphs) to the
# operating system with the process; freed one by one they cost 3.3 CPU s over the default set.
_LEFT_TO_EXIT: list = []


def each_in_worker_processes(function, jobs: list[tuple], workers: int, given: tuple = (),
                             lasting: bool = False, context=None) -> list:
    """`function(*given, *job)` of each job in worker processes, at most `workers` at once,
    jobs started in the order of `jobs`; the answers in that order. An exception a job raises
    is raised here, as itself; a process that ends without an answer is a RuntimeError naming
    its job.

    A process is started with `given` and its first job as its arguments: a forked process
    inherits them, nothing is pickled. Without `lasting` it ends after that job and the next
    job gets a process of its own, started the moment one answers (multiprocessing.Pool with
    maxtasksperchild=1 replaces an ended worker only at its next check, every 0.1 s: over the
    default set's 27 books the two workers stood idle 1.3 s in all between books). With
    `lasting` it then takes the jobs sent to it one after another, `given` sent once."""
    context = context or multiprocessing.get_context()
    answers: list = [None] * len(jobs)
    waiting = iter(range(len(jobs)))
    running: dict = {}   # the pipe to a process -> (the place of the job it runs, the process)
    ended = []

    def start(n: int) -> None:
        with held():   # so a started process is always in `running`, to be ended below
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, daemon=True,
                                      args=(theirs, function, given, jobs[n], lasting))
            process.start()
            theirs.close()   # the child's end: ours sees EOF if the child dies unanswered
            running[ours] = n, process

    try:
        for n in islice(waiting, workers):
            start(n)
        while running:
            for pipe in multiprocessing.connection.wait(list(running)):
                n, process = running.pop(pipe)
                try:
                    outcome, value = pipe.recv()
                except EOFError:
                    pipe.close()
                    process.join()
                    raise RuntimeError(f"the process of job {n + 1} of {len(jobs)} ended "
                                       f"without an answer (exit status {process.exitcode})")
                if outcome == "raised":
                    pipe.close()
                    ended.append(process)
                    raise value
                answers[n] = value
                following = next(waiting, None)
                if lasting and following is not None:
                    pipe.send(jobs[following])
                    running[pipe] = following, process
                    continue
                if lasting:
                    pipe.send(None)   # no job left: the process ends
                pipe.close()
                ended.append(process)   # joined at the end: it is still leaving memory
                if following is not None:
                    start(following)
    finally:
        with held():
            for pipe, (_n, process) in running.items():
                process.terminate()
                pipe.close()
            for process in ended + [process for _n, process in running.values()]:
                process.join()
                process.close()   # its pipes closed here, not at some later collection
    return answers


def _serve(pipe, function, given: tuple, job: tuple, lasting: bool) -> None:
    """A worker process: the answer to each job, or the exception it raised, sent to the
    parent; its first job given, the next ones (`lasting`) received until None comes."""
    while job is not None:
        try:
            outcome = "answered", function(*given, *job)
        except BaseException as error:   # KeyboardInterrupt too: the parent is told, not left
            outcome = "raised", error
        try:
            pipe.send(outcome)
        except Exception as error:   # an answer or exception that cannot be pickled
            pipe.send(("raised", RuntimeError(f"the answer could not be sent: {error!r}")))
        job = pipe.recv() if lasting and outcome[0] == "answered" else None
    pipe.close()


def book_job(job: tuple, context) -> tuple:
    """A book's job as a worker runs it. Where processes fork, each book gets a process of its
    own, a copy of this warm one (every module imported, the kernels and the fonts' tables
    loaded), which ends after its book (`last` set). Elsewhere a new process is a new
    interpreter that imports and loads all that again (a process a book made a forced
    preflight of the default set twice as long as under fork), so each worker lasts and
    checks books one after another, freeing each book's reading before the next."""
    if not inherited(context):
        return job
    book, records, manifest, proofs, key, _last, opened = job
    return book, records, manifest, proofs, key, True, opened


def inherited(context) -> bool:
    """Whether a process of `context` starts as a copy of this one (fork), so what a job is
    given is inherited, not pickled: the PDFs the parent opened are worth handing over then;
    under spawn or forkserver each worker opens its own."""
    return context.get_start_method() == "fork"


FORMS_JOB = 400  # boards of one family whose forms are one job


def printed_forms(records: dict, workers: int, meanwhile=lambda: None) -> dict[str, str]:
    """id -> dedupe form of every printed board, the boards of a family in jobs spread over
    `workers` processes: in one process, the forms were 3.1 of the 4 s the shelf took.
    `meanwhile()` is run in this process while the workers work out the forms. Each job is
    given exactly its boards' records, so it runs the same under every start method."""
    by_family: dict[str, list[str]] = {}
    for board in sorted(records):
        by_family.setdefault(records[board]["family"], []).append(board)
    for family in by_family:  # imported once here, not in every worker
        get_family(family)
    jobs = [ids[start:start + FORMS_JOB] for ids in by_family.values()
            for start in range(0, len(ids), FORMS_JOB)]
    jobs.sort(key=len, reverse=True)
    work = [(ids, {board: records[board] for board in ids}) for ids in jobs]
    if workers > 1 and len(jobs) > 1:
        # concurrent.futures, not multiprocessing.Pool: a Pool's own clean-up runs when it is
        # collected, and a Ctrl-C landing there was lost (tests/test_interrupts.py).
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(min(workers, len(jobs)))
        try:
            with held():
                tasks = [pool.submit(board_forms, *job) for job in work]
            meanwhile()
            for _done in as_completed(tasks):
                pass
            return dict(pair for task in tasks for pair in result(task))
        finally:
            with held():
                pool.shutdown(wait=True, cancel_futures=True)
    meanwhile()
    return dict(pair for ids, some in work for pair in board_forms(ids, some))


def _before_the_checks(books: list[dict], every: list[dict], manifest: Path,
                       keep_opened: bool) -> dict[str, dict]:
    """What the parent does before any book's worker starts, besides the shelf: each PDF
    opened (an unreadable one is reported here, before any work is shared out), kept for the
    book's check when its worker inherits it (`keep_opened`), each ledger read, the kernels
    compiled or loaded (about 5 CPU s cold), and one cover read, so the modules reading a
    page needs (fontTools' tables) are imported once, not in every worker. Returns the
    opened PDFs by slug."""
    opened = {}
    for book in books:
        documents = {field: open_document(book, field, Path("."), str(manifest))
                     for field in ("interior", "cover")}
        if keep_opened:
            opened[book["slug"]] = documents
    for path in {ledger_file(book) for book in every}:
        read_ledger(path)
    warm_up()
    open_document(books[0], "cover", Path("."), str(manifest)).page(1)
    return opened


def checked_report(book: dict, key: dict, proofs: bool) -> tuple[dict, str] | None:
    """The report and table lines of a book already checked from these very bytes (and
    proofed, when `proofs`), or None: missing, unreadable or made from other inputs means
    check again."""
    folder = Path(book["interior"]).parent
    try:
        checked = json.loads((folder / CHECKED_NAME).read_text(encoding="utf-8"))
        if checked["inputs"] != key or (proofs and not (checked["proofs"] and (
                folder / "proofs" / "index.html").is_file())):
            return None
        if checked["report_sha256"] != file_sha256(folder / "preflight.json"):
            return None
        report = json.loads((folder / "preflight.json").read_text(encoding="utf-8"))
        return report, str(checked["table"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def run(args) -> int:
    """`pipeline preflight [BOOK ...]`: check, write build/<slug>/preflight.json, print a
    table (with --quiet, of the failing books only); exit status 1 when any check fails.
    Books are checked in parallel; a book whose PDFs, manifest record and checking code are
    those of its last report is not read again."""
    # The manifest, the catalog's records, the PDFs' objects and the shelf are read with the
    # cycle collector paused, as a book is: they are a few million objects that live until
    # the command ends, and the collections their allocations started took 1.1 to 1.3 s
    # before the first book's worker began, 3.7 to 5.5 s after launch (gc.callbacks timing).
    with reading_back():
        manifest = Path(args.manifest)
        every = read_manifest(manifest)
        books = select_books(every, args.books, manifest)
        proofs = getattr(args, "proofs", False)
        ledger_keys = view_keys(every)
        keys = [{**check_inputs(book), "ledger": ledger_keys[book["slug"]]} for book in books]
        earlier = [None if getattr(args, "force", False) else checked_report(book, key, proofs)
                   for book, key in zip(books, keys)]
        todo = [n for n, known in enumerate(earlier) if known is None]
        processes = worker_count(getattr(args, "workers", None))
        records = catalog_records(args.catalog, every if todo else [])
        context = multiprocessing.get_context()
        opened: dict[str, dict] = {}
        jobs = []
        titles = None
        if todo:
            def before():
                opened.update(_before_the_checks([books[n] for n in todo], every, manifest,
                                                 keep_opened=inherited(context)))
            titles = shelf(every, records, printed_forms(records, processes, meanwhile=before))
            # Each job is given all its book needs: the other titles (`titles`, given to each
            # worker once), its records and (where the worker is forked) the PDFs already
            # opened; nothing is left in module state.
            jobs = [(books[n], book_records(books[n], records), str(manifest), proofs,
                     keys[n], False, opened.pop(books[n]["slug"], None)) for n in todo]
        workers = min(processes, len(jobs))
        del records, opened
        if workers > 1:
            # What the workers inherit is kept out of the cycle collector's walks: walking
            # it would touch every object in every worker, copying the parent's pages into
            # each (frozen before the collector runs again, which would walk it once here).
            gc.freeze()
    if workers > 1:
        # Longest books first, so no worker is left with a big book while the others idle.
        order = sorted(range(len(jobs)), key=lambda k: -jobs[k][0]["page_count"])
        done = dict(zip(order, each_in_worker_processes(
            check_and_report, [book_job(jobs[k], context) for k in order], workers,
            given=(titles,), lasting=not inherited(context), context=context)))
        checked = [done[k] for k in range(len(jobs))]
    else:
        checked = [check_and_report(titles, *job) for job in jobs]
    for n, report in zip(todo, checked):
        earlier[n] = report, table([report])
    reports = [report for report, _ in earlier]
    shown = [lines for report, lines in earlier
             if not (getattr(args, "quiet", False) and report["passed"])]
    if shown:
        print("\n".join(shown))
    print(f"{len(todo)} of {len(books)} books read back"
          + ("; the others' PDFs are those their reports were made from" if len(todo) < len(books)
             else ""), file=sys.stderr)
    return 0 if all(r["passed"] for r in reports) else 1
