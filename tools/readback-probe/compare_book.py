"""Exploration: every page of one PDF, today's reader's glyphs and paths beside the probe's
pdfium kernels: glyph count and text, glyph ink boxes, path count and points.
Run from the checkout: PYTHONPATH=. .venv/bin/python tools/readback-probe/compare_book.py PDF"""
import ctypes
import sys

import numpy as np
import pypdfium2.raw as R

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import pdfium_kernels as K  # noqa: E402
from pipeline.readback.reader import open_pdf  # noqa: E402

path = sys.argv[1]
doc = open_pdf(path)
d = R.FPDF_LoadDocument(path.encode(), None)
box_diffs, point_diffs = [], []
text_pages = count_pages = blank_with_box = path_pages = 0
for number in range(1, doc.page_count + 1):
    ours = doc.page(number)
    page = R.FPDF_LoadPage(d, number - 1)
    tp = R.FPDFText_LoadPage(page)
    n = R.FPDFText_CountChars(tp)
    uni, box = np.empty(n, np.uint32), np.empty((n, 4))
    args = (np.empty(n), np.empty((n, 4), np.uint8), np.empty((n, 6), np.float32),
            np.empty(n, np.uint64), np.empty(n, np.uint64), np.empty(n, np.int32))
    ng = K.chars(ctypes.cast(tp, ctypes.c_void_p).value, n, uni, box, *args)
    text = uni[:ng].tobytes().decode("utf-32-le")
    if text != "".join(g.text for g in ours.glyphs):
        text_pages += 1
    elif ng:
        inked = np.array([g.ink is not None for g in ours.glyphs])
        rows = np.array([[g.ink.x0, g.ink.y0, g.ink.x1, g.ink.y1] for g in ours.glyphs
                         if g.ink is not None]).reshape(-1, 4)
        box_diffs.append(np.abs(rows - box[:ng][inked]).max(axis=1))
        blank = box[:ng][~inked]
        blank_with_box += int(((blank[:, 2] > blank[:, 0]) & (blank[:, 3] > blank[:, 1])).sum())
    nobj = R.FPDFPage_CountObjects(page)
    kinds, handles = np.empty(nobj, np.int32), np.empty(nobj, np.uint64)
    info, cols, nseg = np.zeros((nobj, 10)), np.zeros((nobj, 8), np.uint8), np.zeros(1, np.int64)
    _, segs = K.objects(ctypes.cast(page, ctypes.c_void_p).value, kinds, handles, info, cols,
                        nseg, 256)
    ours_paths = ours.paths
    if len(ours_paths) != int((kinds == 2).sum()):
        path_pages += 1
    else:
        pts = [s[-2:] for m in ours_paths for s in m.segments if s[0] in "ML"]
        if all(s[0] in "MLZ" for m in ours_paths for s in m.segments) and len(pts) == nseg[0]:
            point_diffs.append(np.abs(np.array(pts).reshape(-1, 2) - segs[:nseg[0], 1:3]).max()
                               if pts else 0.0)
    R.FPDFText_ClosePage(tp)
    R.FPDF_ClosePage(page)
b = np.concatenate(box_diffs) if box_diffs else np.zeros(1)
print(f"{path}: {doc.page_count} pages; text differs on {text_pages}; path count differs on "
      f"{path_pages}; blank glyphs (ours: no ink) with a pdfium box {blank_with_box}")
print(f"  glyph ink box |ours - pdfium|, pt: max {b.max():.4f}, 99% {np.quantile(b, .99):.4f}, "
      f"median {np.median(b):.4f} over {len(b)} glyphs")
if point_diffs:
    print(f"  path points |ours - pdfium| (pages of straight paths): max {max(point_diffs):.2e} pt")
