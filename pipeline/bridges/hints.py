"""The Bridges hint: a board's key step, in words, with what it establishes.

The key step is the first step of the hardest technique the board's grade records
(HINT_TECHNIQUES): the easier rules run to a standstill, then the step's own rule sweeps once,
and the first span it narrows is told in the board's terms: the islands by their numbers and
squares (columns A, B, ... from the left, rows 1, 2, ... from the top), and why the span
carries what it does.
"""

from __future__ import annotations

import numpy as np

from pipeline.bridges.board import Board, Layout, layout
from pipeline.bridges.solve import (COUNTING, CROSSINGS, N_COUNTERS, SATURATION, SEARCH_RULES,
                                    State, components, connectivity_sweep, counting_sweep,
                                    find_root, narrow, one_whatif, propagate, saturation_sweep,
                                    undo)
from pipeline.family import Hint, HintNames, square_name, unknown_reveals
from pipeline.i18n import N_, NN_, Messages, and_list, language

_ = Messages(__name__)

# What a hint reveals, each a list of [end, end] spans with the length of its items: spans
# carrying at least k bridges [a, b, k], spans carrying none [a, b], at most k [a, b, k].
REVEALS = {"bridges": 3, "none": 2, "at_most": 3}


HINT_TECHNIQUES = (  # hardest first: the hint is the first step of the hardest one recorded
    ("whatif_count", N_("what-if"), None),
    ("connectivity", N_("connectivity"), CROSSINGS | SATURATION | COUNTING),
    ("counting", N_("counting"), CROSSINGS | SATURATION),
    ("saturation", N_("saturation"), CROSSINGS),
)

# --- the hint in another language ------------------------------------------------------------
# English keeps the sentences below as they always read; another language words the same step
# from its parts (islands, span, counts) by its own sentences in the catalog. What the span
# carries is a whole predicate ("carries no bridge"), and what a supposition had, and what one
# or two bridges would do, each a phrase of its own, so a language whose negation or verb
# agrees with the count (Spanish "no lleva ningún puente", "un puente ... los gastaría") has
# its own words for each. An island after a preposition is given as its number and square
# ({other_number}, {other_square}), not as the phrase "the 3 at A1", so the template carries the
# article's case and contraction: German "zwischen der 4 in D8", French "au 3 en A1", Spanish
# "al 3 de A1".
OUTCOMES = {"none": N_("no bridge"), "exactly 1": N_("exactly one bridge"),
            "exactly 2": N_("exactly two bridges"), "at least 1": N_("at least one bridge"),
            "at least 2": N_("at least two bridges"), "at most 1": N_("at most one bridge")}
CARRIES = {"none": N_("carries no bridge"), "exactly 1": N_("carries exactly one bridge"),
           "exactly 2": N_("carries exactly two bridges"),
           "at least 1": N_("carries at least one bridge"),
           "at least 2": N_("carries at least two bridges"),
           "at most 1": N_("carries at most one bridge")}
HAD = {0: N_("had no bridge"), 1: N_("had one bridge"), 2: N_("had two bridges")}
WOULD_CUT = {
    1: N_("One bridge between the {a_number} at {a_square} and the {b_number} at {b_square} "
          "would spend every one and cut these {members} islands (gray in the figure) off "
          "from the rest"),
    2: N_("Two bridges between the {a_number} at {a_square} and the {b_number} at {b_square} "
          "would spend every one and cut these {members} islands (gray in the figure) off "
          "from the rest"),
}
SAYINGS = {
    "connectivity": N_("{opening}, {technique}: {islands} have {ends} left to spend. {cut}: "
                       "the span {carries}."),
    "connectivity-one": N_("{opening}, {technique}: {islands} has {ends} left to spend. {cut}: "
                           "the span {carries}."),
    "counting": N_("{opening}, {technique}: {island} can get at most {others} from its other "
                   "neighbours, so at least {need} must run to the {other_number} at "
                   "{other_square}."),
    "reach": N_("{opening}, {technique}: {island} can reach exactly {ends} over all its "
                "possible bridges, so it needs every one of them: {outcome} to the "
                "{other_number} at {other_square}."),
    "full": N_("{opening}, {technique}: {island} already has all its bridges, so no more run "
               "from it: {outcome} to the {other_number} at {other_square}."),
    "short": N_("{opening}, {technique}: {island} has only {left} left to spend, so the span "
                "between the {a_number} at {a_square} and the {b_number} at {b_square} "
                "{carries}."),
    "what-if": N_("After the easier steps, {technique}: suppose the {a_number} at {a_square} "
                  "and the {b_number} at {b_square} {had} between them. The easier steps then reach a contradiction{where}. So the span "
                  "{carries}."),
}
CONTRADICTIONS = {
    "short": N_(": {island} can no longer get its number"),
    "over": N_(": {island} gets more bridges than its number"),
    "cut": N_(": islands such as {island} are cut off from the rest"),
    "generic": N_(" (an island that cannot get its number, bridges that would cross, or islands "
                  "cut off from the rest)"),
}
OPENINGS = (N_("From the start"), N_("After the easier steps"))
JOINED = N_("the {count} islands already joined up with the {number} at {square}")
BRIDGES = NN_("{count} bridge", "{count} bridges")
BRIDGE_ENDS = NN_("{count} bridge end", "{count} bridge ends")


def _outcome_key(new: tuple[int, int], old: tuple[int, int]) -> str:
    """The narrowing's outcome, a key of OUTCOMES and CARRIES."""
    if new[0] == new[1]:
        return "none" if new[0] == 0 else f"exactly {new[0]}"
    if new[0] > old[0]:
        return f"at least {new[0]}"
    return "none" if new[1] == 0 else f"at most {new[1]}"


def _outcome_words(new: tuple[int, int], old: tuple[int, int]) -> str:
    """_outcome in the book's language, as a phrase ("exactly one bridge")."""
    return _(OUTCOMES[_outcome_key(new, old)])


def _carries_words(new: tuple[int, int], old: tuple[int, int]) -> str:
    """What the span carries, as the predicate of "the span ..." in the book's language."""
    return _(CARRIES[_outcome_key(new, old)])


def _contradiction_words(kind: str, english: str, island: str) -> str:
    return english if language() == "en" else _(CONTRADICTIONS[kind], island=island)


def _say(saying: str, english: str, **parts) -> str:
    """The English sentence, or the language's own sentence from the same parts."""
    return english if language() == "en" else _(SAYINGS[saying], **parts)


def _island(lay: Layout, i: int) -> str:
    island = lay.board.islands[i]
    return _("the {number} at {square}", number=island.number,
             square=square_name(island.row, island.col))


def _island_parts(lay: Layout, i: int, name: str = "") -> dict:
    """An island as a template's parts, its number and its square ({other_number},
    {other_square}), where the language's words around it depend on the case it stands in."""
    island, prefix = lay.board.islands[i], f"{name}_" if name else ""
    return {f"{prefix}number": island.number,
            f"{prefix}square": square_name(island.row, island.col)}


def _span_parts(lay: Layout, e: int) -> dict:
    """The span's two islands as a template's parts: {a_number}, {a_square}, {b_...}."""
    return {**_island_parts(lay, int(lay.link_a[e]), "a"),
            **_island_parts(lay, int(lay.link_b[e]), "b")}


def _span(lay: Layout, e: int) -> str:
    return f"{_island(lay, int(lay.link_a[e]))} and {_island(lay, int(lay.link_b[e]))}"


def _ends(lay: Layout, e: int) -> tuple[list[int], list[int]]:
    a, b = int(lay.link_a[e]), int(lay.link_b[e])
    return [int(lay.rows[a]), int(lay.cols[a])], [int(lay.rows[b]), int(lay.cols[b])]


def _reveals(lay: Layout, e: int, old: tuple[int, int], new: tuple[int, int]) -> dict:
    """What narrowing link e from `old` to `new` establishes, in record coordinates."""
    a, b = _ends(lay, e)
    out = {"bridges": [], "none": [], "at_most": []}
    if new[0] > old[0]:
        out["bridges"].append([a, b, new[0]])
    if new[1] < old[1]:
        if new[1] == 0:
            out["none"].append([a, b])
        else:
            out["at_most"].append([a, b, new[1]])
    return out


def _outcome(new: tuple[int, int], old: tuple[int, int]) -> str:
    """What a span carries after a narrowing, as a phrase: "at least 1 bridge"."""
    if new[0] == new[1]:
        return "no bridge" if new[0] == 0 else _count_words(new[0]).replace("one", "exactly one")\
            .replace("two", "exactly two")
    if new[0] > old[0]:
        return f"at least {_count_words(new[0])}"
    return "no bridge" if new[1] == 0 else f"at most {_count_words(new[1])}"


def _first_narrowing(state: State, mark: int) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """The first link a sweep narrowed since trail position `mark`: (link, before, after)."""
    e = int(state.trail[mark, 0])
    old = (int(state.trail[mark, 1]), int(state.trail[mark, 2]))
    for t in range(mark + 1, int(state.meta[0])):
        if state.trail[t, 0] == e:
            return e, old, (int(state.trail[t, 1]), int(state.trail[t, 2]))
    return e, old, (int(state.lo[e]), int(state.hi[e]))


def _groups(lay: Layout, lo) -> dict[int, list[int]]:
    parent = np.zeros(len(lay.number), dtype=np.int64)
    components(len(lay.number), lay.link_a, lay.link_b, lo, 1, parent)
    out: dict[int, list[int]] = {}
    for i in range(len(lay.number)):
        out.setdefault(int(find_root(parent, i)), []).append(i)
    return out


def _left(lay: Layout, lo, i: int) -> int:
    return int(lay.number[i]) - sum(int(lo[lay.touch[k]])
                                    for k in range(lay.touch_start[i], lay.touch_start[i + 1]))


def _rule_text(lay: Layout, rule: str, e: int, lo, hi, old, new,
               told: dict | None = None) -> tuple[str, list[int]]:
    """Why a rule narrowed link e (given the intervals just before), and the islands it used;
    `told` (the opening and the technique) begins the sentence in another language."""
    told = told or {}
    a, b = int(lay.link_a[e]), int(lay.link_b[e])
    outcome = _outcome(new, old)
    touching = {i: [int(lay.touch[k]) for k in range(lay.touch_start[i], lay.touch_start[i + 1])]
                for i in (a, b)}
    if rule == "connectivity":
        groups = _groups(lay, lo)
        parent = {i: root for root, members in groups.items() for i in members}
        ga, gb = groups[parent[a]], groups[parent[b]]
        ends = sum(_left(lay, lo, i) for i in ga) + (
            sum(_left(lay, lo, i) for i in gb) if ga is not gb else 0)
        joined = (lambda g, i: _island(lay, i) if len(g) == 1 else
                  _(JOINED, count=len(g), **_island_parts(lay, i)))
        whole = f"{joined(ga, a)} and {joined(gb, b)} have" if ga is not gb else \
            f"{joined(ga, a)} {'have' if len(ga) > 1 else 'has'}"
        members = len(set(ga + gb))
        plural = ga is not gb or len(ga) > 1
        text = _say("connectivity" if plural else "connectivity-one", f"{whole} {ends} bridge ends left to spend. "
                    f"{_count_words(old[1]).capitalize()} between {_span(lay, e)} would spend "
                    f"every one and cut off these {members} islands (gray in the figure) from "
                    f"the rest: the span carries {outcome}.",
                    islands=and_list([joined(ga, a)] + ([joined(gb, b)] if ga is not gb else [])),
                    ends=_.n(BRIDGE_ENDS, ends),
                    cut=_(WOULD_CUT[old[1]], members=members, **_span_parts(lay, e)),
                    carries=_carries_words(new, old), **told)
        return text, sorted(set(ga + gb))
    if rule == "counting":
        for i in (a, b):
            others = sum(int(hi[f]) for f in touching[i] if f != e)
            if int(lay.number[i]) - others == new[0] > old[0]:
                other = b if i == a else a
                return (_say("counting", f"{_island(lay, i)} can get at most {others} bridge"
                             f"{'s' if others != 1 else ''} from its other neighbours, so at least "
                             f"{_count_words(new[0]).replace('one', '1').replace('two', '2')} "
                             f"must run to {_island(lay, other)}.", island=_island(lay, i),
                             others=_.n(BRIDGES, others), need=_.n(BRIDGES, new[0]),
                             **_island_parts(lay, other, "other"), **told), [i, other])
    # saturation: an island that can just fill takes every bridge it can reach (a rise of the
    # least count); an island already full, or short of ends, caps the link (a fall of the most)
    for i in (a, b):
        left = _left(lay, lo, i)
        high = sum(int(hi[f]) for f in touching[i])
        low = sum(int(lo[f]) for f in touching[i])
        other = b if i == a else a
        if new[0] > old[0] and high == int(lay.number[i]) and low < high:
            return (_say("reach", f"{_island(lay, i)} can reach exactly {high} bridge "
                         f"end{'s' if high != 1 else ''} over all its possible bridges, so it "
                         f"needs every one of them: {outcome} to {_island(lay, other)}.",
                         island=_island(lay, i), ends=_.n(BRIDGE_ENDS, high),
                         outcome=_outcome_words(new, old),
                         **_island_parts(lay, other, "other"), **told), [i, other])
        if new[0] == old[0] and low == int(lay.number[i]) and low < high:
            return (_say("full", f"{_island(lay, i)} already has all its bridges, so no more run "
                         f"from it: {outcome} to {_island(lay, other)}.", island=_island(lay, i),
                         outcome=_outcome_words(new, old),
                         **_island_parts(lay, other, "other"), **told), [i, other])
        if new[0] == old[0] and new[1] == old[0] + left:
            return (_say("short", f"{_island(lay, i)} has only {left} bridge "
                         f"end{'s' if left != 1 else ''} left to spend, so the span between "
                         f"{_span(lay, e)} carries {outcome}.", island=_island(lay, i),
                         left=_.n(BRIDGE_ENDS, left), carries=_carries_words(new, old),
                         **_span_parts(lay, e), **told), [i, other])
    raise AssertionError(f"no reason found for the {rule} step")


def hint(puzzle: dict, solution: dict | None, grade: dict):
    """The first step of the hardest technique the grade records: the first what-if on boards
    that need one, else the first connectivity step, else counting, else saturation."""
    lay = layout(Board.from_puzzle(puzzle))
    state = State(lay)
    args = (lay.number, lay.link_a, lay.link_b, lay.touch_start, lay.touch, lay.cross_start,
            lay.cross)
    for measure, technique, easier in HINT_TECHNIQUES:
        if not grade.get(measure):
            continue
        if easier is None:
            state.deduce(SEARCH_RULES)
            step = one_whatif(state, args)
            if step is None:   # extreme boards that only search decides: the next technique
                state = State(lay)
                continue
            e, supposed, old_lo, old_hi = step
            old, new = (old_lo, old_hi), (int(state.lo[e]), int(state.hi[e]))
            where, culprit = _contradiction(lay, e, supposed, state, args)
            text = _say("what-if", f"After the easier steps, suppose {_span(lay, e)} had "
                        f"{_count_words(supposed)} between them. The easier steps then reach a "
                        f"contradiction{where or _GENERIC}. So the span carries "
                        f"{_outcome(new, old)}.", technique=_(technique),
                        had=_(HAD[supposed]), **_span_parts(lay, e),
                        where=where or _(CONTRADICTIONS["generic"]),
                        carries=_carries_words(new, old))
            a, b = int(lay.link_a[e]), int(lay.link_b[e])
            near = sorted({int(x) for f in range(len(lay.link_a)) for x in
                           (lay.link_a[f], lay.link_b[f]) if {a, b} & {int(lay.link_a[f]),
                                                                       int(lay.link_b[f])}})
            return Hint(_(technique), text, _reveals(lay, e, old, new),
                        _figure(lay, e, near + culprit, []))
        state.deduce(easier)
        lo, hi = state.lo.copy(), state.hi.copy()
        mark = int(state.meta[0])
        sweep = {"connectivity": lambda: connectivity_sweep(*args[:5], state.lo,
                                                       state.hi, state.trail, state.meta,
                                                       state.parent, state.rem, state.size),
                 "counting": lambda: counting_sweep(lay.number, lay.touch_start, lay.touch, state.lo,
                                               state.hi, state.trail, state.meta),
                 "saturation": lambda: saturation_sweep(*args[:5], state.lo, state.hi, state.trail,
                                                   state.meta, state.rem)}[technique]
        if sweep() <= 0 or int(state.meta[0]) == mark:
            raise AssertionError(f"the grade records {technique} but no {technique} step is found")
        e, old, new = _first_narrowing(state, mark)
        opening = "After the easier steps" if mark else "From the start"
        told = {"opening": _(OPENINGS[bool(mark)]), "technique": _(technique)}
        why, islands = _rule_text(lay, technique, e, lo, hi, old, new, told)
        group = islands if technique == "connectivity" else []
        text = f"{opening}, {why}" if language() == "en" else why
        return Hint(_(technique), text, _reveals(lay, e, old, new),
                    _figure(lay, e, islands, group))
    raise ValueError("the grade records no technique to hint at")


def _contradiction(lay: Layout, e: int, supposed: int, state: State, args) -> tuple[str, list]:
    """Where the easier rules break down once link e is supposed to carry `supposed`: the words
    for it (empty when no single island or span shows it) and the islands it names."""
    lo, hi, trail, meta = state.lo, state.hi, state.trail, state.meta
    mark = int(meta[0])
    scratch = np.zeros(N_COUNTERS, dtype=np.int64)
    narrow(e, supposed, supposed, lo, hi, trail, meta)
    propagate(SEARCH_RULES, *args, lo, hi, trail, meta, scratch, state.parent, state.rem,
               state.size)
    found: tuple[str, list] = ("", [])
    last = int(meta[0]) - 1
    first = list(range(len(lay.number)))
    if last >= mark and lo[trail[last, 0]] > hi[trail[last, 0]]:
        # The narrowing that failed: look at the board just before it, at its ends first.
        f = int(trail[last, 0])
        lo[f], hi[f] = trail[last, 1], trail[last, 2]
        ends = [int(lay.link_a[f]), int(lay.link_b[f])]
        first = ends + [i for i in first if i not in ends]
    for i in first:
        touching = range(lay.touch_start[i], lay.touch_start[i + 1])
        high = sum(int(hi[lay.touch[k]]) for k in touching)
        low = sum(int(lo[lay.touch[k]]) for k in touching)
        if high < lay.number[i]:
            found = (_contradiction_words("short", f": {_island(lay, i)} can no longer get its "
                                                   f"number", _island(lay, i)), [i])
            break
        if low > lay.number[i]:
            found = (_contradiction_words("over", f": {_island(lay, i)} gets more bridges than "
                                                  f"its number", _island(lay, i)), [i])
            break
    else:
        parent = np.zeros(len(lay.number), dtype=np.int64)
        if components(len(lay.number), lay.link_a, lay.link_b, hi, 1, parent) > 1:
            cut = [i for i in range(len(lay.number))
                   if find_root(parent, i) != find_root(parent, int(lay.link_a[e]))]
            found = (_contradiction_words("cut", f": islands such as {_island(lay, cut[0])} are "
                                                 f"cut off from the rest", _island(lay, cut[0])),
                     [cut[0]])
    undo(mark, lo, hi, trail, meta)
    return found


_GENERIC = (" (an island that cannot get its number, bridges that would cross, or islands cut off "
            "from the rest)")


def _count_words(k: int) -> str:
    return {0: "no bridge", 1: "one bridge", 2: "two bridges"}[k]


def _figure(lay: Layout, e: int, islands: list[int], group: list[int]) -> dict:
    """The islands a hint reasons on, the span it decides, and the group it speaks of."""
    a, b = _ends(lay, e)
    shown = sorted(set(islands) | {int(lay.link_a[e]), int(lay.link_b[e])})
    rows = [int(lay.rows[i]) for i in shown]
    cols = [int(lay.cols[i]) for i in shown]
    height, width = lay.board.height, lay.board.width
    return {"islands": [[int(lay.rows[i]), int(lay.cols[i]), int(lay.number[i])] for i in shown],
            "span": [a, b],
            "group": [[int(lay.rows[i]), int(lay.cols[i])] for i in sorted(group)],
            "window": _window(min(rows), max(rows), height) + _window(min(cols), max(cols), width)}


FIGURE_MIN_LINES = 4   # a hint figure shows at least this many rows and columns of its board


def _window(low: int, high: int, size: int) -> list[int]:
    """[first, count] of the rows (or columns) a figure shows: those its islands stand on,
    widened to FIGURE_MIN_LINES where the board allows. Cropping keeps the islands large
    enough to read their numbers on a small figure."""
    count = min(size, max(high - low + 1, FIGURE_MIN_LINES))
    first = min(max(0, low - (count - (high - low + 1)) // 2), size - count)
    return [first, count]


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    """Whatever `reveals` says that the solution does not: a span with fewer bridges than it
    claims, a "none" span that carries one, an "at most k" span with more, or ends that are not
    two islands in one line of sight."""
    lay = layout(Board.from_puzzle(puzzle))
    spans = {tuple(map(tuple, _ends(lay, e))): e for e in range(len(lay.link_a))}
    carried = {(tuple(a), tuple(b)): k for a, b, k in solution["bridges"]}
    problems = unknown_reveals(reveals, tuple(REVEALS))
    said = 0
    for key, width in REVEALS.items():
        items = reveals.get(key, [])
        if not isinstance(items, list):
            problems.append(f"reveals.{key} is not a list")
            continue
        for item in items:
            ends = tuple(tuple(end) for end in item[:2]) if isinstance(item, list) and \
                len(item) == width and all(isinstance(end, list) for end in item[:2]) else None
            if ends is None or ends not in spans:
                problems.append(f"reveals.{key}: {item!r} is not a span between two islands")
                continue
            said += 1
            k = carried.get(ends, 0)
            if key == "bridges" and k < item[2]:
                problems.append(f"{list(ends)} carries {k} bridge(s), not at least {item[2]}")
            elif key == "none" and k:
                problems.append(f"{list(ends)} carries {k} bridge(s), not none")
            elif key == "at_most" and k > item[2]:
                problems.append(f"{list(ends)} carries {k} bridges, not at most {item[2]}")
    if not said:
        problems.append("the hint establishes nothing")
    return problems


def hint_names(reveals: dict) -> HintNames:
    """Both islands of every span a hint decides are named in its words."""
    return HintNames(squares=frozenset(
        tuple(end) for key in REVEALS for item in reveals.get(key, []) if isinstance(item, list)
        for end in item[:2] if isinstance(end, list) and len(end) == 2))
