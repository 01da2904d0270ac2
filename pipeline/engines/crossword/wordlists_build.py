"""Rebuilds the crossword engine's word lists (`data/common.txt`, `data/dictionary.txt`, and
`data/common-<language>.txt`, `data/dictionary-<language>.txt` for German, French, Spanish).

Run once, and again only to change what the lists hold:

    .venv/bin/python -m pipeline.engines.crossword.wordlists_build [en|de|fr|es]

The lists are data in the repository, so a board never depends on what a machine has
installed; this script says exactly where they came from and lets anyone rebuild them:

- spellings from Debian's `wamerican-large` and `wamerican-huge` word lists
  (/usr/share/dict/american-english-large, -huge). Those lists spell proper nouns with a
  capital and mark possessives with an apostrophe; a word is taken only in the form of
  lowercase letters a-z, so a name, a place, an abbreviation written in capitals or with dots
  and a possessive never gets in;
- frequencies from wordfreq through pipeline/engines/lexicon.py (Zipf scale: 3.0 is once per million words of running text);
- abbreviations dropped from the fill list as well: words without a vowel (tbs, nth), Roman
  numerals (xii), and the few spelled in lowercase that ABBREVIATIONS lists;
- offensive words dropped from both lists: whatever `lexicon.is_offensive` counts offensive in
  English (the project's one definition: the maintained lists, the press's own, and the plain
  inflections of their words).

`common.txt` ("WORD ZIPF", Zipf to one decimal, alphabetical): the fill list, words of 3 to 15
letters in the standard `wamerican` list (its larger siblings add many rare and clipped
forms: sci, dup, ger) with Zipf >= 2.5 (a layout or a level raises the floor: answers of a
letter-code puzzle need 3.0). `dictionary.txt`: the large dictionary a letter-code puzzle's uniqueness is
proven under (abbreviations left in: a solver who writes one in must not find a second answer):
every word of `common.txt`, every lowercase word of `wamerican-large`, and every
lowercase word of `wamerican-huge` that wordfreq knows at all (a frequency above zero).

German, French and Spanish (`build_language`) are built the same way from Debian's one list
of each (`wngerman`, `wfrench`, `wspanish`), each word written as the language's grid writes
it (`lexicon.grid_spelling`: German Ä AE, Ö OE, Ü UE, ß SS; French and Spanish accents
dropped), its frequency the language's own in wordfreq (two words that a grid writes alike,
French PECHE and PÊCHE, count at the commoner), offensive words those the language's
definition counts. What differs, and why:

- case: German spells nouns with a capital, so a word is taken lowercase or capitalised
  (Haus, laufen), never in capitals or with a capital inside (ABC, GmbH: abbreviations);
  French and Spanish lists are all lowercase, names included (venecia);
- proper names: a German capitalised word is taken only when OpenThesaurus (Debian's
  `mythes-de`) lists it, or the form it inflects (Hafens: Hafen + s), as a word of its own,
  and it is not a place's name: not a country's name in German (Babel, from CLDR), nor a
  word OpenThesaurus files under a place (a group of synonyms under Stadt, Hauptstadt, Staat,
  Region, Fluss, Insel, a star or a planet, or beside "Hauptstadt von ...": Hamburg, Dublin,
  Hannover, Venus) unless it is itself the heading of other words (Stadt, Welt); a French or
  Spanish word is left out when hunspell's dictionary of the language (`hunspell-fr`,
  `hunspell-es`) spells it only with a capital (Venecia, Paris);
- Spanish words with Ñ are left out of both lists: Spanish grids keep Ñ as a letter of its
  own, and writing it N makes another word (AÑO, year, is ANO); the crossword engine writes
  A-Z only;
- the dictionary is every word of the list a grid can write but the offensive ones (German
  names included: a solver who writes one in must not find a second answer); the fill list
  its words of
  Zipf >= 2.5 with a vowel, not a Roman numeral, and two more rules found by reading boards:
  a word of three letters needs Zipf >= 3.5 (below it the lists' short words are mostly
  clipped, dialect or foreign forms: French FIS, EUS, Spanish ROA, NEA), and an English word
  (in `wamerican`) far commoner in English than in the language (Zipf 1.5 or more above) is
  left out: the French and Spanish lists hold AND, SAD, DRY, GRANT, and wordfreq counts them
  from English quoted in French and Spanish text;
- UNWANTED: abbreviations, clipped forms, names, brands and foreign words each list spells
  like a word (German ETC, INKL, AUDI; French INC, QQUN, BLAIR; Spanish BOE, OREO, GRANT)
  and vulgar or sexual ones (Spanish MEAR, OJETE; French NICHONS, and the forms of listed
  offensive words the one definition's English inflections do not reach: French ENCULER,
  MERDIQUE, German FICKT), found by reading every word of three letters, the words of 24
  boards in each language and every fill word that begins with a listed offensive word, as
  ABBREVIATIONS were for English.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from pipeline.engines import lexicon
from pipeline.engines.crossword.words import common_list, dictionary_list
from pipeline.errors import InputError

STANDARD = Path("/usr/share/dict/american-english")
LARGE = Path("/usr/share/dict/american-english-large")
HUGE = Path("/usr/share/dict/american-english-huge")
DATA = Path(__file__).resolve().parent / "data"
SHORTEST, LONGEST = 3, 15
COMMON_FLOOR = 2.5
PLAIN = re.compile(r"[a-z]+")
VOWEL = re.compile(r"[aeiouy]")
ROMAN = re.compile(r"x{0,3}(ix|iv|v?i{0,3})")
# Abbreviations and clipped spellings the standard list spells in lowercase (found by reading
# its 3- and 4-letter words of Zipf >= 3.0 that have no inflected form in the list): not words
# a solver would accept in a grid.
ABBREVIATIONS = frozenset(
    "adv avg cal cis esp etc gov hoc hwy mpg mph pct rpm sox tbs tel tho tsp assn blvd chem "
    "comm dept govt situ tbsp thru yrs mos".split())


def lowercase_words(path: Path) -> set[str]:
    """The words a list spells in lowercase letters only (proper nouns are capitalised)."""
    words = set()
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        word = line.strip()
        if PLAIN.fullmatch(word) and SHORTEST <= len(word) <= LONGEST:
            words.add(word)
    return words


def without_offensive(words: set[str]) -> set[str]:
    """`words` (lowercase) less those the project counts offensive in English."""
    offensive = set(lexicon.offensive_in((w.upper() for w in words), "en"))
    return {w for w in words if w.upper() not in offensive}


def build() -> tuple[list[str], list[str]]:
    if not all(path.is_file() for path in (STANDARD, LARGE, HUGE)):
        sys.exit("a Debian word list is missing: apt-get install wamerican wamerican-large "
                 "wamerican-huge")
    standard = {w for w in without_offensive(lowercase_words(STANDARD)) - ABBREVIATIONS
                if VOWEL.search(w) and not ROMAN.fullmatch(w)}
    large = without_offensive(lowercase_words(LARGE))
    huge = without_offensive(lowercase_words(HUGE))
    zipf = {w: lexicon.zipf(w, "en") for w in standard | large | huge}
    common = sorted(w for w in standard if zipf[w] >= COMMON_FLOOR)
    dictionary = sorted(set(common) | large | {w for w in huge if zipf[w] > 0})
    common_lines = [f"{w.upper()} {zipf[w]:.1f}" for w in common]
    return common_lines, [w.upper() for w in dictionary]


# --- German, French, Spanish ------------------------------------------------------------------
DEBIAN = {"de": Path("/usr/share/dict/ngerman"), "fr": Path("/usr/share/dict/french"),
          "es": Path("/usr/share/dict/spanish")}
PACKAGES = {"de": "wngerman mythes-de", "fr": "wfrench hunspell-fr", "es": "wspanish hunspell-es"}
THESAURUS = Path("/usr/share/mythes/th_de_DE_v2.dat")
HUNSPELL = {"fr": Path("/usr/share/hunspell/fr_FR.dic"), "es": Path("/usr/share/hunspell/es_ES.dic")}
# German endings of a noun's inflected forms (Hafens, Hafen + s; Gruppen, Gruppe + n): a form
# is a noun's when the word it ends is one.
NOUN_ENDINGS = ("s", "es", "n", "en", "e", "er", "ern", "nen", "ns")
UNWANTED = {
    "de": frozenset("BOY CHI ETC MED PER PRO RED SEK USW MIN GEM BON DAR AUDI INCL INKL "
                    "STASI MEKKA KLAUS SINTI VOELKISCH LUFTHANSA LINUX JAVA KRIM DONAU "
                    "VERDI HANNOVERS OSCAR LYNCH ZIONISTEN BOYS FICKE FICKT HUREN PISSE "
                    "PISST SCHEISSEN PORNOFILME PAEDOPHILEN BERLIN EUROPA BAYERN SCHEISS FURZ "
                    "FURZEN GEIL KOTZE KOTZEN SPERMA".split()),
    "fr": frozenset("ACE BEN BOB BOY BYE DAM DAN DEC DER DOG DOM END EUH FAC FOX GAP HAN "
                    "HOT HUI INC JAN MAC MAN MAR MIN MIT NEO NES PAT PRO PUY QUO REZ ROB "
                    "SEN SIR TEE TEL TER UNS VAR PRE EME VIVENDI QQUN BLAIR BOSCO DORIS "
                    "ESCOBAR NICHONS BOOTS OUAIS ENCULER BAISENT KIFFE ADELE ALVIN STEWART "
                    "AEQUO MARKS YARDS ROOT TANKS SHAKE GUYOT CONNERIE CONNERIES MERDIER "
                    "MERDIQUE SALOPARD SALOPERIE SALOPERIES COUILLE PISSE GUEULER GLANDER "
                    "TESTICULES SPERME SODOMIE FELLATION ORGASME PEDOPHILIE PORNOGRAPHIE "
                    "PORNOGRAPHIQUE PORNOGRAPHIQUES SPERMATOZOIDES NAZIE NAZISME YORKAIS "
                    "NEGRIER NEGRIERE NEGRIERS FION GODE CHIE CHIENT CHIES FOUT FOUTU FOUTUE "
                    "FOUTEZ BRANLE NIQUE NIQUER NIQUES TETON TETONS BAISE EMMERDE NAZE CRETIN "
                    "PETASSE".split()),
    "es": frozenset("ALI AMI BEN BOE BON BOY CEO CHA CHO CID COM DEA EVO FER GIL MAN NEO "
                    "NON PER PRE PRO PUM QUI ROB SAO SEN SEO SIC SUB SUD TAC TOP VAL MEAR "
                    "PERU RENE NICARAGUA OREO ORIOL PETRA RAMON DANCE GRAND GRANT RAIN "
                    "ETERNAL MULTI CHINGO OJETE POTOSI STATU PORNOGRAFIA PORNOGRAFICO "
                    "ORGASMO GRINGA DOM NEGRITO NEGRETE POLLA CAGAR CAGADA PENE TETA HOSTIA "
                    "CHINGAR ZORRA PAJERO CHOCHO ORTO".split()),
}
SHORT_FLOOR = 3.5     # a fill word of three letters, in German, French and Spanish
ENGLISH_LEAD = 1.5    # Zipf: an English word this much commoner in English is English here
GRID_VOWEL = re.compile(r"[AEIOUY]")
GRID_ROMAN = re.compile(r"X{0,3}(IX|IV|V?I{0,3})")


def debian_words(language: str) -> set[str]:
    """The list's words of letters only, lowercase or (German) capitalised: no abbreviation
    in capitals (ABC) or with a capital inside (GmbH), no hyphen, apostrophe or dot."""
    words = set()
    for line in DEBIAN[language].read_text(encoding="utf-8").splitlines():
        word = line.strip()
        if word.isalpha() and (word.islower() or language == "de" and word[0].isupper()
                               and word[1:].islower()):
            words.add(word)
    return words


def thesaurus_nouns() -> frozenset[str]:
    """The capitalised single words OpenThesaurus lists (its synonyms keep their case)."""
    nouns = set()
    for line in THESAURUS.read_text(encoding="utf-8").splitlines():
        for term in line.split("|"):
            term = term.strip()
            if _plain_noun(term):
                nouns.add(term)
    return frozenset(nouns - german_place_names())


# The headings (OpenThesaurus's "Oberbegriff") under which a group of synonyms names a place.
PLACE_KINDS = frozenset(
    "Stadt Großstadt Hauptstadt Landeshauptstadt Hansestadt Metropole Millionenstadt Weltstadt "
    "Kapitale Staat Bundesstaat Bundesland Kanton Region Landschaft Fluss Gebirge Insel Stern "
    "Planet Vorname Familienname Nachname".split())
HEADING = re.compile(r"\s*\(.*")


def _plain_noun(term: str) -> bool:
    return term.isalpha() and term[0].isupper() and term[1:].islower()


def german_place_names() -> frozenset[str]:
    """Capitalised words that name a place (the docstring's rule), and Babel's German
    country names."""
    from babel import Locale

    places, headings = set(), set()
    for line in THESAURUS.read_text(encoding="utf-8").splitlines():
        if not line.startswith("-|"):
            continue
        terms = line.split("|")[1:]
        above = {HEADING.sub("", t).strip() for t in terms if "(Oberbegriff)" in t}
        headings |= above
        if above & PLACE_KINDS or any("Hauptstadt " in t for t in terms):   # "Hauptstadt von"
            places |= {HEADING.sub("", t).strip() for t in terms if "(Oberbegriff)" not in t}
    countries = {name for name in Locale("de").territories.values() if name.isalpha()}
    return frozenset({p for p in places - headings if _plain_noun(p)} | countries)


def hunspell_names(language: str) -> frozenset[str]:
    """The grid spellings of the words hunspell's dictionary spells only with a capital
    (compared as a grid writes them: the list's peru is hunspell's Perú)."""
    lower, capital = set(), set()
    for line in HUNSPELL[language].read_text(encoding="utf-8").splitlines()[1:]:
        stem = line.split("/", 1)[0].strip()
        try:
            spelling = lexicon.grid_spelling(stem, language)
        except InputError:   # a stem in letters no grid writes (small capitals)
            continue
        (lower if stem.islower() else capital).add(spelling)
    return frozenset(capital - lower)


def is_word(word: str, language: str, nouns: frozenset[str], names: frozenset[str],
            spelling: str = "") -> bool:
    """Whether a list's word is a common word, not a proper name (the rules in the docstring)."""
    if language == "de":
        return word.islower() or word in nouns or any(
            word.endswith(e) and word[:-len(e)] in nouns for e in NOUN_ENDINGS)
    return spelling not in names


def build_language(language: str) -> tuple[list[str], list[str]]:
    """The fill list's lines and the dictionary's words of `language`, as grids write them."""
    needed = [DEBIAN[language], THESAURUS if language == "de" else HUNSPELL[language]]
    if not all(path.is_file() for path in needed):
        sys.exit(f"a Debian word list is missing: apt-get install {PACKAGES[language]}")
    nouns = thesaurus_nouns() if language == "de" else frozenset()
    names = hunspell_names(language) if language != "de" else frozenset()
    spelled: dict[str, float] = {}   # grid spelling -> the commonest Zipf of its words
    common: set[str] = set()
    for word in debian_words(language):
        spelling = lexicon.grid_spelling(word, language)
        if not SHORTEST <= len(spelling) <= LONGEST or not spelling.isascii():
            continue   # too short or long, or Spanish Ñ: see the docstring
        zipf = lexicon.zipf(word, language)
        spelled[spelling] = max(zipf, spelled.get(spelling, 0.0))
        if is_word(word, language, nouns, names, spelling):
            common.add(spelling)
    offensive = set(lexicon.offensive_in(spelled, language))
    dictionary = sorted(set(spelled) - offensive)
    english = lowercase_words(STANDARD)
    fill = sorted(w for w in common - offensive - UNWANTED[language]
                  if spelled[w] >= (SHORT_FLOOR if len(w) == 3 else COMMON_FLOOR)
                  and GRID_VOWEL.search(w) and not GRID_ROMAN.fullmatch(w)
                  and not (w.lower() in english
                           and lexicon.zipf(w.lower(), "en") - spelled[w] >= ENGLISH_LEAD))
    return [f"{w} {spelled[w]:.1f}" for w in fill], dictionary


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    language = args[0] if args else "en"
    if language not in ("en", *DEBIAN):
        sys.exit(f"unknown language {language!r} (en, de, fr, es)")
    common, dictionary = build() if language == "en" else build_language(language)
    DATA.mkdir(exist_ok=True)
    common_list(language).write_text("\n".join(common) + "\n")
    dictionary_list(language).write_text("\n".join(dictionary) + "\n")
    print(f"{common_list(language).name} {len(common)} words, "
          f"{dictionary_list(language).name} {len(dictionary)} words")


if __name__ == "__main__":
    main()
