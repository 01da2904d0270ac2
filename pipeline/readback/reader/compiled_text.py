"""Text showing compiled: the text operators of a scanned content stream run by a numba
kernel, each glyph's position, matrix and ink box worked out there, so that the interpreter
only makes the glyphs.

The books set text one string a cell (a letter of a letter grid, a digit of a number grid): per
string a `Tm`, a `Tf` and a `Tj`, three trips through the interpreter's loop and a show of
a few glyphs, about ten microseconds of Python a string against one of the glyph itself
(the default set shows a million strings). The kernel follows the text state (`BT`, `Tf`,
`Tm`, `Td`, `TD`, `T*`, `TL`, `Tc`, `Tw`, `Tz`, `Ts`, `Tr`), the CTM and the stack the state
is saved on (`q`, `Q`, `cm`), and shows (`Tj`, `TJ`): each shown code gets the values
`Interpreter.show_upright` gives it, the same products and sums in the same order (numba,
like Python, rounds each operation of a double; no fused multiply-add without fastmath).

It takes a stream only when every show in it is what `show_upright` handles: upright text
of an embedded one-byte TrueType font, unclipped and opaque. A stream that clips (`W`,
`W*`), sets an ExtGState (`gs`), draws a form (`Do`), uses `'` or `"`, shows a string with
escapes, a font the interpreter would not find or another kind of font, rotated or skewed
text, or an operation with operands of another count or kind is run by the interpreter as
before. `tests/readback/test_compiled_paths.py` compares every mark of real pages read both
ways.
"""

from __future__ import annotations

from itertools import chain, repeat

import numpy as np
from numba import njit

from pipeline.readback.reader.compiled_lexer import (CLOSE_ARRAY, ESCAPED_STRING, INTEGER, NAME,
                                                     NUMBER, OPEN_ARRAY, STRING, pack)
from pipeline.readback.reader.geometry import new_box
from pipeline.readback.reader.marks import Glyph, glyphs_of_columns

# What the interpreter does with each operation (`Shows.roles`), beside compiled_paths' roles.
TEXT_RUN, TEXT_SKIP, TEXT_SHOW = 0, 1, 3


_BT, _ET, _Tf, _Tm, _Td, _TD = (pack(b"BT"), pack(b"ET"), pack(b"Tf"), pack(b"Tm"),
                                pack(b"Td"), pack(b"TD"))
_Tstar, _TL, _Tc, _Tw, _Tz, _Ts, _Tr = (pack(b"T*"), pack(b"TL"), pack(b"Tc"), pack(b"Tw"),
                                         pack(b"Tz"), pack(b"Ts"), pack(b"Tr"))
_Tj, _TJ, _quote, _dquote = pack(b"Tj"), pack(b"TJ"), pack(b"'"), pack(b'"')
_q, _Q, _cm, _gs, _Do, _W, _Wstar = (pack(b"q"), pack(b"Q"), pack(b"cm"), pack(b"gs"),
                                     pack(b"Do"), pack(b"W"), pack(b"W*"))
_SPACE = 32


@njit(cache=True)
def _python_min(a, b):
    # min(a, b) as Python gives it: the first unless the second is smaller (-0.0 and 0.0)
    return b if b < a else a


@njit(cache=True)
def _python_max(a, b):
    return b if b > a else a


@njit(cache=True)
def _translate(tx, ty, m):
    """multiply((1, 0, 0, 1, tx, ty), m), term for term (`geometry.multiply`)."""
    a, b, c, d, e, f = m[0], m[1], m[2], m[3], m[4], m[5]
    return np.array((1.0 * a + 0.0 * c, 1.0 * b + 0.0 * d, 0.0 * a + 1.0 * c,
                     0.0 * b + 1.0 * d, tx * a + ty * c + e, tx * b + ty * d + f))


@njit(cache=True)
def _string(data, start, stop, escaped, out):
    """The bytes of a literal string token (data[start:stop], without its parentheses) into
    `out`, escapes undone as `lexer.literal_string` undoes them; returns their count."""
    if not escaped:
        for i in range(start, stop):
            out[i - start] = data[i]
        return stop - start
    n = 0
    i = start
    while i < stop:
        c = data[i]
        if c != 92:   # a backslash
            out[n] = c
            n += 1
            i += 1
            continue
        i += 1
        if i >= stop:
            break
        c = data[i]
        if c == 110 or c == 114 or c == 116 or c == 98 or c == 102:   # n r t b f
            out[n] = 10 if c == 110 else 13 if c == 114 else 9 if c == 116 else \
                8 if c == 98 else 12
            n += 1
            i += 1
        elif 48 <= c <= 55:   # up to three octal digits
            j = i
            v = 0
            while j < stop and j < i + 3 and 48 <= data[j] <= 55:
                v = v * 8 + (data[j] - 48)
                j += 1
            out[n] = v & 255
            n += 1
            i = j
        elif c == 13 or c == 10:   # a line continuation
            i += 2 if c == 13 and i + 1 < stop and data[i + 1] == 10 else 1
        else:   # ( ) \ and any other byte stand for themselves
            out[n] = c
            n += 1
            i += 1
    return n


@njit(cache=True)
def _show(data, stop, font, size, cs, ws, h, rise, mode, tm, ctm, widths, bounds,
          inked, em_scale, out_f, out_i, glyphs):
    """The glyphs of one string (bytes data[:stop]), appended to the glyph arrays from
    row `glyphs`; returns (glyphs, pen, upright). out_f per glyph: size, rendered, pa, pb, pc,
    pd, e, f, x0, y0, x1, y1; out_i: font, code, mode, inked."""
    a1, b1, c1, d1, e1, f1 = tm[0], tm[1], tm[2], tm[3], tm[4], tm[5]
    a2, b2, c2, d2, e2, f2 = ctm[0], ctm[1], ctm[2], ctm[3], ctm[4], ctm[5]
    q0, q1 = a1 * a2 + b1 * c2, a1 * b2 + b1 * d2
    q2, q3 = c1 * a2 + d1 * c2, c1 * b2 + d1 * d2
    q4, q5 = e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2
    wide = size * h
    pa, pb = wide * q0 + 0.0 * q2, wide * q1 + 0.0 * q3
    pc, pd = 0.0 * q0 + size * q2, 0.0 * q1 + size * q3
    pe, pf = 0.0 * q0 + rise * q2 + q4, 0.0 * q1 + rise * q3 + q5
    if not (pb == 0 and pc == 0):
        return glyphs, 0.0, False
    rendered = size * np.sqrt(abs(q0 * q3 - q1 * q2))
    scale = em_scale[font]
    pen = 0.0
    for i in range(stop):
        code = data[i]
        e, f = pe + pen * q0, pf + pen * q1
        row = out_f[glyphs]
        row[0], row[1], row[2], row[3], row[4], row[5] = size, rendered, pa, pb, pc, pd
        row[6], row[7] = e, f
        out_i[glyphs, 0], out_i[glyphs, 1], out_i[glyphs, 2] = font, code, mode
        if inked[font, code]:
            bx0, by0, bx1, by1 = (bounds[font, code, 0], bounds[font, code, 1],
                                  bounds[font, code, 2], bounds[font, code, 3])
            x0, x1 = pa * bx0 * scale, pa * bx1 * scale
            y0, y1 = pd * by0 * scale, pd * by1 * scale
            row[8] = _python_min(x0, x1) + e
            row[9] = _python_min(y0, y1) + f
            row[10] = _python_max(x0, x1) + e
            row[11] = _python_max(y0, y1) + f
            out_i[glyphs, 3] = 1
        else:
            out_i[glyphs, 3] = 0
        glyphs += 1
        advance = widths[font, code] / 1000.0 * size + cs
        if code == _SPACE:
            advance += ws
        pen += advance * h
    return glyphs, pen, True


@njit(cache=True)
def _font_names(key, first, count, kind, tstart, tend, data):
    """Per operation, for a Tf whose first operand is a name, which of the stream's distinct
    font names it selects (-1 for every other operation), and each distinct name's first
    token: a page selects the same two or three fonts at every cell, so the interpreter
    looks each name up once."""
    ops = len(key)
    which = np.full(ops, -1, np.int32)
    firsts = np.empty(ops + 1, np.int32)
    names = 0
    for k in range(ops):
        if key[k] != _Tf or count[k] < 1 or kind[first[k]] != NAME:
            continue
        t = first[k]
        size = tend[t] - tstart[t]
        found = -1
        for j in range(names):
            u = firsts[j]
            if tend[u] - tstart[u] != size:
                continue
            same = True
            for i in range(size):
                if data[tstart[t] + i] != data[tstart[u] + i]:
                    same = False
                    break
            if same:
                found = j
                break
        if found < 0:
            firsts[names] = t
            found = names
            names += 1
        which[k] = found
    return which, firsts[:names]


@njit(cache=True)
def _run(key, first, count, plain, kind, tstart, tend, value, data, font_of_op, widths,
         bounds, inked, em_scale, ctm0, text0, tm0, lm0, font0):
    """Roles, glyph ranges and glyphs of a stream's shows, or ok = False when the stream is
    not taken. text0: font size, char spacing, word spacing, horizontal scale, leading, rise,
    render mode (the state the stream starts from); font0 its font (-1: none)."""
    ops = len(key)
    roles = np.zeros(ops, np.int8)
    glyph_from = np.zeros(ops, np.int32)
    glyph_to = np.zeros(ops, np.int32)
    out_f = np.empty((len(data) + 1, 12), np.float64)
    out_i = np.empty((len(data) + 1, 4), np.int32)
    glyphs = 0
    text = np.empty(len(data) + 1, np.uint8)   # one string's bytes, escapes undone
    # The state q saves: CTM (6), then the text state (7), then the font.
    stack = np.empty((ops + 1, 14), np.float64)
    depth = 0
    ctm = ctm0.copy()
    tm = tm0.copy()
    lm = lm0.copy()
    size, cs, ws, h, leading, rise, mode = (text0[0], text0[1], text0[2], text0[3], text0[4],
                                            text0[5], int(text0[6]))
    font = font0
    fail = (False, roles, glyph_from, glyph_to, out_f, out_i, glyphs, tm, lm)
    for k in range(ops):
        op = key[k]
        at = first[k]
        n = count[k]
        if op == _Tj or op == _TJ:
            if font < 0:
                return fail
            glyph_from[k] = glyphs
            strings = 1
            if op == _Tj:
                if n != 1 or not (kind[at] == STRING or kind[at] == ESCAPED_STRING):
                    return fail
                length = _string(data, tstart[at] + 1, tend[at] - 1, kind[at] == ESCAPED_STRING,
                                 text)
                glyphs, pen, upright = _show(text, length, font, size,
                                             cs, ws, h, rise, mode, tm, ctm, widths, bounds,
                                             inked, em_scale, out_f, out_i, glyphs)
                if not upright:
                    return fail
                if pen != 0.0:
                    tm = _translate(pen, 0.0, tm)
            else:
                if n < 2 or kind[at] != OPEN_ARRAY or kind[at + n - 1] != CLOSE_ARRAY:
                    return fail
                strings = 0   # a TJ without a string is no show: it starts no run
                for t in range(at + 1, at + n - 1):
                    what = kind[t]
                    if what == STRING or what == ESCAPED_STRING:
                        strings += 1
                        length = _string(data, tstart[t] + 1, tend[t] - 1,
                                         what == ESCAPED_STRING, text)
                        glyphs, pen, upright = _show(text, length, font,
                                                     size, cs, ws, h, rise, mode, tm, ctm,
                                                     widths, bounds, inked, em_scale, out_f,
                                                     out_i, glyphs)
                        if not upright:
                            return fail
                        if pen != 0.0:
                            tm = _translate(pen, 0.0, tm)
                    elif what == NUMBER or what == INTEGER:
                        tm = _translate(-value[t] / 1000.0 * size * h, 0.0, tm)
                    else:
                        return fail
            glyph_to[k] = glyphs
            roles[k] = TEXT_SHOW if op == _Tj or strings > 0 else TEXT_SKIP
        elif op == _Tm:
            if n != 6 or not plain[k]:
                return fail
            for i in range(6):
                tm[i] = value[at + i]
            lm = tm.copy()
            roles[k] = TEXT_SKIP
        elif op == _Tf:
            if n != 2 or font_of_op[k] < 0 or kind[at + 1] > INTEGER:
                return fail
            font = font_of_op[k]
            size = value[at + 1]
            roles[k] = TEXT_SKIP
        elif op == _BT:
            tm = np.array((1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
            lm = tm.copy()
            roles[k] = TEXT_SKIP
        elif op == _Td or op == _TD or op == _Tstar:
            if op == _Tstar:
                if n != 0:
                    return fail
                tx, ty = 0.0, -leading
            else:
                if n != 2 or not plain[k]:
                    return fail
                tx, ty = value[at], value[at + 1]
                if op == _TD:
                    leading = -ty
            lm = _translate(tx, ty, lm)   # Interpreter.next_line
            tm = lm.copy()
            roles[k] = TEXT_SKIP
        elif op == _TL or op == _Tc or op == _Tw or op == _Tz or op == _Ts or op == _Tr:
            if n != 1 or not plain[k]:
                return fail
            v = value[at]
            if op == _TL:
                leading = v
            elif op == _Tc:
                cs = v
            elif op == _Tw:
                ws = v
            elif op == _Tz:
                h = v / 100.0
            elif op == _Ts:
                rise = v
            else:
                mode = int(v)
            roles[k] = TEXT_SKIP
        elif op == _ET:
            roles[k] = TEXT_SKIP
        elif op == _cm:
            if n != 6 or not plain[k]:
                return fail
            a1, b1, c1, d1, e1, f1 = (value[at], value[at + 1], value[at + 2], value[at + 3],
                                      value[at + 4], value[at + 5])
            a, b, c, d, e, f = ctm[0], ctm[1], ctm[2], ctm[3], ctm[4], ctm[5]
            ctm = np.array((a1 * a + b1 * c, a1 * b + b1 * d, c1 * a + d1 * c, c1 * b + d1 * d,
                            e1 * a + f1 * c + e, e1 * b + f1 * d + f))
        elif op == _q:
            for i in range(6):
                stack[depth, i] = ctm[i]
            stack[depth, 6], stack[depth, 7], stack[depth, 8] = size, cs, ws
            stack[depth, 9], stack[depth, 10], stack[depth, 11] = h, leading, rise
            stack[depth, 12], stack[depth, 13] = mode, font
            depth += 1
        elif op == _Q:
            if depth > 0:
                depth -= 1
                ctm = stack[depth, :6].copy()
                size, cs, ws = stack[depth, 6], stack[depth, 7], stack[depth, 8]
                h, leading, rise = stack[depth, 9], stack[depth, 10], stack[depth, 11]
                mode, font = int(stack[depth, 12]), int(stack[depth, 13])
        elif op == _gs or op == _Do or op == _W or op == _Wstar or op == _quote \
                or op == _dquote:
            return fail
    return True, roles, glyph_from, glyph_to, out_f, out_i, glyphs, tm, lm


class TextFonts:
    """The fonts a document's kernel-run streams show, as arrays the kernel reads: per font
    and one-byte code the advance width, whether the glyph has ink, its outline bounds, and
    per font 1 / units per em; beside them, per font and code, the glyph id and text the
    interpreter gives each glyph (`PdfFont.shown`)."""

    def __init__(self):
        self.index: dict = {}       # PdfFont -> row
        self.fonts: list = []
        # The glyph id and text of font row r's code c, at r * 256 + c (`Shows.glyphs`)
        self.gids: list = []
        self.texts: list = []
        self._rows: list[tuple] = []
        self._arrays = None

    def row(self, font) -> int:
        """The font's row, or -1 for a font the kernel does not show (not an embedded
        one-byte TrueType font)."""
        known = self.index.get(font)
        if known is not None:
            return known
        if font is None or font.ttfont is None or font.two_byte:
            self.index[font] = -1
            return -1
        widths = np.zeros(256, np.float64)
        inked = np.zeros(256, np.bool_)
        bounds = np.zeros((256, 4), np.float64)
        gids, texts = [], []
        for code in range(256):
            gid, width, text, outline = font.shown(code)
            widths[code] = width
            if gid is not None and outline is not None:
                inked[code] = True
                bounds[code] = outline
            gids.append(gid)
            texts.append(text)
        self.index[font] = len(self.fonts)
        self.fonts.append(font)
        self.gids += gids
        self.texts += texts
        self._rows.append((widths, inked, bounds, 1.0 / font.units_per_em))
        self._arrays = None
        return self.index[font]

    def arrays(self) -> tuple:
        if self._arrays is None:
            rows = self._rows or [(np.zeros(256), np.zeros(256, np.bool_), np.zeros((256, 4)),
                                   1.0)]
            self._arrays = (np.stack([r[0] for r in rows]), np.stack([r[1] for r in rows]),
                            np.stack([r[2] for r in rows]),
                            np.array([r[3] for r in rows], np.float64))
        return self._arrays


class Shows:
    """The kernel's answer for one stream: `roles` (TEXT_SKIP for the text state operators,
    TEXT_SHOW for each show), each show's glyph rows (`glyph_from`, `glyph_to`), the glyphs'
    numbers (array `numbers`, a row a glyph: size, rendered size, the matrix's a b c d e f,
    the ink box; array `codes`: font row, code, render mode, whether it has ink) and the text
    and line matrices left at the end."""

    def __init__(self, ran: tuple):
        _ok, roles, glyph_from, glyph_to, out_f, out_i, glyphs, tm, lm = ran
        self.role_array = roles
        self.roles = roles.tolist()
        self.glyph_from = glyph_from.tolist()
        self.glyph_to = glyph_to.tolist()
        self.numbers = out_f[:glyphs]
        self.codes = out_i[:glyphs]
        self.text_matrix = tuple(tm.tolist())
        self.line_matrix = tuple(lm.tolist())

    def glyphs(self, fonts: TextFonts, shown: list[tuple]) -> tuple[list[Glyph], list[int]]:
        """The glyphs of the shows `shown` notes (each: where its glyphs go among the marks,
        its glyph rows, then the fill, stroke, fill and stroke opacity and run in force), what
        `Interpreter.show_upright` makes, in order, and how many each show has. A page sets
        most of its text one short show at a time (a digit a cell), so they are made from
        columns, not show by show."""
        _places, starts, stops, fills, strokes, fill_alphas, stroke_alphas, runs = zip(*shown)
        counts = [stop - start for start, stop in zip(starts, stops)]
        rows = np.concatenate([np.arange(start, stop) for start, stop in zip(starts, stops)]) \
            if sum(counts) != stops[-1] - starts[0] else slice(starts[0], stops[-1])
        numbers, codes = self.numbers[rows], self.codes[rows]
        size, rendered, pa, pb, pc, pd = _shared_in_runs(numbers[:, :6])
        e, f, x0, y0, x1, y1 = numbers[:, 6:].T.tolist()
        font_row, code, mode, inked = codes.T.tolist()
        at = (codes[:, 0] * 256 + codes[:, 1]).tolist()
        ink = list(map(new_box, x0, y0, x1, y1))
        if not all(inked):
            ink = [box if has_ink else None for box, has_ink in zip(ink, inked)]
        fill_alpha = _each(fill_alphas, counts)
        by_fill = (codes[:, 2] % 2 == 0) & (codes[:, 2] >= 0) & (codes[:, 2] < 8)  # 0 2 4 6
        alpha = fill_alpha if by_fill.all() else [
            a if fill_mode else b for fill_mode, a, b in zip(
                by_fill.tolist(), fill_alpha, _each(stroke_alphas, counts))]
        # Glyph(font, code, gid, text, size, rendered_size, matrix, ink, fill,
        # stroke, render_mode, alpha, run, clip)
        return glyphs_of_columns(
            map(fonts.fonts.__getitem__, font_row), code, map(fonts.gids.__getitem__, at),
            map(fonts.texts.__getitem__, at), size, rendered, zip(pa, pb, pc, pd, e, f),
            ink, _each(fills, counts), _each(strokes, counts), mode, alpha,
            _each(runs, counts), repeat(())), counts


def _shared_in_runs(block: np.ndarray) -> list[list[float]]:
    """The columns of `block` as floats, one float object for each run of equal rows (equal
    bits: 0.0 and -0.0 are written apart). A page's glyphs come in runs of one size and one
    scale, so the six numbers a glyph shares with its neighbours are not a million floats a
    book; rows taken together, one comparison a block (measured: 107 against 230 µs for 500
    glyphs taken column by column, 87 µs with no sharing)."""
    bits = block.view(np.int64)
    starts = np.flatnonzero(np.concatenate(([True], (bits[1:] != bits[:-1]).any(axis=1))))
    counts = np.diff(starts, append=len(block)).tolist()
    return [_each(column, counts) for column in block[starts].T.tolist()]


def _each(values, counts) -> list:
    """Each of `values` repeated its count of `counts` times, in order."""
    return list(chain.from_iterable(map(repeat, values, counts)))


def run_shows(scanned, font_row, fonts: TextFonts, ctm, text_state: tuple, font0: int,
              text_matrix, line_matrix) -> Shows | None:
    """The shows of a scanned stream (`compiled_lexer.Scanned`) drawn from this CTM, text
    state (font size, char and word spacing, horizontal scale, leading, rise, render mode),
    font row `font0` and text and line matrices, or None when the kernel does not take it.
    `font_row(name)`: the `TextFonts` row of the font a Tf name selects (-1: none the kernel
    shows)."""
    kinds, starts, ends = scanned.kind_array, scanned.start_array, scanned.end_array
    data = np.frombuffer(scanned.data, dtype=np.uint8)
    keys = scanned.keys
    which, name_tokens = _font_names(keys, scanned.firsts_array, scanned.counts_array, kinds,
                                     starts, ends, data)
    rows = np.array([font_row(scanned.name(t)) for t in name_tokens.tolist()] + [-1],
                    np.int32)
    font_of_op = rows[which]   # which = -1 picks the last: no font
    widths, inked, bounds, em_scale = fonts.arrays()
    ran = _run(keys, scanned.firsts_array, scanned.counts_array, scanned.plain_array, kinds,
               starts, ends, scanned.values, data, font_of_op, widths, bounds, inked, em_scale,
               np.array(ctm, np.float64), np.array(text_state, np.float64),
               np.array(text_matrix, np.float64), np.array(line_matrix, np.float64), font0)
    return Shows(ran) if ran[0] else None

