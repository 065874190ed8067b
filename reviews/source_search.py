"""Searching a turn's sources for the source pane (issue 31, item 3), in any case: where
the words stand together as a phrase, as a browser's find does; where they never do, the
paragraphs that have every one of them, in any order (a quote found in no source is
searched with its rarest words, which a paraphrase keeps but rarely in one run). Every
place found is returned, so the pane marks each.

Words are matched as written, inside longer words too (as a browser's find does): a
reviewer looking for what a quote paraphrased types a stem, not a whole inflected word."""

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

MAX_HITS = 50  # search results listed; the count says how many paragraphs have the words
HIT_CONTEXT = 60  # characters shown on each side of a search result
RAREST_WORDS = 3  # words of a quote found nowhere that its search starts with
MIN_SEARCH_WORD = 3  # shorter words (articles, particles) find everything: never proposed

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class SourceHit:
    """One paragraph with the words: an excerpt around the first place they stand, split
    into ``parts`` of (text, found); ``found`` parts are exactly the paragraph's text."""

    number: int
    parts: list[tuple[str, bool]]
    clipped_before: bool
    clipped_after: bool


@dataclass(frozen=True)
class SourceSearch:
    find: str
    hits: list[SourceHit]  # the first MAX_HITS paragraphs that have the words
    total: int  # all paragraphs that have them
    as_phrase: bool  # the words stand together somewhere: only those places count


def phrase_pattern(words: list[str]) -> re.Pattern[str]:
    return re.compile(r"\s+".join(re.escape(word) for word in words), re.IGNORECASE)


def found_spans(text: str, words: list[str], *, as_phrase: bool) -> list[tuple[int, int]] | None:
    """Where ``words`` stand in ``text``, None when they do not (no hit): ``as_phrase``,
    every place they stand together; else every occurrence of each, neighbours apart by
    white space only merged into one span, and None when one is missing.

    >>> found_spans("the Tenant shall pay the rent", ["pay", "tenant", "shall"], as_phrase=False)
    [(4, 20)]
    >>> found_spans("rent, rent", ["RENT"], as_phrase=True)
    [(0, 4), (6, 10)]
    >>> found_spans("the rent", ["rent", "landlord"], as_phrase=False) is None
    True
    """
    if as_phrase:
        return [m.span() for m in phrase_pattern(words).finditer(text)] or None
    spans: list[tuple[int, int]] = []
    for word in words:
        found = [m.span() for m in re.finditer(re.escape(word), text, re.IGNORECASE)]
        if not found:
            return None
        spans.extend(found)
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and (start <= merged[-1][1] or not text[merged[-1][1] : start].strip()):
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def search_words(find: str) -> list[str]:
    return find.split()


def stands_as_phrase(texts: Iterable[str], words: list[str]) -> bool:
    pattern = phrase_pattern(words)
    return any(pattern.search(text) for text in texts)


def source_search(texts: list[str], find: str, *, as_phrase: bool | None = None) -> SourceSearch:
    """The paragraphs of one source with the words of ``find`` (as a phrase where they
    stand together in any, unless ``as_phrase`` says), each shown in a short excerpt
    around the first place they stand."""
    words = search_words(find)
    if as_phrase is None:
        as_phrase = bool(words) and stands_as_phrase(texts, words)
    hits: list[SourceHit] = []
    total = 0
    for number, text in enumerate(texts, 1):
        spans = found_spans(text, words, as_phrase=as_phrase) if words else None
        if spans is None:
            continue
        total += 1
        if len(hits) < MAX_HITS:
            hits.append(_hit(number, text, spans))
    return SourceSearch(find=find, hits=hits, total=total, as_phrase=as_phrase)


def _hit(number: int, text: str, spans: list[tuple[int, int]]) -> SourceHit:
    start = max(0, spans[0][0] - HIT_CONTEXT)
    end = min(len(text), spans[0][1] + HIT_CONTEXT)
    parts: list[tuple[str, bool]] = []
    at = start
    for span_start, span_end in spans:
        if span_start >= end:
            break
        span_start, span_end = max(span_start, at), min(span_end, end)
        if span_start > at:
            parts.append((text[at:span_start], False))
        parts.append((text[span_start:span_end], True))
        at = span_end
    if at < end:
        parts.append((text[at:end], False))
    return SourceHit(number, parts, clipped_before=start > 0, clipped_after=end < len(text))


def rarest_words(quote_text: str, source_texts: Iterable[str]) -> str:
    """What to search for a quote found nowhere: the paragraph sharing the most of its rare
    words (each word weighs one over the number of paragraphs that have it), and of the
    quote's words that paragraph has, the ``RAREST_WORDS`` fewest paragraphs have, in the
    quote's order; so the search finds at least that paragraph. With no word in any
    paragraph, the quote's longest words.

    >>> rarest_words("The tenant pays the rent monthly",
    ...     ["the rent is due, the tenant pays", "the monthly fee", "the end"])
    'tenant pays rent'
    """
    first_written: dict[str, str] = {}
    for word in _WORD.findall(quote_text):
        if len(word) >= MIN_SEARCH_WORD:
            first_written.setdefault(word.casefold(), word)
    paragraphs = [
        set(_WORD.findall(text.casefold())) & first_written.keys() for text in source_texts
    ]
    having: Counter[str] = Counter(word for present in paragraphs for word in present)
    best = max(paragraphs, key=lambda present: sum(1 / having[w] for w in present), default=set())
    if best:
        order = list(first_written)
        ranked = sorted(best, key=lambda w: (having[w], -len(w), order.index(w)))
    else:
        ranked = sorted(first_written, key=len, reverse=True)
    chosen = set(ranked[:RAREST_WORDS])
    return " ".join(written for folded, written in first_written.items() if folded in chosen)
