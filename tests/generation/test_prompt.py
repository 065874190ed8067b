"""Prompt building: plain Python, no database."""

import json

from generation.prompt import (
    PROMPT_VERSION,
    build_messages,
    build_repair_messages,
    sources_block,
)
from generation.schemas import TASK_PROCEDURE_V1
from generation.sources import load_sources
from generation.validation import ValidationError

from .conftest import SECRET


def test_every_paragraph_is_tagged_with_its_citation_marker_adr_2(sources_data):
    """ADR-2: each provided paragraph starts with its marker [DOC ¶n], in order."""
    turn = load_sources(sources_data).turn
    block = sources_block(turn)
    doc = turn.source("DOC")
    positions = []
    for number, paragraph in enumerate(doc.paragraphs, start=1):
        tagged = f"[DOC ¶{number}] {paragraph.strip()}"
        assert tagged in block
        positions.append(block.index(tagged))
    assert positions == sorted(positions)
    assert len(doc.paragraphs) == 6


def test_ineligible_sources_never_reach_the_prompt_012_1(sources_data):
    """012.1: a source not provided in the turn contributes neither text nor id."""
    messages = build_messages(load_sources(sources_data).turn, TASK_PROCEDURE_V1)
    everything = json.dumps(messages, ensure_ascii=False)
    assert SECRET not in everything
    assert "MEMO" not in everything
    assert "[DOC ¶1]" in everything


def test_prompt_carries_the_verbatim_rule_and_the_output_json_schema():
    turn = load_sources(
        {"sources": [{"id": "S2", "kind": "document", "text": "One.\n\nTwo."}]}
    ).turn
    system = build_messages(turn, TASK_PROCEDURE_V1)[0]["content"]
    assert "verbatim" in system
    schema_start = system.index("{")
    assert json.loads(system[schema_start:]) == TASK_PROCEDURE_V1.json_schema
    assert PROMPT_VERSION


def test_repair_messages_carry_request_first_answer_and_errors_ev_7(sources_data):
    """EV-7: the repair request = the original messages + the first answer + the errors."""
    original = build_messages(load_sources(sources_data).turn, TASK_PROCEDURE_V1)
    errors = [ValidationError("$.evidence[2].sourceExcerpt", "evidence.not_in_source", "nope")]
    repair = build_repair_messages(original, '{"first": true}', errors)
    assert repair[: len(original)] == original
    assert repair[len(original)] == {"role": "assistant", "content": '{"first": true}'}
    last = repair[-1]
    assert last["role"] == "user"
    assert json.dumps(errors[0].as_dict()) in last["content"]
    assert len(repair) == len(original) + 2
