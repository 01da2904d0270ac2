"""Read-back: what the printer gets, read from the PDF bytes alone.

A thin layer that never imports the layout code: `reader` turns a page's content stream into
marks in page coordinates; `svg` and `proof` draw those marks as SVG proofs and a gallery;
`preflight` checks them against the printer's rules and the manifest.
"""
