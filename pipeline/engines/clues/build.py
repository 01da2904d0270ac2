"""Rebuilds the clue tables (`data/<language>.tsv`) from the open thesauri Debian keeps, or
prints a seeded sample of a table for an editor's read:

    .venv/bin/python -m pipeline.engines.clues.build [language ...]
    .venv/bin/python -m pipeline.engines.clues.build [language ...] --sample 100 --seed 45

The tables are data in the repository: books and tests read them, never the thesauri, which
are needed only here (apt-get install mythes-de mythes-fr mythes-es mythes-en-us
wordnet-base hunspell-fr hunspell-es). Every candidate pair (answer, clue) is held to the
checks below in order, and the first it fails is counted against it (the counts are printed
and written to `data/rejections-<language>.tsv`); docs/clues.md says why each is there:

1. press: a broader term the press file blocks for every answer ("- * | term");
2. marks: a sense marked vulgar or derogatory drops the word in every sense; a mark of
   register drops the pair; colloquial ("ugs.", "fam.") is kept for difficulty 3 only;
3. form: words only; no phrase clue in English or German; the clue a headword;
4. agreement: dictionary forms (Hunspell, French and Spanish), part of speech, gender and
   number;
5. agreement of senses: synsets holding both words (association, closeness in the lists);
   English: a sense both words are used in (wordnet.used_together); a broader term: English,
   a concrete noun's WordNet hypernym (wordnet.broader_terms); German, an OpenThesaurus
   "Oberbegriff" of a noun in one sense, common enough, and of an answer common enough;
6. familiar clue: every clue word common enough, no function word;
7. the table's rules (rules.py);
8. choice: each synonym among the other's closest partners (MUTUAL), a broader term the
   class of BROADER_CLASS answers, each answer its best KEEP clues.
"""

from __future__ import annotations

import collections
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.engines import lexicon
from pipeline.engines.clues import pressfile, rules, wordnet
from pipeline.errors import InputError

DATA = Path(__file__).resolve().parent / "data"
PRESS = Path(__file__).resolve().parent / "press"
MYTHES = Path("/usr/share/mythes")
THESAURI = {
    "en": ("th_en_US_v2.dat", "mythes-en-us"),
    "de": ("th_de_DE_v2.dat", "mythes-de"),
    "fr": ("thes_fr.dat", "mythes-fr"),
    "es": ("th_es_ES_v2.dat", "mythes-es"),
}
SOURCE = {"en": "mythes-en-us", "de": "mythes-de", "fr": "mythes-fr", "es": "mythes-es"}

FUNCTION_WORD = 6.2  # Zipf: a one-word clue this common is a function word (und, über, was)
CLUE_FLOOR = {"en": 3.3, "de": 3.0, "fr": 3.3, "es": 3.0}
KEEP = 3            # clues kept per answer
# Each word of a synonym pair among the other's this many closest partners (999: no test).
MUTUAL = {"en": 3, "de": 2, "fr": 2, "es": 2}
AGREE = 2           # distinct synsets that make a pair agreed
# A synset this small is tight enough to vouch for a pair alone (0: never).
SMALL_SYNSET = {"en": 4, "de": 4, "fr": 0, "es": 0}
# The least association (synsets holding both words over the geometric mean of the synsets
# holding each): a word in many senses shares only some of them with any one synonym.
ASSOCIATION = {"en": 0.3, "de": 0.3, "fr": 0.45, "es": 0.3}
# How far down each other's lists two synonyms may stand (French lists run to fifty words,
# the main sense's closest first).
MUTUAL_PLACE = {"en": 999, "de": 999, "fr": 8, "es": 999}
LARGEST_SYNSET = 30  # a synset larger than this is a loose field of words, not a meaning
BROADER_FLOOR = 4.5  # a broader term must be a common word (Zipf)
# A broader term leads only to an answer the solver knows well: the familiarity of
# difficulty 2, where broader terms begin (rules.ZIPF_FLOOR), never the rarest answers
# (TUNG: tree, SECTIONAL: furniture, read and refused).
BROADER_ANSWER_FLOOR = rules.ZIPF_FLOOR[rules.RELATIONS["broader"]]
# A broader term names a class: it is kept only where at least this many answers take it
# ("Staat", "Land", "Krankheit"); an OpenThesaurus "Oberbegriff" met once or twice is a
# loose link of one sense (FEIERTAG: Zeitpunkt, PLATEAU: Land as a landform) far more often
# than a class. WordNet's hypernyms of concrete nouns are classes by how WordNet is made
# (PIGEON: bird, MORTAR: cannon), so English needs no count.
BROADER_CLASS = {"en": 1, "de": 5, "fr": 5, "es": 5}
# English broader terms: WordNet's hypernyms of a concrete noun's first sense (wordnet.py),
# the nearest whose every word is this common (Zipf), at most this many levels up: "tree"
# for OAK, "bird" for ROBIN, not "fagaceae" nor "organism".
BROADER_FLOOR_EN = 4.0
BROADER_LEVELS = 3
HEADER = "# answer\tclue\trelation\tdifficulty\tsource\n"

# What each thesaurus writes in parentheses after a term, sorted by what it means for a clue.
MARKS = {
    "de": {"vulgar": {"derb", "vulg.", "vulgär", "abwertend", "beleidigend", "Schimpfwort",
                      "diskriminierend", "verhüllend", "Jargon", "politisch inkorrekt"},
           "colloquial": {"ugs."},
           "keep": {"Hauptform"},
           "broader": {"Oberbegriff"}},
    "en": {"broader": {"generic term"}, "skip": {"similar term", "related term", "antonym"}},
    "fr": {"colloquial": {"familier", "fam."}, "vulgar": {"vulgaire", "vulg.", "péjoratif",
                                                         "injurieux"}},
    "es": {"vulgar": {"vulg.", "despect.", "desp."}, "colloquial": {"coloq.", "fam."}},
}
# Tags a thesaurus puts before a sense: the part of speech (German and Spanish mostly "-").
POS_TAGS = {"noun": "n", "adj": "a", "verb": "v", "adv": "r", "Nom": "n", "Verbe": "v",
            "Adjectif": "a", "Adverbe": "r", "m.": "n", "f.": "n", "adj.": "a"}


@dataclass(frozen=True)
class Term:
    text: str                  # as printed, marks removed
    marks: frozenset[str]      # what the thesaurus wrote in parentheses after it


@dataclass
class Candidate:
    answer: str
    clue: str
    relation: str
    pos: frozenset[str]
    senses: int = 0                           # senses marking the clue broader
    synsets: set = field(default_factory=set)  # distinct synsets holding both words
    size: int = 999                           # the smallest such synset (broader: the sense's
                                              # place in the answer's list, 1 the first)
    colloquial: bool = False
    back: int = 999                           # the answer's place in the clue's own list
    clue_pos: frozenset = frozenset()         # the parts of speech of the clue's own senses
    answer_synsets: int = 0                   # the synsets holding the answer (its senses)
    inflected: bool = False                   # answer or clue a plural or feminine form
    association: float = 0.0                  # shared synsets / geometric mean of each's
    rank: int = 99                            # best place of the clue in the answer's list
    flags: set = field(default_factory=set)   # register marks met on the pair
    used: bool = True                         # English: a sense both words are used in
                                              # holds them (wordnet.used_together)
    concrete: bool = False                    # English broader: a concrete noun's hypernym


def read_thesaurus(path: Path) -> dict[str, list[tuple[frozenset[str], list[Term]]]]:
    """The thesaurus as {headword: [(parts of speech, [terms])]} in the file's order (mythes:
    its encoding on the first line, then `word|n` followed by n lines `(tag)|term|term...`)."""
    raw = path.read_bytes()
    first, _, body = raw.partition(b"\n")
    text = body.decode(first.decode().strip().replace("ISO8859-1", "latin-1"), "replace")
    lines = text.splitlines()
    entries: dict[str, list] = {}
    i = 0
    while i < len(lines):
        head, _, count = lines[i].rpartition("|")
        i += 1
        if not count.isdigit():
            continue
        senses = entries.setdefault(head, [])
        for line in lines[i:i + int(count)]:
            tag, *terms = line.split("|")
            pos = frozenset(POS_TAGS[t] for t in re.findall(r"[\w.]+\.?", tag.strip("()"))
                            if t in POS_TAGS)
            senses.append((pos, [parse_term(t) for t in terms if t.strip()]))
        i += int(count)
    return entries


def parse_term(raw: str) -> Term:
    """A term without its trailing marks: "Abort (ugs., derb)" is Abort, {ugs., derb}."""
    marks: set[str] = set()
    text = raw.strip()
    while True:
        match = re.search(r"\s*\(([^()]*)\)\s*$", text)
        if not match or match.start() == 0:
            break
        marks |= {m.strip() for m in match.group(1).split(",") if m.strip()}
        text = text[:match.start()].strip()
    return Term(text, frozenset(marks))


def classify(marks: frozenset[str], language: str) -> str:
    """What a term's marks make of it: plain, broader, colloquial, vulgar, skip or register."""
    table = MARKS[language]
    rest = set(marks) - table.get("keep", set())
    if rest & table.get("vulgar", set()):
        return "vulgar"
    if rest & table.get("skip", set()):
        return "skip"
    broader = bool(rest & table.get("broader", set()))
    rest -= table.get("broader", set())
    if rest and rest <= table.get("colloquial", set()):
        return "colloquial"
    if rest:
        return "register"
    return "broader" if broader else "plain"


def printable(text: str, language: str) -> bool:
    """A term that can be printed as a clue or written as an answer: words only."""
    if re.search(r"[()\[\]/0-9…]|\.\.\.|[.:;!?]", text) or not rules.words_of(text):
        return False
    try:
        lexicon.grid_spelling(text, language)
    except Exception:  # noqa: BLE001 - a character no grid writes: not a word of the language
        return False
    return True


def gendered(word: str, language: str) -> str:
    """The gender and number a Spanish or French word's ending shows ('' when it shows
    none): adjectives and nouns in -o/-a, -eux/-euse, -if/-ive, plurals in -s."""
    w = word.lower().split()[-1] if word.split() else word.lower()
    sign = ""
    if language == "es":
        sign = "f" if w.endswith(("a", "as")) else "m" if w.endswith(("o", "os")) else ""
    elif language == "fr":
        if w.endswith(("euse", "euses", "ive", "ives", "rice", "rices", "elle", "elles",
                       "enne", "ennes", "ée", "ées")):
            sign = "f"
        elif w.endswith(("eux", "if", "ifs", "eur", "eurs", "el", "els", "ien", "iens")):
            sign = "m"
    if language in ("es", "fr"):
        sign += "p" if w.endswith(("s", "x")) and not w.endswith(("ss", "us", "is")) else ""
    return sign


def agree(answer: str, clue: str, language: str) -> bool:
    """Whether what the endings show agrees (a word showing nothing agrees with all)."""
    if language == "de":
        # German writes nouns with a capital: a noun for a noun, another word for another.
        return answer[:1].isupper() == clue[:1].isupper()
    a, c = gendered(answer, language), gendered(clue, language)
    if ("p" in a) != ("p" in c):
        return False
    a, c = a.replace("p", ""), c.replace("p", "")
    return not (a and c and a != c)


def candidates(language: str, entries) -> tuple[dict, set]:
    """Every (answer, clue) pair the thesaurus gives, with what speaks for it, and the words
    marked vulgar or derogatory somewhere.

    A sense is read as a synset: its terms, with the headword where the thesaurus leaves it
    out (all but OpenThesaurus). Two words agree as synonyms in as many distinct synsets as
    hold them both; a broader term is one the thesaurus marks so in the answer's sense."""
    vulgar = {t.text.lower() for senses in entries.values() for _, terms in senses
              for t in terms if classify(t.marks, language) == "vulgar"}
    pairs: dict[tuple[str, str], Candidate] = {}
    synsets: dict[frozenset, int] = {}
    member_of: dict[str, set[int]] = collections.defaultdict(set)
    with_head = language != "de"   # OpenThesaurus lists the headword in its own synsets
    for head, senses in entries.items():
        for sense_number, (pos, terms) in enumerate(senses):
            members = [t for t in terms if classify(t.marks, language) not in
                       ("broader", "skip")]
            if with_head:
                members = [Term(head, frozenset())] + members
            key = frozenset(t.text.lower() for t in members)
            fresh = key not in synsets
            synsets.setdefault(key, len(synsets))
            for word in key:
                member_of[word].add(synsets[key])
            answers = members if not with_head else members[:1]
            if not with_head and not fresh:
                continue
            for answer in answers:
                answer_kind = classify(answer.marks, language)
                for place, clue in enumerate(terms):
                    kind = classify(clue.marks, language)
                    if clue.text.lower() == answer.text.lower() or kind == "skip":
                        continue
                    relation = "broader" if kind == "broader" else "synonym"
                    cand = pairs.get((answer.text, clue.text))
                    if cand is None:
                        cand = pairs[(answer.text, clue.text)] = Candidate(
                            answer.text, clue.text, relation, pos)
                    if relation == "broader":
                        cand.senses += 1
                        cand.size = min(cand.size, sense_number + 1)
                    cand.rank = min(cand.rank, place)
                    for k in (kind, answer_kind):
                        if k in ("register", "vulgar"):
                            cand.flags.add(k)
                        if k == "colloquial":
                            cand.colloquial = True
    size = {number: len(key) for key, number in synsets.items()}
    # where each word stands in each headword's lists, its best place (the thesauri put the
    # main sense's closest words first), and the parts of speech a headword's senses carry
    place: dict[tuple[str, str], int] = {}
    tags: dict[str, set] = collections.defaultdict(set)
    for head, senses in entries.items():
        for pos, terms in senses:
            tags[head.lower()] |= pos
            for number, term in enumerate(terms):
                key = (head.lower(), term.text.lower())
                place[key] = min(place.get(key, 999), number)
    for cand in pairs.values():
        if cand.relation == "synonym":
            cand.synsets = member_of[cand.answer.lower()] & member_of[cand.clue.lower()]
            cand.size = min((size[n] for n in cand.synsets), default=999)
            cand.back = place.get((cand.clue.lower(), cand.answer.lower()), 999)
            cand.clue_pos = frozenset(tags.get(cand.clue.lower(), ()))
            cand.association = len(cand.synsets) / (
                len(member_of[cand.answer.lower()]) * len(member_of[cand.clue.lower()])) ** 0.5
    heads = {h.lower() for h in entries}
    for cand in pairs.values():
        cand.answer_synsets = len(member_of[cand.answer.lower()])
        cand.inflected = any(inflected(w, heads, language) for w in (cand.answer, cand.clue))
    return pairs, vulgar


def inflected(word: str, heads: set, language: str) -> bool:
    """Whether a French or Spanish word is a plural or feminine form of another headword
    (ATTIRÉE of ATTIRÉ, COURANTS of COURANT), or a French verb form (ANCRÉ, PERCE): an
    answer is given its clue in its dictionary form, and its clue too, so the two agree in number and
    gender."""
    w = word.lower()
    if language not in ("fr", "es") or " " in w:
        return False
    forms = []
    if w.endswith(("s", "x")):
        forms.append(w[:-1])
    if language == "fr" and w.endswith("e"):
        forms.append(w[:-1])
    if language == "fr" and w.endswith("es"):
        forms.append(w[:-2])
    if language == "es" and w.endswith("a"):
        forms += [w[:-1] + "o", w[:-1]]
    if language == "es" and w.endswith("es"):
        forms.append(w[:-2])
    if language == "fr":
        # a verb's participle or present form (ANCRÉ, PERCE of ANCRER, PERCER): the thesaurus
        # gives such forms the lists of other senses
        stem = w.rstrip("es")
        forms += [w + "r", w[:-1] + "er" if w.endswith("é") else "",
                  stem[:-1] + "er" if stem.endswith("é") else "",
                  w + "r" if w.endswith("i") else "", w[:-1] + "re" if w.endswith("u") else "",
                  w[:-1] + "oir" if w.endswith("u") else "", w[:-1] + "ir" if w.endswith(("i", "it")) else ""]
    return any(f and f in heads and f != w for f in forms)


HUNSPELL = {"fr": (Path("/usr/share/hunspell/fr.dic"), "hunspell-fr"),
            "es": (Path("/usr/share/hunspell/es_ES.dic"), "hunspell-es")}


def dictionary_forms(language: str) -> dict[str, frozenset[str]]:
    """The words a Hunspell dictionary lists as stems (their dictionary forms: no verb form,
    plural or, in Spanish, feminine of a listed masculine), each with the grammatical tags
    it carries (French: "po:nom", "is:fem", ...; Spanish: none). A .dic line is
    `stem[/flags] [tags]`."""
    path, package = HUNSPELL[language]
    if not path.is_file():
        sys.exit(f"{path} is missing: apt-get install {package}")
    forms: dict[str, set[str]] = collections.defaultdict(set)
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[1:]:
        stem, *tags = line.split()
        forms[stem.split("/")[0].lower()] |= set(tags)
    return {word: frozenset(tags) for word, tags in forms.items()}


def dictionary_problem(answer: str, clue: str, forms) -> str | None:
    """Why an answer and a one-word clue are not a pair of dictionary forms of one kind."""
    a, c = answer.lower(), clue.lower()
    if a not in forms or (" " not in c and c not in forms):
        return "agreement: not a dictionary form (Hunspell)"
    if " " in c:
        return None
    ta, tc = forms[a], forms[c]
    if "po:mg" in ta | tc:
        return "rare clue: a grammatical word (cela, chaque)"
    pos_a, pos_c = {t for t in ta if t.startswith("po:")}, {t for t in tc if t.startswith("po:")}
    if pos_a and pos_c and not pos_a & pos_c:
        return "agreement: part of speech, gender or number differ"
    if pos_a == pos_c == {"po:nom"} and {"is:mas", "is:fem"} == {
            t for t in ta | tc if t in ("is:mas", "is:fem")} and not (
            ta & tc & {"is:mas", "is:fem", "is:epi"}):
        return "agreement: part of speech, gender or number differ"
    return None


def add_concrete_broader(pairs: dict, entries) -> None:
    """English broader terms from WordNet: for each headword naming a concrete thing in its
    first sense, the nearest hypernym named by one word common enough (BROADER_FLOOR_EN),
    as a pair."""
    for head in entries:
        if " " in head or not head.isalpha() or not head.islower():
            continue
        for term in wordnet.broader_terms(head, BROADER_LEVELS):
            words = rules.words_of(term)
            if (term.islower() and len(words) == 1 and printable(term, "en")
                    and min(lexicon.zipf(w, "en") for w in words) >= BROADER_FLOOR_EN):
                cand = pairs.get((head, term)) or Candidate(head, term, "broader",
                                                              frozenset({"n"}))
                cand.relation, cand.concrete, cand.used = "broader", True, True
                pairs[(head, term)] = cand
                break


def add_definitions(pairs: dict, entries) -> None:
    """English definitions from WordNet's glosses: the gloss of a headword's first sense in
    its main part of speech (wordnet.definitions), where it fits a clue cell (rules.MAX_CLUE_CHARS, MAX_CLUE_WORDS), has two
    words or more (a one-word gloss is a term of art: SOME "quantifier") and does not end on
    a function word (SERVICE "be used by"): SOPRANO "a female singer", CHEF "a professional
    cook", FLAMMABLE "easily ignited"."""
    for head in entries:
        if " " in head or not head.isalpha() or not head.islower():
            continue
        for pos, gloss in wordnet.definitions(head):
            words = rules.words_of(gloss)
            if (2 <= len(words) <= rules.MAX_CLUE_WORDS and len(gloss) <= rules.MAX_CLUE_CHARS
                    and printable(gloss, "en") and gloss.islower()
                    and lexicon.zipf(words[-1], "en") < FUNCTION_WORD):
                pairs.setdefault((head, gloss), Candidate(head, gloss, "definition",
                                                          frozenset({pos})))


def judge(cand: Candidate, language: str, vulgar: set, names=frozenset(),
          heads=frozenset(), forms=None) -> str | None:
    """The first check (module docstring) the pair fails, as "rule: detail", or None."""
    a, c = cand.answer, cand.clue
    if a.lower() in vulgar or any(w.lower() in vulgar for w in [c, *rules.words_of(c)]):
        return "vulgar sense: marked vulgar or derogatory in the thesaurus"
    if "vulgar" in cand.flags:
        return "vulgar sense: marked vulgar or derogatory in the thesaurus"
    if "register" in cand.flags:
        return "register: marked archaic, technical, regional, foreign or figurative"
    if not printable(a, language) or not printable(c, language) or " " in a or (
            "-" in a + c):
        return "form: not written as words"
    if language != "de" and (a[:1].isupper() or c[:1].isupper() or a.lower() in names
                             or c.lower() in names):
        return "form: a capital (a name)"
    if forms is not None:
        problem = dictionary_problem(a, c, forms)
        if problem:
            return problem
    if cand.inflected:
        return "agreement: a plural or feminine form of another headword"
    if cand.pos and cand.clue_pos and not cand.pos & cand.clue_pos:
        return "agreement: part of speech, gender or number differ"
    if (language in ("en", "de") and len(rules.words_of(c)) > 1
            and cand.relation != "definition") or (language == "en" and a.endswith("ing")):
        # WordNet's phrases are mostly terms of art (GRADUATED TABLE, STILL HUNT, PLANT
        # PROCESS), its -ing nouns the acts of verbs (WATERING, TRAPPING); OpenThesaurus's
        # phrases read half the time as loose paraphrase (WOZU: für was, AUFSTEHEN: offen
        # sein): none reads as a clue often enough
        return "form: a phrase clue (English, German) or an English -ing answer"
    if not agree(a, c, language):
        return "agreement: part of speech, gender or number differ"
    if cand.relation == "synonym" and not (
            (len(cand.synsets) >= AGREE or cand.size <= SMALL_SYNSET[language])
            and cand.association >= ASSOCIATION[language]):
        return "weak agreement: too few of the two words' synsets hold both"
    if not cand.used:
        return "minor sense: no synset holds both words in a sense each is used in"
    if cand.relation == "synonym" and max(cand.rank, cand.back) > MUTUAL_PLACE[language]:
        return "weak agreement: the words stand far down each other's lists"
    if cand.relation == "synonym" and cand.size > LARGEST_SYNSET:
        return "weak agreement: only a very large synset holds the pair"
    if cand.relation == "broader" and language == "en" and not cand.concrete:
        return "abstract broader term: not a concrete noun's hypernym (WordNet)"
    if cand.relation == "broader" and language != "en" and (
            cand.answer_synsets > 1 or len(rules.words_of(c)) > 1
            or not (a[:1].isupper() and c[:1].isupper())
            or min(lexicon.zipf(w, language) for w in rules.words_of(c)) < BROADER_FLOOR):
        return "weak agreement: broader term of a minor sense or a rare one"
    if cand.relation == "broader" and lexicon.zipf(a, language) < BROADER_ANSWER_FLOOR:
        return "unfamiliar: an answer too rare for a broader term"
    if lexicon.zipf(a, language) >= FUNCTION_WORD + 0.3:
        return "rare clue: an answer too common to clue (im, um)"
    if len(rules.words_of(c)) == 1 and lexicon.zipf(c, language) >= FUNCTION_WORD:
        return "rare clue: a word too common to mean anything alone (und, was)"
    if c.lower() not in heads and cand.relation != "definition":
        return "form: the clue is no headword of the thesaurus"
    floor = CLUE_FLOOR[language]
    if min(lexicon.zipf(w, language) for w in rules.words_of(c)) < floor:
        return "rare clue: a clue word below Zipf %.1f" % floor
    difficulty = difficulty_of(cand, language)
    problem = rules.entry_problem(a, c, cand.relation, difficulty, language)
    return problem


def difficulty_of(cand: Candidate, language: str) -> int:
    """The lowest difficulty the entry suits: by how familiar and long the answer is and the
    clue's relation; a colloquial sense only at 3."""
    if cand.colloquial:
        return 3
    grid = lexicon.grid_spelling(cand.answer, language)
    frequency = lexicon.zipf(cand.answer, language)
    for difficulty in rules.DIFFICULTIES:
        if (frequency >= rules.ZIPF_FLOOR[difficulty] and len(grid) <= rules.LONGEST[difficulty]
                and rules.RELATIONS[cand.relation] <= difficulty):
            return difficulty
    return 3


def score(cand: Candidate, language: str) -> tuple:
    """How good a clue the pair makes, for ranking an answer's clues (higher first)."""
    # a synonym by the synsets holding both words, a broader term by the senses naming it
    agreement = min(len(cand.synsets) or cand.senses, 3) - cand.size / 100
    return (cand.relation == "synonym", agreement,
            -len(rules.words_of(cand.clue)),
            round(min(lexicon.zipf(w, language) for w in rules.words_of(cand.clue)), 1),
            -cand.rank)


def build(language: str) -> tuple[list[tuple], collections.Counter, int]:
    filename, package = THESAURI[language]
    path = MYTHES / filename
    if not path.is_file():
        sys.exit(f"{path} is missing: apt-get install {package}")
    entries = read_thesaurus(path)
    pairs, vulgar = candidates(language, entries)
    names = wordnet.names() if language == "en" else frozenset()
    if language == "en":
        add_concrete_broader(pairs, entries)
        add_definitions(pairs, entries)
        for cand in pairs.values():
            if cand.relation == "synonym":
                cand.used = wordnet.used_together(cand.answer, cand.clue)
    heads = frozenset(h.lower() for h in entries)
    forms = dictionary_forms(language) if language in HUNSPELL else None
    blocked = pressfile.blocked_broader(PRESS / f"{language}.txt")
    rejected: collections.Counter = collections.Counter()
    kept: dict[str, list[Candidate]] = collections.defaultdict(list)
    for cand in pairs.values():
        problem = ("blocked by the press: a broader term too vague (press file)"
                   if cand.relation == "broader" and cand.clue in blocked else
                   judge(cand, language, vulgar, names, heads, forms))
        if problem:
            rejected[problem.split(":")[0]] += 1
        else:
            kept[cand.answer].append(cand)
    # mutual closeness: of the pairs left, a synonym pair is kept where each word is among
    # the other's MUTUAL closest partners (by association): a word's loose neighbours in a
    # long list (MÈRE and ÉPOUSE) are not each other's closest
    partners: dict[str, list[tuple[float, str]]] = collections.defaultdict(list)
    for cands in kept.values():
        for cand in cands:
            if cand.relation == "synonym":
                a, c = cand.answer.lower(), cand.clue.lower()
                partners[a].append((-cand.association, c))
                partners[c].append((-cand.association, a))
    closest = {word: {w for _, w in sorted(set(found))[:MUTUAL[language]]}
               for word, found in partners.items()}
    for answer in list(kept):
        mutual = [c for c in kept[answer] if c.relation != "synonym" or (
            c.clue.lower() in closest[c.answer.lower()]
            and c.answer.lower() in closest[c.clue.lower()])]
        rejected["not mutual: not among each other's closest"] += len(kept[answer]) - len(
            mutual)
        kept[answer] = mutual
    members = collections.Counter(c.clue for cands in kept.values() for c in cands
                                  if c.relation == "broader")
    for answer in list(kept):
        named = [c for c in kept[answer] if c.relation != "broader"
                 or members[c.clue] >= BROADER_CLASS[language]]
        if len(named) < len(kept[answer]):
            rejected["no class: a broader term of fewer than %d answers"
                     % BROADER_CLASS[language]] += len(kept[answer]) - len(named)
        kept[answer] = named
    rows = []
    for answer, cands in kept.items():
        cands.sort(key=lambda c: score(c, language), reverse=True)
        best = cands[:KEEP]
        rejected["not chosen: beyond the best %d" % KEEP] += len(cands) - len(best)
        for cand in best:
            rows.append((cand.answer, cand.clue, cand.relation, difficulty_of(cand, language),
                         SOURCE[language]))
    rows.sort(key=lambda r: (lexicon.grid_spelling(r[0], language), r[0], r[1]))
    return rows, rejected, len(pairs)


def write(language: str, rows: list[tuple]) -> None:
    text = HEADER + "".join("\t".join(map(str, row)) + "\n" for row in rows)
    (DATA / f"{language}.tsv").write_text(text, encoding="utf-8")


def sample(language: str, count: int, seed: int) -> list[str]:
    """`count` entries of the language's table (press blocks applied) drawn at random with
    `seed`, one line each, for an editor's blind read: the read can be repeated exactly."""
    import random

    from pipeline.engines import clues

    entries = clues.table(language).entries
    drawn = random.Random(seed).sample(entries, min(count, len(entries)))
    return [f"{e.answer}\t{e.text}\t{e.relation}\t{e.difficulty}" for e in drawn]


def main(argv: list[str]) -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m pipeline.engines.clues.build",
                                     description="Rebuild the clue tables, or print a "
                                     "seeded random sample of a table for reading.")
    parser.add_argument("languages", nargs="*", default=list(THESAURI))
    parser.add_argument("--sample", type=int, metavar="N",
                        help="print N random entries of each table instead of building")
    parser.add_argument("--seed", type=int, default=45, help="the sample's seed")
    args = parser.parse_args(argv)
    if args.sample:
        for language in args.languages:
            print(f"# {language}: {args.sample} entries, seed {args.seed}")
            print("\n".join(sample(language, args.sample, args.seed)))
        return
    for language in args.languages:
        rows, rejected, total = build(language)
        write(language, rows)
        answers = collections.Counter(r[0] for r in rows)
        line = (f"{language}: {total} candidate pairs, {len(rows)} entries, {len(answers)} "
                f"answers, {sum(1 for n in answers.values() if n >= 2)} with two or more")
        report = [f"# {line}\n", "# check\tpairs rejected\tshare of candidate pairs (%)\n"]
        print(line)
        for rule, n in sorted(rejected.items(), key=lambda item: -item[1]):
            print(f"  {rule}: {n} ({100 * n / total:.1f} %)")
            report.append(f"{rule}\t{n}\t{100 * n / total:.1f}\n")
        (DATA / f"rejections-{language}.tsv").write_text("".join(report), encoding="utf-8")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except InputError as error:     # a bad press file line: one line, status 2
        print(f"clues.build: {error}", file=sys.stderr)
        sys.exit(2)
