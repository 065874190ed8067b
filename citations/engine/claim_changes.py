"""Whether a near-verbatim quote makes another claim than the passage it was found at.

``approximate`` finds where a quote most likely is; this module judges the differences
between the quote and that place, word by word along their alignment. Most differences
are what models do to a quote they meant to copy (a typo, an inflection or gender ending,
umlauts or British spelling written another way, a word cut off at the quote's end, a
reworded opening link, a footnote mark) and change nothing it claims. Some change the claim
however few characters they touch: a number or its unit, a currency or maths sign, a
negation, a word of force or scope ("may" for "must", "all" added, an exception dropped), a
word's opposite ("including" for "excluding"), one pronoun for another, two of the source's
words swapped, a phrase replaced, an item added to or left out of an enumeration. Such a
quote is the same passage but not a faithful copy, so it is never repaired: a wrong number
passed as "corrected" is worse than a flag.
"""

from __future__ import annotations

import re
import unicodedata

from rapidfuzz.distance import Indel, Levenshtein


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# Words whose change turns a quote into a different claim, however close its characters
# are: numbers (digits, number words) and negations. A quote that differs from the source in
# one of them is never repaired; a wrong number passed as "corrected" is worse than a flag.
_NUMBER_WORDS = _word_set(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty
    ninety hundred thousand million millions billion billions once twice thrice half double
    triple dozen first second third fourth fifth sixth seventh eighth ninth tenth twelfth
    null eins acht achte achten elf elfte einmal doppelt doppelte hälfte halb halbe
    doubled doubles halve halved halves tripled
    minute minutes hour hours day days week weeks month months year years percent cent eur
    euro euros usd dollar dollars minuten stunde stunden tag tage tagen woche wochen monat
    monate monaten jahr jahre jahren prozent"""
)  # with the units a number counts in: "eight (8) days" for "eight (8) hours" is another claim
# German writes number words together with what they count ("zweimal", "vierzehnte",
# "dreijährige"): a word starting with one of these is a number word.
_NUMBER_PREFIXES = tuple(
    _word_set(
        """zwei drei vier fünf sechs sieben neun zehn zwölf zwanzig dreißig dreissig hundert
        tausend million milliard achtzehn achtzig elfmal einhundert eintausend verdopp
        verdreif halbier vervielfach"""
    )
)
# Who says or does something: one pronoun for another ("Sie wollen" for "Wir wollen") moves
# the claim to someone else.
_PRONOUNS = _word_set(
    """i you he she it we they me him her us them my your his its our their
    ich du er sie es wir ihr mich dich ihn uns euch mein dein sein unser euer"""
)
_MIN_SWAPPED_WORD = 4  # shorter words ("the", "a") recur anywhere; a swap of them says little
_NEGATIONS = _word_set(
    """not no never none nothing nobody neither nor without cannot t nicht kein keine keinen
    keinem keiner keines nie niemals nichts niemand weder ohne nirgends nein ne pas non jamais
    sans nunca sin ni 안 아니"""
)
_NEGATION_PREFIXES = ("않", "없", "못")  # Korean negation is part of the verb: 않았습니다
# Words that set a claim's force, direction or scope (obligation, permission, comparison,
# bounds, decisions, exceptions): "may" for "must", "rejected" for "approved", "less" for
# "more" keep a quote close in characters and turn it into another claim, like a negation;
# "all employees must" for "all employees except contractors must" drops an exception.
_POLARITY = _word_set(
    """must may might shall should can could required optional mandatory voluntary allowed
    permitted prohibited forbidden approve approved approves approval reject rejected rejects
    rejection accept accepted accepts refuse refused more less fewer most least higher lower
    above below before after maximum minimum increase increases increased decrease decreases
    decreased always only all every any
    muss müssen musste mussten darf dürfen durfte kann können konnte soll sollen sollte
    sollten mehr weniger höher niedriger mindestens höchstens maximal minimal vor nach immer
    nur alle jede jeder jedes erlaubt verboten zulässig unzulässig verpflichtend freiwillig
    zustimmen zugestimmt ablehnen lehnt lehnen abgelehnt angenommen genehmigt
    except excepting excluding unless außer ausser ausgenommen abgesehen sauf excepto salvo"""
)
# Prefixes that turn a word into its opposite: "ex"/"in"cluding, "un"zulässig, "de"crease,
# "out"/"in"side, "Vor"/"Nach"teil, "Ein"/"Aus"fuhr.
_OPPOSITE_PREFIXES = _word_set(
    """un in im il ir non dis ex de anti a ab zu miss mis out up down over under pre post
    ein aus auf über unter vor nach"""
)
_MIN_SHARED_STEM = 4


def changes_meaning(
    steps: list[tuple[int | None, int | None, bool]],
    query: list[str],
    span: list[str],
    *,
    query_after: list[str],
    span_after: list[str],
) -> bool:
    """Whether the quote changes a number or a negation of the span, adds one, or drops a
    negation; makes a word the opposite of the source's ("excluding" for "including"); puts
    one pronoun for another; swaps two of the source's words ("the supplier pays the buyer"
    for "the buyer pays the supplier"); or replaces a phrase by another ("in der Stadt" for
    "auf dem Land"). A number the quote merely leaves out ("ninety days" for "ninety (90)
    days") changes nothing it claims; one word for two ("sowie" for "ebenso wie") is a
    rewording, not another phrase. Nor may it add an item to an enumeration or leave one
    out (``_changes_enumeration``; ``query_after``, ``span_after``: the text after each
    word, which holds the commas between items)."""
    query_set, span_set = set(query), set(span)
    steps = _rejoin_split_words(steps, query, span)
    if _changes_enumeration(steps, (query, query_after), (span, span_after)):
        return True
    run_query = run_span = 0  # quote and span words in the current run of differing steps
    for q, w, same in steps:
        run_query, run_span = (
            (0, 0) if same else (run_query + (q is not None), run_span + (w is not None))
        )
        if run_query >= 2 and run_span >= 2:
            return True
        q_word = query[q] if q is not None else None
        w_word = span[w] if w is not None else None
        if q_word == w_word or _footnote_mark(q_word, w_word):
            continue
        if (
            q_word is not None
            and w_word is not None
            and _common_spelling(q_word) == _common_spelling(w_word)
        ):
            continue  # "hoeher" for "höher", "center" for "centre": the same word

        if (
            q_word is not None
            and w_word is not None
            and (
                (q_word in _PRONOUNS and w_word in _PRONOUNS)
                or (
                    min(len(q_word), len(w_word)) >= _MIN_SWAPPED_WORD
                    and q_word in span_set
                    and w_word in query_set
                )
            )
        ):
            return True
        if q_word is None:
            if w_word is not None and is_negation(w_word):
                return True
        elif w_word is None:
            if _is_number(q_word) or is_negation(q_word):
                return True
        elif (
            _is_number(q_word)
            or _is_number(w_word)
            or is_negation(q_word)
            or is_negation(w_word)
            or _opposites(q_word, w_word)
            or not (
                _same_word(q_word, w_word, last=q == len(query) - 1)
                or _reworded_opening(q_word, w_word, first=q == 0)
            )
        ):
            return True
    return False


# Words joining the items of an enumeration, and articles, which a copy may drop or add
# beside them ("the roof and facade" for "the roof and the facade").
_CONJUNCTIONS = _word_set("and or nor und oder sowie bzw beziehungsweise et ou y o")
_ARTICLES = _word_set(
    """the a an der die das den dem des ein eine einen einem einer eines le la les un une el
    los las"""
)


def _changes_enumeration(
    steps: list[tuple[int | None, int | None, bool]],
    query: tuple[list[str], list[str]],
    span: tuple[list[str], list[str]],
) -> bool:
    """Whether the quote adds an item to an enumeration of the span or leaves one out:
    "Berlin, Hamburg and Munich" or "Berlin" for "Berlin and Munich", "the tenant and
    guarantor" for "the tenant". That is a run of words only one side has, holding a word
    other than an article, and either a conjunction, or right before one both have (after
    one it qualifies the next item: "and, on request, a monitor"), or an item of a comma
    list (``_listed``). It changes who or what the claim is about, though the words are
    few. The other gender form of a word beside the run ("Bürger" for "Bürger und
    Bürgerinnen") is no new item. ``query`` and ``span``: the words and the text after
    each."""
    k = 0
    while k < len(steps):
        q, w, same = steps[k]
        if same or (q is not None and w is not None):
            k += 1
            continue
        side = 0 if q is not None else 1  # 0: words the quote adds, 1: words it drops
        own, other = (query, span) if side == 0 else (span, query)
        end = k
        while end < len(steps) and not steps[end][2] and steps[end][1 - side] is None:
            end += 1
        run = [i for step in steps[k:end] if (i := step[side]) is not None]
        words = [own[0][i] for i in run]
        before = _shared(steps[k - 1], side) if k else None
        after = _shared(steps[end], side) if end < len(steps) else None
        beside = [own[0][n[0]] for n in (before, after) if n is not None]
        items = [word for word in words if word not in _CONJUNCTIONS and word not in _ARTICLES]
        joined = (
            (after is not None and own[0][after[0]] in _CONJUNCTIONS)
            or any(word in _CONJUNCTIONS for word in words)
            or _listed(run[-1], before, after, own, other)
        )
        if (
            items
            and joined
            and not all(any(_same_word(item, n, last=False) for n in beside) for item in items)
        ):
            return True
        k = end
    return False


def _shared(step: tuple[int | None, int | None, bool], side: int) -> tuple[int, int] | None:
    """A step both sides have the same word at, as (index on ``side``, on the other)."""
    q, w, same = step
    if not same or q is None or w is None:
        return None
    return (q, w) if side == 0 else (w, q)


def _listed(
    last: int,
    before: tuple[int, int] | None,
    after: tuple[int, int] | None,
    own: tuple[list[str], list[str]],
    other: tuple[list[str], list[str]],
) -> bool:
    """Whether a run of words one side has (``own``, its last word at ``last``) is an item
    of a comma list: it ends in a comma, and either a comma stands before it as well as
    between the words beside it on the other side ("Berlin, Cologne" for "Berlin, Munich,
    Cologne"), or the list goes on past the next word on both sides, with a comma or a
    conjunction ("for Munich, Cologne" for "for Berlin, Munich, Cologne"). A filler left
    out with its commas ("The report was" for "The report, however, was") is none.
    ``before`` and ``after``: the words both sides have beside the run, as (own index,
    other index)."""
    if "," not in own[1][last] or after is None:
        return False
    if before is not None and "," in own[1][before[0]] and "," in other[1][before[1]]:
        return True
    return all(
        _list_goes_on(words, after_text, at)
        for (words, after_text), at in zip((own, other), after, strict=True)
    )


def _list_goes_on(words: list[str], after: list[str], at: int) -> bool:
    """Whether a comma or a conjunction follows word ``at``."""
    return "," in after[at] or (at + 1 < len(words) and words[at + 1] in _CONJUNCTIONS)


_MIN_STEM = 4  # an ending added to a shorter word makes another word ("in", "inside")
_MAX_ENDING = 3  # inflection endings: "e", "en", "es", "ern"; longer ones make compounds
_GENDER_ENDINGS = ("in", "innen")  # "Bürger" / "Bürgerinnen"
_MIN_TYPO_WORD = 8  # one wrong letter in a shorter word may well be another word
_MIN_DROPPED_LETTER_WORD = 5  # "ever" / "never"
# Words that link a sentence to the one before: a quote cut from the middle of a sentence
# may open with its subject or another link instead ("Wir lehnen ... ab" for "und lehnen ...
# ab", "sowie" for "ebenso wie"), which changes nothing the quoted words claim.
_CONNECTIVES = _word_set(
    """and but so also therefore thus hence moreover furthermore likewise as und aber auch
    also daher deshalb deswegen darum zudem außerdem ferner jedoch doch sowie ebenso wie et
    mais donc y pero"""
)


def _rejoin_split_words(
    steps: list[tuple[int | None, int | None, bool]], query: list[str], span: list[str]
) -> list[tuple[int | None, int | None, bool]]:
    """The alignment with a word written in two parts on one side ("Kosten-schätzung",
    "floor space") and whole on the other taken as one matching step (``None, None``)."""
    joined: list[tuple[int | None, int | None, bool]] = []
    k = 0
    while k < len(steps):
        pair = steps[k : k + 2]
        # One part may pass for the whole word ("000" for "1000"), so a pair with one step
        # that differs is enough.
        if len(pair) == 2 and not (pair[0][2] and pair[1][2]):
            qs = sorted(q for q, _, _ in pair if q is not None)
            ws = sorted(w for _, w, _ in pair if w is not None)
            split_quote = len(qs) == 2 and ws and qs[1] == qs[0] + 1
            split_span = len(ws) == 2 and qs and ws[1] == ws[0] + 1
            if (split_quote and query[qs[0]] + query[qs[1]] == span[ws[0]]) or (
                split_span and span[ws[0]] + span[ws[1]] == query[qs[0]]
            ):
                joined.append((None, None, True))
                k += 2
                continue
        joined.append(steps[k])
        k += 1
    return joined


# German written without umlauts or "ß" ("fuer", "Strasse"), as on keyboards without them
# and in Swiss usage: the same words, compared in this spelling.
_UMLAUT_SPELLING = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
# British endings and their American spelling: "centre" "center", "licence" "license",
# "organise" "organize", "analyse" "analyze" ("colour", "travelled" differ by one letter
# and pass as the same word anyway). "-ise" only after a consonant and "i": German "Reise"
# is not "Reize".
_BRITISH_ENDING = re.compile(
    r"(?<=[^\Waeiou])re(?=s?$)"
    r"|(?:(?<=[^\Waeiou]i)|(?<=y))s(?=(?:e|es|ed|ing|ation|ations)$)"
    r"|(?<=en)c(?=es?$)"
)
_AMERICAN = {"re": "er", "s": "z", "c": "s"}


def umlauts_out(text: str) -> str:
    """``text`` with umlauts and "ß" written out.

    >>> umlauts_out("größere straße"), umlauts_out("groessere strasse")
    ('groessere strasse', 'groessere strasse')
    """
    return text.translate(_UMLAUT_SPELLING)


def _common_spelling(word: str) -> str:
    """One spelling for a word's variants: umlauts written out, British endings American.

    >>> [_common_spelling(w) for w in ("centres", "licence", "organisation", "analysed")]
    ['centers', 'license', 'organization', 'analyzed']
    >>> [_common_spelling(w) for w in ("straße", "reise", "there", "price")]
    ['strasse', 'reise', 'there', 'price']
    """
    return _BRITISH_ENDING.sub(lambda found: _AMERICAN[found.group()], umlauts_out(word))


def _reworded_opening(q_word: str, w_word: str, *, first: bool) -> bool:
    """The quote's first word is a subject or link in place of the source's link."""
    return first and (q_word in _PRONOUNS or q_word in _CONNECTIVES) and w_word in _CONNECTIVES


def _same_word(first: str, second: str, *, last: bool) -> bool:
    """Whether two different words are spellings of one: an inflection or gender ending
    added or dropped ("massenhaft", "massenhafte"), one letter left out or added ("answerd"),
    one wrong letter inside a long word (not in its ending, which tells "employee" from
    "employer"), or, as the quote's last word, cut off; in either spelling of umlauts or of
    British and American English ("groessere" for "größere", "centers" for "centre").
    Anything else is another word,
    whatever its letters: "licensee" for "licensor", "June" for "July", "or" for "and"
    change the claim.

    >>> _same_word("massenhaft", "massenhafte", last=False)
    True
    >>> _same_word("freirwilligkeit", "freiwilligkeit", last=False)
    True
    >>> _same_word("answerd", "answered", last=False), _same_word("ever", "never", last=False)
    (True, False)
    >>> _same_word("employee", "employer", last=False), _same_word("june", "july", last=False)
    (False, False)
    >>> _same_word("kinder", "kindergeld", last=False), _same_word("weiter", "weiterhin", last=True)
    (False, True)
    >>> _same_word("groessere", "größer", last=False)
    True
    """
    first, second = _common_spelling(first), _common_spelling(second)
    shorter, longer = sorted((first, second), key=len)
    if longer.startswith(shorter):
        ending = longer[len(shorter) :]
        return last or (
            len(shorter) >= _MIN_STEM and (len(ending) <= _MAX_ENDING or ending in _GENDER_ENDINGS)
        )
    if len(shorter) >= _MIN_DROPPED_LETTER_WORD and Indel.distance(first, second) == 1:
        return True
    return (
        len(shorter) >= _MIN_TYPO_WORD
        and Levenshtein.distance(first, second) == 1
        and first[-3:] == second[-3:]
    )


def _claim_symbols(text: str) -> list[str]:
    """Currency and maths signs, per cent and a number's minus, in order: "+4.1%" and
    "-4.1%", "≥ 2.5" and "≤ 2.5", "$18" and "€18" claim different things."""
    return _CLAIM_SYMBOL.findall(text)


def changes_symbols(quote: str, span: str) -> bool:
    """Whether the quote's currency and maths signs, per cent and minus signs differ from
    the span's (``quote`` without its citation markers: ``approximate.clean_quote``).

    >>> changes_symbols("rose by 4.1%", "rose by -4.1%"), changes_symbols("$18", "$18")
    (True, False)
    """
    return _claim_symbols(quote) != _claim_symbols(span)


# A number as written: digit groups of three after a separator are one number ("1,000",
# "1.000", "1 000"), then a decimal part ("12,5", "2.5"). Folded text has plain spaces and
# apostrophes only.
_NUMBER = re.compile(r"(\d{1,3}(?:[ .,']\d{3})+(?!\d)|\d+)(?:[.,](\d+))?")
_DIGIT_GROUP_SEPARATORS = re.compile(r"[ .,']")


def _numbers(text: str) -> list[str]:
    """The numbers of ``text`` by value as written, whatever their grouping and decimal mark.

    >>> _numbers("1,500 EUR, 1.500 EUR, 1 500 EUR, 1500 EUR; 2,5 % or 2.50 %")
    ['1500', '1500', '1500', '1500', '2.5', '2.50']
    """
    return [
        _DIGIT_GROUP_SEPARATORS.sub("", whole) + (f".{decimals}" if decimals else "")
        for whole, decimals in _NUMBER.findall(text)
    ]


def changes_numbers(quote: str, span: str) -> bool:
    """Whether the quote has a number the span does not have, in the span's order: "500" or
    "1" for "1,500", "25" for "2.5", "1,000" for "1,000,000". Word by word these look like
    a number left out or rejoined; as numbers they are other amounts. A number the quote
    leaves out ("ninety days" for "ninety (90) days") changes nothing it claims. ``quote``
    is without its citation markers (``approximate.clean_quote``): "[cite: 12]" is no number.

    >>> changes_numbers("500 eur", "1,500 eur"), changes_numbers("ninety days", "ninety (90) days")
    (True, False)
    """
    remaining = iter(_numbers(span))
    return not all(number in remaining for number in _numbers(quote))


_CLAIM_SYMBOL = re.compile(
    "["
    + re.escape(
        "".join(c for c in map(chr, range(0x10000)) if unicodedata.category(c) in ("Sc", "Sm"))
    )
    + "%‰‱]|(?<!\\w)-(?=\\d)"
)


def _footnote_mark(first: str | None, second: str | None) -> bool:
    """One word is the other with a footnote number fused to its end ("approval¹" folds to
    "approval1"): the same word, no number the quote claims.

    >>> _footnote_mark("approval", "approval1"), _footnote_mark("room4", "room5")
    (True, False)
    """
    if first is None or second is None:
        return False
    shorter, longer = sorted((first, second), key=len)
    return (
        longer.startswith(shorter)
        and longer[len(shorter) :].isdigit()
        and not any(c.isdigit() for c in shorter)
    )


def _is_number(word: str) -> bool:
    return (
        any(c.isdigit() for c in word) or word in _NUMBER_WORDS or word.startswith(_NUMBER_PREFIXES)
    )


def is_negation(word: str) -> bool:
    """Whether ``word`` negates or sets a claim's force or scope ("not", "must", "except"):
    left out, added or changed, it makes another claim."""
    return word in _NEGATIONS or word in _POLARITY or word.startswith(_NEGATION_PREFIXES)


def _opposites(first: str, second: str) -> bool:
    """``first`` and ``second`` share a stem and differ by a prefix that negates it.

    >>> _opposites("excluding", "including"), _opposites("zulässig", "unzulässig")
    (True, True)
    >>> _opposites("inside", "outside"), _opposites("vorteil", "nachteil")
    (True, True)
    >>> _opposites("massenhaft", "massenhafte"), _opposites("geschickt", "verschifft")
    (False, False)
    """
    shared = 0
    while shared < min(len(first), len(second)) and first[-1 - shared] == second[-1 - shared]:
        shared += 1
    if shared < _MIN_SHARED_STEM:
        return False
    heads = {first[: len(first) - shared], second[: len(second) - shared]}
    return len(heads) == 2 and heads <= _OPPOSITE_PREFIXES | {""}
