"""Edit rules of form: markers, mojibake, typos, spellings, numbers, units, articles, marks."""

from __future__ import annotations

from .table import Rule, RuleKind

_E = RuleKind.EDIT

FORM_EDIT_RULES: tuple[Rule, ...] = (
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
)
