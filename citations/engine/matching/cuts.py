"""What the sentence around a verbatim passage says that a quote of it leaves out, and that
changes what the quote says (``claim.sentence_cut``).

A quote may be a substring of its source and still say something the source does not: cut
after "No" ("tenant may sublet" of "No tenant may sublet"), after a condition or hedge the
sentence opens with ("If members agree, |the board must …", "Allegedly, |the CEO …"),
before the negation German and Dutch put last ("… folgte dieser Auffassung |nicht."), or
with a full stop where its sentence goes on "…, sauf pendant la période d'essai". The
sentence is read across paragraph breaks that do not end it (a PDF's lines), and its
boundaries are full stops before a capital, not those of "1. März", "gem. § 5" or "z. B.".

>>> source = ("Kein Mieter darf untervermieten.",)
>>> sentence_cut(source, 0, 5, 0, 31, "Mieter darf untervermieten.").left_out
'kein'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .match import MARK_CHARACTERS, MARKS, UNSPACED_SCRIPT
from .normalize import fold_text
from .words import (
    ABBREVIATIONS,
    ABSENCE_PREPOSITIONS,
    ARTICLE_TURNED,
    ARTICLES,
    BOUND_PHRASES,
    BOUND_WORDS,
    COMMAND_NEGATIONS,
    COMPLEMENTIZERS,
    CONDITIONAL_ENDINGS,
    CONDITIONING_PREPOSITIONS,
    CONJUNCTIONS,
    CONNECTIVES,
    DENIALS,
    EXCEPTION_PHRASES,
    EXCEPTIONS,
    FEW_DETERMINERS,
    FUNCTION_WORDS,
    IF_CONDITIONS,
    JOINED_COMPLEMENTIZERS,
    LIMITING_WORDS,
    MODALS,
    NEGATING_DETERMINERS,
    NEGATING_VERBS,
    NEGATION_PREFIXES,
    NEGATIONS,
    NOT_PERMISSIONS,
    ONLY_WORDS,
    PARTITIVE_QUANTIFIERS,
    PERMISSION_STEMS,
    PLAN_WORDS,
    PREPOSITIONS,
    PROCLITICS,
    PROHIBITIONS,
    PRONOUNS,
    QUALIFYING_OPENERS,
    REPORTING_VERBS,
    RESTRICTING_PHRASES,
    TRAILING_ATTRIBUTIONS,
    TRAILING_BOUNDS,
    UNSPACED_LIMITING,
    UNSPACED_NEGATING_ENDINGS,
    UNSPACED_NOT_OPENERS,
    UNSPACED_OPENERS,
    UNSPACED_QUALIFYING_ENDINGS,
    UNSPACED_RESTRICTING,
    WIDENING_NEGATIONS,
    CutWords,
    cut_words,
    is_number,
    number_value,
)

# A sentence ends at a full stop, question or exclamation mark (and closing marks) before a
# space and a capital or a letter of a script without case (Arabic, Hebrew, Devanagari), or
# at the text's end; not after an ordinal or an abbreviation ("1. März", "z. B. an", "Nr. 5",
# "gem. § 5"); an ideographic one needs no space. The stops of other scripts count as the full
# stop: the Devanagari danda (।, ॥), the Urdu full stop (۔), Armenian (։), Ethiopic (።) and
# Myanmar (။) ones.
_CLOSING = ")]\"'”’“‘»«›‹」』"
# Abbreviations that close a list and often the sentence with it ("…, etc. The minister …")
_LIST_ENDINGS = frozenset(("etc", "usw", "usf"))
_SCRIPT_STOPS = "।॥۔։።။"
_INDIC_FIRST, _INDIC_LAST = "\u0900", "\u0dff"  # Devanagari to Sinhala
# After the stop: closing marks, a French closing guillemet after its space ("… possible. »"),
# a footnote mark ("waived.[3]", "waived.³")
_AFTER_STOP = rf"(?:[{re.escape(_CLOSING)}]|\s[»«›‹]|\[\d{{1,3}}\]|[¹²³⁰⁴⁵⁶⁷⁸⁹])*"
_STOP_CANDIDATE = re.compile(
    rf"[.!?؟…{_SCRIPT_STOPS}]{_AFTER_STOP}"
    rf"(?:\s+[\"'“„«»‹›(\[]*(?P<next>\S)|\s*$)|(?P<cjk>[。！？])"
)
_CLAUSE_MARK = re.compile(r"[,;:()\[\]–—，、；：（）]|\s-\s")
_MARK = re.compile(f"[{MARKS}]")
_LETTERS = re.compile(r"[^\W\d_]+")
_LETTERS_AND_MARKS = re.compile(rf"[^\W\d_](?:[^\W\d_]|[{MARKS}])*")
_WORD_BEFORE_REACH = 40  # characters read back from a stop for the word before it


# Every word the cut checks read, a phrase's words too (``_without_proclitic``)
# A joined "that" a quote starts right after, with a one-letter "and" before it ("וש")
_JOINED_COMPLEMENTIZER = re.compile(
    f"(?<![^\\W\\d_])[{''.join(PROCLITICS)}]?[{''.join(JOINED_COMPLEMENTIZERS)}]$"
)
_CUT_CHECK_WORDS = frozenset(
    word
    for phrase in NEGATIONS
    | LIMITING_WORDS
    | EXCEPTIONS
    | QUALIFYING_OPENERS
    | COMPLEMENTIZERS
    | DENIALS
    for word in phrase.split()
)


def _letter_runs(text: str) -> list[str]:
    """The words of ``text`` with their marks (the longer pattern only where one stands:
    most text has none, and a run of letters is read the same)."""
    marked = not text.isascii() and _MARK.search(text) is not None
    return (_LETTERS_AND_MARKS if marked else _LETTERS).findall(text)


_STOPS = ".!?؟。！？" + _SCRIPT_STOPS
_QUESTION = "?؟？"
_CONTEXT = 1000  # characters of the sentence read before and after the passage
_GOVERNING_WORDS = 2  # words before a passage in its clause that may negate or bound it
_DETERMINED_WORDS = 4  # words before it that a negation determining their subject may be
_CLAUSE_SUBJECT_WORDS = 2  # words between "that" and a quote of the rest of its clause
_GOVERNED_WORDS = 2  # words after a quote's marked cut shown as what its negation lost
_UNSPACED_LOOKBACK = max(map(len, UNSPACED_LIMITING))
# A number, or a currency or unit and a number: what a bound or sign before it qualifies
_OPENS_WITH_NUMBER = re.compile(r"\W*(?:[A-Z]{3}\s?|[$€£¥])?\d")
_NUMBER_SIGNS = "<>≤≥±~≈+-−"
# A line a PDF broke off a sentence: a few words at least, the next line opening with a word
# in lower case (not "iOS", not an item of a list of short lines: "no smoking")
_MIN_BROKEN_LINE_WORDS = 3
# Words of a clause of saying after a sentence ("…, said a spokesman for the ministry"): a
# longer one says more than who said it ("…, which says a lot about its priorities")
_REPORTING_CLAUSE_WORDS = 6
_FIRST_WORD = re.compile(r"\s*(\w+)")


def _opens_in_lower_case(paragraph: str) -> bool:
    first = _FIRST_WORD.match(paragraph)
    return first is not None and first[1].islower()


# What changes the claim of a verb it follows in scripts without spaces
_UNSPACED_ENDINGS = (*UNSPACED_NEGATING_ENDINGS, *UNSPACED_QUALIFYING_ENDINGS)
# Where a clause opens after a stop or a clause mark: spaces and the marks themselves
_CLAUSE_OPENING = " \t\n,;:，、；："
# A number and what joins it to the next as a range ("5–", "5 to", "zwischen 5 und")
_OPENING_CONTEXT = 60  # characters of a phrase read for its first words
_BOUND_CONTEXT = 80  # characters before a quote read for a bound or range start
_RANGE_FROM = ("from", "von", "de", "от", "od")  # "from 500 to |700": a change, no range
_RANGE_TO = ("to", "through", "bis", "à", "a", "al", "tot", "till", "до", "do", "έως")
_RANGE_BETWEEN = (
    "between",
    "zwischen",
    "entre",
    "tra",
    "fra",
    "tussen",
    "mellan",
    "между",
    "między",
)
_RANGE_AND = ("and", "und", "et", "e", "y", "en", "och", "и", "a")
_RANGE_START = re.compile(
    "".join(f"(?<!{word} )" for word in _RANGE_FROM)
    + rf"\b\d(?:[\d.,]*\d)?\s*(?:[-–—~〜至到]|{'|'.join(_RANGE_TO)})\s*$"
    + rf"|(?:{'|'.join(_RANGE_BETWEEN)})\s+\d[\d.,]*\s+(?:{'|'.join(_RANGE_AND)})\s*$"
)
# A list item's letter, number or bullet before its text, or an article's number: "(a) ",
# "1. ", "ii) ", "§ 3 ", "- ", "Article 7. "
_ENUMERATOR = re.compile(
    r"^\s*(?:\(?(?:[a-z]|[ivx]{1,4}|\d{1,3})[.)]|§+\s*\d+[a-z]?|[-*•]"
    r"|(?i:art(?:icle|ikel|ículo|icolo|igo)?|section|sec|clause|abschnitt|ziffer|paragraphe?)"
    r"\.?\s*\d+(?:\.\d+)*[a-z]?[.:]?)\s+"
)
_CONDITIONAL_CLOSE = re.compile(
    "(?:"
    + "|".join(re.escape(e) for e in sorted(CONDITIONAL_ENDINGS, key=len, reverse=True))
    + r")(?=[\s,、，]|$)"
)
_LABEL_END = re.compile(r"[:;：；]")
# "of" and its forms with an article ("nessuno dei quali", "ninguno de los cuales")
_NOT_SCARCE_AFTER = frozenset(("a", "every", "quite"))
_TOKEN_MARKS = "\"'“”„‘’«»()[],;:"
_OF = frozenset(
    {
        *("of", "von", "de", "di", "dei", "degli", "delle", "della", "del", "des", "du"),
        *("dos", "das", "do", "da", "van", "av", "af", "los", "las"),
    }
)
# The end of a list item inside a quote, and how a quote that starts at the close of one
# goes on: a phrase of a few words, then items of at least three times its words
_ITEM_END = re.compile(r"[;；]|\n")
_ABSENT_PHRASE_WORDS = 3
_ITEMS_AFTER = 3
_MARKED_CUT = re.compile(r"(?:\.\.\.|…|\[\s*(?:\.\.\.|…)\s*\]|\(\s*(?:\.\.\.|…)\s*\))$")


def sentence_ends(text: str) -> list[tuple[int, int]]:
    """Where the sentences of ``text`` end: (the stop, where the next sentence begins).

    >>> text = "Am 1. März zahlt er. Dann z. B. nicht. Gem. § 5 gilt das. Im Jahr 2020. Nr. 5 ab."
    >>> [text[start - 2 : start + 1] for start, _ in sentence_ends(text)]
    ['er.', 'ht.', 'as.', '20.', 'ab.']
    """
    return list(
        filter(None, (_sentence_end(text, found) for found in _STOP_CANDIDATE.finditer(text)))
    )


def _sentence_end(text: str, found: re.Match[str]) -> tuple[int, int] | None:
    """The sentence end a stop of ``_STOP_CANDIDATE`` is (``sentence_ends``), or None."""
    if found["cjk"]:
        return found.start(), found.end()
    stop = found.start()
    # an ellipsis before a capital ends its sentence whatever it follows ("waived … The")
    if text[stop] != "…" and not _ends_a_word(text, stop):
        return None
    if text[stop] == "." and stop and _INDIC_FIRST <= text[stop - 1] <= _INDIC_LAST:
        # the Indic scripts end a sentence with the danda: a full stop after a word of one
        # marks an abbreviation ("डॉ. शर्मा": Dr Sharma)
        return None
    if found["next"] is None:
        return stop, len(text)  # the text ends with the sentence
    following = found["next"]
    if following.isupper() or (
        # a letter without case after a word without case: "ABC Ltd. תסכים" is one sentence
        _caseless_letter(following) and stop and _caseless_letter(_last_letter(text, stop))
    ):
        return stop, found.start("next")  # a capital, or a letter without case
    return None


def _caseless_letter(character: str) -> bool:
    return character.isalpha() and character.lower() == character.upper()


def _last_letter(text: str, stop: int) -> str:
    """The last letter before ``stop`` (past closing marks and combining marks)."""
    letters = [c for c in word_before(text, stop) if c.isalpha()]
    return letters[-1] if letters else ""


def word_before(text: str, stop: int) -> str:
    """The word right before ``stop`` past closing marks, its combining marks too ("होगा।"),
    read back at most ``_WORD_BEFORE_REACH`` characters: letters and digits from the first
    letter or digit there ("" if none). Read back from the stop: a pattern anchored at the
    end was tried at every character before it, for every stop of every context.

    >>> [word_before(t, len(t) - 1) for t in ("Er zahlt.", "Er sagt „nein“.", "(…).", "x\\n.")]
    ['zahlt', 'nein', '', 'x']
    """
    reach = max(0, stop - _WORD_BEFORE_REACH)
    # as a pattern's "$" matches before a line break ending the text, the word may end there
    end = stop - 1 if stop > reach and text[stop - 1] == "\n" else stop
    while end > reach and text[end - 1] in _CLOSING:
        end -= 1
    start = end
    while start > reach and (text[start - 1].isalnum() or text[start - 1] in MARK_CHARACTERS):
        start -= 1
    while start < end and not text[start].isalnum():
        start += 1  # a word opens with a letter or digit, not with a mark
    return text[start:end]


def _ends_a_sentence(text: str) -> bool:
    """Whether a sentence of ``text`` ends in it: the stops are read up to the first that
    does (every stop costs a look at the word before it)."""
    return any(_sentence_end(text, found) for found in _STOP_CANDIDATE.finditer(text))


@dataclass(frozen=True, slots=True)
class SentenceCut:
    """What a quote of a passage leaves out of its sentence: ``left_out``, what changes its
    claim ("" if nothing does); ``said_in_answer``, a word before the passage the quote
    leaves out that the answer's own words before the quote say again (so it keeps it);
    ``phrase_closed``, a preposition of absence before the passage whose phrase the quote
    only closes before items of its own ("ohne |triftigen Grund; keine …")."""

    left_out: str = ""
    said_in_answer: str = ""
    phrase_closed: str = ""


def sentence_cut(
    paragraphs: Sequence[str],
    first: int,
    start: int,
    last: int,
    end: int,
    quote: str,
    *,
    lead_in: str = "",
    language: str | None = None,
) -> SentenceCut:
    """What the passage's sentence says that the quote of the passage leaves out: the
    passage runs from ``start`` in paragraph ``first`` to ``end`` in paragraph ``last``
    (0-based indexes); ``lead_in`` is the answer's sentence before the quote (``lead_in``),
    ``language`` the source's (``languages.language_of``; None: every language's words).

    >>> source = ("The Supplier shall not assign this Agreement.",)
    >>> sentence_cut(source, 0, 23, 0, 44, "assign this Agreement", lead_in="It may not")
    SentenceCut(left_out='', said_in_answer='not', phrase_closed='')
    >>> sentence_cut(source, 0, 23, 0, 44, "assign this Agreement", lead_in="It may")
    SentenceCut(left_out='not', said_in_answer='', phrase_closed='')
    """
    words = cut_words(language)
    before, closed = _left_out_before(paragraphs, first, start, quote, words)
    after = _left_out_after(paragraphs, last, end, quote, words)
    if (
        before
        and lead_in
        and _says_again(lead_in, before, _sentence_before(paragraphs, first, start))
    ):
        return SentenceCut(after, before)
    return SentenceCut(before or after, phrase_closed="" if after else closed)


_LEAD_IN = 300  # characters of the answer read before a quote for its sentence
_BLOCK_START = re.compile(r"\n[ \t]*(?:\n|(?:[-*+]|\d+[.)]|#+)(?:[ \t]|$)|>)|\|")
_OPENING_MARKS = re.compile(r"[\s>*_\"'“”„‘’‚«»‹›「『(\[]*$")


def lead_in(answer: str, start: int) -> str:
    """The answer's own words before a quote starting at ``start`` (its opening mark and
    emphasis left out), back to the start of its sentence: the frame the answer puts the
    quote in ("the Supplier may not “assign …”" frames the quote with "not").

    >>> lead_in('Fine. The Supplier may not “assign this Agreement”.', 28)
    'The Supplier may not'
    >>> lead_in('It is not due.\\n\\n**Statement:**\\n- "cards were accessed"', 34)
    ''
    """
    before = answer[max(0, start - _LEAD_IN) : start]
    before = before[: _OPENING_MARKS.search(before).start()]  # type: ignore[union-attr]
    # nor past the start of its paragraph, list item, table cell or heading
    breaks = list(_BLOCK_START.finditer(before))
    before = before[breaks[-1].end() :] if breaks else before
    return before[_sentence_start(before) :].strip()


def _says_again(lead_in: str, left: str, stretch: str) -> bool:
    """Whether the answer's words before a quote say what the quote left out of ``stretch``,
    its sentence before the passage: clause for clause from the quote back to the clause
    holding ``left``, that clause of the answer says it again: for a negation any negation or
    word that forbids, since its last joining word ("the Supplier may not “assign …”", not
    "The Supplier, not the Buyer, may “assign …”" nor "may not sell but may “assign …”");
    else the word with every other word of its clause there ("If the rent is late, “the
    landlord may …”", not "Even if the rent is paid, “…”"), or for an "if" an "if" of the
    answer's own about nothing else ("only if the breach “is likely …”" of "When the
    personal data breach is likely …"; not "Unless the rent is late, “…”")."""
    left_words = _words_of(left)
    if UNSPACED_SCRIPT.match(left[:1]) or not left_words or any(c.isdigit() for c in left):
        return left in lead_in  # "不" or "5 to" again ("乙方不“承担任何责任”")
    source_clauses = [_words_of(clause) for clause in _CLAUSE_MARK.split(stretch)]
    holding = next(
        (
            k
            for k in range(len(source_clauses) - 1, -1, -1)
            if set(left_words) <= set(source_clauses[k])
        ),
        None,
    )
    answer_clauses = _CLAUSE_MARK.split(lead_in)
    if holding is None or len(answer_clauses) < len(source_clauses) - holding:
        return False
    said = _words_of(answer_clauses[holding - len(source_clauses)])
    if NEGATIONS.intersection(left_words):
        joins = [k for k, word in enumerate(said) if word in _JOINING_WORDS]
        frame = said[joins[-1] + 1 if joins else 0 :]
        negating = [w for w in frame if w in NEGATIONS | PROHIBITIONS | NEGATING_VERBS]
        # one: a second undoes it ("may not |refuse to", "cannot fail to")
        return len(negating) == 1
    source_words = set(source_clauses[holding])
    if bool(NEGATIONS & source_words) != bool(NEGATIONS & set(said)):
        return False  # "If the rent is not late" for "If the rent is late"
    if source_words - FUNCTION_WORDS <= set(said):
        return True
    conditions = [k for k, word in enumerate(said) if word in IF_CONDITIONS]
    if not conditions or not IF_CONDITIONS.intersection(left_words):
        return False
    about = set(said[conditions[-1] + 1 :]) - FUNCTION_WORDS
    return bool(about) and about <= source_words


# Openers that also start a relative clause, a condition only opening a sentence
_RELATIVE = frozenset(("where", "wo", "où", "donde", "dove", "onde", "waar", "där", "hvor"))
# Words that join a clause's parts: what one part says does not reach past them
_JOINING_WORDS = (CONJUNCTIONS | {word for word in CONNECTIVES if " " not in word}) - NEGATIONS


def _sentence_before(paragraphs: Sequence[str], index: int, start: int) -> str:
    """The passage's sentence before it."""
    before = _before(paragraphs, index, start)
    return before[_sentence_start(before) :]


def _words_of(text: str) -> list[str]:
    """The folded words of ``text`` (folded once, as a whole: folding is the costly part),
    a listed word with a one-letter proclitic as the word (``_without_proclitic``)."""
    return [_without_proclitic(word) for word in _letter_runs(fold_text(text))]


def _without_proclitic(word: str) -> str:
    """``word`` without a one-letter proclitic when the rest is a word the cut checks read
    (a negation, condition, restriction, opener, complementizer or denial); else ``word``."""
    if (
        len(word) > 2
        and word[0] in PROCLITICS
        and word not in _CUT_CHECK_WORDS  # "بدون" (without) is a word of its own
        and word[1:] in _CUT_CHECK_WORDS
    ):
        return word[1:]
    return word


def _ends_a_word(text: str, stop: int) -> bool:
    """Whether the stop at ``stop`` ends a word, not an ordinal ("1.") or an abbreviation."""
    word = word_before(text, stop)
    if not word:
        return False
    if word.isdigit():
        return len(word) > 2  # "im Jahr 2020." ends a sentence, "am 1." does not
    folded = _folded_word(word)
    return len(word) > 1 and (folded not in ABBREVIATIONS or folded in _LIST_ENDINGS)


# The words before full stops, folded once each: a source's sentences end in few distinct
# words, and every sentence-cut check reads the stops around its passage again.
_folded_word = lru_cache(maxsize=8192)(fold_text)


def _before(paragraphs: Sequence[str], index: int, start: int) -> str:
    """The text before the passage, with the previous paragraph while the sentence runs on
    from it: it ends with a comma or a colon, or with a word before a paragraph opening in
    lower case (a line break of a PDF: "The tenant may not" / "sublet the flat.")."""
    text = paragraphs[index][:start]
    while len(text) < _CONTEXT and index > 0 and not _ends_a_sentence(text):
        previous = paragraphs[index - 1].rstrip()
        runs_on = (
            previous[-1:].isalnum()
            and len(previous.split()) >= _MIN_BROKEN_LINE_WORDS
            and _opens_in_lower_case(paragraphs[index])
        )
        if not previous or (previous[-1] not in ",;:-–" and not runs_on):
            break
        text, index = f"{previous} {text}", index - 1
    return text[-_CONTEXT:]


def _after(paragraphs: Sequence[str], index: int, end: int) -> str:
    """The text after the passage, with the next paragraph while the sentence runs on into
    it (it goes on in lower case)."""
    text = paragraphs[index][end:]
    while len(text) < _CONTEXT and index + 1 < len(paragraphs):
        if (text.strip() and text.rstrip()[-1] in _STOPS) or _ends_a_sentence(text):
            break
        following = paragraphs[index + 1].lstrip()
        if not following[:1].islower():
            break
        text, index = f"{text} {following}", index + 1
    return text[:_CONTEXT]


def _sentence_start(text: str) -> int:
    """Where the last sentence of ``text`` begins: the stops read from the last back to the
    first that ends a sentence."""
    for found in reversed(list(_STOP_CANDIDATE.finditer(text))):
        end = _sentence_end(text, found)
        if end is not None:
            return end[1]
    return 0


def _left_out_before(
    paragraphs: Sequence[str], index: int, start: int, quote: str, words: CutWords
) -> tuple[str, str]:
    """What the sentence before the quote says that changes its claim, and a preposition of
    absence whose phrase the quote only closes (``_ends_an_absent_phrase``), or ""."""
    before = _before(paragraphs, index, start)
    if before and UNSPACED_SCRIPT.match(before[-1]):
        # no spaces: a quote may start at any letter, not right after 不, 非, ไม่
        tail = before[-_UNSPACED_LOOKBACK:]
        return next((m for m in UNSPACED_LIMITING if tail.endswith(m)), ""), ""
    if before and before[-1].isalnum():
        joined = _JOINED_COMPLEMENTIZER.search(before)
        if joined is None:
            return "", ""  # a cut inside a word: verbatim.cut_start and claim.cut_word decide
        # "מכחישה ש|השוכר": the "that" Hebrew joins to the next word, read as a word
        before = f"{before[: joined.start()]}{' '.join(joined.group())} "
    # an item's letter or number opens no sentence's words: "(a) No tenant may |sublet"
    sentence = _ENUMERATOR.sub("", before[_sentence_start(before) :], count=1)
    if not sentence.strip():
        return "", ""  # the quote starts its sentence
    clause = _CLAUSE_MARK.split(sentence)[-1]
    opens = sentence[: len(sentence) - len(clause)].rstrip()[-1:] in ("", ":", ";")
    clause_words = _function_words(clause, opens_sentence=opens)
    # a condition right before ("If |members agree"); not "accept it if they keep |the
    # four-hour response time", which the condition does not reach
    if clause_words and clause_words[-1] in words.exceptions:
        return clause_words[-1], ""
    # "other than |interns", "with the exception of |…"
    folded_clause = _words_of(clause)
    exception = next(
        (
            " ".join(folded_clause[-size:])
            for size in (4, 3, 2)
            if " ".join(folded_clause[-size:]) in EXCEPTION_PHRASES
        ),
        "",
    )
    if exception:
        return exception, ""
    # a negation or restriction right before ("Under no circumstances |may …", "nur
    # |Mitglieder", "must not |sublet"), or one determining the subject a few words before
    # ("No tenant may |sublet"), since the last joining word: that of the conjunct before
    # ("nicht gestattet |und in Schulen …") does not reach the quote, nor one further back
    # that governs words of its own ("Any amount not paid when due |shall bear …", "keine
    # Weitergabe von solchen |Passagierdaten")
    joins = [k for k, word in enumerate(clause_words) if word in CONJUNCTIONS - words.negations]
    governing = clause_words[joins[-1] + 1 if joins else 0 :][-_DETERMINED_WORDS:]
    first_word = next(iter(_letter_runs(fold_text(quote))), "")
    limiting = next(
        (
            word
            for k, word in enumerate(governing)
            if len(word) > 1
            and (word in words.limiting or (word in words.few and _scarce(governing[:k])))
            and " ".join(governing[k : k + 2]) not in WIDENING_NEGATIONS
            and (len(governing) - k <= _GOVERNING_WORDS or _determines(word, governing[k + 1 :]))
        ),
        "",
    )
    closed = ""
    if limiting and first_word not in CONJUNCTIONS:
        if not _ends_an_absent_phrase(limiting, quote):
            return limiting, ""
        closed = limiting  # a window's cut at the close of its phrase: the checks go on
    if first_word in ARTICLE_TURNED and clause_words[-1:] and clause_words[-1] in ARTICLES:
        # "a |few patients": some, which "few" alone is not
        return f"{clause_words[-1]} {first_word}", ""
    partitive = _partitive([fold_text(token.strip(_TOKEN_MARKS)) for token in clause.split()[-2:]])
    if partitive:
        return partitive, ""
    denied = _denied(sentence + _opening_complementizer(first_word), words)
    if denied:
        return denied, ""
    # "at least |90 days", "höchstens |500 Euro", "up to |EUR 500", "<|5%", "±|5 mm", a
    # range's lower bound ("5–|10 days", "between 5 and |10", "от 5 до |10", "between five
    # and |ten"); whether the quote opens with a number is asked last (number words are
    # read from a table built on first use)
    bound = _number_bound(before, clause, clause_words)
    if bound and (
        _OPENS_WITH_NUMBER.match(quote)
        or is_number(first_word)
        or number_value(first_word) is not None
    ):
        return bound, ""
    # An opener: the sentence's ("If …, |the board must", "According to the tenant, |…");
    # the clause's right before the quote's when the quote opens its own ("Dear tenant, if
    # …, |…", ", but if …, |…"; not a relative "where"); one right before the quote ("The
    # company allegedly |sold …", "; otherwise |…"; a "where" only after a semicolon or
    # colon, not ", where |they voted …"); not one of a clause the quote goes on inside ("…,
    # where feasible, …, unless the breach |is unlikely …")
    parts = _CLAUSE_MARK.split(sentence)
    own = [word for word in _words_of(parts[-1]) if word not in _JOINING_WORDS]
    openings = [sentence, *(parts[-2:-1] if not own and len(parts) > 2 else [])]
    labelled = _LABEL_END.split(sentence)
    if len(labelled) > 1:  # after a label or a clause of its own ("Note: |Provided …, …")
        openings.append(labelled[-1])
    for part in openings:
        opened = part.lstrip()
        if UNSPACED_SCRIPT.match(opened[:1]):
            found = next((word for word in UNSPACED_OPENERS if opened.startswith(word)), "")
            if opened.startswith(UNSPACED_NOT_OPENERS):
                found = ""
        else:
            found = _opener(_words_of(" ".join(_letter_runs(part)[:5])), words)
            if part is not sentence and found in _RELATIVE:
                found = ""  # "Berlin, where the summit took place, |is the capital"
            if found and _names_a_plan(found, _CLAUSE_MARK.split(part, maxsplit=1)[0]):
                found = ""  # "According to plan, |the terminal opened in March"
        if found:
            return found, ""
    closing = _conditional_close(sentence) or _permission_phrase(parts)
    if closing:
        return closing, ""
    left_out = next(
        (
            " ".join(own[-size:])
            for size in (3, 2, 1)
            if " ".join(own[-size:]) in words.openers
            and (opens or " ".join(own[-size:]) not in IF_CONDITIONS)
        ),
        "",
    )
    return left_out, closed


def _partitive(last: list[str]) -> str:
    """The quantifier and "of" the words before a quote end with ("two of", "most of",
    "plupart des"): the quote states of the whole what the source states of a part."""
    if len(last) == 2 and last[1] in _OF:
        quantity = last[0]
        if quantity in PARTITIVE_QUANTIFIERS or is_number(quantity):
            return " ".join(last)
    return ""


def _number_bound(before: str, clause: str, clause_words: list[str]) -> str:
    """The bound or range start ``before`` ends with, which a number after it would take:
    a range's lower bound, a sign, a bound phrase or word; or ""."""
    tail = before[-_BOUND_CONTEXT:]
    figures = _RANGE_START.search(tail)
    if figures:
        return figures.group().strip()
    sign = before[-1:]
    if sign and sign in _NUMBER_SIGNS:
        return sign
    last = _words_of(" ".join(clause.split()[-3:]))
    if " ".join(last[-2:]) in BOUND_PHRASES:
        return " ".join(last[-2:])
    if clause_words and clause_words[-1] in BOUND_WORDS:
        return clause_words[-1]
    return _spelled_range_start(last)


def _spelled_range_start(last: list[str]) -> str:
    """The lower bound of a range written in words that the words ``last`` end with ("five
    to", "between five and"; not "from five to"), or ""."""
    last = last[-3:]
    if len(last) == 3 and last[0] in _RANGE_BETWEEN and last[2] in _RANGE_AND:
        return " ".join(last) if number_value(last[1]) is not None else ""
    if len(last) >= 2 and last[-1] in _RANGE_TO and last[0] not in _RANGE_FROM:
        return " ".join(last[-2:]) if number_value(last[-2]) is not None else ""
    return ""


def _ends_an_absent_phrase(word: str, quote: str) -> bool:
    """Whether ``word``, left out before the quote, is a preposition of absence whose phrase
    the quote only closes, a few words ending a list item, before going on with items of its
    own ("ohne |triftigen Grund; keine europaweite Vereinheitlichung …", a window's cut): the
    quote states none of that phrase; alone or going on briefly, it would."""
    if word not in ABSENCE_PREPOSITIONS:
        return False
    item_end = _ITEM_END.search(quote)
    if item_end is None:
        return False
    phrase = _words_of(quote[: item_end.start()])
    rest = _words_of(quote[item_end.end() :])
    return 0 < len(phrase) <= _ABSENT_PHRASE_WORDS and len(rest) >= _ITEMS_AFTER * len(phrase)


def _permission_phrase(parts: list[str]) -> str:
    """The word of permission in a phrase of the sentence before the quote's clause that
    opens with a preposition of condition ("With the consent of the landlord, |…", "Sous
    réserve de l'accord du bailleur, |…"), or ""."""
    for part in parts[:-1]:
        opening = _LETTERS.findall(part[:_OPENING_CONTEXT].lower())[:3]
        if not CONDITIONING_PREPOSITIONS.intersection(opening):
            continue  # a cheap look at its first words: folding every part costs
        phrase = [word for word in _words_of(part) if word not in _JOINING_WORDS | ONLY_WORDS]
        if phrase and phrase[0] in CONDITIONING_PREPOSITIONS:
            found = next((word for word in phrase if _names_a_permission(word)), "")
            if found:
                return found
    return ""


def _conditional_close(sentence: str) -> str:
    """The word closing a clause of ``sentence`` as a condition, in a language marking it at
    the clause's end ("賃借人が同意した場合、|…", "세입자가 동의하면 |…"), or ""."""
    found = _CONDITIONAL_CLOSE.search(sentence)
    return sentence[: found.end()].split()[-1] if found else ""


def _opener(opening: list[str], words: CutWords) -> str:
    """The opener ``opening``, a clause's first words, starts with, after a joining word or
    an "only" ("Only in the event that …", "Únicamente en caso de que …"); "only" and a
    word of condition ("Only when …", "Sólo cuando …") is one."""
    if opening[:1] and opening[0] in _JOINING_WORDS:
        opening = opening[1:]
    if opening[:2] and opening[0] in ONLY_WORDS:
        if opening[1:2] and opening[1] in IF_CONDITIONS:
            return " ".join(opening[:2])  # "only when", "nur wenn", "csak ha": a condition
        opening = opening[1:]
    return next(
        (
            " ".join(opening[:size])
            for size in (4, 3, 2, 1)
            if " ".join(opening[:size]) in words.openers
        ),
        "",
    )


def _names_a_plan(opener: str, clause: str) -> bool:
    """Whether ``clause`` is an attribution to a plan, which says "as planned" and names no
    source ("according to plan", "selon le calendrier prévu", "zgodnie z planem"): the
    opener and nothing after it but articles and a word of planning; never a condition's."""
    if opener in IF_CONDITIONS or opener in EXCEPTIONS:
        return False
    said = _words_of(clause)
    size = len(opener.split())
    at = next((k for k in range(len(said)) if " ".join(said[k : k + size]) == opener), None)
    after = said[at + size :] if at is not None else []
    return any(word in PLAN_WORDS for word in after) and all(
        word in PLAN_WORDS or word in ARTICLES for word in after
    )


def _without_relative_clauses(text: str, relatives: frozenset[str]) -> str:
    """``text`` without the clauses after its clause marks that open as relative ones ("…,
    none of whom had …", "…, welche keine …", "…, by whom …"): the words of a relative
    clause say what it says, not the sentence it hangs on."""
    if not relatives:
        return text
    parts = _CLAUSE_MARK.split(text)
    # the first part, before any mark, goes on with the quote's own clause ("… the data which
    # customers …" restricts it)
    kept = [
        part for k, part in enumerate(parts) if k == 0 or not _opens_a_relative(part, relatives)
    ]
    return ", ".join(kept)


def _names_a_permission(word: str) -> bool:
    """Whether ``word`` names a permission ("consent", "Zustimmung", "approval")."""
    return word.startswith(PERMISSION_STEMS) and word not in NOT_PERMISSIONS


def _scarce(before: list[str]) -> bool:
    """Whether a word of scarcity after the words ``before`` says almost none: not "a few",
    "every few", "quite a few" (some)."""
    return not before or before[-1] not in _NOT_SCARCE_AFTER


def _ends_with_denial(part: str, words: CutWords) -> bool:
    """Whether ``part`` ends with its denial, whose "that" comes after a clause between
    ("The spokesman, who denied, when asked, that |…"), not with the denial's own object."""
    said = _words_of(part)
    return bool(said) and (said[-1] in words.denials or said[-1] in words.negations)


def _opens_a_relative(part: str, relatives: frozenset[str]) -> bool:
    """Whether ``part`` opens with a relative pronoun, after a preposition ("by whom") or a
    word and "of" ("none of whom")."""
    first = _words_of(" ".join(part.split()[:3]))
    return bool(first) and (
        first[0] in relatives
        or (len(first) > 1 and first[0] in PREPOSITIONS and first[1] in relatives)
        or (len(first) > 2 and first[1] in _OF and first[2] in relatives)
    )


def _opening_complementizer(word: str) -> str:
    """The "that" a quote opens with, as a word to read after the text before it: a quote
    of "that …" takes the clause, not the denial governing it ("The company denies |that the
    tenant paid"); Hebrew joins it to the clause's first word ("שהשוכר")."""
    if word in COMPLEMENTIZERS:
        return f" {word}"
    if word[:1] in JOINED_COMPLEMENTIZERS and len(word) > 2:
        return f" {word[0]}"
    return ""


def _determines(word: str, between: list[str]) -> bool:
    """Whether a negation determines the subject of the clause a quote goes on with: "No
    |tenant may", not "keine Weitergabe von |…", whose noun a preposition's phrase follows."""
    return (
        word in NEGATING_DETERMINERS or word in FEW_DETERMINERS
    ) and not PREPOSITIONS.intersection(between)


def _function_words(clause: str, *, opens_sentence: bool) -> list[str]:
    """The folded words of ``clause``, a word written with a capital inside its sentence, or
    in capitals, as "": a noun, a name or a formula, no function word of another language
    ("am 12. Mai" is the month, "NO2" no "no"; "No |tenant" opening the sentence stays)."""
    folded = _words_of(clause)
    written = _letter_runs(clause)
    if len(written) != len(folded):
        return folded  # the fold split or joined a word: read every word
    return [
        word if not (raw[:1].isupper() and (k or not opens_sentence or raw[1:2].isupper())) else ""
        for k, (word, raw) in enumerate(zip(folded, written, strict=True))
    ]


def _denied(sentence: str, words: CutWords) -> str:
    """A denial or negation governing the clause a quote starts right after its "that"
    ("The company denied that |…", "We have no reason to believe that |…", "bestreitet,
    dass |…"), not one that affirms it ("There is no doubt that |…")."""
    clause = sentence.rsplit(";", 1)[-1]
    parts = _CLAUSE_MARK.split(clause)
    if len(parts) > 2 and words.relatives:
        # "The company, which had denied the allegations, admitted that |…": not the last
        # part, which holds the "that" ("The company, which denied that |…")
        kept = [
            p
            for p in parts[:-1]
            if not _opens_a_relative(p, words.relatives) or _ends_with_denial(p, words)
        ]
        clause = ", ".join([*kept, parts[-1]])
    sentence_words = _function_words(clause, opens_sentence=True)
    # "that |…", or "that" and the clause's subject the quote leaves out ("that it |had …")
    tail = sentence_words[-_CLAUSE_SUBJECT_WORDS - 1 :]
    at = next((k for k in range(len(tail) - 1, -1, -1) if tail[k] in COMPLEMENTIZERS), None)
    if at is None:
        return ""
    matrix = sentence_words[: len(sentence_words) - len(tail) + at]
    # since the last joining word: "denies the allegations but admits that |…" admits it
    joins = [k for k, word in enumerate(matrix) if word in _JOINING_WORDS]
    matrix = matrix[joins[-1] + 1 if joins else 0 :]
    spoken = f" {' '.join(matrix)} "
    if any(f" {phrase} " in spoken for phrase in WIDENING_NEGATIONS):
        return ""
    negations = words.negations - COMMAND_NEGATIONS
    return next(
        (word for word in matrix if len(word) > 1 and (word in negations or word in words.denials)),
        "",
    )


def _left_out_after(
    paragraphs: Sequence[str], index: int, end: int, quote: str, words: CutWords
) -> str:
    paragraph = paragraphs[index]
    if end == 0 or (
        paragraph[end - 1] in _STOPS
        and (paragraph[end - 1] != "." or _ends_a_word(paragraph, end - 1))
    ):
        return ""  # the source's sentence ends where the quote does (not an "Inc." of it)
    if UNSPACED_SCRIPT.match(paragraph[end : end + 1]):
        # no spaces: a quote may stop at any letter, not right before ない, ません, かもしれない
        return next((e for e in _UNSPACED_ENDINGS if paragraph.startswith(e, end)), "")
    if end < len(paragraph) and paragraph[end - 1].isalnum() and paragraph[end].isalnum():
        return ""  # a cut inside a word: verbatim.cut_end and claim.cut_word decide
    after = _after(paragraphs, index, end)
    first_end = next(
        filter(None, (_sentence_end(after, found) for found in _STOP_CANDIDATE.finditer(after))),
        None,
    )
    stop = first_end[0] if first_end else len(after.rstrip())
    if after[:1] in _STOPS:
        stop = 0  # the sentence ends right after the passage ("… small firms|?")
    rest = after[:stop]
    ending = quote.rstrip()
    quoted_words = _letter_runs(fold_text(ending))
    clause = _CLAUSE_MARK.split(rest)[0]
    clause_words = _words_of(clause)
    if (
        1 <= len(clause_words) <= 2
        and any(_negates(word, words) for word in _function_words(clause, opens_sentence=False))
        and not CONJUNCTIONS.intersection(quoted_words[-1:])  # "… will oder |nicht": "or not"
    ):
        return " ".join(clause_words)  # "… Auffassung |jedoch nicht.", "|nicht mehr."
    marked = _MARKED_CUT.search(ending) is not None
    cut_claim_words = words.limiting | words.exceptions
    if marked and clause_words and quoted_words and quoted_words[-1] in cut_claim_words:
        # an omission marked right after a negation, condition or restriction hides what it
        # governs ("… ist für die Sicherheit nicht..." of "nicht erforderlich"), as one inside
        # the quote may not; a cut at a character limit, unmarked, is a truncation it shows
        return " ".join(clause_words[:_GOVERNED_WORDS])
    if ending[-1:] not in _STOPS or marked:
        return ""  # a quote stopping mid-sentence, or marked cut, is a truncation it shows
    opened = rest.lstrip(_CLAUSE_OPENING)
    if UNSPACED_SCRIPT.match(opened[:1]):
        # no spaces: the clause the stop cuts off opens with a condition or restriction
        return next((word for word in UNSPACED_RESTRICTING if opened.startswith(word)), "")
    # an attribution in the sentence going on ("…, according to the newspaper.", "…,
    # including health records (according to the newspaper).", "…, der Zeitung zufolge.")
    said = _words_of(rest)
    clauses = [(clause, f" {' '.join(_words_of(clause))} ") for clause in _CLAUSE_MARK.split(rest)]
    attribution = next(
        (
            phrase
            for clause, spoken in clauses
            for phrase in TRAILING_ATTRIBUTIONS
            if f" {phrase} " in spoken and not _names_a_plan(phrase, clause)
        ),
        "",
    )
    if not attribution and len(said) <= _REPORTING_CLAUSE_WORDS:
        # a short clause of saying ("…, police said.", "…, berichtet die Zeitung.")
        attribution = next((word for word in said if word in REPORTING_VERBS), "")
    goes_on = _function_words(rest, opens_sentence=False)
    if not goes_on:
        mark = (rest.rstrip() or after[len(rest) :].lstrip())[:1]
        asked = bool(mark) and mark in _QUESTION
        return "?" if asked and ending[-1] not in _QUESTION else attribution
    if goes_on[0] in CONJUNCTIONS and goes_on[1:2] and (goes_on[1] in MODALS | PRONOUNS):
        return ""  # "… secret.|and shall not disclose it": a clause of its own, no restriction
    # a full stop put where the sentence goes on with a negation, condition or restriction,
    # or with the modal a verb-final clause puts after its verb ("dass er zahlen |muss.",
    # "देना |होगा।"): the quote states what the source makes an obligation or a possibility.
    # A relative clause's negation or modal is its own ("…, none of whom …", "…, who must
    # …"); its condition, exception or "only" limits the sentence ("…, who may only if …")
    goes_on = _blanked(goes_on, WIDENING_NEGATIONS)  # "…, not least because …"
    own = _blanked(
        _function_words(_without_relative_clauses(rest, words.relatives), opens_sentence=False),
        WIDENING_NEGATIONS,
    )
    spoken = f" {' '.join(goes_on)} "
    restriction = next((p for p in RESTRICTING_PHRASES if f" {p} " in spoken), "")
    near = f" {' '.join(goes_on[: _GOVERNED_WORDS + 1])} "
    bound = next((p for p in TRAILING_BOUNDS if f" {p} " in near), "")
    trailing_modal = next((w for w in own[:_GOVERNED_WORDS] if w in MODALS), "")
    claim_word = next(
        (
            word
            for word in goes_on
            if word in cut_claim_words and (word not in words.negations or word in own)
        ),
        "",
    )
    # a permission the sentence goes on to require ("…, which requires the landlord's
    # consent.", "…, der Vermieter muss jedoch vorher zustimmen.")
    permission = next((word for word in goes_on if _names_a_permission(word)), "")
    return restriction or bound or claim_word or trailing_modal or attribution or permission


def _blanked(words: list[str], phrases: frozenset[str]) -> list[str]:
    """``words`` with every word of one of ``phrases`` standing in them as ""."""
    blanked = list(words)
    for phrase in phrases:
        size = len(phrase.split())
        for k in range(len(words) - size + 1):
            if " ".join(words[k : k + size]) == phrase:
                blanked[k : k + size] = [""] * size
    return blanked


def _negates(word: str, words: CutWords) -> bool:
    """A negation of the text's language, or a Korean word negating by its prefix."""
    return word in words.negations or word.startswith(NEGATION_PREFIXES)
