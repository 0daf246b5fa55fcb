"""Signed links to a player's page (docs/security.md, "The web page"): an HMAC-SHA256 over the
user, the game and an expiry, with the server's secret. A link is valid at most
:data:`MAX_AGE` seconds; it is exchanged at once for a session (it proves who the holder is
only until then), so it never needs to be revoked one by one.

A link's token is ``<user>.<game>.<expires>.<mac>`` (the MAC in unpadded URL-safe base64):
short enough for a URL, readable in logs without revealing anything but ids — which the page
never logs anyway.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

MAX_AGE = 24 * 3600  # a link is valid for a day at most
MAX_TOKEN = 160  # longer is not a token of ours (refused before any work)
_TOKEN = re.compile(r"^(\d{1,20})\.(\d{1,20})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$")
_PURPOSE = b"hadara-link/1"

# why a link is refused (the page words each; never which part of a MAC was wrong)
MALFORMED, FORGED, EXPIRED, TOO_LONG = "malformed", "forged", "expired", "too_long"


class LinkRefused(Exception):
    """A link that does not open a page: ``reason`` one of malformed, forged, expired,
    too_long (an expiry further than :data:`MAX_AGE` ahead)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Link:
    """Who a valid link names, for which game, until when (seconds since the epoch)."""

    user: int
    game: int
    expires: int


def _mac(secret: bytes, user: int, game: int, expires: int) -> str:
    digest = hmac.new(secret, b"|".join((_PURPOSE, str(user).encode(), str(game).encode(),
                                         str(expires).encode())), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def sign(secret: bytes, user: int, game: int, now: float, ttl: float = MAX_AGE) -> str:
    """A link token for ``user``'s page of ``game``, valid ``ttl`` seconds (at most a day)."""
    if not secret:
        raise ValueError("no secret")
    expires = int(now + min(max(ttl, 1), MAX_AGE))
    return f"{user}.{game}.{expires}.{_mac(secret, user, game, expires)}"


def token_hash(token: str) -> str:
    """How a session's token is kept (the store's cookie sessions, the Activity's in memory):
    its SHA-256, so a copy of what is kept opens nothing."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def verify(secret: bytes, token: object, now: float) -> Link:
    """The link a token stands for, or :class:`LinkRefused` (compared in constant time)."""
    if not isinstance(token, str) or len(token) > MAX_TOKEN:
        raise LinkRefused(MALFORMED)
    match = _TOKEN.match(token)
    if match is None:
        raise LinkRefused(MALFORMED)
    user, game, expires = (int(match.group(i)) for i in (1, 2, 3))
    if not hmac.compare_digest(match.group(4), _mac(secret, user, game, expires)):
        raise LinkRefused(FORGED)
    if expires <= now:
        raise LinkRefused(EXPIRED)
    if expires > now + MAX_AGE + 60:  # a minute of clock skew between processes
        raise LinkRefused(TOO_LONG)
    return Link(user, game, expires)
