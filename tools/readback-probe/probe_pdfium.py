"""Exploration, not part of the pipeline: how fast pdfium (pypdfium2) and pikepdf give the marks
the read-back checks consume, over every interior and cover PDF of build/manifest.json.

Per page: glyphs (unicode, box, font, size, fill colour, matrix, text object), paths (segments
in page coordinates, fill/stroke mode, colours, line width, dash count, bounds), images (matrix,
bounds) from pdfium's page objects and text page; the colour operators' exact values (gray,
CMYK, RGB, named spaces) from pikepdf's content-stream parser with its operator filter.

Modes:
  ctypes  every pdfium call from Python, through pypdfium2.raw (one call a char/segment field)
  numba   the per-char and per-segment loops in numba kernels that call pdfium's C functions
          directly (prototypes of our own, every handle and pointer as a 64-bit integer)

Run from the checkout:
  PYTHONPATH=. .venv/bin/python tools/readback-probe/probe_pdfium.py --mode numba
  ... [--books slug ...] [--profile out.prof] [--ordered]
"""
from __future__ import annotations

import argparse
import ctypes
import gc
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2.raw as R

MATERIALIZE = False
STAGES = ("open", "load pages", "text page", "glyphs", "paths", "images", "colour ops")

# ---------------------------------------------------------------------------------------------
# pdfium through pypdfium2.raw, one call a field (the baseline)

_d = [ctypes.c_double() for _ in range(4)]
_f = [ctypes.c_float() for _ in range(4)]
_u = [ctypes.c_uint() for _ in range(4)]
_i = [ctypes.c_int() for _ in range(2)]
_m = R.FS_MATRIX()
_dp = [ctypes.byref(x) for x in _d]
_fp = [ctypes.byref(x) for x in _f]
_up = [ctypes.byref(x) for x in _u]
_ip = [ctypes.byref(x) for x in _i]
_mp = ctypes.byref(_m)


def glyphs_ctypes(textpage):
    n = R.FPDFText_CountChars(textpage)
    out = []
    for i in range(n):
        if R.FPDFText_IsGenerated(textpage, i):
            continue
        u = R.FPDFText_GetUnicode(textpage, i)
        R.FPDFText_GetCharBox(textpage, i, *_dp)
        size = R.FPDFText_GetFontSize(textpage, i)
        R.FPDFText_GetFillColor(textpage, i, *_up)
        R.FPDFText_GetMatrix(textpage, i, _mp)
        obj = R.FPDFText_GetTextObject(textpage, i)
        out.append((u, _d[0].value, _d[1].value, _d[2].value, _d[3].value, size,
                    _u[0].value, _u[1].value, _u[2].value, _u[3].value,
                    _m.a, _m.b, _m.c, _m.d, _m.e, _m.f,
                    ctypes.cast(obj, ctypes.c_void_p).value))
    return out


def paths_images_ctypes(page, timers):
    """Paths and images of a page's objects (forms walked into)."""
    paths, images = [], []
    count = R.FPDFPage_CountObjects(page)
    for k in range(count):
        obj = R.FPDFPage_GetObject(page, k)
        kind = R.FPDFPageObj_GetType(obj)
        if kind == R.FPDF_PAGEOBJ_PATH:
            t = time.process_time()
            R.FPDFPageObj_GetMatrix(obj, _mp)
            a, b, c, d, e, f = _m.a, _m.b, _m.c, _m.d, _m.e, _m.f
            segs = []
            for s in range(R.FPDFPath_CountSegments(obj)):
                seg = R.FPDFPath_GetPathSegment(obj, s)
                R.FPDFPathSegment_GetPoint(seg, _fp[0], _fp[1])
                x, y = _f[0].value, _f[1].value
                segs.append((R.FPDFPathSegment_GetType(seg), a * x + c * y + e, b * x + d * y + f,
                             R.FPDFPathSegment_GetClose(seg)))
            R.FPDFPath_GetDrawMode(obj, _ip[0], _ip[1])
            fillmode, stroke = _i[0].value, _i[1].value
            R.FPDFPageObj_GetFillColor(obj, *_up)
            fill = tuple(x.value for x in _u)
            R.FPDFPageObj_GetStrokeColor(obj, *_up)
            strokec = tuple(x.value for x in _u)
            R.FPDFPageObj_GetStrokeWidth(obj, _fp[0])
            width = _f[0].value
            dashes = R.FPDFPageObj_GetDashCount(obj)
            R.FPDFPageObj_GetBounds(obj, *_fp)
            paths.append((segs, fillmode, stroke, fill, strokec, width, dashes,
                          tuple(x.value for x in _f)))
            timers["paths"] += time.process_time() - t
        elif kind == R.FPDF_PAGEOBJ_IMAGE:
            t = time.process_time()
            R.FPDFPageObj_GetMatrix(obj, _mp)
            R.FPDFPageObj_GetBounds(obj, *_fp)
            images.append(((_m.a, _m.b, _m.c, _m.d, _m.e, _m.f), tuple(x.value for x in _f)))
            timers["images"] += time.process_time() - t
    return paths, images


# ---------------------------------------------------------------------------------------------
# pdfium's functions called from numba: prototypes of our own over the same library

def _numba_kernels():
    import pdfium_kernels
    return pdfium_kernels.chars, pdfium_kernels.objects


# ---------------------------------------------------------------------------------------------
# Colour operators by pikepdf's operator filter

COLOUR_OPS = "g G k K rg RG cs CS sc SC scn SCN"
ORDERED_OPS = COLOUR_OPS + " q Q f F f* S s B B* b b* Tj TJ ' \" Do sh"


def colours_distinct(page):
    """The distinct colours a page's content sets: {(operator, operands)}."""
    out = set()
    for operands, op in pikepdf.parse_content_stream(page, COLOUR_OPS):
        out.add((str(op), tuple(float(x) if isinstance(x, (int, float)) or
                                isinstance(x, __import__('decimal').Decimal) else str(x)
                                for x in operands)))
    return out


def colours_ordered(page):
    """The fill and stroke colour in force at each paint and show operator, in order: what
    would be matched with pdfium's path and text objects one for one."""
    fill = stroke = ("g", (0.0,))
    stack = []
    out = []
    for operands, op in pikepdf.parse_content_stream(page, ORDERED_OPS):
        o = str(op)
        if o in ("g", "k", "rg", "sc", "scn"):
            fill = (o, tuple(map(float, operands)))
        elif o in ("G", "K", "RG", "SC", "SCN"):
            stroke = (o, tuple(map(float, operands)))
        elif o == "q":
            stack.append((fill, stroke))
        elif o == "Q":
            fill, stroke = stack.pop() if stack else (fill, stroke)
        elif o in ("cs", "CS"):
            pass
        else:
            out.append((o, fill, stroke))
    return out


_SCAN = None


def colours_scan(page):
    """The distinct colours a page sets, the stream decoded by qpdf and scanned by numba (the
    existing compiled lexer's kernel, standing in for a small colour-operator scanner): what a
    compiled scan costs beside pikepdf's parser."""
    global _SCAN
    if _SCAN is None:
        from pipeline.readback.reader.compiled_lexer import _POWERS, _scan, pack
        keys = np.array([pack(op.encode()) for op in COLOUR_OPS.split()], dtype=np.int64)
        _SCAN = (_scan, _POWERS, keys)
    scan, powers, colour_keys = _SCAN
    contents = page.obj.Contents
    data = (contents.read_bytes() if isinstance(contents, pikepdf.Stream)
            else b"\n".join(c.read_bytes() for c in contents))
    (ok, _kind, _start, _end, value, _tokens, key, first, count, plain, ops) = scan(
        np.frombuffer(data, dtype=np.uint8), powers)
    if not ok:
        return colours_distinct(page)
    picked = np.flatnonzero(np.isin(key[:ops], colour_keys))
    firsts, counts, keys_ = first[picked].tolist(), count[picked].tolist(), key[picked].tolist()
    return {(k, tuple(value[a:a + c].tolist())) for k, a, c in zip(keys_, firsts, counts)}


_WALK_KEYS = None


def colours_scan_ordered(page):
    """The exact fill and stroke colour operation in force at every paint and show operator, in
    painting order (the stream scanned by the compiled lexer's kernel, the walk compiled too):
    rows (operation, fill op, stroke op) and the distinct colours those ops set."""
    import pdfium_kernels
    global _SCAN
    if _SCAN is None:
        colours_scan(page)
    scan, powers, colour_keys = _SCAN
    global _WALK_KEYS
    if _WALK_KEYS is None:
        from pipeline.readback.reader.compiled_lexer import pack
        k = {op: pack(op.encode()) for op in ORDERED_OPS.split()}
        arr = lambda ops: np.array([k[o] for o in ops.split()], dtype=np.int64)  # noqa: E731
        _WALK_KEYS = (arr("g k rg sc scn"), arr("G K RG SC SCN"), k["q"], k["Q"],
                      arr("f F f* S s B B* b b*"), arr("Tj TJ ' \""))
    contents = page.obj.Contents
    data = (contents.read_bytes() if isinstance(contents, pikepdf.Stream)
            else b"\n".join(c.read_bytes() for c in contents))
    (ok, _kind, _start, _end, value, _tokens, key, first, count, plain, ops) = scan(
        np.frombuffer(data, dtype=np.uint8), powers)
    rows = pdfium_kernels.colour_walk(key[:ops], *_WALK_KEYS)
    used = np.unique(rows[:, 1:3])
    used = used[used >= 0]
    return rows, {int(u): (int(key[u]), tuple(value[first[u]:first[u] + count[u]].tolist()))
                  for u in used.tolist()}


_COLOURS: dict = {}
_OPS = {1: "M", 0: "L", 2: "M", 3: "C"}   # pdfium FPDF_SEGMENT_LINETO 0, BEZIERTO 1, MOVETO 2


def materialize(fonts, fonth, uni, box, size, matrix, modes, objs, ng, kinds, info, segs):
    """The marks as today's checks take them (Glyph tuples, PathMark values with segment
    tuples and Box values), made from the kernels' arrays: what keeping today's data model
    would cost on top of the reading. Colours are one shared value (the exact ones would be
    looked up by colour operation, once a distinct operation)."""
    from pipeline.readback.reader.geometry import new_box
    from pipeline.readback.reader.marks import glyphs_of_columns, new_path_mark
    from pipeline.readback.reader.values import BLACK
    b = box[:ng]
    inks = list(map(new_box, *b.T.tolist()))
    m = matrix[:ng].astype(np.float64)
    rendered = (size[:ng] * np.hypot(m[:, 2], m[:, 3])).tolist()
    glyphs = glyphs_of_columns(
        list(map(fonts.__getitem__, fonth[:ng].tolist())), [0] * ng, [None] * ng,
        list(uni[:ng].tobytes().decode("utf-32-le", "replace")), size[:ng].tolist(), rendered,
        list(map(tuple, m.tolist())), inks, [BLACK] * ng, [BLACK] * ng, modes[:ng].tolist(),
        [1.0] * ng, objs[:ng].tolist(), [()] * ng)
    paths = []
    at = np.flatnonzero(kinds == 2)
    if len(at):
        rows = info[at]
        seg_list = segs.tolist()
        for (fillmode, stroke, width, _dashes, x0, y0, x1, y1, first, count) in rows.tolist():
            first, count = int(first), int(count)
            segments = []
            for kind, x, y, close in seg_list[first:first + count]:
                segments.append((_OPS[int(kind)], x, y))
                if close:
                    segments.append(("Z",))
            outline = new_box(x0, y0, x1, y1)
            paths.append(new_path_mark(tuple(segments), BLACK if fillmode else None,
                                       BLACK if stroke else None, fillmode == 1, width, width,
                                       0, 0, ((), 0.0), 1.0, outline, outline, ()))
    return glyphs, paths


def page_facts(page, font_cache):
    """What a page declares, by pikepdf: its boxes, every font its resources name (base font,
    embedded or not; each font object read once a document), the colour spaces named, soft
    masks in its ExtGStates, a transparency group, its annotation count."""
    obj = page.obj
    boxes = {k: [float(v) for v in obj[k]] for k in ("/MediaBox", "/TrimBox", "/BleedBox",
                                                      "/CropBox") if k in obj}
    fonts, spaces, transparency = {}, set(), []
    resources = obj.get("/Resources")
    if resources is not None:
        for name, font in (resources.get("/Font") or {}).items():
            key = font.objgen
            if key not in font_cache:
                desc = font.get("/FontDescriptor")
                embedded = desc is not None and any(k in desc for k in
                                                    ("/FontFile", "/FontFile2", "/FontFile3"))
                font_cache[key] = (str(font.get("/BaseFont", "")), embedded)
            fonts[name] = font_cache[key]
        for name in (resources.get("/ColorSpace") or {}).keys():
            spaces.add(name)
        for g in (resources.get("/ExtGState") or {}).values():
            if "/SMask" in g and str(g["/SMask"]) != "/None":
                transparency.append("ExtGState with a soft mask")
    group = obj.get("/Group")
    if group is not None and str(group.get("/S", "")) == "/Transparency":
        transparency.append("page transparency group")
    annots = obj.get("/Annots")
    return boxes, fonts, spaces, transparency, len(annots) if annots is not None else 0


# ---------------------------------------------------------------------------------------------

def run(books, mode: str, ordered: bool, colours: str = "pikepdf"):
    timers = defaultdict(float)
    counts = defaultdict(int)
    if mode == "numba":
        t = time.process_time()
        chars_k, objects_k = _numba_kernels()
        # compiled at the first call: once on a page of the first cover, timed apart
        data = Path(books[0]["cover"]).read_bytes()
        doc = R.FPDF_LoadMemDocument64(data, len(data), None)
        page = R.FPDF_LoadPage(doc, 0)
        tp = R.FPDFText_LoadPage(page)
        n = R.FPDFText_CountChars(tp)
        chars_k(ctypes.cast(tp, ctypes.c_void_p).value, n, np.empty(n, np.uint32),
                np.empty((n, 4)), np.empty(n), np.empty((n, 4), np.uint8),
                np.empty((n, 6), np.float32), np.empty(n, np.uint64), np.empty(n, np.uint64),
                np.empty(n, np.int32))
        nobj = R.FPDFPage_CountObjects(page)
        objects_k(ctypes.cast(page, ctypes.c_void_p).value, np.empty(nobj, np.int32),
                  np.empty(nobj, np.uint64), np.zeros((nobj, 10)), np.zeros((nobj, 8), np.uint8),
                  np.zeros(1, np.int64), 256)
        R.FPDFText_ClosePage(tp); R.FPDF_ClosePage(page); R.FPDF_CloseDocument(doc)
        if colours == "scan":
            warm = pikepdf.open(books[0]["cover"])
            colours_scan(warm.pages[0])
        timers["kernels (compile or load)"] = time.process_time() - t
    fonts = {}
    for book in books:
        for field in ("interior", "cover"):
            path = book[field]
            t = time.process_time()
            data = Path(path).read_bytes()
            buf = ctypes.create_string_buffer(data, len(data))
            doc = R.FPDF_LoadMemDocument64(buf, len(data), None)
            qpdf = pikepdf.open(path)
            font_cache = {}
            fonts = {}   # pdfium font handles: valid while their document is open
            timers["open"] += time.process_time() - t
            n_pages = R.FPDF_GetPageCount(doc) if field == "interior" else 1
            for p in range(n_pages):
                t0 = time.process_time()
                page = R.FPDF_LoadPage(doc, p)
                t1 = time.process_time()
                tp = R.FPDFText_LoadPage(page)
                t2 = time.process_time()
                timers["load pages"] += t1 - t0
                timers["text page"] += t2 - t1
                if mode == "ctypes":
                    glyphs = glyphs_ctypes(tp)
                    timers["glyphs"] += time.process_time() - t2
                    paths, images = paths_images_ctypes(page, timers)
                    ng, npaths, nimages = len(glyphs), len(paths), len(images)
                    nsegs = sum(len(p[0]) for p in paths)
                else:
                    n = R.FPDFText_CountChars(tp)
                    tpa = ctypes.cast(tp, ctypes.c_void_p).value
                    uni = np.empty(n, np.uint32)
                    box = np.empty((n, 4), np.float64)
                    size = np.empty(n, np.float64)
                    colour = np.empty((n, 4), np.uint8)
                    matrix = np.empty((n, 6), np.float32)
                    objs = np.empty(n, np.uint64)
                    fonth = np.empty(n, np.uint64)
                    modes = np.empty(n, np.int32)
                    ng = chars_k(tpa, n, uni, box, size, colour, matrix, objs, fonth, modes)
                    t2k = time.process_time()
                    timers["glyphs: kernel"] += t2k - t2
                    # fonts: their handles per glyph from the kernel; each new one named once
                    for key in np.unique(fonth[:ng]).tolist():
                        if key not in fonts:
                            font = ctypes.cast(key, R.FPDF_FONT)
                            nb = R.FPDFFont_GetBaseFontName(font, None, 0)
                            sbuf = ctypes.create_string_buffer(nb)
                            R.FPDFFont_GetBaseFontName(font, sbuf, nb)
                            fonts[key] = sbuf.value.decode()
                    text = uni[:ng].tobytes().decode("utf-32-le", "replace")
                    runs = np.flatnonzero(np.diff(objs[:ng], prepend=0))   # show operations
                    t3 = time.process_time()
                    timers["glyphs: fonts, text (Python)"] += t3 - t2k
                    pa = ctypes.cast(page, ctypes.c_void_p).value
                    nobj = R.FPDFPage_CountObjects(page)
                    kinds = np.empty(nobj, np.int32)
                    handles = np.empty(nobj, np.uint64)
                    info = np.zeros((nobj, 10), np.float64)
                    cols = np.zeros((nobj, 8), np.uint8)
                    nseg = np.zeros(1, np.int64)
                    _, segs = objects_k(pa, kinds, handles, info, cols, nseg, 256)
                    npaths = int((kinds == 2).sum())
                    nsegs = int(nseg[0])
                    t4 = time.process_time()
                    timers["paths"] += t4 - t3
                    if MATERIALIZE:
                        made = materialize(fonts, fonth, uni, box, size, matrix, modes, objs,
                                           ng, kinds, info, segs)
                        t4b = time.process_time()
                        timers["marks made as today's values"] += t4b - t4
                        del made
                        t4 = t4b
                    nimages = 0
                    for k in np.flatnonzero(kinds == 3).tolist():
                        obj = R.FPDFPage_GetObject(page, k)
                        R.FPDFPageObj_GetMatrix(obj, _mp)
                        R.FPDFPageObj_GetBounds(obj, *_fp)
                        nimages += 1
                    forms = int((kinds == 5).sum())
                    counts["forms"] += forms
                    timers["images"] += time.process_time() - t4
                t5 = time.process_time()
                if colours == "scan" and ordered:
                    c = colours_scan_ordered(qpdf.pages[p])[0]
                    if mode == "numba":   # the pairing with pdfium's objects, checked
                        counts["pages: paint ops != path objects"] += int(
                            int((c[:, 3] == 0).sum()) != npaths)
                        counts["pages: show ops != text objects"] += int(
                            int(c[:, 3].sum()) != int((kinds == 1).sum()))
                elif colours == "scan":
                    c = colours_scan(qpdf.pages[p])
                elif ordered:
                    c = colours_ordered(qpdf.pages[p])
                else:
                    c = colours_distinct(qpdf.pages[p])
                t6 = time.process_time()
                timers["colour ops"] += t6 - t5
                page_facts(qpdf.pages[p], font_cache)
                timers["page facts (pikepdf)"] += time.process_time() - t6
                counts["colour entries"] += len(c)
                counts["pages"] += 1
                counts["glyphs"] += ng
                counts["paths"] += npaths
                counts["segments"] += nsegs
                counts["images"] += nimages
                R.FPDFText_ClosePage(tp)
                R.FPDF_ClosePage(page)
            t = time.process_time()
            R.FPDF_CloseDocument(doc)
            qpdf.close()
            del buf
            timers["open"] += time.process_time() - t
    counts["fonts"] = len(fonts)
    print("fonts:", sorted(set(fonts.values()))[:6], file=sys.stderr)
    return timers, counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=("ctypes", "numba"), default="numba")
    ap.add_argument("--books", nargs="*")
    ap.add_argument("--profile")
    ap.add_argument("--colours", choices=("pikepdf", "scan"), default="pikepdf")
    ap.add_argument("--materialize", action="store_true",
                    help="also make today's Glyph and PathMark values from the arrays")
    ap.add_argument("--ordered", action="store_true",
                    help="colour ops with the paint operators, walked in order")
    args = ap.parse_args()
    books = json.loads(Path("build/manifest.json").read_text())["books"]
    if args.books:
        books = [b for b in books if b["slug"] in args.books]
    global MATERIALIZE
    MATERIALIZE = args.materialize
    gc.disable()
    w = time.perf_counter()
    c = time.process_time()
    if args.profile:
        import cProfile
        prof = cProfile.Profile()
        timers, counts = prof.runcall(run, books, args.mode, args.ordered, args.colours)
        prof.dump_stats(args.profile)
    else:
        timers, counts = run(books, args.mode, args.ordered, args.colours)
    cpu, wall = time.process_time() - c, time.perf_counter() - w
    print(f"mode {args.mode}{' ordered' if args.ordered else ''}, colours {args.colours}, {len(books)} books, "
          + ", ".join(f"{k} {v}" for k, v in counts.items()))
    for k, v in timers.items():
        print(f"  {k:24s} {v:7.2f} CPU s")
    print(f"  {'total':24s} {cpu:7.2f} CPU s, {wall:.2f} s wall")


if __name__ == "__main__":
    main()
