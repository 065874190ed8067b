"""A webhook receiver for the tests: a threaded HTTP server on 127.0.0.1 that records every
request and answers as the test says (status, a pause first)."""

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float  # time.monotonic() when it arrived


@dataclass(frozen=True)
class Reply:
    status: int = 200
    pause: float = 0.0  # seconds before answering
    headers: tuple[tuple[str, str], ...] = ()


class Receiver:
    def __init__(self, reply: Callable[[Received, int], Reply], port: int = 0) -> None:
        """``reply(request, n)`` says how to answer the ``n``-th request (0 first)."""
        self.requests: list[Received] = []
        self.answered: list[tuple[Received, int]] = []  # (request, status) once answered
        lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                request = Received(self.path, dict(self.headers), body, time.monotonic())
                with lock:
                    n = len(receiver.requests)
                    receiver.requests.append(request)
                answer = reply(request, n)
                time.sleep(answer.pause)
                self.send_response(answer.status)
                for name, value in answer.headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")
                with lock:
                    receiver.answered.append((request, answer.status))

            def log_message(self, format, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hooks"

    def delivered(self) -> list[Received]:
        """The requests answered 2xx, in the order they were answered."""
        return [request for request, status in self.answered if 200 <= status < 300]


@contextmanager
def receiving(
    reply: Callable[[Received, int], Reply] = lambda r, n: Reply(), port: int = 0
) -> Iterator[Receiver]:
    receiver = Receiver(reply, port)
    thread = threading.Thread(target=receiver.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        receiver.server.shutdown()
        receiver.server.server_close()
