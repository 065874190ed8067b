"""Citation markers: how a response names a source and paragraph (``[S1 ¶3]``, ``(S1)``,
``S1, Abs. 3``). One grammar for every place a citation is written: after a markdown quote,
on a block quote's attribution line, in a markdown table's source column, at the end of a
JSON quote field, in a JSON source or paragraph field, in a footnote's definition.

- ``find_marker``: a marker in brackets (or parentheses) at a position of a text, with the
  markers written right after it (a run; the first cites).
- ``read_citation``: a whole string that is a citation, bracketed or bare
  (``D1 para 2``, ``Source: D1``), for places that hold nothing but a citation.
- ``parse_paragraph``: a paragraph number as written on its own (``3``, ``"¶3"``, ``"S. 3"``,
  ``"(3)"``, ``"Abs. 3 Satz 1"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from ..text import LazyPattern, back, skip, trim
from .locators import PAGE_WORDS, cited_page, without_locator

# The words a citation writes before a paragraph's number, by language, as models write
# them: a paragraph, and what models cite in its place (a line, a clause's subsection; a
# page is no paragraph: ``locators.PAGE_WORDS``). ``PARAGRAPH_WORD`` is made of them; a
# word is written in lower case (its first letter may be a capital), and one without a
# full stop may have one ("para.").
PARAGRAPH_WORDS: dict[str, tuple[str, ...]] = {
    "signs": ("¶", "¶¶", "§", "§§"),
    "en": ("para", "paras", "paragraph", "paragraphs", "line", "lines"),
    "de": ("abs.", "absatz", "absätze", "zeile", "zeilen"),
    "es": ("párr.", "párrafo", "párrafos", "línea", "líneas"),
    "it": ("par.", "paragrafo", "paragrafi", "comma", "commi", "riga", "righe"),
    "fr": ("al.", "alinéa", "alinéas", "paragraphe", "paragraphes", "ligne", "lignes"),
    "pt": ("parágrafo", "parágrafos", "linha", "linhas"),
    "nl": ("alinea", "alinea's", "lid"),
    "pl": ("ust.", "akapit", "akapity", "wiersz"),
    "cs": ("odst.", "odstavec", "odstavce", "řádek"),
    "ru": ("абз.", "абзац", "п.", "пункт", "строка"),
    "tr": ("paragraf", "paragraflar", "satır"),
    "sv": ("stycke", "st.", "rad"),
    "da": ("afsnit", "stk.", "stykke", "linje"),
    "no": ("avsnitt", "ledd", "linje"),
    "fi": ("kappale", "kpl.", "rivi"),
    "uk": ("абзац", "рядок"),
    "el": ("παρ.", "παράγραφος"),
    "ro": ("alin.", "alineat", "alineatul", "rândul"),
    "hu": ("bek.", "bekezdés"),
    "sk": ("ods.", "odsek", "riadok"),
    "ar": ("الفقرة", "فقرة"),
}
# Languages that write the word after the number ("3항", "第3段", "第2段落"), with an
# ordinal sign before it or not; no space sets these words apart ("第3段落で").
PARAGRAPH_SUFFIXES: dict[str, tuple[str, ...]] = {
    "zh": ("段", "段落", "款", "行"),
    "ja": ("段落", "段", "項", "行"),
    "ko": ("항", "문단", "단락", "행"),
}
PARAGRAPH_ORDINALS = ("第", "제")


def _words(table: dict[str, tuple[str, ...]], *, spaced: bool = True) -> str:
    """An alternation of the words of ``table``, longest first. In a ``spaced`` script a
    word of letters matches with its first letter in either case, with a full stop after
    it, and never inside a longer word."""
    written = []
    for word in sorted({word for words in table.values() for word in words}, key=len)[::-1]:
        if not (spaced and word[0].isalpha()):
            written.append(re.escape(word))
            continue
        first = f"[{word[0].upper()}{word[0]}]"
        rest = re.escape(word[1:]) + ("" if word.endswith(".") else r"\.?(?![^\W\d_])")
        written.append(rf"(?<![^\W\d_]){first}{rest}")
    # never the "al." of "et al." (an author-year reference), nor any word after its "et"
    return r"(?<!\bet[ \t])(?:" + "|".join(written) + ")"


PARAGRAPH_WORD = _words(PARAGRAPH_WORDS)
PARAGRAPH_SUFFIX = _words(PARAGRAPH_SUFFIXES, spaced=False)
ORDINAL = "(?:" + "|".join(PARAGRAPH_ORDINALS) + ")"
# What stands before a paragraph's number: a word ("¶", "párr.", "абз."), or an ordinal
# sign or nothing when a suffix follows the number ("第3段", "第3-4段", "3항").
PARAGRAPH_LEAD = (
    rf"(?:{PARAGRAPH_WORD}[ \t]*|{ORDINAL}?[ \t]*"
    rf"(?=\d{{1,9}}(?:[-–~～]\d{{1,9}})?[ \t]*{PARAGRAPH_SUFFIX}))"
)
PARAGRAPH_TAIL = rf"(?:[ \t]*{PARAGRAPH_SUFFIX})?"
# The words of a label before a source id, by language: "[Source: S1 ¶2]", "(Quelle: E1)",
# "(Fuente: X1)", "（来源：X1）"; "[cite: D1]" too (Gemini's grounding tag naming a source;
# "[cite: 12]" names none: an id starts with a letter). Lower case, as ``PARAGRAPH_WORDS``.
SOURCE_LABEL_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("source", "sources", "ref.", "ref", "reference", "references", "cite"),
    "de": ("quelle", "quellen"),
    "es": ("fuente", "fuentes"),
    "it": ("fonte", "fonti"),
    "pt": ("fonte", "fontes"),
    "fr": ("source", "sources"),
    "nl": ("bron", "bronnen"),
    "pl": ("źródło", "źródła"),
    "cs": ("zdroj", "zdroje"),
    "ru": ("источник", "источники"),
    "tr": ("kaynak", "kaynaklar"),
    "sv": ("källa", "källor"),
    "zh": ("来源", "來源", "出处", "出處"),
    "ja": ("出典", "出所"),
    "ko": ("출처",),
    "da": ("kilde", "kilder"),
    "no": ("kilde", "kilder"),
    "fi": ("lähde", "lähteet"),
    "uk": ("джерело", "джерела"),
    "el": ("πηγή", "πηγές"),
    "ro": ("sursa", "sursă", "surse", "sursele"),
    "hu": ("forrás", "források"),
    "sk": ("zdroj", "zdroje"),
    "ar": ("المصدر", "المصادر", "مصدر"),
}
SOURCE_WORD = _words(SOURCE_LABEL_WORDS)
SOURCE_LABEL = rf"(?:{SOURCE_WORD}[ \t]*[:：][ \t]*)"
SOURCE_ID = r"[A-Za-z][A-Za-z0-9_.-]{0,63}?"
# An id in parentheses must look like a source id: a digit before any full stop ("S1",
# "A1.v2", "doc_7-b"), or one to three capitals before a "¶" ("M ¶2"); so prose such as
# "(see below)", "(sic)", "(p.3)", "(pp. 3-5)" or "(2024)" is never read as a citation.
PARENTHESIZED_ID = r"(?:[A-Za-z][A-Za-z_-]{0,62}?[0-9]|[A-Z]{1,3}[ \t]*¶)"
# Inside a marker a label may go without its colon before an id of that shape: "(source W3)".
MARKER_LABEL = rf"(?:{SOURCE_LABEL}|{SOURCE_WORD}[ \t]+(?={PARENTHESIZED_ID}))"
# A sentence named after a paragraph ("Abs. 3 Satz 1", "¶3, sentence 2"): the paragraph cites.
SENTENCE_PART = r"(?:[ \t]*,?[ \t]*(?:[Ss]atz|[Ss]entences?|[Ss]ent\.)[ \t]*\d{1,9})"
# Separators between the parts of a marker, full-width ones too ("（X1，第2段）").
SEPARATOR = "[,;:†，；：、،]"
# A page after a source id or its paragraph ("D2, p. 12", "D1 ¶4, S. 58", "S1 pp. 3-4"):
# read as the marker's page (``locators.cited_page``), never as a paragraph.
PAGE_WORD = _words(PAGE_WORDS)
PAGE_PLACE = rf"""(?:[ \t]*{SEPARATOR}?[ \t]*{PAGE_WORD}[ \t]*\d{{1,9}}
    (?:[ \t]*[-–][ \t]*\d{{1,9}})?)"""


# A further paragraph after the first: "-4", ", ¶5", "& 7"; "-L5" as ChatGPT writes lines.
MORE_PARAGRAPH = rf"[ \t]*[-–,;&、][ \t]*(?:{PARAGRAPH_LEAD}|(?<=[-–])L)?\d{{1,9}}"


def _paragraphs(group: str) -> str:
    """A marker's paragraph part ("¶3", ", para. 3", ":3" or "#3" after an id ending in a digit,
    "¶3-4",
    "†¶3" and "†L3-L5" in ChatGPT's "【D0†¶3】"),
    the first number captured as ``group`` and the numbers after it as ``group_more`` (not
    captured when empty)."""
    capture = f"(?P<{group}>" if group else "(?:"
    more = f"(?P<{group}_more>" if group else "(?:"
    return rf"""(?:(?:[ \t]*{SEPARATOR}?[ \t]*{PARAGRAPH_LEAD}|(?<=[0-9])[ \t]*[:#][ \t]*|†L?)
        {capture}\d{{1,9}}){more}(?:{MORE_PARAGRAPH})*){PARAGRAPH_TAIL}
        {SENTENCE_PART}?)"""


# A place after a source id in words this grammar does not know ("X1, Abschn. 2", "X1,
# 第3条"): the id still cites, without a paragraph, rather than the whole citation being
# lost. Only after a separator or as an abbreviation ("X1 foo. 2"), so "(Q3 results 2024)"
# stays prose; only in a citation read in words (``BARE_CITATION``), where a locator the
# locator grammar reads ("L1, clause 2") is read as a name with a locator instead.
UNREAD_PLACE = rf"""(?:[ \t]*{SEPARATOR}[ \t]*|[ \t]+(?=[^\W\d_]{{1,15}}\.))
    (?:[^\W\d_]{{1,15}}\.?[ \t]*\d{{1,9}}|{ORDINAL}?\d{{1,9}}[ \t]*[^\W\d_]{{1,3}})
    (?:[ \t]*[-–][ \t]*\d{{1,9}})?"""


# Bracketed words models write into quotes that name no source: Gemini's grounding tags
# ("[cite_start]", "[cite_end]") and "[sic]". Never read as a source id.
NOT_A_SOURCE = r"(?!(?:cite_start|cite_end|sic)(?![A-Za-z0-9_.-]))"


def _citations(*, unread: bool = False) -> str:
    """One or more citations: the first cites, the others come along; with ``unread``, the
    first id may be followed by an ``UNREAD_PLACE`` (captured as ``unread``) when it has a
    source id's shape (``shaped``). A page before or after an id's paragraph is read as a
    page, never a paragraph (``D2, p. 12`` cites D2 at page 12); the first citation's places
    are captured as ``places``."""
    place = _paragraphs("paragraph")
    if unread:
        place = rf"(?:{place}|(?(shaped)(?P<unread>{UNREAD_PLACE})|(?!)))"
    return rf"""{NOT_A_SOURCE}(?P<ref>{SOURCE_ID})(?P<places>{PAGE_PLACE}?{place}?{PAGE_PLACE}?)
        (?:[ \t]*[,;，；、][ \t]*{SOURCE_ID}{PAGE_PLACE}?{_paragraphs("")}?{PAGE_PLACE}?)*"""


_CITATIONS = _citations()
# A marker is in brackets or parentheses, or in what models wrap around one: "[[D1 ¶3]]" (a
# wiki link), "^[D1 ¶3]" (Pandoc's inline footnote), "<sup>[D1 ¶3]</sup>", "<sup>D1 ¶3</sup>"
# and ChatGPT's "【D0†¶3】", "【D0†L3-L5】", "【D0†source】" ("【4:0†source】" names no source id);
# in braces or angle brackets ("{W3}", "<W3 ¶2>": a capital first, so "<h2>" is a tag);
# in emphasis ("*(W3)*"); with a pictograph before the id ("[📄 W3]") or a dagger after it
# ("[W3‡]"). Without square brackets (in parentheses, braces, angle brackets, a bare
# "<sup>") the id must have a source id's shape, unless a label says it is one ("(Kilde:
# OLD)").
PICTOGRAPH = "[\U0001f300-\U0001faff]\ufe0f?"  # not "⚠", which flags an export's verdict
MARKER = LazyPattern(
    rf"""(?P<emphasis>\*{{1,2}}|_{{1,2}})?(?P<sup><sup>[ \t]*)?
        (?:(?P<double>\[\[)|(?P<bracket>\^?[\[［])|(?P<lenticular>【)
            |(?P<paren>[(（]|(?P<brace>\{{)|(?P<angle><(?=[A-Z])))|(?(sup)|(?!)))
        [ \t]*(?:{PICTOGRAPH}[ \t]*)?(?:(?P<labelled>{SOURCE_LABEL})|{MARKER_LABEL})?
        (?(labelled)|(?(bracket)|(?(double)|(?(lenticular)|(?={PARENTHESIZED_ID})))))
        {_CITATIONS}
        (?(lenticular)(?:[ \t]*†[^】\n]{{0,80}})?|[†‡]?)
        [ \t]*(?(paren)(?(brace)\}}|(?(angle)>|[)）]))
            |(?(lenticular)】|(?(double)\]\]|(?(bracket)[\]］]))))
        (?(sup)[ \t]*</sup>)
        (?(bracket)(?:\((?P<url>[^()\s]+)\))?)
        (?(emphasis)(?P=emphasis))""",
    re.VERBOSE,
)
# The same citations without brackets: "D1, ¶2", "Source: D1 para 2".
BARE_CITATION = LazyPattern(
    rf"""[ \t]*(?P<label>{SOURCE_LABEL})?(?P<shaped>(?={PARENTHESIZED_ID}))?
        {_citations(unread=True)}[ \t]*""",
    re.VERBOSE,
)
# A source named by its title or label, then a paragraph or a page: "Procurement Policy,
# ¶1", "Annual report 2024, p. 12" (the source alone).
NAMED_CITATION = LazyPattern(
    rf"[ \t]*(?P<ref>\S.*?)(?P<places>{_paragraphs('paragraph')}|{PAGE_PLACE})[ \t]*",
    re.VERBOSE,
)
# A paragraph number written on its own, in a paragraph field or column: 3, "¶3", "para 3",
# "Abs. 3 Satz 1", "3.", "(3)", "[3]", "#3", "P3", "pt. 3", and more than one: "3-4", "3, 4"
# (a page, "S. 3", is none). Only where a paragraph is all there is: in other text "(3)" is
# text.
PARAGRAPH_NUMBER = LazyPattern(
    rf"""\s*(?:(?P<paren>\()|(?P<bracket>\[))?\s*
        (?:(?:{PARAGRAPH_LEAD}|\#|p(?=\d)|pt\.?|pkt\.?|n[or]\.)\s*)?
        (?P<number>\d{{1,9}})\.?
        (?P<more>(?:\s*[-–,;&、]\s*(?:{PARAGRAPH_LEAD}\s*)?\d{{1,9}})*){PARAGRAPH_TAIL}
        {SENTENCE_PART}?\s*(?(paren)\))(?(bracket)\])\s*""",
    re.IGNORECASE | re.VERBOSE,
)
# Footnote-style citations: a reference after the quote ("[^1]", "[^rent]", "[1]", a
# superscript "¹"; a number as Copilot, "[^3^]", and Gemini, "[cite: 3]", write it) whose
# definition line holds the citation ("[^1]: D1 ¶2", "[1]: Source: D1, ¶2", "[1] D1 ¶2",
# "¹ D1, Abs. 3", "³: News article", a reference list's "3. News article"). A number no
# definition explains names the source labelled with it (``cite_after.numbered_reference``).
SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_FOOTNOTE_LABEL = (
    rf"\[\^(?P<label>[^\]\s^]{{1,40}})\]|\[(?:\^|{SOURCE_LABEL})?(?P<number>\d{{1,3}})\^?\]"
)
FOOTNOTE_REFERENCE = LazyPattern(rf"{_FOOTNOTE_LABEL}|(?P<sup>[{SUPERSCRIPT_DIGITS}]{{1,3}})")
FOOTNOTE_DEFINITION = LazyPattern(
    rf"""^[ \t]{{0,3}}(?:(?:{_FOOTNOTE_LABEL})(?P<colon>:)?|(?P<sup>[{SUPERSCRIPT_DIGITS}]{{1,3}}):?
        |(?P<listed>\d{{1,3}})[.)](?=[ \t]))
        [ \t]*(?P<citation>[^\n]*?)[ \t.]*$""",
    re.MULTILINE | re.VERBOSE,
)
# A source named by its address in a reference list: "[1] https://example.com/lease.pdf".
URL = LazyPattern(r"<?(?P<url>https?://[^\s<>]+)>?")
# How an export flags a quote it keeps unverified (``export.markdown_flag``); read back as
# part of the quote's marker run, never as quote text or a citation.
FLAG = LazyPattern(r"\[⚠ [a-z_]+\]")
# What every marker run ends with: a closing bracket, parenthesis, brace or tag (``</sup>``,
# ``<D1>``), emphasis around it, or a flag's bracket
MARKER_LAST_CHARACTERS = ")）}>]］】*_"


@dataclass(frozen=True, slots=True)
class Marker:
    ref: str
    paragraph: int | None
    url: str | None
    start: int
    end: int
    # every paragraph of ``ref`` cited when more than one is (``¶2-4``, ``¶2, ¶5``)
    paragraphs: tuple[int, ...] = ()
    # the page it names and the end of a page range (``D2, p. 12``, ``S1 pp. 3-4``)
    page: int | None = None
    page_end: int | None = None
    # ``ref`` is a name in prose ("Lease Agreement, §4", "<cite>Lease 2019</cite>"), not a
    # marker: it cites only when it names a known source, else the quote is uncited (it
    # becomes ``ParsedQuote.attributed_to``); "" when only a paragraph is named ("(¶3)")
    named: bool = False
    # where a run of markers in brackets is written, from its first to its last (without
    # what comes around it: a dash, parentheses, export flags), and whether one of them is
    # a link (``[D1 ¶2](https://…)``): what an export rewrites
    written: tuple[int, int] | None = None
    link: bool = False


def quote_citation(marker: Marker | None) -> dict[str, Any]:
    """The citation fields of a ``ParsedQuote`` cited by ``marker`` (None: uncited)."""
    if marker is None:
        return {}
    return {
        "cited_ref": None if marker.named else marker.ref,
        "cited_paragraph": marker.paragraph,
        "cited_paragraphs": marker.paragraphs,
        "cited_page": marker.page,
        "cited_page_end": marker.page_end,
        "attributed_to": (marker.ref or None) if marker.named else None,
    }


def find_marker(text: str, position: int, *, parenthesized: bool = False) -> Marker | None:
    """The citation marker starting at ``position``, after spaces on the same line; one in
    parentheses (``(S1 ¶2)``) only when ``parenthesized`` (it follows an inline quote).

    Markers written right after it (``[S1 ¶2] [S2 ¶4]``) belong to it (``end`` is after
    the last); the first one is the citation.
    """
    found = _marker_match(text, position, parenthesized)
    if found is None:
        return None
    end = last = found.end()
    link = bool(found["url"])
    while (following := _marker_match(text, end, parenthesized)) is not None or (
        following := _flag_match(text, end)
    ) is not None:
        end = following.end()
        if following.re is MARKER.compiled:
            last, link = end, link or bool(following["url"])
    return replace(_marker(found, found.start(), end), written=(found.start(), last), link=link)


def read_citation(
    text: str, start: int = 0, end: int | None = None, *, shaped_only: bool = False
) -> Marker | None:
    """The citation that is all of ``text[start:end]`` (spaces aside), or None.

    A marker (run) in brackets or parentheses always counts; so does one without brackets
    (``D1, ¶2``, ``Source: D1``, a title with a paragraph: ``Lease Annex, ¶2``), in a place
    that holds nothing but a citation (a source field). With ``shaped_only`` (a place where
    prose may stand) a bare one counts only after a ``Source:`` label, with a paragraph
    (``POL, ¶2``) or when its id looks like a source id (``D1``).

    >>> [(m.ref, m.paragraph) for m in map(read_citation, ["[A1 ¶2]", "A1, ¶2", "D1 para 2"])]
    [('A1', 2), ('A1', 2), ('D1', 2)]
    >>> read_citation("Lease Annex, ¶2").ref, read_citation("two words") is None
    ('Lease Annex', True)
    >>> read_citation("Lease", shaped_only=True), read_citation("Jo Doe, p. 4", shaped_only=True)
    (None, None)
    """
    start, end = trim(text, start, len(text) if end is None else end)
    marker = find_marker(text, start, parenthesized=True)
    if marker is not None and marker.end == end:
        return marker
    found = _bare_citation(text, start, end)
    if found is not None and (
        found["label"] or found["shaped"] is not None or found["paragraph"] or not shaped_only
    ):
        return _marker(found, start, end)
    if shaped_only:
        return None
    found = NAMED_CITATION.fullmatch(text, start, end)
    return _marker(found, start, end) if found is not None else None


def _bare_citation(text: str, start: int, end: int) -> re.Match[str] | None:
    """``BARE_CITATION`` matching all of ``text[start:end]``; not when the place after its id
    is one the locator grammar reads (``L1, clause 2``): that is a name with a locator, which
    names the place too."""
    found = BARE_CITATION.fullmatch(text, start, end)
    if found is not None and found["unread"] and without_locator(found.group(), unread=False)[1]:
        return None
    return found


# Words around a citation written in prose: "see D1 at ¶4", "vgl. D1, Abs. 3", "Doc D1, ¶3",
# "Document D1, paragraph 3". A kind word is dropped only before an id ("Doc 2" may be a label).
_PROSE_LEAD = LazyPattern(
    r"(?:(?:[Ss]ee(?:[ \t]+also)?|[Cc]f\.|[Cc]ompare|[Vv]gl\.|[Ss]iehe(?:[ \t]+auch)?|s\.|[Ff]rom"
    r"|[Aa]us|[Pp]er|[Ll]aut|[Ii]n):?[ \t]+)?"
    rf"(?P<label>{SOURCE_LABEL})?"
    r"(?:(?:[Dd]oc(?:ument)?|[Dd]okument|[Aa]ttachment|[Aa]nlage|[Ee]-?[Mm]ail)\.?[ \t]+"
    rf"(?={PARENTHESIZED_ID}))?"
)
_PARAGRAPH_AFTER_WORD = LazyPattern(rf"[ \t]+(?:at|in|bei|unter)[ \t]+(?={PARAGRAPH_WORD})")
_PARAGRAPH_ONLY = LazyPattern(
    rf"{PARAGRAPH_LEAD}(?P<number>\d{{1,9}})"
    rf"(?P<more>(?:[ \t]*[-–,;&、][ \t]*(?:{PARAGRAPH_LEAD})?\d{{1,9}})*){PARAGRAPH_TAIL}"
)
# a page written alone ("p. 12", "S. 58"): in words or a footnote, it names neither
# a source nor a paragraph
PAGE_ONLY = LazyPattern(PAGE_PLACE, re.VERBOSE)
_HTML_TAG = LazyPattern(r"</?[A-Za-z][^<>\n]*>")
MAX_NAME_WORDS = 8


def _page_only(written: str, name: str, start: int, end: int) -> Marker:
    """A citation in words that is a page alone (``p. 12``), of the source ``name`` names
    (a footnote's label; "" for none)."""
    page = cited_page(written)
    return Marker(
        ref=name,
        paragraph=None,
        url=None,
        start=start,
        end=end,
        page=page[0] if page else None,
        page_end=page[1] if page else None,
        named=True,
    )


def read_prose_citation(text: str, start: int, end: int) -> Marker | None:
    """The citation a writer put into words in ``text[start:end]`` (the inside of
    parentheses or brackets after a quote, or what follows a dash), HTML tags aside:

    - a marker when it names a source id or follows a ``Source:`` label (``see D1 at ¶4``
      cites D1 ¶4, ``vgl. D1, Abs. 3``, ``Doc D1, ¶3``);
    - a paragraph alone (``¶3``, ``para. 4``): a ``named`` marker without a name, the
      source to come from the context; a page alone (``p. 4``) the same without a
      paragraph;
    - a name (``Lease Agreement, §4``, ``Lease 2019``): a ``named`` marker, which cites only
      if it names a known source (title or label), so prose read as a name costs nothing;
      only a name with a paragraph, or one that starts with a capital and has at most
      eight words (``(see below)`` and ``(2024)`` are no names).

    >>> def cites(written):
    ...     marker = read_prose_citation(written, 0, len(written))
    ...     return marker and (marker.ref, marker.paragraph, marker.named)
    >>> cites("see D1 at ¶ 4"), cites("¶3"), cites("Lease Agreement, §4"), cites("see below")
    (('D1', 4, False), ('', 3, True), ('Lease Agreement, §4', None, True), None)
    >>> cites("S. 12"), cites("D2, p. 12")
    (('', None, True), ('D2', None, False))
    """
    lead = _PROSE_LEAD.match(text, start, end)
    assert lead is not None  # every part is optional
    written = _HTML_TAG.sub("", text[lead.end() if lead["label"] is None else start : end])
    written = _PARAGRAPH_AFTER_WORD.sub(", ", " ".join(written.split())).strip(" .,;")
    if not written:
        return None
    found = _bare_citation(written, 0, len(written))
    if found is not None and (found["label"] or found["shaped"] is not None):
        return _marker(found, start, end)
    found = _PARAGRAPH_ONLY.fullmatch(written)
    if found is not None and int(found["number"]) >= 1:
        number = int(found["number"])
        return Marker(
            ref="",
            paragraph=number,
            url=None,
            start=start,
            end=end,
            paragraphs=cited_paragraphs(number, found["more"]),
            named=True,
        )
    if PAGE_ONLY.fullmatch(written):
        return _page_only(written, "", start, end)
    name, labelled = without_label(written)
    if NAMED_CITATION.fullmatch(name) or (
        starts_a_name(name) and len(name.split()) <= MAX_NAME_WORDS
    ):
        # the label stays: a name after one is plainly a citation (``without_label``)
        ref = written if labelled else name
        return Marker(ref=ref, paragraph=None, url=None, start=start, end=end, named=True)
    return None


def starts_a_name(words: str) -> bool:
    """Whether ``words`` start as a name does: with a capital, or with a letter of a script
    that has no capitals (``旧ハンドブック``, ``المصدر``), where any word may be one.

    >>> starts_a_name("Lease"), starts_a_name("旧ハンドブック"), starts_a_name("see below")
    (True, True, False)
    """
    first = words[:1]
    return first.isupper() or (first.isalpha() and not first.islower())


_LABEL_START = LazyPattern(SOURCE_LABEL)


def without_label(name: str) -> tuple[str, bool]:
    """``name`` without a source label before it (``Kilde: Old Handbook``, ``Πηγή: AGBALT``)
    and whether it had one: a name so labelled is plainly a citation, so one the turn
    does not have is an unknown source, never prose.

    >>> without_label("Kilde: Old Handbook, afsnit 1"), without_label("Jonas Brandt")
    (('Old Handbook, afsnit 1', True), ('Jonas Brandt', False))
    """
    stripped = name.strip()
    found = _LABEL_START.match(stripped)
    if found is None or found.end() == len(stripped):
        return stripped, False
    return stripped[found.end() :].strip(), True


def parse_paragraph(value: object) -> int | None:
    """A cited paragraph number from a value written on its own, or None when it is not one.

    >>> [parse_paragraph(v) for v in (3, "3", "¶3", "para 3", "0", "three", True, 2.0)]
    [3, 3, 3, 3, None, None, None, None]
    >>> parse_paragraph("S. 3"), parse_paragraph("p. 12")  # a page is no paragraph
    (None, None)
    >>> [parse_paragraph(v) for v in ("3.", "(3)", "#3", "P3", "Abs. 3 Satz 1", "3.5", "(3")]
    [3, 3, 3, 3, 3, None, None]
    """
    return parse_paragraphs(value)[0]


def parse_paragraphs(value: object) -> tuple[int | None, tuple[int, ...]]:
    """The cited paragraph from a value written on its own, as ``parse_paragraph`` reads
    it, and every paragraph it names when it names more than one (``"3-4"``, as a marker's
    ``¶3-4``). A list names what its first item names.

    >>> parse_paragraphs("Abs. 3-5"), parse_paragraphs("3, 4"), parse_paragraphs([2, 7])
    ((3, (3, 4, 5)), (3, (3, 4)), (2, ()))
    """
    if isinstance(value, list):
        return parse_paragraphs(value[0]) if value else (None, ())
    if isinstance(value, bool):
        return None, ()
    if isinstance(value, int):
        return (value if value >= 1 else None), ()
    found = PARAGRAPH_NUMBER.fullmatch(value) if isinstance(value, str) else None
    if found is None or int(found["number"]) < 1:
        return None, ()
    number = int(found["number"])
    return number, cited_paragraphs(number, found["more"])


def marker_ending_at(
    text: str, start: int, end: int, *, parenthesized: bool = False
) -> Marker | None:
    """The marker (run) that is the last thing in ``text[start:end]``; one in parentheses
    only when ``parenthesized``."""
    if end <= start or text[end - 1] not in MARKER_LAST_CHARACTERS:
        return None  # most quote fields end in a word: no marker search through them
    for found in MARKER.finditer(text, start, end):
        marker = find_marker(text, found.start(), parenthesized=parenthesized)
        if marker is not None and marker.end == end:
            return marker
    return None


def after_flags(text: str, position: int) -> int:
    """``position`` moved past export flags written there."""
    while (flag := _flag_match(text, position)) is not None:
        position = flag.end()
    return position


def before_flags(text: str, start: int, end: int) -> int:
    """``end`` moved back over export flags (and spaces) that end ``text[start:end]``."""
    while True:
        trimmed = back(text, end, start)
        flag = next((m for m in FLAG.finditer(text, start, trimmed) if m.end() == trimmed), None)
        if flag is None:
            return trimmed
        end = flag.start()


def footnote_label(found: re.Match[str]) -> str:
    """The label of a footnote reference or definition: "[^1]", "[1]", "[^1^]", "¹" and a
    reference list's "1." are all "1"."""
    if found["sup"]:
        return found["sup"].translate(_SUPERSCRIPT_TO_ASCII)
    return found["label"] or found["number"] or found.groupdict()["listed"]


def footnote_citation(text: str, found: re.Match[str]) -> Marker | None:
    """The citation a footnote definition (a ``FOOTNOTE_DEFINITION`` match) holds: all of
    it, or the citation it opens with before a description (``leading_citation``). A
    markdown footnote (``[^1]: …``, ``[1]: …``) that reads as no citation cites its text as
    written (verification resolves a title or label, else finds no such source). A bare
    ``[1] …``, ``¹ …`` or ``1. …`` line (a reference list's) holds a citation, or a name
    as ``read_prose_citation`` reads one, or a URL: a ``named`` marker, which cites only
    when it is a known source's title, label or URL; anything else is prose.

    A footnote's label that is a name (``[^D2]``, ``[^report]``, not ``[^1]``) may name the
    source too: where the definition names one only by a name (a title, a description)
    the label and that name are the reference's parts (``D2 – Annual report``), which
    name the one source they name (``source_names.resolve_source``); a definition that is
    empty or a page alone leaves the label, a ``named`` marker, to name it.

    >>> def cites(line):
    ...     marker = footnote_citation(line, FOOTNOTE_DEFINITION.match(line))
    ...     return marker and (marker.ref, marker.paragraph)
    >>> cites("[^1]: Source: D1, ¶2."), cites("[1] Lease Annex, ¶4"), cites("¹ D1, Abs. 3")
    (('D1', 2), ('Lease Annex', 4), ('D1', 3))
    >>> cites("[^2]: Email from Anna of 3 May"), cites("[2] see the annex")
    (('Email from Anna of 3 May', None), None)
    >>> cites("³ News article Harbor Point"), cites("[3] <https://example.com/hp>")
    (('News article Harbor Point', None), ('https://example.com/hp', None))
    >>> cites("[^3]: D2 ¶4 — Annual report 2024, p. 12"), cites("[^3]: [D2, ¶4] Annual report")
    (('D2', 4), ('D2', 4))
    >>> cites("[^D2]: Annual report 2024, p. 12"), cites("[^D2]: S. 12"), cites("[^1]: p. 12")
    (('D2 – Annual report 2024', None), ('D2', None), None)
    """
    start, end = found.span("citation")
    label = found["label"] if found["label"] and not found["label"].isdigit() else ""
    if start == end or PAGE_ONLY.fullmatch(text, start, end):
        return _page_only(text[start:end], label, start, end) if label else None
    marker = read_citation(text, start, end, shaped_only=True) or leading_citation(
        text, start, end, shaped_only=True
    )
    if marker is not None:
        return marker
    marker = leading_citation(text, start, end) or read_citation(text, start, end)
    if marker is None and (found["label"] or found["colon"]):
        marker = Marker(ref=text[start:end], paragraph=None, url=None, start=start, end=end)
    if marker is not None:
        return replace(marker, ref=f"{label} – {marker.ref}") if label else marker
    if (url := URL.fullmatch(text, start, end)) is not None:
        return Marker(ref=url["url"], paragraph=None, url=None, start=start, end=end, named=True)
    name = read_prose_citation(text, start, end)
    return name if name is not None and name.ref else None


# Where a footnote's description may start after its citation: a dash or bar between
# spaces, an opening parenthesis, a punctuation mark before a space ("D2 ¶4 — Annual
# report", "D2 ¶4 (Annual report)", "Source: D2. Annual report").
DESCRIPTION_START = LazyPattern(r"[ \t]+(?:[—–―|]|-{1,2})(?:[ \t]|$)|[ \t]*[(（]|[,;:.][ \t]")
MAX_CITATION_CHARS = 120  # a citation opening a definition is short; a description is not


def leading_citation(
    text: str, start: int, end: int, *, shaped_only: bool = False
) -> Marker | None:
    """The citation ``text[start:end]`` opens with before a description, as footnotes and
    reference lists write one (``D2 ¶4 — Annual report 2024, p. 12``, ``[D2, ¶4] Annual
    report``, ``Source: D2. Annual report``): a marker, or the longest stretch before a
    ``DESCRIPTION_START`` that ``read_citation`` reads with ``shaped_only`` (an id with a
    source id's shape, after a label or with a paragraph), without it only a name with a
    paragraph (``Annual report, ¶4 — retrieved 2024``). The description names nothing.

    >>> def opens(written, **shape):
    ...     marker = leading_citation(written, 0, len(written), **shape)
    ...     return marker and (marker.ref, marker.paragraph)
    >>> opens("D2 ¶4 — Annual report 2024, p. 12"), opens("[D2, ¶4] Annual report")
    (('D2', 4), ('D2', 4))
    >>> opens("Annual report, ¶4 — retrieved"), opens("Smith, Title", shaped_only=True)
    (('Annual report', 4), None)
    """
    limit = min(end, start + MAX_CITATION_CHARS)
    cuts = [found.start() for found in DESCRIPTION_START.finditer(text, start, limit)]
    marker = find_marker(text, start, parenthesized=True)
    if marker is not None and marker.end <= limit:
        cuts.append(marker.end)
    for cut in sorted(set(cuts), reverse=True):
        cited = read_citation(text, start, cut, shaped_only=shaped_only)
        if cited is not None and (shaped_only or cited.paragraph is not None):
            return cited
    return None


_SUPERSCRIPT_TO_ASCII = str.maketrans(SUPERSCRIPT_DIGITS, "0123456789")


def _marker(found: re.Match[str], start: int, end: int) -> Marker:
    paragraph = int(found["paragraph"]) if found["paragraph"] else None
    url = found.groupdict().get("url")
    paragraphs = cited_paragraphs(paragraph, found["paragraph_more"]) if paragraph else ()
    page = cited_page(found["places"] or "") if "places" in found.re.groupindex else None
    return Marker(
        ref=found["ref"],
        paragraph=paragraph or None,
        url=url,
        start=start,
        end=end,
        paragraphs=paragraphs,
        page=page[0] if page else None,
        page_end=page[1] if page else None,
    )


MAX_RANGE = 20  # a wider range ("¶1-400") names its ends only: it says little about where


def cited_paragraphs(first: int, more: str | None) -> tuple[int, ...]:
    """Every paragraph a citation names from its first number and the rest of its
    paragraph part (``"-4"``, ``", ¶5"``), ranges expanded; () when it names one.

    >>> cited_paragraphs(2, "–4"), cited_paragraphs(2, ", ¶5 & 7"), cited_paragraphs(2, "")
    ((2, 3, 4), (2, 5, 7), ())
    """
    paragraphs, previous = [first], first
    for found in _MORE_PARAGRAPHS.finditer(more or ""):
        number = int(found["number"])
        if found["separator"] in "-–" and 0 < number - previous <= MAX_RANGE:
            paragraphs.extend(range(previous + 1, number))
        paragraphs.append(number)
        previous = number
    unique = tuple(dict.fromkeys(n for n in paragraphs if n >= 1))
    return unique if len(unique) > 1 else ()


_MORE_PARAGRAPHS = LazyPattern(
    rf"""[ \t]*(?P<separator>[-–,;&、])[ \t]*(?:{PARAGRAPH_LEAD}|(?<=[-–])L)?
        (?P<number>\d{{1,9}})""",
    re.VERBOSE,
)


def _marker_match(text: str, position: int, parenthesized: bool) -> re.Match[str] | None:
    found = MARKER.match(text, skip(text, position))
    return found if found is not None and (parenthesized or not found["paren"]) else None


def _flag_match(text: str, position: int) -> re.Match[str] | None:
    return FLAG.match(text, skip(text, position))
