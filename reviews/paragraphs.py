"""A source paragraph split for the source pane: its sentences, each covered by a quote or
not, and the match's span, marked. Plain data the pane's template shows (no HTML here), so
the selectors that build the pane (``reviews.selectors.source_pane``) need none of the
response rendering (``reviews.rendering``)."""

import itertools
import re
from dataclasses import dataclass

_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")


@dataclass(frozen=True)
class Segment:
    text: str
    covered: bool


@dataclass(frozen=True)
class RenderedParagraph:
    """One paragraph split for the viewer: ``marked`` is exactly ``text[start:end]`` of the
    match's span ``mark`` in this paragraph (VB-2); the segments around it say whether a
    quote covered them."""

    number: int
    before: list[Segment]
    marked: str
    after: list[Segment]
    is_focus: bool
    mark: tuple[int, int] | None


def sentence_spans(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for boundary in _SENTENCE_END.finditer(text):
        spans.append((start, boundary.end()))
        start = boundary.end()
    if start < len(text) or not spans:
        spans.append((start, len(text)))
    return spans


def paragraph_rendering(
    number: int,
    text: str,
    *,
    covered_spans: list[tuple[int, int]],
    mark: tuple[int, int] | None = None,
    is_focus: bool = False,
) -> RenderedParagraph:
    """Split ``text`` at sentence boundaries (for coverage) and at the mark; linear in the
    number of sentences, so one huge paragraph stays cheap."""
    if mark is not None and not (0 <= mark[0] < mark[1] <= len(text)):
        mark = None  # offsets from another version of the text: highlight nothing, not wrongly
    # Runs of alike pieces are merged, so the viewer renders few elements per paragraph.
    runs: dict[str, list[tuple[bool, list[str]]]] = {"before": [], "after": []}
    for sentence_start, sentence_end in sentence_spans(text):
        covered = any(a < sentence_end and sentence_start < b for a, b in covered_spans)
        cuts = [sentence_start, sentence_end]
        if mark:
            cuts[1:1] = sorted(m for m in mark if sentence_start < m < sentence_end)
        for start, end in itertools.pairwise(cuts):
            if mark and mark[0] <= start < mark[1]:
                continue  # inside the mark: rendered whole, as one element
            target = runs["after" if mark and start >= mark[1] else "before"]
            if target and target[-1][0] == covered:
                target[-1][1].append(text[start:end])
            else:
                target.append((covered, [text[start:end]]))
    before, after = (
        [Segment("".join(pieces), covered) for covered, pieces in runs[side]]
        for side in ("before", "after")
    )
    return RenderedParagraph(
        number=number,
        before=before,
        marked=text[mark[0] : mark[1]] if mark else "",
        after=after,
        is_focus=is_focus,
        mark=mark,
    )
