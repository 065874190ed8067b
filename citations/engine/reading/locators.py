"""Locators: where in a source a citation in words points ("§7.3", "section 7.3",
"Art. 5 Abs. 2", "p. 4", "para 4"). A name with a locator is a citation, not prose: it
names a source the bundle has (the name before the locator), or one it does not have.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text import LazyPattern

# The words that name a section of a source before its number, by language, as models write
# them ("§ 7.3", "section 7.3", "Abschn. 4", "cláusula 2", "п. 2.1", "pkt 3", "kohta 4"):
# a locator with one names the section whose first paragraph starts with that number. Lower
# case; "§" stands alone.
SECTION_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("section", "sec.", "sections", "chapter", "art.", "article", "clause", "no."),
    "de": (
        "abschnitt",
        "abschn.",
        "kapitel",
        "kap.",
        "artikel",
        "klausel",
        "ziffer",
        "ziff.",
        "nr.",
    ),
    "es": ("sección", "cláusula", "artículo", "apartado", "apdo.", "capítulo"),
    "pt": ("seção", "secção", "cláusula", "artigo", "capítulo"),
    "fr": ("chapitre", "clause"),
    "it": ("sezione", "clausola", "articolo", "capitolo"),
    "nl": ("afdeling", "hoofdstuk", "artikel"),
    "pl": ("pkt", "pkt.", "punkt", "rozdział", "rozdz."),
    "cs": ("čl.", "článek", "bod", "oddíl"),
    "sk": ("článok", "oddiel"),
    "ru": ("п.", "пункт", "разд.", "раздел", "ст.", "статья", "глава", "гл."),
    "uk": ("п.", "пункт", "розд.", "розділ", "стаття", "глава"),
    "da": ("afsnit", "kapitel", "punkt", "pkt."),
    "no": ("avsnitt", "kapittel", "punkt", "pkt."),
    "sv": ("avsnitt", "kapitel", "punkt"),
    "fi": ("kohta", "luku", "pykälä"),
    "tr": ("madde", "bölüm", "md."),
    "el": ("άρθρο", "ενότητα", "κεφ."),
    "ro": ("art.", "articolul", "secțiunea", "capitolul", "punctul", "pct."),
    "hu": ("pont", "fejezet", "szakasz"),
}
_SECTION_WORDS = "|".join(
    sorted({re.escape(w) for ws in SECTION_WORDS.values() for w in ws}, key=len, reverse=True)
)
# The words that name a page before its number, by language ("p. 12", "S. 58", "pág. 3",
# "стр. 4"). A page names no paragraph (never the paragraph of the page's number): a citation
# with one cites its source at that page (``cited_page``), checked where the source has
# pages, else the source alone. Lower case.
PAGE_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("p.", "pp.", "page", "pages"),
    "de": ("s.", "seite", "seiten"),
    "es": ("pág.", "págs.", "página", "páginas"),
    "it": ("pag.", "pagina", "pagine"),
    "fr": ("page", "pages"),
    "pt": ("pág.", "página", "páginas"),
    "nl": ("blz.", "pagina"),
    "pl": ("str.", "strona"),
    "cs": ("str.", "strana"),
    "ru": ("с.", "стр.", "страница"),
    "uk": ("с.", "стор.", "сторінка"),
    "el": ("σελ.", "σελίδα"),
    "ro": ("pag.", "pagina"),
    "hu": ("old.", "oldal"),
    "sv": ("s.", "sida"),
    "fi": ("s.", "sivu"),
    "tr": ("s.", "sayfa"),
}
_PAGE_WORDS = "|".join(
    sorted({re.escape(w) for ws in PAGE_WORDS.values() for w in ws}, key=len, reverse=True)
)
# Month names and their abbreviations: a month right before a year makes a date, no author
_MONTH_NAMES = """january february march april may june july august september october november
    december jan feb mar apr jun jul aug sep sept oct nov dec januar jänner februar märz
    mai juni juli oktober dezember okt dez janvier février mars avril juin juillet août
    septembre octobre novembre décembre enero febrero marzo abril mayo junio julio agosto
    septiembre octubre noviembre diciembre gennaio febbraio aprile maggio giugno luglio
    settembre ottobre dicembre janeiro fevereiro março maio junho julho setembro outubro
    novembro dezembro januari februari maart mei augustus"""
_MONTHS = frozenset(_MONTH_NAMES.split())
# A year or a month names a date, not a place: "(Berlin, March 2024)", "(Reuters, 12 May)"
_YEAR = r"(?:1[89]|20)\d\d(?!\d)"
# A place written in words no table knows, after a comma ("AGBALT, Abschn. 4", "X, rubro 2",
# "Y, 7.3. pont", "Z, 第3条"): it names no place, but it makes the name before it a citation.
_MONTH = "(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?(?![^\W\d_])"
_UNREAD_PLACE = (
    (
        r"(?<=,)\s*(?:(?!{month})[^\W\d_][^\W\d]{0,14}?(?:['’]s)?\.?\s*(?!{year})\d+(?:\.\d+)*[a-z]?"
        r"|(?:第|제)?(?!{year})\d+(?:\.\d+)*\.?\s*(?!{month})[^\W\d_]{1,15}\.?)\s*$"
    )
    .replace("{year}", _YEAR)
    .replace("{month}", _MONTH)
)
# A locator at the end of a name, after a comma or a space: "§ 7.3", "section 7.3",
# "Art. 5 Abs. 2", "clause 12(b)", "p. 4", "pp. 4-5", "para 4", "¶4", "Seite 4", "Nr. 3";
# ``_ANY_LOCATOR`` also one in words no table knows.
_KNOWN_LOCATOR = (
    rf"(?:§+\s*|¶\s*|(?:{_SECTION_WORDS}|(?<![^\W\d_])(?:{_PAGE_WORDS})|para\.?|"
    r"paragraph|abs\.|absatz|tz\.|rn\.|rz\.)\s*)"
    r"[\dIVXivx]+[a-z]?(?:[.\-–()\w]*\d*)*(?:\s*(?:abs\.|satz|lit\.|nr\.)\s*\w+)*\s*$"
)
_LOCATOR = LazyPattern(rf"[\s,;]*{_KNOWN_LOCATOR}", re.IGNORECASE)
_ANY_LOCATOR = LazyPattern(rf"[\s,;]*(?:{_KNOWN_LOCATOR}|{_UNREAD_PLACE})", re.IGNORECASE)
# A kind word and an id-like token: "Doc F", "Document 7", "Quelle X2", "Exhibit B".
_KIND_AND_ID = LazyPattern(
    r"(?:doc|document|dokument|source|quelle|exhibit|annex|anlage|appendix|attachment|"
    r"anhang|email|e-mail|mail)\s+[A-Z0-9][\w.-]{0,9}",
    re.IGNORECASE,
)


# Where a reference's parts meet: "Title – Author", "Title — https://…", "Title | Publisher".
REFERENCE_PARTS = LazyPattern(r"\s+[–—|-]\s+|\s*[–—]\s*(?=https?://)")


# An author-year reference: "Müller 2019", "Müller, 2019", "Schmidt & Weber (2015)",
# "Schmidt et al. 2015", "Li and Chen, 2020a"; authors written with capitals, the joining
# words of many languages. It names the source whose title or label has those names and year.
_AUTHOR = r"(?:[^\W\d_](?:[^\W\d_]|['’.-])*)"  # no figures: "Q3, 2024" is a quarter
_JOINING = r"(?:&|and|und|et|y|e|i|og|och|és|ve|en|и|/)"
AUTHOR_YEAR = LazyPattern(
    rf"(?P<authors>{_AUTHOR}(?:[ \t]+{_AUTHOR})?(?:[ \t]*(?:,|{_JOINING})[ \t]*{_AUTHOR})*)"
    r"(?P<comma>,)?[ \t]+\(?(?P<year>(?:1[6-9]|20)\d\d)[a-z]?\)?"
)
_ET_AL = LazyPattern(r"[ \t]+et[ \t]+al\.?(?=[ \t,(])")


def author_year(name: str) -> tuple[tuple[str, ...], str] | None:
    """The authors' names and the year of an author-year reference, or None.

    >>> author_year("Schmidt & Weber, 2015"), author_year("Li et al. (2020a)")
    ((('Schmidt', 'Weber'), '2015'), (('Li',), '2020'))
    >>> author_year("Stand der Technik 2024"), author_year("see 2019")
    (None, None)
    >>> author_year("Berlin, March 2024"), author_year("Smith and May, 2019")
    (None, (('Smith', 'May'), '2019'))
    """
    found = AUTHOR_YEAR.fullmatch(_ET_AL.sub("", name.strip()))
    if found is None:
        return None
    joins = rf"[ \t]*(?:,|(?<![^\W\d_]){_JOINING}(?![^\W\d_]))[ \t]*"
    names = tuple(
        part.strip(" ,.") for part in re.split(joins, found["authors"]) if part.strip(" ,.")
    )
    if not names or not all(word[:1].isupper() for name in names for word in name.split()):
        return None
    if found["comma"] is None and names[-1].split()[-1].casefold().rstrip(".") in _MONTHS:
        return None  # a date: "(Berlin, March 2024)"
    return names, found["year"]


def _plainly_author_year(name: str) -> bool:
    """Whether ``name`` is an author-year reference as only references are written: two
    authors or more, "et al.", or a comma before the year ("Müller, 2019"). One word and a
    year ("Risultati 2024", "Budget 2025") heads many a section: it cites only when it
    names a source.

    >>> [_plainly_author_year(n) for n in ("Müller, 2019", "Li et al. 2020", "Budget 2025")]
    [True, True, False]
    """
    reference = author_year(name)
    if reference is None:
        return False
    found = AUTHOR_YEAR.fullmatch(_ET_AL.sub("", name.strip()))
    comma = found is not None and found["comma"] is not None
    return len(reference[0]) > 1 or _ET_AL.search(name) is not None or comma


def without_locator(name: str, *, unread: bool = True) -> tuple[str, bool]:
    """``name`` without the locators at its end, and whether it had any; with ``unread``
    also one in words no table knows after a comma (``AGBALT, Abschn. 4``).

    >>> without_locator("Old memo, section 7.3"), without_locator("Handbook §7.3")
    (('Old memo', True), ('Handbook', True))
    >>> without_locator("the 2019 audit, p. 4"), without_locator("Lease Agreement")
    (('the 2019 audit', True), ('Lease Agreement', False))
    >>> without_locator("Satzung, Art. 5 Abs. 2")
    ('Satzung', True)
    """
    stripped, found = name.strip(), False
    # a place no table knows only at the end: "Schmidt, Weber 2015, Kap. 3" keeps its authors
    locator = _ANY_LOCATOR if unread else _LOCATOR
    while (match := locator.search(stripped)) is not None and match.start() > 0:
        stripped, found, locator = stripped[: match.start()].rstrip(" ,;"), True, _LOCATOR
    return stripped, found


def names_a_source(name: str) -> bool:
    """Whether a name in words is plainly a citation of a source (a locator, a kind word
    with an id: "Doc F, para 4", "AGBALT, Abschn. 4"; an author and year: "Müller 2019"; a
    reference's title beside its author or address: "Old Manual – J. Doe", "Old Manual –
    https://…"), so that resolving to none is an unknown source, not prose.

    >>> names_a_source("Doc F, para 4"), names_a_source("the 2019 audit, p. 4")
    (True, True)
    >>> names_a_source("AGBALT, Abschn. 4"), names_a_source("Old Manual – J. Doe")
    (True, True)
    >>> names_a_source("Schmidt & Weber 2015"), names_a_source("Müller et al. 2019")
    (True, True)
    >>> names_a_source("Jonas Brandt"), names_a_source("see below")
    (False, False)
    """
    rest, located = without_locator(name)
    return (
        located
        or _KIND_AND_ID.fullmatch(rest.strip()) is not None
        or _plainly_author_year(rest)
        or REFERENCE_PARTS.search(name.strip()) is not None
    )


# Where a locator points, by its word: a section (found by the paragraph that starts with
# its number), a paragraph (its number), or a page (``cited_page``: no paragraph).
_SECTION_WORD = rf"§+|{_SECTION_WORDS}"
_PARAGRAPH_WORD = r"¶|para\.?|paragraph|absatz|abs\.|tz\.|rn\.|rz\."
_PLACE = LazyPattern(
    rf"(?:(?P<section>{_SECTION_WORD})|(?P<paragraph>{_PARAGRAPH_WORD})|{_PAGE_WORDS})"
    r"\s*(?P<number>\d+[a-z]?(?:\.\d+)*)",
    re.IGNORECASE,
)
# A paragraph that starts a numbered section: "7.3 Expenses", "## 7.3", "§ 5 Mitgliedschaft",
# "Art. 5", "Section 4.", "Clause 12". A subsection: "(2) …", "2. …", "Abs. 2 …".
_SECTION_START = LazyPattern(
    rf"\s*(?:#{{1,6}}\s*)?(?:(?P<word>{_SECTION_WORD})\s*)?(?P<number>\d+[a-z]?(?:\.\d+)*)\.?"
    r"(?=\s|$|\))",
    re.IGNORECASE,
)
_SUBSECTION_START = LazyPattern(
    r"\s*(?:\((?P<paren>\d+[a-z]?)\)|(?:abs\.|absatz)\s*(?P<word>\d+))", re.I
)
MAX_SECTION = 50  # paragraphs; a longer section says little about where a quote is


def split_locator(name: str) -> tuple[str, str]:
    """``name`` as the name before its locators and the locators (``""`` when it has none);
    a name that is all locator (``"Art. 5 Abs. 2"``) is ``("", name)``.

    >>> split_locator("Handbook §7.3"), split_locator("Art. 5 Abs. 2")
    (('Handbook', '§7.3'), ('', 'Art. 5 Abs. 2'))
    """
    stripped = name.strip()
    if _LOCATOR.fullmatch(" " + stripped) and _PLACE.match(stripped):
        return "", stripped
    rest, _ = without_locator(stripped)
    return rest, stripped[len(rest) :].strip(" ,;")


def located_paragraphs(paragraphs: Sequence[str], locator: str) -> tuple[int, ...]:
    """The paragraphs (1-based) of a source a locator names: ``para 4`` the fourth; ``§7.3``
    the section whose first paragraph starts with that number, up to the next section of its
    level or above (``Abs. 2`` after it: the subsection starting ``(2)``); () when the source
    has no such section or more than one, or the locator names a page.

    >>> source = ["7.1 Scope", "Remote work.", "7.3 Expenses", "Costs.", "Rates.", "8 End"]
    >>> located_paragraphs(source, "section 7.3"), located_paragraphs(source, "para 2")
    ((3, 4, 5), (2,))
    >>> located_paragraphs(["3 Fees", "1. Taxi", "2. Rail", "4 Rooms"], "section 3")
    (1, 2, 3)
    >>> satzung = ["§ 5 Mitgliedschaft", "(1) Jede Person.", "(2) Der Vorstand.", "§ 6 Beitrag"]
    >>> located_paragraphs(satzung, "§ 5 Abs. 2"), located_paragraphs(satzung, "p. 4")
    ((3,), ())
    """
    places = list(_PLACE.finditer(locator))
    if not places:
        return ()
    first = places[0]
    if first["paragraph"]:
        number = int(re.sub(r"\D.*", "", first["number"]))
        return (number,) if 1 <= number <= len(paragraphs) else ()
    if not first["section"]:
        return ()
    section = _section(paragraphs, first["number"].lower(), first["section"])
    if section and len(places) > 1 and places[1]["paragraph"]:
        return _subsection(paragraphs, section, places[1]["number"]) or section
    return section


def is_locator(name: str) -> bool:
    """Whether ``name`` is all a locator (``Cláusula 2``, ``§ 4``, ``п. 2.1``): a place
    without a source's name, which cites the one source that has it.

    >>> is_locator("Cláusula 2"), is_locator("Art. 5 Abs. 2"), is_locator("Jonas Brandt")
    (True, True, False)
    """
    return bool(name.strip()) and split_locator(name)[0] == ""


def names_a_page(locator: str) -> bool:
    """Whether a locator names a page (``p. 4``, ``S. 12``, ``Seite 3``), which names no
    paragraph (``cited_page`` reads which page).

    >>> names_a_page("p. 12"), names_a_page("S. 3"), names_a_page("§ 4"), names_a_page("para 2")
    (True, True, False, False)
    """
    first = _PLACE.match(locator.strip())
    return first is not None and not (first["section"] or first["paragraph"])


# A page a citation names, and the last of a range: "p. 40", "pp. 3–4", "S. 58", "Seite 12".
_CITED_PAGE = LazyPattern(
    rf"(?<![^\W\d_])(?:{_PAGE_WORDS})\s*(?P<page>\d{{1,9}})(?![\d.]\d)"
    r"(?:\s*[-–—]\s*(?P<end>\d{1,9}))?",
    re.IGNORECASE,
)


def cited_page(citation: str) -> tuple[int, int | None] | None:
    """The first page ``citation`` names and the end of its range (None: one page), or None.

    >>> cited_page("D2, p. 40"), cited_page("S. 58"), cited_page("pp. 3–4"), cited_page("¶4")
    ((40, None), (58, None), (3, 4), None)
    >>> cited_page("Seite 12"), cited_page("pág. 7"), cited_page("pages 9-9")
    ((12, None), (7, None), (9, None))
    """
    found = _CITED_PAGE.search(citation)
    if found is None:
        return None
    page, end = int(found["page"]), int(found["end"]) if found["end"] else None
    return page, end if end is not None and end > page else None


def names_a_section(locator: str) -> bool:
    """Whether a locator names a section (``§ 3``, ``Art. 5``, ``section 7.3``).

    >>> names_a_section("§ 3"), names_a_section("para 3"), names_a_section("p. 3")
    (True, False, False)
    """
    first = _PLACE.match(locator.strip())
    return first is not None and bool(first["section"])


def _section(paragraphs: Sequence[str], number: str, word: str) -> tuple[int, ...]:
    starts = [
        (index, found)
        for index, paragraph in enumerate(paragraphs)
        if (found := _SECTION_START.match(paragraph)) and found["number"].lower() == number
    ]
    # A start written with the locator's kind of word ("§ 5" for "§5") wins over a bare number.
    kind = _word_kind(word)
    worded = [(index, found) for index, found in starts if _word_kind(found["word"]) == kind]
    # A bare number starts a section only as a heading does: "4. Repairs", "4) …", or a
    # short line, not a sentence that opens with a figure ("5 Mitglieder werden gewählt …").
    starts = worded or [
        (index, found)
        for index, found in starts
        if not found["word"] and _heading_like(paragraphs[index], found)
    ]
    if len(starts) != 1:
        return ()
    start, heading = starts[0]
    depth = number.count(".")
    end = start + 1
    while end < len(paragraphs) and end - start < MAX_SECTION:
        found = _SECTION_START.match(paragraphs[end])
        # The next start of its kind and level ends it: with a word ("§ 1" of an annex after
        # "§ 5" too), or a bare number that goes on counting (not a list item "1." inside).
        if (
            found
            and _word_kind(found["word"]) == _word_kind(heading["word"])
            and found["number"].count(".") <= depth
            and (found["word"] or _ordinal(found["number"]) > _ordinal(number))
        ):
            break
        end += 1
    return tuple(range(start + 1, end + 1))


_HEADING_CHARS = 80


def _heading_like(paragraph: str, start: re.Match[str]) -> bool:
    """A number then "." or ")", or a short line that ends without a sentence's stop."""
    line = paragraph.strip()
    return paragraph[start.end() : start.end() + 1] in (".", ")") or (
        len(line) <= _HEADING_CHARS and line[-1:] not in ".!?;:"
    )


def _subsection(
    paragraphs: Sequence[str], section: tuple[int, ...], number: str
) -> tuple[int, ...]:
    for position, paragraph_number in enumerate(section):
        found = _SUBSECTION_START.match(paragraphs[paragraph_number - 1])
        if found and (found["paren"] or found["word"]) == number:
            rest = section[position + 1 :]
            ends = [n for n in rest if _SUBSECTION_START.match(paragraphs[n - 1])]
            last = ends[0] - 1 if ends else section[-1]
            return tuple(range(paragraph_number, last + 1))
    return ()


def _ordinal(number: str) -> tuple[int, ...]:
    return tuple(int(re.sub(r"\D", "", part) or 0) for part in number.split("."))


def _word_kind(word: str | None) -> str:
    """Which words name the same kind of section: "§" and "§§", "Art." and "Article"."""
    if not word:
        return ""
    word = word.lower()
    for kind, words in (("§", ("§",)), ("art", ("art", "artikel", "article"))):
        if word.startswith(words):
            return kind
    return word.rstrip(".")[:3]
