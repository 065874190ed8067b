"""Edit rules of wording: marked omissions, insertions, referents, subjects, connectives."""

from __future__ import annotations

from .table import Rule, RuleKind

_E = RuleKind.EDIT

WORDING_EDIT_RULES: tuple[Rule, ...] = (
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
)
