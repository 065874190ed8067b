"""What a generation's calls cost, from the price table in settings (``LLM_PRICES``).

A cost is known only when the model has a price and the call reported its tokens read and
written; anything else is unknown, and stays unknown in every total it is part of. A cost is
worked out when the call's answer arrives and stored with the record, so a later change of
price does not rewrite what a run cost.
"""

from dataclasses import dataclass
from decimal import Decimal

from .models import CallKind, RecordStatus

MILLION = Decimal(1_000_000)
PLACES = Decimal("1e-10")  # the stored precision (ExecutionRecord.cost)


def call_cost(
    model_name: str,
    prompt_tokens: int | None,
    completion_tokens: int | None,
    *,
    prices: dict[str, dict[str, Decimal]],
) -> Decimal | None:
    """The cost of one call, or None when it is not known.

    >>> prices = {"m": {"input": Decimal("0.15"), "output": Decimal("0.60")}}
    >>> call_cost("m", 1000, 500, prices=prices)
    Decimal('0.0004500000')
    >>> call_cost("other", 1000, 500, prices=prices) is None
    True
    """
    price = prices.get(model_name)
    if price is None or prompt_tokens is None or completion_tokens is None:
        return None
    amount = (prompt_tokens * price["input"] + completion_tokens * price["output"]) / MILLION
    return amount.quantize(PLACES)


@dataclass(frozen=True)
class CostTotal:
    """The cost of some calls: ``amounts`` per currency, and how many calls had no known
    cost (``unknown``); with any unknown the total is unknown, and says why."""

    amounts: dict[str, Decimal]
    unknown: int
    calls: int
    why: str = ""

    @property
    def known(self) -> bool:
        return self.calls > 0 and not self.unknown

    def __str__(self) -> str:
        if not self.calls:
            return "—"
        if not self.known:
            return f"unknown ({self.why})" if self.why else "unknown"
        return " + ".join(
            f"{money(amount)} {currency}" for currency, amount in self.amounts.items()
        )


def money(amount: Decimal) -> str:
    """An amount as stored (ten decimal places), without trailing zeros: exact, however few
    tokens.

    >>> money(Decimal("0.0004500000")), money(Decimal("12.5000000000")), money(Decimal(0))
    ('0.00045', '12.5', '0')
    """
    return f"{amount:.10f}".rstrip("0").rstrip(".") or "0"


# Calls that got a reply, and with it a token usage: a refusal costs what it read too.
CALLS_ANSWERED = (RecordStatus.VALID, RecordStatus.INVALID, RecordStatus.REFUSED)


def costs_total(records) -> CostTotal:
    """The total of the calls among ``records`` (human edits call no model): per currency,
    unknown if any call that returned an answer has no known cost. A call that failed in
    transport returned no usage and is not counted."""
    amounts: dict[str, Decimal] = {}
    unknown, calls, why = 0, 0, set()
    for record in records:
        answered = record.status in CALLS_ANSWERED
        if record.kind == CallKind.HUMAN_EDIT or not answered:
            continue
        calls += 1
        if record.cost is None:
            unknown += 1
            why.add(
                "the model reported no token usage"
                if record.prompt_tokens is None or record.completion_tokens is None
                else f"no price for {record.model_name}"
            )
            continue
        amounts[record.cost_currency] = amounts.get(record.cost_currency, Decimal(0)) + record.cost
    return CostTotal(amounts, unknown, calls, "; ".join(sorted(why)))
