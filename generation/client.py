"""The model endpoint: any OpenAI-compatible chat-completions API, through the ``openai`` SDK.

Retries: transport failures only (connection errors, timeouts, 408, 409, 429, 5xx), at most
``max_retries`` times, each one kept (``Completion.retried``, ``ModelCallFailed.retried``) so
the execution record shows them; the SDK's own silent retries are off. An answer that arrives
but is wrong is returned as it is: the one repair call (EV-7) is the service's decision,
never a silent retry here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import openai
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.utils import timezone

from .schemas import OutputSchema


class ModelCallFailed(Exception):
    """No answer: the endpoint was unreachable, timed out (after retries) or refused."""

    def __init__(self, message: str, *, retried: tuple[dict[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.retried = retried  # the attempts before the last, as ``Completion.retried``


@dataclass(frozen=True, slots=True)
class Completion:
    text: str
    prompt_tokens: int | None
    completion_tokens: int | None
    total_tokens: int | None
    # Attempts that failed before this answer: {"at": ISO time, "error": what happened}.
    retried: tuple[dict[str, str], ...] = ()
    # The model declined to answer: its words (``message.refusal``) or the content filter's.
    refusal: str = ""


RETRIED_STATUSES = frozenset({408, 409, 429})  # and every 5xx, as the SDK retries
MAX_BACKOFF_SECONDS = 8.0


def _retryable(exc: openai.APIError) -> bool:
    if isinstance(exc, openai.APIConnectionError):  # timeouts too
        return True
    status = getattr(exc, "status_code", None)
    return isinstance(status, int) and (status in RETRIED_STATUSES or status >= 500)


def _backoff(exc: openai.APIError, retry: int) -> float:
    """The endpoint's Retry-After when it gives a short one, else 0.5 s doubling up to 8 s."""
    response = getattr(exc, "response", None)
    asked = response.headers.get("retry-after", "") if response is not None else ""
    try:
        return min(float(asked), MAX_BACKOFF_SECONDS)
    except ValueError:
        return min(0.5 * 2**retry, MAX_BACKOFF_SECONDS)


RESPONSE_FORMATS = ("json_schema", "json_object", "none")


class ChatClient:
    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str,
        timeout: float,
        max_retries: int,
        response_format: str = "json_schema",
    ) -> None:
        if response_format not in RESPONSE_FORMATS:
            raise ValueError(f"response_format must be one of {RESPONSE_FORMATS}")
        self.model = model
        self.response_format = response_format
        self.max_retries = max_retries
        # Local endpoints need no key, but the SDK refuses to start without one.
        self._sdk = openai.OpenAI(
            base_url=base_url,
            api_key=api_key or "no-key",
            timeout=timeout,
            max_retries=0,  # retried in ``complete``, where each attempt is kept
        )

    def request_body(
        self, messages: list[dict[str, Any]], schema: OutputSchema, *, model: str = ""
    ) -> dict[str, Any]:
        """The exact chat-completions body, for ``model`` (a run's own choice) or the
        client's; stored with the execution record."""
        body: dict[str, Any] = {
            "model": model or self.model,
            "messages": messages,
            "temperature": 0,
        }
        if self.response_format == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                # Not "strict": strict mode forbids optional fields; our validator is the gate.
                "json_schema": {
                    "name": schema.name.replace("-", "_"),
                    "schema": schema.json_schema,
                },
            }
        elif self.response_format == "json_object":
            body["response_format"] = {"type": "json_object"}
        return body

    def complete(self, body: dict[str, Any]) -> Completion:
        retried: list[dict[str, str]] = []
        for retry in range(self.max_retries + 1):
            at = timezone.now().isoformat()
            try:
                reply = self._sdk.chat.completions.with_raw_response.create(**body)
                break
            except openai.APIError as exc:
                if isinstance(exc.__cause__, SoftTimeLimitExceeded):
                    # The SDK wraps whatever interrupts it; the task's time is up: no retry.
                    raise exc.__cause__ from None
                error = f"{type(exc).__name__}: {exc}"
                if retry == self.max_retries or not _retryable(exc):
                    raise ModelCallFailed(error, retried=tuple(retried)) from exc
                retried.append({"at": at, "error": error})
                time.sleep(_backoff(exc, retry))
        return self._completion(reply, tuple(retried))

    @staticmethod
    def _completion(reply: Any, retried: tuple[dict[str, str], ...]) -> Completion:
        try:
            completion = reply.parse()
            choices = completion.choices
        except (ValueError, AttributeError, TypeError):
            # The endpoint answered, but not with a chat completion (e.g. an HTML error page).
            raise ModelCallFailed(
                f"not a chat completion: {reply.text[:300]!r}", retried=retried
            ) from None
        if not choices:
            raise ModelCallFailed(
                f"a chat completion without choices: {reply.text[:300]!r}", retried=retried
            )
        usage = completion.usage
        message = choices[0].message
        refusal = getattr(message, "refusal", None) or ""
        if not message.content and choices[0].finish_reason == "content_filter":
            refusal = refusal or "the endpoint's content filter withheld the answer"
        return Completion(
            # No content and no refusal is an answer that fails EV-1, not a transport error.
            text=message.content or "",
            refusal=refusal,
            prompt_tokens=usage.prompt_tokens if usage else None,
            completion_tokens=usage.completion_tokens if usage else None,
            total_tokens=usage.total_tokens if usage else None,
            retried=retried,
        )


def chat_client_from_settings() -> ChatClient:
    return ChatClient(
        base_url=settings.LLM_BASE_URL,
        model=settings.LLM_MODEL,
        api_key=settings.LLM_API_KEY,
        timeout=settings.LLM_TIMEOUT_SECONDS,
        max_retries=settings.LLM_MAX_RETRIES,
        response_format=settings.LLM_RESPONSE_FORMAT,
    )
