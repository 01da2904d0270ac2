"""The grader's solve of a clued crossword, easiest first, as a solver works it: write in
every answer that is the only candidate of its clue (the table's answers of its text and
length) that fits the letters already written: "one candidate" when the clue alone allows
one, "crossings" when the letters written decided among several. A board the solve finishes
needs no guess, and is then one fill only: the generator's claim, which the independent
checker (verify.py) must confirm. A hint, knowing the solution, may settle the clue with
fewest candidates when no clue is down to one."""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.clued.verify import candidates

ONE_CANDIDATE, BY_CROSSINGS = "one candidate", "crossings"


@dataclass(frozen=True)
class Step:
    clue: int            # index into the puzzle's clues, across then down
    technique: str
    answer: str


@dataclass(frozen=True)
class Solve:
    steps: tuple[Step, ...]
    solved: bool
    letters: dict   # cell -> letter written


def solve(puzzle: dict, solution: dict | None = None) -> Solve:
    words = candidates(puzzle)
    letters: dict = {}
    open_clues = set(range(len(words)))
    steps = []

    def fitting(k):
        cells, options = words[k]
        return [w for w in options if all(letters.get(c, ch) == ch for c, ch in zip(cells, w))]

    while open_clues:
        options = {k: fitting(k) for k in sorted(open_clues)}
        single = [k for k, found in options.items() if len(found) == 1]
        if single:
            k, technique = single[0], ONE_CANDIDATE if len(words[single[0]][1]) == 1 \
                else BY_CROSSINGS
        elif solution is not None and all(options.values()):
            # no clue is down to one: the fewest candidates, settled by the answer
            k = min(options, key=lambda j: (len(options[j]), j))
            technique = BY_CROSSINGS
            options[k] = ["".join(solution["grid"][r][c] for r, c in words[k][0])]
        else:
            return Solve(tuple(steps), False, letters)
        answer = options[k][0]
        letters.update(zip(words[k][0], answer))
        open_clues.discard(k)
        steps.append(Step(k, technique, answer))
    return Solve(tuple(steps), True, letters)


# --- the trace of one solve --------------------------------------------------------------------

def explain(puzzle: dict) -> list[str]:
    listed = [(d, clue) for d in ("across", "down") for clue in puzzle["clues"][d]]
    result = solve(puzzle)
    lines = [f"{listed[s.clue][1]['number']} {listed[s.clue][0]} "
             f"({listed[s.clue][1]['text']}): {s.answer}, {s.technique}" for s in result.steps]
    if not result.solved:
        lines.append("no further step: no clue is down to one candidate")
    return lines
