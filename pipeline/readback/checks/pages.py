"""Interior pages: page boxes, page count, blank runs, the live area, nothing printed over text."""

from __future__ import annotations

import numpy as np

from pipeline.book.printers import BUFFER_PT, PT_PER_IN
from pipeline.geometry import Box
from pipeline.readback.findings import (TOLERANCE_PT, Check, clearance, describe, same,
                                        same_box)
from pipeline.readback.loaded import LoadedBook
from pipeline.readback.overlap import find_overlaps_of_pages
from pipeline.readback.reader import PageContent


def check_page_boxes(b: LoadedBook) -> Check:
    check = Check("page_boxes", "page size, TrimBox and BleedBox as the printer wants")
    sizes = set()
    for page in b.pages:
        frame = b.profile.page_frame(b.trim, b.bleed, page.number)
        media = page.media_box
        sizes.add((round(media.width, 3), round(media.height, 3)))
        if not (same(media.width, frame.width) and same(media.height, frame.height)):
            check.fail("interior", page.number,
                       f"page is {media.width:.3f} x {media.height:.3f} pt, the printer wants "
                       f"{frame.width:.3f} x {frame.height:.3f} pt")
        if not same_box(page.trim_box, frame.trim):
            check.fail("interior", page.number, f"TrimBox {page.trim_box and page.trim_box.as_list()}"
                                                f", expected {list(frame.trim.as_tuple())}")
        if not same_box(page.bleed_box, frame.bleed):
            check.fail("interior", page.number,
                       f"BleedBox {page.bleed_box and page.bleed_box.as_list()}, expected "
                       f"{list(frame.bleed.as_tuple())}")
    check.measured = {"page_sizes_pt": sorted(sizes), "trim_in": str(b.trim), "bleed": b.bleed}
    return check


def check_page_count(b: LoadedBook) -> Check:
    low, high = b.profile.page_range(b.trim, b.book.get("paper", "white"))
    count = b.page_count
    check = Check("page_count", f"even page count within the printer's {low}-{high} pages")
    if b.profile.value("even_page_count") and count % 2:
        check.fail("interior", None, f"{count} pages is odd")
    if not low <= count <= high:
        check.fail("interior", None, f"{count} pages is outside {low}-{high}")
    if b.book.get("page_count") != count:
        check.fail("interior", None, f"the manifest says {b.book.get('page_count')} pages, the "
                                     f"PDF has {count}")
    check.measured = {"pages": count, "range": [low, high], "manifest": b.book.get("page_count")}
    return check


def check_blank_pages(b: LoadedBook) -> Check:
    limit = b.profile.max_blank_run
    check = Check("blank_pages", f"no more than {limit} blank pages in a row")
    runs, current = [], []
    for page in b.pages:
        if page.ink_marks:
            if current:
                runs.append(current)
            current = []
        else:
            current.append(page.number)
    if current:
        runs.append(current)
    for run in runs:
        if len(run) > limit:
            check.fail("interior", run[0], f"{len(run)} blank pages in a row: pages "
                                           f"{run[0]}-{run[-1]}")
    longest = max(runs, key=len, default=[])
    check.measured = {"blank_pages": sum(len(r) for r in runs), "longest_run": len(longest),
                      "longest_run_pages": [longest[0], longest[-1]] if longest else None}
    return check


def _has_bleed(page: PageContent) -> bool:
    """The page's BleedBox reaches beyond its trim."""
    return page.bleed_box is not None and not same_box(page.bleed_box, page.trim)


def _is_designed_bleed(page: PageContent, ink: np.ndarray) -> np.ndarray:
    """On a page with bleed (`_has_bleed`), which marks (ink boxes as rows x0, y0, x1, y1)
    are drawn on purpose into it: they reach the BleedBox edge beyond the trim."""
    bleed, trim = page.bleed_box, page.trim
    return (((ink[:, 0] <= bleed.x0 + TOLERANCE_PT) & (bleed.x0 < trim.x0))
            | ((ink[:, 2] >= bleed.x1 - TOLERANCE_PT) & (bleed.x1 > trim.x1))
            | ((ink[:, 1] <= bleed.y0 + TOLERANCE_PT) & (bleed.y0 < trim.y0))
            | ((ink[:, 3] >= bleed.y1 - TOLERANCE_PT) & (bleed.y1 > trim.y1)))


def live_area(b: LoadedBook, number: int) -> Box:
    """Trim less the printer's margins (gutter by final page count, mirrored) less 1 pt."""
    live = b.profile.live_area_pt(b.trim, b.bleed, number, b.page_count,
                                  extra_in=BUFFER_PT / PT_PER_IN)
    return Box(live.x0, live.y0, live.x1, live.y1)


def check_live_area(b: LoadedBook) -> Check:
    check = Check("live_area", "every glyph outline and path inside trim less margins "
                               "(mirrored gutter by final page count) less 1 pt")
    worst = None
    bleeds = 0
    for page in b.pages:
        live = live_area(b, page.number)
        marks, ink = page.ink_marks, page.ink_rows()
        measured = np.arange(len(marks))
        if _has_bleed(page):
            designed = _is_designed_bleed(page, ink)
            bleeds += int(designed.sum())
            measured = measured[~designed]
        if not len(measured):
            continue
        # Each mark's clearance: its ink's nearest distance to the live area's edges.
        gaps = np.minimum.reduce((ink[measured, 0] - live.x0, ink[measured, 1] - live.y0,
                                  live.x1 - ink[measured, 2], live.y1 - ink[measured, 3]))
        nearest = measured[np.argmin(gaps)]   # the first of the nearest, as a new worst must be
        if worst is None or gaps.min() < worst[0]:
            gap, side = clearance(live, marks[nearest].ink)
            worst = (gap, page.number, side, describe(marks[nearest]))
        for n in measured[gaps < -1e-6].tolist():
            gap, side = clearance(live, marks[n].ink)
            check.fail("interior", page.number,
                       f"{-gap:.2f} pt past the {side} margin: {describe(marks[n])}")
    m = b.profile.margins_in(b.bleed, b.page_count)
    check.measured = {
        "margins_in": {k: float(v) for k, v in m.items()}, "buffer_pt": float(BUFFER_PT),
        "designed_bleeds": bleeds,
        "worst": None if worst is None else {"clearance_pt": round(worst[0], 3), "page": worst[1],
                                             "side": worst[2], "mark": worst[3]}}
    return check


def check_overlap(b: LoadedBook) -> Check:
    """No text over other text, no text crossed by a line it does not belong to, on any
    interior page (`pipeline.readback.overlap.find_overlaps`, the pages searched together)."""
    check = Check("overlap", "no text over other text, no text crossed by a line")
    counts = {"text on text": 0, "text across a line": 0}
    for page, overlaps in zip(b.pages, find_overlaps_of_pages(b.pages)):
        for found in overlaps:
            counts[found.kind] += 1
            check.fail("interior", page.number, f"{found.kind}: {found.message}")
    check.measured = counts
    return check

