"""`pipeline bench` for Word Search: boards per second per level, each proved by the
independent checker, and the side-by-side with the peer generator.

The peer is the PyPI package `word-search-generator` 5.1.0, which needs Python 3.12. It runs
in an interpreter of its own: the one `WORDSEARCH_PEER_PYTHON` names, else
`build/peer/bin/python` when that exists (docs/wordsearch.md, "Speed", says how to make it),
else this interpreter when it can import the peer. The same grid (17x17), word count (25)
and directions (all eight) are timed for both, in CPU seconds of one process, and the peer's
boards are scanned with our checker's clauses: a listed word that appears other than once,
an offensive word of four letters or more anywhere, and a three-letter one anywhere. With no
peer, one line says so.

The target is ten times the peer's 45 boards a second on one core that the peer was measured
at here: 450 boards per CPU second at the peer's setting, printed against what was measured.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from pipeline.wordsearch.generate import generate
from pipeline.wordsearch.grade import LEVELS

FULL_KEYS = 400
QUICK_KEYS = 40
PEER_KEYS = 100
PEER_WORDS = 25
PEER_LEVEL = "hard"      # 17x17, all eight directions
PEER_SIZE = 17
PEER_BOARDS_PER_SECOND = 45     # the peer on one core here, as the target was set
TARGET = 10 * PEER_BOARDS_PER_SECOND
PEER_PYTHON = "WORDSEARCH_PEER_PYTHON"
PEER_VENV = Path("build") / "peer" / "bin" / "python"

# Run by the peer's interpreter: its boards and the CPU seconds they took, as JSON.
PEER_SCRIPT = """
import json, sys, time
from word_search_generator import WordSearch
words, count = sys.argv[1], int(sys.argv[2])
started = time.process_time()
made = [WordSearch(words, size=int(sys.argv[3]), level=3) for _ in range(count)]
seconds = time.process_time() - started
print(json.dumps({"seconds": seconds, "boards": [["".join(r) for r in m.puzzle] for m in made]}))
"""


def measure_level(level: str, keys: int, words: int | None = None) -> dict:
    attempts: list[int] = []
    difficulty: list[float] = []
    warned = 0
    failed = 0
    started, cpu = time.perf_counter(), time.process_time()
    for number in range(1, keys + 1):
        try:
            made = generate(f"wordsearch:{level}:{number}", level, words)
        except Exception:   # GenerationFailed, CheckersDisagree: counted, never hidden
            failed += 1
            continue
        attempts.append(made.attempts)
        difficulty.append(made.grade["difficulty"])
        warned += bool(made.proof["warnings"])
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    # CPU seconds as well as the clock's: on a shared machine the clock counts the others'
    # work too; the CPU figure is what one free core would do
    return {"keys": keys, "boards": len(attempts), "failed": failed,
            "seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3),
            "boards_per_second": round(len(attempts) / seconds, 1) if seconds else 0.0,
            "boards_per_cpu_second": round(len(attempts) / cpu, 1) if cpu else 0.0,
            "attempts_mean": round(sum(attempts) / max(1, len(attempts)), 2),
            "difficulty_min_max": [min(difficulty, default=0), max(difficulty, default=0)],
            # boards whose proof warns of a three-letter list word across a hidden message's
            # letters (the only place the contract lets one be; docs/wordsearch.md)
            "short_offensive_warnings": warned}


def peer_python() -> str | None:
    """The interpreter that can run the peer, or None."""
    named = os.environ.get(PEER_PYTHON)
    if named:
        return named
    if PEER_VENV.exists():
        return str(PEER_VENV)
    try:
        import word_search_generator  # noqa: F401
    except ImportError:
        return None
    return sys.executable


def peer(keys: int) -> dict:
    """The peer's boards per CPU second and how many break our contract, when it can run."""
    python = peer_python()
    if python is None:
        line = ("peer word-search-generator 5.1.0 is not installed (it needs Python 3.12; "
                f"this interpreter is {'.'.join(map(str, sys.version_info[:3]))}; name one "
                f"that has it in {PEER_PYTHON}, or make {PEER_VENV.parent.parent})")
        print(line, file=sys.stderr)
        return {"installed": False, "note": line}
    from pipeline.engines.lexicon import offensive_words
    from pipeline.wordsearch.board import themes
    words = [s for s in themes("en")[0].spellings if 3 <= len(s) <= PEER_SIZE][:PEER_WORDS]
    run = subprocess.run([python, "-c", PEER_SCRIPT, ",".join(words), str(keys),
                          str(PEER_SIZE)], capture_output=True, text=True, check=False)
    if run.returncode != 0:
        line = f"peer word-search-generator could not run with {python}: " + \
            (run.stderr.strip().splitlines() or ["no message"])[-1]
        print(line, file=sys.stderr)
        return {"installed": False, "note": line}
    made = json.loads(run.stdout)
    bad = offensive_words()
    long_bad = [w for w in bad if len(w) >= 4]
    short_bad = [w for w in bad if len(w) == 3]
    broken = Counter()
    for rows in made["boards"]:
        text = _all_lines(rows)
        if any(_readings(text, w) != 1 for w in words):
            broken["a word not exactly once"] += 1
        if any(w in text for w in long_bad):
            broken["an offensive word of 4+ letters"] += 1
        if any(w in text for w in short_bad):
            broken["a 3-letter offensive word"] += 1
    return {"installed": True, "python": python, "boards": keys,
            "boards_per_cpu_second": round(keys / made["seconds"], 1),
            "breaking_our_contract": dict(broken)}


def _all_lines(rows: list[str]) -> str:
    """Every line of a square grid in all eight directions, `#` between them."""
    size = len(rows)
    lines = rows + ["".join(col) for col in zip(*rows)]
    for k in range(-size + 1, size):
        lines.append("".join(rows[r][r - k] for r in range(size) if 0 <= r - k < size))
        lines.append("".join(rows[r][size - 1 - r + k] for r in range(size)
                             if 0 <= size - 1 - r + k < size))
    return "#".join(lines + [line[::-1] for line in lines])


def _readings(text: str, word: str) -> int:
    """How many times a word reads in `_all_lines` text (a palindrome's two readings of the
    same cells count once)."""
    count, start = 0, text.find(word)
    while start >= 0:
        count += 1
        start = text.find(word, start + 1)
    return count // 2 if word == word[::-1] else count


def run(quick: bool) -> dict:
    keys = QUICK_KEYS if quick else FULL_KEYS
    generate("wordsearch:easy:0", "easy")          # themes read, tables made, before the clock
    results = {level.name: measure_level(level.name, keys) for level in LEVELS}
    results["hard_25_words"] = measure_level(PEER_LEVEL, keys, PEER_WORDS)
    results["peer"] = peer(min(keys, PEER_KEYS))
    print(f"{'level':22} {'boards/s':>9} {'per CPU s':>9} {'attempts':>9} {'failed':>7} "
          f"{'3-letter warnings':>18}  difficulty", file=sys.stderr)
    for name in [level.name for level in LEVELS] + ["hard_25_words"]:
        r = results[name]
        print(f"{name:22} {r['boards_per_second']:9.1f} {r['boards_per_cpu_second']:9.1f} "
              f"{r['attempts_mean']:9.2f} {r['failed']:7d} {r['short_offensive_warnings']:18d}"
              f"  {r['difficulty_min_max']}", file=sys.stderr)
    ours = results["hard_25_words"]["boards_per_cpu_second"]
    results["target"] = {"boards_per_cpu_second": TARGET, "measured": ours, "met": ours >= TARGET}
    print(f"peer's setting (17x17, 25 words, all eight directions): {ours} boards per CPU s "
          f"against the target {TARGET} (ten times the peer's {PEER_BOARDS_PER_SECOND}): "
          f"{'met' if ours >= TARGET else 'NOT met'}", file=sys.stderr)
    if results["peer"]["installed"]:
        p = results["peer"]
        print(f"peer, side by side: {p['boards_per_cpu_second']} boards per CPU s, ours {ours} "
              f"({ours / p['boards_per_cpu_second']:.1f}x); of its {p['boards']} boards, "
              f"breaking our contract: {p['breaking_our_contract']}", file=sys.stderr)
    return results
