"""The table of generated classes (``STRATEGIES``): one row per class of quote, with the
function that makes one and what it stands for; ``cases_of`` and ``generate`` make them.
Classes named ``edit_…`` count toward "named edits corrected", ``claim_…`` toward "claim
changes passed"; the others are faithful quotes (``measure``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

from .cases import (
    Case,
    Material,
    Split,
    char_limit_cut,
    claim_negation_added,
    claim_negation_dropped,
    claim_number,
    claim_omission_across_sentences,
    claim_omission_hides,
    claim_qualifier_added,
    claim_word_dropped,
    claim_word_swapped,
    clause,
    edit_article_dropped,
    edit_marked_omission,
    edit_punctuation,
    edit_typo,
    edit_umlaut_spelled_out,
    heading,
    list_item,
    material,
    neutral_partial,
    qualified_partial,
    whole_sentence,
)
from .devtext import DEFAULT_DATA_DIR
from .referents import claim_referent_changed, edit_pronoun_for_referent

Strategy = Callable[[random.Random, Material], "Case | None"]

# (name, function, what it stands for): one row per class; the measure reads this table.
STRATEGIES: tuple[tuple[str, Strategy, str], ...] = (
    ("whole_sentence", whole_sentence, "a dev sentence quoted whole"),
    ("clause", clause, "a part of a dev sentence between commas or semicolons"),
    ("list_item", list_item, "a dev list item without its bullet"),
    ("heading", heading, "a short dev line without a final stop"),
    ("char_limit_cut", char_limit_cut, "a dev sentence cut after 60-120 characters"),
    ("edit_typo", edit_typo, "two adjacent letters of one word swapped"),
    ("edit_article_dropped", edit_article_dropped, "one article dropped"),
    ("edit_punctuation", edit_punctuation, "one comma dropped or changed"),
    ("edit_umlaut_spelled_out", edit_umlaut_spelled_out, "ä→ae, ö→oe, ü→ue (ß→ss) in a word"),
    ("edit_marked_omission", edit_marked_omission, "2-6 inner words replaced by […] or …"),
    (
        "edit_pronoun_for_referent",
        edit_pronoun_for_referent,
        "a pronoun replaced by the one thing named before it (en, de, fr)",
    ),
    ("claim_number", claim_number, "one digit changed"),
    ("claim_negation_added", claim_negation_added, "'nicht' or 'kein' added"),
    ("claim_negation_dropped", claim_negation_dropped, "'nicht' or 'kein' dropped"),
    ("claim_word_swapped", claim_word_swapped, "a content word replaced by another's"),
    ("claim_word_dropped", claim_word_dropped, "a content word dropped without a mark"),
    ("claim_qualifier_added", claim_qualifier_added, "'alle', 'nur', 'jährliche' … added"),
    ("claim_omission_hides", claim_omission_hides, "a mark hiding a negation or a figure"),
    (
        "claim_omission_across_sentences",
        claim_omission_across_sentences,
        "a mark joining two sentences' parts",
    ),
    (
        "claim_referent_changed",
        claim_referent_changed,
        "a pronoun replaced by a thing not named, or one of two it may mean (en, de, fr)",
    ),
    ("qualified_partial", qualified_partial, "a main clause without its qualifying lead/tail"),
    ("neutral_partial", neutral_partial, "a main clause without a time/place/manner lead/tail"),
)
CLASSES = tuple(name for name, _, _ in STRATEGIES)
EDIT_CLASSES = tuple(name for name in CLASSES if name.startswith("edit_"))
CLAIM_CLASSES = tuple(name for name in CLASSES if name.startswith("claim_"))

ATTEMPTS_PER_CASE = 60  # a class that yields no case in this many attempts per case stops


def cases_of(
    klass: str,
    *,
    count: int,
    seed: int = 0,
    split: Split | Literal["all"] = "tune",
    data_dir: Path = DEFAULT_DATA_DIR,
    languages: tuple[str, ...] = (),
) -> list[Case]:
    """``count`` distinct cases of ``klass`` on ``split`` (fewer only when the class cannot
    make more), the same for the same arguments; the written classes only in ``languages``
    (codes) when it names any."""
    make = {name: function for name, function, _ in STRATEGIES}[klass]
    m = material(data_dir, languages)
    found: list[Case] = []
    seen: set[str] = set()
    for attempt in range(count * ATTEMPTS_PER_CASE):
        case = make(random.Random(f"{seed}/{klass}/{attempt}"), m)
        if case is None or case.id in seen:
            continue
        seen.add(case.id)
        if split != "all" and case.split != split:
            continue
        found.append(case)
        if len(found) >= count:
            break
    return found


def generate(
    *,
    per_class: int,
    seed: int = 0,
    split: Split | Literal["all"] = "tune",
    classes: tuple[str, ...] = CLASSES,
    data_dir: Path = DEFAULT_DATA_DIR,
    languages: tuple[str, ...] = (),
) -> Iterator[Case]:
    for klass in classes:
        yield from cases_of(
            klass, count=per_class, seed=seed, split=split, data_dir=data_dir, languages=languages
        )
