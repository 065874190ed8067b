"""Every attention check in one table: why a reviewer should look at a quote although its
status stands (PRODUCT.md "What a quote leaves out").

Attention never changes a status. A check either reads the words a quote leaves out of its
sentence for a kind of signal word (``signals``: data, one file per language), or reads the
quote's own edges (a word cut) or what a marked omission hid. Each check carries examples
and counterexamples, (language, quote, source paragraph) triples: the examples must get the
check's attention, the counterexamples must not; the test of this table runs all of them
through the engine, and every quote in both stays verified or corrected.
"""

from __future__ import annotations

from dataclasses import dataclass

Example = tuple[str, str, str]


@dataclass(frozen=True, slots=True)
class AttentionCheck:
    id: str
    kind: str  # a signal kind of ``signals.KINDS``, or "" for a check that reads no words
    covers: str  # what the check looks for, in one sentence
    says: str  # the reviewer's sentence; {words} is the source's words, {side} before/after
    examples: tuple[Example, ...]
    counterexamples: tuple[Example, ...]


ATTENTION_CHECKS: tuple[AttentionCheck, ...] = (
    AttentionCheck(
        "attention.negation_left_out",
        "negation",
        "the sentence around the quote negates or denies, in words the quote leaves out",
        "Left out {side} the quote: “{words}”, a negation.",
        (
            ("en", "tenant may sublet the flat", "No tenant may sublet the flat."),
            (
                "de",
                "Der Vorstand folgte dieser Auffassung",
                "Der Vorstand folgte dieser Auffassung nicht.",
            ),
            ("fr", "le bailleur a accepté", "Il est faux que le bailleur a accepté."),
            (
                "es",
                "la empresa vendió los datos",
                "La ministra negó que la empresa vendió los datos.",
            ),
        ),
        (
            (
                "en",
                "The tenant may sublet the flat.",
                "The tenant may sublet the flat. No pets are allowed.",
            ),
            ("de", "stimmte der Vorstand zu", "Am Montag stimmte der Vorstand zu."),
            (
                "fr",
                "le bailleur a accepté la demande",
                "En juin, le bailleur a accepté la demande.",
            ),
        ),
    ),
    AttentionCheck(
        "attention.condition_left_out",
        "condition",
        "the sentence makes the quoted words hold only under a condition the quote leaves out",
        "Left out {side} the quote: “{words}”, a condition.",
        (
            (
                "en",
                "the tenant may sublet the flat",
                "If the landlord agrees, the tenant may sublet the flat.",
            ),
            (
                "en",
                "The tenant may sublet the flat",
                "The tenant may sublet the flat provided that the landlord agrees.",
            ),
            (
                "de",
                "darf der Mieter untervermieten",
                "Wenn der Vermieter zustimmt, darf der Mieter untervermieten.",
            ),
            (
                "fr",
                "le locataire peut sous-louer",
                "Sous réserve de l'accord du bailleur, le locataire peut sous-louer.",
            ),
            # a word that signals only where it opens the left-out clause ("opening")
            (
                "nl",
                "mag de huurder onderverhuren",
                "Als de verhuurder instemt, mag de huurder onderverhuren.",
            ),
        ),
        (
            ("en", "the tenant paid the rent", "In March, the tenant paid the rent."),
            ("de", "zahlte der Mieter die Miete", "Im März zahlte der Mieter die Miete."),
            ("fr", "le locataire a payé le loyer", "En mars, le locataire a payé le loyer."),
            (
                "nl",
                "betaalde de huurder de huur",
                "Net als vorig jaar betaalde de huurder de huur.",
            ),
        ),
    ),
    AttentionCheck(
        "attention.exception_left_out",
        "exception",
        "the sentence excepts something from the quoted words, in words the quote leaves out",
        "Left out {side} the quote: “{words}”, an exception.",
        (
            (
                "en",
                "All employees receive a bonus",
                "All employees receive a bonus except interns.",
            ),
            (
                "de",
                "Alle Mitarbeiter erhalten einen Bonus",
                "Alle Mitarbeiter erhalten einen Bonus, ausgenommen Praktikanten.",
            ),
            (
                "fr",
                "Tous les salariés reçoivent une prime",
                "Tous les salariés reçoivent une prime, sauf les stagiaires.",
            ),
        ),
        (
            ("en", "All employees receive a bonus", "All employees receive a bonus in December."),
            (
                "de",
                "Alle Mitarbeiter erhalten einen Bonus",
                "Alle Mitarbeiter erhalten einen Bonus im Dezember.",
            ),
            (
                "fr",
                "Tous les salariés reçoivent une prime",
                "Tous les salariés reçoivent une prime en décembre.",
            ),
        ),
    ),
    AttentionCheck(
        "attention.limitation_left_out",
        "limitation",
        "the sentence limits the quoted words (only, at most, until, in part), in words the "
        "quote leaves out",
        "Left out {side} the quote: “{words}”, a limitation.",
        (
            ("en", "members may vote", "Only members may vote."),
            ("de", "Mitglieder dürfen abstimmen", "Nur Mitglieder dürfen abstimmen."),
            ("fr", "les membres peuvent voter", "Seuls les membres peuvent voter."),
        ),
        (
            ("en", "members may vote", "At the meeting, members may vote."),
            (
                "de",
                "dürfen Mitglieder abstimmen",
                "In der Versammlung dürfen Mitglieder abstimmen.",
            ),
            ("fr", "les membres peuvent voter", "Lors de la réunion, les membres peuvent voter."),
        ),
    ),
    AttentionCheck(
        "attention.count_left_out",
        "count",
        "the sentence states the quoted words of a part only, or within bounds (few, most "
        "of, three of twelve, 40 %, 5 to 10: a number in words, a share, two figures other "
        "than a year, or a figure beside the figure the quote opens or ends with), in words "
        "the quote leaves out",
        "Left out {side} the quote: “{words}”, which says how many.",
        (
            ("en", "the members voted for the motion", "Most of the members voted for the motion."),
            ("en", "patients reported side effects", "Few patients reported side effects."),
            ("fr", "membres ont voté la motion", "La plupart des membres ont voté la motion."),
            (
                "de",
                "verlängert der Stadtrat den Vertrag",
                "In drei der zwölf Bezirke verlängert der Stadtrat den Vertrag.",
            ),
            (
                "en",
                "the council approved the plan",
                "In 3 of 12 districts the council approved the plan.",
            ),
            ("en", "10 working days", "Delivery takes 5 to 10 working days."),
            (
                "fr",
                "le comité approuve la demande",
                "Dans 40 % des cas, le comité approuve la demande.",
            ),
        ),
        (
            (
                "en",
                "the members voted for the motion",
                "On Monday the members voted for the motion.",
            ),
            ("fr", "les membres ont voté la motion", "Lundi, les membres ont voté la motion."),
            ("en", "the council approved the plan", "In 2024 the council approved the plan."),
            ("en", "5 members voted for it", "In 2024, 5 members voted for it."),
            (
                "en",
                "the board approved the budget",
                "On 3 March 2021, the board approved the budget.",
            ),
            ("vi", "công ty gia hạn hợp đồng", "Vào tháng 3 năm 2021, công ty gia hạn hợp đồng."),
        ),
    ),
    AttentionCheck(
        "attention.attribution_left_out",
        "attribution",
        "the sentence attributes the quoted words to someone, in words the quote leaves out",
        "Left out {side} the quote: “{words}”: the source reports this, it does not state it.",
        (
            (
                "en",
                "the company sold the data",
                "According to the newspaper, the company sold the data.",
            ),
            ("es", "la economía crecerá", "Según el ministro, la economía crecerá."),
            ("en", "The company sold the data", "The company sold the data, police said."),
            ("en", "the CEO knew about the loss", "Allegedly, the CEO knew about the loss."),
        ),
        (
            ("en", "the company sold the data", "In 2020, the company sold the data."),
            ("es", "la economía crecerá", "En 2025, la economía crecerá."),
        ),
    ),
    AttentionCheck(
        "attention.hedge_left_out",
        "hedge",
        "the sentence hedges the quoted words (perhaps, probably, in theory), in words the "
        "quote leaves out",
        "Left out {side} the quote: “{words}”, a hedge.",
        (
            ("en", "the CEO knew about the loss", "Perhaps the CEO knew about the loss."),
            ("de", "wusste der Vorstand davon", "Vermutlich wusste der Vorstand davon."),
            ("fr", "le directeur était au courant", "Probablement, le directeur était au courant."),
        ),
        (
            ("en", "the CEO knew about the loss", "By March, the CEO knew about the loss."),
            ("de", "wusste der Vorstand davon", "Im März wusste der Vorstand davon."),
        ),
    ),
    AttentionCheck(
        "attention.governed_clause",
        "",
        "the quote is a clause its sentence embeds: the left-out words before it end in a word "
        "such as “that”, “dass”, “que”, “że” and say what holds of it (claimed, feared, "
        "required, denied)",
        "Left out before the quote: “{words}”, which the quote depends on.",
        (
            (
                "en",
                "the association welcomes the decision",
                "Critics claim that the association welcomes the decision.",
            ),
            (
                "it",
                "il ministero approva il bilancio",
                "I critici temono che il ministero approva il bilancio.",
            ),
            (
                "de",
                "die Firma das Projekt finanziert",
                "Die Kritiker fürchten, dass die Firma das Projekt finanziert.",
            ),
            (
                "pl",
                "ministerstwo finansuje projekt",
                "Krytycy obawiają się, że ministerstwo finansuje projekt.",
            ),
        ),
        (
            ("en", "the council approved the plan", "On Monday the council approved the plan."),
            (
                "fr",
                "la commission approuve le budget",
                "À Paris, la commission approuve le budget.",
            ),
            (
                "en",
                "that the council approved the plan",
                "Critics claim that the council approved the plan.",
            ),
        ),
    ),
    AttentionCheck(
        "attention.question_left_out",
        "",
        "the source asks the quoted words as a question (a question mark, or an opening ¿, "
        "left out): the quote states what the source asks",
        "The source asks this: “{words}”.",
        (
            (
                "en",
                "So we cancel the contract with Nordlicht.",
                "So we cancel the contract with Nordlicht?",
            ),
            ("es", "El depósito es reembolsable", "¿El depósito es reembolsable?"),
            (
                "de",
                "der Vermieter zahlt die Reparatur",
                "Zahlt der Mieter, oder der Vermieter zahlt die Reparatur?",
            ),
        ),
        (
            (
                "en",
                "So we cancel the contract with Nordlicht?",
                "So we cancel the contract with Nordlicht?",
            ),
            ("en", "We cancel the contract.", "We cancel the contract. Why?"),
            ("es", "el depósito es reembolsable", "Sí, el depósito es reembolsable."),
        ),
    ),
    AttentionCheck(
        "attention.sign_left_out",
        "",
        "a sign or bound written right before the figure the quote opens with is left out "
        "(<, ≥, ±, ~, a minus; a sign's word: minus, moins, минус): the source's number is "
        "not the one the quote states",
        "Left out before the quote: “{words}”, a sign of its number.",
        (
            (
                "en",
                "5% of patients in the trial",
                "Side effects occurred in <5% of patients in the trial.",
            ),
            (
                "en",
                "18 years old at enrolment",
                "Participants must be ≥ 18 years old at enrolment.",
            ),
            ("de", "12 mm für alle Teile", "Die Toleranz beträgt ± 12 mm für alle Teile."),
            ("de", "12 Grad in der Nacht", "Die Temperatur fiel auf minus 12 Grad in der Nacht."),
        ),
        (
            ("en", "10 working days", "Delivery takes 5-10 working days."),
            ("en", "18 years old at enrolment", "Participants must be 18 years old at enrolment."),
        ),
    ),
    AttentionCheck(
        "attention.context_left_out",
        "",
        "the quote leaves out more than a few words of its sentence in a language the engine "
        "has no word data for, so what they do is not read",
        "Left out {side} the quote: “{words}”; read it with the quote.",
        (
            (
                "sw",
                "mpangaji anaweza kupangisha nyumba",
                "Ikiwa mwenye nyumba atakubali kwa maandishi, mpangaji anaweza kupangisha nyumba.",
            ),
            # Welsh, whose "y" and "yn" a count of Spanish words would read as Spanish
            (
                "cy",
                "bydd y gymdeithas yn ariannu'r prosiect",
                "Cynhaliwyd y cyfarfod yn neuadd y dref. Os bydd yr aelodau i gyd yn cytuno, "
                "bydd y gymdeithas yn ariannu'r prosiect.",
            ),
        ),
        (
            ("sw", "Mpangaji analipa kodi kila mwezi.", "Mpangaji analipa kodi kila mwezi."),
            ("cy", "Talodd y tenant y rhent.", "Talodd y tenant y rhent."),
            ("en", "the tenant paid the rent", "In March, the tenant paid the rent."),
        ),
    ),
    AttentionCheck(
        "attention.cut_word",
        "",
        "the quote starts inside a word, or ends in a fragment that reads as a word of its "
        "own: a cut there can turn a word into another",
        "The quote cuts the word “{words}”.",
        (
            ("en", "legal under the act", "This is illegal under the act."),
            ("de", "zulässig nach dem Gesetz", "Das ist unzulässig nach dem Gesetz."),
            ("en", "Workers need safe", "Workers need safety equipment and safe tools."),
        ),
        (
            ("en", "The board approves the bud", "The board approves the budget."),
            (
                "de",
                "Wir wollen eine restriktive Rüs",
                "Wir wollen eine restriktive Rüstungspolitik.",
            ),
        ),
    ),
    AttentionCheck(
        "attention.omission_hid",
        "",
        "a marked omission inside the quote hid words of the source (restored in the "
        "corrected text)",
        "The omission hid: “{words}”.",
        (
            (
                "en",
                "The landlord repairs the roof ... before the winter season begins",
                "The landlord repairs the roof of the old main building before the winter "
                "season begins",
            ),
            (
                "de",
                "Eine Vergemeinschaftung der Haftung [...] lehnen wir ab.",
                "Eine Vergemeinschaftung der Haftung im Rahmen der europäischen "
                "Einlagensicherung lehnen wir ab.",
            ),
        ),
        (("en", "The landlord repairs the roof.", "The landlord repairs the roof."),),
    ),
)

CHECKS_BY_ID = {check.id: check for check in ATTENTION_CHECKS}
CHECK_OF_KIND = {check.kind: check for check in ATTENTION_CHECKS if check.kind}


def checks_markdown() -> str:
    """The table as markdown, for the README."""
    lines = ["| check | looks for |", "|---|---|"]
    lines += [f"| `{check.id}` | {check.covers} |" for check in ATTENTION_CHECKS]
    return "\n".join(lines)
