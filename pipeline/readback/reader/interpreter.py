"""The interpreter: a page's content-stream operations run as a renderer would, into marks.

It keeps the graphics state stack (`q`/`Q`, `cm`, line width, caps, joins, dashes, ExtGState
opacity, soft masks and blend modes), the colour state, the path under construction, the
clipping paths (`W`, `W*`) and the text state and matrices, and draws form XObjects with their
own matrix and resources. Each operator is one small handler in `OPERATORS`; the ones that
paint nothing are listed in `IGNORED`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import sqrt

import numpy as np

from pipeline.geometry import Box
from pipeline.readback.reader.compiled_lexer import (INTEGER, NAME, STRING, operator_bytes,
                                                     pack, scan)
from pipeline.readback.reader.compiled_paths import PAINT, PAINTERS, SKIP, build_paths
from pipeline.readback.reader.compiled_text import TEXT_SHOW, TEXT_SKIP, Shows, run_shows
from pipeline.readback.reader.fonts import PdfFont, approximate_ink
from pipeline.readback.reader.geometry import (IDENTITY, Matrix, apply, clipped, mean_scale,
                                               multiply, new_box, outline_bounds,
                                               thinnest_scale)
from pipeline.readback.reader.lexer import content_operations
from pipeline.readback.reader.marks import (Clip, Glyph, ImageMark, PageContent, PathMark,
                                            new_path_mark)
from pipeline.readback.reader.values import BLACK, Colour, numbers, pdf_name

# Whether streams are read by the compiled kernels (`compiled_lexer`, `compiled_paths`); off,
# by the plain lexer and every operator's handler, which the tests compare them with.
COMPILED = True
# Whether the text of a stream the path kernel took is shown by the text kernel
# (`compiled_text`); off, by `show` (the tests compare the two).
COMPILED_TEXT = True
_FIND = object()  # `paint`: the outline is not known yet


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    fill: Colour = BLACK
    stroke: Colour = BLACK
    fill_space: str = "DeviceGray"
    stroke_space: str = "DeviceGray"
    line_width: float = 1.0
    cap: int = 0
    join: int = 0
    dash: tuple = ((), 0.0)
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    soft_mask: bool = False
    blend: str = "Normal"
    # text state (kept across BT/ET, as the spec says)
    font: PdfFont | None = None
    font_size: float = 0.0
    char_spacing: float = 0.0
    word_spacing: float = 0.0
    scale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0
    render_mode: int = 0
    clip: tuple = ()  # Clip paths in force

    def copy(self) -> "_State":
        # replace(self), the same fields, without the generated __init__ (every q and form)
        made = object.__new__(_State)
        made.__dict__.update(self.__dict__)
        return made



@lru_cache(maxsize=4096)
def _scales(ctm: Matrix) -> tuple[float, float]:
    """(`thinnest_scale`, `mean_scale`) of a CTM: a page paints hundreds of paths under the
    same one or two."""
    return thinnest_scale(ctm), mean_scale(ctm)


class Interpreter:
    """Runs a content stream (and the forms it draws) into a page's marks, the way a renderer
    would: the graphics state stack, the CTM, the text and line matrices, clipping paths."""

    def __init__(self, document, page_content: PageContent):
        # `document` is the PdfDocument read (its fonts, streams and resources); not imported
        # here, as the document runs this interpreter.
        self.doc = document
        self.out = page_content
        self.state = _State()
        self.stack: list[_State] = []
        self.path: list[tuple] = []  # segments in page coordinates
        self.current: tuple[float, float] | None = None
        self.subpath_start: tuple[float, float] | None = None
        self.text_matrix: Matrix = IDENTITY
        self.line_matrix: Matrix = IDENTITY
        self.depth = 0
        self.runs = 0
        self.colours: dict = {}
        self.fonts_named: dict = {}  # (id(resources), name) -> (resources, PdfFont)
        self.pending_clip: bool | None = None  # W (False) or W* (True) seen for this path

    # -- resources --------------------------------------------------------------------------

    def run(self, contents, resources, matrix: Matrix = IDENTITY) -> None:
        if contents is None:
            return
        self.depth += 1
        if self.depth > 12:  # a form that draws itself
            self.out.unsupported.add("recursive form")
            self.depth -= 1
            return
        saved = self.state.copy()
        saved_stack = self.stack
        self.stack = []
        self.state.ctm = multiply(matrix, self.state.ctm)
        resources = resources.get_object() if resources is not None else {}
        data = self.doc.stream_bytes(contents)
        scanned = scan(data) if COMPILED else None
        # The kernel builds the paths from the path's own start: a path left open by the
        # stream that drew this form goes through the handlers.
        paths = (build_paths(scanned, self.state.ctm, self.current, self.subpath_start)
                 if scanned is not None and not self.path else None)
        if paths is not None:
            self.run_compiled(scanned, paths, resources, self.compiled_shows(scanned, resources))
        else:
            self.run_operations(content_operations(data) if scanned is None
                                else scanned.operations(), resources)
        self.stack = saved_stack
        self.state = saved
        self.depth -= 1

    def run_operations(self, operations, resources) -> None:
        """Every operation through its handler (the reference the kernels are tested on)."""
        for operands, operator in operations:
            handler = OPERATORS.get(operator)
            if handler is None:
                if operator not in IGNORED:
                    self.out.unsupported.add(operator.decode("latin-1"))
                continue
            handler(self, operands, resources)

    def compiled_shows(self, scanned, resources) -> Shows | None:
        """The text of a scanned stream shown by the text kernel (`compiled_text`), or None
        where the stream starts clipped or not opaque (what `show_upright` leaves to `show`)
        or the kernel does not take it."""
        s = self.state
        if not COMPILED_TEXT or s.clip or s.fill_alpha < 1 or s.stroke_alpha < 1 or s.soft_mask \
                or s.blend not in ("Normal", "Compatible"):
            return None
        fonts = self.doc.text_fonts
        return run_shows(scanned, lambda name: fonts.row(self.font(resources, name)), fonts,
                         s.ctm, (s.font_size, s.char_spacing, s.word_spacing, s.scale,
                                 s.leading, s.rise, s.render_mode),
                         -1 if s.font is None else fonts.row(s.font), self.text_matrix,
                         self.line_matrix)

    def run_compiled(self, scanned, paths, resources, shows: Shows | None = None) -> None:
        """The operations of a scanned stream whose paths the kernel built: path
        construction is skipped, each painting operator paints the kernel's segments, every
        other operator runs its handler; the path state is left as the handlers leave it.
        With `shows`, the text kernel's answer, the text state operators are skipped too and
        each show makes the kernel's glyphs."""
        roles, operands = paths.roles, scanned.operands
        numbers, firsts, counts, plain = (scanned.numbers, scanned.firsts, scanned.counts,
                                          scanned.plain)
        keys = scanned.key_list
        visit = paths.role_array != SKIP   # only the operations neither kernel did
        if shows is not None:
            visit &= shows.role_array != TEXT_SKIP
        text_roles = None if shows is None else shows.roles
        marks = self.out.marks
        shown: list[tuple] = []   # each show met: where its glyphs go and the paint in force
        for k in np.flatnonzero(visit).tolist():
            key = keys[k]
            if roles[k] == PAINT:
                segments = self.path = paths.segments(k)
                self.paint(*PAINTERS[key], paths.outline(k, segments))
                continue
            if text_roles is None:
                if self.run_text_fast(scanned, k, key, resources):
                    continue
            elif text_roles[k] == TEXT_SHOW:
                self.runs += 1
                state = self.state
                shown.append((len(marks), shows.glyph_from[k], shows.glyph_to[k], state.fill,
                              state.stroke, state.fill_alpha, state.stroke_alpha, self.runs))
                continue
            handler = HANDLERS.get(key)
            if handler is None:
                operator = operator_bytes(key)
                if operator not in IGNORED:
                    self.out.unsupported.add(operator.decode("latin-1"))
                continue
            if plain[k]:
                at = firsts[k]
                handler(self, numbers[at:at + counts[k]], resources)
            else:
                handler(self, operands(k), resources)
        self.path = paths.pending
        self.current, self.subpath_start = paths.current, paths.subpath_start
        if shows is not None:
            self.text_matrix, self.line_matrix = shows.text_matrix, shows.line_matrix
        if shown:
            self.place_glyphs(shows, shown)

    def run_text_fast(self, scanned, k: int, key: int, resources) -> bool:
        """The text operators of every line in a stream the text kernel did not take, their
        operands read straight from the tokens (what `operands(k)` would build, then `op_Tj`,
        `op_Tm` and `op_Tf` take); False for any other operation."""
        if key != _TJ and key != _TM and key != _TF:
            return False
        kinds, starts, ends = scanned.token_lists()
        at, count = scanned.firsts[k], scanned.counts[k]
        if key == _TJ and count == 1 and kinds[at] == STRING:
            self.show(scanned.data[starts[at] + 1:ends[at] - 1])
            return True
        if key == _TM and scanned.plain[k]:   # op_Tm: its numbers, floats already
            self.text_matrix = self.line_matrix = tuple(scanned.numbers[at:at + count])
            return True
        if key == _TF and count == 2 and kinds[at] == NAME and kinds[at + 1] <= INTEGER:
            self.state.font = self.font(resources, scanned.name(at))
            self.state.font_size = scanned.numbers[at + 1]
            return True
        return False

    def place_glyphs(self, shows: Shows, shown: list[tuple]) -> None:
        """The glyphs of a stream's shows the text kernel worked out, made together
        (`Shows.glyphs`, each show's paint and run as `shown` noted them at the show) and put
        among the marks where each show came. A form drawn by a show's stream (`Do`) puts its
        own marks in while these wait: a place counts only the marks put in before it, so
        each show's glyphs still come before the form's marks that followed it."""
        glyphs, counts = shows.glyphs(self.doc.text_fonts, shown)
        places = [show[0] for show in shown]
        # Shows at one place (no path painted between them) go in together.
        ends = np.cumsum(counts)
        last = np.flatnonzero(np.diff(places, append=-1)).tolist()
        marks = self.out.marks
        placed, taken, made = [], 0, 0
        for show in last:
            place, upto = places[show], int(ends[show])
            placed += marks[taken:place]
            placed += glyphs[made:upto]
            taken, made = place, upto
        placed += marks[taken:]
        marks[:] = placed

    def font(self, resources, name) -> PdfFont | None:
        # A page selects the same two or three fonts at every line: each is looked up once
        # per resource dictionary (kept with it, so its id stays its own).
        known = self.fonts_named.get((id(resources), name))
        if known is not None and known[0] is resources:
            return known[1]
        fonts = resources.get("/Font")
        if fonts is None or name not in fonts.get_object():
            self.out.unsupported.add(f"missing font {name}")
            return None
        font = self.doc.font(fonts.get_object()[name], pdf_name(name))
        self.fonts_named[(id(resources), name)] = (resources, font)
        return font

    def colour_space(self, resources, name) -> str:
        name = str(name)
        plain = pdf_name(name)
        if plain in ("DeviceGray", "DeviceRGB", "DeviceCMYK", "Pattern", "G", "RGB", "CMYK"):
            return {"G": "DeviceGray", "RGB": "DeviceRGB", "CMYK": "DeviceCMYK"}.get(plain, plain)
        spaces = resources.get("/ColorSpace")
        if spaces is None or name not in spaces.get_object():
            return plain
        value = spaces.get_object()[name].get_object()
        if isinstance(value, list) or hasattr(value, "__getitem__") and not isinstance(value, str):
            family = pdf_name(value[0])
            if family == "Separation":
                return f"Separation:{pdf_name(value[1])}"
            return family
        return pdf_name(value)

    # -- path construction ------------------------------------------------------------------

    def point(self, x, y) -> tuple[float, float]:
        a, b, c, d, e, f = self.state.ctm
        x, y = float(x), float(y)
        return a * x + c * y + e, b * x + d * y + f

    def move(self, x, y):
        p = self.point(x, y)
        self.path.append(("M", *p))
        self.current = self.subpath_start = p

    def line(self, x, y):
        p = self.point(x, y)
        self.path.append(("L", *p))
        self.current = p

    def curve(self, p1, p2, p3):
        self.path.append(("C", *p1, *p2, *p3))
        self.current = p3

    def close(self):
        if self.path:
            self.path.append(("Z",))
            self.current = self.subpath_start

    def paint(self, fill: bool, stroke: bool, even_odd: bool = False,
              outline: Box | None | object = _FIND) -> None:
        """Paint the path; `outline` is its `outline_bounds` when already known."""
        segments = tuple(self.path)
        self.path = []
        clip_even_odd, self.pending_clip = self.pending_clip, None
        if outline is _FIND:
            outline = outline_bounds(segments) if segments else None
        s = self.state
        if outline is not None and clip_even_odd is not None:
            # The clip takes effect after this path is painted (with the clip before it).
            clip = s.clip
            s.clip = s.clip + (Clip(segments, clip_even_odd, outline),)
        else:
            clip = s.clip
        if outline is None or not (fill or stroke):
            return
        thinnest, mean = _scales(s.ctm)
        width = s.line_width * thinnest
        mean_width = s.line_width * mean
        ink = outline
        if stroke:   # outline.inset(-half, -half, -half, -half), the same sums
            half = -(max(width, mean_width) / 2)
            ink = new_box(outline.x0 + half, outline.y0 + half, outline.x1 - half,
                          outline.y1 - half)
        if clip:
            ink = clipped(ink, clip)
            if ink is None:
                return  # clipped away: nothing reaches the paper
        # The smaller alpha of the paints used (min of the list of them).
        alpha = (min(s.fill_alpha, s.stroke_alpha) if fill and stroke
                 else s.fill_alpha if fill else s.stroke_alpha)
        dash = s.dash
        dash = (tuple(v * mean for v in dash[0]) if dash[0] else (), dash[1] * mean)
        self.out.marks.append(new_path_mark(
            segments, s.fill if fill else None, s.stroke if stroke else None, even_odd, width,
            mean_width, s.cap, s.join, dash, alpha, outline, ink, clip))
        if fill and s.fill_alpha < 1 or stroke and s.stroke_alpha < 1 or s.soft_mask \
                or s.blend not in ("Normal", "Compatible"):
            self.note_transparency(fill, stroke)

    def note_transparency(self, fill: bool, stroke: bool) -> None:
        s = self.state
        if fill and s.fill_alpha < 1 or stroke and s.stroke_alpha < 1:
            self.out.transparency.append("constant alpha below 1 (CA/ca)")
        if s.soft_mask:
            self.out.transparency.append("soft mask (SMask)")
        if s.blend not in ("Normal", "Compatible"):
            self.out.transparency.append(f"blend mode {s.blend}")

    # -- text -------------------------------------------------------------------------------

    def show(self, data: bytes, same_run: bool = False) -> None:
        s = self.state
        font = s.font
        if font is None:
            return
        size = s.font_size
        h = s.scale
        if not same_run:   # the strings of one TJ array are one show operation
            self.runs += 1
        # Within one show the text matrix only moves along the baseline, so the matrix to the
        # page is worked out once and each glyph's is that one moved by the pen (exact: the
        # same products, grouped differently).
        # multiply(self.text_matrix, s.ctm), then multiply((size * h, 0, 0, size, 0, s.rise),
        # placed) and size * mean_scale(placed), written out: the same products and sums in
        # the same order (a grid page shows a few hundred one-glyph strings).
        a1, b1, c1, d1, e1, f1 = self.text_matrix
        a2, b2, c2, d2, e2, f2 = s.ctm
        q0, q1 = a1 * a2 + b1 * c2, a1 * b2 + b1 * d2
        q2, q3 = c1 * a2 + d1 * c2, c1 * b2 + d1 * d2
        q4, q5 = e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2
        placed = (q0, q1, q2, q3, q4, q5)
        wide, rise = size * h, s.rise
        pa, pb = wide * q0 + 0 * q2, wide * q1 + 0 * q3
        pc, pd = 0 * q0 + size * q2, 0 * q1 + size * q3
        pe, pf = 0 * q0 + rise * q2 + q4, 0 * q1 + rise * q3 + q5
        rendered = size * sqrt(abs(q0 * q3 - q1 * q2))
        fill_mode = s.render_mode in (0, 2, 4, 6)
        alpha = s.fill_alpha if fill_mode else s.stroke_alpha
        visible = s.render_mode not in (3, 7)
        # Whether each visible glyph is noted as transparency (`note_transparency`), once.
        noted = visible and ((s.fill_alpha if fill_mode else s.stroke_alpha) < 1
                             or s.soft_mask or s.blend not in ("Normal", "Compatible"))
        clip = s.clip
        marks = self.out.marks
        pen = 0.0   # advance along the baseline so far, in text space
        upright = pb == 0 and pc == 0
        scale = 1.0 / font.units_per_em if font.ttfont is not None else 0.0
        if COMPILED and upright and not clip and not noted and font.ttfont is not None:
            pen = self.show_upright(font, data, size, rendered, (pa, pb, pc, pd, pe, pf), placed,
                                   alpha)
            if pen:
                self.text_matrix = multiply((1, 0, 0, 1, pen, 0), self.text_matrix)
            return
        for code in font.codes(data):
            trm = (pa, pb, pc, pd, pe + pen * placed[0], pf + pen * placed[1])
            gid, width, text, bounds = font.shown(code)
            ink = None
            if gid is not None:  # .notdef too: a viewer prints its box
                if bounds is None:
                    pass
                elif upright:   # as ink_on_page works it out, without the call
                    e, f = trm[4], trm[5]
                    x0, x1 = pa * bounds[0] * scale + e, pa * bounds[2] * scale + e
                    y0, y1 = pd * bounds[1] * scale + f, pd * bounds[3] * scale + f
                    ink = new_box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
                else:
                    ink = font.ink_on_page(gid, trm)
            elif font.ttfont is None:
                ink = approximate_ink(font, code, trm)
            if clip:
                ink = clipped(ink, clip)
            # Glyph(font, code, gid, text, size, rendered_size, matrix, ink, fill,
            # stroke, render_mode, alpha, run, clip)
            marks.append(Glyph(font, code, gid, text, size, rendered, trm, ink,
                               s.fill, s.stroke, s.render_mode, alpha, self.runs, clip))
            if noted:
                self.note_transparency(fill_mode, not fill_mode)
            advance = width / 1000 * size + s.char_spacing
            if code == 32 and not font.two_byte:
                advance += s.word_spacing
            pen += advance * h
        if pen:
            self.text_matrix = multiply((1, 0, 0, 1, pen, 0), self.text_matrix)

    def show_upright(self, font, data, size, rendered, start, placed, alpha) -> float:
        """`show` of an upright string of an embedded font, unclipped and opaque: what each
        code adds to a glyph's position and ink box depends only on the code, the font, the
        matrix's scale and the text state, so it is worked out once a document
        (`PdfDocument.placements`) and each glyph takes only its own sums. Every value is
        the one `show` computes: the same products, added to the same position (a sum keeps
        the order of its terms, so the smaller corner stays the smaller). Returns the pen."""
        s = self.state
        pa, pb, pc, pd, pe, pf = start
        key = (font, pa, pd, size, s.scale, s.char_spacing, s.word_spacing)
        table = self.doc.placements.get(key)
        if table is None:
            table = self.doc.placements[key] = {}
        marks = self.out.marks
        fill, stroke, mode, runs = s.fill, s.stroke, s.render_mode, self.runs
        p0, p1 = placed[0], placed[1]
        pen = 0.0
        for code in font.codes(data):
            placement = table.get(code)
            if placement is None:
                placement = table[code] = self.placement(font, code, size, pa, pd)
            gid, text, x0, y0, x1, y1, step = placement
            e, f = pe + pen * p0, pf + pen * p1
            marks.append(Glyph(font, code, gid, text, size, rendered, (pa, pb, pc, pd, e, f),
                               None if x0 is None else new_box(x0 + e, y0 + f, x1 + e, y1 + f),
                               fill, stroke, mode, alpha, runs, ()))
            pen += step
        return pen

    def placement(self, font, code: int, size: float, pa: float, pd: float) -> tuple:
        """(gid, text, the ink box's corners less the glyph's position (None when it has no
        ink), the pen's step) of one code, as `show` works them out."""
        s = self.state
        gid, width, text, bounds = font.shown(code)
        corners = (None, None, None, None)
        if gid is not None and bounds is not None:
            scale = 1.0 / font.units_per_em
            x0, x1 = pa * bounds[0] * scale, pa * bounds[2] * scale
            y0, y1 = pd * bounds[1] * scale, pd * bounds[3] * scale
            corners = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        advance = width / 1000 * size + s.char_spacing
        if code == 32 and not font.two_byte:
            advance += s.word_spacing
        return (gid, text, *corners, advance * s.scale)

    def next_line(self, tx: float, ty: float) -> None:
        self.line_matrix = multiply((1, 0, 0, 1, tx, ty), self.line_matrix)
        self.text_matrix = self.line_matrix



# -- the operator table ----------------------------------------------------------------------
# Each handler takes the interpreter, the operands and the resources in force.

def op_q(it, ops, res):
    it.stack.append(it.state.copy())


def op_Q(it, ops, res):
    if it.stack:
        it.state = it.stack.pop()


def op_cm(it, ops, res):
    it.state.ctm = multiply(tuple(numbers(ops)), it.state.ctm)


def _set_state(name: str, convert):
    """The handler of an operator that sets one field of the graphics or text state from its
    one operand (w, J, j, Tc, Tw, TL, Tr, Ts)."""
    def op(it, ops, res):
        setattr(it.state, name, convert(ops[0]))
    return op


def op_d(it, ops, res):
    it.state.dash = (tuple(float(v) for v in ops[0]), float(ops[1]))


def op_gs(it, ops, res):
    states = res.get("/ExtGState")
    if states is None or ops[0] not in states.get_object():
        return
    g = states.get_object()[ops[0]].get_object()
    s = it.state
    if "/LW" in g:
        s.line_width = float(g["/LW"])
    if "/CA" in g:
        s.stroke_alpha = float(g["/CA"])
    if "/ca" in g:
        s.fill_alpha = float(g["/ca"])
    if "/SMask" in g:
        s.soft_mask = pdf_name(g["/SMask"]) != "None"
    if "/BM" in g:
        bm = g["/BM"]
        s.blend = pdf_name(bm[0] if isinstance(bm, list) else bm)
    if "/Font" in g:
        font_ref, size = g["/Font"]
        s.font = it.doc.font(font_ref, "ExtGState font")
        s.font_size = float(size)


def _set_colour(it, stroke: bool, space: str, values) -> None:
    key = (space, tuple(values))
    colour = it.colours.get(key)
    if colour is None:  # one object per colour: the SVG writer caches by it
        colour = it.colours[key] = Colour(space, tuple(float(v) for v in values
                                                       if not isinstance(v, str)))
    it.out.colour_spaces.add(space)
    if stroke:
        it.state.stroke = colour
        it.state.stroke_space = space
    else:
        it.state.fill = colour
        it.state.fill_space = space


def _device_colour(stroke: bool, space: str):
    """The handler of g, G, rg, RG, k and K: the colour in a device space, set for filling
    or stroking."""
    def op(it, ops, res):
        _set_colour(it, stroke, space, ops)
    return op


def _initial(space: str) -> tuple[float, ...]:
    return {"DeviceGray": (0.0,), "DeviceRGB": (0.0, 0.0, 0.0),
            "DeviceCMYK": (0.0, 0.0, 0.0, 1.0)}.get(space, (0.0,))


def op_cs(it, ops, res):
    space = it.colour_space(res, ops[0])
    _set_colour(it, False, space, _initial(space))


def op_CS(it, ops, res):
    space = it.colour_space(res, ops[0])
    _set_colour(it, True, space, _initial(space))


def op_sc(it, ops, res):
    _set_colour(it, False, it.state.fill_space, ops)


def op_SC(it, ops, res):
    _set_colour(it, True, it.state.stroke_space, ops)


def op_m(it, ops, res):
    it.move(*ops)


def op_l(it, ops, res):
    it.line(*ops)


def op_c(it, ops, res):
    x1, y1, x2, y2, x3, y3 = ops
    point = it.point
    it.curve(point(x1, y1), point(x2, y2), point(x3, y3))


def op_v(it, ops, res):
    x2, y2, x3, y3 = numbers(ops)
    it.curve(it.current or it.point(x2, y2), it.point(x2, y2), it.point(x3, y3))


def op_y(it, ops, res):
    x1, y1, x3, y3 = numbers(ops)
    p3 = it.point(x3, y3)
    it.curve(it.point(x1, y1), p3, p3)


def op_h(it, ops, res):
    it.close()


def op_re(it, ops, res):
    x, y, w, h = numbers(ops)
    it.move(x, y)
    it.line(x + w, y)
    it.line(x + w, y + h)
    it.line(x, y + h)
    it.close()


def _painter(fill: bool, stroke: bool, even_odd: bool = False, close: bool = False):
    def op(it, ops, res):
        if close:
            it.close()
        it.paint(fill, stroke, even_odd)
    return op


def op_n(it, ops, res):
    it.paint(False, False)


def op_W(it, ops, res):
    it.pending_clip = False


def op_Wstar(it, ops, res):
    it.pending_clip = True


def op_BT(it, ops, res):
    it.text_matrix = it.line_matrix = IDENTITY


def op_Tz(it, ops, res):
    it.state.scale = float(ops[0]) / 100


def op_Tf(it, ops, res):
    it.state.font = it.font(res, ops[0])
    it.state.font_size = float(ops[1])


def op_Td(it, ops, res):
    it.next_line(float(ops[0]), float(ops[1]))


def op_TD(it, ops, res):
    it.state.leading = -float(ops[1])
    it.next_line(float(ops[0]), float(ops[1]))


def op_Tm(it, ops, res):
    it.text_matrix = it.line_matrix = tuple(numbers(ops))


def op_Tstar(it, ops, res):
    it.next_line(0, -it.state.leading)


def op_Tj(it, ops, res):
    it.show(ops[0])


def op_TJ(it, ops, res):
    s = it.state
    shown = False
    for item in ops[0]:
        if isinstance(item, bytes):
            it.show(item, same_run=shown)
            shown = True
        elif isinstance(item, (int, float)):
            shift = -float(item) / 1000 * s.font_size * s.scale
            it.text_matrix = multiply((1, 0, 0, 1, shift, 0), it.text_matrix)


def op_quote(it, ops, res):
    op_Tstar(it, (), res)
    op_Tj(it, ops, res)


def op_dquote(it, ops, res):
    it.state.word_spacing = float(ops[0])
    it.state.char_spacing = float(ops[1])
    op_quote(it, ops[2:], res)


def op_Do(it, ops, res):
    objects = res.get("/XObject")
    if objects is None or ops[0] not in objects.get_object():
        it.out.unsupported.add(f"missing XObject {ops[0]}")
        return
    xobject = objects.get_object()[ops[0]].get_object()
    subtype = pdf_name(xobject.get("/Subtype", ""))
    if subtype == "Form":
        group = xobject.get("/Group")
        if group is not None and pdf_name(group.get_object().get("/S", "")) == "Transparency":
            it.out.transparency.append("transparency group on a form")
        matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
        it.doc.collect_resources(xobject.get("/Resources"), it.out)
        it.run(xobject, xobject.get("/Resources", res), matrix)  # type: ignore[arg-type]
    elif subtype == "Image":
        space = xobject.get("/ColorSpace")
        space = space.get_object() if space is not None else None
        if space is None:
            space_name = "none"  # an image mask paints the fill colour
        elif isinstance(space, list):
            space_name = pdf_name(space[0])  # [/ICCBased ...], [/Indexed ...], ...
        else:
            space_name = pdf_name(space)
        _image(it, space_name, "/SMask" in xobject)


def _image(it, space_name: str, soft_mask: bool) -> None:
    ctm = it.state.ctm
    corners = [apply(ctm, x, y) for x in (0, 1) for y in (0, 1)]
    it.out.colour_spaces.add(space_name)
    ink = clipped(Box.of_points(corners), it.state.clip)
    if ink is None:
        return
    it.out.marks.append(ImageMark(ctm, ink, space_name, soft_mask, it.state.clip))
    if soft_mask:
        it.out.transparency.append("image soft mask")


def op_inline_image(it, ops, res):
    settings = ops.get("settings", {}) if isinstance(ops, dict) else {}
    settings = {str(k): v for k, v in settings.items()}
    space = settings.get("/CS", settings.get("/ColorSpace", "none"))
    names = {"G": "DeviceGray", "RGB": "DeviceRGB", "CMYK": "DeviceCMYK"}
    _image(it, names.get(pdf_name(space), pdf_name(space)), False)


def op_sh(it, ops, res):
    it.out.unsupported.add("sh")


OPERATORS = {
    b"q": op_q, b"Q": op_Q, b"cm": op_cm, b"d": op_d, b"gs": op_gs,
    b"w": _set_state("line_width", float), b"J": _set_state("cap", int),
    b"j": _set_state("join", int),
    b"g": _device_colour(False, "DeviceGray"), b"G": _device_colour(True, "DeviceGray"),
    b"rg": _device_colour(False, "DeviceRGB"), b"RG": _device_colour(True, "DeviceRGB"),
    b"k": _device_colour(False, "DeviceCMYK"), b"K": _device_colour(True, "DeviceCMYK"),
    b"cs": op_cs, b"CS": op_CS, b"sc": op_sc, b"SC": op_SC, b"scn": op_sc, b"SCN": op_SC,
    b"m": op_m, b"l": op_l, b"c": op_c, b"v": op_v, b"y": op_y, b"h": op_h, b"re": op_re,
    b"S": _painter(False, True), b"s": _painter(False, True, close=True),
    b"f": _painter(True, False), b"F": _painter(True, False), b"f*": _painter(True, False, True),
    b"B": _painter(True, True), b"B*": _painter(True, True, True),
    b"b": _painter(True, True, close=True), b"b*": _painter(True, True, True, close=True),
    b"n": op_n, b"W": op_W, b"W*": op_Wstar, b"BT": op_BT, b"Tz": op_Tz,
    b"Tc": _set_state("char_spacing", float), b"Tw": _set_state("word_spacing", float),
    b"TL": _set_state("leading", float), b"Tr": _set_state("render_mode", int),
    b"Ts": _set_state("rise", float),
    b"Tf": op_Tf, b"Td": op_Td, b"TD": op_TD, b"Tm": op_Tm,
    b"T*": op_Tstar, b"Tj": op_Tj, b"TJ": op_TJ, b"'": op_quote, b'"': op_dquote,
    b"Do": op_Do, b"INLINE IMAGE": op_inline_image, b"sh": op_sh,
}
# The same table by the compiled lexer's packed keys.
HANDLERS = {pack(operator): handler for operator, handler in OPERATORS.items()}
_TJ, _TF, _TM = pack(b"Tj"), pack(b"Tf"), pack(b"Tm")
# Operators with no effect on what is painted: marked content and compatibility sections carry
# no ink; text clipping modes (Tr 4-7) are read as their painting part.
IGNORED = {b"ET", b"M", b"ri", b"i", b"BMC", b"BDC", b"EMC", b"MP", b"DP",
            b"BX", b"EX", b"d0", b"d1"}
