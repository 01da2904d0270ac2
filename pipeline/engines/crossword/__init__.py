"""The crossword grid engine shared by the word families that fill a crossword grid.

Not a family folder: it holds no family object and names no family. The families that use it
reach it through their own modules only.

- `grid.py`: patterns (blocks and white cells), their slots (the across and down words) and
  how slots cross; patterns generated half-turn symmetric and connected, American-style
  (every letter in two words) or open European-style (some letters in one word), or read
  from a pattern file;
- `words.py`: the word lists kept as data in `data/` (rebuilt by `wordlists_build.py`),
  indexed by length and by letter at each position as bit sets;
- `fill.py`: the filler: constraint propagation over the slots (each slot's candidates
  narrowed by the letters its crossings still allow, until nothing changes) and backtracking
  with the fewest-candidates slot first, as published crossword fillers do.
"""
