"""Clued crossword benchmark: boards per core-minute at each level of each language (the
uniqueness proof by the independent checker included in each board's time), proofs per second
on the boards made, and the race against two published fillers on the same patterns and the
same word list.

Targets (`TARGETS`): a book of 100 boards should cost under half a minute of one core cold,
so 200 boards per core-minute at every level.

The race, level by level in each language, `RACE` patterns a level:
- the patterns: key `clued:race-<level>:<n>`'s first pattern, the lattice pattern generate.py
  draws first for that key (so our board for that key starts on it);
- the word list: the level's answers (generate.answer_index: every answer of 3 to `longest`
  letters the level's clue entries give), the one list all three fill from;
- ours, made ready before the race (`warm_up`), as blacksquare's word list is built outside its
  time: the level's index as arrays, every answer's clues ranked, the compiled kernels loaded;
- ours, the board: what `generate` makes of the pattern (`board_on`: the fill, the clue
  choice, the grader's solve, the independent checker's proof), from the key's stream after
  the pattern; a pattern that gives no board of the level is a failure, as a pattern a peer
  does not fill is one of theirs;
- ours, the bare fill: the crossword engine's filler on the pattern, with the key's stream
  (generate's first fill for the key), its node budget as generate gives it;
- Qxw (Debian `qxw`, `qxw -b -d WORDS DECK`): its batch mode reads a deck, one line a word
  naming its cells, fills it from the dictionary with no word twice, and prints one `W<n>`
  line a word; one process a pattern, so its time counts loading the dictionary each run
  (`startup_ms` measures that on a one-word deck, `per_cpu_second_less_startup` takes it
  off); CPU seconds of the child (user + system), at most `PEER_SECONDS` of wall clock a
  pattern;
- blacksquare (PyPI, in the `bench` extra): `Crossword(grid).fill(WordList, timeout,
  temperature=0)`, its Rust search, every word scored alike (the list has no scores); the word
  list built once, outside the time; CPU seconds of this process, at most `PEER_SECONDS` of
  wall clock a pattern (its `timeout`).
Every fill, ours too, is read back onto the pattern before it counts: each word one of the
list, none twice. A peer not installed or failing to run is one line and left out.
Rates are fills (boards) per CPU second over all the level's patterns, failures included;
beside them the median CPU milliseconds of a fill, which no time limit sways.
"""

from __future__ import annotations

import importlib
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pipeline.clued.generate import answer_index, board_on, generate, ranked_clues
from pipeline.clued.grade import LEVEL_BY_NAME, LEVELS
from pipeline.clued.verify import verify
from pipeline.engines.crossword import fill as filler
from pipeline.engines.crossword.families import generation_rates, print_rates, proof_rate
from pipeline.engines.crossword.grid import Layout, lattice_pattern, layout
from pipeline.keyed import KeyedStream

VERSION = "clued/3"
FULL, QUICK = 40, 6
TARGETS = {**{level: 200 for level in LEVELS}, "proofs_per_second": 50}
RACE = {"full": 20, "quick": 3}
QXW = Path("/usr/games/qxw")
PEER_MODULE = "blacksquare"
PEER_SECONDS = 10.0   # one pattern's limit (wall clock) for a peer: no fill by then failed
STARTUP_RUNS = 5
WARM_UP_PATTERNS = 100   # patterns tried at most for the one board that loads our kernels


class PeerFailed(Exception):
    """A peer did not run (not a fill it did not find): it is left out of the race."""


# --- the patterns, the list, and reading a fill back -------------------------------------------

def race_pattern(key: str, level: str) -> tuple[tuple[str, ...], KeyedStream]:
    """The key's first pattern of the level, as generate.py draws it, and the stream after it
    (where generate's first fill takes its choices from)."""
    spec = LEVEL_BY_NAME[level]
    stream = KeyedStream(key)
    while True:
        pattern = lattice_pattern(stream, spec.size, spec.size, longest=spec.longest,
                                  extra=spec.extra_blocks)
        if pattern is not None:
            return pattern, stream


def race_words(level: str) -> tuple[str, ...]:
    spec = LEVEL_BY_NAME[level]
    index = answer_index(spec.language, spec.difficulty, spec.longest)
    return tuple(word for n in sorted(index.by_length) for word in index.by_length[n].words)


def fill_sound(slots: Layout, letters: dict, words: frozenset) -> bool:
    """Every slot of the pattern spells a word of the list, and no word comes twice."""
    spelled = ["".join(letters.get(cell, "?") for cell in slot.cells) for slot in slots.slots]
    return all(word in words for word in spelled) and len(set(spelled)) == len(spelled)


def letters_of(slots: Layout, fill_words) -> dict:
    """Cell -> letter of one word a slot, in the layout's order."""
    return {cell: letter for slot, word in zip(slots.slots, fill_words)
            for cell, letter in zip(slot.cells, word)}


# --- the racers: each fills one pattern; an outcome is (SOUND, UNSOUND or NONE, CPU seconds) --

SOUND, UNSOUND, NONE = "sound", "unsound", "none"


def judged(slots: Layout, letters: dict | None, words: frozenset) -> str:
    if letters is None:
        return NONE
    return SOUND if fill_sound(slots, letters, words) else UNSOUND


def ours_board(pattern, stream: KeyedStream, level: str) -> tuple[str, float]:
    """Generate's board on the pattern (`board_on`: the fill, the clues, the solve and the
    checker's proof), from the key's stream after the pattern; a pattern that gives no board
    of the level is a failure, its time counted."""
    started = time.process_time()
    made = board_on(pattern, stream, level)
    return (NONE if made is None else SOUND), time.process_time() - started


def ours_fill(pattern, stream: KeyedStream, level: str, words: frozenset) -> tuple[str, float]:
    """Generate's first fill for the key: the filler on the pattern."""
    spec = LEVEL_BY_NAME[level]
    index = answer_index(spec.language, spec.difficulty, spec.longest)
    started = time.process_time()
    slots = layout(pattern)
    result = filler.fill(slots, index, stream)
    seconds = time.process_time() - started
    return judged(slots, result and letters_of(slots, result.words), words), seconds


def qxw_deck(slots: Layout) -> str:
    """Qxw's batch deck: one line a word, its cells by number (a crossing cell's number on
    both lines)."""
    number: dict = {}
    for slot in slots.slots:
        for cell in slot.cells:
            number.setdefault(cell, len(number))
    return "".join(" ".join(str(number[cell]) for cell in slot.cells) + "\n"
                   for slot in slots.slots)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def qxw_run(dictionary: Path, deck: Path) -> tuple[subprocess.CompletedProcess | None, float]:
    """One Qxw batch run (None: out of time) and the child's CPU seconds."""
    started = children_cpu()
    try:
        done = subprocess.run([str(QXW), "-b", "-d", str(dictionary), str(deck)],
                              capture_output=True, text=True, timeout=PEER_SECONDS)
    except subprocess.TimeoutExpired:
        return None, children_cpu() - started
    except OSError as error:
        raise PeerFailed(f"cannot run {QXW}: {error.strerror}") from None
    if done.returncode not in (0, 4):   # 4: Qxw found no fill; 16 and others: it failed
        said = (done.stderr or done.stdout).strip().splitlines()
        raise PeerFailed(f"{QXW} exit status {done.returncode}"
                         + (f": {said[-1]}" if said else ""))
    return done, children_cpu() - started


def qxw_fill(slots: Layout, dictionary: Path, deck: Path, words: frozenset) -> tuple[str, float]:
    deck.write_text(qxw_deck(slots), encoding="ascii")
    done, seconds = qxw_run(dictionary, deck)
    if done is None or done.returncode == 4:
        return NONE, seconds
    found = dict(line.split()[:2] for line in done.stdout.splitlines() if line.startswith("W"))
    spelled = [found.get(f"W{s}", "") for s in range(len(slots.slots))]
    return judged(slots, letters_of(slots, spelled), words), seconds


def qxw_startup(dictionary: Path, deck: Path, word: str) -> float:
    """Qxw's CPU seconds to start, load the dictionary and fill a one-word deck (what each
    run costs beside its search): the median of `STARTUP_RUNS` runs."""
    deck.write_text(" ".join(str(k) for k in range(len(word))) + "\n", encoding="ascii")
    runs = sorted(qxw_run(dictionary, deck)[1] for _ in range(STARTUP_RUNS))
    return runs[len(runs) // 2]


def blacksquare_fill(peer, pattern, word_list, words: frozenset) -> tuple[str, float]:
    """blacksquare's fill of the pattern, building its grid included in the time."""
    started = time.process_time()
    grid = peer.Crossword(grid=[["#" if ch == "#" else " " for ch in line] for line in pattern],
                          word_list=word_list)
    filled = grid.fill(timeout=PEER_SECONDS, temperature=0.0, show_progress=False)
    seconds = time.process_time() - started
    letters = None if filled is None else {
        (r, c): filled[r, c].str for r, line in enumerate(pattern)
        for c, ch in enumerate(line) if ch != "#"}
    return judged(layout(pattern), letters, words), seconds


# --- one level's race ---------------------------------------------------------------------------

def rate(made: int, seconds: float) -> float | None:
    return round(made / seconds, 1) if seconds > 0 else None


def tally(outcomes: list[tuple[str, float]]) -> dict:
    """Sound fills, their share of the patterns, fills per CPU second over every pattern
    (failures included), and the median CPU milliseconds of a sound fill (which no time
    limit sways)."""
    sound = sorted(seconds for outcome, seconds in outcomes if outcome == SOUND)
    spent = sum(seconds for _outcome, seconds in outcomes)
    return {"filled": len(sound), "success": round(len(sound) / len(outcomes), 3),
            "unsound": sum(outcome == UNSOUND for outcome, _s in outcomes),
            "cpu_seconds": round(spent, 3), "per_cpu_second": rate(len(sound), spent),
            "median_ms": round(1000 * sound[len(sound) // 2], 2) if sound else None}


def warm_up(level: str) -> None:
    """What our racers use made before the race, as blacksquare's word list is and Qxw's
    start-up is taken off: the level's index as arrays, every answer's clues ranked, and
    the compiled kernels loaded (a board made on patterns of its own: the first that gives
    one has run every kernel)."""
    spec = LEVEL_BY_NAME[level]
    index = answer_index(spec.language, spec.difficulty, spec.longest)
    index.packed
    for word in race_words(level):
        ranked_clues(spec.language, word, spec.difficulty)
    for n in range(WARM_UP_PATTERNS):
        if board_on(*race_pattern(f"clued:race-{level}:warm-up-{n}", level), level):
            return


def race_ours(level: str, keys: list[str], words: frozenset) -> dict:
    warm_up(level)
    fills, boards = [], []
    for key in keys:
        pattern, stream = race_pattern(key, level)
        fills.append(ours_fill(pattern, stream, level, words))
        pattern, stream = race_pattern(key, level)
        boards.append(ours_board(pattern, stream, level))
    return {"board": tally(boards), "fill": tally(fills)}


def race_qxw(level: str, keys: list[str], words: frozenset) -> dict:
    """Qxw on the level's patterns; PeerFailed when it is missing or does not run."""
    if not QXW.is_file():
        raise PeerFailed(f"{QXW} is not installed (Debian package qxw)")
    with tempfile.TemporaryDirectory() as folder:
        dictionary, deck = Path(folder) / "words.txt", Path(folder) / "deck.qxd"
        dictionary.write_text("".join(w + "\n" for w in sorted(words)), encoding="ascii")
        startup = qxw_startup(dictionary, deck, min(words, key=len))
        row = tally([qxw_fill(layout(race_pattern(key, level)[0]), dictionary, deck, words)
                     for key in keys])
    row["startup_ms"] = round(1000 * startup, 2)
    row["per_cpu_second_less_startup"] = rate(row["filled"],
                                              row["cpu_seconds"] - startup * len(keys))
    return row


def race_blacksquare(level: str, keys: list[str], words: frozenset) -> dict:
    """blacksquare on the level's patterns; PeerFailed when it is missing or does not run."""
    try:
        peer = importlib.import_module(PEER_MODULE)
    except ImportError:
        raise PeerFailed(f"{PEER_MODULE} is not installed (pip install "
                         f"'.[bench]')") from None
    word_list = peer.WordList({word: 1.0 for word in sorted(words)})
    outcomes = []
    for key in keys:
        pattern = race_pattern(key, level)[0]
        try:
            outcomes.append(blacksquare_fill(peer, pattern, word_list, words))
        except Exception as error:   # whatever the peer raises, it did not run: say so, go on
            raise PeerFailed(f"{PEER_MODULE} failed: {type(error).__name__}: {error}") from None
    return tally(outcomes)


PEERS = {"qxw": race_qxw, "blacksquare": race_blacksquare}


def race(count: int) -> dict:
    """Every level's race; a peer that fails is reported once, on stderr, and left out."""
    out: dict = {}
    left_out: dict[str, str] = {}
    for level in LEVELS:
        keys = [f"clued:race-{level}:{n}" for n in range(count)]
        words = frozenset(race_words(level))
        row = {"patterns": count, "words": len(words), **race_ours(level, keys, words)}
        for name, run_peer in PEERS.items():
            if name in left_out:
                continue
            try:
                row[name] = run_peer(level, keys, words)
            except PeerFailed as why:
                left_out[name] = str(why)
                print(f"{name}: {why}; left out of the race", file=sys.stderr)
        for name in PEERS:
            if name in row:
                row[f"board_vs_{name}"] = ratio(row["board"], row[name])
                row[f"fill_vs_{name}"] = ratio(row["fill"], row[name])
        out[level] = row
    return {"per_level": out, "left_out": left_out}


def ratio(ours: dict, peer: dict) -> float | None:
    """Our rate over the peer's (None when either filled nothing)."""
    if not ours["per_cpu_second"] or not peer["per_cpu_second"]:
        return None
    return round(ours["per_cpu_second"] / peer["per_cpu_second"], 3)


def print_race(results: dict) -> None:
    """One line a level: each racer's fills per CPU second, success share and median CPU ms
    a fill; then our boards' rate over each peer's."""
    print("race on the same patterns and list: fills per CPU second (success, median ms); "
          "board = ours with clues, solve and proof; fill = our bare fill", file=sys.stderr)
    width = max(len(level) for level in results["per_level"]) + 2
    for level, row in results["per_level"].items():
        cells = [f"{name} {row[name]['per_cpu_second'] or 0:.1f} "
                 f"({row[name]['success']:.0%}, {row[name]['median_ms'] or 0:.1f})"
                 for name in ("board", "fill", *PEERS) if name in row]
        ratios = [f"board/{name} " + ("-" if row[f"board_vs_{name}"] is None
                                      else f"{row[f'board_vs_{name}']:.2f}")
                  for name in PEERS if name in row]
        print(level.ljust(width) + "  ".join(cells + ratios), file=sys.stderr)


def run(quick: bool) -> dict:
    made: list = []
    results = {"generation": generation_rates(generate, "clued", LEVELS,
                                              QUICK if quick else FULL, VERSION, TARGETS, made)}
    results["proofs"] = proof_rate(verify, made, TARGETS["proofs_per_second"])
    print_rates(results)
    results["race"] = race(RACE["quick" if quick else "full"])
    print_race(results["race"])
    return results
