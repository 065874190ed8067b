"""The model endpoint: any OpenAI-compatible chat-completions API, through the ``openai`` SDK.

Retries: the SDK retries transport failures only (connection errors, timeouts, 408, 409,
429, 5xx), at most ``max_retries`` times. An answer that arrives but is wrong is returned
as it is: the one repair call (EV-7) is the service's decision, never a silent retry here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import openai
from django.conf import settings

from .schemas import OutputSchema


class ModelCallFailed(Exception):
    """No answer: the endpoint was unreachable, timed out (after retries) or refused."""


@dataclass(frozen=True, slots=True)
class Completion:
    text: str
    prompt_tokens: int | None
    completion_tokens: int | None
    total_tokens: int | None


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
        # Local endpoints need no key, but the SDK refuses to start without one.
        self._sdk = openai.OpenAI(
            base_url=base_url,
            api_key=api_key or "no-key",
            timeout=timeout,
            max_retries=max_retries,
        )

    def request_body(self, messages: list[dict[str, Any]], schema: OutputSchema) -> dict[str, Any]:
        """The exact chat-completions body; stored with the execution record."""
        body: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": 0}
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
        try:
            reply = self._sdk.chat.completions.with_raw_response.create(**body)
        except openai.APIError as exc:
            raise ModelCallFailed(f"{type(exc).__name__}: {exc}") from exc
        try:
            completion = reply.parse()
            choices = completion.choices
        except (ValueError, AttributeError, TypeError):
            # The endpoint answered, but not with a chat completion (e.g. an HTML error page).
            raise ModelCallFailed(f"not a chat completion: {reply.text[:300]!r}") from None
        if not choices:
            raise ModelCallFailed(f"a chat completion without choices: {reply.text[:300]!r}")
        usage = completion.usage
        return Completion(
            # No content (e.g. a refusal) is an answer that fails EV-1, not a transport error.
            text=choices[0].message.content or "",
            prompt_tokens=usage.prompt_tokens if usage else None,
            completion_tokens=usage.completion_tokens if usage else None,
            total_tokens=usage.total_tokens if usage else None,
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
