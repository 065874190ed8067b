"""Storing bundles: all or nothing, never twice (VB-3, VB-4), eligibility stored once (012.3)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction

from citations.bundles import engine_bundle
from citations.engine import BundleError, load_bundle
from citations.imports import BundleConflict
from citations.models import Correction, Quote, Source
from reviews.imports import bundle_import
from reviews.models import Assessment, ReviewDecision
from tests.conftest import row_counts
from tests.factories import (
    SCENARIOS,
    bundle_data,
    make_assessment,
    make_correction,
    make_quote,
    scenario_data,
)

MB = 1024 * 1024


def hostile_bundles() -> dict[str, bytes]:
    """Bad inputs every entry point must refuse with a clear error, storing nothing (VB-3)."""
    valid = json.dumps(bundle_data())
    unknown_kind = bundle_data()
    unknown_kind["sources"][0]["kind"] = "pdf"
    nul = bundle_data()
    nul["response"]["text"] = "quote\x00"
    depth = 10_000
    return {
        "malformed": valid[:-7].encode(),
        "unknown_kind": json.dumps(unknown_kind).encode(),
        "nul_escaped": json.dumps(nul).encode(),
        "nul_raw_byte": valid.replace("First paragraph.", "First\x00paragraph.").encode(),
        "lone_surrogate": valid.replace("Hello there.", "Hello \\ud800 there.").encode(),
        "not_utf8": valid.encode().replace(b"Hello", b"H\xffllo"),
        "not_an_object": b"[1, 2, 3]",
        "nested_10000_deep": valid.replace(
            '"meta": {', '"meta": {"deep": ' + "[" * depth + "]" * depth + ", "
        ).encode(),
        "fifty_mb": valid.replace("Hello there.", "x" * (50 * MB)).encode(),
        **_beyond_the_limits(),
    }


def _json_answer(path: str, text: str = '{"q": []}') -> dict:
    data = bundle_data()
    data["response"] = {"format": "json", "text": text, "quotes": [{"path": path, "text": "t"}]}
    return data


def _beyond_the_limits() -> dict[str, bytes]:
    """Issue 13's findings: each was accepted and then crashed, looped or ran for minutes."""
    long_title, long_url, newline_id, many = (
        bundle_data(),
        bundle_data(),
        bundle_data(),
        bundle_data(),
    )
    long_title["sources"][0]["title"] = "t" * 501
    long_url["sources"][0]["url"] = "https://example.org/" + "u" * 2000
    newline_id["sources"][0]["id"] = newline_id["sources"][0]["id"] + "\n"
    many["sources"] = [
        {"id": f"S{n}", "kind": "document", "paragraphs": ["x"]} for n in range(100_000)
    ]
    valid = json.dumps(bundle_data())
    in_meta = valid.replace('"meta": {', '"meta": {"x": VALUE, ')
    return {
        name: (json.dumps(data) if isinstance(data, dict) else data).encode()
        for name, data in {
            "jsonpath_200k_segments": _json_answer("$" + ".a" * 200_000),
            "jsonpath_regex_filter": _json_answer("$.q[?match(@.t, '(a+)+b')]"),
            "json_answer_100k_brackets": _json_answer("$.q[*]", "[" * 100_000),
            "nan": in_meta.replace("VALUE", "NaN"),
            "infinity": in_meta.replace("VALUE", "-Infinity"),
            "float_overflow": in_meta.replace("VALUE", "1e999"),
            "integer_5000_digits": in_meta.replace("VALUE", "7" * 5000),
            "title_501_characters": long_title,
            "url_2021_characters": long_url,
            "id_with_trailing_newline": newline_id,
            "sources_100k": many,
        }.items()
    }


HOSTILE = hostile_bundles()
EXPECTED_FIELD = {
    "unknown_kind": "sources[0].kind",
    "nul_escaped": "response.text",
    "lone_surrogate": "sources[1].paragraphs[0]",
    "jsonpath_200k_segments": "response.quotes[0].path",
    "jsonpath_regex_filter": "response.quotes[0].path",
    "json_answer_100k_brackets": "response.text",
    "nan": "meta.x",
    "infinity": "meta.x",
    "float_overflow": "meta.x",
    "integer_5000_digits": "meta.x",
    "title_501_characters": "sources[0].title",
    "url_2021_characters": "sources[0].url",
    "id_with_trailing_newline": "sources[0].id",
    "sources_100k": "sources",
}


@pytest.mark.django_db
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_round_trips_through_the_database_012_3(path: Path):
    """012.3: eligibility is stored once with the turn and read back unchanged."""
    result = bundle_import(raw=path.read_bytes())
    assert result.created
    assert engine_bundle(result.assessment.verification) == load_bundle(path.read_bytes())


@pytest.mark.django_db
def test_eligibility_is_stored_per_source_of_the_turn_012_3():
    data = bundle_data()
    data["sources"][2]["eligible"] = False
    assessment = bundle_import(raw=data).assessment
    stored = {s.key: s.eligible for s in Source.objects.filter(turn=assessment.verification.turn)}
    assert stored == {"D1": True, "E1": True, "A1": False}
    assert engine_bundle(assessment.verification).turn.is_eligible("A1") is False


@pytest.mark.django_db
def test_reimporting_the_same_bundle_creates_nothing_new_vb_4():
    path = SCENARIOS[0]
    first = bundle_import(raw=path.read_bytes())
    before = row_counts()
    again = bundle_import(raw=path.read_bytes())
    assert not again.created and again.assessment.pk == first.assessment.pk
    assert row_counts() == before


@pytest.mark.django_db
def test_key_order_and_whitespace_do_not_make_a_bundle_different_vb_4():
    data = scenario_data(SCENARIOS[0])
    bundle_import(raw=data)
    reordered = json.dumps(dict(reversed(list(data.items()))), indent=4).encode()
    assert bundle_import(raw=reordered).created is False


@pytest.mark.django_db
def test_same_id_with_other_content_is_refused_and_changes_nothing_vb_4():
    data = scenario_data(SCENARIOS[0])
    bundle_import(raw=data)
    data["title"] = "something else"
    before = row_counts()
    with pytest.raises(BundleConflict, match="already submitted"):
        bundle_import(raw=data)
    assert row_counts() == before


@pytest.mark.django_db
def test_bad_source_kind_names_the_field_and_stores_nothing_vb_3():
    data = scenario_data(SCENARIOS[0])
    data["sources"][1]["kind"] = "pdf"
    with pytest.raises(BundleError) as raised:
        bundle_import(raw=data)
    assert raised.value.field == "sources[1].kind"
    assert Assessment.objects.count() == 0 and Source.objects.count() == 0


@pytest.mark.django_db
def test_a_failure_while_storing_rolls_back_every_row_vb_3():
    """A parent that names a non-email source fails after sources were validated."""
    data = bundle_data()
    data["sources"][2]["parent"] = "D1"
    before = row_counts()
    with pytest.raises(BundleError, match="not an email_body"):
        bundle_import(raw=data)
    assert row_counts() == before


# The management command ------------------------------------------------------------------


@pytest.mark.django_db
def test_import_command_imports_each_scenario_once_when_run_twice_vb_4(capsys):
    call_command("import_bundle", *SCENARIOS)
    call_command("import_bundle", *SCENARIOS)
    out = capsys.readouterr().out
    assert out.count("already imported") == len(SCENARIOS)
    ids = sorted(Assessment.objects.values_list("verification__bundle_id", flat=True))
    assert ids == sorted(scenario_data(p)["id"] for p in SCENARIOS)


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(HOSTILE))
def test_import_command_refuses_bad_bundles_clearly_and_changes_nothing_vb_3(
    name, tmp_path, capsys
):
    bad = tmp_path / f"{name}.json"
    bad.write_bytes(HOSTILE[name])
    good = SCENARIOS[0]
    before = row_counts()
    with pytest.raises(CommandError, match="1 of 2 bundle"):
        call_command("import_bundle", bad, good)
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}: "), err
    if name in EXPECTED_FIELD:
        assert f"{bad}: {EXPECTED_FIELD[name]}: " in err
    after = row_counts()
    # Only the good file went in: one assessment with its turn and sources.
    assert after["reviews_assessment"] == before["reviews_assessment"] + 1
    assert after["citations_quote"] == before["citations_quote"]
    assert Assessment.objects.get().verification.bundle_id == scenario_data(good)["id"]


@pytest.mark.django_db
def test_import_command_exits_non_zero_for_a_missing_file_vb_3(tmp_path, capsys):
    with pytest.raises(CommandError):
        call_command("import_bundle", tmp_path / "nope.json")
    assert "cannot read" in capsys.readouterr().err
    assert Assessment.objects.count() == 0


def test_import_command_exit_status_in_a_real_process_vb_3(tmp_path):
    """The CLI as a script sees it: status 1 and the field on stderr (validation fails before
    any query, so no test database is needed)."""
    bad = tmp_path / "bad.json"
    bad.write_bytes(HOSTILE["unknown_kind"])
    done = subprocess.run(
        [sys.executable, "manage.py", "import_bundle", str(bad)],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "sources[0].kind" in done.stderr and "'pdf' is not one of" in done.stderr


# Database invariants ---------------------------------------------------------------------


@pytest.mark.django_db
def test_each_occurrence_of_a_quote_is_its_own_row_003_8():
    """003.8: the same words quoted twice are two rows; one position cannot hold two."""
    assessment = make_assessment()
    make_quote(assessment, 1, text="Second.")
    make_quote(assessment, 2, text="Second.")
    assert Quote.objects.filter(assessment=assessment.verification, text="Second.").count() == 2
    with pytest.raises(IntegrityError), transaction.atomic():
        make_quote(assessment, 2, text="Second.")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "fields",
    [
        {"status": "probably"},
        {"reason": "vibes"},
        {"match_start": 5, "match_end": 5},
        {"response_start": 9, "response_end": 3},
        {"match_score": 1.5},
    ],
    ids=["status", "reason", "empty-match-span", "inverted-response-span", "score"],
)
def test_quote_constraints_refuse_impossible_values(fields):
    assessment = make_assessment()
    with pytest.raises(IntegrityError), transaction.atomic():
        make_quote(assessment, 1, **fields)


@pytest.mark.django_db
def test_correction_rows_cannot_be_updated_or_deleted_011_3():
    """011.3: the audit trail is append-only in the database itself, not just in the admin."""
    correction = make_correction(make_quote(make_assessment(), 1))
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        Correction.objects.filter(pk=correction.pk).update(new_value="3")
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        Correction.objects.filter(pk=correction.pk).delete()
    correction.refresh_from_db()
    assert correction.new_value == "2"


@pytest.mark.django_db
def test_review_decisions_cannot_be_updated_or_deleted_vb_7(django_user_model):
    """VB-7: who decided what stays on record: PostgreSQL refuses to change or delete it."""
    reviewer = django_user_model.objects.create_user("rita")
    decision = ReviewDecision.objects.create(
        assessment=make_assessment(), reviewer=reviewer, action="reject", comment="wrong"
    )
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        ReviewDecision.objects.filter(pk=decision.pk).update(comment="fine")
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        ReviewDecision.objects.filter(pk=decision.pk).delete()
    decision.refresh_from_db()
    assert decision.comment == "wrong"


@pytest.mark.django_db
def test_a_correction_is_recorded_once_per_quote_run_and_field_011_3():
    quote = make_quote(make_assessment(), 1)
    make_correction(quote, run=1, field="paragraph")
    make_correction(quote, run=2, field="paragraph")
    with pytest.raises(IntegrityError), transaction.atomic():
        make_correction(quote, run=2, field="paragraph")
