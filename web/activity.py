"""The board inside Discord: the live page as a Discord Activity (docs/web.md, "The board
inside Discord"; docs/security.md says who sees what).

Discord opens the URL mapping's root in its frame with ``frame_id``, ``instance_id`` and
``platform`` (and ``guild_id``, ``channel_id``, ``custom_id``) in the query. ``GET /`` is a
page with no game on it (nobody is known yet) whose script (web/static/activity.js) signs in
through Discord's Embedded App SDK: ``authorize`` gives a one-time code, posted to
``POST /a/session`` with the instance's id. The server exchanges the code with the
application's secret, learns the user from Discord (never from the page), checks with the
bot's token that the user is in that instance and takes its server and channel from Discord
(never from the URL), then opens a session held as a bearer token in the page's memory only
(Discord's frame is another site, and mobile web views may drop its cookies). The answer
names the game the instance shows (bot/service/launches.py), or the user's games to pick
from (``POST /a/pick``). From there the page is the live board itself: ``/g/{game}``, its
choices and its socket, with ``Authorization: Bearer`` (the socket: a sub-protocol).

The code is used once (a code seen before is refused without asking Discord); the access
token is handed back to the page for the SDK's ``authenticate`` (so it can hear who else has
the board open) and is neither stored nor logged; a session is the Discord user's, in the
verified server, for at most :data:`SESSION_LIFETIME`.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from bot.kept import Kept
from i18n import translate

from .discord_api import DiscordAPI
from .limits import Window
from .links import token_hash

#: An Activity's session lasts this long at most; when it ends (or the player signs out
#: everywhere) the page says so in words and stops following the game: it does not sign in
#: again by itself; opening the Activity again does (``prompt: none`` asks nothing then).
SESSION_LIFETIME = 12 * 3600.0
CODE_KEPT = 15 * 60.0  # a code seen is refused this long (Discord's codes live minutes)
MAX_SIGN_IN = 2048  # bytes: the sign-in's body
BEARER = "hadara.bearer."  # the socket's sub-protocol carrying the session (no header there)
PROTOCOL = "hadara"  # the sub-protocol the server answers with
GAME_ID = r"[1-9]\d{0,15}"  # a game id as the stores hold them (the page's paths too)
_OPAQUE = re.compile(r"^[A-Za-z0-9_-]{1,128}$")  # Discord's sign-in code, an instance's id
_DEEP_LINK = re.compile(rf"^(?:game-)?({GAME_ID})$")


@dataclass(frozen=True)
class Seat:
    """An Activity's session: the Discord user, the verified instance and its server."""

    user: int
    guild: int | None
    channel: int | None
    instance: str
    ends: float


@dataclass
class Activity:
    """What the Activity's routes need: Discord's API (the application's id, secret, bot
    token), the sessions (by their token's SHA-256: a token leaked from memory is useless
    without the page) and the codes seen."""

    discord: DiscordAPI
    clock: Callable[[], float] = field(default=time.time)
    sessions: Kept[str, Seat] = field(default_factory=lambda: Kept(20_000))
    codes: Kept[str, float] = field(default_factory=lambda: Kept(20_000))
    #: sign-ins per instance, and from everyone: behind Discord's proxy players share its
    #: addresses, so the address cannot be the only key; but the instance is the caller's
    #: word until Discord is asked, so an address may take at most half of everyone's
    #: (asked first: an address past its limit counts nowhere else)
    per_instance: Window = field(default_factory=lambda: Window(30, 600))
    everyone: Window = field(default_factory=lambda: Window(600, 60))
    per_address: Window = field(default_factory=lambda: Window(300, 60))

    @property
    def client_id(self) -> int:
        return self.discord.client_id

    def first_use(self, code: str) -> bool:
        """Whether ``code`` is seen for the first time (then it is remembered)."""
        now = self.clock()
        key = token_hash(code)
        seen = self.codes.get(key)
        if seen is not None and now - seen < CODE_KEPT:
            return False
        self.codes[key] = now
        return True

    def open(self, user: int, guild: int | None, channel: int | None, instance: str) -> str:
        """A new session: its bearer token (the server keeps only its hash)."""
        token = secrets.token_urlsafe(32)
        self.sessions[token_hash(token)] = Seat(user, guild, channel, instance,
                                           self.clock() + SESSION_LIFETIME)
        return token

    def seat(self, token: str) -> Seat | None:
        """The live session a bearer token stands for, or None."""
        if not 0 < len(token) <= 64:
            return None
        key = token_hash(token)
        found = self.sessions.get(key)
        if found is None or found.ends <= self.clock():
            self.sessions.pop(key, None)
            return None
        return found

    def sign_out(self, user: int) -> None:
        """End the user's Activity sessions (``/hadara settings web_sign_out``)."""
        for key in [k for k, s in self.sessions.items() if s.user == user]:
            del self.sessions[key]


def valid_code(code: object) -> bool:
    return isinstance(code, str) and _OPAQUE.match(code) is not None


def valid_instance(instance: object) -> bool:
    return isinstance(instance, str) and _OPAQUE.match(instance) is not None


def deep_link(custom_id: object) -> int | None:
    """The game a deep link's ``custom_id`` names (``game-12`` or ``12``), if any."""
    if not isinstance(custom_id, str):
        return None
    match = _DEEP_LINK.match(custom_id)
    return int(match.group(1)) if match else None


#: What the Activity's page says before a board is on it (its script shows one at a time).
WORDS = ("signing", "outside", "refused", "not_there", "unavailable", "pick", "none", "failed")


def shell(locale: str, client_id: int) -> str:
    """The page Discord opens: no game on it until its script has signed in; every word it
    may need, from the catalogs in the viewer's language (Accept-Language: nobody is known
    yet), hidden until said."""
    said = "".join(
        f'<p class="message" data-say="{word}"{"" if word == "signing" else " hidden"}>'
        f'{escape(translate(locale, "web.activity." + word.replace("_", "-")))}</p>'
        for word in WORDS)
    return (f'<!doctype html><html lang="{escape(locale)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(translate(locale, "web.activity.title"))}</title>'
            '<link rel="stylesheet" href="/static/page.css">'
            '<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
            '<script src="/static/live.js" defer></script>'
            '<script type="module" src="/static/activity-main.js"></script></head>'
            f'<body data-activity="{client_id}" data-locale="{escape(locale)}">'
            f'<header><h1>{escape(translate(locale, "web.activity.title"))}</h1></header>'
            # the messages in a polite live region: a screen reader says each as it shows
            f'<main id="main" class="activity"><div role="status">{said}</div>'
            '<ul class="games" hidden></ul></main>'
            f'<aside class="together" hidden><span class="label">'
            f'{escape(translate(locale, "web.activity.here"))}</span> <span class="names">'
            '</span></aside>'
            "</body></html>")
