"""The languages the partial-quote classes write sentences in, one module each: word
banks and frames (``templates.Language``)."""

from .de import DE
from .en import EN
from .eo import EO
from .es import ES
from .fr import FR
from .hi import HI
from .id import ID
from .it import IT
from .ko import KO
from .nl import NL
from .pl import PL
from .pt import PT
from .sw import SW
from .vi import VI

LANGUAGES = (EN, DE, FR, ES, IT, PT, NL, PL, EO, SW, ID, VI, HI, KO)
