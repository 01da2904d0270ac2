"""The engines more than one family is built on: the sum combinations of
cages and runs (sums), the candidate grid a digit family's solve places digits in (candidates), bit
sets (bits), what a hint reveals (reveals), word frequencies, the offensive-word definition and
each language's grid spelling (lexicon), the word data a layout names (worddata), and the
crossword grid, fill and word lists of the word families that fill one (crossword). No engine
names a family; families import engines, never the other way round."""
