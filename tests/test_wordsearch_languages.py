"""Word Search in German, French and Spanish: the themes of each language (30 or more of 25
words or more, common by wordfreq's frequencies for that language, none offensive by that
language's maintained list and the English one), the offensive lists read from
glin-profanity's data, and German and French boards held to their language's list. Each
guard is shown failing on a planted word or board."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.errors import InputError

from pipeline.engines.lexicon import alphabet, grid_spelling, offensive_words
from pipeline.wordsearch import FAMILY
from pipeline.wordsearch.board import Theme, themes
from pipeline.wordsearch.grade import LANGUAGE_LEVELS, LEVEL_BY_NAME
from test_wordsearch_themes import frequency_problems, offensive_problems, outsiders, wordnet  # noqa: F401 (a fixture)

OTHER = ("de", "fr", "es")


@pytest.mark.parametrize("language", OTHER)
def test_thirty_themes_of_twenty_five_words_or_more(language):
    shipped = themes(language)
    assert len(shipped) >= 30
    assert min(len(theme.words) for theme in shipped) >= 25
    assert len({theme.title for theme in shipped}) == len(shipped)


@pytest.mark.parametrize("language", OTHER)
def test_theme_words_are_common_in_their_language(language):
    assert frequency_problems(themes(language), language) == []


def test_the_frequency_guard_reads_the_language_of_the_theme():
    """KÜHLSCHRANK is common German and no English word: the guard asks the language."""
    planted = Theme("planted", "Planted", "de", ("KÜHLSCHRANK", "XYLOPHONKLÖPPEL"),
                    ("KUEHLSCHRANK", "XYLOPHONKLOEPPEL"))
    assert frequency_problems([planted], "de") == [
        "planted: XYLOPHONKLÖPPEL at Zipf 0.00", "only 1 of 2 words at Zipf 3.0 or more"]
    assert frequency_problems([planted], "en")[0] == "planted: KÜHLSCHRANK at Zipf 0.00"


@pytest.mark.parametrize("language", OTHER)
def test_no_theme_word_is_or_holds_an_offensive_word_of_its_language(language):
    words = [w for t in themes(language) for w in t.words]
    assert offensive_problems(words, language) == []


@pytest.mark.parametrize("language, planted, says", [
    ("de", "MARSCH", "MARSCH holds ARSCH"),          # the German list's, read inside a word
    ("de", "REGEN", "REGEN holds NEGER"),            # ... and backwards
    ("fr", "VEUVE", "VEUVE is on the list"),
    ("es", "MARTILLO", "MARTILLO is on the list"),
    ("de", "MUSCHEL", None),                         # no list word in it
])
def test_the_offensive_guard_fails_on_a_planted_word_of_the_language(language, planted, says):
    problems = offensive_problems([planted], language)
    assert (problems[0] if problems else None) == says


@pytest.mark.parametrize("language, entries", [
    ("de", {"ARSCH", "SCHEISSE", "MOESE"}),      # ß and umlauts as the German grid has them
    ("fr", {"MERDE", "ENCULE", "PUTAIN"}),       # accents dropped
    ("es", {"MIERDA", "COÑO", "GILIPOLLAS"}),    # Ñ kept
])
def test_each_language_list_is_glin_profanitys_with_the_english_one(language, entries):
    words = offensive_words(language)
    assert entries <= words
    assert offensive_words("en") < words
    assert all(set(w) <= set(alphabet(language)) and len(w) >= 2 for w in words)
    assert not entries & offensive_words("en") or language == "es"


@pytest.mark.parametrize("level", sorted(LEVEL_BY_NAME[name].name for name in LEVEL_BY_NAME
                                         if LEVEL_BY_NAME[name].language in LANGUAGE_LEVELS))
def test_language_boards_are_of_their_themes_and_proven(level):
    language = LEVEL_BY_NAME[level].language
    made = FAMILY.generate(f"wordsearch:{level}:5", level)
    assert made.puzzle["language"] == language
    titles = {t.title: set(t.words) for t in themes(language)}
    assert set(made.puzzle["words"]) <= titles[made.puzzle["theme"]]
    assert FAMILY.verify(made.puzzle, made.solution)["unique"]
    assert FAMILY.rate(made.puzzle).level == level


def _with_filler(puzzle: dict, solution: dict, word: str) -> dict | None:
    """The puzzle with `word` written across the first free run of cells long enough."""
    from pipeline.wordsearch.board import read_placements

    used = set()
    for p in read_placements(puzzle, solution):
        used.update(p.cells(len(grid_spelling(p.word, puzzle["language"]))))
    letters = [list(line) for line in puzzle["letters"]]
    for r, line in enumerate(letters):
        for c in range(len(line) - len(word) + 1):
            if all((r, c + i) not in used for i in range(len(word))):
                line[c:c + len(word)] = word
                return {**puzzle, "letters": ["".join(x) for x in letters]}
    return None


def test_the_checker_holds_a_german_board_to_the_german_list():
    """FICK in a German board's filler fails it; the English list alone would not see it."""
    made = FAMILY.generate("wordsearch:easy-de:1", "easy-de")
    planted = _with_filler(made.puzzle, made.solution, "FICK")
    proof = FAMILY.verify(planted, made.solution)
    assert not proof["unique"]
    assert any("offensive word FICK" in p for p in proof["problems"]), proof["problems"]
    as_english = FAMILY.verify({**planted, "language": "en"}, made.solution)
    assert not any("FICK" in p for p in as_english["problems"])


def test_a_german_word_prints_with_its_umlauts_and_reads_in_the_grid_spelled_out():
    made = FAMILY.generate("wordsearch:medium-de:3", "medium-de")
    printed = [w for w in made.puzzle["words"] if set(w) & set("ÄÖÜ")]
    grid = "".join(made.puzzle["letters"])
    assert set(grid) <= set(alphabet("de"))
    for word in printed:
        assert set(grid_spelling(word, "de")) <= set(alphabet("de"))


# --- printed word lists in the language's alphabetical order ------------------------------
@pytest.mark.parametrize("language,printed", [
    # the editor's examples: German sorts Ä, Ö, Ü as A, O, U (DIN 5007)
    ("de", ["ÄRMEL", "BÄCKEREI", "BRUNNEN", "LÖWE", "LUCHS", "SCHAL"]),
    # French sorts an accented letter with its base letter
    ("fr", ["DANEMARK", "ÉGYPTE", "ESPAGNE", "SÉNÉGAL", "SUÈDE", "SUISSE", "TÉLESCOPE",
            "TERRE", "VÉNUS"]),
    ("en", ["APPLE", "BANANA", "CHERRY"]),
    # Spanish sorts Ñ as a letter of its own between N and O, accents with their base letter
    ("es", ["ÁRBOL", "ARCO", "CANTO", "CAÑA", "MANZANA", "MAÑANA", "NUEZ", "ÑANDÚ", "OSO"]),
])
def test_a_word_list_prints_in_the_languages_alphabetical_order(language, printed):
    from pipeline.wordsearch.draw import list_columns
    shuffled = printed[::2] + printed[1::2]
    columns = list_columns(shuffled, 4, language)
    assert [word for column in columns for word in column] == printed
    assert all(len(column) <= 4 for column in columns)


def test_spanish_order_is_not_the_default_tables():
    """The tailoring is what puts Ñ after N: the default order alone, as French and German
    use it, sorts CAÑA before CANTO and ÑANDÚ before NUEZ."""
    from pipeline.i18n import alphabetical
    words = ["CANTO", "CAÑA", "NUEZ", "ÑANDÚ"]
    assert alphabetical(words, "fr") == ["CAÑA", "CANTO", "ÑANDÚ", "NUEZ"]
    assert alphabetical(words, "es") == words


def test_the_checker_holds_a_spanish_board_to_the_spanish_list_with_its_enye():
    """COÑO in a Spanish board's filler fails it: the scans read Ñ as a letter of its own,
    not as the end of a line, and CONO (a cone) is no offensive word."""
    made = FAMILY.generate("wordsearch:easy-es:1", "easy-es")
    assert FAMILY.verify(made.puzzle, made.solution)["unique"]
    planted = _with_filler(made.puzzle, made.solution, "COÑO")
    proof = FAMILY.verify(planted, made.solution)
    assert any("offensive word COÑO" in p for p in proof["problems"]), proof["problems"]
    harmless = _with_filler(made.puzzle, made.solution, "CONO")
    assert not any("CONO" in p for p in FAMILY.verify(harmless, made.solution)["problems"])


def test_spanish_boards_hold_enye_in_their_grids():
    """Spanish words keep Ñ in the grid (ARAÑA reads ARAÑA, not ARANA)."""
    levels = ("easy-es", "medium-es", "hard-es")
    made = [FAMILY.generate(f"wordsearch:{level}:{n}", level) for level in levels
            for n in range(1, 4)]
    grids = "".join("".join(g.puzzle["letters"]) for g in made)
    assert "Ñ" in grids
    assert set(grids) <= set(alphabet("es"))


# --- spelling: every theme word a word of its language -------------------------------------------

# Debian's word lists (wngerman, wfrench, wspanish): a word of a theme, or each word of a
# phrase, must be in its language's list, be a country's name as Babel (CLDR) gives it in that
# language, or be one of the words below, read one by one and found correct but missing from
# the list (loanwords, compounds, plurals the list lacks; German capitals write ß as SS).
WORD_LISTS = {"de": "/usr/share/dict/ngerman", "fr": "/usr/share/dict/french",
              "es": "/usr/share/dict/spanish"}
READ_AND_CORRECT = {
    "de": "apfelsaft bogenschießen chili eistee hausaufgabe hummel kiwi koriander limette macchiato mango minze "
          "oregano papaya platane radfahren roller rosenkohl rührei sitzbank smoothie stofftier "
          "wasserkocher zeder",
    "fr": "angleterre baseball cappuccino expresso jupiter neptune nounours smoothie",
    "es": "arcoíris artificiales astronauta autobús balonmano beige bolígrafo brócoli béisbol "
          "cereales champiñón churros correos curry deberes fuegos furgoneta hockey huevos "
          "inglaterra judo kiwi maratón marioneta matemáticas microondas nochevieja pegamento "
          "peluche plastilina puzle robot rugby senderismo surf tienda tijeras tobogán triatlón "
          "vaqueros voleibol whisky yogur",
}


def spelling_problems(theme_list, language: str) -> list[str]:
    import re
    from pathlib import Path

    from babel import Locale

    known = {line.strip().casefold()
             for line in Path(WORD_LISTS[language]).read_text(encoding="utf-8").splitlines()}
    known |= {name.casefold() for name in Locale(language).territories.values()}
    known |= set(READ_AND_CORRECT[language].split())
    problems = []
    for theme in theme_list:
        for word in theme.words:
            if word.casefold() in known:
                continue
            for part in filter(None, re.split(r"[ \-'’]", word.casefold())):
                spellings = {part, part.replace("œ", "oe"), part.replace("ss", "ß")}
                if not spellings & known:
                    problems.append(f"{theme.slug}: {word} ({part})")
    return problems


@pytest.mark.parametrize("language", OTHER)
def test_every_theme_word_is_spelled_as_its_language_spells_it(language):
    if not Path(WORD_LISTS[language]).exists():
        pytest.skip(f"{WORD_LISTS[language]} is missing (.ci/system-packages.sh installs it)")
    assert spelling_problems(themes(language), language) == []


@pytest.mark.parametrize("language, misspelt", [("de", "KASTANJE"), ("fr", "ÉLÉFANT"),
                                                ("es", "BICICLETTA")])
def test_the_spelling_guard_fails_on_a_planted_misspelling(language, misspelt):
    planted = Theme("planted", "Planted", language, (misspelt,), (misspelt,))
    assert spelling_problems([planted], language) == [f"planted: {misspelt} "
                                                      f"({misspelt.casefold()})"]


# --- themes true to their titles, through a bilingual dictionary into WordNet -----------------
# FreeDict's German-, French- and Spanish-English dictionaries (Debian dict-freedict-*-eng, dictd
# files) give each theme word its English nouns; a theme with a `wordnet:` header is then held
# to WordNet as the English themes are. A word the dictionary lacks, or whose translations
# WordNet lacks, is not judged; every held theme must have most of its words judged.
FREEDICT = {"de": "deu-eng", "fr": "fra-eng", "es": "spa-eng"}
JUDGED_SHARE = 0.4
# Words read and kept where the dictionary or WordNet misses the theme's sense, each with why.
READ_AND_KEPT = {
    ("de", "baeume"): {"AHORN": "maple; the dictionary gives the genus, acer",
                       "WEIDE": "willow; the dictionary gives only the pasture",
                       "KIEFER": "pine; the dictionary gives only the jaw"},
    ("de", "gemuese"): {"SALAT": "lettuce; the dictionary gives the dish",
                        "MAIS": "sweetcorn; WordNet's maize is a grain",
                        "PETERSILIE": "parsley; WordNet files it as an herb"},
    ("de", "farben"): {"BRONZE": "the colour; WordNet has only the metal",
                       "BORDEAUX": "the wine red; the dictionary gives the city"},
    ("fr", "fruits"): {"GRENADE": "pomegranate; the dictionary gives only Grenada"},
    ("fr", "legumes"): {"AIL": "garlic, sold with the vegetables; WordNet files it as an herb",
                        "SALADE": "lettuce; the dictionary gives the dish",
                        "MAÏS": "sweetcorn; WordNet's maize is a grain",
                        "PERSIL": "parsley; WordNet files it as an herb"},
    ("fr", "couleurs"): {"CRÈME": "the colour; WordNet has only the dairy product",
                         "LILAS": "the colour; WordNet has only the shrub"},
    ("es", "verduras"): {"PIMIENTO": "sweet pepper; the dictionary gives paprika, the spice",
                         "CALABAZA": "pumpkin; the dictionary gives the gourd",
                         "MAÍZ": "sweetcorn; WordNet's maize is a grain",
                         "PEREJIL": "parsley; WordNet files it as an herb"},
    ("es", "arboles"): {"PLÁTANO": "the plane tree (plátano de sombra); the dictionary gives "
                                   "only the banana"},
    ("es", "colores"): {"CREMA": "the colour; WordNet has only the dairy product",
                        "LILA": "the colour; WordNet has only the shrub"},
    ("es", "oficios"): {"POLICÍA": "the police officer; the dictionary gives the force"},
}


def _dictionary_entries(pair: str) -> dict[str, list[str]]:
    """A dictd dictionary: headword (casefolded) -> its entries' texts. The index's offsets and
    lengths are dictd's base-64 numbers; the .dict.dz is gzip-readable as a whole."""
    import gzip

    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    def number(text: str) -> int:
        value = 0
        for digit in text:
            value = value * 64 + digits.index(digit)
        return value

    data = gzip.open(f"/usr/share/dictd/freedict-{pair}.dict.dz").read()
    entries: dict[str, list[str]] = {}
    index = Path(f"/usr/share/dictd/freedict-{pair}.index").read_text(encoding="utf-8")
    for line in index.splitlines():
        headword, offset, length = line.split("\t")[:3]
        start = number(offset)
        entries.setdefault(headword.casefold(), []).append(
            data[start:start + number(length)].decode("utf-8"))
    return entries


def english_nouns(entry: str) -> list[str]:
    """The translations of one FreeDict entry: its lines after the headword, without examples
    ("..."), cross references (see:), domain labels [zool.], grammar <n> and glosses (...)."""
    import re

    nouns = []
    for line in entry.splitlines()[1:]:
        line = line.strip()
        if not line or line.startswith(('"', "see:", "Note:", "Synonym")):
            continue
        line = re.sub(r"\[[^\]]*\]|<[^>]*>|\([^)]*\)|^\d+\.\s*", "", line)
        nouns += [part.strip() for part in re.split(r"[,;]", line) if part.strip()]
    return nouns


@pytest.fixture(scope="module")
def dictionaries():
    missing = [pair for pair in FREEDICT.values()
               if not Path(f"/usr/share/dictd/freedict-{pair}.index").exists()]
    if missing:
        pytest.skip(f"dict-freedict-{missing[0]} is not installed (.ci/system-packages.sh)")
    return {language: _dictionary_entries(pair) for language, pair in FREEDICT.items()}


def category_problems(wordnet, dictionary, theme_list, kept=READ_AND_KEPT) -> list[str]:
    """Each held theme's words judged and found outside its category (and not read and kept),
    and each held theme with too few of its words judged."""
    def english(word):
        return [noun for entry in dictionary.get(word.casefold(), ())
                for noun in english_nouns(entry)]

    problems = []
    for theme in theme_list:
        judged = [word for word in theme.words
                  if any(wordnet.synsets(noun.replace(" ", "_").lower(), pos="n")
                         for noun in english(word))]
        if len(judged) < JUDGED_SHARE * len(theme.words):
            problems.append(f"{theme.slug}: only {len(judged)} of {len(theme.words)} judged")
        judged_theme = Theme(theme.slug, theme.title, theme.language, tuple(judged),
                             tuple(judged), theme.wordnet)
        allowed = kept.get((theme.language, theme.slug), {})
        problems += [f"{theme.slug}: {word}" for word in outsiders(wordnet, judged_theme, english)
                     if word not in allowed]
    return problems


@pytest.mark.parametrize("language", OTHER)
def test_themes_are_true_to_their_titles_where_wordnet_says(wordnet, dictionaries, language):
    held = [theme for theme in themes(language) if theme.wordnet]
    assert len(held) >= 10
    assert category_problems(wordnet, dictionaries[language], held) == []


@pytest.mark.parametrize("language, slug, intruder", [
    ("de", "insekten", "SPINNE"), ("de", "insekten", "ZECKE"), ("fr", "insectes", "ARAIGNÉE"),
    ("es", "insectos", "GUSANO"), ("de", "obst", "TOMATE"), ("fr", "oiseaux", "LAPIN"),
])
def test_the_category_guard_fails_on_a_planted_intruder(wordnet, dictionaries, language, slug,
                                                        intruder):
    """The editor's findings (a spider, a tick, a worm among the insects) and two more."""
    theme = next(theme for theme in themes(language) if theme.slug == slug)
    planted = Theme(slug, theme.title, language, theme.words + (intruder,),
                    theme.spellings + (intruder,), theme.wordnet)
    assert category_problems(wordnet, dictionaries[language], [planted]) == \
        [f"{slug}: {intruder}"]


def test_a_kept_word_is_judged_an_outsider_without_its_reason(wordnet, dictionaries):
    theme = next(theme for theme in themes("de") if theme.slug == "baeume")
    assert category_problems(wordnet, dictionaries["de"], [theme], kept={}) == [
        "baeume: AHORN", "baeume: WEIDE", "baeume: KIEFER"]
