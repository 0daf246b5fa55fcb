"""A strict Discord for the end-to-end tests: simcord held to Discord's documented limits.

simcord (3.2.1) models no rate limit at all, and its ``FakeHTTPClient.request`` replaces
discord.py's, so discord.py's bucket, global-lock and retry code never runs under it. This
layer puts that code back: :class:`StrictHTTPClient` subclasses simcord's ``FakeHTTPClient``
but its ``request`` calls :meth:`discord.http.HTTPClient.request` itself, over a fake
aiohttp-like session (:class:`_Session`). For each attempt the session either

* answers a **429** like Discord's edge does — a JSON body with ``retry_after``, ``message``,
  ``code`` and ``global``; headers ``Via: 1.1 google`` and ``Content-Type: application/json``
  (without them discord.py takes a 429 for a Cloudflare ban and raises at once),
  ``Retry-After``, ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket/Scope`` (and
  ``X-RateLimit-Global`` for the global limit) — so discord.py sleeps and retries;
* answers a **Discord JSON error** (400 50083 thread archived, 403 40003 DMs opened too
  fast, 413 40005 request entity too large, 400 50035 invalid form body for a command tree
  over the limits), which discord.py raises as ``HTTPException``/``Forbidden``;
* or hands the call to simcord's router (``simcord.http.router.dispatch``) exactly as
  simcord's own ``FakeHTTPClient.request`` does (same json, multipart ``payload_json``,
  files, query params, audit-log reason; backend errors raised as the same
  ``discord.HTTPException`` subclasses; unimplemented routes/fields still loud), and turns
  its result into a 200 response carrying ``X-RateLimit-*`` headers, so discord.py's
  pre-emptive bucket waits run too.

Interaction responses — the callback, followups, edits, fetches and deletes of the original
response and of followups — go through discord.py's webhook adapter, not ``HTTPClient``.
:class:`StrictWebhookAdapter` replaces simcord's ``FakeWebhookAdapter`` the same way: its
``request`` runs discord.py's own ``AsyncWebhookAdapter.request`` (a lock per webhook id and
token, up to 5 tries, 429s slept and retried, ``X-RateLimit-Remaining: 0`` waited out) over
a fake session, and each attempt meets the same checks (route buckets, attachment sizes;
not the global limit, which interaction endpoints are not bound to) and, on a token older
than 15 minutes, Discord's 401 with code 50027 ("Invalid Webhook Token"; simcord answers
404/10015), raised by discord.py as a plain ``HTTPException``.

Every request — REST, interaction responses, the command sync — is also checked against
Discord's OpenAPI description (``tests/e2e/discord_schema.py``): a known operation, its path
and query parameters, its JSON body (or ``payload_json``). A mismatch is a ``schema``
violation (route, JSON pointer, value, message), except the few cases the documentation
allows and the description does not (``discord_schema.WAIVERS``, each quoted). Every 401,
403 and 429 answered (the layer's and simcord's) is counted as an invalid request, against
Discord's ban of an address after 10,000 in 10 minutes.

What it models (numbers in :class:`Limits`, every one configurable; sources in
``docs/testing.md`` and ``/work/shared/references/discord-limits.md``):

* the global limit, 50 requests per second (interaction endpoints are not bound by it);
* per-route buckets keyed by the top-level resource (channel, guild, webhook), e.g. 5 message
  creates per 5 s per channel, 5 edits per 5 s, reactions 1 per 0.25 s;
* edits of messages older than an hour (virtual clock): 3 per 6 s per channel, over that a
  429 with code 30046 (discord.py retries it like any 429, up to 5 tries);
* channel name/topic changes: 2 per 10 minutes per channel (a 429);
* threads auto-archive on virtual time after ``auto_archive_duration`` minutes without
  activity (a message, an unarchive, a change of the archive time; edits do not count):
  the backend's thread state flips to archived and a THREAD_UPDATE goes out, so fetches and
  the bot's cache agree. An archived thread refuses message edits, reactions and pins
  (400 50083); a message sent into an archived, unlocked thread unarchives it first (as
  Discord does); the bot's ``PATCH archived: false`` unarchives it;
* DM channel opens (``POST /users/@me/channels``): 10 per 10 s, over that 403 40003;
* attachments: 10 MiB per file, over that 413 40005 (interaction responses too);
* command payloads on sync (``PUT .../commands``): 8,000 characters per command counting
  the longest localisation of each name, description, choice name and value; 25 options or
  subcommands (and 25 choices) per level; names 32 and descriptions 100 characters in every
  localisation; 100 global chat-input commands. Over any of them the bulk update is refused
  (400 50035) and no command changes;
* an application's Activities (``StrictDiscord.activities``, off by default; marker
  ``discord_limits(activities=True)``): a LAUNCH_ACTIVITY callback (type 12, which simcord
  does not know) is answered by the layer — accepted (the interaction answered, the launch in
  ``StrictDiscord.launches``, discord.py's ``with_response`` body with its activity
  instance), or refused 400/50039 without Activities or in a channel of
  ``StrictDiscord.refuse_launch`` (a test's model of a channel Discord opens no Activity in);
  the Entry Point command (type 4) that Discord keeps for an application with Activities: a
  global bulk overwrite without it refused 400/50240, one carrying it shape-checked (only
  global, only one, no options, a ``handler`` only there and only with Activities: 400/50035
  otherwise), remembered in ``StrictDiscord.entry_point`` and stripped before simcord sees it
  (simcord refuses ``handler``), and added back to Discord's answers.

Only the bot's own traffic is timed: a request made outside simcord's bot scope (the test
driver reading a message through the bot's client) is still checked for payloads and
archived threads, but not counted against rate limits.

Waits. discord.py's retry and bucket sleeps are ``asyncio.sleep`` calls on simcord's virtual
clock, and simcord 3.2.1's settlement does not survive a real one when another request waits
behind the sleeper: discord.py's bucket queue and global lock are plain futures, which
simcord does not count as parked waits, so ``advance_time`` (and the real-time fallback of a
short sleep, which advances the clock the same way) waits for them while the sleeper can
only wake once the clock moves — "bot did not settle while advancing time". So every wait
the layer tells discord.py (``retry_after``, ``X-RateLimit-Reset-After``) is scaled by
``Limits.retry_scale``, **0 by default**: discord.py runs its whole 429 path (Via/JSON
check, global lock cleared and set, retry loop, 5 tries) and its pre-emptive bucket path
with ``asyncio.sleep(0)``. Windows are counted on true virtual time; once the layer has
made discord.py wait, the window ends when that wait does (``Limits.forgive_after_wait``),
so the retry passes — a count of 429s is the number of times the bot went over a limit
within its window. ``retry_scale=1.0, max_wait=math.inf`` gives Discord's own waits, for a
test whose requests come one at a time.

Not exercised: the 30046 limit on edits of old messages through interaction responses (an
update callback or an edit of the original response on an old message: Discord does not
document whether the limit applies there).

Use: the autouse fixture ``strict_discord`` (tests/e2e/conftest.py) installs it for every
end-to-end test; ``@pytest.mark.discord_limits(old_edits=False)`` turns one limit off for a
test (``schema=False`` the schema check, ``expired_tokens=False`` the 401s),
``discord_limits(strict=False)`` the whole layer, ``discord_limits(retry_scale=1.0)``
changes a number; at run time ``strict_discord.disable("archive")``; the environment
variable ``HADARA_STRICT_SCHEMA=0`` starts every test with the schema check off (to measure
its cost). Counters: ``strict_discord.requests``, ``.rate_limited``, ``.retries``,
``.invalid``, ``.counts[kind]``, ``.by_route[route][kind]``, ``.events``,
``.schema_violations``. A test fails at teardown when a limit in ``fail_on`` was broken
(30046, 50083, 40003, 40005, 50035, a rename 429, a 429 discord.py gave up on, a schema
violation, an expired token's 401, 10,000 invalid requests in 10 minutes, a sync refused for
its Entry Point command); plain route and global 429s are counted, not failed: discord.py
absorbs them, and a refused launch is Discord's answer the bot must meet.
"""

from __future__ import annotations

import asyncio
import io
import json
import math
import os
import time
import weakref
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord._runtime as simcord_runtime
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter
from multidict import CIMultiDict
from simcord.backend.errors import BackendError
from simcord.http import router
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter, _path_of, _raise_for

from . import discord_schema

# ------------------------------------------------------------------------------ configuration

#: Environment variable: unset or "1"/"on" — the layer on for every module but those in
#: :data:`STRICT_PENDING`; "all" — on everywhere, pending modules included; "0"/"off" — off
#: (except tests marked ``discord_limits(strict=True)``).
ENV_VAR = "HADARA_STRICT_DISCORD"
#: Environment variable: a default ``Limits.window_scale`` (a marker's value wins).
SCALE_VAR = "HADARA_STRICT_WINDOW_SCALE"
#: Environment variable naming a file: each test under the layer appends one JSON line
#: (test id, counters, violations) — for reports and the soak benchmark.
LOG_VAR = "HADARA_STRICT_LOG"

#: End-to-end modules that break Discord's limits through the bot's own behaviour (not the
#: layer): the layer is off for them by default until the bot is changed. ``ENV_VAR=all``
#: runs them under it anyway. Keep the reason precise: it is the work list.
STRICT_PENDING: dict[str, str] = {}

#: The layer's switches (``disable``/``enable``, marker keywords).
SWITCHES = ("global", "routes", "old_edits", "renames", "archive", "dm_opens", "commands",
            "attachments", "schema", "expired_tokens")
#: Kinds that fail a test at teardown by default: limits whose breach Discord answers with
#: an error the bot sees, or with a wait discord.py cannot absorb (``exhausted``: a 429
#: still there after discord.py's 5 tries); a request Discord's OpenAPI description does
#: not allow (``schema``); a webhook request on an interaction token older than 15 minutes
#: (``expired_tokens``: 401/50027); more invalid requests (401, 403, 429) in 10 minutes than
#: Discord tolerates before it bans the address (``invalid_requests``); a global command sync
#: that would remove an application's Entry Point command, or an Entry Point command Discord
#: refuses (``entry_point``: 400/50240 or 50035). Route and global 429s are counted only; a
#: refused Activity launch (``launch``: 400/50039) is Discord's answer the bot must meet, not
#: a fault.
FAIL_ON = frozenset({"old_edits", "renames", "archive", "dm_opens", "commands", "attachments",
                     "exhausted", "schema", "expired_tokens", "invalid_requests",
                     "entry_point"})


@dataclass(frozen=True)
class Bucket:
    """``limit`` requests per ``window`` seconds of virtual time."""

    limit: int
    window: float


#: discord.py route key ("METHOD path template") -> bucket name. Routes sharing a name
#: share a bucket (per major parameter), as Discord's bucket hashes do.
DEFAULT_ROUTES: dict[str, str] = {
    "POST /channels/{channel_id}/messages": "messages.create",
    "PATCH /channels/{channel_id}/messages/{message_id}": "messages.edit",
    "DELETE /channels/{channel_id}/messages/{message_id}": "messages.delete",
    "POST /channels/{channel_id}/messages/bulk-delete": "messages.delete",
    "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me": "reactions",
    "DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me": "reactions",
    "DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{member_id}":
        "reactions",
    "DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}": "reactions",
    "DELETE /channels/{channel_id}/messages/{message_id}/reactions": "reactions",
    "PATCH /channels/{channel_id}": "channels.edit",
    "POST /channels/{channel_id}/threads": "threads.create",
    "POST /channels/{channel_id}/messages/{message_id}/threads": "threads.create",
    "PUT /channels/{channel_id}/thread-members/@me": "threads.members",
    "PUT /channels/{channel_id}/thread-members/{user_id}": "threads.members",
    "DELETE /channels/{channel_id}/thread-members/@me": "threads.members",
    "DELETE /channels/{channel_id}/thread-members/{user_id}": "threads.members",
    "PUT /applications/{application_id}/commands": "commands.sync",
    "PUT /applications/{application_id}/guilds/{guild_id}/commands": "commands.sync",
    # interaction followups and edits (webhook routes, per application id + token)
    "POST /webhooks/{webhook_id}/{webhook_token}": "webhooks.execute",
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": "webhooks.edit",
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": "webhooks.edit",
}

#: The buckets' sizes: the figures Discord's headers commonly report (Discord does not
#: publish them and may change them).
DEFAULT_BUCKETS: dict[str, Bucket] = {
    "messages.create": Bucket(5, 5.0),
    "messages.edit": Bucket(5, 5.0),
    "messages.delete": Bucket(5, 1.0),
    "reactions": Bucket(1, 0.25),
    "channels.edit": Bucket(5, 5.0),
    "threads.create": Bucket(10, 10.0),
    "threads.members": Bucket(10, 10.0),
    "commands.sync": Bucket(2, 60.0),
    "webhooks.execute": Bucket(5, 2.0),
    "webhooks.edit": Bucket(5, 2.0),
}


@dataclass
class Limits:
    """Every number of the strict Discord (see the module docstring and docs/testing.md)."""

    global_limit: int = 50  # requests per global_window, all routes (Discord: 50/s)
    global_window: float = 1.0
    buckets: dict[str, Bucket] = field(default_factory=lambda: dict(DEFAULT_BUCKETS))
    routes: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_ROUTES))
    #: every route not in ``routes``: its own bucket of this size
    default_bucket: Bucket = Bucket(50, 1.0)
    old_message_age: float = 3600.0  # seconds: an edit of an older message is an "old edit"
    old_edits: Bucket = Bucket(3, 6.0)  # per channel (community figure; Discord: 30046)
    renames: Bucket = Bucket(2, 600.0)  # channel name/topic changes per channel
    dm_opens: Bucket = Bucket(10, 10.0)  # POST /users/@me/channels (a guess; Discord: 40003)
    attachment_bytes: int = 10 * 1024 * 1024  # per file
    command_chars: int = 8000  # per command, longest localisation of each field
    command_options: int = 25  # options or subcommands per level
    command_choices: int = 25
    command_name: int = 32
    command_description: int = 100
    choice_text: int = 100  # a choice's name (each localisation) and string value
    global_commands: int = 100  # global chat-input commands
    #: Discord bans the address (Cloudflare) after this many invalid requests (401, 403,
    #: 429) within ``invalid_window`` seconds
    invalid_requests: int = 10_000
    invalid_window: float = 600.0
    #: every wait told to discord.py (retry_after, X-RateLimit-Reset-After), scaled. 0:
    #: discord.py's retry and bucket code runs with ``asyncio.sleep(0)``. A positive scale
    #: makes it sleep on simcord's virtual clock, which simcord 3.2.1's settlement survives
    #: only while no other request waits behind the sleeper (see docs/testing.md)
    retry_scale: float = 0.0
    min_wait: float = 0.0  # ... never shorter
    max_wait: float = 0.5  # ... never longer (simcord waits short sleeps in real time)
    #: once the layer told discord.py to wait, the window ends when that wait does (so a
    #: scaled wait is honoured); False keeps the true window, and a retry after a scaled
    #: wait meets the limit again (as a client trusting a too-short retry_after would)
    forgive_after_wait: bool = True
    #: send X-RateLimit-* headers with successes (False: discord.py cannot pace itself from
    #: them and meets every route limit as a 429, as with a bucket it has not learnt yet)
    headers: bool = True
    #: every rate-limit window (global, routes, old edits, renames, DM opens; not the age
    #: that makes a message old) multiplied: the tests stretch the bot's coalescing delays
    #: by conftest.TIME_SCALE (60), so ``window_scale=60`` judges the bot's cadence as it
    #: would be in production (environment: HADARA_STRICT_WINDOW_SCALE)
    window_scale: float = 1.0


# ------------------------------------------------------------------------------ bookkeeping


@dataclass(frozen=True)
class Event:
    """One answer of the layer worth reporting (a refusal, a 429, an archive)."""

    kind: str  # a switch name, "route", "global", "exhausted", "archived", "unarchived",
    # "invalid_requests"
    status: int
    code: int
    route: str  # "METHOD /path/{template}"
    path: str
    at: float  # virtual seconds
    detail: str = ""
    group: str = ""  # what else tells events apart in a summary (a schema violation's place)


class _Window:
    """A fixed window of a bucket on virtual time."""

    __slots__ = ("bucket", "count", "reset_at")

    def __init__(self, bucket: Bucket) -> None:
        self.bucket = bucket
        self.count = 0
        self.reset_at = -math.inf

    def roll(self, now: float) -> None:
        if now >= self.reset_at:
            self.count = 0
            self.reset_at = now + self.bucket.window

    def full(self, now: float) -> bool:
        self.roll(now)
        return self.count >= self.bucket.limit

    def take(self, now: float) -> None:
        self.roll(now)
        self.count += 1

    @property
    def remaining(self) -> int:
        return max(0, self.bucket.limit - self.count)


@dataclass
class _Call:
    """One ``HTTPClient.request`` call, as simcord's transport would have routed it."""

    route: Route
    key: str  # discord.py's route key, "METHOD template"
    path: str
    json: Any
    params: Any
    files: list[Any]
    reason: str | None
    bot: bool  # made inside simcord's bot scope (the bot's own traffic)
    multipart: bool = False  # the json is a multipart request's payload_json
    webhook: bool = False  # through the webhook adapter (interaction responses)
    interaction: bool = False  # an interaction endpoint: not bound to the global limit
    attempts: int = 0
    bucket: tuple[str, str] | None = None  # (bucket name, major parameters) once counted
    limited: bool = False  # the last attempt was answered with the layer's 429
    sent: Any = None  # the JSON body as the bot sent it (``json`` is what simcord is handed)
    extra: list[Any] = field(default_factory=list)  # what the layer adds to simcord's answer

    def __post_init__(self) -> None:
        self.sent = self.json


class _Response:
    """Just enough of an ``aiohttp.ClientResponse`` for ``HTTPClient.request``."""

    __slots__ = ("status", "reason", "headers", "_body")

    REASONS = {200: "OK", 204: "No Content", 400: "Bad Request", 401: "Unauthorized",
               403: "Forbidden", 413: "Payload Too Large", 429: "Too Many Requests"}

    def __init__(self, status: int, body: Any, headers: Mapping[str, str]) -> None:
        self.status = status
        self.reason = self.REASONS.get(status, "Error")
        self.headers: CIMultiDict[str] = CIMultiDict(headers)
        self._body = body

    async def text(self, encoding: str = "utf-8") -> Any:
        # A success carries no content type, so discord.py's json_or_text hands back what
        # simcord's router returned, as simcord's own transport does (no JSON round trip).
        return self._body


def _json_response(status: int, body: Mapping[str, Any],
                   headers: Mapping[str, str] | None = None) -> _Response:
    return _Response(status, json.dumps(body),
                     {"Content-Type": "application/json", "Via": "1.1 google", **(headers or {})})


def _snowflake_time(snowflake: int) -> float:
    """Unix seconds a snowflake was minted at."""
    return ((int(snowflake) >> 22) + 1420070400000) / 1000.0


# ------------------------------------------------------------------------------ command payloads


def _longest(obj: Mapping[str, Any], key: str) -> int:
    best = len(str(obj.get(key) or ""))
    for value in (obj.get(f"{key}_localizations") or {}).values():
        best = max(best, len(str(value or "")))
    return best


def command_size(obj: Mapping[str, Any]) -> int:
    """Characters of a command (or option) as Discord counts them against 8,000: names,
    descriptions, choice names and values of it and everything under it, each field at its
    longest localisation."""
    size = _longest(obj, "name") + _longest(obj, "description")
    for choice in obj.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    for option in obj.get("options") or []:
        size += command_size(option)
    return size


Problem = tuple[list[str], str, str]  # (path in the body, Discord error code, message)


def _texts(obj: Mapping[str, Any], key: str) -> list[str]:
    return [str(obj.get(key) or ""), *(str(v or "") for v in
                                       (obj.get(f"{key}_localizations") or {}).values())]


def _level_problems(obj: Mapping[str, Any], path: list[str], limits: Limits,
                    top: bool) -> list[Problem]:
    out: list[Problem] = []
    if any(len(n) > limits.command_name for n in _texts(obj, "name")):
        out.append(([*path, "name"], "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {limits.command_name} in length."))
    if (not top or int(obj.get("type") or 1) == 1) and any(
            len(d) > limits.command_description for d in _texts(obj, "description")):
        out.append(([*path, "description"], "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {limits.command_description} in length."))
    options = list(obj.get("options") or [])
    if len(options) > limits.command_options:
        out.append(([*path, "options"], "BASE_TYPE_MAX_LENGTH",
                    f"Must be {limits.command_options} or fewer in length."))
    choices = list(obj.get("choices") or [])
    if len(choices) > limits.command_choices:
        out.append(([*path, "choices"], "BASE_TYPE_MAX_LENGTH",
                    f"Must be {limits.command_choices} or fewer in length."))
    for k, choice in enumerate(choices):
        value = choice.get("value")
        if any(len(n) > limits.choice_text for n in _texts(choice, "name")) or (
                isinstance(value, str) and len(value) > limits.choice_text):
            out.append(([*path, "choices", str(k)], "BASE_TYPE_BAD_LENGTH",
                        f"Must be between 1 and {limits.choice_text} in length."))
    for j, option in enumerate(options):
        out += _level_problems(option, [*path, "options", str(j)], limits, top=False)
    return out


def command_problems(commands: Any, limits: Limits, *, global_scope: bool) -> list[Problem]:
    """Every way a bulk command overwrite breaks Discord's command limits."""
    if not isinstance(commands, list):
        return []
    out: list[Problem] = []
    items = [c for c in commands if isinstance(c, Mapping)]
    chat = sum(1 for c in items if int(c.get("type") or 1) == 1)
    if global_scope and chat > limits.global_commands:
        out.append(([], "BASE_TYPE_MAX_LENGTH",
                    f"Must be {limits.global_commands} or fewer in length."))
    for i, command in enumerate(items):
        size = command_size(command)
        if size > limits.command_chars:
            out.append(([str(i)], "APPLICATION_COMMAND_TOO_LARGE",
                        f"Command exceeds maximum size ({limits.command_chars}): "
                        f"{command.get('name')!r} has {size}"))
        out += _level_problems(command, [str(i)], limits, top=True)
    return out


def _form_error(problems: list[Problem]) -> dict[str, Any]:
    errors: dict[str, Any] = {}
    for path, code, message in problems:
        node = errors
        for part in path:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


def _file_size(f: Any) -> int:
    fp = getattr(f, "fp", None)
    if fp is None:
        return 0
    if isinstance(fp, io.BytesIO):
        return len(fp.getbuffer()) - fp.tell()
    pos = fp.tell()
    end = fp.seek(0, io.SEEK_END)
    fp.seek(pos)
    return int(end - pos)


# ------------------------------------------------------------------------------ the layer

_MESSAGE_CREATE = "POST /channels/{channel_id}/messages"
_MESSAGE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
_CHANNEL_EDIT = "PATCH /channels/{channel_id}"
_DM_OPEN = "POST /users/@me/channels"
_COMMAND_SYNC = {"PUT /applications/{application_id}/commands": True,
                 "PUT /applications/{application_id}/guilds/{guild_id}/commands": False}
#: refused (50083) in an archived thread
_ARCHIVED_REFUSES = frozenset({
    _MESSAGE_EDIT,
    "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
    "PUT /channels/{channel_id}/messages/pins/{message_id}",
    "DELETE /channels/{channel_id}/messages/pins/{message_id}",
    "PUT /channels/{channel_id}/pins/{message_id}",
    "DELETE /channels/{channel_id}/pins/{message_id}",
})
_THREAD_META_KEYS = frozenset({"archived", "locked", "auto_archive_duration", "invitable"})
_CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"
_GLOBAL_COMMANDS = "GET /applications/{application_id}/commands"
LAUNCH_ACTIVITY = 12  # the interaction callback type (receiving-and-responding.mdx)
PRIMARY_ENTRY_POINT = 4  # the command type (application-commands.mdx)
#: Discord's answer to a bulk overwrite of the global commands without the Entry Point command
#: of an application with Activities (not in the documentation's table of codes; the code and
#: the message as bot authors report them, e.g. discord.py and py-cord users after turning
#: Activities on)
ENTRY_POINT_KEPT = (50240, "You cannot remove this app's Entry Point command in a bulk update "
                           "operation. Please include the Entry Point command in your update "
                           "request or delete it separately.")
#: Discord's answer to a LAUNCH_ACTIVITY it will not carry out (an application without
#: Activities, a channel it does not open them in): the documentation says nothing of it; the
#: documented code nearest is used (opcodes-and-status-codes.mdx: "50039 Invalid Activity
#: Action")
LAUNCH_REFUSED = (50039, "Invalid Activity Action")


@dataclass(frozen=True)
class Launch:
    """An Activity launched in answer to an interaction (LAUNCH_ACTIVITY accepted)."""

    interaction_id: int
    user_id: int
    channel_id: int
    guild_id: int | None
    instance_id: str  # the Activity's instance, as Discord answers with_response
    at: float  # virtual seconds


class StrictDiscord:
    """The strict Discord's state for one test: limits, switches, windows and counters."""

    def __init__(self, limits: Limits | None = None, *, disabled: Iterable[str] = (),
                 fail_on: Iterable[str] = FAIL_ON) -> None:
        self.limits = limits or Limits()
        self.enabled: dict[str, bool] = dict.fromkeys(SWITCHES, True)
        self.disable(*disabled)
        self.fail_on = set(fail_on)
        #: kinds: requests, attempts, retries, driver, webhook (requests through the
        #: webhook adapter), 429, 429.global, 429.route, 429.old_edits, 429.renames, 30046,
        #: 50083, 40003, 40005, 50035, 50027, exhausted, preemptive (a bucket emptied:
        #: discord.py waits before its next request), archived, unarchived, schema (a
        #: violation), schema.checked, waived.<waiver>, undeclared (a query parameter the
        #: description does not declare: reported, not failed), invalid (401, 403
        #: and 429 answers, the layer's and simcord's), invalid.401, invalid.403, invalid.429
        self.counts: Counter[str] = Counter()
        self.by_route: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.events: list[Event] = []
        #: every schema violation, as the checker found it (route, pointer, value, message)
        self.schema_violations: list[discord_schema.Violation] = []
        self.schema_seconds = 0.0  # real time spent in the check (its cost)
        self._invalid_at: deque[float] = deque()  # virtual times of the invalid answers
        #: the most invalid requests within any ``Limits.invalid_window``
        self.invalid_peak = 0
        self._backend: Any = None
        self._windows: dict[tuple[str, str], _Window] = {}
        self._global = _Window(self._scaled(Bucket(self.limits.global_limit,
                                                   self.limits.global_window)))
        self._touched: dict[int, float] = {}  # thread -> unix time of its last activity
        self._iso: dict[str, float] = {}
        self._swept_at = -math.inf
        #: the application has Activities on (the Developer Portal's switch; off by default):
        #: a LAUNCH_ACTIVITY callback is accepted, and Discord keeps an Entry Point command
        #: (its default one, "launch", until a sync replaces it) that a bulk overwrite of the
        #: global commands must carry (400/50240 otherwise)
        self.activities = False
        #: channels where Discord refuses a launch (400/50039): a test's model of a channel
        #: it does not open Activities in
        self.refuse_launch: set[int] = set()
        #: every launch accepted, in order
        self.launches: list[Launch] = []
        #: the Entry Point command Discord keeps (None: the default one, once Activities are
        #: on): shape-checked and stripped from a sync before simcord sees it (simcord 3.2.1
        #: refuses the ``handler`` field), and added back to Discord's answers
        self.entry_point: dict[str, Any] | None = None
        #: called with (method, path) for each interaction callback the layer answers itself
        #: (an accepted launch), which simcord's router never sees (the acknowledgement clock
        #: of tests/e2e/conftest.py)
        self.callback_observers: list[Callable[[str, str], None]] = []

    # -- switches and options -------------------------------------------------------------

    def disable(self, *names: str) -> None:
        for name in names:
            if name not in self.enabled:
                raise ValueError(f"unknown strict Discord limit {name!r}; known: {SWITCHES}")
            self.enabled[name] = False

    def enable(self, *names: str) -> None:
        for name in names:
            if name not in self.enabled:
                raise ValueError(f"unknown strict Discord limit {name!r}; known: {SWITCHES}")
            self.enabled[name] = True

    def on(self, name: str) -> bool:
        return self.enabled[name]

    @classmethod
    def from_options(cls, **options: Any) -> StrictDiscord:
        """From a ``discord_limits`` marker's keywords: switch names (bool), ``limits``
        (a :class:`Limits`), any :class:`Limits` field, ``fail_on``, ``activities`` (the
        application has Activities) and ``refuse_launch`` (channel ids)."""
        limits: Limits = options.pop("limits", None) or Limits()
        # a bool is a switch (old_edits=False), anything else a number (old_edits=Bucket(...))
        switches = {k: options.pop(k) for k in list(options)
                    if k in SWITCHES and isinstance(options[k], bool)}
        names = {f.name for f in fields(Limits)}
        overrides = {k: options.pop(k) for k in list(options) if k in names}
        if overrides:
            limits = replace(limits, **overrides)
        fail_on = options.pop("fail_on", FAIL_ON)
        activities = bool(options.pop("activities", False))
        refuse_launch = set(options.pop("refuse_launch", ()))
        if options:
            raise TypeError(f"unknown discord_limits options: {sorted(options)}")
        strict = cls(limits, fail_on=fail_on)
        strict.activities, strict.refuse_launch = activities, refuse_launch
        if "schema" not in switches and os.environ.get(
                discord_schema.SCHEMA_VAR, "").strip().lower() in ("0", "off", "no", "false"):
            strict.disable("schema")
        for name, value in switches.items():
            (strict.enable if value else strict.disable)(name)
        return strict

    # -- counters -------------------------------------------------------------------------

    @property
    def requests(self) -> int:
        """Requests the bot (and the test driver) made through discord.py's HTTPClient."""
        return self.counts["requests"]

    @property
    def rate_limited(self) -> int:
        """429s the layer answered (route, global, old edits, renames)."""
        return self.counts["429"]

    @property
    def retries(self) -> int:
        """Attempts discord.py made again after an answer (its retry loop)."""
        return self.counts["retries"]

    def _count(self, call: _Call, kind: str) -> None:
        self.counts[kind] += 1
        self.by_route[call.key][kind] += 1

    def _event(self, call: _Call, kind: str, status: int, code: int, detail: str = "",
               group: str = "") -> None:
        self.events.append(Event(kind, status, code, call.key, call.path, self._now(), detail,
                                 group))

    @property
    def invalid(self) -> int:
        """Invalid requests answered (401, 403, 429: the layer's answers and simcord's), which
        Discord counts toward its ban of an address (``Limits.invalid_requests`` in
        ``Limits.invalid_window`` seconds)."""
        return self.counts["invalid"]

    def _answered(self, call: _Call, status: int) -> None:
        """Bookkeeping of an error answer: Discord counts 401, 403 and 429 as invalid."""
        if status not in (401, 403, 429):
            return
        self._count(call, "invalid")
        self._count(call, f"invalid.{status}")
        now = self._now()
        times = self._invalid_at
        times.append(now)
        while times and times[0] <= now - self.limits.invalid_window:
            times.popleft()
        if len(times) > self.invalid_peak:
            self.invalid_peak = len(times)
            if self.invalid_peak == self.limits.invalid_requests:
                self._event(call, "invalid_requests", status, 0,
                            f"{self.invalid_peak} invalid requests within "
                            f"{self.limits.invalid_window:g} s: Discord bans the address")

    def invalid_line(self) -> str:
        """The invalid-request count against Discord's ban threshold, for reports."""
        c = self.counts
        return (f"invalid requests (401/403/429): {c['invalid']} (401 x{c['invalid.401']}, "
                f"403 x{c['invalid.403']}, 429 x{c['invalid.429']}); at most "
                f"{self.invalid_peak} within {self.limits.invalid_window:g} s, Discord bans at "
                f"{self.limits.invalid_requests:,}")

    # -- Discord's OpenAPI description ----------------------------------------------------

    def check_schema(self, call: _Call) -> None:
        """Check one request against Discord's OpenAPI description (tests/e2e/
        discord_schema.py); each violation is counted, recorded and an event."""
        if not self.on("schema"):
            return
        started = time.perf_counter()
        result = discord_schema.checker().check(call.route.method, call.path,
                                                params=call.params, body=call.json,
                                                multipart=call.multipart)
        self.schema_seconds += time.perf_counter() - started
        self.counts["schema.checked"] += 1
        for name, _ in result.waived:
            self._count(call, f"waived.{name}")
        for name, value in result.undeclared:  # reported, not failed (OpenAPI allows them)
            self._count(call, "undeclared")
            self._event(call, "undeclared", 0, 0, f"query/{name} = {value!r}: not declared by "
                        f"{result.operation or 'the description'}", group=f"query/{name}")
        for v in result.violations:
            self.schema_violations.append(v)
            self._count(call, "schema")
            place = f"{v.where}{v.pointer}"
            self._event(call, "schema", 0, 0,
                        f"{place} = {discord_schema._short(repr(v.value), 80)}: {v.message}"
                        + ("" if call.bot else " (test driver)"), group=place)

    def violations(self, kinds: Iterable[str] | None = None) -> list[Event]:
        """Events of the kinds in ``kinds`` (default: ``fail_on``)."""
        wanted = self.fail_on if kinds is None else set(kinds)
        return [e for e in self.events if e.kind in wanted]

    def summary(self, events: Iterable[Event] | None = None) -> list[str]:
        """Events grouped: "old_edits: 429/30046 x12 on PATCH ... (message 26.0 h old)"; a
        schema violation by its place in the request too. Without ``events``, every event
        and a last line with the invalid requests against Discord's ban threshold."""
        groups: dict[tuple[str, int, int, str, str], list[Event]] = {}
        for e in self.events if events is None else events:
            groups.setdefault((e.kind, e.status, e.code, e.route, e.group), []).append(e)
        lines = [f"{kind}: {status}/{code} x{len(es)} on {route}"
                 + (f" ({'first: ' if len(es) > 1 else ''}{es[0].detail}"
                    f"{'; last: ' + es[-1].detail if len(es) > 1 else ''})"
                    if es[0].detail else "")
                 for (kind, status, code, route, _), es in groups.items()]
        if events is None:
            lines.append(self.invalid_line())
        return lines

    def report(self) -> dict[str, Any]:
        return {"counts": dict(self.counts),
                "by_route": {k: dict(v) for k, v in self.by_route.items()},
                "invalid_requests": {"count": self.invalid, "peak": self.invalid_peak,
                                     "window": self.limits.invalid_window,
                                     "ban_at": self.limits.invalid_requests,
                                     **{str(s): self.counts[f"invalid.{s}"]
                                        for s in (401, 403, 429)}},
                "schema_seconds": round(self.schema_seconds, 4),
                "violations": self.summary(self.violations())}

    def assert_clean(self, kinds: Iterable[str] | None = None) -> None:
        bad = self.violations(kinds)
        assert not bad, ("the bot broke Discord's limits (strict Discord layer, "
                         "tests/e2e/strict.py):\n  " + "\n  ".join(self.summary(bad)))

    # -- binding to simcord ---------------------------------------------------------------

    def client(self, backend: Any, loop: asyncio.AbstractEventLoop, *,
               message_content_access: bool = True) -> StrictHTTPClient:
        """The factory installed in place of ``simcord._runtime.FakeHTTPClient``."""
        return StrictHTTPClient(self, backend, loop, message_content_access=message_content_access)

    def webhook_adapter(self, backend: Any, *,
                        message_content_access: bool = True) -> StrictWebhookAdapter:
        """The factory installed in place of ``simcord._runtime.FakeWebhookAdapter``."""
        return StrictWebhookAdapter(self, backend, message_content_access=message_content_access)

    def bind(self, backend: Any) -> None:
        """Attach to simcord's backend (again on restarts: the same backend keeps its
        windows, as Discord does across a bot's restart)."""
        if backend is self._backend:
            return
        self._backend = backend
        self._windows.clear()
        self._global = _Window(self._scaled(Bucket(self.limits.global_limit,
                                                   self.limits.global_window)))
        self._touched.clear()
        self._swept_at = -math.inf
        original: Callable[[float], None] = backend.advance_clock

        def advance_clock(seconds: float) -> None:
            original(seconds)
            if self._backend is backend:
                self.sweep()

        backend.advance_clock = advance_clock

    def _now(self) -> float:
        return float(self._backend.clock.elapsed) if self._backend is not None else 0.0

    def _unix(self) -> float:
        return float(self._backend.clock.now().timestamp())

    def _iso_time(self, value: str) -> float:
        if not value:
            return -math.inf
        t = self._iso.get(value)
        if t is None:
            t = self._iso[value] = datetime.fromisoformat(value).timestamp()
        return t

    # -- waits ----------------------------------------------------------------------------

    def _tell(self, window: _Window, now: float, *, wait: bool = True) -> float:
        """The window's reset as told to discord.py (scaled: discord.py sleeps on it whenever
        its own count of the bucket reaches 0, even from a stale header). With ``wait`` (a
        429, or a bucket emptied) and forgiving, the window's end moves to the told wait."""
        raw = max(window.reset_at - now, 0.0)
        told = min(max(raw * self.limits.retry_scale, self.limits.min_wait), self.limits.max_wait,
                   raw if not wait else math.inf)
        if wait and self.limits.forgive_after_wait:
            window.reset_at = min(window.reset_at, now + told)
        return told

    def _too_many(self, call: _Call, kind: str, window: _Window, now: float, *,
                  code: int = 0, message: str = "You are being rate limited.",
                  bucket: str = "", scope: str = "user", is_global: bool = False,
                  detail: str = "") -> _Response:
        told = self._tell(window, now)
        self._count(call, "429")
        self._count(call, f"429.{kind}")
        if code:
            self._count(call, str(code))
        self._event(call, kind, 429, code, detail)
        body: dict[str, Any] = {"message": message, "retry_after": round(told, 6),
                                "global": is_global, "code": code}
        headers = {"Retry-After": str(max(1, math.ceil(told))),
                   "X-RateLimit-Limit": str(window.bucket.limit),
                   "X-RateLimit-Remaining": "0",
                   "X-RateLimit-Reset": f"{self._unix() + told:.3f}",
                   "X-RateLimit-Reset-After": f"{told:.6f}",
                   "X-RateLimit-Scope": scope}
        if bucket:
            headers["X-RateLimit-Bucket"] = bucket
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        return _json_response(429, body, headers)

    def _refuse(self, call: _Call, kind: str, status: int, code: int, message: str,
                detail: str = "", body: dict[str, Any] | None = None) -> _Response:
        self._count(call, str(code))
        self._event(call, kind, status, code, detail)
        return _json_response(status, body or {"code": code, "message": message})

    # -- threads --------------------------------------------------------------------------

    def _activity(self, channel: Any) -> float:
        meta = channel.thread_metadata
        last = self._touched.get(channel.id, -math.inf)
        last = max(last, self._iso_time(meta.archive_timestamp),
                   self._iso_time(meta.create_timestamp))
        message_id = channel.last_message_id
        if message_id is not None:
            messages = self._backend.messages.get(channel.id, {})
            message = messages.get(message_id)
            if message is not None and message.is_ephemeral:
                message_id = max((i for i, m in messages.items() if not m.is_ephemeral),
                                 default=None)
            if message_id is not None:
                last = max(last, _snowflake_time(message_id))
        return last

    def sweep(self) -> None:
        """Archive every thread idle for longer than its auto-archive duration (virtual
        time), as Discord does, with a THREAD_UPDATE."""
        if self._backend is None or not self.on("archive"):
            return
        now = self._now()
        if now == self._swept_at:
            return
        self._swept_at = now
        unix = self._unix()
        for channel in list(self._backend.channels.values()):
            meta = channel.thread_metadata
            if meta is None or meta.archived:
                continue
            idle = unix - self._activity(channel)
            if idle >= meta.auto_archive_duration * 60:
                meta.archived = True
                meta.archive_timestamp = self._backend.now_iso()
                self.counts["archived"] += 1
                self.events.append(Event("archived", 0, 0, "auto-archive",
                                         f"/channels/{channel.id}", now,
                                         f"idle {idle / 3600:.1f} h"))
                self._backend.announce_channel_update(channel.id)

    def _unarchive(self, channel: Any, call: _Call) -> None:
        meta = channel.thread_metadata
        meta.archived = False
        meta.archive_timestamp = self._backend.now_iso()
        self._count(call, "unarchived")
        self._event(call, "unarchived", 0, 0, "a message sent into an archived thread")
        self._backend.announce_channel_update(channel.id)

    def _thread(self, call: _Call) -> Any:
        channel_id = call.route.channel_id
        if channel_id is None:
            return None
        channel = self._backend.channels.get(int(channel_id))
        if channel is None or channel.thread_metadata is None:
            return None
        return channel

    # -- the checks -----------------------------------------------------------------------

    def _route_window(self, call: _Call) -> tuple[str, Bucket]:
        name = self.limits.routes.get(call.key)
        if name is None:
            return call.key, self.limits.default_bucket
        return name, self.limits.buckets.get(name, self.limits.default_bucket)

    def _scaled(self, bucket: Bucket) -> Bucket:
        scale = self.limits.window_scale
        return bucket if scale == 1.0 else Bucket(bucket.limit, bucket.window * scale)

    def _window(self, name: str, major: str, bucket: Bucket) -> _Window:
        bucket = self._scaled(bucket)
        key = (name, major)
        window = self._windows.get(key)
        if window is None or window.bucket != bucket:
            window = self._windows[key] = _Window(bucket)
        return window

    def check(self, call: _Call) -> _Response | None:
        """The layer's answer to one attempt, or None to hand it to simcord's router."""
        now = self._now()
        self.sweep()
        limits = self.limits
        key = call.key
        body = call.json if isinstance(call.json, dict) else {}
        if self.on("attachments"):
            for f in call.files:
                size = _file_size(f)
                if size > limits.attachment_bytes:
                    return self._refuse(call, "attachments", 413, 40005,
                                        "Request entity too large",
                                        f"{getattr(f, 'filename', '?')}: {size} bytes")
        taken: list[_Window] = []  # counted once the request is accepted
        call.bucket = None
        if call.bot:
            # "Interaction endpoints are not bound to the bot's Global Rate Limit"
            # (developers/topics/rate-limits.mdx): the callback, followups, the original
            if self.on("global") and not call.interaction:
                if self._global.full(now):
                    return self._too_many(call, "global", self._global, now, scope="global",
                                          is_global=True)
                taken.append(self._global)
            major = call.route.major_parameters
            if self.on("routes"):
                name, bucket = self._route_window(call)
                window = self._window(name, major, bucket)
                if window.full(now):
                    return self._too_many(call, "route", window, now, bucket=f"strict-{name}",
                                          detail=f"{bucket.limit} per {bucket.window:g} s")
                taken.append(window)
                call.bucket = (name, major)
            if key == _MESSAGE_EDIT and self.on("old_edits"):
                message_id = int(call.path.rstrip("/").rsplit("/", 1)[-1])
                age = self._unix() - _snowflake_time(message_id)
                if age > limits.old_message_age:
                    window = self._window("old_edits", major, limits.old_edits)
                    if window.full(now):
                        return self._too_many(
                            call, "old_edits", window, now, code=30046,
                            message="Maximum number of edits to messages older than 1 hour "
                                    "reached. Try again later",
                            detail=f"{limits.old_edits.limit} per {limits.old_edits.window:g} s; "
                                   f"message {age / 3600:.1f} h old")
                    taken.append(window)
            if key == _CHANNEL_EDIT and self.on("renames") and (
                    "name" in body or "topic" in body):
                window = self._window("renames", major, limits.renames)
                if window.full(now):
                    return self._too_many(call, "renames", window, now,
                                          detail=f"{limits.renames.limit} per "
                                                 f"{limits.renames.window:g} s")
                taken.append(window)
            if key == _DM_OPEN and self.on("dm_opens"):
                window = self._window("dm_opens", "", limits.dm_opens)
                if window.full(now):
                    return self._refuse(call, "dm_opens", 403, 40003,
                                        "You are opening direct messages too fast.",
                                        f"{limits.dm_opens.limit} per {limits.dm_opens.window:g} s")
                taken.append(window)
        if self.on("archive"):
            thread = self._thread(call)
            if thread is not None and thread.thread_metadata.archived:
                meta = thread.thread_metadata
                if key == _MESSAGE_CREATE:
                    if meta.locked:
                        return self._refuse(call, "archive", 400, 50083, "Thread is archived",
                                            "a message sent into a locked archived thread")
                    self._unarchive(thread, call)
                elif key in _ARCHIVED_REFUSES or (
                        key == _CHANNEL_EDIT and body.get("archived") is not False
                        and set(body) - _THREAD_META_KEYS):
                    age = (self._unix() - self._iso_time(meta.archive_timestamp)) / 3600
                    return self._refuse(call, "archive", 400, 50083, "Thread is archived",
                                        f"archived {age:.1f} h before")
        if key in _COMMAND_SYNC and self.on("commands"):
            problems = command_problems(call.sent, limits, global_scope=_COMMAND_SYNC[key])
            if problems:
                detail = "; ".join(f"{'.'.join(p) or 'body'}: {m}" for p, _, m in problems[:3])
                return self._refuse(call, "commands", 400, 50035, "Invalid Form Body", detail,
                                    body=_form_error(problems))
        if key in _COMMAND_SYNC:
            refused = self._entry_point(call, global_scope=_COMMAND_SYNC[key])
            if refused is not None:
                return refused
        for window in taken:
            window.take(now)
        return None

    # -- Activities -----------------------------------------------------------------------

    def _kept_entry_point(self) -> dict[str, Any]:
        """The Entry Point command Discord keeps for an application with Activities: the
        one it made when they were turned on ("Launch", handled by Discord: application-
        commands.mdx, "Default Entry Point command"), or the one a sync set since."""
        if self.entry_point is None:
            self.entry_point = {"id": str(self._backend.snowflake()),
                                "application_id": str(self._backend.application_id),
                                "name": "launch", "description": "",
                                "type": PRIMARY_ENTRY_POINT, "handler": 2,
                                "integration_types": [0], "contexts": [0, 1, 2]}
        return self.entry_point

    def _entry_point(self, call: _Call, *, global_scope: bool) -> _Response | None:
        """A bulk overwrite of commands and the Entry Point command (PRIMARY_ENTRY_POINT,
        type 4). Refused, as Discord does:

        - a ``handler`` anywhere but on an Entry Point command of an application with
          Activities (application-commands.mdx: "``handler`` can only be set for application
          commands of type ``PRIMARY_ENTRY_POINT`` for applications with the ``EMBEDDED``
          flag"); an Entry Point command without Activities (change-log 2024-08-26: "Apps
          with Activities enabled can now create Entry Point commands"), in a server
          ("Entry Point commands can only be global", user-actions.mdx), more than one
          ("Your app can only have one Entry Point command"), with options ("``options`` can
          only be set for application commands of type ``CHAT_INPUT``"): 400/50035;
        - with Activities on, a global overwrite without it: 400/50240.

        Accepted, the Entry Point command is remembered and stripped before simcord sees the
        body (simcord 3.2.1 refuses ``handler``), and added back to Discord's answer."""
        sent = call.sent if isinstance(call.sent, list) else []
        points: list[tuple[int, Mapping[str, Any]]] = []
        problems: list[Problem] = []
        for i, command in enumerate(sent):
            if not isinstance(command, Mapping):
                continue
            kind = int(command.get("type") or 1)
            if kind == PRIMARY_ENTRY_POINT:
                points.append((i, command))
                if not self.activities:
                    problems.append(([str(i), "type"], "APPLICATION_COMMAND_TYPE_INVALID",
                                     "Entry Point commands need an application with "
                                     "Activities."))
                elif not global_scope:
                    problems.append(([str(i), "type"], "APPLICATION_COMMAND_TYPE_INVALID",
                                     "Entry Point commands can only be global."))
                if command.get("options"):
                    problems.append(([str(i), "options"], "APPLICATION_COMMAND_OPTIONS_INVALID",
                                     "Options can only be set for CHAT_INPUT commands."))
            elif command.get("handler") is not None:
                problems.append(([str(i), "handler"], "APPLICATION_COMMAND_HANDLER_INVALID",
                                 "A handler can only be set for PRIMARY_ENTRY_POINT commands."))
        if len(points) > 1:
            problems.append(([str(points[1][0]), "type"], "APPLICATION_COMMAND_TYPE_INVALID",
                             "An application can only have one Entry Point command."))
        if problems:
            detail = "; ".join(f"{'.'.join(p)}: {m}" for p, _, m in problems[:3])
            return self._refuse(call, "entry_point", 400, 50035, "Invalid Form Body", detail,
                                body=_form_error(problems))
        if global_scope and self.activities and not points:
            code, message = ENTRY_POINT_KEPT
            return self._refuse(call, "entry_point", 400, code, message,
                                f"{len(sent)} commands without the Entry Point command "
                                f"{self._kept_entry_point()['name']!r}")
        if points:
            kept = self._kept_entry_point()
            self.entry_point = {**dict(points[0][1]), "id": kept["id"],
                                "application_id": kept["application_id"]}
            self._count(call, "entry_point.synced")
            call.json = [c for j, c in enumerate(sent) if j != points[0][0]]
            call.extra = [dict(self.entry_point)]
        return None

    def amend(self, call: _Call, result: Any) -> Any:
        """simcord's answer, with what Discord would add: the Entry Point command among the
        global commands of an application with Activities."""
        if call.extra and isinstance(result, list):
            return [*result, *call.extra]
        if call.key == _GLOBAL_COMMANDS and self.activities and isinstance(result, list):
            return [*result, dict(self._kept_entry_point())]
        return result

    def launch(self, call: _Call) -> _Response | None:
        """Discord's answer to a LAUNCH_ACTIVITY callback (type 12), which simcord 3.2.1 does
        not know (it answers 400/50035): None for any other request, or one on an
        interaction simcord refuses anyway (unknown, expired, already answered: 10062,
        40060, its own words). Accepted with Activities on, outside the channels of
        :attr:`refuse_launch`: the interaction is answered (simcord's record marked so), the
        launch recorded in :attr:`launches`, and the answer is discord.py's
        ``with_response`` body (receiving-and-responding.mdx: an ``activity_instance``
        resource, "Only present if type is ``LAUNCH_ACTIVITY``"), or 204. Refused (no
        Activities, or a channel of :attr:`refuse_launch`): 400/50039, and the interaction is
        still to be answered, as after any callback Discord refuses."""
        body = call.sent if isinstance(call.sent, Mapping) else {}
        if call.key != _CALLBACK or body.get("type") != LAUNCH_ACTIVITY:
            return None
        backend = self._backend
        record = backend.interactions.get(int(call.route.webhook_id))
        if record is None or record.token != call.route.webhook_token or record.responded:
            return None
        now_iso = backend.now_iso()
        if (record.expires_at is not None and now_iso >= record.expires_at) or (
                record.initial_response_deadline is not None
                and now_iso >= record.initial_response_deadline):
            return None
        code, message = LAUNCH_REFUSED
        if not self.activities:
            return self._refuse(call, "launch", 400, code, message,
                                "the application has no Activities")
        if record.channel_id in self.refuse_launch:
            return self._refuse(call, "launch", 400, code, message,
                                f"no Activity in channel {record.channel_id}")
        record.responded = True
        instance = f"i-{backend.snowflake()}-gc-{record.guild_id or 0}-{record.channel_id}"
        self.launches.append(Launch(int(record.id), int(record.user_id), int(record.channel_id),
                                    record.guild_id, instance, self._now()))
        self._count(call, "launch")
        for observe in self.callback_observers:
            observe(call.route.method, call.path)
        headers = self.after(call)
        if str((call.params or {}).get("with_response", "")).lower() not in ("1", "true"):
            return _Response(204, None, headers)
        return _Response(200, {
            "interaction": {"id": str(record.id), "type": record.type,
                            "activity_instance_id": instance, "response_message_id": None,
                            "response_message_loading": False,
                            "response_message_ephemeral": False},
            "resource": {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": instance}},
        }, headers)

    def expired(self, call: _Call) -> _Response | None:
        """Discord's answer to a webhook request (a followup, an edit, fetch or delete of the
        original response or of a followup) on an interaction token past its 15 minutes
        (simcord's record: ``expires_at``): 401 with code 50027, "Invalid Webhook Token"
        (simcord answers 404/10015). The callback itself is left to simcord (10062)."""
        if not self.on("expired_tokens") or not call.path.startswith("/webhooks/"):
            return None
        backend = self._backend
        interaction_id = backend.interaction_tokens.get(call.route.webhook_token)
        record = backend.interactions.get(interaction_id) if interaction_id else None
        if record is None or record.expires_at is None:
            return None
        if backend.now_iso() < record.expires_at:
            return None
        late = self._unix() - self._iso_time(record.expires_at)
        return self._refuse(call, "expired_tokens", 401, 50027, "Invalid Webhook Token",
                            f"the token expired {late:.0f} s before "
                            f"(interaction {record.id}; tokens last 15 minutes)")

    def after(self, call: _Call) -> dict[str, str]:
        """Bookkeeping after simcord accepted the call; the response's rate-limit headers."""
        if call.key == _CHANNEL_EDIT and isinstance(call.json, dict) and (
                "archived" in call.json or "auto_archive_duration" in call.json):
            thread = self._thread(call)
            if thread is not None:
                self._touched[thread.id] = self._unix()
                if "archived" in call.json:
                    thread.thread_metadata.archive_timestamp = self._backend.now_iso()
        if call.bucket is None or not self.limits.headers:
            return {}
        name, major = call.bucket
        window = self._windows[call.bucket]
        now = self._now()
        if window.remaining == 0:
            reset_after = self._tell(window, now)
            self._count(call, "preemptive")
        else:
            reset_after = self._tell(window, now, wait=False)
        return {"X-RateLimit-Limit": str(window.bucket.limit),
                "X-RateLimit-Remaining": str(window.remaining),
                "X-RateLimit-Reset": f"{self._unix() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.6f}",
                "X-RateLimit-Bucket": f"strict-{name}"}


# ------------------------------------------------------------------------------ transport


class _Exchange:
    """``async with session.request(...) as response``."""

    __slots__ = ("_answer",)

    def __init__(self, answer: Callable[[], _Response]) -> None:
        self._answer = answer

    async def __aenter__(self) -> _Response:
        return self._answer()

    async def __aexit__(self, *exc: object) -> None:
        return None


class _Session:
    """The aiohttp-like session under discord.py's ``HTTPClient.request``."""

    closed = False

    def __init__(self, client: StrictHTTPClient) -> None:
        self._client = client

    def request(self, method: str, url: str, **kwargs: Any) -> _Exchange:
        return _Exchange(lambda: self._client._exchange(kwargs))

    async def close(self) -> None:
        return None


class StrictHTTPClient(FakeHTTPClient):
    """simcord's transport with discord.py's own ``HTTPClient.request`` put back on top."""

    def __init__(self, strict: StrictDiscord, backend: Any, loop: asyncio.AbstractEventLoop,
                 *, message_content_access: bool = True) -> None:
        super().__init__(backend, loop, message_content_access=message_content_access)
        self.strict = strict
        strict.bind(backend)
        self._HTTPClient__session = _Session(self)  # the session HTTPClient.request uses
        self._global_over = asyncio.Event()
        self._global_over.set()

    async def static_login(self, token: str) -> Any:
        # HTTPClient.static_login would build an aiohttp session; simcord's skips the global
        # lock's event, which HTTPClient.request needs.
        self._global_over = asyncio.Event()
        self._global_over.set()
        return await super().static_login(token)

    async def request(self, route: Route, *, files: Any | None = None, form: Any | None = None,
                      **kwargs: Any) -> Any:
        # exactly what simcord's FakeHTTPClient.request hands to its router
        form_parts = list(form) if form is not None else None
        json_body = kwargs.get("json")
        file_list = list(files or [])
        if form_parts is not None:
            payload, file_list = router.parse_form(form_parts, file_list)
            if payload is not None:
                json_body = payload
        call = _Call(route, route.key, _path_of(route.url), json_body, kwargs.get("params"),
                     file_list, kwargs.get("reason"), simcord_runtime._BOT_SCOPE.get() is not None,
                     multipart=form_parts is not None)
        strict = self.strict
        strict._count(call, "requests")
        if not call.bot:
            strict._count(call, "driver")
        strict.check_schema(call)
        try:
            return await HTTPClient.request(self, route, files=files, form=form_parts,
                                            strict_call=call, **kwargs)
        except discord.RateLimited:
            strict._count(call, "exhausted")
            strict._event(call, "exhausted", 429, 0, "max_ratelimit_timeout")
            raise
        except discord.HTTPException as exc:
            if exc.status == 429 and call.limited:  # not an injected fault (env.inject_error)
                strict._count(call, "exhausted")
                strict._event(call, "exhausted", 429, exc.code,
                              f"discord.py gave up after {call.attempts} tries")
            raise

    def _exchange(self, kwargs: dict[str, Any]) -> _Response:
        call: _Call = kwargs["strict_call"]
        call.attempts += 1
        strict = self.strict
        strict._count(call, "attempts")
        if call.attempts > 1:
            strict._count(call, "retries")
        answer = strict.check(call)
        call.limited = answer is not None and answer.status == 429
        if answer is not None:
            strict._answered(call, answer.status)
            return answer
        return _dispatch(strict, call, self.backend, self.message_content_access)


def _dispatch(strict: StrictDiscord, call: _Call, backend: Any,
              message_content_access: bool) -> _Response:
    """Hand the call to simcord's router as simcord's transports do; its errors raised as
    theirs are (``_raise_for``), a 401/403/429 among them counted as invalid."""
    try:
        result = router.dispatch(
            backend,
            call.route.method,
            call.path,
            json=call.json,
            params=call.params,
            files=call.files,
            reason=call.reason,
            message_content_access=message_content_access,
        )
    except (router.RouteNotImplemented, router.UnsupportedField):
        raise
    except BackendError as exc:
        strict._answered(call, exc.status)
        _raise_for(exc)
        raise AssertionError("unreachable") from exc
    return _Response(200, strict.amend(call, result), strict.after(call))


class _WebhookSession:
    """The aiohttp-like session under discord.py's ``AsyncWebhookAdapter.request``, for one
    call (the adapter's signature has no room for it otherwise)."""

    closed = False

    def __init__(self, adapter: StrictWebhookAdapter, call: _Call) -> None:
        self._adapter = adapter
        self._call = call

    def request(self, method: str, url: str, **kwargs: Any) -> _Exchange:
        return _Exchange(lambda: self._adapter._exchange(self._call))


class StrictWebhookAdapter(FakeWebhookAdapter):
    """simcord's webhook adapter (interaction callbacks, followups, the original response)
    with discord.py's own ``AsyncWebhookAdapter.request`` put back on top, as
    :class:`StrictHTTPClient` does for REST calls.

    For each attempt of discord.py's loop the layer answers (a 429, 401/50027 on an expired
    token, 413/40005 for a file too big) or hands the call to simcord's router exactly as
    simcord's ``FakeWebhookAdapter.request`` does. discord.py's webhook loop is the real
    one: a lock per (webhook id, token), up to 5 tries, a 429 with the Via header slept
    (``retry_after``, scaled like every wait) and retried, a bucket emptied by
    ``X-RateLimit-Remaining: 0`` waited out before the lock is released; any other error is
    raised at once (403 ``Forbidden``, 404 ``NotFound``, anything else ``HTTPException`` —
    a 401 too). Interaction endpoints are not bound to the global limit; followups and edits
    have their own buckets per application id and token."""

    def __init__(self, strict: StrictDiscord, backend: Any, *,
                 message_content_access: bool = True) -> None:
        super().__init__(backend, message_content_access=message_content_access)
        self.strict = strict
        strict.bind(backend)
        self._locks: weakref.WeakValueDictionary[Any, asyncio.Lock] = (
            weakref.WeakValueDictionary())  # AsyncWebhookAdapter's, per (webhook id, token)

    async def request(self, route: Any, session: Any, *,
                      payload: dict[str, Any] | None = None,
                      multipart: list[dict[str, Any]] | None = None,
                      files: Any | None = None, params: dict[str, Any] | None = None,
                      **kwargs: Any) -> Any:
        # exactly what simcord's FakeWebhookAdapter.request hands to its router
        json_body: Any = payload
        file_list = list(files or [])
        if multipart:
            parsed, file_list = router.parse_form(multipart, file_list)
            if parsed is not None:
                json_body = parsed
        path = _path_of(route.url)
        token = route.webhook_token
        interaction = path.startswith("/interactions/") or (
            token is not None and token in self.backend.interaction_tokens)
        call = _Call(route, route.key, path, json_body, params, file_list, kwargs.get("reason"),
                     simcord_runtime._BOT_SCOPE.get() is not None, multipart=bool(multipart),
                     webhook=True, interaction=interaction)
        strict = self.strict
        strict._count(call, "requests")
        strict._count(call, "webhook")
        if not call.bot:
            strict._count(call, "driver")
        strict.check_schema(call)
        real: Callable[..., Any] = AsyncWebhookAdapter.request
        try:
            return await real(self, route, _WebhookSession(self, call), payload=payload,
                              multipart=multipart, files=files, params=params, **kwargs)
        except discord.HTTPException as exc:
            if exc.status == 429 and call.limited:
                strict._count(call, "exhausted")
                strict._event(call, "exhausted", 429, exc.code,
                              f"discord.py gave up after {call.attempts} tries")
            raise

    def _exchange(self, call: _Call) -> _Response:
        call.attempts += 1
        strict = self.strict
        strict._count(call, "attempts")
        if call.attempts > 1:
            strict._count(call, "retries")
        answer = strict.expired(call) or strict.check(call) or strict.launch(call)
        call.limited = answer is not None and answer.status == 429
        if answer is not None:
            strict._answered(call, answer.status)
            return answer
        return _dispatch(strict, call, self.backend, self.message_content_access)


# ------------------------------------------------------------------------------ pytest


def enabled_for(module: str, forced: bool | None = None) -> bool:
    """Whether the layer runs for a test of ``module`` (a file name): the marker's
    ``strict=`` wins, then :data:`ENV_VAR`, then :data:`STRICT_PENDING`."""
    if forced is not None:
        return forced
    value = os.environ.get(ENV_VAR, "").strip().lower()
    if value in ("0", "off", "no", "false"):
        return False
    if value in ("all", "force"):
        return True
    return module not in STRICT_PENDING


def install(request: pytest.FixtureRequest,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[StrictDiscord | None]:
    """The body of the autouse ``strict_discord`` fixture: install the layer in place of
    ``simcord._runtime.FakeHTTPClient`` (used again by ``env.restart_bot``), yield it (None
    when off), and fail the test at teardown if the bot broke a limit in ``fail_on``."""
    options: dict[str, Any] = {}
    for marker in reversed(list(request.node.iter_markers("discord_limits"))):
        options.update(marker.kwargs)  # the closest marker (the test's own) wins
    forced = options.pop("strict", None)
    if not enabled_for(Path(str(request.node.path)).name, forced):
        yield None
        return
    scale = os.environ.get(SCALE_VAR)
    if scale and "window_scale" not in options and "limits" not in options:
        options["window_scale"] = float(scale)
    strict = StrictDiscord.from_options(**options)
    monkeypatch.setattr(simcord_runtime, "FakeHTTPClient", strict.client)
    monkeypatch.setattr(simcord_runtime, "FakeWebhookAdapter", strict.webhook_adapter)
    yield strict
    log = os.environ.get(LOG_VAR)
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps({"test": request.node.nodeid, **strict.report()}) + "\n")
    strict.assert_clean()


MARKER = ("discord_limits(strict=None, fail_on=..., limits=None, **switches_or_numbers): "
          "the strict Discord layer for this test (tests/e2e/strict.py): strict=False turns "
          "it off, <switch>=False one limit, any Limits field a number")
