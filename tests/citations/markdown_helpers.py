"""What the markdown parsing tests (``test_parse_markdown_*.py``) share: a response's quotes
and their summary."""

from __future__ import annotations

from citations.engine import QuoteForm, Response
from citations.engine.reading.parse import parse_response

BLOCK, INLINE = QuoteForm.BLOCK, QuoteForm.INLINE


def quotes_of(markdown: str):
    return parse_response(Response(format="markdown", text=markdown)).quotes


def summary(markdown: str) -> list[tuple]:
    """(form, text, cited source, cited paragraph) per quote."""
    return [(q.form, q.text, q.cited_ref, q.cited_paragraph) for q in quotes_of(markdown)]
