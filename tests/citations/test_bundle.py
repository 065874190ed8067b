import copy
import json
from pathlib import Path

import pytest

from citations.engine import BundleError, load_bundle

SCENARIOS = Path(__file__).resolve().parents[3] / "shared" / "data" / "scenarios"


def _bundle(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text())


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (lambda b: b["sources"][0].update(kind="pdf"), "sources[0].kind", "is not one of"),
        (lambda b: b["sources"][0].pop("paragraphs"), "sources[0]", "exactly one of"),
        (lambda b: b["sources"].append(dict(b["sources"][0])), "sources[4].id", "already used"),
        (
            lambda b: b["response"]["quotes"][0].update(path="$.x[*"),
            "response.quotes[0].path",
            "only names, [*], [n] and ['name'] steps",  # the plain forms (limits.py)
        ),
        (lambda b: b["response"].update(text="a\x00b"), "response.text", "NUL"),
        (lambda b: b["sources"][1].update(title="\ud800"), "sources[1].title", "surrogate"),
        (
            lambda b: b["sources"][0]["paragraphs"].append("\ud800"),
            "sources[0].paragraphs[1]",
            "surrogate",
        ),
        (
            lambda b: b["sources"][2]["paragraphs"].insert(0, "a\x00"),
            "sources[2].paragraphs[0]",
            "NUL",
        ),
        (lambda b: b["response"].update({"bad\x00key": 1}), "response", "NUL"),
        (lambda b: b.update(extra=1), "", "unknown field"),
    ],
)
def test_bad_bundle_is_refused_naming_the_field_vb_3(change, field, message):
    """VB-3: a bad bundle gets an error that names the field and says what is wrong."""
    bundle = copy.deepcopy(_bundle("adr_source_binding"))
    change(bundle)
    with pytest.raises(BundleError) as raised:
        load_bundle(bundle)
    assert raised.value.field == field
    assert message in raised.value.message


def test_attachment_parent_must_be_an_email_body_vb_3():
    bundle = _bundle("procurement_review")
    bundle["sources"][1]["parent"] = "D1"
    with pytest.raises(BundleError, match=r"sources\[1\]\.parent: 'D1' is not an email_body"):
        load_bundle(bundle)


def test_nesting_and_size_limits_vb_3():
    with pytest.raises(BundleError, match="nested deeper"):
        load_bundle("[" * 10_000 + "]" * 10_000)
    with pytest.raises(BundleError, match="limit is 100"):
        load_bundle(b" " * 101, max_bytes=100)


def test_a_paragraph_that_is_not_a_string_is_named_vb_3():
    bundle = _bundle("adr_source_binding")
    bundle["sources"][2]["paragraphs"] = ["fine", 7]
    with pytest.raises(BundleError) as raised:
        load_bundle(bundle)
    assert raised.value.field == "sources[2].paragraphs[1]"
    assert "is not of type 'string'" in raised.value.message


def test_the_readme_lists_every_bundle_limit_with_its_value():
    """The limits exist once, in limits.py; the README's table names each with its value."""
    from dataclasses import fields
    from pathlib import Path

    from citations.engine.limits import LIMITS

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for limit in fields(LIMITS):
        row = next(line for line in readme.splitlines() if f"`{limit.name}`" in line)
        assert f"{getattr(LIMITS, limit.name):,}" in row, limit.name


def test_a_response_with_more_quotes_than_the_limit_is_refused(monkeypatch):
    """Each quote is searched in every eligible source, so their number bounds a
    verification's time: a response holding more than ``LIMITS.quotes`` is refused at
    loading, the field named (a hostile table of 32,000 quoted rows took half a minute)."""
    from dataclasses import replace

    from citations.engine import bundle as bundle_module

    monkeypatch.setattr(bundle_module, "LIMITS", replace(bundle_module.LIMITS, quotes=3))
    data = _bundle("procurement_review")
    data["response"] = {"format": "markdown", "text": '"the fee rises" [D1] ' * 3}
    assert len(load_bundle(data).response.text) > 0
    data["response"]["text"] += '"and one more" [D1]'
    with pytest.raises(BundleError) as raised:
        load_bundle(data)
    assert raised.value.field == "response.text"
    assert "holds 4 quotes; the limit is 3" in raised.value.message


@pytest.mark.parametrize(
    "response",
    [
        {"format": "markdown", "text": "> {quote}\n\n[D1]"},
        {"format": "markdown", "text": '"{quote}" [D1]'},
        {"format": "markdown", "text": "| Quote | Source |\n|---|---|\n| {quote} | D1 |\n"},
        {
            "format": "json",
            "text": '{{"q": [{{"t": "{quote}"}}]}}',
            "quotes": [{"path": "$.q[*]", "text": "t"}],
        },
    ],
    ids=["block", "inline", "table", "json"],
)
def test_a_quote_longer_than_the_limit_is_refused(monkeypatch, response):
    """Issue 13: a block quote of 20,000 lines was searched in every source; a quote's length
    bounds a verification's time as their number does. A quote of ``LIMITS.quote_chars``
    characters loads, one more is refused, the field named, in every form of quote."""
    from dataclasses import replace

    from citations.engine import bundle as bundle_module

    monkeypatch.setattr(bundle_module, "LIMITS", replace(bundle_module.LIMITS, quote_chars=40))
    data = _bundle("procurement_review")
    data["response"] = {
        **response,
        "text": response["text"].format(quote=" ".join(["fee rises"] * 4)),
    }
    assert load_bundle(data).response.text
    data["response"]["text"] = response["text"].format(quote=" ".join(["fee rises"] * 5))
    with pytest.raises(BundleError) as raised:
        load_bundle(data)
    assert raised.value.field == "response.text"
    assert "holds a quote of 49 characters; the limit is 40" in raised.value.message
