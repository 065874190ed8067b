"""manage.py generate and generation_regressions (export / revalidate)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from generation.models import ExecutionRecord, Generation
from generation.prompt import PROMPT_VERSION
from generation.registry import schema_register
from generation.schemas import builtin_definition
from tests.conftest import row_counts

from .conftest import dumps
from .fake_llm import Answer

pytestmark = pytest.mark.django_db


def register_stricter_version() -> None:
    """Version 2 of the article's schema: at most five evidence items."""
    definition = builtin_definition("task-procedure-v1")
    definition["json_schema"]["properties"]["evidence"]["maxItems"] = 5
    schema_register(definition={**definition, "version": "2"})


@pytest.fixture
def endpoint(settings, fake_llm):
    """Point the settings at a scripted fake endpoint; returns a function taking the script."""

    def configure(script):
        fake = fake_llm(script)
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_MODEL = "cli-model"
        settings.LLM_MAX_RETRIES = 0
        return fake

    return configure


@pytest.fixture
def sources_path(tmp_path, sources_data):
    path = tmp_path / "sources.json"
    path.write_text(json.dumps(sources_data, ensure_ascii=False), encoding="utf-8")
    return path


def generate(path, **kwargs) -> dict:
    out = StringIO()
    call_command("generate", sources=path, schema="task-procedure-v1", stdout=out, **kwargs)
    return json.loads(out.getvalue())


def test_generate_command_hands_a_valid_answer_over(endpoint, sources_path, valid_answer):
    fake = endpoint([Answer(dumps(valid_answer))])
    summary = generate(sources_path)
    assert summary["status"] == "accepted"
    generation = Generation.objects.get()
    assert summary["assessment"] == generation.assessment_id is not None
    assert fake.requests[0]["model"] == "cli-model"
    assert generation.model_name == "cli-model"


def test_generate_command_run_twice_on_a_sources_file_with_an_id_hands_over_once(
    endpoint, tmp_path, sources_data, valid_answer
):
    """Issue 17 item 8: the second run of the same file ended in manual review."""
    path = tmp_path / "with-id.json"
    path.write_text(json.dumps({**sources_data, "id": "procedure-1"}, ensure_ascii=False))
    endpoint([Answer(dumps(valid_answer)), Answer(dumps(valid_answer))])
    first, second = generate(path), generate(path)
    assert (first["status"], second["status"]) == ("accepted", "accepted")
    assert first["assessment"] == second["assessment"] is not None
    assert second["failure"] == ""


def test_generate_command_reports_manual_review_with_exit_status_3_ev_7(
    endpoint, sources_path, example_answer
):
    endpoint([Answer(dumps(example_answer)), Answer("{")])
    with pytest.raises(CommandError, match="manual_review") as raised:
        generate(sources_path)
    assert raised.value.returncode == 3
    assert ExecutionRecord.objects.count() == 2


def test_generate_command_refuses_a_bad_sources_file_naming_the_field_vb_3(tmp_path, endpoint):
    fake = endpoint([])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"sources": [{"id": "D", "kind": "pdf", "text": "x"}]}))
    before = row_counts()
    with pytest.raises(CommandError, match=r"sources\[0\]\.kind"):
        generate(path)
    with pytest.raises(CommandError, match="cannot read"):
        generate(tmp_path / "missing.json")
    assert row_counts() == before
    assert fake.requests == []


def test_failed_answers_export_as_json_lines_and_revalidate_ev_8(
    endpoint, sources_path, example_answer, valid_answer, tmp_path, monkeypatch
):
    """EV-8: failed answers are kept as regression data: exported as JSON Lines with what is
    needed to re-validate them, and re-validated after a validator or schema change."""
    endpoint([Answer(dumps(example_answer)), Answer(dumps(valid_answer))])
    generate(sources_path)
    invalid = ExecutionRecord.objects.get(kind="initial")

    export = tmp_path / "regressions.jsonl"
    call_command("generation_regressions", "export", output=export, stderr=StringIO())
    lines = export.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1  # only the failed answer by default
    row = json.loads(lines[0])
    assert row["record"] == invalid.pk
    assert row["raw_response"] == invalid.raw_response
    assert row["errors"] == invalid.errors
    assert row["request"] == invalid.request
    assert {s["id"] for s in row["sources"]} == {"DOC", "MEMO"}

    everything = StringIO()
    call_command("generation_regressions", "export", all=True, stdout=everything, stderr=StringIO())
    assert len(everything.getvalue().splitlines()) == 2

    out = StringIO()
    call_command(
        "generation_regressions", "revalidate", input=export, stdout=out, stderr=StringIO()
    )
    [result] = [json.loads(line) for line in out.getvalue().splitlines()]
    assert (result["record"], result["was"], result["now"]) == (invalid.pk, "invalid", "invalid")

    # A stricter version (at most five evidence items) turns the once-valid answer invalid.
    register_stricter_version()
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError, match="1 valid record"):
        call_command("generation_regressions", "revalidate", stdout=out, stderr=err)
    results = {r["record"]: r for r in map(json.loads, out.getvalue().splitlines())}
    repaired = ExecutionRecord.objects.get(kind="repair")
    assert (results[repaired.pk]["was"], results[repaired.pk]["now"]) == ("valid", "invalid")
    assert results[repaired.pk]["errors"][0]["path"] == "$.evidence"


def test_revalidate_fails_when_a_valid_record_turns_invalid_and_shows_what_changed(
    endpoint, sources_path, example_answer, valid_answer, monkeypatch
):
    """Issue 17 item 10: revalidate exited 0 when a record turned invalid and did not show
    which errors changed. Now exit status 3, each change on stderr, gained and lost errors
    in the JSON lines."""
    endpoint([Answer(dumps(example_answer)), Answer(dumps(valid_answer))])
    generate(sources_path)
    invalid = ExecutionRecord.objects.get(kind="initial")
    repaired = ExecutionRecord.objects.get(kind="repair")
    # A stricter version: at most five evidence items (the repaired answer has ten).
    register_stricter_version()

    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("generation_regressions", "revalidate", stdout=out, stderr=err)
    assert raised.value.returncode == 3
    assert str(raised.value) == f"1 valid record(s) are invalid now: {repaired.pk}"
    results = {r["record"]: r for r in map(json.loads, out.getvalue().splitlines())}
    turned = results[repaired.pk]
    assert [(e["path"], e["rule"]) for e in turned["errors_added"]] == [
        ("$.evidence", "schema.constraint")
    ]
    assert turned["errors_gone"] == []
    assert f"record {repaired.pk}: valid -> invalid; + $.evidence schema.constraint" in (
        err.getvalue().splitlines()
    )
    # the first answer was invalid and still is: that alone fails nothing
    assert (results[invalid.pk]["was"], results[invalid.pk]["now"]) == ("invalid", "invalid")


def test_revalidate_of_unchanged_records_exits_0_and_prints_no_changes(
    endpoint, sources_path, example_answer, valid_answer
):
    endpoint([Answer(dumps(example_answer)), Answer(dumps(valid_answer))])
    generate(sources_path)
    out, err = StringIO(), StringIO()
    call_command("generation_regressions", "revalidate", stdout=out, stderr=err)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all(r["errors_added"] == r["errors_gone"] == [] for r in results)
    assert err.getvalue().splitlines() == ["revalidated 2 record(s), 0 changed status"]


def test_revalidate_shows_an_error_no_longer_reported(
    endpoint, sources_path, example_answer, valid_answer, tmp_path
):
    endpoint([Answer(dumps(example_answer)), Answer(dumps(valid_answer))])
    generate(sources_path)
    export = tmp_path / "failed.jsonl"
    call_command("generation_regressions", "export", output=export, stderr=StringIO())
    [row] = map(json.loads, export.read_text(encoding="utf-8").splitlines())
    stale = {"path": "$.processSteps[9].order", "rule": "order.duplicate", "message": "old"}
    export.write_text(json.dumps({**row, "errors": [*row["errors"], stale]}) + "\n")
    out, err = StringIO(), StringIO()
    call_command("generation_regressions", "revalidate", input=export, stdout=out, stderr=err)
    [result] = map(json.loads, out.getvalue().splitlines())
    assert (result["errors_added"], result["errors_gone"]) == ([], [stale])
    assert err.getvalue().splitlines()[0] == (
        f"record {row['record']}: invalid -> invalid; - $.processSteps[9].order order.duplicate"
    )


def test_export_into_a_missing_folder_creates_it_and_an_unwritable_path_is_one_line(
    endpoint, sources_path, example_answer, tmp_path
):
    """Issue 17 item 10: --output into a missing folder was a traceback."""
    endpoint([Answer(dumps(example_answer)), Answer("{")])
    with pytest.raises(CommandError):
        generate(sources_path)
    nested = tmp_path / "regressions" / "2026" / "failed.jsonl"
    call_command("generation_regressions", "export", output=nested, stderr=StringIO())
    assert len(nested.read_text(encoding="utf-8").splitlines()) == 2
    with pytest.raises(CommandError, match=r"^--output: cannot write .*: Is a directory$"):
        call_command("generation_regressions", "export", output=tmp_path, stderr=StringIO())
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(CommandError, match=r"^--output: cannot write .*/a-file/x\.jsonl: .+$"):
        call_command(
            "generation_regressions", "export", output=blocker / "x.jsonl", stderr=StringIO()
        )


def test_revalidate_refuses_a_broken_export_naming_the_line(tmp_path):
    export = tmp_path / "broken.jsonl"
    export.write_text('{"record": 1}\n')
    with pytest.raises(CommandError, match="line 1: missing schema"):
        call_command("generation_regressions", "revalidate", input=export)
    row = {"record": 1, "schema": "s", "status": "valid", "sources": [], "raw_response": ""}
    export.write_text(json.dumps({**row, "errors": ["not an error"]}) + "\n")
    with pytest.raises(CommandError, match="line 1: errors must be a list"):
        call_command("generation_regressions", "revalidate", input=export)


def test_generate_command_gives_the_assessment_its_team(endpoint, sources_path, valid_answer):
    from reviews.models import Team

    team = Team.objects.create(name="Procurement")
    endpoint([Answer(dumps(valid_answer))])
    summary = generate(sources_path, team_name="Procurement")
    assert Generation.objects.get().assessment.team == team
    assert summary["status"] == "accepted"


def test_generate_command_refuses_an_unknown_team_before_storing_anything(endpoint, sources_path):
    fake = endpoint([])
    with pytest.raises(CommandError, match="--team: no team named 'Nobody' \\(teams: none yet\\)"):
        generate(sources_path, team_name="Nobody")
    assert not Generation.objects.exists() and fake.requests == []


def test_generate_command_asks_the_model_given(endpoint, sources_path, valid_answer):
    fake = endpoint([Answer(dumps(valid_answer))])
    generate(sources_path, model="picked-model")
    assert fake.requests[0]["model"] == "picked-model"
    assert Generation.objects.get().model_name == "picked-model"


LINE_BREAKS = "\u2028\u2029\x85"


def test_the_export_keeps_one_record_per_line_whatever_line_breaks_it_holds(
    endpoint, sources_path, valid_answer, tmp_path
):
    """Issue 32 item 6: U+2028, U+2029 and U+0085 were written raw and revalidate split on
    them (34 rows read as 64, exit 1)."""
    broken = dict(valid_answer, documentPurpose=f"a{LINE_BREAKS}b")
    endpoint([Answer(dumps(broken)), Answer(dumps(broken))])
    generate_expecting_review(sources_path)
    output = tmp_path / "failed.jsonl"
    call_command("generation_regressions", "export", output=output, stderr=StringIO())
    text = output.read_text(encoding="utf-8")
    assert not set(LINE_BREAKS) & set(text)
    assert len(text.splitlines()) == 2  # str.splitlines() breaks at all three: none is left
    out = StringIO()
    call_command(
        "generation_regressions", "revalidate", input=output, stdout=out, stderr=StringIO()
    )
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(r["was"], r["now"]) for r in results] == [("invalid", "invalid")] * 2
    rows = [json.loads(line) for line in text.split("\n") if line]
    assert LINE_BREAKS in rows[0]["raw_response"]  # decoded back exactly


def generate_expecting_review(path) -> None:
    with pytest.raises(CommandError):
        generate(path)


def test_replay_sends_stored_inputs_to_another_model_and_prompt_and_reports_the_change(
    endpoint, sources_path, example_answer, valid_answer, tmp_path
):
    """Issue 32 item 6: stored requests could not be replayed against a new prompt or
    model. Replay sends each input once and compares; it stores nothing."""
    fake = endpoint([Answer(dumps(example_answer)), Answer(dumps(example_answer))])
    generate_expecting_review(sources_path)
    output = tmp_path / "failed.jsonl"
    call_command("generation_regressions", "export", output=output, stderr=StringIO())
    fake.script.extend([Answer(dumps(valid_answer)), Answer(dumps(example_answer))])
    before = row_counts()
    out, err = StringIO(), StringIO()
    call_command(
        "generation_regressions",
        "replay",
        input=output,
        model="new-model",
        prompt_version=PROMPT_VERSION,
        stdout=out,
        stderr=err,
    )
    assert row_counts() == before
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(r["was"], r["now"], r["model"]) for r in results] == [
        ("invalid", "valid", "new-model"),
        ("invalid", "invalid", "new-model"),
    ]
    replayed = fake.requests[-2:]
    assert [body["model"] for body in replayed] == ["new-model"] * 2
    assert len(replayed[0]["messages"]) == 2  # today's first prompt, no repair history
    assert "replayed 2 record(s), 1 changed status" in err.getvalue()

    fake.script.extend([Answer(dumps(valid_answer))] * 2)
    stored = ExecutionRecord.objects.order_by("pk")
    call_command(
        "generation_regressions",
        "replay",
        model="m2",
        prompt_version="stored",
        stdout=StringIO(),
        stderr=StringIO(),
    )
    assert [body["messages"] for body in fake.requests[-2:]] == [
        record.request["messages"] for record in stored
    ]
    with pytest.raises(CommandError, match="this install builds"):
        call_command("generation_regressions", "replay", model="m", prompt_version="extract-v1")
