"""Locators: where in a source a citation in words points ("§7.3", "section 7.3",
"Art. 5 Abs. 2", "p. 4", "para 4"). A name with a locator is a citation, not prose: it
names a source the bundle has (the name before the locator), or one it does not have.
"""

from __future__ import annotations

import re

# A locator at the end of a name, after a comma or a space: "§ 7.3", "section 7.3",
# "Art. 5 Abs. 2", "clause 12(b)", "p. 4", "pp. 4-5", "para 4", "¶4", "Seite 4", "Nr. 3".
_LOCATOR = re.compile(
    r"[\s,;]*(?:§+\s*|¶\s*|(?:section|sec\.|sections|abschnitt|kapitel|chapter|art\.|artikel|"
    r"article|clause|klausel|ziffer|ziff\.|nr\.|no\.|p\.|pp\.|page|pages|seite|s\.|para\.?|"
    r"paragraph|abs\.|absatz|tz\.|rn\.|rz\.)\s*)"
    r"[\dIVXivx]+[a-z]?(?:[.\-–()\w]*\d*)*(?:\s*(?:abs\.|satz|lit\.|nr\.)\s*\w+)*\s*$",
    re.IGNORECASE,
)
# A kind word and an id-like token: "Doc F", "Document 7", "Quelle X2", "Exhibit B".
_KIND_AND_ID = re.compile(
    r"(?:doc|document|dokument|source|quelle|exhibit|annex|anlage|appendix|attachment|"
    r"anhang|email|e-mail|mail)\s+[A-Z0-9][\w.-]{0,9}",
    re.IGNORECASE,
)


def without_locator(name: str) -> tuple[str, bool]:
    """``name`` without the locators at its end, and whether it had any.

    >>> without_locator("Old memo, section 7.3"), without_locator("Handbook §7.3")
    (('Old memo', True), ('Handbook', True))
    >>> without_locator("the 2019 audit, p. 4"), without_locator("Lease Agreement")
    (('the 2019 audit', True), ('Lease Agreement', False))
    >>> without_locator("Satzung, Art. 5 Abs. 2")
    ('Satzung', True)
    """
    stripped, found = name.strip(), False
    while (match := _LOCATOR.search(stripped)) is not None and match.start() > 0:
        stripped, found = stripped[: match.start()].rstrip(" ,;"), True
    return stripped, found


def names_a_source(name: str) -> bool:
    """Whether a name in words is plainly a citation of a source (a locator, or a kind word
    with an id: "Doc F, para 4"), so that resolving to none is an unknown source, not prose.

    >>> names_a_source("Doc F, para 4"), names_a_source("the 2019 audit, p. 4")
    (True, True)
    >>> names_a_source("Jonas Brandt"), names_a_source("see below")
    (False, False)
    """
    rest, located = without_locator(name)
    return located or _KIND_AND_ID.fullmatch(rest.strip()) is not None
