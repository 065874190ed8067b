"""Generation test data: seed 002's task-procedure example (the ``evidence_extraction_ko``
scenario, read from the shared folder at run time) and a fake model endpoint."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings

from generation.client import ChatClient
from tests.pipeline.conftest import broker, start_worker  # noqa: F401 (real worker fixtures)

from .fake_llm import FakeLLM, FakeLLMServer, Step

SECRET = "INELIGIBLE-MEMO-7f3a: the budget is 1.2M"


def scenario() -> dict[str, Any]:
    path = settings.SHARED_DIR / "data" / "scenarios" / "evidence_extraction_ko.json"
    return json.loads(path.read_text())


@pytest.fixture
def example_answer() -> dict[str, Any]:
    """The seed's example answer as the model returned it: evidence[2] is invented."""
    return json.loads(scenario()["response"]["text"])


@pytest.fixture
def valid_answer(example_answer) -> dict[str, Any]:
    """The example with its invented evidence removed and the rest cited with markers."""
    answer = copy.deepcopy(example_answer)
    evidence = [e for i, e in enumerate(answer["evidence"]) if i != 2]
    for item, paragraph in zip(evidence, (5, 5, 6, 2), strict=True):
        item.update(source="DOC", paragraph=paragraph)
    answer["evidence"] = evidence
    return answer


@pytest.fixture
def sources_data() -> dict[str, Any]:
    """The scenario's document plus a source that was not provided to the model."""
    doc = scenario()["sources"][0]
    return {
        "title": "작업 요청 검토 절차",
        "sources": [
            doc,
            {"id": "MEMO", "kind": "document", "eligible": False, "text": SECRET},
        ],
    }


def dumps(answer: dict[str, Any]) -> str:
    return json.dumps(answer, ensure_ascii=False)


@pytest.fixture
def fake_llm() -> Iterator[Callable[[list[Step]], FakeLLM]]:
    """``fake_llm([Answer(...), ...])`` starts a scripted endpoint; all are stopped after."""
    servers: list[FakeLLMServer] = []

    def start(script: list[Step]) -> FakeLLM:
        server = FakeLLMServer(FakeLLM(list(script)))
        servers.append(server)
        return server.__enter__()

    yield start
    for server in servers:
        server.__exit__(None, None, None)


def client_for(fake: FakeLLM, *, timeout: float = 10, max_retries: int = 0) -> ChatClient:
    return ChatClient(
        base_url=fake.base_url,
        model="fake-model",
        api_key="test-key",
        timeout=timeout,
        max_retries=max_retries,
    )
