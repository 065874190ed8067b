"""Every rule the matcher decides by, in one table: what is verbatim, which edits a correction
may make, and which differences change the claim.

A quote's report entry names the rules that decided it (``decision.rules``). The policy
table (``policy.POLICY``) then turns the finding into a status; this table says why the
finding is what it is. Default deny: a difference no ``edit`` rule names is a claim change.

Each rule carries its examples: ``examples`` are (language, quote, source) triples the rule
decides, ``counterexamples`` look alike but must not be decided by it. The rule-table test
runs all of them through the engine, and the README's rule list is checked against this table.
To change a rule, edit its row here and its example; the matcher reads the ids from here.
"""

from __future__ import annotations

from .claims import CLAIM_RULES
from .edit_forms import FORM_EDIT_RULES
from .edit_wording import WORDING_EDIT_RULES
from .table import Example, Rule, RuleKind
from .verbatim import VERBATIM_RULES

__all__ = ["RULE", "RULES", "Example", "Rule", "RuleKind", "rule_ids", "rules_markdown"]

EDIT_RULES: tuple[Rule, ...] = (*FORM_EDIT_RULES, *WORDING_EDIT_RULES)
RULES: tuple[Rule, ...] = (*VERBATIM_RULES, *EDIT_RULES, *CLAIM_RULES)

RULE: dict[str, Rule] = {rule.id: rule for rule in RULES}


def rule_ids(kind: RuleKind) -> tuple[str, ...]:
    """The ids of one kind of rule, in table order.

    >>> rule_ids(RuleKind.VERBATIM)[:2]
    ('verbatim.exact', 'verbatim.folded')
    """
    return tuple(rule.id for rule in RULES if rule.kind is kind)


def rules_markdown() -> str:
    """The table as the README lists it (``python -m citations rules`` prints it)."""
    lines = ["| rule | kind | covers |", "|---|---|---|"]
    lines.extend(f"| `{rule.id}` | {rule.kind.value} | {rule.covers} |" for rule in RULES)
    return "\n".join(lines)
