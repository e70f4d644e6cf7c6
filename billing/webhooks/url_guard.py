"""Keeping webhook deliveries off Tally's own network (no server-side request forgery).

An endpoint URL must be ``http`` or ``https`` with a host, and every address its host
resolves to must be public: loopback, private, link-local (the cloud metadata address
169.254.169.254 among them), carrier-grade NAT, multicast, reserved and unspecified
addresses are refused. An IPv6 address that carries an IPv4 one is judged by the IPv4 address
it carries: IPv4-mapped (``::ffff:0:0/96``), NAT64 (``64:ff9b::/96``, the address in its last
32 bits) and 6to4 (``2002::/16``, the address in bits 16 to 47); so ``64:ff9b::7f00:1`` is
loopback. The local-use NAT64 prefix ``64:ff9b:1::/48`` is refused whatever it carries: it
translates on the operator's own network, with the IPv4 address at a place only that network
knows. The check runs when an endpoint is created or its URL changed, and
again before each delivery (DNS may have changed since), after resolution, and the request
then goes to the address checked, never to a second lookup (a name's answer is reused for up to
``LOOKUP_SECONDS``; the address rule is applied to it every time). Redirects are never
followed.

``TALLY_WEBHOOK_ALLOW_PRIVATE_URLS=true`` lifts the address rule for an operator whose
receivers live on a private network (and for the tests, which receive on loopback); the
scheme rule always holds.
"""

import asyncio
import contextlib
import ipaddress
import socket
import time
from urllib.parse import urlsplit

from billing.core.errors import Invalid

BAD_URL = "url must be an http or https URL"
PRIVATE_URL = "url must resolve to a public internet address"
UNRESOLVED = "url's host could not be resolved"
METADATA = ipaddress.ip_network("169.254.169.254/32")
SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT
NAT64 = ipaddress.ip_network("64:ff9b::/96")  # the well-known prefix (RFC 6052)
LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")  # local use (RFC 8215)

LOOKUP_SECONDS = 5.0
_allow_private = False
_lookups: dict[tuple[str, int], tuple[float, list[str]]] = {}


def configure(*, allow_private: bool) -> None:
    global _allow_private
    _allow_private = allow_private


def allows_private() -> bool:
    return _allow_private


def parse(url: object) -> tuple[str, str, int]:
    """(scheme, host, port) of a well-formed http(s) URL, else ``Invalid``."""
    if not isinstance(url, str) or len(url) > 2000 or any(c.isspace() for c in url):
        raise Invalid(BAD_URL, code="webhook_url_invalid", field="url")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise Invalid(BAD_URL, code="webhook_url_invalid", field="url") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username:
        raise Invalid(BAD_URL, code="webhook_url_invalid", field="url")
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


def _carried(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv4-mapped, NAT64 or 6to4 address carries (None for others)."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip.sixtofour


def is_public(address: str) -> bool:
    """Whether ``address`` (an IP literal) is one a delivery may reach."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in LOCAL_NAT64:
            return False
        ip = _carried(ip) or ip
    if ip in METADATA or (isinstance(ip, ipaddress.IPv4Address) and ip in SHARED):
        return False
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_unspecified)


async def _lookup(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to: an IP literal is its own (no lookup, no thread),
    a name is looked up, and its answer kept for ``LOOKUP_SECONDS`` (a sender's pass posts
    hundreds of deliveries a second to one host; each lookup takes a thread of the pool)."""
    with contextlib.suppress(ValueError):
        return [str(ipaddress.ip_address(host))]
    kept = _lookups.get((host, port))
    if kept is not None and kept[0] > time.monotonic():
        return kept[1]
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise Invalid(UNRESOLVED, code="webhook_url_unresolved", field="url") from None
    addresses = list(dict.fromkeys(info[4][0] for info in found))
    if len(_lookups) > 10_000:
        _lookups.clear()
    _lookups[(host, port)] = (time.monotonic() + LOOKUP_SECONDS, addresses)
    return addresses


async def resolve(url: object) -> list[str]:
    """The addresses a delivery to ``url`` may use, checked; ``Invalid`` when the URL is bad,
    its host does not resolve, or (unless allowed) any address it resolves to is not public."""
    _, host, port = parse(url)
    addresses = await _lookup(host, port)
    if not _allow_private and not all(is_public(address) for address in addresses):
        raise Invalid(PRIVATE_URL, code="webhook_url_private", field="url")
    return addresses
