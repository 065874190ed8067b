"""The rules of what is verbatim: the quote is the source's text after folding."""

from __future__ import annotations

from .table import Rule, RuleKind

_V = RuleKind.VERBATIM

VERBATIM_RULES: tuple[Rule, ...] = (
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
)
