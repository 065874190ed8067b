"""Every place a quote's citation can stand, in one ordered list: the strategies the
readers use to find it, each with its rule id, the places it reads, its one function and
its examples.

A reader that has found a quote looks for its citation at each place one can stand, the
nearest first (``spot.Place``: after the quote, on the next line, inside its closing mark;
a block quote's last line, the lines after it; an HTML element; a JSON object); at each
place it walks this list in order and the first strategy reading there that finds one reads
it (``walk``). Once every quote is read with its own citation, a quote without one walks
the strategies that read a citation written for others too (its sentence's, the marker
introducing it, its table row's, its lead-in's name, its heading's: ``cite_from_context``).
Adding a form is adding one strategy here: its function, its row, its examples.

The parser records which strategy read each citation (``types.CitationSite``); the report
names it first in ``decision.rules``, and the export rewrites a corrected citation where
the site says it was written. Each strategy's examples are markdown (or JSON) and the
citation the first quote gets (what it names, its paragraph); the strategy test runs all of
them, and the README's list of citation forms is this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypedDict

from ..types import CitationSite, ParsedQuote
from . import cite_after, cite_context, cite_html, cite_json, cite_table
from .spot import CONTEXT, Found, Page, Place, Spot

Example = tuple[str, str, int | None]  # (response, what the citation names, its paragraph)
# A strategy's function: at the quote's own places it returns what it read there (or None);
# at the places of a citation written for others, the quote with that citation.
type ReadsOwn = Callable[[Spot], Found | None]
type ReadsContext = Callable[[Spot], ParsedQuote | None]


@dataclass(frozen=True, slots=True)
class Strategy:
    id: str
    place: str  # where the citation stands, in a few words
    at: frozenset[Place]  # the places the reader looks at that this strategy reads
    read: ReadsOwn | ReadsContext
    covers: str  # what the strategy reads, in one sentence (shown to reviewers)
    examples: tuple[Example, ...]
    format: str = "markdown"


STRATEGIES: tuple[Strategy, ...] = (
    Strategy(
        "cite.attribution_line",
        "a block quote's attribution line",
        frozenset({Place.LAST_LINE, Place.NEXT_LINE}),
        cite_after.attribution_line,
        "the last line of a block quote, or the line after it, attributing it: a marker after "
        "a dash or label, a source id with a paragraph, a name with a locator; never quote "
        "text; a dash before a person's name is neither a citation nor quote text",
        (
            ("> Rent is due monthly.\n> — Source: [D1 ¶2]", "D1", 2),
            ("> Rent is due monthly.\n\n[D1 ¶2]", "D1", 2),
            ("> Rent is due monthly.\n> — Source: Handbook §7.3", "Source: Handbook §7.3", None),
        ),
    ),
    Strategy(
        "cite.marker",
        "after the quote",
        frozenset({Place.AFTER, Place.LAST_LINE}),
        cite_after.marker,
        "a marker after the quote: in brackets or, with a source id's shape, in parentheses; "
        "after a punctuation mark, a dash, an editorial note or a citation in words; wrapped "
        "as models wrap markers (`[[…]]`, `^[…]`, `<sup>`, ChatGPT's `【D1†¶2】`, `{D1}`, "
        "`<D1 ¶2>`, `*(D1)*`, `[📄 D1]`, `[D1‡]`, `[D1#2]`); a block quote's last line "
        "ending with one; several in a run (the first cites); paragraph words and source "
        "labels of many languages, full-width brackets too (`(D1, párr. 2)`, `（来源：D1）`)",
        (
            ('The lease says "rent is due monthly" [D1 ¶2].', "D1", 2),
            ("Es heißt „Miete ist monatlich fällig“ (D1, Abs. 2).", "D1", 2),
            ("Dice «el alquiler se paga cada mes» (Fuente: D1, párr. 2).", "D1", 2),
            ("合同规定「租金按月支付」（D1，第2段）", "D1", 2),
            ('The lease says "rent is due monthly" <D1 ¶2>.', "D1", 2),
            ('The lease says "rent is due monthly" *(D1)*.', "D1", None),
            ('The lease says "rent is due monthly" [📄 D1#2].', "D1", 2),
            ('계약서에 "월세는 매월 지급한다" (D1, 2항)', "D1", 2),
            ('He wrote "rent is due monthly", [D1 ¶2] [D2].', "D1", 2),
            ('It says "rent is due monthly" (emphasis added) ^[D1 ¶2].', "D1", 2),
            ('It says "rent is due monthly" — Lease, §4 [D1 ¶2].', "D1", 2),
            ('ChatGPT: "rent is due monthly"【D1†¶2】', "D1", 2),
            ("> Rent is due monthly. [D1 ¶2]", "D1", 2),
            ("It says *rent is due every month* [D1 ¶2].", "D1", 2),
        ),
    ),
    Strategy(
        "cite.in_words",
        "after the quote, in words",
        frozenset({Place.AFTER}),
        cite_after.in_words,
        "a citation in words after the quote, in parentheses or brackets or after a dash: a "
        "source id with a paragraph, a name with a locator, a title or label (which cites "
        "only when it names a known source), ChatGPT's file citation `【4:0†source】`",
        (
            ('The lease says "rent is due monthly" (see D1 at ¶ 2).', "D1", 2),
            ('The lease says "rent is due monthly" — D1, ¶2', "D1", 2),
            (
                'The lease says "rent is due monthly" (Lease Agreement, §4).',
                "Lease Agreement, §4",
                None,
            ),
            (
                'It says "rent is due monthly" (Handbook, section 7.3).',
                "Handbook, section 7.3",
                None,
            ),
        ),
    ),
    Strategy(
        "cite.footnote",
        "a footnote",
        frozenset({Place.AFTER, Place.LAST_LINE, Place.NEXT_LINE}),
        cite_after.footnote,
        "a footnote reference after the quote (`[^1]`, `[1]`, `¹`, also after the sentence's "
        "full stop) whose definition names the source: a citation, also one before a "
        "description (`[^3]: D2 ¶4 — Annual report, p. 12`: the description names nothing, "
        "its page no paragraph), or a reference list's title or URL (`[1] Lease Agreement`, "
        "`¹ https://…`, `1. Lease Agreement` below the references), which cites when it "
        "names a known source; a label that is a name (`[^D2]`, `[^report]`) names the "
        "source with what its definition names",
        (
            ('The lease says "rent is due monthly"[^1].\n\n[^1]: D1 ¶2', "D1", 2),
            ('The lease says "rent is due monthly".[^2]\n\n[^2]: D1, ¶2', "D1", 2),
            ("Im Vertrag: „Miete ist monatlich fällig“¹\n\n¹ D1, Abs. 2", "D1", 2),
            (
                'The lease says "rent is due monthly"³\n\nSources:\n1. Memo\n3. Lease Agreement',
                "Lease Agreement",
                None,
            ),
            ("> Rent is due monthly.[^1]\n\n[^1]: D1 ¶2", "D1", 2),
            ("> Rent is due monthly.\n\n[^1]\n\n[^1]: D1 ¶2", "D1", 2),
            (
                'The lease says "rent is due monthly"[^3].\n\n[^3]: D1 ¶2 — Lease 2024, p. 12',
                "D1",
                2,
            ),
        ),
    ),
    Strategy(
        "cite.numbered_reference",
        "a numbered reference",
        frozenset({Place.AFTER, Place.LAST_LINE, Place.NEXT_LINE}),
        cite_after.numbered_reference,
        "a number no footnote defines (`[3]`, `[1][2]`, Perplexity's style; Copilot's "
        "`[^3^]`, Gemini's `[cite: 3]`, a superscript `³`): it names the source labelled "
        "with that number, when exactly one is; a footnote label no definition explains "
        "(`[^D2]`, `[^report]`) names the source of that id, label or title",
        (
            ('The lease says "rent is due monthly" [3].', "3", None),
            ('The lease says "rent is due monthly"[^3^].', "3", None),
            ('The lease says "rent is due monthly" [cite: 3].', "3", None),
            ("> Rent is due monthly. [3]", "3", None),
            ("> Rent is due monthly.\n[3]", "3", None),
            ('The lease says "rent is due monthly"[^D1].', "D1", None),
        ),
    ),
    Strategy(
        "cite.next_line",
        "alone on the next line",
        frozenset({Place.NEXT_LINE}),
        cite_after.next_line,
        "a marker or attribution that is all of the line after an inline quote ending its line",
        (
            ('The lease says "rent is due monthly"\n[D1 ¶2]', "D1", 2),
            ('The lease says "rent is due monthly"\n— D1, ¶2', "D1", 2),
        ),
    ),
    Strategy(
        "cite.marker_inside",
        "inside the closing mark",
        frozenset({Place.INSIDE}),
        cite_after.marker_inside,
        "a marker written just inside the quote's closing mark, when none follows it",
        (('The lease says "rent is due monthly [D1 ¶2]".', "D1", 2),),
    ),
    Strategy(
        "cite.html",
        "an HTML element",
        frozenset({Place.ELEMENT, Place.AFTER}),
        cite_html.html,
        "an HTML quote's `<cite>`, `<footer>`, `<figcaption>` or `cite` attribute, a `<cite>` "
        "in words after a quote, read as a marker or a name",
        (
            ("<blockquote>Rent is due monthly.<footer>— D1 ¶2</footer></blockquote>", "D1", 2),
            ('It says <q cite="D1">rent is due monthly</q>.', "D1", None),
            ('It says "rent is due monthly" (<cite>D1, ¶2</cite>).', "D1", 2),
        ),
    ),
    Strategy(
        "cite.json_field",
        "a JSON field",
        frozenset({Place.JSON_FIELD}),
        cite_json.json_field,
        "a JSON quote object's source and paragraph fields (by id, label, title, URL or in "
        "words), a key that is a source label of any language where the source field is "
        "missing (`Kilde`, `Источник`), or a marker copied to the end of its text field",
        (
            (
                '{"quotes": [{"text": "rent is due monthly", "source": "D1", "paragraph": 2}]}',
                "D1",
                2,
            ),
            ('{"quotes": [{"text": "rent is due monthly", "Kilde": "D1"}]}', "D1", None),
            ('{"quotes": [{"text": "rent is due monthly [D1 ¶2]"}]}', "D1", 2),
        ),
        format="json",
    ),
    Strategy(
        "cite.sentence",
        "in the sentence",
        frozenset({Place.SENTENCE}),
        cite_context.sentence,
        "a quote without a citation of its own takes the source (not the paragraph) of the "
        "next marker in its sentence, else of the last one before it",
        (
            ('It says "rent is due monthly" and "pets are allowed" [D1 ¶2].', "D1", None),
            ('Per the lease [D1 ¶1], "rent is due monthly".', "D1", None),
        ),
    ),
    Strategy(
        "cite.lead_in_marker",
        "introducing the quote",
        frozenset({Place.BEFORE}),
        cite_context.lead_in_marker,
        "a marker introducing the quote with a colon right before it, which cites its "
        "paragraph too; a block quote's line introducing it",
        (
            ("Beleg 1 (D1, Abs. 2): „Miete ist monatlich fällig“", "D1", 2),
            ("From the lease [D1 ¶2]:\n\n> Rent is due monthly.", "D1", 2),
        ),
    ),
    Strategy(
        "cite.table_row",
        "its table row",
        frozenset({Place.TABLE_ROW}),
        cite_table.table_row,
        "the Source / Paragraph cells of the table row holding the quote",
        (
            (
                "| Claim | Quote | Source | Paragraph |\n|---|---|---|---|\n"
                '| Rent | "rent is due monthly" | D1 | 2 |',
                "D1",
                2,
            ),
            (
                "| Quote | Source |\n|---|---|\n| rent is due monthly | [D1 ¶2] |",
                "D1",
                2,
            ),
        ),
    ),
    Strategy(
        "cite.lead_in_name",
        "named in the lead-in",
        frozenset({Place.BEFORE}),
        cite_context.lead_in_name,
        "the one source id the words before an inline quote name in its sentence, with the "
        "paragraph after it",
        (
            ('According to D1 (¶2): "rent is due monthly".', "D1", 2),
            ('D1 states in paragraph 2 that "rent is due monthly".', "D1", 2),
        ),
    ),
    Strategy(
        "cite.heading",
        "a heading or label line",
        frozenset({Place.HEADING}),
        cite_context.heading,
        "a quote still without a citation takes the source its heading names for its "
        "section, or a label line for the list, block quote or table after it",
        (
            ('## From the lease [D1]\n\nIt says "rent is due monthly".', "D1", None),
            ('**From the lease (D1):**\n\n- "rent is due monthly" (¶2)', "D1", 2),
        ),
    ),
)

STRATEGY: dict[str, Strategy] = {strategy.id: strategy for strategy in STRATEGIES}


def strategies_markdown() -> str:
    """The list as the README gives it (``python -m citations rules`` prints it too)."""
    lines = ["| strategy | where | what it reads |", "|---|---|---|"]
    lines.extend(f"| `{s.id}` | {s.place} | {s.covers} |" for s in STRATEGIES)
    return "\n".join(lines)


def walk(place: Place, spot: Spot) -> tuple[Strategy, Found] | None:
    """The first strategy reading at ``place`` (a place of the quote's own citation) that
    finds one at ``spot``, in the table's order, with what it found.

    >>> from ..types import QuoteForm
    >>> from .markdown_lines import Lines
    >>> from .spot import Page
    >>> text = 'It says "rent is due" (see D1 at ¶ 2).'
    >>> page = Page(text, Lines(text))
    >>> after = text.index("due") + 4  # right after the closing mark
    >>> spot = Spot(Place.AFTER, QuoteForm.INLINE, page, after, len(text), after)
    >>> strategy, found = walk(Place.AFTER, spot)
    >>> strategy.id, found.marker.ref, found.marker.paragraph, text[slice(*found.span)]
    ('cite.in_words', 'D1', 2, '(see D1 at ¶ 2)')
    """
    for strategy in _AT[place]:
        found = strategy.read(spot)
        if found is not None:
            assert isinstance(found, Found)
            return strategy, found
    return None


class QuoteCitation(TypedDict, total=False):
    """The citation fields of a ``ParsedQuote``."""

    cited_ref: str | None
    cited_paragraph: int | None
    cited_paragraphs: tuple[int, ...]
    cited_page: int | None
    cited_page_end: int | None
    attributed_to: str | None
    site: CitationSite | None


def read_with(strategy_id: str, spot: Spot) -> tuple[Strategy, Found] | None:
    """What the one strategy ``strategy_id`` reads at ``spot``: for a reader that takes
    only that form there (text in italics is a quote only when a marker follows it)."""
    strategy = STRATEGY[strategy_id]
    found = strategy.read(spot)
    assert found is None or isinstance(found, Found)
    return (strategy, found) if found is not None else None


def own_citation(walked: tuple[Strategy, Found] | None) -> QuoteCitation:
    """The citation fields of a ``ParsedQuote`` whose own citation a walk read (or not):
    what it names and its site."""
    if walked is None:
        return {}
    strategy, found = walked
    marker = found.marker
    site = CitationSite(
        strategy.id, found.span, named=found.named, bare=found.bare, link=found.link
    )
    return {
        "cited_ref": None if marker.named else marker.ref,
        "cited_paragraph": marker.paragraph,
        "cited_paragraphs": marker.paragraphs,
        "cited_page": marker.page,
        "cited_page_end": marker.page_end,
        "attributed_to": (marker.ref or None) if marker.named else None,
        "site": site,
    }


def cite_from_context(page: Page, quote: ParsedQuote) -> ParsedQuote:
    """``quote`` with the citations written for others that its own leaves out: each
    strategy reading at those places in the table's order reads it, when it applies (most
    apply only to a quote without a source yet). The site of the last that read one is its
    site, written where the quote's own citation is when it has one (``"…" (¶3)`` under a
    heading naming the source: an export rewrites the ``(¶3)``). A quote that names no
    source after all has no site: its own citation (a paragraph alone) names nothing to
    rewrite."""
    own = quote.site if quote.site is not None and quote.site.span is not None else None
    for strategy, place in _CONTEXT:
        cited = strategy.read(Spot(place, quote.form, page, quote=quote))
        if cited is None:
            continue
        assert isinstance(cited, ParsedQuote)
        written = own or cited.site or CitationSite(strategy.id)
        quote = replace(cited, site=replace(written, strategy=strategy.id))
    if (
        quote.cited_ref is None
        and quote.attributed_to is None
        and quote.site is not None
        and not STRATEGY[quote.site.strategy].at & CONTEXT
    ):
        quote = replace(quote, site=None)
    return quote


_AT: dict[Place, tuple[Strategy, ...]] = {
    place: tuple(s for s in STRATEGIES if place in s.at) for place in Place
}
# each strategy of a citation written for others reads at one place
_CONTEXT = tuple((s, place) for s in STRATEGIES for place in s.at & CONTEXT)
