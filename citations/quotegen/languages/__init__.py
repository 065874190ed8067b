"""The languages the partial-quote classes write sentences in, one module each: word
banks and frames (``templates.Language``)."""

from .ar import AR
from .bg import BG
from .de import DE
from .en import EN
from .eo import EO
from .es import ES
from .fr import FR
from .he import HE
from .hr import HR
from .it import IT
from .nl import NL
from .pl import PL
from .pt import PT
from .sw import SW

LANGUAGES = (EN, DE, FR, ES, IT, PT, NL, PL, EO, SW, AR, HE, BG, HR)
