"""Exploration: the least a reader on pdfium costs when it is driven from Python, with no
compiled loop of our own: every interior page and each cover's page 1 of build/manifest.json
loaded by pdfium, and only the calls no reader can do without, their answers thrown away.

  glyphs    one call a character (its box; the text of a page in one call)
  paths     per path object its segment count, per segment one call for the segment and one
            for its point (a proof draws every segment)
  bounds    per page object one call for its bounds, no segments (what a check of boxes alone
            would read; no proof can be drawn from it)

Nothing else is read: no font, size, colour, matrix or fill mode, none of which a reader can
leave out. Run from the checkout:
  PYTHONPATH=. .venv/bin/python tools/readback-probe/least_calls.py [--runs N] [slug ...]
"""
from __future__ import annotations

import argparse
import ctypes
import json
import time
from pathlib import Path

import pypdfium2.raw as R


def read_pages(books: list[dict], segments: bool) -> dict[str, float]:
    d = [ctypes.c_double() for _ in range(4)]
    dp = [ctypes.byref(x) for x in d]
    f = [ctypes.c_float() for _ in range(4)]
    fp = [ctypes.byref(x) for x in f]
    spent = dict(load=0.0, boxes=0.0, objects=0.0)
    counts = dict(pages=0, glyphs=0, paths=0, segments=0)
    path_kind = R.FPDF_PAGEOBJ_PATH
    for book in books:
        for field in ("interior", "cover"):
            data = Path(book[field]).read_bytes()
            buf = ctypes.create_string_buffer(data, len(data))
            doc = R.FPDF_LoadMemDocument64(buf, len(data), None)
            pages = R.FPDF_GetPageCount(doc) if field == "interior" else 1
            for p in range(pages):
                t0 = time.process_time()
                page = R.FPDF_LoadPage(doc, p)
                text = R.FPDFText_LoadPage(page)
                n = R.FPDFText_CountChars(text)
                unicode = (ctypes.c_ushort * (n + 1))()
                R.FPDFText_GetText(text, 0, n, unicode)
                t1 = time.process_time()
                for i in range(n):
                    R.FPDFText_GetCharBox(text, i, *dp)
                t2 = time.process_time()
                for k in range(R.FPDFPage_CountObjects(page)):
                    obj = R.FPDFPage_GetObject(page, k)
                    if segments:
                        if R.FPDFPageObj_GetType(obj) == path_kind:
                            count = R.FPDFPath_CountSegments(obj)
                            counts["paths"] += 1
                            counts["segments"] += count
                            for s in range(count):
                                R.FPDFPathSegment_GetPoint(R.FPDFPath_GetPathSegment(obj, s),
                                                           fp[0], fp[1])
                    else:
                        R.FPDFPageObj_GetBounds(obj, *fp)
                t3 = time.process_time()
                R.FPDFText_ClosePage(text)
                R.FPDF_ClosePage(page)
                spent["load"] += t1 - t0
                spent["boxes"] += t2 - t1
                spent["objects"] += t3 - t2
                counts["pages"] += 1
                counts["glyphs"] += n
            R.FPDF_CloseDocument(doc)
            del buf
    return {**spent, **counts}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("slugs", nargs="*")
    args = ap.parse_args()
    books = json.loads(Path("build/manifest.json").read_text())["books"]
    if args.slugs:
        books = [b for b in books if b["slug"] in args.slugs]
    for _ in range(args.runs):
        for segments in (True, False):
            start = time.process_time()
            got = read_pages(books, segments)
            total = time.process_time() - start
            print(("segments" if segments else "bounds  "),
                  f"total {total:.2f} CPU s: load+text {got['load']:.2f}, "
                  f"char boxes {got['boxes']:.2f}, objects {got['objects']:.2f}; "
                  f"{got['pages']} pages, {got['glyphs']} chars, {got['paths']} paths, "
                  f"{got['segments']} segments", flush=True)


if __name__ == "__main__":
    main()
