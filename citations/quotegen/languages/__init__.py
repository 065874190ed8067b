"""The languages the partial-quote classes write sentences in, one module each: word
banks and frames (``templates.Language``)."""

from .ar import AR
from .bg import BG
from .ca import CA
from .cs import CS
from .da import DA
from .de import DE
from .el import EL
from .en import EN
from .eo import EO
from .es import ES
from .fi import FI
from .fr import FR
from .he import HE
from .hi import HI
from .hr import HR
from .hu import HU
from .id import ID
from .it import IT
from .ko import KO
from .nl import NL
from .no import NO
from .pl import PL
from .pt import PT
from .ro import RO
from .ru import RU
from .sv import SV
from .sw import SW
from .tr import TR
from .uk import UK
from .vi import VI

LANGUAGES = (
    EN,
    DE,
    FR,
    ES,
    IT,
    PT,
    NL,
    PL,
    EO,
    SW,
    SV,
    DA,
    NO,
    FI,
    RU,
    UK,
    CS,
    RO,
    TR,
    HU,
    EL,
    CA,
    ID,
    VI,
    HI,
    KO,
    AR,
    HE,
    BG,
    HR,
)
