"""A real HTTP server on 127.0.0.1 speaking the chat-completions API with scripted answers.

Each request takes the next step of the script; every request body is kept, so tests assert
exactly what was sent (count and content).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Answer:
    """Reply 200 with this message content (any text, valid JSON or not)."""

    content: str
    prompt_tokens: int = 120
    completion_tokens: int = 80


@dataclass(frozen=True)
class Stall:
    """Sleep this long before replying 200 with ``content``: past the client's timeout."""

    seconds: float
    content: str = "{}"


@dataclass(frozen=True)
class Status:
    """Reply with an HTTP error status."""

    code: int


@dataclass(frozen=True)
class Raw:
    """Reply 200 with this exact body: something that is not a chat completion."""

    body: bytes
    content_type: str = "application/json"


@dataclass(frozen=True)
class Refusal:
    """Reply 200 with a refusal: no content, the reason in ``message.refusal`` (OpenAI's
    structured outputs)."""

    text: str


Step = Answer | Stall | Status | Raw | Refusal


@dataclass
class FakeLLM:
    script: list[Step]
    requests: list[dict[str, Any]] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    base_url: str = ""

    def next_step(self, body: dict[str, Any], path: str, headers: dict[str, str]) -> Step:
        self.requests.append(body)
        self.paths.append(path)
        self.headers.append(headers)
        if not self.script:
            return Status(599)  # more requests than the test scripted: visible as a failure
        return self.script.pop(0)


def completion_body(
    content: str | None, model: str, answer: Answer | None, refusal: str | None = None
) -> dict[str, Any]:
    prompt_tokens = answer.prompt_tokens if answer else 0
    completion_tokens = answer.completion_tokens if answer else 0
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content, "refusal": refusal},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def make_handler(fake: FakeLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length))
            headers = {key.lower(): value for key, value in self.headers.items()}
            step = fake.next_step(body, self.path, headers)
            if isinstance(step, Status):
                payload = json.dumps({"error": {"message": "scripted failure"}}).encode()
                self._send(step.code, payload)
                return
            if isinstance(step, Raw):
                self._send(200, step.body, step.content_type)
                return
            if isinstance(step, Refusal):
                payload = json.dumps(completion_body(None, body.get("model", ""), None, step.text))
                self._send(200, payload.encode())
                return
            if isinstance(step, Stall):
                time.sleep(step.seconds)
                content, answer = step.content, None
            else:
                content, answer = step.content, step
            payload = json.dumps(completion_body(content, body.get("model", ""), answer))
            self._send(200, payload.encode())

        def _send(self, code: int, payload: bytes, content_type: str = "application/json") -> None:
            try:
                self.send_response(code)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout): nothing to deliver

    return Handler


class FakeLLMServer:
    """Context manager: serve ``fake`` on a free port of 127.0.0.1 in a thread."""

    def __init__(self, fake: FakeLLM) -> None:
        self.fake = fake
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(fake))
        self.httpd.daemon_threads = True
        host, port = self.httpd.server_address[:2]
        fake.base_url = f"http://{host}:{port}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> FakeLLM:
        self.thread.start()
        return self.fake

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
