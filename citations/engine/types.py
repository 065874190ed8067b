"""The engine's vocabulary: small frozen values shared by parsing, matching, policy and export.

Plain Python: nothing here (or anywhere in ``citations.engine``) imports Django.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from .json_paths import PathPart, format_path


class SourceKind(StrEnum):
    DOCUMENT = "document"
    ATTACHMENT = "attachment"
    EMAIL_BODY = "email_body"


class QuoteForm(StrEnum):
    BLOCK = "block"
    INLINE = "inline"
    FIELD = "field"


class VerificationStatus(StrEnum):
    VERIFIED = "verified"
    CORRECTED = "corrected"
    UNVERIFIED = "unverified"
    INELIGIBLE = "ineligible"


# Quotes no eligible source backs: an export flags them, approving over them is confirmed.
FLAGGED_STATUSES = frozenset({VerificationStatus.UNVERIFIED, VerificationStatus.INELIGIBLE})


class Reason(StrEnum):
    FOUND_AS_CITED = "found_as_cited"
    RELOCATED_PARAGRAPH = "relocated_paragraph"
    RELOCATED_PAGE = "relocated_page"
    RELOCATED_SOURCE = "relocated_source"
    TEXT_REPAIRED = "text_repaired"
    NOT_FOUND = "not_found"
    CLAIM_CHANGED = "claim_changed"
    EMAIL_BODY_MISMATCH = "email_body_mismatch"
    SOURCE_NOT_ELIGIBLE = "source_not_eligible"
    UNKNOWN_SOURCE = "unknown_source"


class MatchMethod(StrEnum):
    EXACT = "exact"
    NORMALIZED = "normalized"
    APPROXIMATE = "approximate"


class Tier(StrEnum):
    PRIMARY = "primary"
    SECONDARY = "secondary"


@dataclass(frozen=True, slots=True)
class ParagraphPages:
    """Where one paragraph of a paged source stands: the page it starts on (1-based) and the
    offsets in its text where each following page begins (a paragraph a page break split)."""

    page: int
    breaks: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A source given as a file, not yet read into paragraphs (``extraction`` reads it)."""

    media_type: str
    data: bytes = field(repr=False)


@dataclass(frozen=True, slots=True)
class Source:
    """One source of a turn; ``paragraphs`` are numbered from 1 (``paragraphs[0]`` is ¶1).

    ``pages``: for a paged source, one entry per paragraph; empty when it has no pages.
    ``file``: a source submitted as a file and not yet extracted (it has no paragraphs)."""

    id: str
    kind: SourceKind
    paragraphs: tuple[str, ...]
    eligible: bool = True
    title: str = ""
    label: str = ""
    url: str = ""
    parent: str | None = None
    pages: tuple[ParagraphPages, ...] = ()
    file: SourceFile | None = None

    @property
    def page_range(self) -> tuple[int, int] | None:
        """The first and last page of a paged source; None when it has no pages."""
        if not self.pages:
            return None
        return self.pages[0].page, self.pages[-1].page + len(self.pages[-1].breaks)

    def page_at(self, number: int, offset: int) -> int | None:
        """The page ``offset`` of ¶``number``'s raw text stands on; None without pages.

        >>> source = Source("P", SourceKind.DOCUMENT, ("ab", "cdef"),
        ...     pages=(ParagraphPages(3), ParagraphPages(3, (2,))))
        >>> source.page_at(1, 0), source.page_at(2, 1), source.page_at(2, 2), source.page_range
        (3, 3, 4, (3, 4))
        """
        if not 1 <= number <= len(self.pages):
            return None
        place = self.pages[number - 1]
        return place.page + sum(1 for start in place.breaks if start <= offset)

    def paragraph(self, number: int) -> str | None:
        """The raw text of ¶``number``, or None when the source has no such paragraph."""
        if 1 <= number <= len(self.paragraphs):
            return self.paragraphs[number - 1]
        return None


@dataclass(frozen=True, slots=True)
class Turn:
    """The sources of one LLM call. Eligibility is fixed here, once per turn (012.3), and
    everything else (prompt building, verification, rendering) asks this object."""

    sources: tuple[Source, ...]
    _by_id: MappingProxyType[str, Source] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", MappingProxyType({s.id: s for s in self.sources}))

    @property
    def eligible_sources(self) -> tuple[Source, ...]:
        return tuple(s for s in self.sources if s.eligible)

    def source(self, source_id: str) -> Source | None:
        return self._by_id.get(source_id)

    def is_eligible(self, source_id: str) -> bool:
        source = self._by_id.get(source_id)
        return source is not None and source.eligible


@dataclass(frozen=True, slots=True)
class QuoteFields:
    """Where the quotes of a JSON response live (one entry of ``response.quotes``)."""

    path: str
    text: str
    source: str | None = None
    paragraph: str | None = None
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Response:
    format: str  # "markdown" | "json"
    text: str
    quote_fields: tuple[QuoteFields, ...] = ()


@dataclass(frozen=True, slots=True)
class Bundle:
    id: str
    turn: Turn
    response: Response
    title: str = ""
    meta: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    drop: frozenset[VerificationStatus] = frozenset()
    drop_attention: bool = False  # the export removes quotes with attention too

    def drops(self, result: QuoteResult) -> bool:
        """Whether the export removes ``result``'s quote (its status, or its attention)."""
        return result.status in self.drop or (self.drop_attention and bool(result.attention))

    @property
    def drop_names(self) -> list[str]:
        """``drop`` as the bundle writes it."""
        return sorted(s.value for s in self.drop) + (["attention"] if self.drop_attention else [])


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of one paragraph's raw text: ``text == paragraph[start:end]``."""

    paragraph: int
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Match:
    """Where a quote's text really is: offsets are 0-based, end-exclusive, in the *raw*
    paragraph text, so ``text == turn.source(source).paragraph(paragraph)[start:end]``.

    A quote that runs on into the following paragraphs of the same source is reported at the
    paragraph where it starts; ``continues`` holds its spans in the next paragraphs. ``page``:
    the page it starts on, when its source has pages."""

    source: str
    paragraph: int
    start: int
    end: int
    text: str
    score: float
    method: MatchMethod
    tier: Tier
    continues: tuple[Span, ...] = ()
    page: int | None = None  # the page it starts on, in a paged source


@dataclass(frozen=True, slots=True)
class CitationSite:
    """Where a quote's citation was written, as the parser read it: ``strategy`` is the id
    of the strategy that read it (``strategies.STRATEGIES``); ``span`` the citation in
    ``response.text``, what an export rewrites (None when the quote takes a citation
    written for others: its sentence's, its heading's, so an export adds one of its own).
    ``named``: a name that cites only when it names a known source, else is prose;
    ``bare``: a citation written there has no brackets (``S1 ¶2`` in a ``<cite>``);
    ``link``: it is written as a link (``[S1](https://…)``), so a rewritten one is too. A table
    row's site also holds its ``row``, its paragraph cell, and whether its source cell is
    a marker (``[D1 ¶2]``)."""

    strategy: str
    span: tuple[int, int] | None = None
    named: bool = False
    bare: bool = False
    link: bool = False
    row: tuple[int, int] | None = None
    paragraph_cell: tuple[int, int] | None = None
    marker_cell: bool = False


@dataclass(frozen=True, slots=True)
class QuoteMarks:
    """The quotation marks around an inline quote as written: the offsets of its opening
    and closing mark in ``response.text``, and the marks that close the opening one (its
    own first; the closing mark may be of the other style, ``"…”``)."""

    opening: int
    closing: int
    closers: str


@dataclass(frozen=True, slots=True)
class ParsedQuote:
    """One occurrence of quoted text in a response, as the parser found it.

    ``text`` is the quote as written (a block quote without its ``>`` prefixes).
    ``response_span`` is [start, end) of the quoted text in ``response.text`` (markdown);
    ``json_path`` is the concrete path of the quoted value (json). ``extent`` is
    [start, end) of everything that belongs to the quote in ``response.text`` (quotation
    marks, ``>`` lines, its marker): what an export removes when the quote is dropped.
    """

    n: int
    form: QuoteForm
    text: str
    cited_ref: str | None = None
    cited_paragraph: int | None = None
    response_span: tuple[int, int] | None = None
    extent: tuple[int, int] | None = None
    json_path: str | None = None
    # every paragraph of the cited source the citation names when it names more than one
    # (``¶2-4``, ``¶2, ¶5``), ``cited_paragraph`` first
    cited_paragraphs: tuple[int, ...] = ()
    # the page a citation names in a paged source (``p. 40``, ``S. 58``) and the last page
    # of a range (``pp. 3–4``; None for one page)
    cited_page: int | None = None
    cited_page_end: int | None = None
    # a name the quote is attributed to without a citation (``<cite>Lease 2019</cite>``):
    # cites when it names a source (id, label, title), else the quote is uncited
    attributed_to: str | None = None
    # where its citation was written and which strategy read it; None: uncited
    site: CitationSite | None = None
    # an inline quote's quotation marks (what an export swaps when its new text holds them)
    marks: QuoteMarks | None = None
    # a block quote's further lines need this prefix to stay in it: its first line's ``>``
    # markers, a list marker before them as indentation (``"  > "`` for ``"- > "``)
    line_prefix: str | None = None


@dataclass(frozen=True, slots=True)
class JsonCitationSite:
    """Where a JSON quote object's citation is written, as the reader found it, for the
    export to write the corrected one there without reading the object again. Key paths
    inside the object (``()``: none): ``source``, where the source is named (the source
    field, a key elsewhere naming it such as ``source_id`` or ``Kilde``, or the name key of
    a citation written as an object: ``("source", "id")``); ``paragraph``, where the
    paragraph is (its own field, else inside the source object: ``("source", "para")``);
    ``url``, the url field. ``quote`` is the quote text's span in the text field's value,
    ``marker`` that of a citation the model copied into it (``"… [D1 ¶2]"``; an attribution
    ``"… — D1, ¶2"`` from its dash), None when there is none."""

    quote: tuple[int, int]
    marker: tuple[int, int] | None = None
    source: tuple[str, ...] = ()
    paragraph: tuple[str, ...] = ()
    url: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class QuoteObject:
    """One object a ``response.quotes`` entry selected: where it is and which fields it uses
    (the entry's, as this object spells them), and, once its quote is read, where its
    citation is written (``site``; None for an object that gave no quote)."""

    parts: tuple[PathPart, ...]
    fields: QuoteFields
    order: tuple[int, ...]  # position in document order (key index or array index per level)
    entry: int = 0  # index of the ``response.quotes`` entry that selected it
    site: JsonCitationSite | None = None

    @property
    def text_path(self) -> str:
        return format_path((*self.parts, self.fields.text))


@dataclass(frozen=True, slots=True)
class JsonLayout:
    """A JSON response as its export and the reviewer's page use it, found once by the
    parser and stored with the results, so neither reads the response again: the JSON value
    written out (``value_json``, ``json.dumps`` of it, key order kept; None when the
    response holds no JSON that could be read), the region ``[start, end)`` of the text it
    was read from and how it was written there (``indent``, ``encoded_twice``, an
    ``unclosed_fence``), and the quote objects the bundle's ``response.quotes`` select."""

    value_json: str | None
    start: int
    end: int
    objects: tuple[QuoteObject, ...] = ()
    indent: int | str | None = None
    encoded_twice: bool = False
    unclosed_fence: bool = False

    def value(self) -> Any:
        """A fresh copy of the JSON value (None when there is none), for the caller to
        change: no deep copy, whose recursion the value's depth would control."""
        return None if self.value_json is None else json.loads(self.value_json)


@dataclass(frozen=True, slots=True)
class ParsedResponse:
    quotes: tuple[ParsedQuote, ...]
    notes: tuple[str, ...] = ()  # e.g. "repaired JSON: removed a trailing comma"
    # A JSON response: where its JSON and quote objects are (None for markdown).
    json_layout: JsonLayout | None = None


@dataclass(frozen=True, slots=True)
class CorrectedCitation:
    """The values after a correction: the source's wording and where it really is."""

    text: str
    source: str
    paragraph: int
    page: int | None = None  # the page it starts on, in a paged source


@dataclass(frozen=True, slots=True)
class Difference:
    """One difference between a quote and its passage: ``kind`` is the id of the rule that
    names it (``rules.RULES``), ``quote`` and ``source`` the words on each side."""

    kind: str
    quote: str
    source: str


@dataclass(frozen=True, slots=True)
class Decision:
    """Why a quote got its status: the ids of the rules that decided (``rules.RULES`` and
    ``policy.POLICY``), the differences to its passage, and whether the quote starts or
    ends inside a word of the source."""

    rules: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()
    cut_start: bool = False
    cut_end: bool = False


@dataclass(frozen=True, slots=True)
class Context:
    """The sentence (or sentences) a quote covers only part of: where it stands in the
    paragraph the quote starts in (raw offsets), and the raw words the quote leaves out of
    it before and after (PRODUCT.md "What a quote leaves out")."""

    source: str
    paragraph: int
    sentence: tuple[int, int]
    left_out_before: str
    left_out_after: str


@dataclass(frozen=True, slots=True)
class Attention:
    """Why a reviewer should look at a quote although its status stands: ``rule`` is an id
    of ``context.checks.ATTENTION_CHECKS``, ``words`` the source's words it is about, ``why``
    one plain sentence. Attention never changes a status."""

    rule: str
    words: str
    why: str


@dataclass(frozen=True, slots=True)
class QuoteResult:
    quote: ParsedQuote
    cited_source: str | None  # the id ``quote.cited_ref`` resolved to, if any
    status: VerificationStatus
    reason: Reason
    match: Match | None  # for unverified quotes: the best hint, if any
    corrected: CorrectedCitation | None
    decision: Decision = Decision()
    context: Context | None = None
    attention: tuple[Attention, ...] = ()


@dataclass(frozen=True, slots=True)
class Report:
    bundle: str
    engine: str
    results: tuple[QuoteResult, ...]
    notes: tuple[str, ...] = ()
    # A JSON response's layout as the parser found it, for the export (``ParsedResponse``).
    json_layout: JsonLayout | None = None
