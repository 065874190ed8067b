"""Where a delivery may go (SSRF guard): a rule table, walked for every address a host
resolves to. An address refused by a rule is refused unless it lies in
``WEBHOOK_ALLOWED_NETWORKS`` (empty by default; the tests allow 127.0.0.1)."""

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

type IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class AddressRule:
    id: str
    refuses: Callable[[IPAddress], bool]
    why: str  # what the address is, for the error


# In this order: the first rule refusing an address names it (loopback, link-local and
# reserved addresses are private too, and said more precisely so).
ADDRESS_RULES = (
    AddressRule("ssrf.loopback", lambda ip: ip.is_loopback, "a loopback address"),
    AddressRule("ssrf.unspecified", lambda ip: ip.is_unspecified, "the unspecified address"),
    AddressRule(
        "ssrf.link_local",
        lambda ip: ip.is_link_local,
        "a link-local address (where cloud metadata services answer)",
    ),
    AddressRule("ssrf.multicast", lambda ip: ip.is_multicast, "a multicast address"),
    AddressRule("ssrf.reserved", lambda ip: ip.is_reserved, "a reserved address"),
    AddressRule("ssrf.private", lambda ip: ip.is_private, "a private address"),
    AddressRule(
        "ssrf.not_global",
        lambda ip: not ip.is_global,
        "an address not routed on the internet (shared, documentation, benchmarking)",
    ),
)


class AddressRefused(Exception):
    """The URL may not be delivered to; the message says why."""


def address_refusal(address: str) -> AddressRule | None:
    """The rule refusing ``address``, or None when deliveries may go there.

    >>> address_refusal("10.1.2.3").id
    'ssrf.private'
    """
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # an IPv6 zone is no part of it
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    if any(ip in network for network in allowed_networks()):
        return None
    return next((rule for rule in ADDRESS_RULES if rule.refuses(ip)), None)


def allowed_networks() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    return [ipaddress.ip_network(item) for item in settings.WEBHOOK_ALLOWED_NETWORKS]


@dataclass(frozen=True)
class Target:
    """A URL's parts, and the address checked for it that the connection goes to."""

    scheme: str
    host: str
    port: int
    path: str
    address: str


def url_parts(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, path with query) of an http(s) URL; ValueError says what is wrong."""
    if not url.isascii() or any(char.isspace() or ord(char) < 32 for char in url):
        raise ValueError(
            "must be ASCII without spaces or control characters (percent-encode the path, "
            "write the host in punycode)"
        )
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise ValueError("must start with http:// or https://")
    if not parts.hostname:
        raise ValueError("names no host")
    if parts.username or parts.password:
        raise ValueError("must not carry a user name or password")
    port = parts.port or (443 if parts.scheme == "https" else 80)  # port raises ValueError too
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, parts.hostname, port, path


def target_checked(url: str) -> Target:
    """Resolve ``url``'s host and check every address it resolves to; the connection then
    goes to the first, so a second lookup (DNS rebinding) cannot move it elsewhere. Raises
    ``AddressRefused``."""
    try:
        scheme, host, port, path = url_parts(url)
    except ValueError as exc:
        raise AddressRefused(f"the URL {exc}") from None
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, ValueError) as exc:  # ValueError: a NUL, a label too long for IDNA
        raise AddressRefused(f"the host {host!r} does not resolve: {exc}") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
    for address in addresses:
        if rule := address_refusal(address):
            raise AddressRefused(
                f"the host {host!r} resolves to {address}, {rule.why} ({rule.id}): "
                "deliveries never go there"
            )
    if not addresses:
        raise AddressRefused(f"the host {host!r} does not resolve")
    return Target(scheme=scheme, host=host, port=port, path=path, address=addresses[0])
