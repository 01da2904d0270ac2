"""Exploration: one page's marks from today's reader beside pdfium's (ctypes calls), to see that
the probe reads the same things. PYTHONPATH=. .venv/bin/python tools/readback-probe/compare_page.py PDF PAGE"""
import ctypes
import sys

import pypdfium2.raw as R

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from probe_pdfium import glyphs_ctypes, paths_images_ctypes  # noqa: E402
from pipeline.readback.reader import open_pdf  # noqa: E402

path, number = sys.argv[1], int(sys.argv[2])
ours = open_pdf(path).page(number)
doc = R.FPDF_LoadDocument(path.encode(), None)
page = R.FPDF_LoadPage(doc, number - 1)
tp = R.FPDFText_LoadPage(page)
glyphs = glyphs_ctypes(tp)
from collections import defaultdict
paths, images = paths_images_ctypes(page, defaultdict(float))
print("glyphs: ours", len(ours.glyphs), "pdfium", len(glyphs))
print("paths: ours", len(ours.paths), "pdfium", len(paths), "images", len(ours.images), len(images))
oursg = [g for g in ours.glyphs]
worst = 0.0
for g, p in zip(oursg, glyphs):
    if g.ink is None:
        continue
    d = max(abs(g.ink.x0 - p[1]), abs(g.ink.x1 - p[2]), abs(g.ink.y0 - p[3]), abs(g.ink.y1 - p[4]))
    worst = max(worst, d)
print("text equal:", "".join(g.text for g in oursg) == "".join(chr(p[0]) for p in glyphs))
print("worst glyph box difference (pt):", round(worst, 4))
for g, p in list(zip(oursg, glyphs))[:3]:
    print(" ours", g.text, g.font.base_font, g.size, round(g.rendered_size, 3), g.ink, g.fill)
    print(" pdfium", chr(p[0]), p[1:5], "size", p[5], "rgba", p[6:10], "matrix", p[10:16])
for m, p in list(zip(ours.paths, paths))[:4]:
    print(" ours", m.segments[:3], m.fill, m.stroke, m.line_width, m.ink)
    print(" pdfium", p[0][:3], "fillmode", p[1], "stroke", p[2], p[3], p[4], p[5], p[7])
wseg = 0.0
for m, p in zip(ours.paths, paths):
    pts = [s[1:] for s in m.segments if s[0] != "Z"]
    pp = [(s[1], s[2]) for s in p[0]]
    if m.segments and m.segments[0][0] == "C" or len(pts) != len(pp):
        continue
    wseg = max([wseg] + [max(abs(a[-2] - b[0]), abs(a[-1] - b[1])) for a, b in zip(pts, pp)])
print("worst path point difference (pt, straight paths of equal length):", wseg)
