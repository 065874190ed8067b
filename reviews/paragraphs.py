"""A source paragraph split for the source pane: its sentences, each covered by a quote or
not, and the match's span, marked. Plain data the pane's template shows (no HTML here), so
the selectors that build the pane (``reviews.source_viewer.source_pane``) need none of the
response rendering (``reviews.rendering``)."""

import bisect
import itertools
import re
from dataclasses import dataclass, field, replace

from citations.diffs import DiffPart

_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")


@dataclass(frozen=True)
class Segment:
    text: str
    covered: bool
    found: bool = False  # where a search inside the source found its words
    left_out: bool = False  # the rest of the quote's sentence, which the quote leaves out


@dataclass(frozen=True)
class RenderedParagraph:
    """One paragraph split for the viewer: ``marked`` is exactly ``text[start:end]`` of the
    match's span ``mark`` in this paragraph (VB-2); the segments around it say whether a
    quote covered them. A long paragraph is shown as an excerpt (around the mark, else its
    start): ``hidden_before`` and ``hidden_after`` characters are left out. ``differences``:
    the stored runs of a hint's passage (``citations.diffs``), exactly ``marked`` but gaps."""

    number: int
    before: list[Segment]
    marked: str
    after: list[Segment]
    is_focus: bool
    mark: tuple[int, int] | None
    hidden_before: int = 0
    hidden_after: int = 0
    differences: list[DiffPart] = field(default_factory=list)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for boundary in _SENTENCE_END.finditer(text):
        spans.append((start, boundary.end()))
        start = boundary.end()
    if start < len(text) or not spans:
        spans.append((start, len(text)))
    return spans


def excerpt_bounds(
    length: int, mark: tuple[int, int] | None, max_chars: int | None
) -> tuple[int, int]:
    """The stretch of a paragraph of ``length`` characters to show: all of it up to
    ``max_chars`` (None: no bound), else the mark with ``max_chars // 2`` around it on each
    side, else its first ``max_chars``.

    >>> excerpt_bounds(100_000, (50_000, 50_010), 1_000)
    (49500, 50510)
    >>> excerpt_bounds(100_000, None, 1_000)
    (0, 1000)
    """
    if max_chars is None or length <= max_chars:
        return 0, length
    if mark is None:
        return 0, max_chars
    return max(0, mark[0] - max_chars // 2), min(length, mark[1] + max_chars // 2)


def paragraph_rendering(
    number: int,
    text: str,
    *,
    covered_spans: list[tuple[int, int]],
    mark: tuple[int, int] | None = None,
    is_focus: bool = False,
    max_chars: int | None = None,
    differences: list[DiffPart] | None = None,
    found: list[tuple[int, int]] | None = None,
    left_out: list[tuple[int, int]] | None = None,
) -> RenderedParagraph:
    """Split ``text`` at sentence boundaries (for coverage) and at the mark; linear in the
    number of sentences, so one huge paragraph stays cheap. Beyond ``max_chars`` only an
    excerpt is split and shown (``excerpt_bounds``): a pane of long paragraphs is bounded
    in characters, not only in paragraphs (issue 30). ``found``: where a search found its
    words, marked apart from the match (the excerpt is around the first unless there is a
    match). ``left_out``: the parts of the quote's sentence the quote leaves out (its
    report's ``context``), marked apart from the match (issue 31, item 2)."""
    if mark is not None and not (0 <= mark[0] < mark[1] <= len(text)):
        mark = None  # offsets from another version of the text: highlight nothing, not wrongly
    found = found or []
    left_out = left_out or []
    start, end = excerpt_bounds(len(text), mark or (found[0] if found else None), max_chars)
    if (start, end) != (0, len(text)):
        shown = _rendering(
            number,
            text[start:end],
            covered_spans=[(a - start, b - start) for a, b in covered_spans],
            mark=(mark[0] - start, mark[1] - start) if mark else None,
            is_focus=is_focus,
            found=[(a - start, b - start) for a, b in found if start <= a and b <= end],
            left_out=[
                (max(a, start) - start, min(b, end) - start)
                for a, b in left_out
                if a < end and start < b
            ],
        )
        # the mark's offsets stay the paragraph's own (the page reads them)
        return replace(
            shown,
            mark=mark,
            hidden_before=start,
            hidden_after=len(text) - end,
            differences=differences or [],
        )
    return replace(
        _rendering(
            number,
            text,
            covered_spans=covered_spans,
            mark=mark,
            is_focus=is_focus,
            found=found,
            left_out=left_out,
        ),
        differences=differences or [],
    )


def _rendering(
    number: int,
    text: str,
    *,
    covered_spans: list[tuple[int, int]],
    mark: tuple[int, int] | None,
    is_focus: bool,
    found: list[tuple[int, int]],
    left_out: list[tuple[int, int]],
) -> RenderedParagraph:
    # Runs of alike pieces are merged, so the viewer renders few elements per paragraph.
    runs: dict[str, list[tuple[bool, bool, bool, list[str]]]] = {"before": [], "after": []}
    # a search's words inside the match are not marked again: the match is one element
    found = [(a, b) for a, b in found if not (mark and a < mark[1] and mark[0] < b)]
    found_starts = [a for a, _ in found]  # sorted, apart (source_search.found_spans)
    found_cuts = sorted({cut for span in [*found, *left_out] for cut in span})
    for sentence_start, sentence_end in sentence_spans(text):
        covered = any(a < sentence_end and sentence_start < b for a, b in covered_spans)
        inner = [c for c in mark or () if sentence_start < c < sentence_end]
        inner += found_cuts[
            bisect.bisect_right(found_cuts, sentence_start) : bisect.bisect_left(
                found_cuts, sentence_end
            )
        ]
        cuts = [sentence_start, *sorted(set(inner)), sentence_end]
        for start, end in itertools.pairwise(cuts):
            if mark and mark[0] <= start < mark[1]:
                continue  # inside the mark: rendered whole, as one element
            at = bisect.bisect_right(found_starts, start) - 1
            is_found = at >= 0 and start < found[at][1]
            is_left_out = any(a <= start < b for a, b in left_out)  # two spans at most
            target = runs["after" if mark and start >= mark[1] else "before"]
            alike = target and target[-1][:3] == (covered, is_found, is_left_out)
            if alike and not is_found:
                target[-1][3].append(text[start:end])
            else:
                target.append((covered, is_found, is_left_out, [text[start:end]]))
    before, after = (
        [
            Segment("".join(pieces), covered, is_found, is_left_out)
            for covered, is_found, is_left_out, pieces in runs[side]
        ]
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
