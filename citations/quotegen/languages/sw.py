"""Swahili sentences for the partial-quote classes (``templates``)."""

from ..templates import Language, lead, tail

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
        lead("condition", "Ikiwa wanachama watakubali, ", "ikiwa"),
        lead("condition", "Ikiwa wanachama wa chama watakubali uamuzi huo, ", "ikiwa"),
        lead("condition", "Kwa sharti kwamba fedha zitapatikana, ", "sharti"),
        tail("condition", " ikiwa wanachama wa chama watakubali uamuzi huo", "ikiwa"),
        lead("exception", "Isipokuwa katika hali za dharura, ", "isipokuwa"),
        tail("exception", " isipokuwa mahakama itapinga uamuzi huo", "isipokuwa"),
        lead("negation", "Si kweli kwamba ", "si kweli"),
        lead("negation", "Hakuna mtu anayeweza kuthibitisha kwamba ", "hakuna"),
        tail("limit", " kwa muda wa miezi sita tu", "tu"),
        tail("limit", " hadi mwisho wa mwaka huu", "hadi"),
        tail("count", " katika kesi mbili kati ya kumi", "mbili"),
        lead("attribution", "Kwa mujibu wa wizara, ", "kwa mujibu"),
        lead("attribution", "Kwa mujibu wa ripoti ya chama cha wafanyakazi, ", "kwa mujibu"),
        tail("attribution", ", wizara ilisema", "ilisema"),
    ),
    neutral=(
        lead("time", "Jumanne, "),
        lead("time", "Mwezi Machi 2021, "),
        tail("place", " jijini Berlin"),
        tail("time", " wiki hii"),
        tail("place", " katika ukumbi mkubwa wa mji wa Berlin"),
    ),
)
