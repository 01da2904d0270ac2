"""Exploration: time today's reader (pipeline.readback.reader) on the built PDFs: open_pdf, then
every interior page's marks and the cover's page 1, as load_book does (cycle collector paused).
Run from the checkout: PYTHONPATH=. .venv/bin/python tools/readback-probe/time_reader.py"""
import gc
import json
import sys
import time
from pathlib import Path

from pipeline.readback.reader import open_pdf, warm_up


def main(slugs):
    books = json.loads(Path("build/manifest.json").read_text())["books"]
    if slugs:
        books = [b for b in books if b["slug"] in slugs]
    t0 = time.process_time(); w0 = time.perf_counter()
    warm_up()
    open_pdf(books[0]["cover"]).page(1)
    print(f"warm-up {time.process_time() - t0:.2f} CPU s", file=sys.stderr)
    totals = dict(open=0.0, pages=0.0)
    n_pages = n_glyphs = n_paths = n_images = 0
    gc.disable()
    w0 = time.perf_counter()
    for book in books:
        for field in ("interior", "cover"):
            a = time.process_time()
            doc = open_pdf(book[field])
            b = time.process_time()
            pages = list(doc.pages()) if field == "interior" else [doc.page(1)]
            c = time.process_time()
            totals["open"] += b - a
            totals["pages"] += c - b
            n_pages += len(pages)
            for p in pages:
                n_glyphs += len(p.glyphs); n_paths += len(p.paths); n_images += len(p.images)
            del doc, pages
        gc.collect()
    wall = time.perf_counter() - w0
    print(f"books {len(books)} pages {n_pages} glyphs {n_glyphs} paths {n_paths} images {n_images}")
    print(f"today's reader: open {totals['open']:.2f} CPU s, marks {totals['pages']:.2f} CPU s, "
          f"total {sum(totals.values()):.2f} CPU s, wall {wall:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
