"""GET /api/assessments — the token's team's assessments, filtered, a page at a time (issue 33).

Pages follow an opaque cursor, not an offset: the list is in id order (the order bundles
were stored), and a cursor carries the last id a page gave, signed so a client cannot make
one up. Assessments stored while a client pages through come after the ones it has seen, so
no page repeats or skips one.
"""

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlencode

from django.core import signing
from django.db.models import Q, QuerySet
from django.http import JsonResponse
from django.utils.dateparse import parse_datetime

from citations.models import VerificationState

from .api import assessment_summary, get_only, json_error, token_assessments, token_required
from .http import ApiRequest
from .models import Assessment, ReviewState

PAGE_SIZE_DEFAULT = 50
PAGE_SIZE_MAX = 200
BUNDLE_ID_MAX_CHARS = 200  # bundle.schema.json's id
CURSOR_SALT = "reviews.api_list.cursor"
# The query parameters a page link carries over, in this order; also what the document lists.
FILTERS = ("verification_state", "review_state", "attention", "since", "bundle_id")
LEAP_SECOND = re.compile(r"(\d\d:\d\d):60")
EARLIEST = datetime.min.replace(tzinfo=UTC)
ATTENTION_VALUES = {"true": True, "1": True, "false": False, "0": False}


class ListingError(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class ListingQuery:
    """A list request's filters, page size and position, checked."""

    filters: dict[str, str]  # as the client sent them, for the next page's link
    conditions: list[Q]
    limit: int
    after_id: int


def _choice(field: str, value: str, choices: type[VerificationState] | type[ReviewState]) -> str:
    if value not in choices.values:
        raise ListingError(field, f"must be one of {', '.join(choices.values)}, not {value!r}")
    return value


def _since(value: str) -> datetime:
    """An RFC 3339 date-time (the document's ``date-time``) as a UTC instant. RFC 3339 allows
    a lower-case ``t`` and ``z`` and a leap second, which Python's parser does not: read as
    upper case and as the second before. An instant beyond what a datetime holds in UTC
    (year 1 at +05:00, year 9999 at -05:00) is before or after every stored assessment."""
    try:
        moment = parse_datetime(LEAP_SECOND.sub(r"\1:59", value.upper()))
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ListingError(
            "since",
            f"must be an ISO 8601 date-time with its offset, e.g. 2026-12-01T00:00:00Z, "
            f"not {value!r}",
        )
    try:
        return moment.astimezone(UTC)
    except OverflowError:
        return datetime.max.replace(tzinfo=UTC) if moment.year == 9999 else EARLIEST


def _limit(value: str) -> int:
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= PAGE_SIZE_MAX:
        raise ListingError("limit", f"must be a whole number from 1 to {PAGE_SIZE_MAX}")
    return int(value)


def _after_id(cursor: str) -> int:
    try:
        after_id = signing.loads(cursor, salt=CURSOR_SALT)
    except signing.BadSignature:
        after_id = None
    if not isinstance(after_id, int):
        raise ListingError("cursor", "is not a cursor this API gave; start again without it")
    return after_id


def listing_query(params: dict[str, str]) -> ListingQuery:
    """The checked query of ``params``; raises ``ListingError`` naming the first bad one."""
    unknown = sorted(set(params) - {*FILTERS, "limit", "cursor"})
    if unknown:
        raise ListingError(unknown[0], f"is not a filter; the filters are {', '.join(FILTERS)}")
    conditions: list[Q] = []
    if "verification_state" in params:
        value = params["verification_state"]
        conditions.append(
            Q(
                verification__verification_state=_choice(
                    "verification_state", value, VerificationState
                )
            )
        )
    if "review_state" in params:
        conditions.append(
            Q(review_state=_choice("review_state", params["review_state"], ReviewState))
        )
    if "attention" in params:
        if params["attention"] not in ATTENTION_VALUES:
            raise ListingError("attention", "must be true or false (1 or 0)")
        # Only a verified assessment's count says anything: both values ask for verified ones.
        with_attention = ATTENTION_VALUES[params["attention"]]
        counted = (
            Q(verification__quotes_attention__gt=0)
            if with_attention
            else Q(verification__quotes_attention=0)
        )
        conditions.append(counted & Q(verification__verification_state=VerificationState.DONE))
    if "since" in params:
        conditions.append(Q(verification__created_at__gte=_since(params["since"])))
    if "bundle_id" in params:
        if len(params["bundle_id"]) > BUNDLE_ID_MAX_CHARS:
            raise ListingError("bundle_id", f"has at most {BUNDLE_ID_MAX_CHARS} characters")
        if "\x00" in params["bundle_id"]:  # PostgreSQL holds no NUL in text
            raise ListingError("bundle_id", "must not contain NUL characters")
        conditions.append(Q(verification__bundle_id=params["bundle_id"]))
    return ListingQuery(
        filters={name: params[name] for name in FILTERS if name in params},
        conditions=conditions,
        limit=_limit(params["limit"]) if "limit" in params else PAGE_SIZE_DEFAULT,
        after_id=_after_id(params["cursor"]) if "cursor" in params else 0,
    )


def assessments_page(
    *, assessments: QuerySet[Assessment], query: ListingQuery
) -> tuple[list[Assessment], str | None]:
    """One page of ``assessments`` matching ``query``, and the cursor after it (None: the
    last page). One query: a row beyond the page tells whether another page follows."""
    rows = list(
        assessments.filter(*query.conditions, pk__gt=query.after_id).order_by("pk")[
            : query.limit + 1
        ]
    )
    page = rows[: query.limit]
    more = len(rows) > query.limit
    return page, signing.dumps(page[-1].pk, salt=CURSOR_SALT) if more else None


def listed(assessment: Assessment) -> dict:
    verification = assessment.verification
    return {
        **assessment_summary(assessment),
        "title": verification.title,
        "created_at": verification.created_at.isoformat(),
        "verified_at": verification.verified_at.isoformat() if verification.verified_at else None,
        "attention": verification.quotes_attention
        if verification.verification_state == VerificationState.DONE
        else None,
    }


@token_required
def assessment_list(request: ApiRequest) -> JsonResponse:
    """GET /api/assessments — the token's team's assessments in the order they were stored,
    filtered; ``next`` links the following page (null on the last)."""
    if refused := get_only(request):
        return refused
    try:
        query = listing_query(request.GET.dict())
    except ListingError as exc:
        return json_error(400, exc.message, field=exc.field)
    page, cursor = assessments_page(assessments=token_assessments(request.api_token), query=query)
    next_link = None
    if cursor is not None:
        carried = {**query.filters, "limit": str(query.limit), "cursor": cursor}
        next_link = f"/api/assessments?{urlencode(carried)}"
    return JsonResponse(
        {"assessments": [listed(a) for a in page], "next_cursor": cursor, "next": next_link}
    )
