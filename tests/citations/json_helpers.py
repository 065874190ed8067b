"""What the JSON parsing tests (``test_parse_json*.py``) share: the quote fields of the
dev set's answers, a two-quote body, and parsing a response with them."""

from __future__ import annotations

from citations.engine import QuoteFields, Response
from citations.engine.reading.parse import parse_response

TOPICS = (QuoteFields(path="$.topics[*]", text="originalQuote"),)
BODY = '{"topics": [{"originalQuote": "Erstes Zitat."}, {"originalQuote": "Zweites Zitat."}]}'

DRAFT = '{"topics": [{"originalQuote": "Entwurf."}]}'


def parse(text: str, fields: tuple[QuoteFields, ...] = TOPICS):
    return parse_response(Response(format="json", text=text, quote_fields=fields))
