"""The content-stream lexer compiled: the same (operands, operator) pairs as `lexer`'s plain
`content_operations`, with the scanning done by a numba kernel into arrays.

The plain lexer spends most of its time in Python per token (a regular expression per run,
then a loop over the run's words, a float() per number). Here one compiled pass over the
stream's bytes finds every token, reads every number and packs every operator into an
integer, and Python only slices: an operation whose operands are all numbers (most of a page:
m, l, re, cm, Tm, w, g, ...) takes its operand list as one slice of the numbers.

The kernel reads the subset of the content-stream syntax the books are written in, which is
also the subset the plain lexer reads on its fast path (`lexer._SIMPLE_RUN`): numbers, names,
literal strings without unescaped parentheses inside, flat arrays of numbers and strings, and
operators. A stream holding anything else (a dictionary, a hex string, a nested string, an
array inside an array or a name inside one, a comment, true/false/null, an inline image, a
keyword that is no operator, a number too long to read exactly) is handed whole to the plain
lexer, so both always give the same operations, with the same value types (numbers among an
operation's operands are floats, in an array int or float as written).
`tests/readback/test_compiled_lexer.py` compares the two on every page of real books and on
streams made to reach each hand-over.

Compiled on first use and cached on disk (numba `cache=True`, in `__pycache__`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.readback.reader.lexer import content_operations, literal_string, name_text

# Token kinds the kernel writes.
NUMBER, INTEGER, NAME, STRING, ESCAPED_STRING, OPEN_ARRAY, CLOSE_ARRAY = range(7)
# Exact powers of ten: a decimal of at most 15 significant digits and 22 decimals is
# mantissa / 10**decimals, both exact doubles, so one correctly rounded division gives what
# float() gives for its text.
_POWERS = np.array([10.0 ** k for k in range(23)])
_MANTISSA_LIMIT = 2 ** 53


@njit(cache=True)
def _is_white(c):
    return c == 32 or c == 10 or c == 13 or c == 9 or c == 12 or c == 0


@njit(cache=True)
def _is_delimiter(c):
    # ( ) < > [ ] { } / %
    return (c == 40 or c == 41 or c == 60 or c == 62 or c == 91 or c == 93 or c == 123
            or c == 125 or c == 47 or c == 37)


@njit(cache=True)
def _is_regular(c):
    return not _is_white(c) and not _is_delimiter(c)


@njit(cache=True)
def _is_letter(c):
    return (65 <= c <= 90) or (97 <= c <= 122)


@njit(cache=True)
def _scan(data, powers):
    """The tokens and operations of `data` (uint8), or ok = False when the stream holds
    anything outside the kernel's subset (the caller then reads it with the plain lexer).

    Tokens: kind, start, end (bytes data[start:end]), value (numbers). Operations: the packed
    operator bytes (`key`, at most 7 of them), the first operand token, the number of operand
    tokens, and whether every operand is a plain number (not inside an array)."""
    n = len(data)
    cap = n + 1  # a token is at least one byte
    kind = np.empty(cap, np.int8)
    start = np.empty(cap, np.int32)
    end = np.empty(cap, np.int32)
    value = np.empty(cap, np.float64)
    key = np.empty(cap, np.int64)
    first = np.empty(cap, np.int32)
    count = np.empty(cap, np.int32)
    plain = np.empty(cap, np.bool_)
    tokens = 0
    ops = 0
    op_first = 0      # the first token of the operation being read
    op_plain = True   # no operand of it so far but top-level numbers
    in_array = False
    i = 0
    while i < n:
        c = data[i]
        if _is_white(c):
            i += 1
            continue
        if c == 37 or c == 123 or c == 125 or c == 60 or c == 62 or c == 41 or c == 11:
            return False, kind, start, end, value, tokens, key, first, count, plain, ops
        if c == 91 or c == 93:  # [ opens an array, ] closes it: one level only
            opening = c == 91
            if in_array == opening:
                return False, kind, start, end, value, tokens, key, first, count, plain, ops
            in_array = opening
            op_plain = False
            kind[tokens] = OPEN_ARRAY if opening else CLOSE_ARRAY
            start[tokens] = i
            end[tokens] = i + 1
            tokens += 1
            i += 1
            continue
        if c == 40:  # ( a literal string: escapes allowed, no unescaped parenthesis inside
            j = i + 1
            escaped = False
            while j < n and data[j] != 41:
                if data[j] == 40:
                    return False, kind, start, end, value, tokens, key, first, count, plain, ops
                if data[j] == 92:
                    escaped = True
                    j += 1
                j += 1
            if j >= n:
                return False, kind, start, end, value, tokens, key, first, count, plain, ops
            kind[tokens] = ESCAPED_STRING if escaped else STRING
            start[tokens] = i
            end[tokens] = j + 1
            tokens += 1
            op_plain = False
            i = j + 1
            continue
        if c == 47:  # /Name
            if in_array:
                return False, kind, start, end, value, tokens, key, first, count, plain, ops
            j = i + 1
            while j < n and _is_regular(data[j]):
                if data[j] == 11:
                    return False, kind, start, end, value, tokens, key, first, count, plain, ops
                j += 1
            kind[tokens] = NAME
            start[tokens] = i
            end[tokens] = j
            tokens += 1
            op_plain = False
            i = j
            continue
        # A regular word: a number or an operator.
        j = i
        while j < n and _is_regular(data[j]):
            if data[j] == 11:
                return False, kind, start, end, value, tokens, key, first, count, plain, ops
            j += 1
        if c == 43 or c == 45 or c == 46 or 48 <= c <= 57:
            # [+-]?(\d+\.?\d*|\.\d+), nothing else in the word
            k = i
            negative = False
            if data[k] == 43 or data[k] == 45:
                negative = data[k] == 45
                k += 1
            mantissa = 0
            digits = 0
            decimals = 0
            dot = False
            while k < j:
                d = data[k]
                if 48 <= d <= 57:
                    mantissa = mantissa * 10 + (d - 48)
                    digits += 1
                    if dot:
                        decimals += 1
                    if mantissa >= _MANTISSA_LIMIT:
                        return (False, kind, start, end, value, tokens, key, first, count,
                                plain, ops)
                elif d == 46 and not dot:
                    dot = True
                else:
                    return False, kind, start, end, value, tokens, key, first, count, plain, ops
                k += 1
            if digits == 0 or decimals > 22:
                return False, kind, start, end, value, tokens, key, first, count, plain, ops
            number = mantissa / powers[decimals]
            value[tokens] = -number if negative else number
            kind[tokens] = NUMBER if dot or not in_array else INTEGER
            start[tokens] = i
            end[tokens] = j
            tokens += 1
            i = j
            continue
        # An operator: [A-Za-z'"][A-Za-z0-9*'"]*, at most 7 bytes, not BI/true/false/null,
        # and not inside an array.
        if in_array or j - i > 7 or not (_is_letter(c) or c == 39 or c == 34):
            return False, kind, start, end, value, tokens, key, first, count, plain, ops
        packed = 0
        for k in range(i, j):
            d = data[k]
            if not (_is_letter(d) or 48 <= d <= 57 or d == 42 or d == 39 or d == 34):
                return False, kind, start, end, value, tokens, key, first, count, plain, ops
            packed = packed * 256 + d
        if j - i == 2 and data[i] == 66 and data[i + 1] == 73:  # BI
            return False, kind, start, end, value, tokens, key, first, count, plain, ops
        if j - i == 4 and ((data[i] == 116 and data[i + 1] == 114 and data[i + 2] == 117
                            and data[i + 3] == 101)
                           or (data[i] == 110 and data[i + 1] == 117 and data[i + 2] == 108
                               and data[i + 3] == 108)):  # true, null
            return False, kind, start, end, value, tokens, key, first, count, plain, ops
        if j - i == 5 and data[i] == 102 and data[i + 1] == 97 and data[i + 2] == 108 \
                and data[i + 3] == 115 and data[i + 4] == 101:  # false
            return False, kind, start, end, value, tokens, key, first, count, plain, ops
        key[ops] = packed
        first[ops] = op_first
        count[ops] = tokens - op_first
        plain[ops] = op_plain
        ops += 1
        op_first = tokens
        op_plain = True
        i = j
    if in_array:  # an array left open: the plain lexer decides what that means
        return False, kind, start, end, value, tokens, key, first, count, plain, ops
    return True, kind, start, end, value, tokens, key, first, count, plain, ops


_OPERATORS: dict[int, bytes] = {}  # packed key -> the operator's bytes, one object each


def pack(operator: bytes) -> int:
    """An operator's bytes as the kernel packs them (`operator_bytes` undoes it)."""
    return int.from_bytes(operator, "big")


def operator_bytes(packed: int) -> bytes:
    word = _OPERATORS.get(packed)
    if word is None:
        word = _OPERATORS[packed] = packed.to_bytes(8, "big").lstrip(b"\x00")
    return word


class Scanned:
    """A content stream as the kernel read it: per operation its packed operator (`keys`,
    numpy; `key_list`), first operand token, operand count and whether all its operands are plain
    numbers; the tokens' kinds, places and numbers. `operands(k)` builds operation k's
    operand list as the plain lexer gives it."""

    def __init__(self, data: bytes, scan: tuple):
        (_ok, self._kind, self._start, self._end, value, tokens, key, first, count, plain,
         ops) = scan
        self.data = data
        self.tokens = tokens
        self.keys, self.firsts_array, self.counts_array, self.plain_array = (
            key[:ops], first[:ops], count[:ops], plain[:ops])
        self.values = value[:tokens]
        self.kind_array, self.start_array, self.end_array = (
            self._kind[:tokens], self._start[:tokens], self._end[:tokens])
        self.numbers = self.values.tolist()
        self.firsts = self.firsts_array.tolist()
        self.counts = self.counts_array.tolist()
        self.plain = self.plain_array.tolist()
        self.key_list = self.keys.tolist()
        self._tokens = None
        self._names: dict[bytes, str] = {}

    def token_lists(self) -> tuple[list, list, list]:
        """The tokens' kinds, starts and ends as lists (made once, on first asking)."""
        if self._tokens is None:
            self._tokens = (self.kind_array.tolist(), self.start_array.tolist(),
                            self.end_array.tolist())
        return self._tokens

    def name(self, t: int) -> str:
        """Token t, a name, as the plain lexer gives it (each name's text made once)."""
        raw = self.data[int(self.start_array[t]):int(self.end_array[t])]
        name = self._names.get(raw)
        if name is None:
            name = self._names[raw] = name_text(raw)
        return name

    def operands(self, k: int) -> list:
        at, size = self.firsts[k], self.counts[k]
        if self.plain[k]:
            return self.numbers[at:at + size]
        kinds, starts, ends = self.token_lists()
        data, numbers, names = self.data, self.numbers, self._names
        operands: list = []
        top = operands
        for t in range(at, at + size):
            what = kinds[t]
            if what == NUMBER:
                top.append(numbers[t])
            elif what == INTEGER:
                top.append(int(numbers[t]))
            elif what == NAME:
                raw = data[starts[t]:ends[t]]
                name = names.get(raw)
                if name is None:
                    name = names[raw] = name_text(raw)
                top.append(name)
            elif what == STRING:
                top.append(data[starts[t] + 1:ends[t] - 1])
            elif what == ESCAPED_STRING:
                top.append(literal_string(data[starts[t]:ends[t]], 1)[0])
            elif what == OPEN_ARRAY:
                top = []
                operands.append(top)
            else:
                top = operands
        return operands

    def operations(self) -> list[tuple[list, bytes]]:
        numbers, firsts, counts = self.numbers, self.firsts, self.counts
        operands = self.operands
        return [(numbers[firsts[k]:firsts[k] + counts[k]] if simple else operands(k),
                 operator_bytes(key)) for k, (key, simple) in enumerate(zip(self.key_list,
                                                                           self.plain))]


def scan(data: bytes) -> Scanned | None:
    """The stream read by the kernel, or None when it holds anything outside the kernel's
    subset (the plain lexer reads it then)."""
    if not data:
        return None
    scanned = _scan(np.frombuffer(data, dtype=np.uint8), _POWERS)
    return Scanned(data, scanned) if scanned[0] else None


def fast_operations(data: bytes) -> list[tuple[list, bytes]]:
    """`content_operations(data)`, the same list, scanned by the compiled kernel (the plain
    lexer reads a stream outside the kernel's subset)."""
    scanned = scan(data)
    return content_operations(data) if scanned is None else scanned.operations()
