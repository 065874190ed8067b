"""Generated quotes, one class per row of ``strategies.STRATEGIES``, each with what the engine
should say.

Every case is one source and one quote: a dev-source sentence (or clause, list item, heading,
a cut at a character limit), the same with one named edit, with one change of its claim, or a
sentence written here from ``templates`` whose main clause is quoted without a lead or tail
that qualifies it (or that qualifies nothing). A case is deterministic from the seed and its
position: ``random.Random(f"{seed}/{class}/{attempt}")``, so any case can be made again alone.

Split: each case is ``tune`` or ``held_out`` by a stable hash of its *split key*: the dev
sentence (or line) it was made from, or, for a written sentence, its language and the lead or
tail it leaves out. Hashing what the case is made from rather than its whole id keeps one
sentence or one frame on one side only: no held-out case is a tune case with another edit or
another subject. About ``HELD_OUT_PERCENT`` % of keys are held out. **Held-out figures are never
tuned to**: look at them to see whether a change generalises, never to choose the change.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from .devtext import DEFAULT_DATA_DIR, DevPool, Unit, dev_pool, sentences_of, word_set
from .languages import LANGUAGES
from .templates import NO_DATA_NEUTRAL_WORDS, NO_DATA_WORDS, Frame, Language

Split = Literal["tune", "held_out"]
Attention = Literal["required", "forbidden", "allowed"]
HELD_OUT_PERCENT = 30
SOURCE_ID = "S1"


@dataclass(frozen=True, slots=True)
class Expectation:
    """What the engine should say: ``passing`` (verified or corrected) or not; ``corrected``:
    the status must be ``corrected``; whether the quote must, must not or may get attention."""

    passing: bool
    corrected: bool = False
    attention: Attention = "allowed"


FAITHFUL = Expectation(passing=True)
WHOLE = Expectation(passing=True, attention="forbidden")
EDITED = Expectation(passing=True, corrected=True)
CHANGED = Expectation(passing=False)


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    language: str
    klass: str
    paragraphs: tuple[str, ...]
    cited: int  # the 1-based paragraph the quote cites
    quote: str
    expect: Expectation
    sentence: str  # the source's sentence (or line) the quote was made from
    split_key: str
    left_out_before: str = ""  # partial quotes: the sentence's words before the quote
    left_out_after: str = ""  # ... and after it
    note: str = ""  # what was done to the sentence, in words
    frame: Frame | None = field(default=None, compare=False)

    @property
    def split(self) -> Split:
        return split_of(self.split_key)

    @property
    def response_text(self) -> str:
        return f'The report says: "{self.quote}" [{SOURCE_ID} ¶{self.cited}]'

    def bundle(self) -> dict[str, Any]:
        """The case as a bundle (``bundle.schema.json``): one document, one markdown quote."""
        return {
            "bundle_version": 1,
            "id": self.id,
            "title": f"quotegen {self.klass}",
            "sources": [
                {
                    "id": SOURCE_ID,
                    "kind": "document",
                    "title": f"generated ({self.language})",
                    "paragraphs": list(self.paragraphs),
                }
            ],
            "response": {"format": "markdown", "text": self.response_text},
        }


def split_of(key: str) -> Split:
    """``held_out`` for about HELD_OUT_PERCENT % of keys, the same on every run and machine.

    >>> split_of("de:Laut dem Ministerium ")
    'tune'
    """
    bucket = int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) % 100
    return "held_out" if bucket < HELD_OUT_PERCENT else "tune"


def fold(text: str) -> str:
    """Case and whitespace folded, quotation marks and a final stop or ellipsis dropped: what
    the tests compare to tell a quote that is in its source from one that is not."""
    text = re.sub(r"\s+", " ", text.casefold()).strip()
    text = re.sub(r"^(?:\.\.\.|…)\s*|\s*(?:\.\.\.|…)$", "", text)
    return text.rstrip(".,;:").strip()


def _digest(*parts: str) -> str:
    return hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:10]


# ---------------------------------------------------------------- words of the dev sources


NEGATIONS = word_set(
    """
    nicht kein keine keinen keinem keiner keines nie niemals nichts niemand weder ohne
    nirgends keinesfalls keineswegs
    """
)
NUMBER_WORDS = word_set(
    """
    zwei drei vier fünf sechs sieben acht neun zehn elf zwölf zwanzig dreißig vierzig
    fünfzig hundert tausend million millionen milliarde milliarden prozent hälfte drittel
    viertel doppelt doppelte beide beiden einmal zweimal erste ersten zweite zweiten dritte
    dritten
    """
)
# The dev sources are German: English 'a', 'an' and French 'la', 'le' are other words there
# ('an' a preposition), so an article dropped from a dev sentence is a German one.
ARTICLES_BY_LANGUAGE = {
    "de": word_set("der die das den dem des ein eine"),
    "en": word_set("the a an"),
    "fr": word_set("le la les un une"),
}
ARTICLES = ARTICLES_BY_LANGUAGE["de"]
INDEFINITES = word_set(
    """
    ein eine einen einem einer eines
    """
)
FINITE_VERBS = word_set(
    """
    ist sind wird werden will wollen kann können muss müssen soll sollen darf dürfen hat
    haben war waren wurde wurden brauchen braucht gibt
    """
)
QUALIFIERS = (
    "alle",
    "nur",
    "ausschließlich",
    "jährliche",
    "sämtliche",
    "zusätzliche",
    "schriftliche",
    "vorherige",
    "oberste",
)
# Words of six letters or more that carry little of a sentence's claim on their own: the
# claim classes never drop or swap them (that would measure the engine on a doubtful case).
FUNCTION_WORDS = word_set(
    """
    werden wurden worden müssen können sollen wollen dürfen möchten müsste könnte sollte
    müssten könnten sollten hätten würden zwischen gegenüber während dadurch darüber hinaus
    deshalb darum daher außerdem zudem jedoch allerdings sondern welche welcher welches
    welchen welchem dieser dieses diesen diesem unsere unseren unserer unserem unseres
    deren dessen selbst gerade wieder weiter weiterhin nämlich ebenso sowohl jeweils
    insgesamt ihrer ihren ihrem ihres seinen seiner seinem seines keinen keiner keines
    keinem bereits ebenfalls darauf dafür damit davon dazu deswegen einen einer einem eines
    andere anderen anderer anderem anderes sogar immer schon bisher bislang überall wobei
    sodass obwohl sobald solange soweit sofern hierbei hierzu hierfür insbesondere
    besonders vielmehr lediglich ausschließlich allein einzig mindestens höchstens
    wenigstens zumindest beinahe allem allen aller alles jeder jedes jeden jedem manche
    einige einigen mehrere mehreren vielen wenigen weniger meisten nichts niemand niemals
    gegen durch wegen trotz anstatt innerhalb außerhalb seitens mittels bezüglich
    angesichts aufgrund hinsichtlich entsprechend gemäß zugunsten beziehungsweise haben
    hatte hatten seien gewesen geworden bleiben bleibt lassen machen geben stehen kommen
    dürfte ebenso zusammen zurück hierin darin worin womit wodurch wofür dabei wieso
    weshalb warum deutlich stärker mehrere sowie sicher etwas vieles
    """
)

_WORD_CORE = re.compile(r"^(\W*)(.*?)(\W*)$")


def _core(token: str) -> str:
    found = _WORD_CORE.match(token)
    return found.group(2) if found else token


def _is_word(core: str, *, least: int = 1) -> bool:
    return core.isalpha() and len(core) >= least


def _content_word(core: str) -> bool:
    return _is_word(core, least=6) and not core.isupper() and core.casefold() not in FUNCTION_WORDS


def _tokens(text: str) -> list[str]:
    return text.split()


def _join(tokens: list[str]) -> str:
    return " ".join(tokens)


# ---------------------------------------------------------------- material and building


@dataclass(frozen=True, slots=True)
class Material:
    pool: DevPool
    languages: tuple[Language, ...] = LANGUAGES


@cache
def material(data_dir: Path = DEFAULT_DATA_DIR, languages: tuple[str, ...] = ()) -> Material:
    """The dev pool, and the written languages: those of ``languages`` (codes), all when
    it names none."""
    if not languages:
        return Material(dev_pool(data_dir))
    return Material(dev_pool(data_dir), tuple(x for x in LANGUAGES if x.code in languages))


def _window(unit: Unit) -> tuple[tuple[str, ...], int]:
    """The unit's paragraph with the paragraph before and after it (where there are), and
    the 1-based number of the unit's paragraph among them."""
    first = max(0, unit.index - 1)
    return unit.paragraphs[first : unit.index + 2], unit.index - first + 1


def _dev_case(
    klass: str, unit: Unit, quote: str, expect: Expectation, note: str = ""
) -> Case | None:
    paragraphs, cited = _window(unit)
    if not quote.strip():
        return None
    return Case(
        id=f"{klass}-de-{_digest(unit.source, str(unit.index), unit.text, quote)}",
        language="de",
        klass=klass,
        paragraphs=paragraphs,
        cited=cited,
        quote=quote,
        expect=expect,
        sentence=unit.text,
        split_key=f"dev:{fold(unit.text)}",
        note=note,
    )


def _changed_case(klass: str, unit: Unit, tokens: list[str], expect: Expectation, note: str):
    """A case whose quote is ``tokens`` only when they are not in the source as they stand
    (an edit or change that happens to leave a passage of the source is no such case)."""
    quote = _join(tokens)
    paragraphs, _ = _window(unit)
    if fold(quote) in fold(" ".join(paragraphs)) or fold(quote) == fold(unit.text):
        return None
    return _dev_case(klass, unit, quote, expect, note)


def _sentence(rng: random.Random, m: Material, least: int = 6, most: int = 40) -> Unit | None:
    for _ in range(20):
        unit = rng.choice(m.pool.sentences)
        if least <= unit.words <= most:
            return unit
    return None


def _sentence_where(
    rng: random.Random, m: Material, test: Callable[[Unit], bool], least: int = 6, most: int = 40
) -> Unit | None:
    for _ in range(60):
        unit = _sentence(rng, m, least, most)
        if unit is not None and test(unit):
            return unit
    return None


# ---------------------------------------------------------------- faithful, from dev text


def whole_sentence(rng: random.Random, m: Material) -> Case | None:
    unit = _sentence(rng, m)
    if unit is None:
        return None
    quote = unit.text
    if quote.endswith(".") and rng.random() < 0.2:
        quote = quote[:-1]
    return _dev_case("whole_sentence", unit, quote, WHOLE)


_CLAUSE_BREAK = re.compile(r"(?<!\d)[,;](?!\d)")


def clause(rng: random.Random, m: Material) -> Case | None:
    unit = _sentence_where(rng, m, lambda u: _CLAUSE_BREAK.search(u.text) is not None)
    if unit is None:
        return None
    parts = [part.strip() for part in _CLAUSE_BREAK.split(unit.text)]
    parts = [  # not a word cut off before its shared ending ('Kultur-, Bildungs- und …')
        part
        for part in parts
        if len(part.split()) >= 4 and part != unit.text and not part.endswith("-")
    ]
    if not parts:
        return None
    return _dev_case("clause", unit, rng.choice(parts), FAITHFUL)


def list_item(rng: random.Random, m: Material) -> Case | None:
    unit = rng.choice(m.pool.list_items)
    return _dev_case("list_item", unit, unit.text, FAITHFUL)


def heading(rng: random.Random, m: Material) -> Case | None:
    unit = rng.choice(m.pool.headings)
    return _dev_case("heading", unit, unit.text, FAITHFUL)


def char_limit_cut(rng: random.Random, m: Material) -> Case | None:
    """A sentence cut after 60 to 120 characters, inside a word or not, never inside a
    number (a cut next to a digit moves back to the space before that word)."""
    unit = _sentence_where(rng, m, lambda u: len(u.text) >= 80)
    if unit is None:
        return None
    text = unit.text
    cut = rng.randint(60, min(120, len(text) - 8))
    word_start = text.rfind(" ", 0, cut) + 1
    word_end = text.find(" ", cut - 1)
    if any(c.isdigit() for c in text[word_start : word_end if word_end >= 0 else None]):
        cut = word_start  # the cut word holds a number: cut before it
    quote = text[:cut].rstrip(" ,;:–-")
    if len(quote.split()) < 4:
        return None
    quote += rng.choice(("", "", "…", "...", " …"))
    return _dev_case("char_limit_cut", unit, quote, FAITHFUL, note=f"cut after {cut} characters")


# ---------------------------------------------------------------- named edits (corrected)


def edit_typo(rng: random.Random, m: Material) -> Case | None:
    """Two adjacent inner letters of one inner word of seven letters or more swapped."""
    unit = _sentence(rng, m, 10, 40)
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    places = [
        i
        for i in range(1, len(tokens) - 1)
        if _is_word(_core(tokens[i]), least=7) and not _core(tokens[i]).isupper()
    ]
    if not places:
        return None
    i = rng.choice(places)
    word = _core(tokens[i])
    swaps = [j for j in range(1, len(word) - 2) if word[j] != word[j + 1]]
    if not swaps:
        return None
    j = rng.choice(swaps)
    typo = word[:j] + word[j + 1] + word[j] + word[j + 2 :]
    tokens[i] = tokens[i].replace(word, typo, 1)
    return _changed_case("edit_typo", unit, tokens, EDITED, f"{word} → {typo}")


def _article_places(tokens: list[str]) -> list[int]:
    """Articles that certainly are articles: not the first word, not after a comma (a
    relative pronoun), followed by a noun or by an adjective and a noun."""
    places = []
    for i in range(1, len(tokens) - 1):
        if tokens[i].casefold() not in ARTICLES or tokens[i - 1].endswith((",", ";", ":")):
            continue
        after = _core(tokens[i + 1])
        then = _core(tokens[i + 2]) if i + 2 < len(tokens) else ""
        noun = _is_word(after, least=2) and after[0].isupper() and not after.isupper()
        adjective = (
            _is_word(after, least=3)
            and after.islower()
            and after.endswith(("e", "en", "er", "es", "em"))
            and _is_word(then, least=2)
            and then[0].isupper()
        )
        if noun or adjective:
            places.append(i)
    return places


def edit_article_dropped(rng: random.Random, m: Material) -> Case | None:
    unit = _sentence_where(rng, m, lambda u: bool(_article_places(_tokens(u.text))), 10, 40)
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    i = rng.choice(_article_places(tokens))
    dropped = tokens.pop(i)
    return _changed_case("edit_article_dropped", unit, tokens, EDITED, f"dropped '{dropped}'")


def edit_punctuation(rng: random.Random, m: Material) -> Case | None:
    unit = _sentence_where(rng, m, lambda u: _CLAUSE_BREAK.search(u.text[:-1]) is not None, 10)
    if unit is None:
        return None
    text = unit.text
    commas = [found.start() for found in re.finditer(r"(?<!\d),(?!\d)", text[:-1])]
    if not commas:
        return None
    at = rng.choice(commas)
    into = rng.choice(("", ";"))
    quote = text[:at] + into + text[at + 1 :]
    note = "dropped a comma" if not into else "a comma changed to a semicolon"
    return _changed_case("edit_punctuation", unit, _tokens(quote), EDITED, note)


_SPELLED_OUT = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}


def edit_umlaut_spelled_out(rng: random.Random, m: Material) -> Case | None:
    """One word's umlauts (or, in a word without one, its ß) written out."""
    unit = _sentence_where(rng, m, lambda u: any(c in _SPELLED_OUT for c in u.text), 10, 40)
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    umlauts = [i for i, t in enumerate(tokens) if any(c in "äöüÄÖÜ" for c in t)]
    places = umlauts or [i for i, t in enumerate(tokens) if "ß" in t]
    if not places:
        return None
    i = rng.choice(places)
    before = tokens[i]
    written_out = "äöüÄÖÜ" if umlauts else "ß"  # one kind of edit in one word
    tokens[i] = "".join(_SPELLED_OUT[c] if c in written_out else c for c in before)
    return _changed_case("edit_umlaut_spelled_out", unit, tokens, EDITED, f"{before} → {tokens[i]}")


def _hideable(token: str) -> bool:
    core = _core(token).casefold()
    return (
        core not in NEGATIONS
        and core not in NUMBER_WORDS
        and not core.startswith("kein")
        and not any(c.isdigit() for c in token)
        and "%" not in token
    )


def edit_marked_omission(rng: random.Random, m: Material) -> Case | None:
    """Two to six consecutive inner words, none a negation or a number, replaced by a mark."""
    unit = _sentence(rng, m, 10, 40)
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    length = rng.randint(2, 6)
    starts = [
        s
        for s in range(1, len(tokens) - length)
        if all(_hideable(t) for t in tokens[s : s + length])
    ]
    if not starts:
        return None
    s = rng.choice(starts)
    hidden = tokens[s : s + length]
    mark = rng.choice(("[...]", "…"))
    quote = _join(tokens[:s]) + f" {mark} " + _join(tokens[s + length :])
    paragraphs, _ = _window(unit)
    if fold(quote) in fold(" ".join(paragraphs)):
        return None
    return _dev_case("edit_marked_omission", unit, quote, EDITED, f"hid '{_join(hidden)}'")


# ---------------------------------------------------------------- claim changes (refused)


def claim_number(rng: random.Random, m: Material) -> Case | None:
    unit = _sentence_where(rng, m, lambda u: any(c.isdigit() for c in u.text))
    if unit is None:
        return None
    text = unit.text
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    at = rng.choice(digits)
    opens_number = at == 0 or not text[at - 1].isdigit()
    choices = [d for d in "0123456789" if d != text[at] and not (opens_number and d == "0")]
    quote = text[:at] + rng.choice(choices) + text[at + 1 :]
    note = f"'{text[at]}' → '{quote[at]}' at {at}"
    return _changed_case("claim_number", unit, _tokens(quote), CHANGED, note)


def _negation_or_number(token: str) -> bool:
    core = _core(token).casefold()
    return core in NEGATIONS or core.startswith("kein") or any(c.isdigit() for c in token)


def claim_omission_hides(rng: random.Random, m: Material) -> Case | None:
    """One to four inner words replaced by a mark, among them a negation or a figure."""
    unit = _sentence_where(
        rng, m, lambda u: any(map(_negation_or_number, _tokens(u.text)[1:-1])), 8, 40
    )
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    key = rng.choice([i for i in range(1, len(tokens) - 1) if _negation_or_number(tokens[i])])
    start = rng.randint(max(1, key - 3), key)
    end = min(len(tokens) - 1, start + rng.randint(key - start + 1, 4))
    mark = rng.choice(("[...]", "…"))
    quote = _join(tokens[:start]) + f" {mark} " + _join(tokens[end:])
    note = f"hid '{_join(tokens[start:end])}'"
    return _dev_case("claim_omission_hides", unit, quote, CHANGED, note)


def _next_sentence(unit: Unit) -> Unit | None:
    """The sentence that follows ``unit`` in its paragraph, if one certainly does."""
    for start, end in sentences_of(unit.paragraph):
        if start >= unit.end:
            return Unit(unit.source, unit.paragraphs, unit.index, start, end)
    return None


def claim_omission_across_sentences(rng: random.Random, m: Material) -> Case | None:
    """The start of one sentence and the end of the next, joined by a mark."""
    unit = _sentence_where(rng, m, lambda u: _next_sentence(u) is not None, 6, 40)
    following = _next_sentence(unit) if unit is not None else None
    if unit is None or following is None:
        return None
    first, second = _tokens(unit.text), _tokens(following.text)
    if len(first) < 4 or len(second) < 4:
        return None
    kept = rng.randint(3, len(first) - 1)
    resumed = rng.randint(1, len(second) - 3)
    mark = rng.choice(("[...]", "…"))
    quote = _join(first[:kept]) + f" {mark} " + _join(second[resumed:])
    note = f"hid '{_join(first[kept:])} | {_join(second[:resumed])}'"
    return _dev_case("claim_omission_across_sentences", unit, quote, CHANGED, note)


def claim_negation_added(rng: random.Random, m: Material) -> Case | None:
    """'nicht' after a finite verb, or 'ein…' turned into 'kein…'."""
    unit = _sentence(rng, m, 8, 40)
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    options: list[tuple[str, int]] = []
    for i in range(len(tokens) - 1):
        core = _core(tokens[i])
        following = _core(tokens[i + 1]).casefold()
        if tokens[i] == core and core.casefold() in FINITE_VERBS and following not in NEGATIONS:
            options.append(("nicht", i))
        if i > 0 and tokens[i] in INDEFINITES:
            options.append(("kein", i))
    if not options:
        return None
    how, i = rng.choice(options)
    if how == "nicht":
        tokens.insert(i + 1, "nicht")
        note = f"'nicht' after '{tokens[i]}'"
    else:
        note = f"'{tokens[i]}' → 'k{tokens[i]}'"
        tokens[i] = "k" + tokens[i]
    return _changed_case("claim_negation_added", unit, tokens, CHANGED, note)


def _negation_places(tokens: list[str]) -> list[int]:
    return [
        i
        for i in range(1, len(tokens) - 1)
        if tokens[i] == _core(tokens[i])
        and (tokens[i].casefold() == "nicht" or tokens[i].casefold().startswith("kein"))
    ]


def claim_negation_dropped(rng: random.Random, m: Material) -> Case | None:
    """A 'nicht' dropped, or 'kein…' turned into 'ein…' or dropped."""
    unit = _sentence_where(rng, m, lambda u: bool(_negation_places(_tokens(u.text))))
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    i = rng.choice(_negation_places(tokens))
    word = tokens[i]
    if word.casefold().startswith("kein") and rng.random() < 0.5:
        tokens[i] = word[1:]
        note = f"'{word}' → '{tokens[i]}'"
    else:
        del tokens[i]
        note = f"dropped '{word}'"
    return _changed_case("claim_negation_dropped", unit, tokens, CHANGED, note)


def _swappable(tokens: list[str]) -> list[int]:
    return [i for i in range(1, len(tokens)) if _content_word(_core(tokens[i]))]


def claim_word_swapped(rng: random.Random, m: Material) -> Case | None:
    """One content word replaced by a content word of another dev sentence."""
    unit = _sentence_where(rng, m, lambda u: bool(_swappable(_tokens(u.text))))
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    i = rng.choice(_swappable(tokens))
    word = _core(tokens[i])
    present = {_core(t).casefold() for t in tokens}
    for _ in range(20):
        other = _sentence(rng, m)
        if other is None or other.text == unit.text:
            continue
        words = [
            _core(t)
            for t in _tokens(other.text)[1:]
            if _content_word(_core(t))
            and _core(t)[0].isupper() == word[0].isupper()
            and _core(t)[:4].casefold() != word[:4].casefold()
            and _core(t).casefold() not in present
        ]
        if words:
            new = rng.choice(words)
            tokens[i] = tokens[i].replace(word, new, 1)
            return _changed_case("claim_word_swapped", unit, tokens, CHANGED, f"'{word}' → '{new}'")
    return None


def _droppable(tokens: list[str]) -> list[int]:
    """Inner content words that stand alone (no punctuation), not a name after 'wir', not
    one form of a gender pair ('Bürgerinnen und Bürger')."""
    places = []
    for i in range(1, len(tokens) - 1):
        core = _core(tokens[i])
        if tokens[i] != core or not _content_word(core):
            continue
        if tokens[i - 1].casefold() == "wir":
            continue
        pair = [tokens[j] for j in (i - 2, i + 2) if 0 <= j < len(tokens)]
        if any(_core(t)[:5].casefold() == core[:5].casefold() for t in pair):
            continue
        places.append(i)
    return places


def claim_word_dropped(rng: random.Random, m: Material) -> Case | None:
    unit = _sentence_where(rng, m, lambda u: bool(_droppable(_tokens(u.text))), 8)
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    i = rng.choice(_droppable(tokens))
    word = tokens.pop(i)
    return _changed_case("claim_word_dropped", unit, tokens, CHANGED, f"dropped '{word}'")


def _noun_places(tokens: list[str]) -> list[int]:
    return [
        i
        for i in range(1, len(tokens))
        if _is_word(_core(tokens[i]), least=4)
        and tokens[i][0].isupper()
        and not _core(tokens[i]).isupper()
        and tokens[i - 1].casefold() != "wir"
        and not tokens[i - 1].endswith((".", ":"))
        and _core(tokens[i - 1]).casefold() not in QUALIFIERS
    ]


def claim_qualifier_added(rng: random.Random, m: Material) -> Case | None:
    """A qualifier ('alle', 'nur', 'jährliche' …) put before a noun."""
    unit = _sentence_where(rng, m, lambda u: bool(_noun_places(_tokens(u.text))), 8)
    if unit is None:
        return None
    tokens = _tokens(unit.text)
    i = rng.choice(_noun_places(tokens))
    qualifier = rng.choice(QUALIFIERS)
    tokens.insert(i, qualifier)
    return _changed_case(
        "claim_qualifier_added", unit, tokens, CHANGED, f"'{qualifier}' before '{tokens[i + 1]}'"
    )


# ---------------------------------------------------------------- partial quotes, written


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _partial(rng: random.Random, m: Material, klass: str, qualifying: bool) -> Case:
    language = rng.choice(m.languages)
    frame = rng.choice(language.qualified if qualifying else language.neutral)
    subject = rng.choice(language.subjects)
    verb, obj = rng.choice(language.predicates)
    order = frame.order if frame.place == "lead" else "main"
    main = language.clause(subject, verb, obj, order)
    if frame.place == "lead":
        sentence = _capital(frame.text + main) + "."
        before, after = sentence[: len(frame.text)], "."
        quote = main + ("." if rng.random() < 0.5 else "")
        if rng.random() < 0.3:  # models often capitalise the quote's first word
            quote = _capital(quote)
    else:
        sentence = _capital(main) + frame.text + "."
        before, after = "", frame.text + "."
        quote = _capital(main)
    fillers = rng.sample(language.fillers, 2)
    layout = rng.choice(("middle", "middle", "first", "last"))
    around = {"middle": ([fillers[0]], [fillers[1]]), "first": ([], fillers[:1])}.get(
        layout, (fillers[:1], [])
    )
    paragraph = " ".join([*around[0], sentence, *around[1]])
    if qualifying:
        attention: Attention = (
            "required" if language.word_data or frame.words > NO_DATA_WORDS else "allowed"
        )
    else:
        attention = (
            "forbidden" if language.word_data or frame.words <= NO_DATA_NEUTRAL_WORDS else "allowed"
        )
    return Case(
        id=f"{klass}-{language.code}-{_digest(paragraph, quote)}",
        language=language.code,
        klass=klass,
        paragraphs=(paragraph,),
        cited=1,
        quote=quote,
        expect=Expectation(passing=True, attention=attention),
        sentence=sentence,
        split_key=f"{language.code}:{frame.text}",
        left_out_before=before,
        left_out_after=after,
        note=f"{frame.kind} {frame.place}: {frame.text.strip(' ,')!r}",
        frame=frame,
    )


def qualified_partial(rng: random.Random, m: Material) -> Case | None:
    return _partial(rng, m, "qualified_partial", qualifying=True)


def neutral_partial(rng: random.Random, m: Material) -> Case | None:
    return _partial(rng, m, "neutral_partial", qualifying=False)
