"""What the verify_bundle tests (``test_verify_*.py``) share: the procurement e-mail and
agreement, a bundle of them and its one result."""

from citations.engine import load_bundle, verify_bundle

E1_TEXT = (
    "Hi team,\n\nThe new price applies from 1 March.\n\n"
    "We can accept it if they keep the four-hour emergency response time.\n\n"
    "The signed draft is attached."
)
A1 = [
    "1. Term. The agreement runs for twenty-four (24) months.",
    "2. Fees. The annual fee increases by six per cent (6%) over the previous term.",
    "3. Response. The contractor shall attend emergency call-outs within eight (8) hours.",
    "4. Termination. Either party may terminate with ninety (90) days’ written notice.",
    "5. Liability. The contractor’s aggregate liability shall not exceed the annual fee.",
]
D1_TEXT = (
    "Contracts above 50,000 EUR per year require a competitive tender.\n\n"
    "Service levels must not be reduced at renewal without written approval."
)


def bundle(markdown: str, **extra):
    data = {
        "bundle_version": 1,
        "id": "policy-test",
        "sources": [
            {"id": "E1", "kind": "email_body", "text": E1_TEXT},
            {"id": "A1", "kind": "attachment", "parent": "E1", "paragraphs": A1},
            {"id": "D1", "kind": "document", "title": "Procurement Policy", "text": D1_TEXT},
            {"id": "D2", "kind": "document", "eligible": False, "text": "Scored 3.1 of 5."},
        ],
        "response": {"format": "markdown", "text": markdown},
        **extra,
    }
    return load_bundle(data)


def only_result(markdown: str):
    report = verify_bundle(bundle(markdown))
    assert len(report.results) == 1
    return report.results[0]
