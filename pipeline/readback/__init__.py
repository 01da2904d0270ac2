"""Read-back: what the printer gets, read from the PDF bytes alone.

A thin layer that never imports the layout code: `reader` turns a page's content stream into
marks in page coordinates; `loaded` reads a book under test once (manifest record, catalog
records, both PDFs, their hashes); `checks` holds the table of print checks over a loaded
book, `report` its preflight.json and table, `preflight` the command; `svg` and `proof` draw
the marks as SVG proofs and a gallery.
"""
