"""Which language a text is in (``languages.language_of``): a profiled language by its
commonest words, a language without a profile by CLD2, a mixed or too short text as none
(every language's words are read then)."""

import pytest

from citations.engine.context.signals import signals_for
from citations.engine.matching.languages import CLOSE_RELATIVES, language_of

# Languages the commonest-words profiles do not know, many of which share those words with
# a profiled one ("la", "de", "en", "y"): each must be told as itself, never as the profiled
# language it resembles
UNPROFILED = [
    (
        "eo",
        "La kunveno okazis en la urbodomo. Se la membroj konsentos, la asocio financas la "
        "projekton.",
    ),
    ("eo", "Laŭ la raporto, la registaro pliigos la impostojn en la venonta jaro."),
    (
        "ca",
        "La reunió es va celebrar a l'ajuntament. Si els membres hi estan d'acord, "
        "l'associació finança el projecte.",
    ),
    (
        "cy",
        "Cynhaliwyd y cyfarfod yn neuadd y dref. Os bydd yr aelodau'n cytuno, bydd y "
        "gymdeithas yn ariannu'r prosiect.",
    ),
    (
        "ga",
        "Tionóladh an cruinniú i halla an bhaile. Má aontaíonn na baill, maoineoidh an "
        "cumann an tionscadal.",
    ),
    ("sl", "Sestanek je potekal v mestni hiši. Če se člani strinjajo, društvo financira projekt."),
    (
        "hr",
        "Sastanak je održan u gradskoj vijećnici. Ako se članovi slože, udruga financira projekt.",
    ),
    ("lv", "Sanāksme notika rātsnamā. Ja biedri piekritīs, biedrība finansēs projektu."),
    ("et", "Koosolek toimus raekojas. Kui liikmed nõustuvad, rahastab ühing projekti."),
    (
        "eu",
        "Bilera udaletxean egin zen. Kideek onartzen badute, elkarteak proiektua finantzatuko du.",
    ),
    ("sq", "Takimi u mbajt në bashki. Nëse anëtarët pajtohen, shoqata financon projektin."),
    (
        "sw",
        "Mkutano ulifanyika katika ukumbi wa mji. Ikiwa wanachama watakubali, chama "
        "kitafadhili mradi.",
    ),
    (
        "vi",
        "Cuộc họp diễn ra tại tòa thị chính. Nếu các thành viên đồng ý, hiệp hội sẽ tài "
        "trợ cho dự án.",
    ),
    (
        "mt",
        "Il-laqgħa saret fil-kunsill lokali. Jekk il-membri jaqblu, l-assoċjazzjoni "
        "tiffinanzja l-proġett.",
    ),
]

PROFILED = [
    (
        "en",
        "The meeting took place in the town hall. If the members agree, the association "
        "funds the project.",
    ),
    (
        "de",
        "Die Sitzung fand im Rathaus statt. Wenn die Mitglieder zustimmen, finanziert der "
        "Verein das Projekt.",
    ),
    (
        "fr",
        "La réunion a eu lieu à la mairie. Si les membres sont d'accord, l'association "
        "finance le projet.",
    ),
    (
        "es",
        "La reunión se celebró en el ayuntamiento. Si los miembros están de acuerdo, la "
        "asociación financia el proyecto.",
    ),
    (
        "it",
        "La riunione si è svolta in municipio. Se i membri sono d'accordo, l'associazione "
        "finanzia il progetto.",
    ),
    (
        "pt",
        "A reunião decorreu na câmara municipal. Se os membros concordarem, a associação "
        "financia o projeto.",
    ),
    (
        "nl",
        "De vergadering vond plaats in het stadhuis. Als de leden akkoord gaan, financiert "
        "de vereniging het project.",
    ),
    (
        "pl",
        "Posiedzenie odbyło się w ratuszu. Jeśli członkowie się zgodzą, stowarzyszenie "
        "sfinansuje projekt i nie będzie to dla niego problemem.",
    ),
    # CLD2 alone reads this short sentence as Galician; its Spanish words tell it
    ("es", "Los críticos bakaza que la asociación celebra la decisión."),
    # … and this one as English, though it holds none of English's commonest words
    ("fr", "Le groupe a versé 1,2 million d'euros aux associations locales."),
    # Danish, Norwegian and Swedish share most of their commonest words: the words tell
    # the family, CLD2 which of it
    (
        "da",
        "Mødet blev holdt på rådhuset. Hvis medlemmerne er enige, finansierer foreningen "
        "projektet.",
    ),
    (
        "no",
        "Møtet ble holdt på rådhuset. Hvis medlemmene er enige, finansierer foreningen prosjektet.",
    ),
    (
        "sv",
        "Mötet hölls i stadshuset. Om medlemmarna är överens, finansierar föreningen projektet.",
    ),
    # Too few commonest words to be sure alone, but every one of them CLD2's language's
    (
        "pl",
        "Protokół opublikowano na stronie internetowej. Później w tym tygodniu firma "
        "finansuje projekt.",
    ),
    ("ro", "Pe 14 iulie 2022, compania aprobă bugetul. Ședința a avut loc la primărie."),
    ("fr", "Lors de sa réunion à Berlin, le conseil finance le projet."),
    (
        "fi",
        "Kokous pidettiin kaupungintalolla. Jos jäsenet ovat samaa mieltä, yhdistys rahoittaa "
        "hanketta.",
    ),
]

# Texts with no one language: read in every language's words
NONE = [
    "OK.",
    "Art. 5",
    "Xyzzy quux plugh wibble, medmindre wobble fnord.",
    "La empresa negó que customer data had been sold to advertisers.",
    # CLD2 names one language, and a word of another stands among the few commonest ones
    "L'entreprise dément que customer data had been sold to advertisers.",
    # … or one shared word is all there is ("eine")
    "All employees bortsett från Praktikanten erhalten eine Prämie.",
    # the commonest words say French, CLD2 Italian, and the text holds words of both
    "Il consiglio approva il bilancio, mais seulement si les membres sont d'accord.",
]


@pytest.mark.parametrize(("language", "text"), UNPROFILED + PROFILED)
def test_a_text_is_told_as_its_own_language(language, text):
    assert language_of(text) == language


@pytest.mark.parametrize("text", NONE)
def test_a_mixed_or_too_short_text_is_told_as_none(text):
    assert language_of(text) is None


def test_a_close_relative_without_a_file_reads_its_relatives_words():
    """Malay reads Indonesian's signal words: "dengan syarat" is a condition in both."""
    text = "Penyewa boleh menyewakan rumah dengan syarat pemilik setuju."
    assert language_of(text) == "ms"
    assert CLOSE_RELATIVES["ms"] == ("id",)
    malay = signals_for("ms")
    assert malay is not None
    assert ("dengan", "syarat") in malay.kinds["condition"]


def test_croatian_that_cld2_names_bosnian_reads_croatian_words():
    """CLD2 names a short Croatian sentence Bosnian, which has no file of its own: it reads
    Croatian's and Serbian's signal words ("ako": if)."""
    assert language_of("Uprava podržava prijedlog.") == "bs"
    bosnian = signals_for("bs")
    assert bosnian is not None
    assert ("ako",) in bosnian.kinds["condition"]


@pytest.mark.parametrize("text", ["Text \ud800 with a lone surrogate.", "Nul \x00 and \x1b."])
def test_text_the_detector_cannot_read_is_told_without_an_error(text):
    assert language_of(text) in (None, "en")
