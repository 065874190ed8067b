"""Every rule the matcher decides by, in one table: what is verbatim, which edits a correction
may make, and which differences change the claim.

A quote's report entry names the rules that decided it (``decision.rules``). The policy
table (``policy.POLICY``) then turns the finding into a status; this table says why the
finding is what it is. Default deny: a difference no ``edit`` rule names is a claim change.

Each rule carries its examples: ``examples`` are (language, quote, source) triples the rule
decides, ``counterexamples`` look alike but must not be decided by it. The rule-table test
runs all of them through the engine, and the README's rule list is checked against this table.
To change a rule, edit its row here and its example; the matcher reads the ids from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class RuleKind(StrEnum):
    VERBATIM = "verbatim"  # the quote is the source's text after folding: verified
    EDIT = "edit"  # a claim-preserving difference: a correction may make it
    CLAIM = "claim"  # a difference that changes the claim: never verified or corrected


# (language, quote, source paragraph), then the source's title where the rule reads it and
# the answer's words before the quote where the rule reads them (the quote is then inline)
Example = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    kind: RuleKind
    covers: str  # what the rule covers, in one sentence (shown to reviewers)
    examples: tuple[Example, ...]
    counterexamples: tuple[Example, ...]


_V, _E, _C = RuleKind.VERBATIM, RuleKind.EDIT, RuleKind.CLAIM

RULES: tuple[Rule, ...] = (
    # What is verbatim (PRODUCT.md "What is verbatim")
    Rule(
        "verbatim.exact",
        _V,
        "the quote stands in the source exactly as written",
        (
            ("en", "The tenant pays the rent monthly.", "The tenant pays the rent monthly."),
            ("de", "Der Mieter zahlt monatlich.", "Der Mieter zahlt monatlich."),
            ("fr", "Le locataire paie le loyer.", "Le locataire paie le loyer."),
        ),
        (
            ("en", "The tenant pays the rent weekly.", "The tenant pays the rent monthly."),
            ("de", "Der Mieter zahlt jährlich.", "Der Mieter zahlt monatlich."),
            ("fr", "Le locataire paie la taxe.", "Le locataire paie le loyer."),
        ),
    ),
    Rule(
        "verbatim.folded",
        _V,
        "the same text once case, quotation marks, apostrophes, dashes, whitespace, "
        "compatibility forms, invisible characters, tokenizer spacing, line-break "
        "hyphens, line breaks inside Chinese or Japanese text and the ideographic comma "
        "and full stop are folded, and markup read as shown (HTML entities and inline tags, "
        "markdown links and strong emphasis)",
        (
            ("en", 'the "notice period" is one month', "The “Notice Period” is one\nmonth"),
            (
                "de",
                "Die parlamen-tarische „Kontrolle“ gilt",
                "Die parlamentarische 'Kontrolle' gilt",
            ),
            ("fr", "l'exécution du contrat", "L’exécution  du contrat"),
            ("en", "We don't agree with it.", "We do n't agree with it ."),
            ("en", "Read the Terms & Conditions first", "Read the Terms &amp; Conditions first"),
        ),
        (
            ("en", "the notice period is two months", "The “Notice Period” is one month"),
            ("de", "Die Bürger entscheiden nicht", "Die Bürger entscheiden"),
            ("fr", "l'exécution du bail", "L’exécution du contrat"),
        ),
    ),
    Rule(
        "verbatim.cut_start",
        _V,
        "the quote starts inside a source word, cut at a character limit: the text is there "
        "(attention names the whole word, attention.cut_word); never inside a number",
        (
            ("de", "ungen müssen bis 2030 gelten", "Die Regelungen müssen bis 2030 gelten"),
            ("en", "tenance costs are shared", "All maintenance costs are shared"),
            ("fr", "tration doit répondre", "L'administration doit répondre"),
            ("en", "legal under the act", "This is illegal under the act"),
        ),
        (
            ("en", "5 days of notice", "This needs 15 days of notice"),
            ("de", "00 Euro im Monat", "Die Miete beträgt 1.500 Euro im Monat"),
            ("fr", "5 jours ouvrables", "dans les 15 jours ouvrables"),
        ),
    ),
    Rule(
        "verbatim.cut_end",
        _V,
        "the quote ends inside a source word, cut at a character limit",
        (
            (
                "de",
                "Wir wollen eine restriktive Rüs",
                "Wir wollen eine restriktive Rüstungspolitik.",
            ),
            ("en", "The board approves the bud", "The board approves the budget."),
            ("fr", "Le conseil approuve le bud", "Le conseil approuve le budget."),
        ),
        (
            ("en", "The fee is due within 1", "The fee is due within 14 days."),
            ("de", "Die Frist beträgt 1", "Die Frist beträgt 12 Wochen."),
            ("fr", "Le délai est de 1", "Le délai est de 15 jours."),
        ),
    ),
    Rule(
        "verbatim.edge_ellipsis",
        _V,
        "a truncation mark (..., …, [...]) at the quote's start or end",
        (
            (
                "en",
                "... the rent is due on the first day",
                "In all cases the rent is due on the first day of the month.",
            ),
            (
                "de",
                "Die Miete ist am ersten Tag fällig …",
                "Die Miete ist am ersten Tag fällig, sofern nichts anderes vereinbart ist.",
            ),
            (
                "fr",
                "[...] le loyer est payable d'avance",
                "Dans tous les cas, le loyer est payable d'avance.",
            ),
        ),
        (
            ("en", "... the rent is due on the last day", "The rent is due on the first day."),
            ("de", "Die Miete ist nie fällig …", "Die Miete ist am ersten Tag fällig."),
            ("fr", "[...] le loyer est gratuit", "Le loyer est payable d'avance."),
        ),
    ),
    Rule(
        "verbatim.closing_punctuation",
        _V,
        "a full stop or comma inside the closing quotation mark where the source goes on",
        (
            ("en", "The rent is due monthly.", "The rent is due monthly, in advance."),
            (
                "de",
                "Die Miete ist monatlich fällig,",
                "Die Miete ist monatlich fällig und im Voraus zu zahlen.",
            ),
            (
                "fr",
                "Le loyer est payable chaque mois.",
                "Le loyer est payable chaque mois, d'avance.",
            ),
        ),
        (
            ("en", "The rent is due weekly.", "The rent is due monthly, in advance."),
            ("de", "Die Miete ist nie fällig.", "Die Miete ist monatlich fällig."),
            ("fr", "Le loyer est gratuit.", "Le loyer est payable chaque mois, d'avance."),
        ),
    ),
    Rule(
        "verbatim.editorial_mark",
        _V,
        "a quoting writer's editorial mark ([sic], [T]he, (emphasis added)) or markdown "
        "emphasis, escapes and entities, which render as the source's text",
        (
            ("en", "[T]he fee [sic] is due", "the fee is due"),
            ("de", "Die Frist ist **bindend** (Hervorhebung d. Verf.)", "Die Frist ist bindend"),
            ("fr", "[L]e délai est impératif", "le délai est impératif"),
        ),
        (
            ("en", "[T]he fee [sic] is waived", "the fee is due"),
            ("de", "Die Frist ist **unverbindlich**", "Die Frist ist bindend"),
            ("fr", "[L]e délai est indicatif", "le délai est impératif"),
        ),
    ),
    # What a correction may change (PRODUCT.md "What may be corrected (default: no)")
    Rule(
        "edit.citation_marker",
        _E,
        "a citation marker the model copied into the quote ([cite: 12], 【4†source】, (p. 5)); "
        "the correction removes it",
        (
            ("en", "The contract ends in June 2026. [cite: 12]", "The contract ends in June 2026."),
            ("de", "Der Vertrag endet im Juni 2026. [cite: 7]", "Der Vertrag endet im Juni 2026."),
            (
                "fr",
                "Le contrat prend fin en juin 2026. (p. 5)",
                "Le contrat prend fin en juin 2026.",
            ),
        ),
        (
            ("en", "The contract ends in July 2026. [cite: 12]", "The contract ends in June 2026."),
            ("de", "Der Vertrag endet nie. [cite: 7]", "Der Vertrag endet im Juni 2026."),
            ("fr", "Le contrat est reconduit. (p. 5)", "Le contrat prend fin en juin 2026."),
        ),
    ),
    Rule(
        "edit.mojibake",
        _E,
        "the quote's text was mis-decoded on the way (UTF-8 read as cp1252, latin-1 or "
        "ISO-8859-10: fÃ¼r for für); repaired with ftfy and the standard codecs",
        (
            (
                "de",
                "Wir lehnen eine Ausweitung Ã¼ber die heutigen Regelungen ab.",
                "Wir lehnen eine Ausweitung über die heutigen Regelungen ab.",
            ),
            ("fr", "Le dÃ©lai de prÃ©avis est dâ€™un mois.", "Le délai de préavis est d’un mois."),
            (
                "en",
                "The cafÃ© pays the â€œservice feeâ€ monthly.",
                "The café pays the “service fee” monthly.",
            ),
        ),
        (
            (
                "de",
                "Wir fordern eine Ausweitung Ã¼ber die heutigen Regelungen.",
                "Wir lehnen eine Ausweitung über die heutigen Regelungen ab.",
            ),
            ("fr", "Le dÃ©lai de prÃ©avis est de deux mois.", "Le délai de préavis est d’un mois."),
            (
                "en",
                "The cafÃ© never pays the â€œservice feeâ€.",
                "The café pays the “service fee” monthly.",
            ),
        ),
    ),
    Rule(
        "edit.typo",
        _E,
        "one letter wrong, missing or added inside a longer word (past its first three "
        "letters, where a prefix makes another word, unless it doubles a letter; never a vowel "
        "sign, which makes another word), or the last word cut off at another letter",
        (
            (
                "de",
                "Wir setzen auf Freirwilligkeit und Verantwortung",
                "Wir setzen auf Freiwilligkeit und Verantwortung",
            ),
            (
                "en",
                "The committee reviews every applicaton in detail",
                "The committee reviews every application in detail",
            ),
            (
                "fr",
                "La commission examine chaque candidatture en détail",
                "La commission examine chaque candidature en détail",
            ),
        ),
        (
            (
                "en",
                "The employer reviews every application in detail",
                "The employee reviews every application in detail",
            ),
            (
                "de",
                "Die Frist endet im Juni für alle Anträge",
                "Die Frist endet im Juli für alle Anträge",
            ),
            (
                "fr",
                "La commission examine chaque candidature en mai",
                "La commission examine chaque candidature en mars",
            ),
            (
                "it",
                "Il comitato esprime parere favorevole al progetto",
                "Il comitato esprime parere sfavorevole al progetto",
            ),
            (
                "en",
                "The use of personal cloud storage is prescribed",
                "The use of personal cloud storage is proscribed",
            ),
            (
                "hi",
                "सभी बच्चा स्कूल में मुफ्त भोजन पाएंगे",
                "सभी बच्चे स्कूल में मुफ्त भोजन पाएंगे",
            ),
        ),
    ),
    Rule(
        "edit.inflection",
        _E,
        "the same word with another inflection or gender ending (not an agent's: "
        "empleado for empleador names another party)",
        (
            (
                "de",
                "Massenhaft Verfolgung von digitalen Privatkopien lehnen wir ab",
                "Massenhafte Verfolgung von digitalen Privatkopien lehnen wir ab",
            ),
            (
                "en",
                "the tenants pays the agreed rent on time",
                "the tenant pays the agreed rent on time",
            ),
            (
                "fr",
                "les locataire paient le loyer convenu",
                "les locataires paient le loyer convenu",
            ),
            (
                "fr",
                "Le groupe a versé 1,2 millions d'euros aux associations",
                "Le groupe a versé 1,2 million d'euros aux associations",
            ),
        ),
        (
            ("de", "Kinder erhalten das Geld ohne Antrag", "Kindergeld erhalten alle ohne Antrag"),
            (
                "en",
                "the tenant pays the agreed rent inside",
                "the tenant pays the agreed rent in time",
            ),
            (
                "fr",
                "les locataires paient la taxe convenue",
                "les locataires paient le loyer convenu",
            ),
            (
                "es",
                "El empleado deberá abonar el salario cada mes",
                "El empleador deberá abonar el salario cada mes",
            ),
            (
                "fr",
                "L'employé doit informer le salarié par écrit",
                "L'employeur doit informer le salarié par écrit",
            ),
        ),
    ),
    Rule(
        "edit.contraction",
        _E,
        "words written contracted or in full (zum for zu dem, del for de el, au for à le, do "
        "not for don't)",
        (
            (
                "de",
                "Der Antrag ist bis zum Ende des Monats zu stellen",
                "Der Antrag ist bis zu dem Ende des Monats zu stellen",
            ),
            (
                "es",
                "Los gastos del desplazamiento serán abonados por la empresa",
                "Los gastos de el desplazamiento serán abonados por la empresa",
            ),
            (
                "fr",
                "Le loyer est versé au bailleur chaque mois",
                "Le loyer est versé à le bailleur chaque mois",
            ),
            (
                "en",
                "We do not accept the revised terms of the offer",
                "We don't accept the revised terms of the offer",
            ),
        ),
        (
            (
                "de",
                "Der Antrag ist bis zur Mitte des Monats zu stellen",
                "Der Antrag ist bis zu dem Ende des Monats zu stellen",
            ),
            (
                "es",
                "Los gastos al desplazamiento serán abonados por la empresa",
                "Los gastos de el desplazamiento serán abonados por la empresa",
            ),
            (
                "fr",
                "Le loyer est versé du bailleur chaque mois",
                "Le loyer est versé à le bailleur chaque mois",
            ),
            (
                "en",
                "The rent is paid to the landlord each month",
                "The rent is paid by the landlord each month",
            ),
        ),
    ),
    Rule(
        "edit.spelling_variant",
        _E,
        "a spelling variant of the same word: British or American English, umlauts or ß "
        "written out, accents a keyboard could not type, one letter encoded two ways "
        "(Romanian ş for ș, Persian ي for ی)",
        (
            (
                "en",
                "The data centers are licensed annually",
                "The data centres are licensed annually",
            ),
            (
                "de",
                "Die Kosten fuer die Strasse traegt die Stadt",
                "Die Kosten für die Straße trägt die Stadt",
            ),
            ("fr", "Les centres de donnees sont agrees", "Les centres de données sont agréés"),
        ),
        (
            (
                "en",
                "The data centers are closed annually",
                "The data centres are licensed annually",
            ),
            (
                "de",
                "Die Kosten fuer die Schiene traegt die Stadt",
                "Die Kosten für die Straße trägt die Stadt",
            ),
            ("fr", "Les centres de donnees sont fermes", "Les centres de données sont agréés"),
        ),
    ),
    Rule(
        "edit.capital_accents",
        _E,
        "acute, grave or circumflex accents a passage written in capitals leaves out, where the "
        "capitals of its paragraph write none of them (Greek capitals drop the tonos, French often "
        "their accents), written by a quote in lower case: the corrected text is the source's "
        "own (τράπεζα for ΤΡΑΠΕΖΑ, État for ETAT); not an umlaut, háček or tilde, which "
        "capitals keep",
        (
            (
                "en",
                "The café closes the résumé review at noon on Fridays",
                "THE CAFE CLOSES THE RESUME REVIEW AT NOON ON FRIDAYS",
            ),
            (
                "de",
                "Das Café am Markt schließt im Sommer erst am späten Abend",
                "DAS CAFE AM MARKT SCHLIESST IM SOMMER ERST AM SPÄTEN ABEND",
            ),
            (
                "fr",
                "L'État garantit le délai de paiement des fournisseurs",
                "L'ETAT GARANTIT LE DELAI DE PAIEMENT DES FOURNISSEURS",
            ),
            (
                "el",
                "Η τράπεζα αποφάσισε να μειώσει τα επιτόκια κατά μία μονάδα",
                "Η ΤΡΑΠΕΖΑ ΑΠΟΦΑΣΙΣΕ ΝΑ ΜΕΙΩΣΕΙ ΤΑ ΕΠΙΤΟΚΙΑ ΚΑΤΑ ΜΙΑ ΜΟΝΑΔΑ",
            ),
        ),
        (
            (
                "en",
                "The café closes the résumé review at noon on Fridays",
                "The cafe closes the resume review at noon on Fridays",
            ),
            (
                "de",
                "Die Miete würde über den Vertrag hinaus erhöht",
                "DIE MIETE WURDE ÜBER DEN VERTRAG HINAUS ERHÖHT",
            ),
            (
                "fr",
                "Le délai de paiement est dû à la fin du mois",
                "LE DÉLAI DE PAIEMENT EST DU À LA FIN DU MOIS",
            ),
        ),
    ),
    Rule(
        "edit.number_form",
        _E,
        "the same number written otherwise: digit grouping (1000 for 1,000), in words or "
        "figures (thirty for 30, zwei for 2, in any case: 5 for пяти or pięciu), a figure "
        "written out beside the word left out (ninety for ninety (90))",
        (
            (
                "en",
                "The Supplier shall notify the Customer at least thirty days in advance",
                "The Supplier shall notify the Customer at least 30 days in advance",
            ),
            (
                "de",
                "Der Vertrag läuft zunächst 2 Jahre und verlängert sich danach",
                "Der Vertrag läuft zunächst zwei Jahre und verlängert sich danach",
            ),
            (
                "fr",
                "Le contrat est conclu pour une durée de 3 ans renouvelable",
                "Le contrat est conclu pour une durée de trois ans renouvelable",
            ),
            (
                "en",
                "a deposit of 1000 EUR is payable on signing",
                "a deposit of 1,000 EUR is payable on signing",
            ),
            (
                "de",
                "eine Kaution von 2450 Euro ist bei Unterzeichnung fällig",
                "eine Kaution von 2.450 Euro ist bei Unterzeichnung fällig",
            ),
            (
                "fr",
                "un dépôt de 1000 euros est payable à la signature",
                "un dépôt de 1 000 euros est payable à la signature",
            ),
        ),
        (
            (
                "en",
                "a deposit of 1500 EUR is payable on signing",
                "a deposit of 1,000 EUR is payable on signing",
            ),
            (
                "de",
                "eine Kaution von 24.50 Euro ist bei Unterzeichnung fällig",
                "eine Kaution von 2.450 Euro ist bei Unterzeichnung fällig",
            ),
            (
                "fr",
                "un dépôt de 100 euros est payable à la signature",
                "un dépôt de 1 000 euros est payable à la signature",
            ),
            (
                "en",
                "The Supplier shall notify the Customer at least thirty days in advance",
                "The Supplier shall notify the Customer at least 40 days in advance",
            ),
        ),
    ),
    Rule(
        "edit.unit_form",
        _E,
        "a unit or scale written as its sign or abbreviation or in full (5 % for 5 Prozent, "
        "3 Mio. for 3 Millionen), within one value: a German Billion is no English billion",
        (
            (
                "en",
                "The service fee rises by 5% every year for all tenants",
                "The service fee rises by 5 percent every year for all tenants",
            ),
            (
                "de",
                "Das Budget der Stadt beträgt 3 Mio. Euro für das ganze Jahr",
                "Das Budget der Stadt beträgt 3 Millionen Euro für das ganze Jahr",
            ),
            (
                "fr",
                "Les frais de service augmentent de 5 pourcent chaque année",
                "Les frais de service augmentent de 5 % chaque année",
            ),
        ),
        (
            (
                "en",
                "The service fee rises by 5 percentage points every year for all tenants",
                "The service fee rises by 5% every year for all tenants",
            ),
            (
                "de",
                "Das Budget der Stadt beträgt 3 Billionen Euro für das ganze Jahr",
                "Das Budget der Stadt beträgt 3 Milliarden Euro für das ganze Jahr",
            ),
            (
                "fr",
                "Les frais de service augmentent de 5 millions chaque année",
                "Les frais de service augmentent de 5 % chaque année",
            ),
        ),
    ),
    Rule(
        "edit.article",
        _E,
        "an article or particle dropped or added (the, a, der, die, le, la, ja, doch)",
        (
            (
                "en",
                "the tenant shall repair roof and the facade before winter",
                "the tenant shall repair the roof and the facade before winter",
            ),
            (
                "de",
                "Der Mieter muss Dach und die Fassade vor dem Winter reparieren",
                "Der Mieter muss das Dach und die Fassade vor dem Winter reparieren",
            ),
            (
                "fr",
                "le locataire doit réparer toit et la façade avant l'hiver",
                "le locataire doit réparer le toit et la façade avant l'hiver",
            ),
        ),
        (
            (
                "en",
                "the tenant shall repair the roof and the facade before every winter",
                "the tenant shall repair the roof and the facade before winter",
            ),
            (
                "de",
                "Der Mieter muss das Dach und die Fassade vor jedem Winter reparieren",
                "Der Mieter muss das Dach und die Fassade vor dem Winter reparieren",
            ),
            (
                "fr",
                "le locataire doit réparer le toit et la façade avant chaque hiver",
                "le locataire doit réparer le toit et la façade avant l'hiver",
            ),
        ),
    ),
    Rule(
        "edit.punctuation",
        _E,
        "punctuation, list bullets or a table-of-contents leader differ",
        (
            (
                "en",
                "The rent, as agreed is due on the first day of the month",
                "The rent, as agreed, is due on the first day of the month",
            ),
            (
                "de",
                "Die Miete ist wie vereinbart am ersten Tag des Monats fällig",
                "Die Miete ist, wie vereinbart, am ersten Tag des Monats fällig",
            ),
            (
                "fr",
                "Le loyer comme convenu est payable le premier jour du mois",
                "Le loyer, comme convenu, est payable le premier jour du mois",
            ),
        ),
        (
            (
                "en",
                "The rent as agreed is due on the last day of the month",
                "The rent, as agreed, is due on the first day of the month",
            ),
            (
                "de",
                "Die Miete ist wie vereinbart am letzten Tag des Monats fällig",
                "Die Miete ist, wie vereinbart, am ersten Tag des Monats fällig",
            ),
            (
                "fr",
                "Le loyer comme convenu est payable le dernier jour du mois",
                "Le loyer, comme convenu, est payable le premier jour du mois",
            ),
        ),
    ),
    Rule(
        "edit.marked_omission",
        _E,
        "an omission marked with ..., …, [...] or (...) inside one sentence, whatever it hides "
        "(list items, examples, asides, a clause) but a negation or a number: the corrected "
        "text restores the hidden words and attention names them (attention.omission_hid)",
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
            (
                "fr",
                "Le bailleur répare la toiture (...) avant le début de l'hiver",
                "Le bailleur répare la toiture du vieux bâtiment principal avant le début de "
                "l'hiver",
            ),
            (
                "de",
                "Der Mieter darf ... die Wohnung untervermieten",
                "Der Mieter darf nur mit Zustimmung die Wohnung untervermieten",
            ),
        ),
        (
            (
                "en",
                "The tenant may ... sublet the flat to students",
                "The tenant may not under any circumstances sublet the flat to students",
            ),
            (
                "de",
                "Der Mieter darf ... die Wohnung untervermieten",
                "Der Mieter darf keinesfalls die Wohnung untervermieten",
            ),
            (
                "fr",
                "Le locataire ... sous-louer l'appartement",
                "Le locataire ne peut en aucun cas sous-louer l'appartement",
            ),
        ),
    ),
    Rule(
        "edit.interpolation",
        _E,
        "words the quoting writer put in brackets after a pronoun to say what it refers to "
        "(sie [die Grundsteuer] ist), naming what the paragraph names before it and no "
        "claim (not [not], [only], [twice]): taken out",
        (
            (
                "de",
                "Wenn sie [die Grundsteuer] in Wahrheit eine zweite Vermögenssteuer ist, ist sie "
                "abzuschaffen.",
                "Die Grundsteuer ist umstritten. Wenn sie in Wahrheit eine zweite "
                "Vermögenssteuer ist, ist sie abzuschaffen.",
            ),
            (
                "en",
                "It [the council] will review the fees every year.",
                "The council met in May. It will review the fees every year.",
            ),
            (
                "fr",
                "Elle [la commune] révisera les tarifs chaque année.",
                "La commune a voté. Elle révisera les tarifs chaque année.",
            ),
        ),
        (
            (
                "de",
                "Wenn sie [die Grundsteuer] keine zweite Vermögenssteuer ist, ist sie "
                "abzuschaffen.",
                "Wenn sie in Wahrheit eine zweite Vermögenssteuer ist, ist sie abzuschaffen.",
            ),
            (
                "en",
                "It [the council] will never review the fees.",
                "It will review the fees every year.",
            ),
            (
                "fr",
                "Elle [la commune] gèlera les tarifs chaque année.",
                "Elle révisera les tarifs chaque année.",
            ),
            (
                "de",
                "Wenn sie [die Grundsteuer] in Wahrheit eine zweite Vermögenssteuer ist, ist sie "
                "abzuschaffen.",
                "Die Gewerbesteuer ist umstritten. Wenn sie in Wahrheit eine zweite "
                "Vermögenssteuer ist, ist sie abzuschaffen.",
            ),
            (
                "en",
                "It [the council] will [not] review the fees every year.",
                "The council met in May. It will review the fees every year.",
            ),
        ),
    ),
    Rule(
        "edit.pronoun_referent",
        _E,
        "a pronoun the source opens a sentence or clause with replaced by what it stands for, "
        "named in the paragraph before it (The landlords must for They must): the pronoun put "
        "back",
        (
            (
                "en",
                "The landlords must repair the roof within a month.",
                "The landlords met in May. They must repair the roof within a month.",
            ),
            (
                "de",
                "Ihren Vertreterinnen und Vertretern darf das Land nicht länger überlassen werden.",
                "Ihre Vertreterinnen und Vertreter haben abgewirtschaftet. Ihnen darf das Land "
                "nicht länger überlassen werden.",
            ),
            (
                "fr",
                "La commune révisera les tarifs chaque année.",
                "La commune a voté en mai. Elle révisera les tarifs chaque année.",
            ),
        ),
        (
            (
                "en",
                "The tenants must repair the roof within a month.",
                "The landlords met in May. They must repair the roof within a month.",
            ),
            (
                "de",
                "Die Mieter dürfen die Wohnung nicht untervermieten.",
                "Die Vermieter haben entschieden. Sie dürfen die Wohnung nicht untervermieten.",
            ),
            (
                "en",
                "The tenant must repair the roof within a month.",
                "The landlord informed the tenant. He must repair the roof within a month.",
            ),
            (
                "fr",
                "La région révisera les tarifs chaque année.",
                "La commune a voté en mai. Elle révisera les tarifs chaque année.",
            ),
        ),
    ),
    Rule(
        "edit.self_reference",
        _E,
        "the writer's self-reference swapped with its name either way (Wir for DIE LINKE, "
        "the Council for We), the verb agreeing, where the source speaks so itself and its "
        "title names that writer alone (not Die CDU in the Greens' programme, not a party "
        "of a title naming two)",
        (
            (
                "de",
                "Wir fordern die Abschaffung der Studiengebühren.",
                "DIE LINKE fordert die Abschaffung der Studiengebühren. Wir wollen Bildung "
                "für alle.",
                "DIE LINKE Wahlprogramm 2009",
            ),
            (
                "en",
                "We reject the proposed increase of the fees.",
                "The Council rejects the proposed increase of the fees. We keep them as they are.",
                "Council minutes, 4 May",
            ),
            (
                "fr",
                "Nous refusons la hausse proposée des frais.",
                "Le Conseil refuse la hausse proposée des frais. Nous les gardons.",
                "Procès-verbal du Conseil",
            ),
        ),
        (
            (
                "en",
                "We shall indemnify Acme Ltd against all third-party claims.",
                "Borealis GmbH shall indemnify Acme Ltd against all third-party claims.",
            ),
            (
                "de",
                "Wir fordern die Abschaffung der Studiengebühren.",
                "Die CDU fordert die Abschaffung der Studiengebühren. Wir lehnen das ab.",
                "GRÜNE Wahlprogramm 2009",
            ),
            (
                "de",
                "Sie fordern die Abschaffung der Studiengebühren.",
                "DIE LINKE fordert die Abschaffung der Studiengebühren.",
            ),
            (
                "en",
                "They reject the proposed increase of the fees.",
                "The Council rejects the proposed increase of the fees.",
            ),
            (
                "fr",
                "Ils refusent la hausse proposée des frais.",
                "Le Conseil refuse la hausse proposée des frais.",
            ),
        ),
    ),
    Rule(
        "edit.subject_restored",
        _E,
        "a later clause quoted as a sentence of its own, with the subject its sentence opens "
        "with put in front (Wir lehnen … ab of „Wir schützen … und lehnen … ab“), the joining "
        "und dropped",
        (
            (
                "de",
                "Wir lehnen Gentechnik im Essen und auf dem Acker ab.",
                "Wir schützen die biologische Vielfalt und lehnen Gentechnik im Essen und auf "
                "dem Acker ab.",
            ),
            (
                "en",
                "We will continue to oppose the patenting of software.",
                "We promote free software and will continue to oppose the patenting of software.",
            ),
            (
                "fr",
                "Nous refusons les cultures transgéniques dans nos champs.",
                "Nous protégeons la biodiversité, refusons les cultures transgéniques dans nos "
                "champs.",
            ),
        ),
        (
            (
                "de",
                "Wir lehnen Gentechnik im Essen und auf dem Acker ab.",
                "Sie schützen die biologische Vielfalt und lehnen Gentechnik im Essen und auf "
                "dem Acker ab.",
            ),
            (
                "en",
                "We will continue to oppose the patenting of software.",
                "They promote free software and will continue to oppose the patenting of software.",
            ),
            (
                "fr",
                "Nous refusons les cultures transgéniques dans nos champs.",
                "Ils protègent la biodiversité, refusons les cultures transgéniques dans nos "
                "champs.",
            ),
        ),
    ),
    Rule(
        "edit.opening_connective",
        _E,
        "a sentence-opening connective or link dropped, swapped or put in front (Darüber "
        "hinaus, Furthermore, und, Therefore), the word order adjusted (Die Haustür ist of "
        "Außerdem ist die Haustür, not of a question); a link that also focuses the phrase "
        "after it (Auch, Even) is not put in front",
        (
            (
                "en",
                "Therefore the board must approve every transfer above the limit.",
                "Members agreed. The board must approve every transfer above the limit.",
            ),
            (
                "de",
                "Daher lehnen wir die Vorratsdatenspeicherung ohne Ausnahme ab.",
                "Wir lehnen die Vorratsdatenspeicherung ohne Ausnahme ab.",
            ),
            (
                "es",
                "Por eso el consejo debe aprobar cada transferencia superior al límite.",
                "El consejo debe aprobar cada transferencia superior al límite.",
            ),
            (
                "de",
                "Wir wollen das Adoptionsrecht endlich auch für Paare öffnen.",
                "Darüber hinaus wollen wir das Adoptionsrecht endlich auch für Paare öffnen.",
            ),
            (
                "en",
                "And we will continue to oppose software patents.",
                "Furthermore, we will continue to oppose software patents.",
            ),
            (
                "de",
                "Die Haustür ist in der Zeit von 22 bis 6 Uhr abzuschließen.",
                "Außerdem ist die Haustür in der Zeit von 22 bis 6 Uhr abzuschließen.",
            ),
            (
                "fr",
                "Et nous voulons ouvrir le droit d'adoption aux couples.",
                "Par ailleurs, nous voulons ouvrir le droit d'adoption aux couples.",
            ),
        ),
        (
            (
                "de",
                "Wir wollen das Adoptionsrecht niemals für Paare öffnen.",
                "Darüber hinaus wollen wir das Adoptionsrecht endlich auch für Paare öffnen.",
            ),
            (
                "en",
                "We will stop opposing software patents.",
                "Furthermore, we will continue to oppose software patents.",
            ),
            (
                "fr",
                "Nous refusons d'ouvrir le droit d'adoption aux couples.",
                "Par ailleurs, nous voulons ouvrir le droit d'adoption aux couples.",
            ),
            (
                "en",
                "Even children may use the library on every weekday for free.",
                "Children may use the library on every weekday for free.",
            ),
            (
                "de",
                "Auch Kinder dürfen die Bibliothek an allen Wochentagen kostenlos nutzen.",
                "Kinder dürfen die Bibliothek an allen Wochentagen kostenlos nutzen.",
            ),
            (
                "fr",
                "Même les enfants peuvent utiliser la bibliothèque gratuitement.",
                "Les enfants peuvent utiliser la bibliothèque gratuitement.",
            ),
            (
                "en",
                "The landlord is required to repair the roof",
                "Moreover, is the landlord required to repair the roof?",
            ),
        ),
    ),
    Rule(
        "edit.connective",
        _E,
        "a connective set off by commas inside a sentence left out (however, jedoch, cependant)",
        (
            (
                "en",
                "The report was submitted late to the board last week.",
                "The report, however, was submitted late to the board last week.",
            ),
            (
                "de",
                "Der Bericht wurde der Kommission zu spät vorgelegt.",
                "Der Bericht wurde, jedoch, der Kommission zu spät vorgelegt.",
            ),
            (
                "fr",
                "Le rapport a été remis en retard au conseil.",
                "Le rapport a, cependant, été remis en retard au conseil.",
            ),
        ),
        (
            (
                "en",
                "The report was submitted to the board last week.",
                "The report, however, was submitted late to the board last week.",
            ),
            (
                "de",
                "Der Bericht wurde der Kommission vorgelegt.",
                "Der Bericht wurde, jedoch, der Kommission zu spät vorgelegt.",
            ),
            (
                "fr",
                "Le rapport a été remis au conseil.",
                "Le rapport a, cependant, été remis en retard au conseil.",
            ),
        ),
    ),
    Rule(
        "edit.gender_pair",
        _E,
        "the second form of a gender pair dropped or added (Bürger und Bürgerinnen)",
        (
            (
                "de",
                "Alle Bürger haben das Recht auf Auskunft über ihre Daten",
                "Alle Bürger und Bürgerinnen haben das Recht auf Auskunft über ihre Daten",
            ),
            (
                "fr",
                "Tous les citoyens ont droit à l'information sur leurs données",
                "Tous les citoyens et citoyennes ont droit à l'information sur leurs données",
            ),
            (
                "en",
                "Every chairman has the right to information about the data",
                "Every chairman and chairwoman has the right to information about the data",
            ),
        ),
        (
            (
                "de",
                "Alle Bürger und Firmen haben das Recht auf Auskunft über ihre Daten",
                "Alle Bürger haben das Recht auf Auskunft über ihre Daten",
            ),
            (
                "fr",
                "Tous les citoyens et entreprises ont droit à l'information sur leurs données",
                "Tous les citoyens ont droit à l'information sur leurs données",
            ),
            (
                "en",
                "Every chairman and treasurer has the right to information about the data",
                "Every chairman has the right to information about the data",
            ),
        ),
    ),
    Rule(
        "edit.word_split",
        _E,
        "a compound or separable verb written together or apart, or a stray space in a word",
        (
            (
                "de",
                "Die Kosten schätzung liegt dem Antrag bei und wird geprüft",
                "Die Kostenschätzung liegt dem Antrag bei und wird geprüft",
            ),
            (
                "en",
                "The floorspace of the office is measured every year",
                "The floor space of the office is measured every year",
            ),
            (
                "fr",
                "La candi dature du bureau est examinée chaque année",
                "La candidature du bureau est examinée chaque année",
            ),
        ),
        (
            (
                "de",
                "Die Kosten sind dem Antrag beigelegt und werden geprüft",
                "Die Kostenschätzung liegt dem Antrag bei und wird geprüft",
            ),
            (
                "en",
                "The floor plan of the office is measured every year",
                "The floor space of the office is measured every year",
            ),
            (
                "fr",
                "La porte du bureau est réparée chaque année",
                "La porte-fenêtre du bureau est réparée chaque année",
            ),
        ),
    ),
    Rule(
        "edit.footnote_mark",
        _E,
        "a footnote number fused to a word (approval¹)",
        (
            (
                "en",
                "subject to the approval of the board of directors",
                "subject to the approval¹ of the board of directors",
            ),
            (
                "de",
                "vorbehaltlich der Zustimmung des Aufsichtsrats der Gesellschaft",
                "vorbehaltlich der Zustimmung² des Aufsichtsrats der Gesellschaft",
            ),
            (
                "fr",
                "sous réserve de l'approbation du conseil d'administration",
                "sous réserve de l'approbation³ du conseil d'administration",
            ),
        ),
        (
            (
                "en",
                "subject to the approval5 of the board of directors",
                "subject to the approval4 of the board of directors",
            ),
            (
                "de",
                "vorbehaltlich der Zustimmung2 des Aufsichtsrats der Gesellschaft",
                "vorbehaltlich der Zustimmung3 des Aufsichtsrats der Gesellschaft",
            ),
            (
                "fr",
                "sous réserve de l'approbation7 du conseil d'administration",
                "sous réserve de l'approbation8 du conseil d'administration",
            ),
        ),
    ),
    # What changes the claim: never corrected, however small
    Rule(
        "claim.number",
        _C,
        "a number, date, amount or unit added, dropped or changed, a digit group or decimal "
        "mark lost, a mark before three digits swapped (1.250 for 1,250)",
        (
            (
                "en",
                "The deposit of 500 EUR is payable on signing the lease",
                "The deposit of 1,500 EUR is payable on signing the lease",
            ),
            (
                "en",
                "The fine is EUR 1.250 for every day of delay",
                "The fine is EUR 1,250 for every day of delay",
            ),
            (
                "de",
                "Die Kündigungsfrist beträgt acht Wochen zum Monatsende",
                "Die Kündigungsfrist beträgt vier Wochen zum Monatsende",
            ),
            (
                "fr",
                "Le préavis est de trois mois avant la fin du bail",
                "Le préavis est de deux mois avant la fin du bail",
            ),
        ),
        (
            (
                "en",
                "The deposit of 1500 EUR is payable on signing the lease",
                "The deposit of 1,500 EUR is payable on signing the lease",
            ),
            (
                "de",
                "Die Kündigungsfrist beträgt vier Wochen zum Monatsende",
                "Die Kündigungsfrist beträgt vier Wochen zum Monatsende",
            ),
            (
                "fr",
                "Le préavis est de deux mois avant la fin du bail",
                "Le préavis est de deux mois avant la fin du bail",
            ),
        ),
    ),
    Rule(
        "claim.symbol",
        _C,
        "a currency or maths sign, per cent, a number's minus (- 1,200 for 1,200), a range's "
        "dash (5 10 for 5-10), a unit's prime (10′ for 10″), "
        "an exponent (106 for 10⁶) or a logical not (isAdmin for !isAdmin) differs",
        (
            (
                "en",
                "A clearance of 10″ is required around the outdoor unit.",
                "A clearance of 10′ is required around the outdoor unit.",
            ),
            (
                "en",
                "if (user.isAdmin) { deny(request); } else { allow(request); }",
                "if (!user.isAdmin) { deny(request); } else { allow(request); }",
            ),
            (
                "de",
                "Die Zellen wurden mit einer Dichte von 106 Zellen pro Milliliter ausgesät.",
                "Die Zellen wurden mit einer Dichte von 10⁶ Zellen pro Milliliter ausgesät.",
            ),
            (
                "en",
                "revenue rose by 4.1% in the third quarter of the year",
                "revenue rose by -4.1% in the third quarter of the year",
            ),
            (
                "de",
                "Der Umsatz stieg um 4,1 $ im dritten Quartal des Jahres",
                "Der Umsatz stieg um 4,1 € im dritten Quartal des Jahres",
            ),
            (
                "fr",
                "le chiffre d'affaires a augmenté de ≥ 4 points cette année",
                "le chiffre d'affaires a augmenté de ≤ 4 points cette année",
            ),
        ),
        (
            (
                "en",
                "revenue rose by -4.1% in the third quarter of this year",
                "revenue rose by -4.1% in the third quarter of the year",
            ),
            (
                "de",
                "Der Umsatz stieg um 4,1 € im dritten Quartal diesen Jahres",
                "Der Umsatz stieg um 4,1 € im dritten Quartal des Jahres",
            ),
            (
                "fr",
                "le chiffre d'affaires a augmenté de ≤ 4 point cette année",
                "le chiffre d'affaires a augmenté de ≤ 4 points cette année",
            ),
        ),
    ),
    Rule(
        "claim.negation",
        _C,
        "a negation added, dropped or changed (not, no, never, nicht, kein, ne, pas, sans)",
        (
            (
                "en",
                "The tenant may sublet the flat to students without consent",
                "The tenant may not sublet the flat to students without consent",
            ),
            (
                "de",
                "Der Mieter darf die Wohnung ohne Zustimmung untervermieten",
                "Der Mieter darf die Wohnung nicht ohne Zustimmung untervermieten",
            ),
            (
                "fr",
                "Le locataire peut sous-louer l'appartement sans accord écrit",
                "Le locataire ne peut pas sous-louer l'appartement sans accord écrit",
            ),
        ),
        (
            (
                "en",
                "The tenant may not sublet the flat to the students without consent",
                "The tenant may not sublet the flat to students without consent",
            ),
            (
                "de",
                "Der Mieter darf die Wohnung nicht ohne die Zustimmung untervermieten",
                "Der Mieter darf die Wohnung nicht ohne Zustimmung untervermieten",
            ),
            (
                "fr",
                "Le locataire ne peut pas sous-louer l'appartement sans un accord écrit",
                "Le locataire ne peut pas sous-louer l'appartement sans accord écrit",
            ),
        ),
    ),
    Rule(
        "claim.modal",
        _C,
        "a word of force or permission changed, added or dropped (may/must, darf/muss, peut/doit)",
        (
            (
                "en",
                "The tenant may repair the roof before the winter season",
                "The tenant must repair the roof before the winter season",
            ),
            (
                "de",
                "Der Mieter darf das Dach vor dem Winter reparieren lassen",
                "Der Mieter muss das Dach vor dem Winter reparieren lassen",
            ),
            (
                "fr",
                "Le locataire peut réparer la toiture avant l'hiver prochain",
                "Le locataire doit réparer la toiture avant l'hiver prochain",
            ),
        ),
        (
            (
                "en",
                "The tenant must repair the roofs before the winter season",
                "The tenant must repair the roof before the winter season",
            ),
            (
                "de",
                "Der Mieter muss das Dach vor dem Winter reparieren lasen",
                "Der Mieter muss das Dach vor dem Winter reparieren lassen",
            ),
            (
                "fr",
                "Le locataire doit réparer la toiture avant l'hiver prochaine",
                "Le locataire doit réparer la toiture avant l'hiver prochain",
            ),
        ),
    ),
    Rule(
        "claim.scope",
        _C,
        "a word of scope, bound or direction changed, added or dropped (all, only, more, "
        "before, alle, nur, mehr, tous, seulement), or an article that turns a quantity (a few "
        "for few, ein wenig for wenig)",
        (
            (
                "en",
                "Only employees must complete the safety training each year",
                "Employees must complete the safety training each year",
            ),
            (
                "de",
                "Alle Beschäftigten müssen die Schulung jedes Jahr abschließen",
                "Beschäftigte müssen die Schulung jedes Jahr abschließen",
            ),
            (
                "fr",
                "Seulement les salariés doivent suivre la formation chaque année",
                "Les salariés doivent suivre la formation chaque année",
            ),
        ),
        (
            (
                "en",
                "Employee must complete the safety training each year",
                "Employees must complete the safety training each year",
            ),
            (
                "de",
                "Beschäftigten müssen die Schulung jedes Jahr abschließen",
                "Beschäftigte müssen die Schulung jedes Jahr abschließen",
            ),
            (
                "fr",
                "Les salarié doivent suivre la formation chaque année",
                "Les salariés doivent suivre la formation chaque année",
            ),
        ),
    ),
    Rule(
        "claim.exception",
        _C,
        "an exception or condition added, dropped or changed (except, unless, if, außer, "
        "wenn, sauf, si)",
        (
            (
                "en",
                "All employees must complete the safety training every year",
                "All employees except contractors must complete the safety training every year",
            ),
            (
                "de",
                "Alle Beschäftigten müssen die Schulung jedes Jahr abschließen",
                "Alle Beschäftigten außer Leiharbeitnehmern müssen die Schulung jedes Jahr "
                "abschließen",
            ),
            (
                "fr",
                "Tous les salariés doivent suivre la formation chaque année",
                "Tous les salariés sauf les intérimaires doivent suivre la formation chaque année",
            ),
        ),
        (
            (
                "en",
                "All employees except the contractors must complete the safety training",
                "All employees except contractors must complete the safety training",
            ),
            (
                "de",
                "Alle Beschäftigten außer den Leiharbeitnehmern müssen die Schulung machen",
                "Alle Beschäftigten außer Leiharbeitnehmern müssen die Schulung machen",
            ),
            (
                "fr",
                "Tous les salariés sauf intérimaires doivent suivre la formation annuelle",
                "Tous les salariés sauf les intérimaires doivent suivre la formation annuelle",
            ),
        ),
    ),
    Rule(
        "claim.opposite",
        _C,
        "a word turned into its opposite by a prefix (including/excluding, zulässig/unzulässig)",
        (
            (
                "en",
                "The price is including VAT and all delivery costs",
                "The price is excluding VAT and all delivery costs",
            ),
            (
                "de",
                "Die Untervermietung ist zulässig nach dem Mietvertrag",
                "Die Untervermietung ist unzulässig nach dem Mietvertrag",
            ),
            (
                "fr",
                "La sous-location est légale selon le contrat de bail",
                "La sous-location est illégale selon le contrat de bail",
            ),
        ),
        (
            (
                "en",
                "The price is excluding the VAT and all delivery costs",
                "The price is excluding VAT and all delivery costs",
            ),
            (
                "de",
                "Die Untervermietung ist unzulässig nach diesem Mietvertrag",
                "Die Untervermietung ist unzulässig nach dem Mietvertrag",
            ),
            (
                "fr",
                "La sous-location est illégale selon ce contrat de bail",
                "La sous-location est illégale selon le contrat de bail",
            ),
        ),
    ),
    Rule(
        "claim.pronoun",
        _C,
        "one pronoun for another: the claim moves to someone else (Sie for Wir, they for we)",
        (
            (
                "de",
                "Sie wollen den öffentlichen Nahverkehr bis 2030 verdoppeln",
                "Wir wollen den öffentlichen Nahverkehr bis 2030 verdoppeln",
            ),
            (
                "en",
                "They want to double public transport by 2030 in every region",
                "We want to double public transport by 2030 in every region",
            ),
            (
                "fr",
                "Ils veulent doubler les transports publics d'ici 2030 partout",
                "Nous voulons doubler les transports publics d'ici 2030 partout",
            ),
        ),
        (
            (
                "de",
                "Wir wollen den öffentlichen Nahverkehr bis 2030 verdopeln",
                "Wir wollen den öffentlichen Nahverkehr bis 2030 verdoppeln",
            ),
            (
                "en",
                "We want to double the public transport by 2030 in every region",
                "We want to double public transport by 2030 in every region",
            ),
            (
                "fr",
                "Nous voulons doubler les transport publics d'ici 2030 partout",
                "Nous voulons doubler les transports publics d'ici 2030 partout",
            ),
        ),
    ),
    Rule(
        "claim.word_swap",
        _C,
        "two of the source's words swapped (the buyer pays the supplier)",
        (
            (
                "en",
                "the supplier pays the buyer within the agreed period",
                "the buyer pays the supplier within the agreed period",
            ),
            (
                "de",
                "der Lieferant bezahlt den Käufer innerhalb der vereinbarten Frist",
                "der Käufer bezahlt den Lieferant innerhalb der vereinbarten Frist",
            ),
            (
                "fr",
                "le vendeur paie le client dans le délai convenu",
                "le client paie le vendeur dans le délai convenu",
            ),
        ),
        (
            (
                "en",
                "the buyer pays the supplier within the agreed periods",
                "the buyer pays the supplier within the agreed period",
            ),
            (
                "de",
                "der Käufer bezahlt den Lieferanten innerhalb der vereinbarten Frist",
                "der Käufer bezahlt den Lieferant innerhalb der vereinbarten Frist",
            ),
            (
                "fr",
                "l'acheteur paie le fournisseur dans les délai convenu",
                "l'acheteur paie le fournisseur dans le délai convenu",
            ),
        ),
    ),
    Rule(
        "claim.mark_changed",
        _C,
        "a word whose accent or umlaut differs where the quote writes them elsewhere: "
        "another word (wurde for würde, hatte for hätte, resume for résumé)",
        (
            (
                "de",
                "Die Miete wurde bei der Verlängerung des Vertrags erhöht.",
                "Die Miete würde bei der Verlängerung des Vertrags erhöht.",
            ),
            (
                "en",
                "The café reviews every resume it receives within a week.",
                "The café reviews every résumé it receives within a week.",
            ),
            (
                "fr",
                "Le paiement est du à la fin du mois suivant la livraison.",
                "Le paiement est dû à la fin du mois suivant la livraison.",
            ),
        ),
        (
            (
                "de",
                "Die Miete wuerde bei der Verlaengerung des Vertrags erhoeht.",
                "Die Miete würde bei der Verlängerung des Vertrags erhöht.",
            ),
            (
                "en",
                "The cafe reviews every resume it receives within a week.",
                "The café reviews every résumé it receives within a week.",
            ),
            (
                "fr",
                "Le paiement est du a la fin du mois suivant la livraison.",
                "Le paiement est dû à la fin du mois suivant la livraison.",
            ),
        ),
    ),
    Rule(
        "claim.referent",
        _C,
        "words in brackets after a pronoun naming one of two things the source names before "
        "it with the same article (it [the Tenant] where the Landlord and the Tenant are "
        "named), one of two names (He [Jones] after Smith met Jones), or one of two things "
        "joined by and, or or a comma without an article (They [tenants] after Tenants and "
        "landlords), in brackets or in the pronoun's place: which one the pronoun means is "
        "not read",
        (
            (
                "en",
                "it [the Tenant] ends the lease",
                "The Landlord shall notify the Tenant in writing before it ends the lease.",
            ),
            (
                "de",
                "sie [die Stadt] trägt die Kosten allein",
                "Die Stadt verhandelt mit der Firma, die Gemeinde zahlt nicht, sie trägt die "
                "Kosten allein.",
            ),
            (
                "fr",
                "elle [la commune] paie les frais",
                "La région informe la commune avant qu'elle paie les frais.",
            ),
        ),
        (
            (
                "en",
                "It [the council] will review the fees every year.",
                "The council met in May. It will review the fees every year.",
            ),
            (
                "de",
                "sie [die Grundsteuer] ist zu hoch",
                "Die Grundsteuer steigt. Viele meinen, sie ist zu hoch.",
            ),
            (
                "fr",
                "Elle [la commune] révisera les tarifs chaque année.",
                "La commune a voté. Elle révisera les tarifs chaque année.",
            ),
        ),
    ),
    Rule(
        "claim.word_changed",
        _C,
        "another word in place of the source's: a synonym, another name, party or place, a "
        "word the source writes nearby one letter off (Janssen for Jansen)",
        (
            (
                "de",
                "Elektroschrott, der um die halbe Welt geschickt wird, lehnen wir ab",
                "Elektroschrott, der um die halbe Welt verschifft wird, lehnen wir ab",
            ),
            (
                "en",
                "Mr Janssen chairs the committee that sets the annual budget",
                "Mr Jansen chairs the committee that sets the annual budget; Mr Janssen keeps "
                "the accounts",
            ),
            (
                "en",
                "The licensee pays the annual fee for the software in advance",
                "The licensor pays the annual fee for the software in advance",
            ),
            (
                "fr",
                "Le vendeur paie les frais annuels du logiciel à l'avance",
                "Le client paie les frais annuels du logiciel à l'avance",
            ),
        ),
        (
            (
                "de",
                "Elektroschrott, der um die halbe Welt verschifft wird, lehnen wir ab",
                "Elektroschrott, der um die halbe Welt verschifft wird, lehnen wir ab.",
            ),
            (
                "en",
                "The licensor pays the anual fee for the software in advance",
                "The licensor pays the annual fee for the software in advance",
            ),
            (
                "fr",
                "Le client paie les frais annuel du logiciel à l'avance",
                "Le client paie les frais annuels du logiciel à l'avance",
            ),
        ),
    ),
    Rule(
        "claim.word_added",
        _C,
        "a content word the source does not have there, such as an intensifier (oberste, "
        "top, strictly)",
        (
            (
                "de",
                "Der Ausbau der Ladeinfrastruktur hat für uns oberste Priorität.",
                "Der Ausbau der Ladeinfrastruktur hat für uns Priorität.",
            ),
            (
                "en",
                "Expanding the charging network is a top priority for the city.",
                "Expanding the charging network is a priority for the city.",
            ),
            (
                "fr",
                "Le réseau de recharge est une priorité absolue pour la ville.",
                "Le réseau de recharge est une priorité pour la ville.",
            ),
        ),
        (
            (
                "de",
                "Der Ausbau der Ladeinfrastruktur hat für uns die Priorität.",
                "Der Ausbau der Ladeinfrastruktur hat für uns Priorität.",
            ),
            (
                "en",
                "Expanding the charging network is the priority for the city.",
                "Expanding the charging network is a priority for the city.",
            ),
            (
                "fr",
                "Le réseau de recharge est la priorité pour la ville.",
                "Le réseau de recharge est une priorité pour la ville.",
            ),
        ),
    ),
    Rule(
        "claim.word_dropped",
        _C,
        "a content word of the source left out, such as a qualifier (working days, gross "
        "negligence, written notice)",
        (
            (
                "en",
                "The supplier must deliver within 10 days of the written order",
                "The supplier must deliver within 10 working days of the written order",
            ),
            (
                "de",
                "Der Vermieter haftet nur für Fahrlässigkeit bei der Wartung",
                "Der Vermieter haftet nur für grobe Fahrlässigkeit bei der Wartung",
            ),
            (
                "fr",
                "Le bail peut être résilié par préavis adressé au bailleur",
                "Le bail peut être résilié par préavis écrit adressé au bailleur",
            ),
        ),
        (
            (
                "en",
                "The supplier must deliver within 10 working days of written order",
                "The supplier must deliver within 10 working days of the written order",
            ),
            (
                "de",
                "Der Vermieter haftet nur für grobe Fahrlässigkeit bei Wartung",
                "Der Vermieter haftet nur für grobe Fahrlässigkeit bei der Wartung",
            ),
            (
                "fr",
                "Le bail peut être résilié par préavis écrit adressé à bailleur",
                "Le bail peut être résilié par préavis écrit adressé au bailleur",
            ),
        ),
    ),
    Rule(
        "claim.phrase",
        _C,
        "a run of words replaced by another (in der Stadt for auf dem Land)",
        (
            (
                "de",
                "Wir wollen die Versorgung in der Stadt verbessern und sichern",
                "Wir wollen die Versorgung auf dem Land verbessern und sichern",
            ),
            (
                "en",
                "We want to improve care in big cities and keep it safe",
                "We want to improve care on rural farms and keep it safe",
            ),
            (
                "fr",
                "Nous voulons améliorer les soins en grande ville et les garantir",
                "Nous voulons améliorer les soins en zone rurale et les garantir",
            ),
        ),
        (
            (
                "de",
                "Wir wollen die Versorgung auf dem Land verbessern und sichern.",
                "Wir wollen die Versorgung auf dem Land verbessern und sichern",
            ),
            (
                "en",
                "We want to improve care on rural farm and keep it safe",
                "We want to improve care on rural farms and keep it safe",
            ),
            (
                "fr",
                "Nous voulons améliorer les soins en zone rurale et les garantir.",
                "Nous voulons améliorer les soins en zone rurale et les garantir",
            ),
        ),
    ),
    Rule(
        "claim.list_item",
        _C,
        "an item added to or left out of a list in any form: commas, semicolons, bullets, "
        "numbers, letters, dashes",
        (
            (
                "en",
                "Offices in Berlin, Cologne and Hamburg are closed on Fridays",
                "Offices in Berlin, Munich, Cologne and Hamburg are closed on Fridays",
            ),
            (
                "de",
                "Der Mieter repariert Dach und Fassade vor dem Winter",
                "Der Mieter repariert Dach, Fenster und Fassade vor dem Winter",
            ),
            (
                "fr",
                "Les bureaux de Paris et Lyon sont fermés le vendredi",
                "Les bureaux de Paris, Lille et Lyon sont fermés le vendredi",
            ),
        ),
        (
            (
                "en",
                "Offices in Berlin, Munich, Cologne and Hamburg are closed on Friday",
                "Offices in Berlin, Munich, Cologne and Hamburg are closed on Fridays",
            ),
            (
                "de",
                "Der Mieter repariert Dach, Fenster und die Fassade vor dem Winter",
                "Der Mieter repariert Dach, Fenster und Fassade vor dem Winter",
            ),
            (
                "fr",
                "Les bureaux de Paris, Lille et Lyon sont fermé le vendredi",
                "Les bureaux de Paris, Lille et Lyon sont fermés le vendredi",
            ),
        ),
    ),
    Rule(
        "claim.cut_word",
        _C,
        "the quote is the source's text only cut inside a number, which turns it into another "
        "(5 of 15, 2 of 25 %, seven of twenty-seven); or, not verbatim, it ends with a full "
        "stop inside a word (percent. of percentage), or its near-verbatim text starts inside "
        "a word or ends in a word of another claim (six of sixty)",
        (
            (
                "en",
                "Revenue in the third quarter grew by 0.5 percent.",
                "Revenue in the third quarter grew by 0.5 percentage points.",
            ),
            (
                "de",
                "5 Tage nach Zugang der Kündigung",
                "Die Frist endet 15 Tage nach Zugang der Kündigung",
            ),
            ("en", "The fee is due within 2", "The fee is due within 25 days."),
            (
                "fr",
                "sept jours après la réception du préavis",
                "Le délai est de vingt-sept jours après la réception du préavis",
            ),
        ),
        (
            (
                "en",
                "tractor is non-compliant with the safety rules of the site",
                "The contractor is non-compliant with the safety rules of the site",
            ),
            (
                "de",
                "gen sind unzulässig nach den Regeln des Mietvertrags",
                "Die Regelungen sind unzulässig nach den Regeln des Mietvertrags",
            ),
            (
                "fr",
                "15 jours après la réception du préavis",
                "Le délai est de 15 jours après la réception du préavis",
            ),
        ),
    ),
    Rule(
        "claim.hidden_by_omission",
        _C,
        "a marked omission that hides a negation, a verb that negates or denies what follows "
        "(failed to show) or a number, or runs past the sentence",
        (
            (
                "en",
                "The tenant may ... sublet the flat to students",
                "The tenant may not under any circumstances sublet the flat to students",
            ),
            (
                "de",
                "Der Mieter darf ... die Wohnung untervermieten",
                "Der Mieter darf keinesfalls die Wohnung untervermieten",
            ),
            (
                "fr",
                "Le locataire ... sous-louer l'appartement",
                "Le locataire ne peut en aucun cas sous-louer l'appartement",
            ),
        ),
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
            (
                "fr",
                "Le bailleur répare la toiture (...) avant le début de l'hiver",
                "Le bailleur répare la toiture du vieux bâtiment principal avant le début de "
                "l'hiver",
            ),
        ),
    ),
)

RULE: dict[str, Rule] = {rule.id: rule for rule in RULES}


def rule_ids(kind: RuleKind) -> tuple[str, ...]:
    """The ids of one kind of rule, in table order."""
    return tuple(rule.id for rule in RULES if rule.kind is kind)


def rules_markdown() -> str:
    """The table as the README lists it (``python -m citations rules`` prints it)."""
    lines = ["| rule | kind | covers |", "|---|---|---|"]
    lines.extend(f"| `{rule.id}` | {rule.kind.value} | {rule.covers} |" for rule in RULES)
    return "\n".join(lines)
