"""Generation test data: seed 002's task-procedure example (the ``evidence_extraction_ko``
scenario, read from the shared folder at run time) and a fake model endpoint."""

from __future__ import annotations

import copy
import json
import re
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


@pytest.fixture(autouse=True)
def article_schema_registered(request) -> None:
    """The article's schema, registered by a migration: again after a transactional test's
    flush emptied the table (registering it again changes nothing)."""
    if request.node.get_closest_marker("django_db") is None:
        wanted = {"db", "transactional_db"} & set(request.fixturenames)
        if not wanted:
            return
        # Set the database up now: autouse fixtures run before the ones that ask for it.
        request.getfixturevalue("transactional_db" if "transactional_db" in wanted else "db")
    from generation.registry import schema_register
    from generation.schemas import builtin_definition

    schema_register(definition=builtin_definition("task-procedure-v1"))


@pytest.fixture
def example_answer() -> dict[str, Any]:
    """The seed's example answer as the model returned it: evidence[2] is invented."""
    return json.loads(scenario()["response"]["text"])


# Evidence for the values the seed's example answer leaves without any (issue 17: no value
# without evidence), and the sentences it does not convert, with the reason.
MORE_EVIDENCE = [
    ("participants[0]", "요청자는 작업 내용을 작성하고 검토를 요청합니다.", 4),
    ("participants[1]", "검토자는 검토가 요청된 작업 내용을 확인합니다.", 4),
    ("processSteps[0]", "요청자가 작업 내용을 작성합니다.", 5),
    ("processSteps[2]", "검토자는 요청을 승인하거나 보완을 요청합니다.", 5),
    ("rules[0]", "검토를 요청한 작업만 검토할 수 있습니다.", 6),
    # The purpose names the work (작업) the background sentence does not (stage 3).
    ("documentPurpose", "요청자는 작업 내용을 등록하고 검토 결과를 확인할 수 있어야 합니다.", 3),
]
EXCLUDED = [
    *(
        {"sourceExcerpt": heading, "reason": "heading"}
        for heading in ("작업 요청 검토 절차", "배경", "목표", "담당자", "처리 절차", "업무 규칙")
    ),
    {
        "sourceExcerpt": "검토자는 검토가 요청된 작업을 승인하거나 보완을 요청할 수 있어야 합니다.",
        "reason": "background",
    },
]


@pytest.fixture
def valid_answer(example_answer) -> dict[str, Any]:
    """The example with its invented evidence removed, the rest cited with markers, evidence
    for every value and the sentences not converted listed as excluded."""
    answer = copy.deepcopy(example_answer)
    evidence = [e for i, e in enumerate(answer["evidence"]) if i != 2]
    for item, paragraph in zip(evidence, (5, 5, 6, 2), strict=True):
        item.update(source="DOC", paragraph=paragraph)
    evidence += [
        {"fieldPath": path, "sourceExcerpt": excerpt, "source": "DOC", "paragraph": paragraph}
        for path, excerpt, paragraph in MORE_EVIDENCE
    ]
    answer["evidence"] = evidence
    answer["excluded"] = [dict(item) for item in EXCLUDED]
    # Stage 3 reads every content word: the example's "진행 상황" (progress) is in no
    # excerpt; its evidence says "요청 상태" (the request's state).
    answer["documentPurpose"] = "작업 요청의 상태와 처리 이력을 일관되게 확인한다."
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


BLOCK_LINE = re.compile(
    r'## Source (?P<source>\S+) \(document\)(?: (?P<title>".*"))?'
    r'|\[(?P<cited>[A-Za-z][\w.-]*) ¶(?P<paragraph>\d+)\] (?P<text>".*")'
)


def read_block(block: str) -> tuple[list[tuple[str, str]], list[tuple[str, int, str]]]:
    """The sources block as a reader that trusts only line structure sees it: the titles
    and the tagged paragraphs. Fails on any line the builder did not write."""
    lines = [line for line in block.splitlines() if line]  # every kind of line break
    assert (lines[0], lines[-1]) == ("<sources>", "</sources>")
    titles, paragraphs = [], []
    for line in lines[1:-1]:
        found = BLOCK_LINE.fullmatch(line)
        assert found, line
        if found["source"]:
            titles.append((found["source"], json.loads(found["title"] or '""')))
        else:
            # json.loads takes exactly one string: a quotation mark left open or closed
            # early by the source would make this fail
            text = json.loads(found["text"])
            paragraphs.append((found["cited"], int(found["paragraph"]), text))
    return titles, paragraphs


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
