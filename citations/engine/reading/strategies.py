"""Every place a quote's citation can stand, in one ordered list: the strategies the readers
use to find it. A quote's citation is read by the first strategy that finds one, in this
order: its own citation (after it, inside its closing mark, in words, a footnote, on the
next line, an attribution line, an HTML element, its table row, a JSON field) before one
written for others (the marker introducing it, its sentence's, its lead-in's name, its
heading's or label line's).

The parser records which strategy read each citation (``types.CitationSite``); the report
names it first in ``decision.rules``, and the export rewrites a corrected citation where
the site says it was written. Each strategy carries its examples: markdown (or JSON) and
the citation the first quote gets (what it names, its paragraph); the strategy test runs
all of them, and the README's list of citation forms is this table.
"""

from __future__ import annotations

from dataclasses import dataclass

Example = tuple[str, str, int | None]  # (response, what the citation names, its paragraph)


@dataclass(frozen=True, slots=True)
class Strategy:
    id: str
    place: str  # where the citation stands, in a few words
    covers: str  # what the strategy reads, in one sentence (shown to reviewers)
    examples: tuple[Example, ...]
    format: str = "markdown"


STRATEGIES: tuple[Strategy, ...] = (
    Strategy(
        "cite.marker",
        "after the quote",
        "a marker after the quote: in brackets or, with a source id's shape, in parentheses; "
        "after a punctuation mark, a dash or an editorial note; wrapped as models wrap "
        "markers (`[[…]]`, `^[…]`, `<sup>`, ChatGPT's `【D1†¶2】`, `{D1}`, `<D1 ¶2>`, "
        "`*(D1)*`, `[📄 D1]`, `[D1‡]`, `[D1#2]`); a block quote's last line "
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
            ('ChatGPT: "rent is due monthly"【D1†¶2】', "D1", 2),
            ("> Rent is due monthly. [D1 ¶2]", "D1", 2),
            ("It says *rent is due every month* [D1 ¶2].", "D1", 2),
        ),
    ),
    Strategy(
        "cite.marker_inside",
        "inside the closing mark",
        "a marker written just inside the quote's closing mark",
        (('The lease says "rent is due monthly [D1 ¶2]".', "D1", 2),),
    ),
    Strategy(
        "cite.in_words",
        "after the quote, in words",
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
        "a footnote reference after the quote (`[^1]`, `[1]`, `¹`, also after the sentence's "
        "full stop) whose definition names the source: a citation, or a reference list's "
        "title or URL (`[1] Lease Agreement`, `¹ https://…`, `1. Lease Agreement` below "
        "the references), which cites when it names a known source",
        (
            ('The lease says "rent is due monthly"[^1].\n\n[^1]: D1 ¶2', "D1", 2),
            ('The lease says "rent is due monthly".[^2]\n\n[^2]: D1, ¶2', "D1", 2),
            ("Im Vertrag: „Miete ist monatlich fällig“¹\n\n¹ D1, Abs. 2", "D1", 2),
            (
                'The lease says "rent is due monthly"³\n\nSources:\n1. Memo\n3. Lease Agreement',
                "Lease Agreement",
                None,
            ),
        ),
    ),
    Strategy(
        "cite.numbered_reference",
        "a numbered reference",
        "a number no footnote defines (`[3]`, `[1][2]`, Perplexity's style; Copilot's "
        "`[^3^]`, Gemini's `[cite: 3]`, a superscript `³`): it names the source labelled "
        "with that number, when exactly one is",
        (
            ('The lease says "rent is due monthly" [3].', "3", None),
            ('The lease says "rent is due monthly"[^3^].', "3", None),
            ('The lease says "rent is due monthly" [cite: 3].', "3", None),
        ),
    ),
    Strategy(
        "cite.next_line",
        "alone on the next line",
        "a marker or attribution that is all of the line after an inline quote ending its line",
        (
            ('The lease says "rent is due monthly"\n[D1 ¶2]', "D1", 2),
            ('The lease says "rent is due monthly"\n— D1, ¶2', "D1", 2),
        ),
    ),
    Strategy(
        "cite.attribution_line",
        "a block quote's attribution line",
        "the last line of a block quote, or the line after it, attributing it: a marker after "
        "a dash or label, a source id with a paragraph, a name with a locator; never quote "
        "text; a dash before a person's name is neither a citation nor quote text",
        (
            ("> Rent is due monthly.\n> — Source: [D1 ¶2]", "D1", 2),
            ("> Rent is due monthly.\n\n[D1 ¶2]", "D1", 2),
            ("> Rent is due monthly.\n> — Source: Handbook §7.3", "Handbook §7.3", None),
        ),
    ),
    Strategy(
        "cite.html",
        "an HTML element",
        "an HTML quote's `<cite>`, `<footer>`, `<figcaption>` or `cite` attribute, read as a "
        "marker or a name",
        (
            ("<blockquote>Rent is due monthly.<footer>— D1 ¶2</footer></blockquote>", "D1", 2),
            ('It says <q cite="D1">rent is due monthly</q>.', "D1", None),
        ),
    ),
    Strategy(
        "cite.table_row",
        "its table row",
        "the Source / Paragraph cells of the table row holding the quote",
        (
            (
                "| Claim | Quote | Source | Paragraph |\n|---|---|---|---|\n"
                '| Rent | "rent is due monthly" | D1 | 2 |',
                "D1",
                2,
            ),
        ),
    ),
    Strategy(
        "cite.json_field",
        "a JSON field",
        "a JSON quote object's source and paragraph fields (by id, label, title, URL or in "
        "words), or a marker copied to the end of its text field",
        (
            (
                '{"quotes": [{"text": "rent is due monthly", "source": "D1", "paragraph": 2}]}',
                "D1",
                2,
            ),
            ('{"quotes": [{"text": "rent is due monthly [D1 ¶2]"}]}', "D1", 2),
        ),
        format="json",
    ),
    Strategy(
        "cite.lead_in_marker",
        "introducing the quote",
        "a marker introducing the quote with a colon right before it, which cites its "
        "paragraph too; a block quote's line introducing it",
        (
            ("Beleg 1 (D1, Abs. 2): „Miete ist monatlich fällig“", "D1", 2),
            ("From the lease [D1 ¶2]:\n\n> Rent is due monthly.", "D1", 2),
        ),
    ),
    Strategy(
        "cite.sentence",
        "in the sentence",
        "a quote without a citation of its own takes the source (not the paragraph) of the "
        "next marker in its sentence, else of the last one before it",
        (
            ('It says "rent is due monthly" and "pets are allowed" [D1 ¶2].', "D1", None),
            ('Per the lease [D1 ¶1], "rent is due monthly".', "D1", None),
        ),
    ),
    Strategy(
        "cite.lead_in_name",
        "named in the lead-in",
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
