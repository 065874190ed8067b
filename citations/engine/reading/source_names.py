"""Which source a name in an answer means: an id, a label or a title, or one of the ways
models write an id (``Document D1``, ``doc:D1``, ``D1.pdf``, ``D1 (Lease 2024)``, the
source's URL)."""

from __future__ import annotations

import re

from ..text import LazyPattern
from ..types import Source, Turn
from .locators import REFERENCE_PARTS, author_year, without_locator


def resolve_source(turn: Turn, reference: str, *, exact: bool = False) -> Source | None:
    """The source a model named: by id, else by label, else by title (surrounding
    whitespace ignored, labels and titles compared ignoring case). An id written in
    another case (``d1`` for ``D1``) names the one source whose id it matches, unless
    another id or another source's label or title matches too. A name several sources
    match (a shared title) resolves to none: a quote must not be checked against a
    source it may not cite.

    A name that is none of these still names a source when it is the source's ``url``
    (a trailing slash aside), or when one known id is left after taking off a kind word,
    brackets and punctuation, a file extension, or a title or label in parentheses that
    names the same source. A bare number is never read as an id: "Source 1" may mean
    the first source given, not the source ``1``. With ``exact``, only ids, labels and
    titles name a source.

    >>> from citations.engine.types import SourceKind
    >>> turn = Turn((Source("D1", SourceKind.DOCUMENT, ("x",), title="Lease 2024"),))
    >>> [getattr(resolve_source(turn, name), "id", None) for name in
    ...  ("Document D1", "D1 (Lease 2024)", "doc:D1", "D1.pdf", "[D1]", "D1 (Memo)")]
    ['D1', 'D1', 'D1', 'D1', 'D1', None]
    """
    wanted = reference.strip()
    named = _named(turn, wanted)
    if named is not None or exact or _names_any(turn, wanted):
        return named
    return (
        _by_url(turn, wanted)
        or _described(turn, wanted)
        or _loosely_named(turn, wanted)
        or _by_parts(turn, wanted)
        or _by_author_year(turn, wanted)
    )


def _named(turn: Turn, wanted: str) -> Source | None:
    if (source := turn.source(wanted)) is not None:
        return source
    folded = wanted.casefold()
    by_name = None
    for attribute in ("label", "title"):
        hits = [s for s in turn.sources if getattr(s, attribute).strip().casefold() == folded]
        if len(hits) == 1:
            by_name = hits[0]
            break
    by_id = [s for s in turn.sources if s.id.casefold() == folded]
    if not by_id:
        return by_name
    if len(by_id) == 1 and by_name in (None, by_id[0]):
        return by_id[0]
    return None


def _words_of(name: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", name.casefold()))


def _loosely_named(turn: Turn, wanted: str) -> Source | None:
    """The one source whose label or title has the words of ``wanted``, punctuation aside:
    "Müller, 2019" for the label "Müller 2019", "Smith & Jones, 2020" for "Smith & Jones
    2020" (an author-year citation writes a comma a label need not have).

    >>> from citations.engine.types import SourceKind
    >>> turn = Turn((Source("P1", SourceKind.DOCUMENT, ("x",), label="Müller 2019"),))
    >>> _loosely_named(turn, "Müller, 2019").id, _loosely_named(turn, "Müller 2020")
    ('P1', None)
    """
    words = _words_of(wanted)
    if not words:
        return None
    hits = {
        s.id
        for s in turn.sources
        for name in (s.label, s.title)
        if name.strip() and _words_of(name) == words
    }
    return turn.source(hits.pop()) if len(hits) == 1 else None


_TITLE_MARKS = " \t\"'“”„«»‹›「」『』*_"


def _by_parts(turn: Turn, wanted: str) -> Source | None:
    """The one source a reference's parts name, as a reference definition or list writes
    one ("[1]: Lease Agreement – Jane Doe", "[2] «Справочник» — https://…", a footnote's
    label and its description: "D2 – Annual report 2024, p. 12"): each part, quotation marks
    and a locator at its end aside, as ``resolve_source`` reads a name; parts naming two
    sources name none.

    >>> from citations.engine.types import SourceKind
    >>> turn = Turn((Source("D1", SourceKind.DOCUMENT, ("x",), title="Lease", url="https://a/l"),))
    >>> [getattr(_by_parts(turn, name), "id", None) for name in
    ...  ('"Lease" – Jane Doe', "Memo – https://a/l", "Memo – Jane Doe", "Lease")]
    ['D1', 'D1', None, None]
    >>> [getattr(_by_parts(turn, name), "id", None) for name in
    ...  ("fn – Source D1", "fn – Lease, p. 4", "D1 – Memo, p. 4")]
    ['D1', 'D1', 'D1']
    """
    parts = [without_locator(part)[0].strip(_TITLE_MARKS) for part in REFERENCE_PARTS.split(wanted)]
    if len(parts) < 2:
        return None
    named = {
        source.id for part in parts if part and (source := resolve_source(turn, part)) is not None
    }
    return turn.source(named.pop()) if len(named) == 1 else None


def _by_author_year(turn: Turn, wanted: str) -> Source | None:
    """The one source whose title or label has every name and the year of an author-year
    reference ("Müller 2019" for "Müller (2019): Reisekosten", "Schmidt et al. 2015").

    >>> from citations.engine.types import SourceKind
    >>> turn = Turn((Source("A", SourceKind.DOCUMENT, ("x",), title="Müller (2019): Kosten"),))
    >>> _by_author_year(turn, "Müller, 2019").id, _by_author_year(turn, "Müller 2020")
    ('A', None)
    """
    reference = author_year(wanted)
    if reference is None:
        return None
    names, year = reference
    wanted_words = {word for name in names for word in _words_of(name).split()} | {year}
    hits = {
        s.id
        for s in turn.sources
        for name in (s.label, s.title)
        if name.strip() and wanted_words <= set(_words_of(name).split())
    }
    return turn.source(hits.pop()) if len(hits) == 1 else None


def _names_any(turn: Turn, wanted: str) -> bool:
    """Whether ``wanted`` is the id, label or title of some source: a name several
    sources share is no reason to read it more loosely."""
    folded = wanted.casefold()
    return any(
        folded in (s.id.casefold(), s.label.strip().casefold(), s.title.strip().casefold())
        for s in turn.sources
    )


def _by_url(turn: Turn, wanted: str) -> Source | None:
    url = wanted.strip("<>").rstrip("/")
    if not url:
        return None
    hits = [s for s in turn.sources if s.url and s.url.strip().rstrip("/") == url]
    return hits[0] if len(hits) == 1 else None


def _described(turn: Turn, wanted: str) -> Source | None:
    """The one source whose id is left of ``wanted`` once the words around an id are
    taken off (``Document D1``, ``doc:D1``, ``D1.pdf``, ``D1 (Lease 2024)``), or None
    when no reading or readings of different sources are left."""
    titled = _TITLED.fullmatch(wanted)
    if titled is not None:
        # "D1 (Lease 2024)": both parts must name the same source
        outer, inner = resolve_source(turn, titled["outer"]), resolve_source(turn, titled["inner"])
        if outer is not None and inner is not None:
            return outer if outer is inner else None
    found: set[str] = set()
    for reading in _readings(wanted):
        if reading == wanted or reading.isdigit():
            continue
        folded = reading.casefold()
        ids = (
            {reading}
            if turn.source(reading) is not None
            else {s.id for s in turn.sources if s.id.casefold() == folded}
        )
        if ids:
            found |= ids
            # an id that is also another source's label or title could mean that one
            found.update(
                s.id
                for s in turn.sources
                if folded in (s.label.strip().casefold(), s.title.strip().casefold())
            )
    return turn.source(found.pop()) if len(found) == 1 else None


# A kind word a model writes before an id: "Document D1", "doc:D1", "Quelle D1", "E-Mail E1".
_KIND_WORD = LazyPattern(
    r"(?:document|doc|dokument|source|quelle|e-?mail|attachment|anhang)\b[\s:#.\-–—]*(?P<rest>.+)",
    re.IGNORECASE | re.DOTALL,
)
_FILE_EXTENSION = LazyPattern(r"(?P<rest>.+?)\.[A-Za-z]{2,5}", re.DOTALL)
_TITLED = LazyPattern(r"(?P<outer>.*?\S)\s*\((?P<inner>[^()]*\S[^()]*)\)", re.DOTALL)
_PUNCTUATION = " \t\n[](){}<>\"'“”„‘’‚«»‹›「」【】.,;:!?*_`#|-–—"


def _readings(text: str) -> set[str]:
    """Every string left of ``text`` by taking off surrounding brackets and punctuation, a
    leading kind word and a trailing file extension, in any order."""
    readings = {text}
    pending = [text]
    while pending:
        current = pending.pop()
        candidates = [current.strip(_PUNCTUATION)]
        for pattern in (_KIND_WORD, _FILE_EXTENSION):
            found = pattern.fullmatch(current)
            if found is not None:
                candidates.append(found["rest"])
        for candidate in candidates:
            if candidate and candidate not in readings:
                readings.add(candidate)
                pending.append(candidate)
    return readings
