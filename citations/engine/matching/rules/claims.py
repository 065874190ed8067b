"""The rules of what changes the claim: never verified or corrected, however small."""

from __future__ import annotations

from .table import Rule, RuleKind

_C = RuleKind.CLAIM

CLAIM_RULES: tuple[Rule, ...] = (
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
