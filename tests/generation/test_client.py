"""The chat-completions request body in each structured-output mode (no network)."""

import pytest

from generation.client import ChatClient
from generation.schemas import TASK_PROCEDURE_V1

MESSAGES = [{"role": "user", "content": "hi"}]


def client(response_format: str) -> ChatClient:
    return ChatClient(
        base_url="http://127.0.0.1:9/v1",
        model="m",
        api_key="",
        timeout=1,
        max_retries=0,
        response_format=response_format,
    )


def test_json_schema_mode_sends_the_output_schema():
    body = client("json_schema").request_body(MESSAGES, TASK_PROCEDURE_V1)
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "task_procedure_v1", "schema": TASK_PROCEDURE_V1.json_schema},
    }
    assert body["model"] == "m" and body["messages"] == MESSAGES and body["temperature"] == 0


def test_fallback_modes_for_endpoints_without_json_schema():
    assert client("json_object").request_body(MESSAGES, TASK_PROCEDURE_V1)["response_format"] == {
        "type": "json_object"
    }
    assert "response_format" not in client("none").request_body(MESSAGES, TASK_PROCEDURE_V1)


def test_an_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="response_format"):
        client("xml")
