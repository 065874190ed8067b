"""Issue 17, item 10: token and cost totals of generation runs. A cost comes from the price
table in settings (LLM_PRICES) and is stored with the call; without a price, or without the
tokens the model reported, it is unknown, shown so, and never counted as 0. Against the local
fake chat-completions server."""

import json
import re
from decimal import Decimal

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse

from config.settings import env_prices
from generation.costs import call_cost, costs_total
from generation.models import ExecutionRecord, GenerationStatus

from .conftest import dumps
from .fake_llm import Answer, Raw
from .test_views import generated

LIST_URL = reverse("generation:generation_list")
PRICES = {"fake-model": {"input": Decimal("0.15"), "output": Decimal("0.60")}}


@pytest.fixture
def staff_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("sam", is_staff=True))
    return client


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# -- the price table ------------------------------------------------------------------------


def test_prices_are_read_exactly_as_decimals(monkeypatch):
    monkeypatch.setenv(
        "LLM_PRICES",
        '{"gpt-4o-mini": {"input": 0.15, "output": 0.6}, "local": {"input": 0, "output": 0}}',
    )
    assert env_prices("LLM_PRICES") == {
        "gpt-4o-mini": {"input": Decimal("0.15"), "output": Decimal("0.6")},
        "local": {"input": Decimal(0), "output": Decimal(0)},
    }
    monkeypatch.setenv("LLM_PRICES", "")
    assert env_prices("LLM_PRICES") == {}  # the default: no price known


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0.15", "LLM_PRICES must be a JSON object"),
        ("{not json", "LLM_PRICES must be a JSON object such as"),
        ('{"m": 0.15}', 'LLM_PRICES must be exactly an "input" and an "output" price for \'m\''),
        (
            '{"m": {"input": 0.15}}',
            'LLM_PRICES must be exactly an "input" and an "output" price for \'m\'',
        ),
        (
            '{"m": {"input": -1, "output": 1}}',
            "LLM_PRICES must be a number of at least 0 as the input price of 'm'",
        ),
        (
            '{"m": {"input": "0.1", "output": 1}}',
            "LLM_PRICES must be a number of at least 0 as the input price of 'm'",
        ),
        (
            '{"m": {"input": NaN, "output": 1}}',
            "LLM_PRICES must be a number of at least 0 as the input price of 'm'",
        ),
    ],
)
def test_a_bad_price_table_is_refused_naming_the_setting(monkeypatch, value, message):
    monkeypatch.setenv("LLM_PRICES", value)
    with pytest.raises(ImproperlyConfigured, match=re.escape(message)):
        env_prices("LLM_PRICES")


def test_a_call_costs_its_tokens_at_its_models_price_or_is_unknown():
    assert call_cost("fake-model", 1200, 800, prices=PRICES) == Decimal("0.00066")
    assert call_cost("fake-model", 0, 0, prices=PRICES) == Decimal(0)
    assert call_cost("other-model", 1200, 800, prices=PRICES) is None  # no price: unknown
    assert call_cost("fake-model", None, 800, prices=PRICES) is None  # no usage: unknown


# -- stored with the call, totalled per run and for the list --------------------------------


def test_a_priced_run_stores_each_calls_cost_and_shows_the_totals(
    staff_client, settings, sources_data, example_answer, valid_answer, fake_llm
):
    settings.LLM_PRICES, settings.LLM_PRICE_CURRENCY = PRICES, "EUR"
    script = [Answer(dumps(example_answer), 1000, 500), Answer(dumps(valid_answer), 2000, 700)]
    run = generated(sources_data, fake_llm(script))
    assert run.status == GenerationStatus.REPAIRED
    costs = list(run.records.order_by("pk").values_list("kind", "cost", "cost_currency"))
    # 1000 × 0.15 + 500 × 0.60 per million; 2000 × 0.15 + 700 × 0.60
    assert costs == [("initial", Decimal("0.00045"), "EUR"), ("repair", Decimal("0.00072"), "EUR")]

    html = staff_client.get(LIST_URL).content.decode()
    assert '<td class="cost">0.00117 EUR</td>' in html
    assert "1 run: 4200 tokens, cost 0.00117 EUR over 2 calls that returned an answer." in text(
        html
    )
    detail = staff_client.get(reverse("generation:generation_detail", args=[run.pk])).text
    usage = re.search(r'<tr id="run-usage">(.*?)</tr>', detail, re.S).group(1)
    assert text(usage) == "The run's calls 4200 0.00117 EUR"
    record = run.records.get(kind="repair")
    page = staff_client.get(reverse("generation:record_detail", args=[record.pk])).text
    assert '<span id="record-cost">Cost 0.00072 EUR</span>' in page

    # A later change of price does not rewrite what the run cost.
    settings.LLM_PRICES = {"fake-model": {"input": Decimal(10), "output": Decimal(10)}}
    assert '<td class="cost">0.00117 EUR</td>' in staff_client.get(LIST_URL).text


def test_without_a_price_the_cost_is_unknown_never_zero(
    staff_client, settings, sources_data, valid_answer, fake_llm
):
    settings.LLM_PRICES = {}  # the default
    run = generated(sources_data, fake_llm([Answer(dumps(valid_answer))]))
    assert run.records.get().cost is None
    html = staff_client.get(LIST_URL).text
    row_cost = re.search(r'<td class="cost">(.*?)</td>', html, re.S).group(1)
    assert text(row_cost) == "unknown (no price for fake-model)"
    assert "200 tokens, cost unknown (no price for fake-model)" in text(html)
    assert "0 USD" not in html and "0.0" not in text(row_cost)


def test_a_call_that_reported_no_usage_has_an_unknown_cost(
    staff_client, settings, sources_data, valid_answer, fake_llm
):
    settings.LLM_PRICES = PRICES
    body = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": "fake-model",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": dumps(valid_answer)},
                     "finish_reason": "stop"}],
    }  # fmt: skip
    run = generated(sources_data, fake_llm([Raw(json.dumps(body).encode())]))
    record = run.records.get()
    assert (record.total_tokens, record.cost) == (None, None)
    html = staff_client.get(LIST_URL).text
    assert "cost unknown (the model reported no token usage)" in text(html)


def test_one_unknown_call_makes_the_lists_total_unknown_and_says_why(
    staff_client, settings, sources_data, valid_answer, fake_llm
):
    settings.LLM_PRICES = PRICES
    generated(sources_data, fake_llm([Answer(dumps(valid_answer))]))
    settings.LLM_PRICES = {}
    generated(sources_data, fake_llm([Answer(dumps(valid_answer))]), id="other-run")
    html = staff_client.get(LIST_URL).text
    costs = [text(c) for c in re.findall(r'<td class="cost">(.*?)</td>', html, re.S)]
    assert costs == ["unknown (no price for fake-model)", "0.000066 USD"]  # newest first
    assert "2 runs: 400 tokens, cost unknown (no price for fake-model) over 2 calls" in text(html)


def test_a_failed_call_and_a_human_edit_are_no_calls_to_count(settings):
    records = [
        ExecutionRecord(kind="initial", status="transport_error", model_name="m"),
        ExecutionRecord(kind="human_edit", status="valid", model_name="m"),
        ExecutionRecord(
            kind="repair", status="valid", model_name="m", prompt_tokens=10,
            completion_tokens=5, cost=Decimal("0.5"), cost_currency="USD",
        ),
    ]  # fmt: skip
    total = costs_total(records)
    assert (total.calls, total.unknown, str(total)) == (1, 0, "0.5 USD")
    assert str(costs_total(records[:2])) == "—"
