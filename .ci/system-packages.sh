#!/usr/bin/env bash
# Debian packages the test suite needs beyond Python, installed before `make test`:
#   poppler-utils  pdftocairo rasterises PDF pages for the SVG proof fidelity test
#   chromium       the proof gallery is opened in a real headless browser
#   libcairo2      cairosvg (a test dependency from PyPI) rasterises the SVG proofs with it
#   ghostscript    renders covers in CMYK (tiff32nc) to measure total ink against the preflight
#   wordnet-base   WordNet 3.0's data files: word-search themes are held to its hyponyms
#   wamerican, wamerican-large, wamerican-huge  the spellings the crossword word lists are
#                  built from (a test rebuilds a sample of them and compares)
#   wngerman, wfrench, wspanish  the German, French and Spanish word lists every word-search
#                  theme word is spelled against
#   dict-freedict-deu-eng, dict-freedict-fra-eng, dict-freedict-spa-eng  bilingual dictionaries:
#                  German, French and Spanish themes are held to WordNet through them
#   sgt-puzzles    Tatham's Pattern (/usr/games/sgt-pattern --generate) makes the outside
#                  nonograms the tests read from .non files and grade
set -euo pipefail
missing=()
command -v pdftocairo >/dev/null || missing+=(poppler-utils)
command -v chromium >/dev/null || missing+=(chromium)
ldconfig -p | grep -q 'libcairo\.so\.2' || missing+=(libcairo2)
command -v gs >/dev/null || missing+=(ghostscript)
[ -f /usr/share/wordnet/data.noun ] || missing+=(wordnet-base)
[ -x /usr/games/sgt-pattern ] || missing+=(sgt-puzzles)
[ -f /usr/share/dict/ngerman ] || missing+=(wngerman)
[ -f /usr/share/dict/french ] || missing+=(wfrench)
[ -f /usr/share/dict/spanish ] || missing+=(wspanish)
for pair in deu-eng fra-eng spa-eng; do
    [ -f /usr/share/dictd/freedict-$pair.index ] || missing+=("dict-freedict-$pair")
done
for list in american-english american-english-large american-english-huge; do
    [ -f /usr/share/dict/$list ] || missing+=("w${list/-english/}")
done
if [ ${#missing[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
fi
