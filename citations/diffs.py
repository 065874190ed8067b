"""The word diffs the reviewer's page shows, computed once by the worker with the results
and stored on each quote (``Quote.page_diff``); the page only renders them (issue 30: a
diff of a 49,500-character quote against its hint took 414 s on every view).

Plain Python, no Django: the worker calls :func:`quote_page_diff` for each result, and the
template filters (``reviews.templatetags.review_tags``) turn the stored runs back into
:class:`DiffPart` values."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from citations.engine import QuoteResult, Reason, Turn, VerificationStatus

# difflib aligns at most this many tokens on each side (it is quadratic at worst: 1,000 of
# each take well under a second); what lies between the alike ends beyond that is shown as
# replaced whole, which says the quote differs there without saying word by word how.
MAX_ALIGNED_TOKENS = 1_000


@dataclass(frozen=True)
class DiffPart:
    """A run of a word diff: ``kind`` is "same", "removed" (only in the text before) or
    "added" (only in the text after)."""

    kind: str
    text: str

    @property
    def element(self) -> str:
        """The HTML element that shows the run: struck, inserted or plain."""
        return {"removed": "del", "added": "ins"}.get(self.kind, "span")


# Words, runs of whitespace and single marks: a changed apostrophe is one changed token, not
# a changed word.
_DIFF_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
# What the engine folds anyway must not show as a difference in a hint: case, quotation
# marks, apostrophes, dashes and the kind of whitespace.
_FOLDED_MARKS = str.maketrans(
    dict.fromkeys('‘’‚‛′´`"“”„‟«»‹›″', "'") | dict.fromkeys("‐‑‒–—―−", "-")
)


def _folded(token: str) -> str:
    return " " if token.isspace() else token.casefold().translate(_FOLDED_MARKS)


def word_diff(before: str, after: str, *, fold: bool = False) -> list[DiffPart]:
    """``before`` turned into ``after`` word by word (difflib), as runs of same, removed and
    added text; changes with only whitespace between them read as one change. The same and
    added runs put together are exactly ``after``; without ``fold`` the same and removed ones
    are exactly ``before``. With ``fold``, tokens that differ only in what the engine folds
    (case, quotation marks, dashes, whitespace) are the same, and a same run is ``after``'s
    text: word_diff("ninety days' notice", "ninety (90) days’ notice") is
    same "ninety ", added "(90) ", same "days", removed "'", added "’", same " notice".
    Beyond ``MAX_ALIGNED_TOKENS`` between the alike ends, that middle is one replacement."""
    old, new = _DIFF_TOKEN.findall(before), _DIFF_TOKEN.findall(after)
    old_keys, new_keys = (
        ([_folded(t) for t in old], [_folded(t) for t in new]) if fold else (old, new)
    )
    # A correction changes a few words of a long quote: the runs alike at both ends are
    # set aside, and difflib (quadratic at worst) aligns only what lies between them.
    lead = 0
    while lead < min(len(old), len(new)) and old_keys[lead] == new_keys[lead]:
        lead += 1
    trail = 0
    while trail < min(len(old), len(new)) - lead and old_keys[-1 - trail] == new_keys[-1 - trail]:
        trail += 1
    old_middle, new_middle = old_keys[lead : len(old) - trail], new_keys[lead : len(new) - trail]
    opcodes: Sequence[tuple[str, int, int, int, int]]
    if max(len(old_middle), len(new_middle)) > MAX_ALIGNED_TOKENS:
        opcodes = [("replace", 0, len(old_middle), 0, len(new_middle))]
    else:
        # autojunk off: on long quotes it would count the spaces as junk and align nothing.
        opcodes = difflib.SequenceMatcher(
            None, old_middle, new_middle, autojunk=False
        ).get_opcodes()
    chunks: list[tuple[str, str, str]] = [
        (tag, "".join(old[lead + i1 : lead + i2]), "".join(new[lead + j1 : lead + j2]))
        for tag, i1, i2, j1, j2 in opcodes
    ]
    if lead:
        chunks.insert(0, ("equal", "".join(old[:lead]), "".join(new[:lead])))
    if trail:
        chunks.append(("equal", "".join(old[len(old) - trail :]), "".join(new[len(new) - trail :])))
    merged: list[tuple[str, str, str]] = []
    for index, (tag, removed, added) in enumerate(chunks):
        between_changes = 0 < index < len(chunks) - 1 and tag == "equal" and added.isspace()
        if merged and merged[-1][0] != "equal" and (tag != "equal" or between_changes):
            _, was_removed, was_added = merged.pop()
            merged.append(("replace", was_removed + removed, was_added + added))
        else:
            merged.append((tag, removed, added))
    parts: list[DiffPart] = []
    for tag, removed, added in merged:
        if tag == "equal":
            parts.append(DiffPart("same", added))
            continue
        if removed:
            parts.append(DiffPart("removed", removed))
        if added:
            parts.append(DiffPart("added", added))
    return parts


def passage_differences(quote_text: str, passage: str) -> list[DiffPart]:
    """A hint's passage with the words the quote does not have as added runs, and a removed
    run (a gap) where the quote has words and the passage none in their place. Without the
    gaps the runs are exactly ``passage``, so the highlight stays the source's text."""
    parts = word_diff(quote_text, passage, fold=True)
    return [
        part
        for part, following in zip(parts, [*parts[1:], None], strict=False)
        if part.kind != "removed" or following is None or following.kind != "added"
    ]


def quote_page_diff(result: QuoteResult, turn: Turn) -> dict[str, Any]:
    """What the page shows of one quote's differences, as stored JSON: ``{"change": runs}``
    for a corrected quote whose text changed (the model's words to the source's), ``{"hint":
    {paragraph: runs}}`` for an unverified quote whose hint passage differs in its claim
    (the passage in each paragraph it spans, against the quote), else ``{}``. A run is
    ``[kind, text]``."""
    quote, corrected, match = result.quote, result.corrected, result.match
    if result.status is VerificationStatus.CORRECTED and corrected:
        return change_diff(quote.text, corrected.text)
    if (
        result.status is VerificationStatus.UNVERIFIED
        and result.reason is Reason.CLAIM_CHANGED
        and match is not None
    ):
        source = turn.source(match.source)
        spans = [(match.paragraph, match.start, match.end)]
        spans += [(span.paragraph, span.start, span.end) for span in match.continues]
        return hint_diff(quote.text, source.paragraphs if source else (), spans)
    return {}


def change_diff(written: str, corrected: str) -> dict[str, Any]:
    """A corrected quote's ``page_diff``: the model's words removed, the source's added."""
    return {"change": _runs(word_diff(written, corrected))} if corrected != written else {}


def hint_diff(
    text: str, paragraphs: Sequence[str], spans: Iterable[tuple[int, int, int]]
) -> dict[str, Any]:
    """An unverified quote's ``page_diff``: its hint's passage in each paragraph of
    ``spans`` (``(paragraph, start, end)``, numbered from 1) against the quote's ``text``."""
    hint = {}
    for number, start, end in spans:
        paragraph = paragraphs[number - 1] if 1 <= number <= len(paragraphs) else None
        if paragraph is not None and 0 <= start < end <= len(paragraph):
            hint[str(number)] = _runs(passage_differences(text, paragraph[start:end]))
    return {"hint": hint} if hint else {}


def _runs(parts: list[DiffPart]) -> list[list[str]]:
    return [[part.kind, part.text] for part in parts]


def stored_runs(runs: list[list[str]] | None) -> list[DiffPart]:
    """Stored runs (``quote_page_diff``) as the parts the templates show."""
    return [DiffPart(kind, text) for kind, text in runs or ()]
