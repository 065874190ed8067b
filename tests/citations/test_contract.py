"""The contracts are the shared folder's, read where they are, with the engine's extensions
merged onto them only where they add (issue 33: "reference rather than copy"; issue 34:
"extended compatibly")."""

import copy
import json
import os
import re
import subprocess
import sys

import pytest
from django.conf import settings
from jsonschema import Draft202012Validator

from citations.engine.bundle import bundle_schema
from citations.engine.contract import ContractError, extended
from citations.engine.writing.report import report_schema

ADDS = [
    ({"properties": {"a": {}}}, {"properties": {"b": {}}}, {"properties": {"a": {}, "b": {}}}),
    ({"enum": ["x"]}, {"enum": ["y", "x"]}, {"enum": ["x", "y"]}),
    ({"type": "object", "oneOf": [{"required": ["a"]}]}, {"oneOf": [{"required": ["f"]}]},
     {"type": "object", "oneOf": [{"required": ["a"]}, {"required": ["f"]}]}),
    ({"type": ["integer"]}, {"type": ["null"]}, {"type": ["integer", "null"]}),
    ({"required": ["a"], "x": 1}, {"required": ["a"], "x": 1}, {"required": ["a"], "x": 1}),
    ({"properties": {"a": {}}}, {"properties": {"b": {"type": "string", "maxLength": 9}}},
     {"properties": {"a": {}, "b": {"type": "string", "maxLength": 9}}}),
    ({"type": "object"}, {"description": "d", "$defs": {"n": {"minimum": 0}}},
     {"type": "object", "description": "d", "$defs": {"n": {"minimum": 0}}}),
    ({"properties": {"properties": {"type": "object"}}},
     {"properties": {"properties": {"description": "named so"}}},
     {"properties": {"properties": {"type": "object", "description": "named so"}}}),
]  # fmt: skip

REFUSED = [
    ({"required": ["a"]}, {"required": ["a", "b"]}, "$.required: an extension may not narrow"),
    ({"maxLength": 200}, {"maxLength": 300}, "$.maxLength: an extension may not change"),
    ({"properties": {"id": {"type": "string"}}}, {"properties": {"id": {"type": "integer"}}},
     "$.properties.id.type: an extension may not change"),
    ({"additionalProperties": False}, {"additionalProperties": True},
     "$.additionalProperties: an extension may not change"),
    ({"type": "object"}, {"additionalProperties": False},
     "$.additionalProperties: an extension may not add a constraint"),
    ({"properties": {"id": {"type": "string"}}}, {"properties": {"id": {"maxLength": 5}}},
     "$.properties.id.maxLength: an extension may not add a constraint"),
    ({"properties": {"a": {}}}, {"required": ["a"]}, "$.required: an extension may not add"),
    ({"properties": {"properties": {"type": "object"}}},
     {"properties": {"properties": {"minProperties": 1}}},
     "$.properties.properties.minProperties: an extension may not add a constraint"),
]  # fmt: skip


@pytest.mark.parametrize(("shared", "extension", "merged"), ADDS)
def test_an_extension_adds_properties_and_widening_entries(shared, extension, merged):
    before = copy.deepcopy(shared)
    assert extended(shared, extension) == merged
    assert shared == before  # the shared contract as read is left as it is


@pytest.mark.parametrize(("shared", "extension", "message"), REFUSED)
def test_an_extension_that_changes_or_narrows_the_shared_contract_is_refused(
    shared, extension, message
):
    with pytest.raises(ContractError, match=re.escape(message)):
        extended(shared, extension)


@pytest.mark.parametrize(("name", "schema"), [("bundle", bundle_schema), ("report", report_schema)])
def test_every_word_of_the_shared_contract_stands_in_the_engine_s(name, schema):
    shared = json.loads((settings.SHARED_DIR / "spec" / f"{name}.schema.json").read_text())
    assert extended(shared, schema()) == schema()
    assert schema()["properties"].keys() == shared["properties"].keys()


def test_every_bundle_the_shared_contract_allows_the_engine_s_allows():
    shared = json.loads((settings.SHARED_DIR / "spec" / "bundle.schema.json").read_text())
    shared_validator, engine_validator = map(Draft202012Validator, (shared, bundle_schema()))
    bundles = [
        json.loads(path.read_text(encoding="utf-8"))
        for folder in ("scenarios", "dev/verbote")
        for path in sorted((settings.SHARED_DIR / "data" / folder).glob("*.json"))
        if not path.name.endswith(".expected.json")
    ]
    valid = [bundle for bundle in bundles if shared_validator.is_valid(bundle)]
    assert len(valid) == len(bundles) == 50  # 3 scenarios, 47 dev bundles
    assert all(engine_validator.is_valid(bundle) for bundle in valid)


def test_a_missing_shared_folder_is_named(tmp_path, monkeypatch):
    from citations.engine import contract

    monkeypatch.setattr(contract, "SHARED_DIR", tmp_path)
    contract.contract.cache_clear()
    try:
        with pytest.raises(ContractError, match=r"cannot be read .*VERBATIM_SHARED_DIR"):
            contract.contract("bundle")
    finally:
        contract.contract.cache_clear()


@pytest.mark.parametrize(("shared", "errors"), [("the shared folder", 0), ("an empty folder", 1)])
def test_a_start_without_the_contracts_stops_at_the_check_citations_e001(tmp_path, shared, errors):
    """``manage.py check`` (as every start runs it) fails with citations.E001, naming the
    setting, when the shared folder is not where VERBATIM_SHARED_DIR says."""
    folder = settings.SHARED_DIR if errors == 0 else tmp_path
    environment = os.environ | {
        "VERBATIM_SHARED_DIR": str(folder),
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path}/check.sqlite3",
        "CELERY_BROKER_URL": "memory://",
    }
    checked = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (checked.returncode != 0) == bool(errors), checked.stderr
    assert checked.stderr.count("(citations.E001)") == 2 * errors, checked.stderr
    assert ("VERBATIM_SHARED_DIR" in checked.stderr) == bool(errors)
