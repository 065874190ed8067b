"""Finnish sentences for the partial-quote classes (``templates``).

Finnish keeps subject, verb, object after a fronted lead; its conditions, exceptions and
attributions are often postpositions and case endings ("ministeriön mukaan", "lukuun
ottamatta")."""

from ..templates import Language, lead, tail

FI = Language(
    code="fi",
    word_data=True,
    v2=False,
    subjects=(
        "hallitus",
        "ministeriö",
        "valiokunta",
        "kaupunginvaltuusto",
        "yhtiö",
        "yhdistys",
    ),
    predicates=(
        ("tukee", "ehdotusta"),
        ("hyväksyy", "talousarvion"),
        ("rahoittaa", "hanketta"),
        ("jatkaa", "sopimusta"),
        ("käsittelee", "hakemusta"),
        ("allekirjoittaa", "julkilausuman"),
    ),
    fillers=(
        "Kokous pidettiin kaupungintalolla.",
        "Pöytäkirja julkaistiin verkkosivuilla.",
        "Useat jäsenet esittivät kysymyksiä esityslistasta.",
        "Seuraava kokous on suunniteltu syksylle.",
    ),
    qualified=(
        lead("condition", "Jos jäsenet hyväksyvät, ", "jos"),
        lead("condition", "Mikäli varat riittävät, ", "mikäli"),
        lead("condition", "Osakkeenomistajien suostumuksella ", "suostumuksella"),
        tail("condition", ", jos jäsenet ovat samaa mieltä", "jos"),
        tail(
            "condition",
            " sillä ehdolla, että kustannukset pysyvät kohtuullisina",
            "ehdolla",
        ),
        tail("condition", ", kunhan rahoitus järjestyy", "kunhan"),
        lead("condition", "Tarvittaessa ", "tarvittaessa"),
        lead("exception", "Hätätilanteita lukuun ottamatta ", "lukuun ottamatta"),
        lead("exception", "Ellei tuomioistuin toisin päätä, ", "ellei"),
        tail("exception", " paitsi eläkerahaston osalta", "paitsi"),
        tail("exception", ", lukuun ottamatta pieniä yrityksiä", "lukuun ottamatta"),
        lead("negation", "Ei pidä paikkaansa, että ", "ei"),
        lead("negation", "Kukaan ei voi vahvistaa, että ", "kukaan"),
        lead("negation", "Ei ole näyttöä siitä, että ", "ei"),
        tail("negation", ", minkä ministeriö kuitenkin kiistää", "kiistää"),
        lead("limit", "Vain ", "vain"),
        lead("limit", "Toistaiseksi ", "toistaiseksi"),
        tail("limit", " ainoastaan koeajan", "ainoastaan"),
        tail("limit", " vuoden loppuun asti", "asti"),
        tail("limit", " enintään kahden vuoden ajan", "enintään"),
        lead("count", "Kahdessa tapauksessa kymmenestä ", "kahdessa"),
        lead("count", "Joissakin tapauksissa ", "joissakin"),
        tail("count", " alle puolessa tapauksista", "puolessa"),
        tail("count", " kolmessa kaupunginosassa kahdestatoista", "kolmessa"),
        lead("attribution", "Ministeriön mukaan ", "mukaan"),
        lead("attribution", "Arvostelijat väittävät, että ", "väittävät"),
        lead("attribution", "Opposition mielestä ", "mielestä"),
        tail("attribution", ", ministeri sanoi", "sanoi"),
        tail("attribution", ", ammattiliitto kertoo", "kertoo"),
        tail("attribution", ", pormestari korosti", "korosti"),
    ),
    neutral=(
        lead("time", "Maaliskuussa 2021 "),
        lead("time", "Tiistaina "),
        lead("place", "Kokouksessaan Tampereella "),
        lead("manner", "Pitkän keskustelun jälkeen "),
        tail("place", " kokouksessaan Tampereella"),
        tail("time", " tiistaina"),
        tail("manner", " pitkän keskustelun jälkeen"),
        tail("place", " kaupungintalolla"),
        lead("time", "Myöhemmin samalla viikolla "),
        tail("manner", " lyhyen keskustelun jälkeen"),
    ),
)
