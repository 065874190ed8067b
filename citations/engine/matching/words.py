"""The word lists the edit rules (``rules/``) read: data, one list per class of word.

Folded words (lower case, typographic marks folded). English, German and French, with a
few Romance words where they are the same shape; a word missing here falls to the default
of its rule (a changed content word changes the claim), so a missing word errs towards a flag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .normalize import fold_text


def _words(text: str) -> frozenset[str]:
    return frozenset(fold_text(word) for word in text.split())


def _phrases(text: str) -> frozenset[str]:
    """Phrases as the cut checks read a text's words: an elided article is a word of its own
    ("d'après": "d après")."""
    return frozenset(
        " ".join(fold_text(phrase).replace("'", " ").split())
        for phrase in text.split(",")
        if phrase.strip()
    )


def _by_language(*, separator: str = " ", **lists: str) -> dict[str, frozenset[str]]:
    """Word lists by language code; phrases when ``separator`` is a comma."""
    read = _phrases if separator == "," else _words
    return {language: read(text) for language, text in lists.items()}


def _union(by_language: dict[str, frozenset[str]]) -> frozenset[str]:
    return frozenset().union(*by_language.values())


# Words that count: numbers, ordinals, fractions and multiples
COUNTING_WORDS = _words(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty
    ninety hundred thousand million millions billion billions once twice thrice half double
    triple dozen first second third fourth fifth sixth seventh eighth ninth tenth twelfth
    null eins acht achte achten elf elfte einmal doppelt doppelte hälfte halb halbe
    doubled doubles halve halved halves tripled
    un deux trois quatre cinq six sept huit neuf dix onze douze vingt trente quarante
    cinquante cent cents mille moitié premier première deuxième troisième"""
)
# Numbers and the units they count in ("eight (8) days" for "eight (8) hours" is another claim)
NUMBER_WORDS = COUNTING_WORDS | _words(
    """minute minutes hour hours day days week weeks month months year years percent cent eur
    euro euros usd dollar dollars minuten stunde stunden tag tage tagen woche wochen monat
    monate monaten jahr jahre jahren prozent jour jours semaine semaines mois an ans année
    années heure heures pourcent"""
)


# The months, which a date names: another one is another date
MONTHS = _words(
    """january february march april may june july august september october november
    december januar jänner februar märz mai juni juli oktober dezember janvier février mars
    avril juin juillet août septembre octobre novembre décembre"""
)
# German writes number words together with what they count ("zweimal", "vierzehnte")
NUMBER_PREFIXES = tuple(
    _words(
        """zwei drei vier fünf sechs sieben neun zehn zwölf zwanzig dreißig dreissig hundert
        tausend million milliard achtzehn achtzig elfmal einhundert eintausend verdopp
        verdreif halbier vervielfach"""
    )
)
# Negations by language: the sentence-cut check reads the source's language's words only, so
# a word of another language is none ("mai": never in Italian, May in French and German;
# "nu": not in Romanian, now in Dutch). ``NEGATIONS`` is all of them (a changed word is read so).
NEGATIONS_BY_LANGUAGE = _by_language(
    en="not no never none nothing nobody neither nor without cannot t",
    de="""nicht kein keine keinen keinem keiner keines nie niemals nichts niemand weder ohne
    nirgends nein keinesfalls keineswegs keinerlei""",
    fr="ne n pas non jamais sans aucun aucune rien",
    es="no nunca sin ni ningún ninguno ninguna nada nadie jamás tampoco",
    it="non nessun nessuno nessuna mai niente nulla senza né",
    pt="não nenhum nenhuma ninguém sem nunca nada nem jamais",
    nl="niet geen nooit niets niemand zonder nergens",
    sv="inte ingen inget inga aldrig utan ej varken ingenting",
    da="ikke ingen intet aldrig uden",
    no="ikke ingen intet aldri uten",
    pl="nie żaden żadna żadne nigdy nic nikt bez",
    cs="ne žádný žádná žádné nikdy nic nikdo není bez",
    ro="nu niciun nicio niciodată nimic nimeni fără",
    ca="no mai ningú sense",
    hu="nem sem soha semmi senki nincs",
    fi="ei",
    tr="değil değildir değiller değilim değiliz yok hiç asla",
    # Cyrillic is told by its script, not its words: Ukrainian, Belarusian, Bulgarian,
    # Serbian and Macedonian words are read with the Russian ones
    ru="""не нет ни никогда ничего никто без нельзя ні ніколи нічого ніхто жоден жодна
    жодне няма никога нищо никой нема никада ништа нико ниједан""",
    el="δεν μη μην ποτέ κανένας καμία χωρίς",
    he="לא אין אל ללא בלי",
    ar="لا لم لن ليس بدون دون",
    hi="नहीं न मत कभी बिना",
    vi="không chưa chẳng",
    id="tidak tak bukan tanpa jangan belum",
    ko="안 아니",
)
NEGATIONS = _union(NEGATIONS_BY_LANGUAGE)
NEGATION_PREFIXES = ("않", "없", "못")  # Korean negation is part of the verb: 않았습니다
MODALS = _words(
    """must may might shall should can could required optional mandatory
    voluntary allowed permitted prohibited forbidden obliged
    muss müssen musst musste mussten darf dürfen durfte kann können konnte soll sollen
    sollte sollten erlaubt verboten zulässig unzulässig
    verpflichtend freiwillig
    doit doivent devra devront peut peuvent pourra pourront faut interdit obligatoire
    autorisé facultatif
    wolle wollen würde würden müsste müssten könnte könnten dürfte dürften brauche braucht
    moet moeten mag mogen kan kunnen zal zullen verplicht zou zouden moest moesten kon
    konden mocht mochten hoefde hoeven
    होगा होगी होंगे होंगी चाहिए चाहिये सकता सकती सकते सकेगा सकेगी पड़ेगा पड़ेगी पड़ता"""
)
SCOPE = _words(
    """all every any each only solely exclusively always more less fewer most least higher
    lower above below before after maximum minimum increase increases increased decrease
    decreases decreased approve approved approves approval reject rejected rejects
    rejection accept accepted accepts refuse refused
    alle allen aller jede jeder jedes jeden nur ausschließlich immer mehr weniger höher
    niedriger mindestens höchstens maximal minimal vor nach zustimmen zugestimmt ablehnen
    lehnt lehnen abgelehnt angenommen genehmigt
    tous toutes tout toute chaque seul seule seulement uniquement toujours plus moins avant
    après maximum minimum"""
)
EXCEPTIONS_BY_LANGUAGE = _by_language(
    en="except excepting excluding unless if provided",
    de="außer ausser ausgenommen abgesehen wenn falls sofern soweit",
    fr="sauf excepté hormis si",
    es="excepto salvo si",
    it="salvo tranne eccetto se",
    pt="exceto salvo se",
    nl="behalve tenzij indien",
    sv="utom förutom såvida",
    da="medmindre undtagen bortset",
    no="unntatt utenom",
    fi="ellei paitsi jos mikäli",
    pl="chyba oprócz jeżeli jeśli",
    cs="ledaže kromě pokud jestliže",
    ro="excepția exceptând dacă",
    hu="kivéve hacsak",
    tr="hariç ancak eğer",
    id="kecuali jika kalau asalkan",
    ru="кроме если исключением помимо крім якщо окрім",
    el="εκτός εάν",
    ca="excepte llevat tret",
    hi="अगर यदि सिवाय",
    ar="إلا باستثناء إذا لو",
    he="אלא מלבד למעט",
)
EXCEPTIONS = _union(EXCEPTIONS_BY_LANGUAGE)
# Exceptions of several words ("All employees other than |interns receive a bonus")
EXCEPTION_PHRASES = _phrases(
    """other than, apart from, aside from, except for, with the exception of, save for,
    mit ausnahme von, mit ausnahme der, abgesehen von, à l'exception de, à l'exception des,
    en dehors de, con excepción de, a excepción de, ad eccezione di, all'infuori di,
    com exceção de, à exceção de, met uitzondering van, z wyjątkiem, s výjimkou,
    за исключением, med undantag av, bortsett från, dengan pengecualian"""
)
# Words that negate or restrict what follows them ("No tenant may …", "Only members …",
# "ohne triftigen Grund"): a quote that starts right after one leaves it out and says the
# opposite, or more
ONLY_BY_LANGUAGE = _by_language(
    en="only solely exclusively",
    de="nur ausschließlich lediglich",
    fr="seul seule seuls seulement uniquement",
    es="solo sólo solamente únicamente exclusivamente",
    it="soltanto solamente unicamente esclusivamente solo",
    pt="só somente apenas exclusivamente",
    nl="alleen slechts uitsluitend enkel",
    sv="bara endast enbart",
    da="kun bare",
    no="kun bare",
    pl="tylko jedynie wyłącznie",
    cs="pouze jen jenom",
    ru="только лишь исключительно лише тільки виключно само единствено једино искључиво",
    el="μόνο",
    he="רק",
    ar="فقط",
    hi="केवल सिर्फ",
    vi="chỉ",
    id="hanya cuma",
    hu="csak",
    tr="sadece yalnızca",
    ro="doar numai exclusiv",
    fi="vain ainoastaan pelkästään yksinomaan",
    ca="només únicament exclusivament",
    hr="samo jedino isključivo",
    sk="len iba výlučne jedine",
    sl="samo zgolj izključno",
)
LIMITING_BY_LANGUAGE = {
    language: NEGATIONS_BY_LANGUAGE.get(language, frozenset())
    | ONLY_BY_LANGUAGE.get(language, frozenset())
    for language in NEGATIONS_BY_LANGUAGE.keys() | ONLY_BY_LANGUAGE.keys()
}
LIMITING_WORDS = _union(LIMITING_BY_LANGUAGE)
# Determiners that say almost none of what they determine ("Few patients reported …",
# "Kaum ein Mitglied …"): a quote starting after one states the opposite
FEW_BY_LANGUAGE = _by_language(
    en="few hardly scarcely barely seldom rarely",
    de="wenige kaum selten",
    fr="guère rarement",
    es="pocos pocas apenas",
    it="pochi poche raramente",
    pt="poucos poucas raramente",
    nl="weinig weinige nauwelijks zelden",
    pl="niewielu niewiele rzadko",
    ru="мало немногие редко",
)
FEW_DETERMINERS = _union(FEW_BY_LANGUAGE)
# Words of quantity whose sense an article before them turns: "few" (almost none) and "a
# few" (some), "wenig" and "ein wenig", "peu" and "un peu"
ARTICLE_TURNED = _words("few little wenig peu poco poca pocos pocas pouco pouca weinig")
# The "that" Hebrew writes so ("שהשוכר": that the tenant)
JOINED_COMPLEMENTIZERS = frozenset("ש")
# Verbs that deny or doubt the clause after them ("The company denied that |data was sold"):
# a quote of that clause alone asserts what the source denies
DENIALS_BY_LANGUAGE = _by_language(
    en="""deny denies denied denying dispute disputes disputed disputing refute refutes refuted
    reject rejects rejected rejecting doubt doubts doubted questioned false untrue unclear
    uncertain unproven""",
    de="""bestreiten bestreitet bestritt bestritten dementiert dementierte dementieren leugnet
    leugnete leugnen bezweifelt bezweifelte bezweifeln weist zurück wies falsch unwahr
    unklar ungewiss""",
    fr="dément démenti démentent nie nié nient conteste contesté contestent réfute doute faux",
    es="niega negó niegan negaron desmiente desmintió rechaza rechazó duda falso incierto",
    it="nega negato negano smentisce smentito contesta respinge dubita falso incerto",
    pt="nega negou negam desmente desmentiu contesta rejeita duvida falso incerto",
    nl="ontkent ontkende ontkennen betwist betwistte weerlegt twijfelt onwaar onduidelijk",
    pl="zaprzecza zaprzeczył zaprzeczyła dementuje wątpi",
    cs="popírá popřel popřela popírají zpochybňuje zpochybnil",
    ro="neagă dezminte dezmințit contestă",
    sv="förnekar förnekade bestrider bestred tillbakavisar tillbakavisade",
    id="membantah menyangkal",
    ru="""отрицает отрицал отрицала отрицали отрицают опроверг опровергла опровергли
    опровергает опровергают оспаривает оспорил сомневается усомнился заперечує заперечив
    спростував""",
    el="αρνείται αρνήθηκε αρνούνται διαψεύδει διέψευσε αμφισβητεί αμφισβήτησε",
    he="מכחיש מכחישה מכחישים הכחיש הכחישה הכחישו שולל שוללת שללה דוחה דחה דחתה הפריך",
    ar="نفى نفت نفوا ينفي تنفي ينفون أنكر أنكرت ينكر تنكر كذب كذبت دحض يشكك شكك",
    hi="इनकार इंकार खंडन",
)
DENIALS = _union(DENIALS_BY_LANGUAGE)
# Verbs that negate the verb they govern ("fails to pay": does not pay); with a negation
# they undo it ("may not refuse to assign": must assign)
NEGATING_VERBS = _words(
    """fail fails failed failing refuse refuses refused omit omits omitted neglect neglects
    neglected versäumt versäumen verweigert weigert refuse refusent omet néglige échoue"""
)
# Words that forbid what they govern ("Staff are forbidden to |use …"): an answer that
# frames a quote with one says the negation the quote starts after
PROHIBITIONS = _words(
    """forbid forbids forbidden forbidding prohibit prohibits prohibited prohibiting
    prohibition bar bars barred ban bans banned disallow disallows disallowed preclude
    precludes precluded exclude excludes excluded refuse refuses refused
    verbietet verbieten verboten verbot untersagt untersagen ausgeschlossen
    ausschließen schließt unzulässig interdit interdite interdits interdites interdisent
    interdiction exclut exclu prohíbe prohíben prohibido prohibida vieta vietano vietato
    vietata esclude proíbe proíbem proibido proibida verbiedt verbieden verboden zakazuje
    zakazane zabrania"""
)
# Abbreviations whose full stop ends no sentence ("Nr. 5", "gem. § 5", "Art. 3 GG")
ABBREVIATIONS = _words(
    """nr no art abs bzw vgl ca etc usw ggf evtl inkl ff dr mr mrs ms st sec sect gem lit bd
    ziff vol ed eds al cf bspw sog resp mio mrd tsd jh jhd prof ltd inc co corp pvt rs
    الخ إلخ ه"""
)
# Words that bound the number after them ("at least |90 days", "höchstens |500 Euro"):
# a quote starting at the number says it exactly. Words as common as "to" or "als" bound it
# only in a phrase ("up to", "mehr als"): "extended to |31 December" names a date.
BOUND_WORDS = _words(
    """least most over under above below about around approximately nearly almost
    höchstens mindestens maximal minimal wenigstens über unter rund etwa ca circa fast
    knapp moins plus jusqu environ près hasta más menos fino oltre meno ruim minus
    minstens hoogstens maximaal minimaal ongeveer bijna minst högst cirka nästan mindst højst
    næsten høyst nesten vähintään enintään ainakin noin lähes nejméně nejvýše alespoň
    nejvíce zhruba téměř přibližně najmniej najwyżej ponad około prawie przynajmniej минимум
    максимум свыше около почти щонайменше щонайбільше понад близько майже legalább
    legfeljebb körülbelül mintegy majdnem aproximativ aproape peste yaklaşık neredeyse
    minimal maksimal sekitar hampir sedikitnya setidaknya τουλάχιστον περίπου σχεδόν až
    до более менее até hingga sampai"""
)
BOUND_PHRASES = _phrases(
    """up to, more than, less than, fewer than, no more than, not more than, bis zu,
    mehr als, weniger als, nicht mehr als, plus de, moins de, más de, menos de, più di,
    meno di, mais de, menos de, meer dan, minder dan, ten minste, ten hoogste, co najmniej,
    nie mniej, nie więcej, не менее, не более, более чем, менее чем, не менше, не більше,
    cel puțin, cel mult, en az, en fazla, en çok, paling sedikit, paling banyak, lebih dari,
    kurang dari, το πολύ, πάνω από, több mint, kevesebb mint, mer än, mindre än, mere end,
    mindre end, mer enn, mindre enn, upp till, op til, opp til, do wysokości"""
)
# What opens a sentence by conditioning, hedging or attributing its main clause: a quote of
# the main clause alone states as fact what the source supposes, reports or qualifies
QUALIFYING_OPENERS_BY_LANGUAGE = _by_language(
    en="""if, unless, should, where, provided, providing, in case, in the event of,
    in the event that, subject to,
    assuming, supposing, allegedly, reportedly, supposedly, apparently, perhaps, maybe,
    possibly, probably, ideally, theoretically, in theory, in principle, according to,
    hypothetically, presumably, whenever, as long as, so long as, otherwise,
    in that case, except, only after, only in, save as, until, till, previously, formerly,
    originally,
    save where, save that, other than, in the absence of, absent, failing""",
    de="""wenn, falls, sofern, soweit, sollte, sollten, außer, es sei denn, angeblich,
    vermutlich, möglicherweise, eventuell, vielleicht, wahrscheinlich, idealerweise,
    theoretisch, laut, im prinzip, solange, andernfalls, sonst, im falle, mutmaßlich,
    ausgenommen, vorausgesetzt, in diesem fall, in dem fall, bis, früher, bisher,
    ursprünglich,
    unter der bedingung, vorbehaltlich""",
    fr="""si, sauf, à moins, pourvu, au cas, en cas, selon, d'après, prétendument,
    apparemment, peut-être, probablement, en principe, théoriquement, sinon, tant que,
    dès lors que, à condition, s'il, s'ils, sous réserve, dans le cas, pour autant que,
    dans ce cas, en pareil cas, jusqu, auparavant, autrefois""",
    es="""si, salvo, a menos, en caso, siempre que, según, supuestamente, quizá, quizás,
    tal vez, en principio, de acuerdo con, de lo contrario, a condición, excepto,
    de acuerdo a, en tal caso, en ese caso, en este caso, hasta, anteriormente""",
    it="""se, qualora, purché, a meno, in caso, secondo, presumibilmente, forse,
    probabilmente, in teoria, finché, altrimenti, a condizione, salvo, in tal caso,
    in questo caso, in quel caso, fino a, in passato, precedentemente,
    nel caso, a patto che, stando a, a detta""",
    pt="""se, caso, desde que, segundo, supostamente, talvez, provavelmente, de acordo com,
    caso contrário, a menos que, conforme, alegadamente, salvo, exceto, nesse caso,
    neste caso, até, anteriormente""",
    nl="""indien, tenzij, mits, volgens, vermoedelijk, misschien, waarschijnlijk,
    in principe, als, zolang, anders, op voorwaarde, behoudens, in geval, in het geval""",
    pl="""jeśli, jeżeli, gdy, o ile, w przypadku, pod warunkiem, według, zgodnie z,
    rzekomo, prawdopodobnie, być może, chyba że, o ile nie, w razie""",
    cs="""pokud, jestliže, jestli, v případě, pod podmínkou, podle, údajně,
    pravděpodobně, možná, ledaže""",
    sv="""om, ifall, såvida, enligt, förutsatt, möjligen, troligen, kanske,
    påstås""",
    da="hvis, dersom, medmindre, ifølge, måske, formentlig",
    no="hvis, dersom, med mindre, ifølge, kanskje, antagelig",
    ru="""если, в случае, при условии, согласно, по словам, по данным, по мнению, якобы,
    возможно, вероятно, иначе, якщо, у разі, в разі, за умови, згідно з, за словами,
    можливо, ймовірно, нібито, інакше, ако, освен ако, според, у випадку, в випадку,
    відповідно до, за даними, в случай, съгласно""",
    id="""jika, apabila, bila, kalau, seandainya, menurut, asalkan, dengan syarat, diduga,
    mungkin, kemungkinan""",
    tr="eğer, şayet, muhtemelen, belki, iddiaya göre",
    el="αν, εάν, εφόσον, σε περίπτωση, σύμφωνα με, ίσως, πιθανόν, δήθεν",
    ko="만약, 만일, 다만, 아마",
    fi="""jos, mikäli, ellei, jollei, kunhan, väitetysti, mahdollisesti, todennäköisesti,
    ehkä, muuten, paitsi jos""",
    hu="""ha, hacsak, amennyiben, feltéve, esetleg, talán, állítólag, valószínűleg, különben""",
    ro="dacă, cu excepția, cu condiția, în cazul, în caz, conform, probabil, pretins, altfel",
    vi="nếu, trừ khi, miễn là, trong trường hợp, có lẽ, nghe nói",
    hi="अगर, यदि, बशर्ते, शायद, संभवतः, कथित तौर पर",
    ar="إذا, لو, ربما, بشرط, شريطة, ما لم, في حال, في حالة, حسب, بحسب, وفقا, وفقًا, يزعم",
    he="אם, אלא אם, בתנאי, ייתכן, לכאורה, במקרה, במידה, אילו, אולי, לפי, על פי",
    separator=",",
)
QUALIFYING_OPENERS = _union(QUALIFYING_OPENERS_BY_LANGUAGE)


# What opens a relative clause and nothing else ("…, none of whom had …", "…, welche keine
# …"): its negation or modal is its own, not the claim of the sentence it hangs on. Not a
# word that also opens a main or complement clause ("der", "die", "das", "que", "che",
# "что", "som": "…, der Vermieter muss jedoch zustimmen" restricts the claim), nor one that
# may take the whole sentence ("which", "dont", "ami": "The drug is safe, which the
# regulator has not confirmed")
RELATIVES_BY_LANGUAGE = _by_language(
    en="who whom whose",
    de="welche welcher welches welchem welchen deren dessen denen",
    fr="qui lequel laquelle lesquels lesquelles auquel auxquels duquel desquels",
    es="quien quienes cuyo cuya cuyos cuyas cual cuales",
    it="cui quale quali",
    pt="quem cujo cuja cujos cujas qual quais",
    nl="welke waarin waarvan waarmee",
    sv="vilken vilket vilka",
    da="hvilken hvilket hvilke",
    no="hvilken hvilket hvilke",
    pl="który która które którego której których którym którymi któremu",
    cs="který která které kterého kterých kterým kterými jenž jež",
    ru="""который которая которое которые которого которой которых которому которым которыми
    який яка яке які якого якої яких якому яким якими""",
    fi="joka jotka jonka joiden jossa jolla jota joita jolle",
    hu="amely amelyek amelyet amelynek aki akik akit",
    ro="căruia căreia cărora",
    id="yang",
    el="οποίος οποία οποίο οποίοι οποίες",
)


@dataclass(frozen=True, slots=True)
class CutWords:
    """The words a sentence-cut check reads in one language's text (every language's when
    the language is not known): what negates, restricts, conditions or qualifies."""

    negations: frozenset[str]
    limiting: frozenset[str]
    exceptions: frozenset[str]
    openers: frozenset[str]
    denials: frozenset[str]
    few: frozenset[str]
    relatives: frozenset[str]  # none when the language is not known: every word then counts


@cache
def cut_words(language: str | None) -> CutWords:
    """The sentence-cut words of ``language`` (a code of ``languages.language_of``); a
    language without a list has none of that kind, an unknown one (None) has them all."""
    if language is None:
        return CutWords(
            NEGATIONS,
            LIMITING_WORDS,
            EXCEPTIONS,
            QUALIFYING_OPENERS,
            DENIALS,
            FEW_DETERMINERS,
            frozenset(),
        )
    none: frozenset[str] = frozenset()
    return CutWords(
        NEGATIONS_BY_LANGUAGE.get(language, none),
        LIMITING_BY_LANGUAGE.get(language, none),
        EXCEPTIONS_BY_LANGUAGE.get(language, none),
        QUALIFYING_OPENERS_BY_LANGUAGE.get(language, none),
        DENIALS_BY_LANGUAGE.get(language, none),
        FEW_BY_LANGUAGE.get(language, none),
        RELATIVES_BY_LANGUAGE.get(language, none),
    )


# What negates or restricts the word it is written onto in scripts without spaces (不 承担:
# "bears no", 非 課税: "tax-exempt", ไม่ สามารถ: "cannot", 只: "only"); a quote starting right
# after one says the opposite, or more
UNSPACED_LIMITING = (
    "不得",
    "没有",
    "沒有",
    "无法",
    "無法",
    "严禁",
    "嚴禁",
    "禁止",
    "不",
    "非",
    "无",
    "無",
    "没",
    "沒",
    "未",
    "别",
    "別",
    "勿",
    "莫",
    "只",
    "仅",
    "僅",
    "唯",
    "ไม่",
    "ห้าม",
    "มิ",
    "เฉพาะ",
    "ບໍ່",
)
UNSPACED_NEGATING_ENDINGS = (
    "ない",
    "なく",
    "なかっ",
    "なけれ",
    "ず",
    "ぬ",
    "ません",
    "はならな",
    "はいけな",
    "ではな",
    "じゃな",
)
# What Japanese puts after the verb to hedge it or make it a possibility, report or plan
# ("赤字になるかもしれない": may make a loss): a quote stopping right before states it as fact
UNSPACED_QUALIFYING_ENDINGS = (
    "かもしれ",
    "可能性",
    "とみられ",
    "と見られ",
    "と思われ",
    "とされ",
    "ことができ",
    "ことが出来",
    "べき",
    "はず",
    "らしい",
    "そうだ",
    "ようだ",
    "でしょう",
    "だろう",
    "予定",
    "見込み",
)
# Articles and particles: a copy may drop or add them without changing the claim. Not a
# particle that hedges ("wohl": probably) or is another word elsewhere ("halt", "mal": badly)
# Articles (and German modal particles), by language: a word that is an article in one is a
# content word in another (Turkish "de": also, too). ``ARTICLES`` is all of them.
ARTICLES_BY_LANGUAGE = _by_language(
    en="the a an",
    de="der die das den dem des ein eine einen einem einer eines ja doch eben denn",
    fr="le la les l un une du de d",
    es="el los las la de",
    it="la le l un",
    pt="de",
    nl="de",
)
ARTICLES = _union(ARTICLES_BY_LANGUAGE)


@cache
def articles(language: str | None) -> frozenset[str]:
    """The articles of ``language`` (a code of ``languages.language_of``): none in a
    language without a list (Turkish, Finnish), every list's when the language is not told."""
    if language is None:
        return ARTICLES
    return ARTICLES_BY_LANGUAGE.get(language, frozenset())


# Prepositions: an ellipsis may hide one without hiding a qualifier ("terminate … ninety
# days" for "terminate with ninety days")
PREPOSITIONS = _words(
    """with of in on at to for by from into onto within mit von zu zum zur an am auf für bei
    beim aus im avec à au aux en pour par sur dans chez"""
)
CONJUNCTIONS = _words("and or nor und oder sowie bzw beziehungsweise et ou y o")
PRONOUNS = _words(
    """i you he she it we they me him her us them my your his its our their
    ich du er sie es wir ihr mich dich ihn uns euch mein dein sein unser euer
    je tu il elle on nous vous ils elles"""
)
# Words that point at something named before them ("dies", "this", "cela"), as pronouns do
DEMONSTRATIVES = _words(
    """this that these those dies diese dieser dieses diesen jene jener ce ceci cela celle
    celui ceux celles"""
)
# Pronouns of the third person and demonstratives: each stands for something named before
# it, which a quote may write in its place ("The landlords must" for "They must"). Not the
# first or second person: the writer's own voice is ``edit.self_reference``.
STANDING_FOR = _words(
    """he she it they him her them this these those
    er sie es ihn ihm ihnen dies diese dieser dieses diesen jene jener
    il elle ils elles lui leur eux ceci cela celle celui ceux celles"""
)
# Words no quote cut inside a longer word may leave as its first word ("he" of "She")
FUNCTION_WORDS = ARTICLES | PREPOSITIONS | CONJUNCTIONS | PRONOUNS | DEMONSTRATIVES
# Words written without an accent that an accent makes another word ("si": if, "sí": yes;
# "ou": or, "où": where; "byt": flat, "být": to be): in a source in capitals, which cannot
# show it, the quote's accent picks one reading, so it is no capital accent edit
UNACCENTED_OF_OTHER_WORDS = _words(
    """si el tu mi se te de mas que como donde cuando quien esta este solo aun
    du ou a la sur des mur jeune
    e pais por pode avo
    li da ne
    es mes
    η που πως ποτε
    byt"""
)
# The writer speaking of itself: "Wir" in place of its name ("DIE LINKE fordert")
SELF_REFERENCES = _words("we wir nous")
# Words that make what follows depend on what comes before them: an infinitive's marker, a
# conjunction of a dependent clause, a relative pronoun. A clause after one of them is not
# a sentence of its own ("We call on the Council to fund … and oppose …": not "We oppose")
CLAUSE_GOVERNORS = _words(
    """to that which who whom whose zu um dass damit ob welche welcher welches que qui
    de à pour afin dont"""
)
# Words and phrases that open a sentence by linking it to the one before, by what the link
# says: a quote may drop them and put the verb back after its subject ("Wir wollen" for
# "Darüber hinaus wollen wir"), or swap one for another of the same sense ("sowie" for
# "ebenso wie"), never for another sense ("Therefore" for "However" turns the argument)
CONNECTIVE_SENSES: dict[str, str] = {
    phrase.strip(): sense
    for sense, phrases in {
        "addition": """and, also, moreover, furthermore, likewise, in addition, und, auch,
            zudem, außerdem, ferner, sowie, ebenso wie, darüber hinaus, dazu, zugleich,
            gleichzeitig, et, par ailleurs, en outre, de plus, aussi, además, inoltre,
            bovendien, ook, além disso, também""",
        "contrast": """but, however, cependant, aber, jedoch, doch, mais, pero, sin embargo,
            tuttavia, echter, no entanto""",
        "consequence": """so, therefore, thus, hence, daher, deshalb, deswegen, darum, donc,
            ainsi, por eso, por lo tanto, por tanto, así, quindi, pertanto, dunque, daarom,
            dus, portanto""",
        "frame": "in this context, in diesem zusammenhang, dabei, insbesondere",
    }.items()
    for phrase in phrases.split(",")
}
CONNECTIVES = frozenset(CONNECTIVE_SENSES)
# Connectives that also focus the phrase after them ("Auch Kinder dürfen …" says others may
# too; "Even members pay"): a quote may drop them at its opening, not add them there
FOCUS_WORDS = _words(
    """also auch aussi ook también também even sogar selbst même incluso anche insbesondere
    especially particularly notamment surtout"""
)
# Prefixes that turn a word into its opposite: "ex"/"in"cluding, "un"zulässig, "il"légal,
# Korean "불"가능 and Chinese "不"/"非" written onto the word
OPPOSITE_PREFIXES = _words(
    """un in im il ir non dis ex de anti a ab zu miss mis out up down over under pre post
    ein aus auf über unter vor nach ne nie не без бес bez des dé 불 비 무 미 몰 不 非 無 无 未"""
)
# Words written contracted or in full: the same words ("zum" and "zu dem", "don't" and
# "do not"); keyed by the contracted form's words as the aligner reads them ("don t")
CONTRACTIONS = {
    " ".join(re.findall(r"\w+", fold_text(whole))): fold_text(parts)
    for whole, parts in {
        "don't": "do not",
        "doesn't": "does not",
        "didn't": "did not",
        "isn't": "is not",
        "aren't": "are not",
        "wasn't": "was not",
        "weren't": "were not",
        "won't": "will not",
        "can't": "cannot",
        "couldn't": "could not",
        "shouldn't": "should not",
        "wouldn't": "would not",
        "it's": "it is",
        "we're": "we are",
        "they're": "they are",
        "zum": "zu dem",
        "zur": "zu der",
        "im": "in dem",
        "ins": "in das",
        "am": "an dem",
        "ans": "an das",
        "vom": "von dem",
        "beim": "bei dem",
        "au": "à le",
        "aux": "à les",
        "du": "de le",
        "des": "de les",
        "del": "de el",
        "al": "a el",
        "nel": "in il",
        "nella": "in la",
        "della": "di la",
        "dello": "di lo",
        "sul": "su il",
        "sulla": "su la",
        "do": "de o",
        "da": "de a",
        "dos": "de os",
        "das": "de as",
        "no": "em o",
        "na": "em a",
        "ao": "a o",
    }.items()
}
# Endings that inflect a word without making another one ("massenhaft", "massenhafte",
# "contract", "contracts"): not an agent's ending ("empleado", "empleador"; "employé",
# "employeur"), which names another party
INFLECTION_ENDINGS = _words("e en em er ern es n ns s ed d x a o i as os is ent nt")
# Inflection endings that make another claim in a language: the comparative ("greater" for
# "great", "kleiner" for Dutch "klein"), the Scandinavian passive ("informeras": is
# informed, for "informera": informs), the Finnish superlative ("suurin": largest, for
# "suuri"). German "kleiner" is "klein" declined: the ending is safe there.
CLAIM_ENDINGS_BY_LANGUAGE = _by_language(en="er", nl="er", sv="s", da="s", no="s", fi="n")


@cache
def inflection_endings(language: str | None) -> frozenset[str]:
    """The endings an inflection of the same word may add or drop in ``language`` (a code of
    ``languages.language_of``; None, not known: none that makes another claim anywhere)."""
    if language is None:
        return INFLECTION_ENDINGS - _union(CLAIM_ENDINGS_BY_LANGUAGE)
    return INFLECTION_ENDINGS - CLAIM_ENDINGS_BY_LANGUAGE.get(language, frozenset())


# Endings that make the other form of a gender pair ("Bürger"/"Bürgerinnen",
# "citoyens"/"citoyennes", "chairman"/"chairwoman")
GENDER_ENDINGS = ("innen", "in", "nes", "ne", "es", "e")


def connective_phrases(words: list[str]) -> list[str]:
    """The connectives ``words`` begin with, read greedily phrase by phrase ("darüber
    hinaus", "und")."""
    phrases: list[str] = []
    at = 0
    while at < len(words):
        phrase = next(
            (
                " ".join(words[at : at + size])
                for size in (3, 2, 1)
                if at + size <= len(words) and " ".join(words[at : at + size]) in CONNECTIVES
            ),
            None,
        )
        if phrase is None:
            break
        phrases.append(phrase)
        at += len(phrase.split())
    return phrases


def connective_prefix(words: list[str]) -> int:
    """How many of the first ``words`` are connectives."""
    return sum(len(phrase.split()) for phrase in connective_phrases(words))


def connective_run(words: list[str]) -> bool:
    """Whether ``words`` are one or more connectives."""
    return bool(words) and connective_prefix(words) == len(words)


def is_number(word: str) -> bool:
    """A figure, a number word or a unit it counts in ("90", "ninety", "zweimal", "days")."""
    return (
        any(c.isdigit() for c in word) or word in NUMBER_WORDS or word.startswith(NUMBER_PREFIXES)
    )


def word_claim(word: str) -> str | None:
    """The claim rule a word stands for, if any: it may not be added, dropped or changed.

    >>> [word_claim(word) for word in ("not", "must", "außer", "90", "x")]
    ['claim.negation', 'claim.modal', 'claim.exception', 'claim.number', None]
    """
    if word in NEGATIONS or word.startswith(NEGATION_PREFIXES):
        return "claim.negation"
    if word in MODALS:
        return "claim.modal"
    if word in EXCEPTIONS:
        return "claim.exception"
    if word in SCOPE:
        return "claim.scope"
    if is_number(word):
        return "claim.number"
    return None
