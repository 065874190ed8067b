"""Sentences written for the partial-quote classes, per language: word banks for a main
clause (subject, finite verb, object) and the leads and tails that stand around it.

A *qualifying* frame conditions, negates, excepts, limits, counts or attributes the main
clause; quoting the main clause without it changes what the quote says. A *neutral* frame
places the clause in time or space, or says how it came about, and qualifies nothing.
Every frame names its ``signal``: the word(s) that make it qualify (empty for a neutral
frame). The tests check that no neutral frame holds a signal of its language's qualifying
frames.

German and Dutch put the finite verb second: after a fronted lead the verb comes before
the subject (``inverted``), in a ``dass``/``dat`` clause it comes last (``final``). The other
languages keep subject, verb, object in every frame.

Esperanto and Swahili are the languages the engine has no word data for
(``word_data=False``): there a qualifying frame is expected to get attention only when it is
longer than ``NO_DATA_WORDS`` words, and a neutral frame of at most ``NO_DATA_NEUTRAL_WORDS``
words is expected to get none (longer ones may get attention: the engine errs toward showing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Order = Literal["main", "inverted", "final"]
Place = Literal["lead", "tail"]

QUALIFYING_KINDS = ("condition", "exception", "negation", "limit", "count", "attribution")
NEUTRAL_KINDS = ("time", "place", "manner")
NO_DATA_WORDS = 4  # a qualifying left-out longer than this expects attention without data
NO_DATA_NEUTRAL_WORDS = 3  # a neutral left-out up to this expects none without data


@dataclass(frozen=True, slots=True)
class Frame:
    """A lead or tail around the main clause, exactly as it stands in the sentence: a lead
    ends with its separator (``"If the members agree, "``), a tail starts with it
    (``", the ministry said"``); the sentence's full stop follows a tail."""

    kind: str
    place: Place
    text: str
    signal: str = ""
    order: Order = "main"

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    word_data: bool
    v2: bool  # the finite verb second: German, Dutch
    subjects: tuple[str, ...]
    predicates: tuple[tuple[str, str], ...]  # (finite verb, object)
    fillers: tuple[str, ...]  # sentences that stand around the target in its paragraph
    qualified: tuple[Frame, ...]
    neutral: tuple[Frame, ...]

    def clause(self, subject: str, verb: str, obj: str, order: Order) -> str:
        """The main clause in the word order a frame asks for (only V2 languages reorder)."""
        if self.v2 and order == "inverted":
            return f"{verb} {subject} {obj}"
        if self.v2 and order == "final":
            return f"{subject} {obj} {verb}"
        return f"{subject} {verb} {obj}"


def _lead(kind: str, text: str, signal: str = "", order: Order = "main") -> Frame:
    return Frame(kind, "lead", text, signal, order)


def _tail(kind: str, text: str, signal: str = "") -> Frame:
    return Frame(kind, "tail", text, signal, "main")


def _inv(kind: str, text: str, signal: str = "") -> Frame:
    """A lead after which a V2 language puts the verb before the subject."""
    return Frame(kind, "lead", text, signal, "inverted")


def _dass(kind: str, text: str, signal: str) -> Frame:
    """A lead ending in a complementizer: a V2 language puts the verb last after it."""
    return Frame(kind, "lead", text, signal, "final")


EN = Language(
    code="en",
    word_data=True,
    v2=False,
    subjects=(
        "the board",
        "the ministry",
        "the committee",
        "the city council",
        "the company",
        "the association",
    ),
    predicates=(
        ("supports", "the proposal"),
        ("approves", "the budget"),
        ("finances", "the project"),
        ("extends", "the contract"),
        ("reviews", "the application"),
        ("welcomes", "the decision"),
    ),
    fillers=(
        "The meeting took place in the town hall.",
        "The minutes were published on the website.",
        "Several members asked questions about the agenda.",
        "The next meeting is planned for the autumn.",
    ),
    qualified=(
        _lead("condition", "If the members agree, ", "if"),
        _lead("condition", "Provided that the funds are available, ", "provided"),
        _lead("condition", "Subject to the approval of the shareholders, ", "subject to"),
        _tail("condition", " if the members agree", "if"),
        _tail("condition", " on condition that the costs stay low", "condition"),
        _lead("exception", "Unless the court objects, ", "unless"),
        _lead("exception", "Except in emergencies, ", "except"),
        _tail("exception", " unless the court objects", "unless"),
        _tail("exception", " with the exception of the pension fund", "exception"),
        _lead("negation", "It is not true that ", "not"),
        _lead("negation", "Nobody can confirm that ", "nobody"),
        _lead("negation", "There is no evidence that ", "no"),
        _lead("limit", "Only ", "only"),
        _lead("limit", "Temporarily, ", "temporarily"),
        _tail("limit", " only for a trial period", "only"),
        _tail("limit", " until the end of the year", "until"),
        _lead("count", "In two out of ten cases, ", "two"),
        _lead("count", "In a few cases, ", "few"),
        _tail("count", " in fewer than half of the cases", "fewer"),
        _tail("count", " in three of the twelve districts", "three"),
        _lead("attribution", "According to the ministry, ", "according"),
        _lead("attribution", "Critics claim that ", "claim"),
        _tail("attribution", ", the ministry said", "said"),
        _tail("attribution", ", according to the union", "according"),
        _lead("condition", "Should the members agree, ", "should"),
        _lead("condition", "Barring an emergency, ", "barring"),
        _tail("attribution", ", the minister noted", "noted"),
    ),
    neutral=(
        _lead("time", "In March 2021, "),
        _lead("time", "On Tuesday, "),
        _lead("place", "At its meeting in Berlin, "),
        _lead("manner", "After a long debate, "),
        _tail("place", " at its meeting in Berlin"),
        _tail("time", " on Tuesday"),
        _tail("manner", " after a long debate"),
        _tail("place", " in the town hall"),
        _lead("time", "Later that week, "),
    ),
)

DE = Language(
    code="de",
    word_data=True,
    v2=True,
    subjects=(
        "der Vorstand",
        "das Ministerium",
        "der Ausschuss",
        "der Stadtrat",
        "die Firma",
        "der Verein",
    ),
    predicates=(
        ("unterstützt", "den Antrag"),
        ("genehmigt", "den Haushalt"),
        ("finanziert", "das Projekt"),
        ("verlängert", "den Vertrag"),
        ("prüft", "die Bewerbung"),
        ("begrüßt", "die Entscheidung"),
    ),
    fillers=(
        "Die Sitzung fand im Rathaus statt.",
        "Das Protokoll wurde auf der Webseite veröffentlicht.",
        "Mehrere Mitglieder stellten Fragen zur Tagesordnung.",
        "Die nächste Sitzung ist für den Herbst geplant.",
    ),
    qualified=(
        _inv("condition", "Wenn die Mitglieder zustimmen, ", "wenn"),
        _inv("condition", "Falls die Mittel vorhanden sind, ", "falls"),
        _inv("condition", "Vorbehaltlich der Zustimmung der Aktionäre ", "vorbehaltlich"),
        _tail("condition", ", wenn die Mitglieder zustimmen", "wenn"),
        _tail("condition", ", sofern die Mittel vorhanden sind", "sofern"),
        _inv("exception", "Außer in Notfällen ", "außer"),
        _inv("exception", "Abgesehen von kleinen Firmen ", "abgesehen"),
        _tail("exception", ", es sei denn, das Gericht widerspricht", "es sei denn"),
        _tail("exception", " mit Ausnahme kleiner Firmen", "ausnahme"),
        _dass("negation", "Es stimmt nicht, dass ", "nicht"),
        _dass("negation", "Niemand kann bestätigen, dass ", "niemand"),
        _tail("negation", " nicht", "nicht"),
        _tail("negation", " keineswegs", "keineswegs"),
        _lead("limit", "Nur ", "nur"),
        _inv("limit", "Vorübergehend ", "vorübergehend"),
        _tail("limit", " nur für eine Probezeit", "nur"),
        _tail("limit", " bis zum Ende des Jahres", "bis"),
        _inv("count", "In zwei von zehn Fällen ", "zwei"),
        _inv("count", "In einigen Fällen ", "einigen"),
        _tail("count", " in weniger als der Hälfte der Fälle", "weniger"),
        _tail("count", " in drei der zwölf Bezirke", "drei"),
        _inv("attribution", "Laut dem Ministerium ", "laut"),
        _inv("attribution", "Nach Angaben der Gewerkschaft ", "nach angaben"),
        _dass("attribution", "Die Opposition sagt, dass ", "sagt"),
        _tail("attribution", ", sagte das Ministerium", "sagte"),
        _tail("attribution", ", so die Gewerkschaft", "so die"),
        _inv("condition", "Sollten die Mitglieder zustimmen, ", "sollten"),
        _inv("condition", "Mangels Einwänden ", "mangels"),
        _tail("attribution", ", unterstrich das Ministerium", "unterstrich"),
    ),
    neutral=(
        _inv("time", "Im März 2021 "),
        _inv("time", "Am Dienstag "),
        _inv("place", "Auf seiner Sitzung in Berlin "),
        _inv("manner", "Nach einer langen Debatte "),
        _tail("place", " auf seiner Sitzung in Berlin"),
        _tail("time", " am Dienstag"),
        _tail("manner", " nach einer langen Debatte"),
        _tail("place", " im Rathaus"),
        _inv("time", "Später in der Woche "),
    ),
)

FR = Language(
    code="fr",
    word_data=True,
    v2=False,
    subjects=(
        "le conseil",
        "le ministère",
        "la commission",
        "le conseil municipal",
        "l'entreprise",
        "l'association",
    ),
    predicates=(
        ("soutient", "la proposition"),
        ("approuve", "le budget"),
        ("finance", "le projet"),
        ("prolonge", "le contrat"),
        ("examine", "la demande"),
        ("salue", "la décision"),
    ),
    fillers=(
        "La réunion a eu lieu à la mairie.",
        "Le procès-verbal a été publié sur le site.",
        "Plusieurs membres ont posé des questions sur l'ordre du jour.",
        "La prochaine réunion est prévue pour l'automne.",
    ),
    qualified=(
        _lead("condition", "Si les membres sont d'accord, ", "si"),
        _lead("condition", "Sous réserve de l'accord des actionnaires, ", "sous réserve"),
        _tail("condition", " si les membres sont d'accord", "si"),
        _tail("condition", " à condition que les coûts restent bas", "condition"),
        _lead("exception", "Sauf en cas d'urgence, ", "sauf"),
        _lead("exception", "À l'exception des petites entreprises, ", "exception"),
        _tail("exception", ", sauf si le tribunal s'y oppose", "sauf"),
        _tail("exception", " à l'exception des petites entreprises", "exception"),
        _lead("negation", "Il est faux de dire que ", "faux"),
        _lead("negation", "Personne ne peut confirmer que ", "personne"),
        _lead("negation", "On ne peut pas affirmer que ", "ne peut pas"),
        _lead("limit", "À titre provisoire, ", "provisoire"),
        _tail("limit", " uniquement à titre d'essai", "uniquement"),
        _tail("limit", " seulement dans des cas exceptionnels", "seulement"),
        _tail("limit", " jusqu'à la fin de l'année", "jusqu"),
        _lead("count", "Dans deux cas sur dix, ", "deux"),
        _lead("count", "Dans quelques cas, ", "quelques"),
        _tail("count", " dans moins de la moitié des cas", "moins"),
        _tail("count", " dans trois des douze districts", "trois"),
        _lead("attribution", "Selon le ministère, ", "selon"),
        _lead("attribution", "D'après le syndicat, ", "d'après"),
        _lead("attribution", "Les critiques affirment que ", "affirment"),
        _tail("attribution", ", a déclaré le ministère", "déclaré"),
        _tail("attribution", ", selon le syndicat", "selon"),
        _lead("condition", "Pour peu que les membres l'acceptent, ", "pour peu que"),
        _lead("condition", "En l'absence d'objection, ", "en l absence"),
        _tail("attribution", ", a rappelé le ministre", "a rappelé"),
    ),
    neutral=(
        _lead("time", "En mars 2021, "),
        _lead("time", "Mardi, "),
        _lead("place", "Lors de sa réunion à Berlin, "),
        _lead("manner", "Après un long débat, "),
        _tail("place", " lors de sa réunion à Berlin"),
        _tail("time", " mardi"),
        _tail("manner", " après un long débat"),
        _tail("place", " à la mairie"),
        _lead("time", "Plus tard dans la semaine, "),
    ),
)

ES = Language(
    code="es",
    word_data=True,
    v2=False,
    subjects=(
        "el consejo",
        "el ministerio",
        "la comisión",
        "el ayuntamiento",
        "la empresa",
        "la asociación",
    ),
    predicates=(
        ("apoya", "la propuesta"),
        ("aprueba", "el presupuesto"),
        ("financia", "el proyecto"),
        ("prorroga", "el contrato"),
        ("revisa", "la solicitud"),
        ("celebra", "la decisión"),
    ),
    fillers=(
        "La reunión tuvo lugar en la sala de actos.",
        "El acta se publicó en la página web.",
        "Varios miembros hicieron preguntas sobre el orden del día.",
        "La próxima reunión está prevista para el otoño.",
    ),
    qualified=(
        _lead("condition", "Si los socios están de acuerdo, ", "si"),
        _lead("condition", "Siempre que haya fondos disponibles, ", "siempre que"),
        _lead("condition", "Con la aprobación de los accionistas, ", "aprobación"),
        _tail("condition", " si los socios están de acuerdo", "si"),
        _tail("condition", " con la condición de que los costes sean bajos", "condición"),
        _lead("exception", "Salvo en casos de emergencia, ", "salvo"),
        _lead("exception", "Excepto para las pequeñas empresas, ", "excepto"),
        _tail("exception", ", a menos que el tribunal se oponga", "a menos que"),
        _tail("exception", " excepto para las pequeñas empresas", "excepto"),
        _lead("negation", "Es falso decir que ", "falso"),
        _lead("negation", "Nadie puede confirmar que ", "nadie"),
        _lead("negation", "No se puede afirmar que ", "no"),
        _lead("limit", "Solo ", "solo"),
        _lead("limit", "De forma provisional, ", "provisional"),
        _tail("limit", " solo durante un periodo de prueba", "solo"),
        _tail("limit", " hasta finales de año", "hasta"),
        _lead("count", "En dos de cada diez casos, ", "dos"),
        _lead("count", "En algunos casos, ", "algunos"),
        _tail("count", " en menos de la mitad de los casos", "menos"),
        _tail("count", " en tres de los doce distritos", "tres"),
        _lead("attribution", "Según el ministro, ", "según"),
        _lead("attribution", "Los críticos afirman que ", "afirman"),
        _tail("attribution", ", según el sindicato", "según"),
        _tail("attribution", ", afirmó el ministerio", "afirmó"),
        _lead("condition", "En ausencia de objeciones, ", "en ausencia de"),
        _lead("condition", "Llegado el caso, ", "llegado el caso"),
        _tail("attribution", ", comentó el ministro", "comentó"),
    ),
    neutral=(
        _lead("time", "En marzo de 2021, "),
        _lead("time", "El martes, "),
        _lead("place", "En su reunión de Berlín, "),
        _lead("manner", "Tras un largo debate, "),
        _tail("place", " en su reunión de Berlín"),
        _tail("time", " el martes"),
        _tail("manner", " tras un largo debate"),
        _tail("place", " en la sala de actos"),
        _lead("time", "Más tarde esa semana, "),
    ),
)

IT = Language(
    code="it",
    word_data=True,
    v2=False,
    subjects=(
        "il consiglio",
        "il ministero",
        "la commissione",
        "il comune",
        "l'azienda",
        "l'associazione",
    ),
    predicates=(
        ("sostiene", "la proposta"),
        ("approva", "il bilancio"),
        ("finanzia", "il progetto"),
        ("proroga", "il contratto"),
        ("esamina", "la domanda"),
        ("accoglie", "la decisione"),
    ),
    fillers=(
        "La riunione si è svolta nella sala grande.",
        "Il verbale è stato pubblicato sul sito.",
        "Diversi membri hanno posto domande sull'ordine del giorno.",
        "La prossima riunione è prevista per l'autunno.",
    ),
    qualified=(
        _lead("condition", "Se i soci sono d'accordo, ", "se"),
        _lead("condition", "A condizione che i fondi siano disponibili, ", "condizione"),
        _lead("condition", "Previo consenso degli azionisti, ", "previo"),
        _tail("condition", " se i soci sono d'accordo", "se"),
        _tail("condition", " purché i costi restino bassi", "purché"),
        _lead("exception", "Salvo casi di emergenza, ", "salvo"),
        _lead("exception", "Ad eccezione delle piccole imprese, ", "eccezione"),
        _tail("exception", ", a meno che il tribunale non si opponga", "a meno che"),
        _tail("exception", " tranne che per le piccole imprese", "tranne"),
        _lead("negation", "È falso dire che ", "falso"),
        _lead("negation", "Nessuno può confermare che ", "nessuno"),
        _lead("negation", "Non si può affermare che ", "non"),
        _lead("limit", "Solo ", "solo"),
        _lead("limit", "In via provvisoria, ", "provvisoria"),
        _tail("limit", " solo per un periodo di prova", "solo"),
        _tail("limit", " fino alla fine dell'anno", "fino"),
        _lead("count", "In due casi su dieci, ", "due"),
        _lead("count", "In alcuni casi, ", "alcuni"),
        _tail("count", " in meno della metà dei casi", "meno"),
        _tail("count", " in tre dei dodici distretti", "tre"),
        _lead("attribution", "Secondo il ministero, ", "secondo"),
        _lead("attribution", "I critici sostengono che ", "sostengono"),
        _tail("attribution", ", secondo il sindacato", "secondo"),
        _tail("attribution", ", ha dichiarato il ministero", "dichiarato"),
        _lead("condition", "Dovessero i membri approvarlo, ", "dovessero"),
        _lead("condition", "In assenza di obiezioni, ", "in assenza di"),
        _tail("attribution", ", ha ricordato il ministro", "ha ricordato"),
    ),
    neutral=(
        _lead("time", "Nel marzo 2021, "),
        _lead("time", "Martedì, "),
        _lead("place", "Durante la riunione a Berlino, "),
        _lead("manner", "Dopo un lungo dibattito, "),
        _tail("place", " durante la riunione a Berlino"),
        _tail("time", " martedì"),
        _tail("manner", " dopo un lungo dibattito"),
        _tail("place", " nella sala grande"),
        _lead("time", "Più tardi nella settimana, "),
    ),
)

PT = Language(
    code="pt",
    word_data=True,
    v2=False,
    subjects=(
        "o conselho",
        "o ministério",
        "a comissão",
        "a câmara municipal",
        "a empresa",
        "a associação",
    ),
    predicates=(
        ("apoia", "a proposta"),
        ("aprova", "o orçamento"),
        ("financia", "o projeto"),
        ("prorroga", "o contrato"),
        ("analisa", "o pedido"),
        ("saúda", "a decisão"),
    ),
    fillers=(
        "A reunião decorreu no salão nobre.",
        "A ata foi publicada no sítio da internet.",
        "Vários membros fizeram perguntas sobre a ordem do dia.",
        "A próxima reunião está prevista para o outono.",
    ),
    qualified=(
        _lead("condition", "Se os sócios concordarem, ", "se"),
        _lead("condition", "Desde que haja fundos disponíveis, ", "desde que"),
        _lead("condition", "Com o consentimento dos acionistas, ", "consentimento"),
        _tail("condition", " se os sócios concordarem", "se"),
        _tail("condition", " desde que os custos se mantenham baixos", "desde que"),
        _lead("exception", "Salvo em casos de emergência, ", "salvo"),
        _lead("exception", "Com exceção das pequenas empresas, ", "exceção"),
        _tail("exception", ", a menos que o tribunal se oponha", "a menos que"),
        _tail("exception", " exceto para as pequenas empresas", "exceto"),
        _lead("negation", "É falso dizer que ", "falso"),
        _lead("negation", "Ninguém pode confirmar que ", "ninguém"),
        _lead("negation", "Não se pode afirmar que ", "não"),
        _lead("limit", "Apenas ", "apenas"),
        _lead("limit", "A título provisório, ", "provisório"),
        _tail("limit", " apenas durante um período experimental", "apenas"),
        _tail("limit", " até ao final do ano", "até"),
        _lead("count", "Em dois de cada dez casos, ", "dois"),
        _lead("count", "Em alguns casos, ", "alguns"),
        _tail("count", " em menos de metade dos casos", "menos"),
        _tail("count", " em três dos doze distritos", "três"),
        _lead("attribution", "Segundo o ministério, ", "segundo"),
        _lead("attribution", "Os críticos afirmam que ", "afirmam"),
        _tail("attribution", ", segundo o sindicato", "segundo"),
        _tail("attribution", ", afirmou o ministério", "afirmou"),
        _lead("condition", "Na ausência de objeções, ", "na ausência de"),
        _lead("condition", "Se por acaso os membros concordarem, ", "se"),
        _tail("attribution", ", comentou o ministro", "comentou"),
    ),
    neutral=(
        _lead("time", "Em março de 2021, "),
        _lead("time", "Na terça-feira, "),
        _lead("place", "Na sua reunião em Berlim, "),
        _lead("manner", "Após um longo debate, "),
        _tail("place", " na sua reunião em Berlim"),
        _tail("time", " na terça-feira"),
        _tail("manner", " após um longo debate"),
        _tail("place", " no salão nobre"),
        _lead("time", "Mais tarde nessa semana, "),
    ),
)

NL = Language(
    code="nl",
    word_data=True,
    v2=True,
    subjects=(
        "de raad",
        "het ministerie",
        "de commissie",
        "de gemeenteraad",
        "het bedrijf",
        "de vereniging",
    ),
    predicates=(
        ("steunt", "het voorstel"),
        ("financiert", "het project"),
        ("verlengt", "het contract"),
        ("controleert", "de aanvraag"),
        ("verwelkomt", "het besluit"),
        ("bekritiseert", "het plan"),
    ),
    fillers=(
        "De vergadering vond plaats in het stadhuis.",
        "De notulen zijn op de website gepubliceerd.",
        "Verschillende leden stelden vragen over de agenda.",
        "De volgende vergadering is gepland voor het najaar.",
    ),
    qualified=(
        _inv("condition", "Als de leden akkoord gaan, ", "als"),
        _inv("condition", "Mits er geld beschikbaar is, ", "mits"),
        _tail("condition", " als de leden akkoord gaan", "als"),
        _tail("condition", " op voorwaarde dat de kosten laag blijven", "voorwaarde"),
        _inv("exception", "Behalve in noodgevallen ", "behalve"),
        _inv("exception", "Met uitzondering van kleine bedrijven ", "uitzondering"),
        _tail("exception", ", tenzij de rechter bezwaar maakt", "tenzij"),
        _tail("exception", ", behalve in noodgevallen", "behalve"),
        _dass("negation", "Het is niet waar dat ", "niet"),
        _dass("negation", "Niemand kan bevestigen dat ", "niemand"),
        _tail("negation", " niet", "niet"),
        _tail("negation", " geenszins", "geenszins"),
        _lead("limit", "Alleen ", "alleen"),
        _inv("limit", "Tijdelijk ", "tijdelijk"),
        _tail("limit", " alleen tijdens een proefperiode", "alleen"),
        _tail("limit", " tot het einde van het jaar", "tot"),
        _inv("count", "In twee van de tien gevallen ", "twee"),
        _inv("count", "In sommige gevallen ", "sommige"),
        _tail("count", " in minder dan de helft van de gevallen", "minder"),
        _tail("count", " in drie van de twaalf districten", "drie"),
        _inv("attribution", "Volgens het ministerie ", "volgens"),
        _dass("attribution", "Critici beweren dat ", "beweren"),
        _tail("attribution", ", zei het ministerie", "zei"),
        _tail("attribution", ", aldus de vakbond", "aldus"),
        _inv("condition", "Mochten de leden instemmen, ", "mochten"),
        _inv("condition", "Bij gebrek aan bezwaren ", "bij gebrek aan"),
        _tail("attribution", ", onderstreepte de minister", "onderstreepte"),
    ),
    neutral=(
        _inv("time", "In maart 2021 "),
        _inv("time", "Op dinsdag "),
        _inv("place", "Tijdens de vergadering in Berlijn "),
        _inv("manner", "Na een lang debat "),
        _tail("place", " tijdens de vergadering in Berlijn"),
        _tail("time", " op dinsdag"),
        _tail("manner", " na een lang debat"),
        _tail("place", " in het stadhuis"),
        _inv("time", "Later die week "),
    ),
)

PL = Language(
    code="pl",
    word_data=True,
    v2=False,
    subjects=(
        "rada",
        "ministerstwo",
        "komisja",
        "rada miasta",
        "firma",
        "stowarzyszenie",
    ),
    predicates=(
        ("popiera", "wniosek"),
        ("zatwierdza", "budżet"),
        ("finansuje", "projekt"),
        ("przedłuża", "umowę"),
        ("rozpatruje", "podanie"),
        ("przyjmuje", "decyzję"),
    ),
    fillers=(
        "Posiedzenie odbyło się w ratuszu.",
        "Protokół opublikowano na stronie internetowej.",
        "Kilku członków zadało pytania dotyczące porządku obrad.",
        "Następne posiedzenie zaplanowano na jesień.",
    ),
    qualified=(
        _lead("condition", "Jeśli członkowie się zgodzą, ", "jeśli"),
        _lead("condition", "Pod warunkiem że środki będą dostępne, ", "pod warunkiem"),
        _lead("condition", "Za zgodą akcjonariuszy ", "za zgodą"),
        _tail("condition", ", jeśli członkowie się zgodzą", "jeśli"),
        _tail("condition", ", pod warunkiem że koszty pozostaną niskie", "pod warunkiem"),
        _lead("exception", "Z wyjątkiem sytuacji nadzwyczajnych ", "wyjątkiem"),
        _tail("exception", ", chyba że sąd się sprzeciwi", "chyba że"),
        _tail("exception", " z wyjątkiem małych firm", "wyjątkiem"),
        _lead("negation", "Nieprawdą jest, że ", "nieprawdą"),
        _lead("negation", "Nikt nie może potwierdzić, że ", "nikt"),
        _lead("negation", "Nie ma dowodów na to, że ", "nie"),
        _lead("limit", "Tylko ", "tylko"),
        _lead("limit", "Tymczasowo ", "tymczasowo"),
        _tail("limit", " tylko w okresie próbnym", "tylko"),
        _tail("limit", " wyłącznie w wyjątkowych przypadkach", "wyłącznie"),
        _tail("limit", " do końca roku", "do końca"),
        _lead("count", "W dwóch na dziesięć przypadków ", "dwóch"),
        _lead("count", "W niektórych przypadkach ", "niektórych"),
        _tail("count", " w mniej niż połowie przypadków", "mniej"),
        _tail("count", " w trzech z dwunastu okręgów", "trzech"),
        _lead("attribution", "Według ministerstwa ", "według"),
        _lead("attribution", "Krytycy twierdzą, że ", "twierdzą"),
        _tail("attribution", ", poinformowało ministerstwo", "poinformowało"),
        _tail("attribution", ", twierdzą krytycy", "twierdzą"),
        _lead("condition", "W wypadku sprzeciwu członków ", "w wypadku"),
        _lead("condition", "W sytuacji gdy członkowie się zgodzą, ", "w sytuacji gdy"),
        _tail("attribution", ", zauważył minister", "zauważył"),
    ),
    neutral=(
        _lead("time", "W marcu 2021 roku "),
        _lead("time", "We wtorek "),
        _lead("place", "Na posiedzeniu w Berlinie "),
        _lead("manner", "Po długiej debacie "),
        _tail("place", " na posiedzeniu w Berlinie"),
        _tail("time", " we wtorek"),
        _tail("manner", " po długiej debacie"),
        _tail("place", " w ratuszu"),
        _lead("time", "Później w tym tygodniu "),
    ),
)

EO = Language(
    code="eo",
    word_data=False,
    v2=False,
    subjects=(
        "la estraro",
        "la ministerio",
        "la komitato",
        "la urba konsilio",
        "la firmao",
        "la asocio",
    ),
    predicates=(
        ("subtenas", "la proponon"),
        ("aprobas", "la buĝeton"),
        ("financas", "la projekton"),
        ("plilongigas", "la kontrakton"),
        ("ekzamenas", "la peton"),
        ("bonvenigas", "la decidon"),
    ),
    fillers=(
        "La kunveno okazis en la urbodomo.",
        "La protokolo estis publikigita en la retejo.",
        "Pluraj membroj demandis pri la tagordo.",
        "La sekva kunveno estas planita por la aŭtuno.",
    ),
    qualified=(
        _lead("condition", "Se la membroj konsentos, ", "se"),
        _lead("condition", "Se la membroj de la asocio konsentos, ", "se"),
        _lead("condition", "Kondiĉe ke la mono estos disponebla, ", "kondiĉe"),
        _tail("condition", " se la membroj de la asocio konsentos", "se"),
        _tail("condition", " kondiĉe ke la kostoj restos malaltaj", "kondiĉe"),
        _lead("exception", "Escepte de la malgrandaj firmaoj en la regiono, ", "escepte"),
        _tail("exception", ", krom se la tribunalo kontraŭos tion", "krom"),
        _tail("exception", " escepte de urĝaj kazoj", "escepte"),
        _lead("negation", "Ne estas vere, ke ", "ne"),
        _lead("negation", "Ne ekzistas iu ajn pruvo, ke ", "ne"),
        _lead("limit", "Nur ", "nur"),
        _tail("limit", " nur dum provperiodo de ses monatoj", "nur"),
        _tail("limit", " ĝis la fino de la jaro", "ĝis"),
        _lead("count", "En du el dek kazoj, ", "du"),
        _tail("count", " en malpli ol duono de la kazoj", "malpli"),
        _lead("attribution", "Laŭ la ministerio, ", "laŭ"),
        _lead("attribution", "Laŭ la raporto de la sindikato, ", "laŭ"),
        _tail("attribution", ", diris la ministerio", "diris"),
        _tail("attribution", ", laŭ la raporto de la sindikato", "laŭ"),
    ),
    neutral=(
        _lead("time", "En marto 2021, "),
        _lead("time", "Marde, "),
        _lead("place", "En Berlino, "),
        _lead("place", "Dum la kunveno en la granda salono de Berlino, "),
        _tail("place", " en Berlino"),
        _tail("time", " marde"),
        _tail("manner", " post longa debato"),
        _tail("time", " dum la kunveno de la pasinta semajno en Berlino"),
    ),
)

SW = Language(
    code="sw",
    word_data=False,
    v2=False,
    subjects=(
        "bodi",
        "wizara",
        "kamati",
        "halmashauri ya jiji",
        "kampuni",
        "serikali",
    ),
    predicates=(
        ("inaunga mkono", "pendekezo"),
        ("inaidhinisha", "bajeti"),
        ("inafadhili", "mradi"),
        ("inakagua", "ombi"),
        ("inakaribisha", "uamuzi"),
        ("inaongeza muda wa", "mkataba"),
    ),
    fillers=(
        "Mkutano ulifanyika katika ukumbi wa mji.",
        "Kumbukumbu zilichapishwa kwenye tovuti.",
        "Wanachama kadhaa waliuliza maswali kuhusu ajenda.",
        "Mkutano ujao umepangwa kufanyika mwezi ujao.",
    ),
    qualified=(
        _lead("condition", "Ikiwa wanachama watakubali, ", "ikiwa"),
        _lead("condition", "Ikiwa wanachama wa chama watakubali uamuzi huo, ", "ikiwa"),
        _lead("condition", "Kwa sharti kwamba fedha zitapatikana, ", "sharti"),
        _tail("condition", " ikiwa wanachama wa chama watakubali uamuzi huo", "ikiwa"),
        _lead("exception", "Isipokuwa katika hali za dharura, ", "isipokuwa"),
        _tail("exception", " isipokuwa mahakama itapinga uamuzi huo", "isipokuwa"),
        _lead("negation", "Si kweli kwamba ", "si kweli"),
        _lead("negation", "Hakuna mtu anayeweza kuthibitisha kwamba ", "hakuna"),
        _tail("limit", " kwa muda wa miezi sita tu", "tu"),
        _tail("limit", " hadi mwisho wa mwaka huu", "hadi"),
        _tail("count", " katika kesi mbili kati ya kumi", "mbili"),
        _lead("attribution", "Kwa mujibu wa wizara, ", "kwa mujibu"),
        _lead("attribution", "Kwa mujibu wa ripoti ya chama cha wafanyakazi, ", "kwa mujibu"),
        _tail("attribution", ", wizara ilisema", "ilisema"),
    ),
    neutral=(
        _lead("time", "Jumanne, "),
        _lead("time", "Mwezi Machi 2021, "),
        _tail("place", " jijini Berlin"),
        _tail("time", " wiki hii"),
        _tail("place", " katika ukumbi mkubwa wa mji wa Berlin"),
    ),
)

LANGUAGES: tuple[Language, ...] = (EN, DE, FR, ES, IT, PT, NL, PL, EO, SW)
