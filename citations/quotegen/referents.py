"""Quotes that write what a pronoun stands for in its place, written here in the languages
whose pronouns the engine reads (English, German, French): "The board supports the
proposal." of "The board met on Tuesday. It supports the proposal."

Both ways: the pronoun replaced by the one thing the paragraph names before it is a named
edit (``edit_pronoun_for_referent``: corrected, the pronoun put back); a thing the paragraph
never names, or one of two things it names that the pronoun could both mean (of the same
grammatical gender: a careful reader cannot tell either), changes the claim
(``claim_referent_changed``: not passing).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cases import CHANGED, EDITED, Case, Material, _capital, _digest


@dataclass(frozen=True, slots=True)
class Referents:
    """One language's words: subjects with the pronoun that stands for each, sentences that
    name one subject (``{s}``) and nothing else the pronoun could mean, or two (``{s}``,
    ``{o}``: the second as an object), and predicates (verb and object, agreeing with a
    singular subject)."""

    code: str
    subjects: tuple[tuple[str, str, str], ...]  # (subject, as an object, its pronoun)
    naming_one: tuple[str, ...]
    naming_two: tuple[str, ...]
    predicates: tuple[str, ...]
    fillers: tuple[str, ...]


EN = Referents(
    "en",
    (
        ("the board", "the board", "it"),
        ("the ministry", "the ministry", "it"),
        ("the committee", "the committee", "it"),
        ("the city council", "the city council", "it"),
        ("the company", "the company", "it"),
        ("the association", "the association", "it"),
    ),
    (
        "{s} met on Tuesday.",
        "{s} published its annual report in May.",
        "{s} voted on Tuesday.",
        "{s} was founded in 1998.",
    ),
    ("{s} met {o} on Tuesday.", "{s} wrote to {o} in May."),
    (
        "supports the proposal",
        "approves the budget",
        "finances the project",
        "extends the contract",
        "reviews the application",
    ),
    ("Several members asked questions about the agenda.", "The minutes are online."),
)

DE = Referents(
    "de",
    (
        ("der Vorstand", "den Vorstand", "er"),
        ("der Ausschuss", "den Ausschuss", "er"),
        ("der Stadtrat", "den Stadtrat", "er"),
        ("der Verein", "den Verein", "er"),
        ("das Ministerium", "das Ministerium", "es"),
        ("das Institut", "das Institut", "es"),
        ("die Firma", "die Firma", "sie"),
        ("die Kommission", "die Kommission", "sie"),
    ),
    (
        "{s} tagte am Dienstag.",
        "{s} stimmte am Dienstag ab.",
        "{s} beriet lange.",
        "{s} wurde 1998 gegründet.",
    ),
    ("{s} traf {o} am Dienstag.", "{s} schrieb im Mai an {o}."),
    (
        "unterstützt den Antrag",
        "genehmigt den Haushalt",
        "finanziert das Projekt",
        "verlängert den Vertrag",
        "prüft die Bewerbung",
    ),
    ("Mehrere Mitglieder stellten Fragen zur Tagesordnung.", "Das Protokoll ist online."),
)

FR = Referents(
    "fr",
    (
        ("le conseil", "le conseil", "il"),
        ("le ministère", "le ministère", "il"),
        ("le comité", "le comité", "il"),
        ("la commission", "la commission", "elle"),
        ("la société", "la société", "elle"),
        ("l'association", "l'association", "elle"),
    ),
    (
        "{s} a voté mardi.",
        "{s} a publié son rapport annuel en mai.",
        "{s} a longuement délibéré.",
        "{s} a tenu sa séance en mars.",
    ),
    ("{s} a rencontré {o} mardi.", "{s} a écrit à {o} en mai."),
    (
        "soutient la proposition",
        "approuve le budget",
        "finance le projet",
        "prolonge le contrat",
        "examine la candidature",
    ),
    ("Plusieurs membres ont posé des questions.", "Le procès-verbal est en ligne."),
)

LANGUAGES: tuple[Referents, ...] = (EN, DE, FR)


def _case(
    klass: str,
    language: Referents,
    naming: str,
    pronoun: str,
    quoted: str,
    predicate: str,
    rng: random.Random,
    note: str,
) -> Case:
    """The paragraph ``naming``, then the pronoun's sentence; a filler before them or after,
    never between (a thing a filler names would be one more the pronoun could mean). The
    case's ``sentence`` is the two sentences."""
    sentence = f"{_capital(pronoun)} {predicate}."
    filler = rng.choice(language.fillers)
    parts = [filler, naming, sentence] if rng.random() < 0.5 else [naming, sentence, filler]
    paragraph = " ".join(parts)
    quote = f"{_capital(quoted)} {predicate}."
    expect = EDITED if klass.startswith("edit_") else CHANGED
    return Case(
        id=f"{klass}-{language.code}-{_digest(paragraph, quote)}",
        language=language.code,
        klass=klass,
        paragraphs=(paragraph,),
        cited=1,
        quote=quote,
        expect=expect,
        sentence=f"{naming} {sentence}",
        split_key=f"{language.code}:referent:{naming}",
        note=note,
    )


def edit_pronoun_for_referent(rng: random.Random, m: Material) -> Case | None:
    """The one thing the paragraph names written in place of the pronoun that stands for it."""
    language = rng.choice(LANGUAGES)
    subject, _, pronoun = rng.choice(language.subjects)
    naming = _capital(rng.choice(language.naming_one).format(s=subject))
    predicate = rng.choice(language.predicates)
    note = f"'{subject}' for '{pronoun}'"
    return _case(
        "edit_pronoun_for_referent", language, naming, pronoun, subject, predicate, rng, note
    )


def claim_referent_changed(rng: random.Random, m: Material) -> Case | None:
    """In place of the pronoun, a thing the paragraph never names, or one of two it names
    that the pronoun could both mean."""
    language = rng.choice(LANGUAGES)
    subject, _, pronoun = rng.choice(language.subjects)
    others = [s for s in language.subjects if s[0] != subject and s[2] == pronoun]
    other, other_object, _ = rng.choice(others)
    predicate = rng.choice(language.predicates)
    if rng.random() < 0.5:
        naming = _capital(rng.choice(language.naming_one).format(s=subject))
        quoted, note = other, f"'{other}' for '{pronoun}', '{other}' never named"
    else:
        template = rng.choice(language.naming_two)
        naming = _capital(template.format(s=subject, o=other_object))
        quoted = rng.choice((subject, other))
        note = f"'{quoted}' for '{pronoun}', which may mean '{subject}' or '{other}'"
    return _case("claim_referent_changed", language, naming, pronoun, quoted, predicate, rng, note)
