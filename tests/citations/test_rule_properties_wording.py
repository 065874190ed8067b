"""Rule properties of wording: claim-changing variants, dropped list items, subjects,
referents, links, focus words and marked omissions."""

import re
from functools import cache

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from citations.engine import load_bundle, verify_bundle
from citations.engine.matching.approximate import assess, places
from citations.engine.matching.match import PreparedSource
from citations.engine.matching.normalize import fold_text
from citations.engine.matching.words import (
    ARTICLES,
    CONJUNCTIONS,
    CONNECTIVES,
    FOCUS_WORDS,
    PREPOSITIONS,
)
from citations.engine.types import Source, SourceKind, VerificationStatus

from .rule_helpers import (
    PASSING,
    SETTINGS,
    assert_at,
    dev_paragraphs,
    needs_dev,
    result_for,
    sentence_windows,
    windows,
)

OMISSION_HID = "attention.omission_hid"


def drop_adjective(text: str) -> str | None:
    """A German adjective before its noun left out ("umfassendes Walfangverbot")."""
    found = re.search(r"(?<= )([a-zäöü]{4,}(?:e|en|er|es|em)) (?=[A-ZÄÖÜ][a-zäöü]{3,})", text)
    if found is None or found.group(1) in ARTICLES | CONJUNCTIONS | PREPOSITIONS:
        return None
    return text[: found.start()] + text[found.end() :]


def add_intensifier(text: str) -> str | None:
    found = re.search(r"(?<= )(?=[A-ZÄÖÜ][a-zäöü]{4,})", text[1:])
    return (
        None
        if found is None
        else text[: found.start() + 1] + "oberste " + text[found.start() + 1 :]
    )


def change_number(text: str) -> str | None:
    found = re.search(r"\d+", text)
    if found is None:
        return None
    return text[: found.start()] + str(int(found.group()) + 1) + text[found.end() :]


def add_negation(text: str) -> str | None:
    found = re.search(r" (ist|sind|wird|werden|soll|sollen|muss|müssen|kann|können) ", text)
    if found is None:
        return None
    return text[: found.end()] + "nicht " + text[found.end() :]


def change_modal(text: str) -> str | None:
    swaps = {"muss": "kann", "müssen": "können", "kann": "muss", "können": "müssen"}
    found = re.search(r"\b(muss|müssen|kann|können)\b", text)
    if found is None:
        return None
    return text[: found.start()] + swaps[found.group()] + text[found.end() :]


def drop_list_item(text: str) -> str | None:
    """An item of "A, B und C" left out."""
    found = re.search(r"(?<=[,] )[\wäöüß]+, (?=[\wäöüß]+ (?:und|oder) )", text)
    return None if found is None else text[: found.start()] + text[found.end() :]


_ARTICLE_ADJECTIVE = re.compile(
    r"\b(?:der|die|das|ein|eine|einen|einem|einer|den|dem|des) "
    r"(?P<adjective>[a-zäöü]{4,}(?:e|en|er|es|em)) (?=[A-ZÄÖÜ][a-zäöü]{3,})"
)


def drop_adjective_after_the_first_word(text: str) -> str | None:
    """A quote that starts with an article and leaves out the adjective after it ("eine
    Wirtschaftspolitik" of "eine marktwirtschaftliche Wirtschaftspolitik"): the aligner may
    read the article as added and the passage as starting after the adjective."""
    found = _ARTICLE_ADJECTIVE.search(text)
    if found is None or found["adjective"] in ARTICLES | CONJUNCTIONS | PREPOSITIONS:
        return None
    return text[found.start() : found.start("adjective")] + text[found.end("adjective") + 1 :]


def drop_adjective_before_the_last_word(text: str) -> str | None:
    """A quote that ends with a noun and leaves out the adjective before it."""
    found = re.search(r" (?P<adjective>[a-zäöü]{4,}(?:e|en|er|es|em)) [A-ZÄÖÜ][a-zäöü]{3,}$", text)
    if found is None or found["adjective"] in ARTICLES | CONJUNCTIONS | PREPOSITIONS:
        return None
    return text[: found.start("adjective")] + text[found.end("adjective") + 1 :]


CLAIM_CHANGES = {
    "qualifier dropped": drop_adjective,
    "qualifier dropped after the first word": drop_adjective_after_the_first_word,
    "qualifier dropped before the last word": drop_adjective_before_the_last_word,
    "intensifier added": add_intensifier,
    "number changed": change_number,
    "negation added": add_negation,
    "modal changed": change_modal,
}


@needs_dev
@pytest.mark.parametrize("change", CLAIM_CHANGES)
@SETTINGS
@given(window=windows(min_words=8, max_words=24))
def test_a_claim_changing_variant_is_never_verified_or_corrected(change, window):
    paragraph, start, end = window
    changed = CLAIM_CHANGES[change](paragraph[start:end])
    assume(changed is not None and changed != paragraph[start:end])
    assume(changed.lower() not in paragraph.lower())  # it may stand elsewhere as written
    result = result_for(changed, paragraph)
    assert result.status not in PASSING, (changed, result.decision)


_LIST = re.compile(r"(?:[\wäöüß]+, ){2,}[\wäöüß]+ (?:und|oder) [\wäöüß]+")


@cache
def list_windows() -> tuple[tuple[str, int, int], ...]:
    """Dev paragraphs with a list of one-word items ("A, B, C und D") and the passage from
    a few words before it to its end: few windows hold one, so they are drawn from these."""
    found = []
    for paragraph in dev_paragraphs():
        for match in _LIST.finditer(paragraph):
            start = max(0, paragraph.rfind(" ", 0, max(0, match.start() - 30)) + 1)
            if paragraph.count(paragraph[start : match.end()]) == 1:
                found.append((paragraph, start, match.end()))
    return tuple(found)


@needs_dev
@SETTINGS
@given(window=st.sampled_from(list_windows()))
def test_a_list_with_an_item_dropped_is_never_verified_or_corrected(window):
    """claim.list_item: "A, C und D" of "A, B, C und D" leaves an item out."""
    paragraph, start, end = window
    changed = drop_list_item(paragraph[start:end])
    assume(changed is not None and changed.lower() not in paragraph.lower())
    result = result_for(changed, paragraph)
    assert result.status not in PASSING, (changed, result.decision)


# A later clause of a sentence that opens with "Wir": "Wir schützen … und lehnen … ab."
_LATER_CLAUSE = re.compile(
    r"(?:^|(?<=[.!?] ))Wir (?P<first>[^.,;:!?]{8,90}?) und "
    r"(?P<clause>(?:wollen|werden|setzen|lehnen|fordern|unterstützen|stärken|fördern) "
    r"[^.,;:!?]{15,150}\.)"
)


@cache
def later_clauses() -> tuple[tuple[str, re.Match[str]], ...]:
    found = []
    for paragraph in dev_paragraphs():
        for match in _LATER_CLAUSE.finditer(paragraph):
            if paragraph.count(match["clause"]) == 1:
                found.append((paragraph, match))
    return tuple(found)


@needs_dev
@SETTINGS
@given(data=st.data())
def test_a_later_clause_quoted_with_its_sentences_subject_is_corrected(data):
    assume(later_clauses())
    paragraph, match = data.draw(st.sampled_from(later_clauses()))
    result = result_for(f"Wir {match['clause']}", paragraph)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "edit.subject_restored" in result.decision.rules
    assert result.corrected.text.endswith(match["clause"])


@needs_dev
@SETTINGS
@given(data=st.data(), subject=st.sampled_from(["Sie", "Die Regierung", "Viele"]))
def test_a_later_clause_of_someone_elses_sentence_is_not_given_our_subject(data, subject):
    assume(later_clauses())
    paragraph, match = data.draw(st.sampled_from(later_clauses()))
    theirs = paragraph[: match.start()] + subject + paragraph[match.start() + 3 :]
    result = result_for(f"Wir {match['clause']}", theirs)
    assert result.status not in PASSING, result.decision


@SETTINGS
@given(
    case=st.sampled_from(
        [
            ("Die Grundsteuer", "sie", "[die Grundsteuer]", "ist umstritten und wird neu bewertet"),
            ("Der Bund", "er", "[der Bund]", "trägt die Kosten der neuen Schulen allein"),
            ("The council", "it", "[the council]", "will review the parking fees every year"),
            ("La commune", "elle", "[la commune]", "révisera les tarifs chaque année"),
        ]
    ),
    between=st.sampled_from(["", "Das gilt seit 2020. ", "This was decided. "]),
)
def test_a_bracketed_referent_after_a_pronoun_is_corrected_away(case, between):
    """edit.interpolation: "sie [die Grundsteuer] ist …" where the paragraph named the
    Grundsteuer before; the insertion is taken out, the rest is the source's."""
    referent, pronoun, inserted, rest = case
    paragraph = f"{referent} wurde geprüft. {between}Wenn {pronoun} {rest}."
    quote = f"Wenn {pronoun} {inserted} {rest}"
    result = result_for(quote, paragraph)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "edit.interpolation" in result.decision.rules
    assert inserted not in result.corrected.text


@SETTINGS
@given(
    inserted=st.sampled_from(["[not]", "[only]", "[twice]", "[nicht]", "[die Gewerbesteuer]"]),
)
def test_a_bracketed_insertion_that_is_no_referent_named_before_is_refused(inserted):
    """A claim word in brackets, or a referent the paragraph never named, is no
    interpolation: "sie [die Gewerbesteuer]" where the paragraph speaks of the Grundsteuer."""
    paragraph = "Die Grundsteuer wurde geprüft. Wenn sie in Wahrheit eine Vermögenssteuer ist."
    quote = f"Wenn sie {inserted} in Wahrheit eine Vermögenssteuer ist"
    assert result_for(quote, paragraph).status not in PASSING


@needs_dev
@SETTINGS
@given(window=windows(min_words=8, max_words=24))
def test_a_bracketed_insertion_does_not_hide_a_changed_claim(window):
    paragraph, start, end = window
    changed = add_negation(paragraph[start:end])
    assume(changed is not None)
    words = changed.split(" ")
    quote = " ".join([*words[:1], "[die Partei]", *words[1:]])
    assert result_for(quote, paragraph).status not in PASSING


@SETTINGS
@given(
    governor=st.sampled_from(
        ["call on the Council to", "want to", "propose to", "urge the city to", "tried to"]
    ),
    first=st.sampled_from(["fund public schools", "build new homes", "cut the fees"]),
    clause=st.sampled_from(["oppose the patenting of software", "protect the old forest"]),
)
def test_a_clause_governed_by_the_first_one_is_never_given_its_subject(governor, first, clause):
    """edit.subject_restored: "We call on the Council to fund … and oppose …" is no
    "We oppose …"; the clause depends on "to"."""
    paragraph = f"We {governor} {first} and {clause} in the coming years."
    assert result_for(f"We {clause} in the coming years.", paragraph).status not in PASSING


@SETTINGS
@given(
    party=st.sampled_from(["Die CDU", "Der Senat", "Die Regierung", "Der Bürgermeister"]),
    demand=st.sampled_from(["die Abschaffung der Studiengebühren", "neue Radwege in der Stadt"]),
)
def test_a_self_reference_never_stands_for_a_party_the_source_speaks_of(party, demand):
    """edit.self_reference: in the Greens' programme, "Wir fordern …" is not what "Die CDU
    fordert …" says, though the programme says "wir" elsewhere."""
    paragraphs = ["Einleitung.", f"{party} fordert {demand}. Wir lehnen das ab.", "Schluss."]
    data = {
        "bundle_version": 1,
        "id": "party",
        "sources": [
            {"id": "M", "kind": "document", "title": "GRÜNE Wahlprogramm", "paragraphs": paragraphs}
        ],
        "response": {
            "format": "markdown",
            "text": f"Sie schreiben: „Wir fordern {demand}.“ [M ¶2]\n",
        },
    }
    (result,) = verify_bundle(load_bundle(data)).results
    assert result.status not in PASSING, result.decision


@needs_dev
@SETTINGS
@given(
    window=sentence_windows(),
    link=st.sampled_from(sorted(CONNECTIVES - FOCUS_WORDS)),
)
def test_a_link_put_in_front_of_a_sentence_is_corrected_away(window, link):
    """edit.opening_connective: "Daher wir lehnen …" or "Therefore …" for a sentence the
    source opens without it is the sentence; the correction is the source's words."""
    paragraph, start, end = window
    # a link word standing just before or at the start too may be aligned with that one
    # instead (the quote is then refused: safe, not claimed here)
    nearby = paragraph[max(0, start - 60) : end].lower().split()
    assume(link.split()[0] not in nearby)
    result = result_for(f"{link.capitalize()} {paragraph[start:end]}", paragraph)
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "edit.opening_connective" in result.decision.rules
    assert_at(result, start, end)


@needs_dev
@SETTINGS
@given(window=sentence_windows(), focus=st.sampled_from(sorted(FOCUS_WORDS)))
def test_a_focus_word_put_in_front_is_never_corrected_away(window, focus):
    """ "Auch Kinder dürfen …" says more than "Kinder dürfen …": others may too."""
    paragraph, start, end = window
    assume(focus not in paragraph.lower().split())
    result = result_for(f"{focus.capitalize()} {paragraph[start:end]}", paragraph)
    assert result.status not in PASSING, result.decision


@SETTINGS
@given(
    parties=st.permutations(["the Landlord", "the Tenant", "the Agent"]),
    verb=st.sampled_from(["notify", "inform", "warn"]),
    which=st.integers(0, 1),
)
def test_a_bracketed_referent_with_a_rival_named_before_is_refused(parties, verb, which):
    """edit.interpolation: "it [the Tenant] terminates" where the Landlord and the Tenant
    are both named before "it": which one it means is not read, so neither is corrected."""
    first, second, _ = parties
    paragraph = f"{first.capitalize()} shall {verb} {second} in writing before it ends the lease."
    named = (first, second)[which]
    quote = f"it [{named}] ends the lease"
    assert result_for(quote, paragraph).status not in PASSING


@SETTINGS
@given(
    names=st.permutations(["Smith", "Jones", "Novak", "Meyer"]),
    nouns=st.permutations(["tenants", "landlords", "agents"]),
    join=st.sampled_from([" and ", " or ", ", "]),
    which=st.integers(0, 1),
    kind=st.sampled_from(["names", "nouns"]),
)
def test_a_bare_referent_with_a_rival_named_before_is_refused(names, nouns, join, which, kind):
    """edit.interpolation without an article: "He [Jones]" where Smith and Jones are both
    named before, "They [tenants]" where tenants and landlords are: which one the pronoun
    means is not read, so neither is corrected."""
    if kind == "names":
        first, second = names[:2]
        paragraph = f"{first} met {second} on Monday. He agreed to pay the rent."
        quote = f"He [{(first, second)[which]}] agreed to pay the rent"
    else:
        first, second = nouns[:2]
        paragraph = f"{first.capitalize()}{join}{second} must register. They pay a fee of 50 euros."
        quote = f"They [{(first, second)[which]}] pay a fee of 50 euros"
    result = result_for(quote, paragraph)
    assert result.status not in PASSING, (paragraph, quote, result.decision)


@SETTINGS
@given(
    link=st.sampled_from(["Außerdem", "Darüber hinaus", "Zudem", "Deshalb", "Daher", "Ferner"]),
    verb=st.sampled_from(["ist", "wird", "muss", "soll", "kann"]),
    subject=st.sampled_from(["die Haustür", "der neue Vorstand", "jedes Mitglied"]),
    rest=st.sampled_from(["in der Nacht abzuschließen", "bis Ende Mai zu benachrichtigen"]),
    asked=st.booleans(),
)
def test_a_link_dropped_with_its_verb_put_after_the_subject_is_corrected(
    link, verb, subject, rest, asked
):
    """edit.opening_connective: "Die Haustür ist …" for "Außerdem ist die Haustür …" (a
    German sentence puts its verb second); "Is the landlord …?" read as "The landlord is …"
    makes a statement of a question, never corrected."""
    source = f"{link} {verb} {subject} {rest}{'?' if asked else '.'}"
    quote = f"{subject[0].upper()}{subject[1:]} {verb} {rest}."
    result = result_for(quote, f"Zur Hausordnung. {source}")
    if asked:
        assert result.status not in PASSING, result.decision
    else:
        assert result.status is VerificationStatus.CORRECTED, result.decision
        assert "edit.opening_connective" in result.decision.rules


CONDITIONED = [
    ("Beschäftigte können", "mit Zustimmung der Führungskraft", "bis zu zwei Tage mobil arbeiten."),
    (
        "Employees may,",
        "with the prior written consent of their manager,",
        "work from home two days.",
    ),
    ("Los empleados pueden,", "con la autorización de su superior,", "teletrabajar dos días."),
    (
        "Les salariés peuvent,",
        "avec l'accord préalable de leur responsable,",
        "télétravailler deux jours.",
    ),
    ("Pracownicy mogą,", "pod warunkiem uzyskania pisemnej zgody,", "pracować zdalnie dwa dni."),
    (
        "Сотрудники могут",
        "при условии письменного согласия руководителя",
        "работать удалённо два дня.",
    ),
    ("Medarbetare får,", "efter godkännande av chefen,", "arbeta hemifrån två dagar."),
    (
        "I dipendenti possono,",
        "previa autorizzazione del responsabile,",
        "lavorare da casa due giorni.",
    ),
]


@pytest.mark.parametrize("case", CONDITIONED)
@pytest.mark.parametrize("mark", [" […] ", " ... ", " (...) "])
def test_an_omission_hiding_the_condition_of_a_permission_is_corrected_naming_it(case, mark):
    """edit.marked_omission: "Beschäftigte können […] mobil arbeiten" of "… können mit
    Zustimmung der Führungskraft … mobil arbeiten" marks what it leaves out, in any
    language: corrected to the source's passage with the condition restored, and attention
    names the condition it hid (attention.omission_hid)."""
    before, condition, after = case
    source = f"{before} {condition} {after}"
    result = result_for(f"{before.rstrip(',')}{mark}{after}", f"Einleitung. {source}")
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert "edit.marked_omission" in result.decision.rules
    assert condition.strip(",") in result.corrected.text
    hid = [fold_text(a.words) for a in result.attention if a.rule == OMISSION_HID]
    assert hid == [fold_text(condition.strip(","))], result.attention


WRITERS = [  # (title, the writer's name, "we" sentence, the name's sentence), by language
    ("DIE LINKE Wahlprogramm 2009", "DIE LINKE", "Wir fordern {x}.", "DIE LINKE fordert {x}."),
    ("Council minutes, 4 May", "The Council", "We reject {x}.", "The Council rejects {x}."),
    ("Procès-verbal du Conseil", "Le Conseil", "Nous refusons {x}.", "Le Conseil refuse {x}."),
]
MATTERS = ["the proposed increase of the fees for all residents", "die Abschaffung der Gebühren"]


@SETTINGS
@given(
    case=st.sampled_from(WRITERS),
    matter=st.sampled_from(MATTERS),
    name_in_quote=st.booleans(),
    other=st.sampled_from(["Acme Ltd and {w}", "{w} & Partner", "Vertrag zwischen {w} und X"]),
)
def test_the_writers_name_and_its_self_reference_swap_only_where_it_alone_wrote(
    case, matter, name_in_quote, other
):
    """edit.self_reference both ways: "DIE LINKE fordert …" for "Wir fordern …" and back,
    where the title names the writer; a title naming two ("Acme Ltd and Borealis GmbH"),
    whose "we" is either party, refuses both."""
    title, name, we, named = case
    source, quote = named.format(x=matter), we.format(x=matter)
    if name_in_quote:
        source, quote = quote, source
    paragraphs = ["Einleitung.", f"{source} {we.format(x='das')}"]

    def status(titled: str) -> VerificationStatus:
        data = {
            "bundle_version": 1,
            "id": "writer",
            "sources": [{"id": "M", "kind": "document", "title": titled, "paragraphs": paragraphs}],
            "response": {"format": "markdown", "text": f"Sie schreiben: „{quote}“ [M ¶2]\n"},
        }
        (result,) = verify_bundle(load_bundle(data)).results
        return result.status

    assert status(title) is VerificationStatus.CORRECTED
    assert status(other.format(w=name)) not in PASSING


@needs_dev
@SETTINGS
@given(window=windows(), data=st.data())
def test_reading_a_place_edit_by_edit_never_changes_its_rank(window, data):
    """Issue 12, speed: the places a quote may be are ranked by similarity before any is
    read edit by edit, and only the one chosen is read. That chooses what reading every
    place would choose only while the reading gives each place the score it was ranked by:
    whatever the quote did (a word dropped or changed, a connective dropped at the start, the
    writer's name said as "Wir"), for every place of it."""
    paragraph, start, end = window
    words = paragraph[start:end].split()
    edit = data.draw(st.sampled_from(["drop", "change", "connective", "self-reference"]))
    if edit == "drop":
        del words[data.draw(st.integers(1, len(words) - 2))]
    elif edit == "change":
        words[data.draw(st.integers(1, len(words) - 2))] += "e"
    elif edit == "connective":
        paragraph = f"{paragraph[:start]}Darüber hinaus {paragraph[start:]}"
    else:
        paragraph = f"{paragraph[:start]}Die Partei {paragraph[start:]}"
        words.insert(0, "Wir")
    quote = " ".join(words)
    searcher = PreparedSource(Source("M", SourceKind.DOCUMENT, ("Einleitung.", paragraph)))
    found = places(fold_text(quote), searcher, sentence_start=quote[:1].isupper())
    assert found
    for place in found:
        assert assess(place, min_score=0.0).score == place.score


@SETTINGS
@given(
    case=st.sampled_from(
        [
            ("The study failed to show that", "the drug prevents stroke in older patients."),
            ("The company denied in a statement that", "customer data had been sold to brokers."),
            ("Die Behörde hat es versäumt, dafür zu sorgen, dass", "die Daten gelöscht werden."),
        ]
    ),
    form=st.sampled_from(["field", "markdown"]),
)
def test_an_omission_hiding_a_verb_that_negates_or_denies_is_never_corrected(case, form):
    """claim.hidden_by_omission: "The study ... that the drug prevents stroke" hides "failed
    to show", a verb that negates what follows (or one that denies it): never corrected."""
    governing, rest = case
    paragraph = f"Einleitung folgt. {governing} {rest} Schluss folgt."
    words = governing.split()
    quote = f"{words[0]} {words[1]} ... {words[-1]} {rest}"
    result = result_for(quote, paragraph, form=form)
    assert result.status not in PASSING, (quote, result.decision)


@pytest.mark.parametrize(
    ("quote", "sentence", "passing"),
    [
        # parts of one word each; whatever the mark hides inside the sentence is restored
        (
            "Er … zu den geringsten wirtschaftlichen Kosten.",
            "Er gewährleistet einen wirksamen Umweltschutz"
            " zu den geringsten wirtschaftlichen Kosten.",
            True,
        ),
        (
            "Es liegt in … entgegenzutreten.",
            "Es liegt in unser aller Verantwortung,"
            " antisemitischem Hass entschlossen entgegenzutreten.",
            True,
        ),
        # a suspended compound's hyphen beside the mark ("Arbeits- und", folded "arbeitsund")
        (
            "Wir wollen die Arbeits- [...] fest verankern.",
            "Wir wollen die Arbeits- und Berufsorientierung in der Schule fest verankern.",
            True,
        ),
        (
            "Daher werden wir [...] sowie Steuerrecht überprüfen.",
            "Daher werden wir die Regelungen im Arbeits-, Sozialversicherungs- sowie Steuerrecht"
            " überprüfen.",
            True,
        ),
        (
            "We fund pre- … care for all mothers.",
            "We fund pre- and post-natal care for all mothers.",
            True,
        ),
        # … but a part starting inside a word is no place: "jährige" of "Sechsjährige"
        (
            "Die Kita ist für Drei- … jährige kostenlos.",
            "Die Kita ist für Drei- bis Sechsjährige kostenlos.",
            False,
        ),
        # "an" is an article here, not the number one
        (
            "Steuergeschenken [...] des großen Kapitals",
            "Das geht einher mit Steuergeschenken an die Vertreter des großen Kapitals.",
            True,
        ),
        # the mark inside a word: "Das …" is not the "dass" after a negation
        (
            "Das … gleichzeitig alle Programme weitergeführt werden müssen.",
            "Das heißt jedoch nicht, dass gleichzeitig alle Programme weitergeführt werden müssen.",
            False,
        ),
        # hidden: an ordinal, a figure, a negation
        (
            "Up to five unused days may be carried over ... the following year",
            "Up to five unused days may be carried over"
            " into the first quarter of the following year.",
            False,
        ),
        (
            "Die Frist beträgt […] Wochen nach Zugang der Kündigung.",
            "Die Frist beträgt 4 Wochen nach Zugang der Kündigung.",
            False,
        ),
        (
            "Le locataire … payer le loyer en espèces.",
            "Le locataire ne peut pas payer le loyer en espèces.",
            False,
        ),
    ],
)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_marked_omission_inside_one_sentence_is_corrected_unless_it_hides_a_claim(
    quote, sentence, passing, form
):
    """edit.marked_omission / claim.hidden_by_omission (issue 29 item 4): an omission marked
    inside one sentence is corrected, the hidden words restored and named by attention,
    unless they hold a negation or a number; a mark inside a word hides nothing."""
    paragraph = f"Einleitung folgt. {sentence} Schluss folgt."
    result = result_for(quote, paragraph, form=form)
    if not passing:
        assert result.status not in PASSING, (quote, result.decision)
        return
    assert result.status is VerificationStatus.CORRECTED, (quote, result.decision)
    assert result.corrected is not None and result.corrected.text in sentence
    assert any(a.rule == "attention.omission_hid" for a in result.attention)


# A source that says a sentence twice, once with a word more, or once spelled otherwise
SAID_TWICE = (
    "Wir befürworten daher ein differenziertes, aber durchlässiges Schulsystem, das den "
    "Begabungen der Schüler gerecht wird.",
    "Wir befürworten ein differenziertes, aber durchlässiges Schulsystem, das den Begabungen "
    "der Schüler gerecht wird.",
)
SPELLED_TWICE = (
    "Wir wissen, dass die Schule allen Kindern offensteht und gerecht bleiben muss.",
    "Wir wissen, daß die Schule allen Kindern offensteht und gerecht bleiben muss.",
)


@pytest.mark.parametrize(
    ("paragraphs", "quote", "corrected_from"),
    [
        # the passage with the quote's every word, not the one lacking "daher"
        (SAID_TWICE, SAID_TWICE[0].replace("durchlässiges", "durchläsisges"), 0),
        (SAID_TWICE, SAID_TWICE[1].replace("durchlässiges", "durchläsisges"), 1),
        # two passages the quote could each be (a spelling variant apart): neither is chosen
        (SPELLED_TWICE, SPELLED_TWICE[0].replace("offensteht", "offensteth"), None),
    ],
)
@pytest.mark.parametrize("form", ["field", "markdown"])
def test_a_near_passage_the_quote_cannot_be_leaves_the_correction_clear(
    paragraphs, quote, corrected_from, form
):
    """edit.typo beside a rival passage within the margin: a rival that lacks a word of the
    quote (no named edit) cannot be the quote's passage, so the correction stays clear; two
    passages that could each be it leave the quote unverified, with a hint."""
    result = result_for(quote, paragraphs=["Einleitung.", *paragraphs], form=form)
    if corrected_from is None:
        assert result.status is VerificationStatus.UNVERIFIED, result.decision
        return
    assert result.status is VerificationStatus.CORRECTED, result.decision
    assert result.corrected is not None
    assert result.corrected.text == paragraphs[corrected_from]


@pytest.mark.parametrize(
    ("quote", "sentence", "reached"),
    [
        (
            "The tenant may pay the rent late in winter",
            "The tenant must not pay the rent late in any month of the year.",
            "any",
        ),
        (
            "賃借人は毎月五日までに賃料を支払うことができる",
            "賃借人は毎月五日までに賃料を支払わなければならない。",
            "わなければ",
        ),
        (
            "Der Mieter darf die neue Wohnung jederzeit kündigen",
            "Der Mieter darf die neue Wohnung nur zum Monatsende untervermieten.",
            "nur zum",
        ),
    ],
)
def test_the_hint_of_a_quote_whose_end_was_changed_reaches_the_changed_words(
    quote, sentence, reached
):
    """Issue 29 item 7: a quote whose last words were changed is unverified, and its hint
    runs on over the source's words they replaced ("any" for "winter") instead of stopping
    before them; it never runs past the sentence."""
    result = result_for(quote, sentence, form="markdown")
    assert result.status is VerificationStatus.UNVERIFIED, result.decision
    assert result.match is not None, result.decision
    hint = sentence[result.match.start : result.match.end]
    assert reached in hint, hint
    assert result.match.end <= len(sentence.rstrip(".。"))
