"""A verification's cost bounded by design (issue 30 item 2), shown by what the engine reads
and aligns, never by timing it (``python -m citations.bench_hostile`` prints the times)."""

from unittest import mock

import pytest

from citations.engine import load_bundle, verify_bundle
from citations.engine import locate as locate_module
from citations.engine.context.attention import cut_word_attention
from citations.engine.matching.approximate import _in_paragraph
from citations.engine.matching.match import (
    LONGEST_WORD,
    PreparedSource,
    cuts_number,
    ends_changing_claim,
)
from citations.engine.matching.shortlist import MAX_SOURCES_ALIGNED, sources_to_align
from citations.engine.types import Source, SourceKind

PASSAGE = "The supplier shall deliver the replacement turbines within ninety calendar days."
TYPO = "The supplier shall deliver the replacment turbines within ninety calendar days."


def decoy(n: int) -> dict:
    """A small source sharing the quote's common words, not its passage."""
    return {
        "id": f"S{n}",
        "kind": "document",
        "paragraphs": [
            f"Clause {n}: the supplier pays the fee within thirty days.",
            f"Section {n} sets the notice period for the contract at {n} days.",
        ],
    }


def bundle(sources: list[dict], text: str) -> dict:
    return {
        "bundle_version": 1,
        "id": "many-sources",
        "sources": sources,
        "response": {"format": "markdown", "text": text},
    }


def uncited_quotes(count: int) -> str:
    return " ".join(
        f'It said "an invented clause number {k} about the fee of the supplier" here.'
        for k in range(count)
    )


@pytest.mark.parametrize("sources", [5, MAX_SOURCES_ALIGNED, MAX_SOURCES_ALIGNED + 1, 500])
def test_a_quote_is_aligned_in_a_bounded_number_of_sources(sources):
    """Issue 30 item 2: 120 uncited quotes over 500 small sources took the whole time
    budget, each quote aligned in every source. Now in at most MAX_SOURCES_ALIGNED."""
    quotes = 10
    data = bundle([decoy(n) for n in range(sources)], uncited_quotes(quotes))
    with mock.patch.object(locate_module, "places", wraps=locate_module.places) as aligned:
        report = verify_bundle(load_bundle(data))
    assert [r.status.value for r in report.results] == ["unverified"] * quotes
    assert aligned.call_count <= quotes * min(sources, MAX_SOURCES_ALIGNED)
    if sources <= MAX_SOURCES_ALIGNED:  # a bundle of few sources is aligned in all, as before
        assert aligned.call_count == quotes * sources


def outcome(data: dict) -> list[tuple]:
    return [
        (r.status, r.reason, r.match and (r.match.source, r.match.paragraph, r.match.start))
        for r in verify_bundle(load_bundle(data)).results
    ]


@pytest.mark.parametrize("position", [0, 17, 250, 499])
@pytest.mark.parametrize(
    "citation", ["", " [T ¶1]", " [S3 ¶1]"], ids=["uncited", "cited", "miscited"]
)
def test_among_many_sources_the_passage_a_quote_comes_from_is_still_found(position, citation):
    """Issue 30 item 2: bounding the sources aligned changes no verdict: the source holding
    the passage shares the quote's rare words, so it is among those aligned wherever it
    stands, and the quote ends as it does among a few sources."""
    text = f'The contract says "{TYPO}"{citation} and more.'
    source = {"id": "T", "kind": "document", "paragraphs": ["Preamble.", PASSAGE]}
    many = [decoy(n) for n in range(499)]
    many.insert(position, source)
    few = [decoy(n) for n in range(5)] + [source]
    assert outcome(bundle(many, text)) == outcome(bundle(few, text))
    assert outcome(bundle(many, text))[0][2][:2] == ("T", 2)


def prepared(n: int, paragraph: str) -> PreparedSource:
    return PreparedSource(Source(f"S{n}", SourceKind.DOCUMENT, (paragraph,)))


def test_the_cited_source_is_aligned_even_when_it_shares_no_word():
    """The cited source comes first and is always aligned: a quote's own citation says
    where to look, whatever its words."""
    ordered = [prepared(0, "nothing alike here")] + [
        prepared(n, "the fee is due") for n in range(1, 60)
    ]
    chosen = sources_to_align("the fee is due", ordered, keep_first=True)
    assert chosen[0] is ordered[0]
    assert len(chosen) == MAX_SOURCES_ALIGNED


def test_a_source_sharing_no_word_of_the_quote_is_not_aligned():
    """No word of the quote in a source: no anchor, no place (the alignment votes with the
    quote's words), so it is never among those aligned."""
    ordered = [prepared(n, f"unrelated text {n}") for n in range(40)]
    ordered.append(prepared(40, "the fee is due"))
    assert [s.id for s in sources_to_align("the fee is due", ordered, keep_first=False)] == ["S40"]


class CountedReads(str):
    """A text that counts the characters read from it one by one."""

    reads = 0

    def __getitem__(self, key):
        if isinstance(key, int):
            type(self).reads += 1
        return super().__getitem__(key)


# 217,000 characters of Japanese without a space or a full stop: one run of letters
UNSPACED = "契約当事者は本契約に定める条件に従い賃料を毎月前払いで支払う" * 7_000


@pytest.mark.parametrize(
    "read",
    [
        lambda text, at: cuts_number(text, at, at + 30),
        lambda text, at: ends_changing_claim(text, at + 30),
        lambda text, at: cut_word_attention(text, at, text, at + 30, reads_as_word=bool),
    ],
    ids=["cuts_number", "ends_changing_claim", "cut_word_attention"],
)
def test_a_word_is_read_no_further_than_the_longest_word(read):
    """Issue 30 item 2: 1,000 unspaced Chinese or Japanese quotes in one 200,000-character
    paragraph: each check of a cut word read back to the paragraph's start. Now a word is
    read at most LONGEST_WORD characters either side."""
    CountedReads.reads = 0
    read(CountedReads(UNSPACED), len(UNSPACED) // 2)
    assert CountedReads.reads <= 4 * LONGEST_WORD + 20


@pytest.mark.parametrize(
    ("text", "start", "end", "expected"),
    [
        ("in 15 days", 4, 10, True),
        ("vingt-sept jours", 6, 16, True),
        ("sixty days", 0, 3, True),
        ("illegal acts", 2, 12, False),
        ("第十五条に定める", 2, 8, True),
        ("契約当事者は本契約に定める" * 20, 30, 40, False),
    ],
)
def test_a_bounded_word_cuts_as_before(text, start, end, expected):
    assert cuts_number(text, start, end) is expected


def test_a_window_of_the_approximate_search_starts_no_further_back_than_the_longest_word():
    """Issue 30 item 2: the window a quote is aligned in was moved back to the start of the
    word it cut: in unspaced Japanese, the paragraph's start, so each alignment of 30
    characters read up to 200,000 words."""
    searcher = PreparedSource(Source("D1", SourceKind.DOCUMENT, (UNSPACED,)))
    middle = len(UNSPACED) // 2
    home, low, high = _in_paragraph(searcher, (middle, middle + 60, (middle + 10,)))
    assert home == 0 and high == middle + 60
    assert middle - LONGEST_WORD <= low <= middle


def test_a_cut_word_is_named_at_most_the_longest_word_either_side():
    """The attention for a cut word names the word: in an unspaced paragraph, not the
    whole paragraph."""
    middle = len(UNSPACED) // 2
    attention = cut_word_attention(UNSPACED, middle, UNSPACED, middle + 30, reads_as_word=bool)
    assert attention is not None
    assert len(attention.words) <= 2 * LONGEST_WORD
