"""Exploration: the k-th paint operator of a page's stream (as the compiled scan and the colour
walk find it) paired with pdfium's k-th path object: each DeviceGray fill must be pdfium's RGB
round(255 * gray), each CMYK fill one pdfium RGB. Run from the checkout:
PYTHONPATH=.:tools/readback-probe .venv/bin/python tools/readback-probe/check_colour_pairing.py PDF ..."""
import ctypes
import sys

import numpy as np
import pikepdf
import pypdfium2.raw as R

import pdfium_kernels as K
import probe_pdfium as P
from pipeline.readback.reader.compiled_lexer import pack

GRAY, CMYK = pack(b"g"), pack(b"k")
for path in sys.argv[1:]:
    q = pikepdf.open(path)
    d = R.FPDF_LoadDocument(path.encode(), None)
    checked = bad = 0
    cmyk: dict = {}
    for n, qp in enumerate(q.pages):
        rows, colours = P.colours_scan_ordered(qp)
        paints = rows[rows[:, 3] == 0]
        page = R.FPDF_LoadPage(d, n)
        nobj = R.FPDFPage_CountObjects(page)
        kinds, info = np.empty(nobj, np.int32), np.zeros((nobj, 10))
        cols = np.zeros((nobj, 8), np.uint8)
        K.objects(ctypes.cast(page, ctypes.c_void_p).value, kinds, np.empty(nobj, np.uint64),
                  info, cols, np.zeros(1, np.int64), 256)
        for (_op, fill, _stroke, _show), rgba in zip(paints.tolist(), cols[kinds == 2].tolist()):
            if fill < 0:
                continue
            key, values = colours[fill]
            if key == GRAY:
                checked += 1
                bad += rgba[:3] != [round(values[0] * 255)] * 3
            elif key == CMYK:
                cmyk.setdefault(values, set()).add(tuple(rgba[:3]))
        R.FPDF_ClosePage(page)
    print(f"{path}: gray fills checked {checked}, mismatched {bad}; CMYK fills distinct "
          f"{len(cmyk)}, each one pdfium RGB: {all(len(v) == 1 for v in cmyk.values())}")
