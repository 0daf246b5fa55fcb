"""Spectator links of the web page (docs/web.md, "Spectators"; docs/security.md, "The web
page"): a game's public view for anyone holding its link, where the game's server allows it.

Game ids are sequential, so the link carries an unguessable token: an HMAC-SHA256 over a
purpose label and the game id with the server's secret (the links' secret, web/links.py),
cut to :data:`TOKEN_CHARS` characters of unpadded URL-safe base64 (132 bits). It is derived,
so nothing is stored: the same in every process and after a restart, and rotating the secret
revokes every spectator link at once. The token only proves the holder was handed the link;
whether the game may be watched at all is the access policy's answer (``spectate``), asked on
every page and socket.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

TOKEN_CHARS = 22  # 132 bits of the MAC: nobody guesses a game's link from its id
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{22}$")
_PURPOSE = b"hadara-spectate/1"  # never the purpose of a player's link (web/links.py)


def token(secret: bytes, game_id: int) -> str:
    """The spectator token of ``game_id``."""
    if not secret:
        raise ValueError("no secret")
    digest = hmac.new(secret, b"|".join((_PURPOSE, str(game_id).encode())),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")[:TOKEN_CHARS]


def valid(secret: bytes, game_id: int, candidate: object) -> bool:
    """Whether ``candidate`` is the spectator token of ``game_id`` (compared in constant
    time; anything not shaped like a token is refused before any work)."""
    if not isinstance(candidate, str) or _TOKEN.match(candidate) is None or not secret:
        return False
    return hmac.compare_digest(candidate, token(secret, game_id))


def page_path(secret: bytes, game_id: int) -> str:
    """The spectator page's path: ``/s/{game}/{token}``."""
    return f"/s/{game_id}/{token(secret, game_id)}"


def socket_path(secret: bytes, game_id: int) -> str:
    """The spectator page's socket: ``/sw/{game}/{token}`` (``?v=`` added by the page)."""
    return f"/sw/{game_id}/{token(secret, game_id)}"
