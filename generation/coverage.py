"""Input coverage (EV-5): every non-empty sentence of every eligible source gets a status.

MAPPED    an evidence excerpt of the result holds it whole, or lies inside it (the result
          fields are recorded); an excerpt that only touches it (ends a few words into it)
          does not map it
EXCLUDED  the model listed it under ``excluded`` with a reason, and no evidence maps it
UNMAPPED  neither: nothing in the result accounts for it, so a reviewer should look

A sentence is a *statement* (a sentence with a verb, read without a grammar of any
language) when it ends in sentence punctuation or is longer than a heading; an UNMAPPED
statement is what the coverage gate counts (``validation``), a heading left alone is not.

Plain Python, no Django. Spans are raw offsets into the source paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from citations.engine import Turn


class CoverageStatus(StrEnum):
    MAPPED = "MAPPED"
    UNMAPPED = "UNMAPPED"
    EXCLUDED = "EXCLUDED"


@dataclass(frozen=True, slots=True)
class Sentence:
    id: str  # "DOC ¶2.1": source, paragraph, sentence number inside the paragraph
    source: str
    paragraph: int
    start: int
    end: int
    text: str

    @property
    def statement(self) -> bool:
        """A sentence with a verb, as far as punctuation and length tell: not a heading."""
        text = self.text.rstrip()
        return text.endswith(SENTENCE_FINAL) or len(text) > HEADING_MAX_CHARS

    @property
    def content_start(self) -> int:
        """Where its words begin: after a list item's marker ("1. ", "- ")."""
        marker = LIST_ITEM.match(self.text)
        return self.start + (marker.end() if marker else 0)

    @property
    def content_end(self) -> int:
        """Where its words end: before its final punctuation, which an excerpt may leave."""
        return self.start + len(self.text.rstrip("".join(SENTENCE_FINAL)))


@dataclass(frozen=True, slots=True)
class Span:
    """Where a result excerpt was found, and what it stands for (a field path or a reason)."""

    source: str
    paragraph: int
    start: int
    end: int
    label: str


@dataclass(frozen=True, slots=True)
class SentenceCoverage:
    sentence: Sentence
    status: CoverageStatus
    labels: tuple[str, ...]  # field paths when MAPPED, exclusion reasons when EXCLUDED

    def as_dict(self) -> dict[str, object]:
        s = self.sentence
        return {
            "id": s.id,
            "source": s.source,
            "paragraph": s.paragraph,
            "start": s.start,
            "end": s.end,
            "text": s.text,
            "statement": s.statement,
            "status": self.status.value,
            "labels": list(self.labels),
        }


LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d{1,3}[.)])\s+")
SENTENCE_END = re.compile(r"[.!?。！？](?=\s)")
TERMINAL = tuple(".!?。！？:：")
SENTENCE_FINAL = tuple(".!?。！？")
HEADING_MAX_CHARS = 40


@dataclass(frozen=True, slots=True)
class Abbreviation:
    """A full stop that ends no sentence. A space stands for any run of whitespace; a
    lower-case first letter matches a capital too, as at the start of a sentence."""

    text: str
    # Only before a number: "Art. 5" is a citation, "auf diese Art." ends a sentence.
    before_number: bool = False


ABBREVIATIONS = (
    Abbreviation("e.g."),
    Abbreviation("i.e."),
    Abbreviation("cf."),
    Abbreviation("vs."),
    Abbreviation("Mr."),
    Abbreviation("Mrs."),
    Abbreviation("Ms."),
    Abbreviation("Dr."),
    Abbreviation("Prof."),
    Abbreviation("z. B."),
    Abbreviation("u. a."),
    Abbreviation("d. h."),
    Abbreviation("bzw."),
    Abbreviation("vgl."),
    Abbreviation("ca."),
    Abbreviation("p. ex."),
    Abbreviation("Art.", before_number=True),
    Abbreviation("Abs.", before_number=True),
    Abbreviation("Nr.", before_number=True),
    Abbreviation("No.", before_number=True),
    Abbreviation("S.", before_number=True),
    Abbreviation("p.", before_number=True),
)


def _abbreviation_pattern(abbreviation: Abbreviation) -> str:
    first, rest = abbreviation.text[0], abbreviation.text[1:]
    head = f"[{first}{first.upper()}]" if first.islower() else re.escape(first)
    pattern = head + re.escape(rest).replace(r"\ ", r"\s+")
    return pattern + r"(?=\s+\d)" if abbreviation.before_number else pattern


# Longest first, so "p. ex." is not read as "p." before a word.
ABBREVIATION = re.compile(
    r"(?<!\w)(?:"
    + "|".join(_abbreviation_pattern(a) for a in sorted(ABBREVIATIONS, key=lambda a: -len(a.text)))
    + ")"
)


def _abbreviation_stops(paragraph: str) -> frozenset[int]:
    """Positions of the full stops that belong to an abbreviation."""
    return frozenset(
        at
        for found in ABBREVIATION.finditer(paragraph)
        for at in range(found.start(), found.end())
        if paragraph[at] == "."
    )


def split_sentences(paragraph: str) -> tuple[tuple[int, int], ...]:
    """Raw ``(start, end)`` spans of the non-empty sentences of one paragraph.

    A line without final punctuation continues on the next line (a wrapped sentence), except
    when it is a short first line (a heading) or the next line is a list item. The full stop
    of an abbreviation (``ABBREVIATIONS``) ends no sentence and no line.

    >>> text = "배경\\n현재 요청을\\n확인하기 어렵습니다.\\n- 하나. 둘."
    >>> [text[a:b] for a, b in split_sentences(text)]
    ['배경', '현재 요청을\\n확인하기 어렵습니다.', '- 하나.', '둘.']
    >>> text = "Ask Dr. Kim, e.g. by mail. Das gilt z. B. nach Art. 5. Fertig."
    >>> [text[a:b] for a, b in split_sentences(text)]
    ['Ask Dr. Kim, e.g. by mail.', 'Das gilt z. B. nach Art. 5.', 'Fertig.']
    """
    abbreviation_stops = _abbreviation_stops(paragraph)
    lines: list[tuple[int, int]] = []
    offset = 0
    for line in paragraph.split("\n"):
        if line.strip():
            lines.append((offset, offset + len(line)))
        offset += len(line) + 1
    blocks: list[tuple[int, int]] = []
    for index, (start, end) in enumerate(lines):
        previous = paragraph[blocks[-1][0] : blocks[-1][1]].rstrip() if blocks else ""
        heading = index == 1 and len(previous.strip()) <= HEADING_MAX_CHARS
        ends_sentence = previous.endswith(TERMINAL) and (
            blocks[-1][0] + len(previous) - 1 not in abbreviation_stops
        )
        continues = (
            blocks and not heading and not ends_sentence and not LIST_ITEM.match(paragraph, start)
        )
        if continues:
            blocks[-1] = (blocks[-1][0], end)
        else:
            blocks.append((start, end))
    spans: list[tuple[int, int]] = []
    for start, end in blocks:
        marker = LIST_ITEM.match(paragraph, start)
        cut = marker.end() if marker else start
        for found in SENTENCE_END.finditer(paragraph, cut, end):
            if found.start() not in abbreviation_stops:
                spans.append((start, found.end()))
                start = found.end()
        spans.append((start, end))
    return tuple(_trimmed(paragraph, a, b) for a, b in spans if paragraph[a:b].strip())


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while text[start].isspace():
        start += 1
    while text[end - 1].isspace():
        end -= 1
    return start, end


def source_sentences(turn: Turn) -> tuple[Sentence, ...]:
    """The sentences of the turn's eligible sources, in order."""
    sentences: list[Sentence] = []
    for source in turn.eligible_sources:
        for number, paragraph in enumerate(source.paragraphs, start=1):
            for k, (start, end) in enumerate(split_sentences(paragraph), start=1):
                sentences.append(
                    Sentence(
                        id=f"{source.id} ¶{number}.{k}",
                        source=source.id,
                        paragraph=number,
                        start=start,
                        end=end,
                        text=paragraph[start:end],
                    )
                )
    return tuple(sentences)


def sentence_coverage(
    sentences: Sequence[Sentence], mapped: Iterable[Span], excluded: Iterable[Span]
) -> tuple[SentenceCoverage, ...]:
    """Each sentence's status: a span that holds the sentence's words whole, or lies inside
    the sentence, maps (or excludes) it; one that only overlaps it does not."""
    mapped, excluded = list(mapped), list(excluded)

    def accounts_for(span: Span, sentence: Sentence) -> bool:
        holds = span.start <= sentence.content_start and sentence.content_end <= span.end
        inside = sentence.start <= span.start and span.end <= sentence.end
        return span.end > span.start and (holds or inside)

    def labels(sentence: Sentence, spans: list[Span]) -> tuple[str, ...]:
        return tuple(
            dict.fromkeys(
                span.label
                for span in spans
                if span.source == sentence.source
                and span.paragraph == sentence.paragraph
                and accounts_for(span, sentence)
            )
        )

    result: list[SentenceCoverage] = []
    for sentence in sentences:
        if found := labels(sentence, mapped):
            result.append(SentenceCoverage(sentence, CoverageStatus.MAPPED, found))
        elif found := labels(sentence, excluded):
            result.append(SentenceCoverage(sentence, CoverageStatus.EXCLUDED, found))
        else:
            result.append(SentenceCoverage(sentence, CoverageStatus.UNMAPPED, ()))
    return tuple(result)
