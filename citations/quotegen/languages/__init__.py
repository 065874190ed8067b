"""The languages the partial-quote classes write sentences in, one module each: word
banks and frames (``templates.Language``)."""

from .ca import CA
from .de import DE
from .el import EL
from .en import EN
from .eo import EO
from .es import ES
from .fr import FR
from .hu import HU
from .it import IT
from .nl import NL
from .pl import PL
from .pt import PT
from .sw import SW
from .tr import TR

LANGUAGES = (EN, DE, FR, ES, IT, PT, NL, PL, EO, SW, TR, HU, EL, CA)
