"""One POST to a checked address: no redirects followed (http.client follows none), a
timeout on connecting and on every read, at most a little of the answer read."""

import http.client
import socket
import ssl
from dataclasses import dataclass

from .addresses import Target

ANSWER_BYTES_READ = 1024  # of the receiver's answer, for the error shown in the admin


@dataclass(frozen=True)
class Answer:
    status: int | None  # None: no HTTP answer (the error says why)
    error: str  # "" when delivered

    @property
    def delivered(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


class PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to the address checked for the host, never to a new lookup of it; the Host
    header still names the host."""

    def __init__(self, target: Target, *, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self.address = target.address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class PinnedHTTPSConnection(http.client.HTTPSConnection):
    """As ``PinnedHTTPConnection``, with TLS checked against the host's name."""

    def __init__(self, target: Target, *, timeout: float) -> None:
        super().__init__(
            target.host, target.port, timeout=timeout, context=ssl.create_default_context()
        )
        self.address = target.address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


def post(target: Target, *, body: bytes, headers: dict[str, str], timeout: float) -> Answer:
    connection_class = PinnedHTTPSConnection if target.scheme == "https" else PinnedHTTPConnection
    connection = connection_class(target, timeout=timeout)
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read(ANSWER_BYTES_READ).decode("utf-8", "replace")
    except (OSError, http.client.HTTPException) as exc:
        return Answer(status=None, error=f"{type(exc).__name__}: {exc}")
    finally:
        connection.close()
    if 200 <= response.status < 300:
        return Answer(status=response.status, error="")
    if 300 <= response.status < 400:
        location = response.getheader("Location", "")
        return Answer(
            status=response.status,
            error=f"answered {response.status} to {location!r}: redirects are not followed",
        )
    return Answer(status=response.status, error=f"answered {response.status}: {text[:200]}")
