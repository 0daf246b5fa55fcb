"""The web front end's application (docs/web.md): its routes and middlewares.

Every handler reaches the game through the :class:`~web.server.Bridge` into the service's
loop and the service's own calls, under the one access policy (bot/access.py): the page
reads no ``game.*``, never the store's games, and works out nothing of the rules.

* ``GET /healthz`` — whether the server and the service's loop answer.
* ``GET /l/{token}`` — a signed link (web/links.py) exchanged at once for a session: a random
  token in an ``HttpOnly; SameSite=Lax`` cookie (``Secure`` behind https), of which the store
  keeps only the SHA-256; then a redirect to the game's page, so the link leaves the address
  bar.
* ``GET /g/{game}`` — the game's page for the session's user: their seat's view when the
  access policy lets them see it (as in a DM: their own seat), else refused.
* ``GET /ws/{game}?v=…`` — the page's WebSocket (web/live.py): told when the game moves on;
  same origin only (``Origin``, ``Sec-Fetch-Site``), the session's user, the policy's answer.
* ``GET /s/{game}/{token}`` — a spectator link (web/spectate.py): the game's public view for
  anyone holding it, when the access policy lets the game be watched (``spectate``: its
  server allows it, never a private game); no session, no seat.
* ``GET /sw/{game}/{token}?v=…`` — the spectator page's WebSocket (seat None): told when the
  public board changes, nothing else.
* ``GET /static/…`` — the page's stylesheet and its one script.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from bot import access
from bot.kept import Kept
from bot.refusal_words import refusal_text
from bot.service import GameService, Refusal
from bot.service.screens import (
    MAX_GAMES_SCANNED,
    TIME_ZONE,
    GamesList,
    Hint,
    QueueState,
    TableState,
)
from hadara.types import ViewData
from i18n import DEFAULT, LOCALES, normalise, speaking, translate

from . import acting, activity, links, spectate
from .activity import Activity
from .choices import Acting
from .discord_api import DiscordRefused
from .games import Elsewhere, games_page
from .headers import Handler, security_headers
from .limits import Limits, Window
from .links import token_hash
from .live import Live, Socket
from .page import Part, game_page, header, mark, message_page, parts
from .server import Bridge

#: Seconds a page's redraws trust the store's last word on its session, and on whether its
#: game may be watched: a page redrawing after every change does not ask each time; signing
#: out everywhere, or a server closing its games to spectators, reaches it within this.
SESSION_TRUST = 30.0
WATCH_TRUST = 10.0
#: A socket lives this long, then closes with :data:`CLOSE_AGAIN`: its page connects again,
#: and the session and the policy are asked again (a signed-out session's page stops hearing
#: of its game within the hour).
SOCKET_LIFETIME = 3600.0
CLOSE_AGAIN = 4001
log = logging.getLogger(__name__)
MAX_BODY = 16 * 1024  # bytes: a request to the page is small; larger ones are refused (413)
STATIC = Path(__file__).with_name("static")
COOKIE = "hadara_session"
_GAME = re.compile(rf"^{activity.GAME_ID}$")  # a game id as the stores hold them
MAX_WATCHERS = 256  # open spectator sockets per game (more: 503, the page still loads)
#: Who may frame the page when the Activity is on: Discord's clients (web, desktop, its
#: Activity proxy) and the page itself (a test's stand-in for Discord's client).
DISCORD_FRAMES = ("'self'", "https://discord.com", "https://*.discord.com",
                  "https://discordapp.com", "https://*.discordapp.com",
                  "https://*.discordsays.com")


def discord_frames(client_id: int | None) -> tuple[str, ...]:
    """:data:`DISCORD_FRAMES`, with Discord's proxy narrowed to this application's own
    (``https://<client id>.discordsays.com``) when its id is known: another application's
    Activity may not frame the page."""
    if client_id is None:
        return DISCORD_FRAMES
    return DISCORD_FRAMES[:-1] + (f"https://{client_id}.discordsays.com",)


@dataclass
class Site:
    """What the routes need beyond the bridge: the service (used only on its own loop,
    through the bridge), the links' secret and the sessions' settings."""

    service: GameService
    secret: bytes
    secure_cookies: bool = True
    session_idle: float = 7 * 24 * 3600  # a session unused this long ends
    session_lifetime: float = 30 * 24 * 3600  # and every session ends after this
    clock: Callable[[], float] = field(default=time.time)
    live: Live = field(default_factory=Live)
    #: sessions the store said were live, and when (trusted :data:`SESSION_TRUST` seconds)
    sessions: Kept[str, tuple[int, float]] = field(default_factory=lambda: Kept(10_000))
    #: games the policy let be watched, and when (trusted :data:`WATCH_TRUST` seconds)
    watchable: Kept[int, float] = field(default_factory=lambda: Kept(10_000))
    #: the board inside Discord (web/activity.py), when the Activity is configured
    activity: Activity | None = None

    def forget(self, what: str, key: int) -> None:
        """On the web server's loop: a user signed out everywhere (``signed_out``), or a
        server changed its spectators' setting (``spectators``): trust no kept answer."""
        if what == "signed_out":
            for hashed in [h for h, (user, _) in self.sessions.items() if user == key]:
                del self.sessions[hashed]
            if self.activity is not None:
                self.activity.sign_out(key)
        elif what == "spectators":
            self.watchable.clear()
    limits: Limits = field(default_factory=Limits)
    #: spectators' pages and sockets per address (no user to count by; behind a reverse
    #: proxy every spectator shares its address, and each change redraws every page)
    watch: Window = field(default_factory=lambda: Window(600, 60))


@dataclass(frozen=True)
class Viewer:
    """Who a page's request comes from: a link's session (a cookie; as in a DM) or the
    Activity's (a bearer token; in the server of the instance Discord verified), and the
    credential its choices' CSRF token is derived from."""

    user: int
    guild: int | None = None
    credential: str = ""

    @property
    def actor(self) -> access.Actor:
        return access.Actor(self.user, self.guild)


def bearer(request: web.Request) -> str | None:
    """The Activity's session token: ``Authorization: Bearer`` (a socket, which cannot send
    headers from a browser: its sub-protocol ``hadara.bearer.<token>``)."""
    said = request.headers.get("Authorization", "")
    if said.startswith("Bearer "):
        return said[7:].strip()
    for offered in request.headers.get("Sec-WebSocket-Protocol", "").split(","):
        offered = offered.strip()
        if offered.startswith(activity.BEARER):
            return offered[len(activity.BEARER):]
    return None


def follow(site: Site, loop: asyncio.AbstractEventLoop) -> list[Callable[[], None]]:
    """On the service's loop, once the server serves on ``loop``: the pages follow their
    games — this process's updates and every process's notices. The unsubscribe calls."""
    site.live.loop = loop

    def forget(what: str, key: int) -> None:  # on the service's loop: trust ends at once
        with contextlib.suppress(RuntimeError):  # the web loop closed
            loop.call_soon_threadsafe(site.forget, what, key)

    return [site.service.subscribe(site.live.on_update),
            site.service.listen_changes(site.live.on_notice),
            site.service.on_web_change(forget)]


async def _ready() -> bool:
    return True


def language(request: web.Request, known: str | None = None) -> str:
    """The viewer's language: the page's switch (``?lang=``), else ``known`` (a player's
    own setting), else the first of ``Accept-Language`` we speak, else English."""
    chosen = request.query.get("lang", "")
    if chosen in LOCALES:
        return chosen
    if known in LOCALES:
        return str(known)
    for part in request.headers.get("Accept-Language", "")[:200].split(","):
        code = normalise(part.split(";")[0].strip())
        if code is not None:
            return code
    return DEFAULT


def limited(window: Window, key: object, now: float) -> None:
    """Refuse with 429 and ``Retry-After`` past ``window``'s limit for ``key``."""
    wait = window.check(key, now)
    if wait is not None:
        raise web.HTTPTooManyRequests(headers={"Retry-After": str(wait)},
                                      text="too many requests: try again later")


def html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


#: Drawings kept: every page watching a game redraws after each change, and the pages of one
#: seat (or the spectators) in one language see the same parts.
DRAWN_KEPT = 256
_DRAWN: Kept[tuple[object, ...], dict[str, Part]] = Kept(DRAWN_KEPT)


def _drawn_parts(state: TableState, locale: str, form: Acting | None, notice: str | None,
                 tip: str | None, queue: QueueState | None) -> dict[str, Part]:
    """The page's parts, drawn once per revision, seat, language and queue (a notice or a
    hint, seen by one page, is never kept)."""
    if notice or tip:
        return parts(state, locale, form, notice, tip, queue)
    key = (state.game_id, state.revision, state.view.get("viewer"), locale, form is not None,
           queue.token if queue else None, json.dumps(queue.queued) if queue else None)
    kept = _DRAWN.get(key)
    if kept is None:
        kept = _DRAWN[key] = parts(state, locale, form, notice, tip, queue)
    return kept


#: The live script's redraw says which parts its page holds: ``name:hash`` by commas.
PARTS_HEADER = "X-Hadara-Parts"
MAX_PARTS_HEADER = 8000


def render(request: web.Request, state: TableState, locale: str, status: int = 200, *,
           form: Acting | None = None, notice: str | None = None, tip: str | None = None,
           csrf: str = "", socket: str | None = None, here: str | None = None,
           queue: QueueState | None = None, elsewhere: Elsewhere | None = None
           ) -> web.Response:
    """The page, or for the live script's redraw (``X-Hadara-Parts``) only what changed:
    the header, the parts' order and the parts whose hash differs from the page's. The
    CSRF token is put in last (masked afresh for each answer); compressed when the browser
    takes it."""
    said = request.headers.get(PARTS_HEADER)
    if said is not None and len(said) <= MAX_PARTS_HEADER:
        have = dict(entry.partition(":")[::2] for entry in said.split(",") if entry)
        p = _drawn_parts(state, locale, form, notice, tip, queue)
        body = {"version": state.view["version"], "mark": mark(state.view), "order": list(p),
                "header": header(state, locale, here, elsewhere),
                "parts": {name: part.html for name, part in p.items()
                          if have.get(name) != part.hash}}
        text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
        response = web.Response(text=text.replace(acting.PLACEHOLDER, csrf) if csrf else text,
                                status=status, content_type="application/json")
    else:
        page = game_page(state, locale, acting=form, notice=notice, tip=tip, socket=socket,
                         here=here, queue=queue, elsewhere=elsewhere)
        response = html(page.replace(acting.PLACEHOLDER, csrf) if csrf else page, status)
    response.enable_compression()
    return response


def make_app(bridge: Bridge, site: Site | None = None, *,
             frame_ancestors: Iterable[str] = ()) -> web.Application:
    """The application served by :class:`~web.server.WebServer` (``site`` None: only the
    health check, as in the server's own tests)."""
    if site is not None and site.activity is not None and not frame_ancestors:
        frame_ancestors = discord_frames(site.activity.client_id)
    app = web.Application(client_max_size=MAX_BODY,
                          middlewares=[security_headers(frame_ancestors), _static_delivery])

    async def healthz(request: web.Request) -> web.Response:
        """Whether the page's server answers and the service's loop with it."""
        try:
            alive = await asyncio.wait_for(bridge.call(_ready()), 5)
        except TimeoutError:
            alive = False
        return web.json_response({"ok": alive}, status=200 if alive else 503)

    app.router.add_get("/healthz", healthz)
    app.router.add_static("/static", STATIC, show_index=False, follow_symlinks=False)
    if site is not None:
        _page_routes(app, bridge, site)
        if site.activity is not None:  # its client to Discord ends with the server
            discord_api = site.activity.discord

            async def close_discord(_: web.Application) -> None:
                await discord_api.close()

            app.on_cleanup.append(close_discord)
    return app


@web.middleware
async def _static_delivery(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The page's static files (no secret in them): compressed when the browser takes it,
    and kept by the browser to be asked again with their ETag (a 304 when unchanged) — the
    Activity loads Discord's SDK, some seventy modules, each time it opens."""
    response = await handler(request)
    if request.path.startswith("/static/") and isinstance(response, web.FileResponse):
        response.headers["Cache-Control"] = "no-cache"
        # not on a question that may be answered 304 or in part: aiohttp would write a
        # compressed empty body after a 304 (then the file comes whole, uncompressed)
        if not any(h in request.headers for h in CONDITIONAL):
            response.enable_compression()
    return response


CONDITIONAL = ("If-None-Match", "If-Modified-Since", "If-Range", "Range")


def _page_routes(app: web.Application, bridge: Bridge, site: Site) -> None:
    service = site.service

    async def exchange(request: web.Request) -> web.Response:
        locale = language(request)
        limited(site.limits.links, request.remote, site.clock())
        try:
            link = links.verify(site.secret, request.match_info["token"], site.clock())
        except links.LinkRefused as refused:
            return html(message_page(translate_refusal(locale, refused.reason), locale), 403)
        token = secrets.token_urlsafe(32)
        try:
            await bridge.call(service.open_web_session(token_hash(token), link.user,
                                                       site.clock(), site.session_lifetime))
        except Refusal:  # the database cannot store it now: nothing was opened
            raise web.HTTPServiceUnavailable(text="try again in a moment") from None
        response = web.HTTPSeeOther(f"/g/{link.game}")
        response.set_cookie(COOKIE, token, max_age=int(site.session_lifetime), path="/",
                            httponly=True, secure=site.secure_cookies, samesite="Lax")
        raise response

    async def viewer(request: web.Request) -> Viewer | None:
        """The page's signed-in viewer: the Activity's bearer token, else the link's
        cookie (None: nobody)."""
        token = bearer(request)
        if token is not None:
            seat = site.activity.seat(token) if site.activity is not None else None
            return Viewer(seat.user, seat.guild, token) if seat is not None else None
        token = request.cookies.get(COOKIE, "")
        if not 0 < len(token) <= 64:
            return None
        hashed = token_hash(token)
        now = site.clock()
        known = site.sessions.get(hashed)
        if known is not None and 0 <= now - known[1] < SESSION_TRUST:  # a page's redraws
            return Viewer(known[0], None, token)
        try:
            user = await bridge.call(service.web_session_user(hashed, site.clock(),
                                                              site.session_idle))
        except Refusal:  # the database cannot answer now
            raise web.HTTPServiceUnavailable(text="try again in a moment") from None
        if user is not None:
            site.sessions[hashed] = (user, now)
        else:
            site.sessions.pop(hashed, None)
        return Viewer(user, None, token) if user is not None else None

    async def signed_in(request: web.Request, window: Window) -> Viewer:
        """The signed-in viewer, within ``window``'s limit (401 with a page in words when
        nobody is signed in)."""
        who = await viewer(request)
        if who is None:
            locale = language(request)
            raise web.HTTPUnauthorized(text=message_page(_t(locale, "web.signed.out"), locale),
                                       content_type="text/html")
        limited(window, who.user, site.clock())
        return who

    async def player(request: web.Request, window: Window) -> tuple[str, int, Viewer]:
        """The page's language, its game and the signed-in viewer (:func:`signed_in`)."""
        game_id = game_of(request)
        return language(request), game_id, await signed_in(request, window)

    async def page(request: web.Request) -> web.Response:
        _, game_id, who = await player(request, site.limits.pages)
        return await drawn(request, who, game_id)

    async def drawn(request: web.Request, who: Viewer, game_id: int,
                    notice: Refusal | None = None, status: int = 200,
                    hint: Hint | None = None) -> web.Response:
        """The player's page (their choices on it), with what became of their last choice."""
        try:
            state, known, queue, elsewhere = await bridge.call(_seat_table(
                site.service, who.actor, game_id))
        except Refusal:
            locale = language(request)
            return html(message_page(_t(locale, "web.not.allowed"), locale), 403)
        locale = language(request, known)
        form = Acting(acting.PLACEHOLDER, f"/g/{game_id}/act")
        csrf = acting.csrf_token(site.secret, who.credential)
        said = None
        if notice is not None:
            with speaking(locale):
                said = refusal_text(notice, when=lambda at: _t(
                    locale, "web.retry", seconds=max(1, round(at - site.clock()))),
                    catalog=state.catalog)
        tip = _t(locale, "web.hint", label=hint.label, reason=hint.reason) if hint else None
        return render(request, state, locale, status, form=form, notice=said, tip=tip,
                      csrf=csrf, queue=queue, elsewhere=elsewhere)

    async def act(request: web.Request) -> web.Response:
        """A choice posted from the player's page: same origin, their session, its CSRF
        token, a form of our shape; then the buttons' own call. Done: back to the page (303);
        refused: the page as it is now, saying why (409)."""
        if not same_origin(request, site):
            raise web.HTTPForbidden(text="cross-origin")
        locale, game_id, who = await player(request, site.limits.acts)
        form = await request.post()
        if not acting.csrf_valid(site.secret, who.credential, form.get("csrf")):
            return html(message_page(_t(locale, "web.act.forged"), locale), 403)
        try:
            picks = form.getall("card" if form.get("do") == "queue" else "pick", [])
            choice = acting.parse(form, [str(p) for p in picks][:acting.MAX_PICKS + 1])
        except acting.BadForm:
            return html(message_page(_t(locale, "web.act.malformed"), locale), 400)
        try:
            hint = await bridge.call(acting.act(site.service, who.actor, game_id, choice))
        except Refusal as refusal:
            return await drawn(request, who, game_id, refusal, 409)
        if hint is not None:  # a hint is shown on the page, nothing changed
            return await drawn(request, who, game_id, hint=hint)
        raise web.HTTPSeeOther(request.path.rsplit("/", 1)[0] + _query(request))

    async def socket(request: web.Request) -> web.StreamResponse:
        if not same_origin(request, site):
            raise web.HTTPForbidden(text="cross-origin")
        game_id = game_of(request)
        who = await viewer(request)
        if who is None:
            raise web.HTTPUnauthorized(text="signed out")
        user = who.user
        limited(site.limits.sockets, user, site.clock())
        try:
            seat, version, shown = await bridge.call(_seat_and_version(site.service, who.actor,
                                                                       game_id))
        except Refusal:
            raise web.HTTPForbidden(text="not allowed") from None
        sock = Socket(_socket(bearer(request) is not None), user, game_id, seat)

        def seen() -> None:  # the page is in front of its player: they are at the table
            if seat is not None:
                _soon(bridge, _seen(site.service, game_id, seat, user))

        return await _serve(request, site.live, sock, version, shown, seen)

    async def watch_page(request: web.Request) -> web.Response:
        locale = language(request)
        game_id = game_of(request)
        limited(site.watch, request.remote, site.clock())
        if not spectate.valid(site.secret, game_id, request.match_info["token"]):
            return html(message_page(_t(locale, "web.watch.refused"), locale), 403)
        now = site.clock()
        trusted = 0 <= now - site.watchable.get(game_id, now - WATCH_TRUST) < WATCH_TRUST
        try:
            state = await bridge.call(_watched_table(site.service, game_id, asked=trusted))
        except Refusal:  # not to be watched (the policy), or no such game: one answer
            site.watchable.pop(game_id, None)
            return html(message_page(_t(locale, "web.watch.refused"), locale), 403)
        if not trusted:
            site.watchable[game_id] = now
        return render(request, state, locale, socket=spectate.socket_path(site.secret, game_id),
                      here=spectate.page_path(site.secret, game_id))

    async def watch_socket(request: web.Request) -> web.StreamResponse:
        if not same_origin(request, site):
            raise web.HTTPForbidden(text="cross-origin")
        game_id = game_of(request)
        limited(site.watch, request.remote, site.clock())
        if not spectate.valid(site.secret, game_id, request.match_info["token"]):
            raise web.HTTPForbidden(text="not allowed")
        if watchers(site.live, game_id) >= MAX_WATCHERS:
            raise web.HTTPServiceUnavailable(text="too many spectators: try again later")
        try:
            version = await bridge.call(_watched_version(site.service, game_id))
        except Refusal:
            raise web.HTTPForbidden(text="not allowed") from None
        return await _serve(request, site.live, Socket(_socket(), None, game_id, None), version,
                            "")

    async def games(request: web.Request) -> web.Response:
        """The signed-in player's games (web/games.py), waiting on them first."""
        who = await signed_in(request, site.limits.pages)
        listed, known, zone_name = await bridge.call(_games_of(service, who.user))
        locale = language(request, known)
        response = html(games_page(listed, locale, site.clock(), zone_name))
        response.enable_compression()
        return response

    if site.activity is not None:
        _activity_routes(app, bridge, site, site.activity, viewer)
    app.router.add_get("/games", games)
    app.router.add_get("/l/{token}", exchange)
    app.router.add_get("/g/{game}", page)
    app.router.add_post("/g/{game}/act", act)
    app.router.add_get("/ws/{game}", socket)
    app.router.add_get("/s/{game}/{token}", watch_page)
    app.router.add_get("/sw/{game}/{token}", watch_socket)


def _activity_routes(app: web.Application, bridge: Bridge, site: Site, act: Activity,
                     viewer: Callable[[web.Request], Coroutine[Any, Any, Viewer | None]]
                     ) -> None:
    """The board inside Discord (web/activity.py): the page Discord opens, its sign-in and
    its pick of a game; from there the page is the live board with a bearer token."""
    service = site.service

    async def shell(request: web.Request) -> web.Response:
        return html(activity.shell(language(request), act.client_id))

    def said(reason: str, status: int) -> web.Response:
        """A sign-in refused: which of the page's messages to show (it holds their words)."""
        return web.json_response({"error": reason}, status=status)

    async def sign_in(request: web.Request) -> web.Response:
        if not same_origin(request, site):
            raise web.HTTPForbidden(text="cross-origin")
        if (request.content_length or 0) > activity.MAX_SIGN_IN:
            raise web.HTTPRequestEntityTooLarge(max_size=activity.MAX_SIGN_IN,
                                                actual_size=request.content_length or 0)
        try:
            body = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict) or not activity.valid_code(body.get("code")) \
                or not activity.valid_instance(body.get("instance_id")):
            return said("refused", 400)
        instance = str(body["instance_id"])
        now = site.clock()
        # the instance is the caller's word until Discord is asked: each address's share
        limited(act.per_address, request.remote, now)  # first, so an outsider's made-up
        limited(act.per_instance, instance, now)  # ones cannot use up everyone's
        limited(act.everyone, None, now)
        if not act.first_use(str(body["code"])):  # a code is exchanged once
            return said("refused", 403)
        try:
            token = await act.discord.exchange(str(body["code"]))
            user, _ = await act.discord.user(token)
            where = await act.discord.instance(instance)
        except DiscordRefused as refused:
            return said(refused.reason, 503 if refused.reason == "unavailable" else 403)
        if user not in where.users:
            return said("not_there", 403)
        actor = access.Actor(user, where.guild_id)
        try:
            game, games, known = await bridge.call(_activity_game(
                service, actor, instance, where.channel_id, activity.deep_link(
                    body.get("custom_id"))))
        except Refusal:
            raise web.HTTPServiceUnavailable(text="try again in a moment") from None
        session = act.open(user, where.guild_id, where.channel_id, instance)
        locale = language(request, known)
        return web.json_response({
            "session": session, "access_token": token, "user": str(user), "locale": locale,
            "game": game, "games": [{"id": g, "label": _t(locale, "web.title", id=g)}
                                    for g in games],
            "here": _t(locale, "web.activity.here")})

    async def pick(request: web.Request) -> web.Response:
        if not same_origin(request, site):
            raise web.HTTPForbidden(text="cross-origin")
        token = bearer(request) or ""
        seat = act.seat(token)
        if seat is None:
            raise web.HTTPUnauthorized(text="signed out")
        limited(site.limits.pages, seat.user, site.clock())
        try:
            body = await request.json()
        except ValueError:
            body = None
        game = body.get("game") if isinstance(body, dict) else None
        if not isinstance(game, int) or isinstance(game, bool) or not 0 < game < 2 ** 53:
            return said("refused", 400)
        try:
            await bridge.call(_activity_pick(service, access.Actor(seat.user, seat.guild),
                                             seat.instance, game))
        except Refusal:
            return said("refused", 403)
        return web.json_response({"game": game})

    app.router.add_get("/", shell)
    app.router.add_post("/a/session", sign_in)
    app.router.add_post("/a/pick", pick)


async def _games_of(service: GameService, user: int
                    ) -> tuple[GamesList, str | None, str | None]:
    """On the service's loop: the user's games (as many as a page lists), their language
    (as their game's page takes it: their choice, else their Discord client's) and their
    time zone."""
    zone_name = (await service.user_settings(user)).get(TIME_ZONE)
    return (await service.games(user, limit=GAMES_LISTED), await service.user_language(user),
            zone_name if isinstance(zone_name, str) else None)


#: Games the list page shows (the rest are counted).
GAMES_LISTED = 50


async def _activity_game(service: GameService, actor: access.Actor, instance: str,
                         channel: int | None, asked: int | None
                         ) -> tuple[int | None, list[int], str | None]:
    """On the service's loop: the game the instance shows the actor, when the policy lets
    them see it (the instance then shows it to everyone who joins); else the actor's own
    games to pick from; and the actor's language."""
    user = actor.user_id
    game = await service.activity_game(instance, user, channel, asked)
    if game is not None:
        try:
            await _seat(service, actor, game)
            service.map_activity(instance, game)
        except Refusal:
            game = None
    games = [] if game is not None else await service.games_of(user)
    return game, games, await service.user_language(user)


async def _activity_pick(service: GameService, actor: access.Actor, instance: str,
                         game: int) -> None:
    """On the service's loop: the actor picked ``game`` on the Activity's page."""
    await _seat(service, actor, game)
    service.map_activity(instance, game)


def game_of(request: web.Request) -> int:
    """The game id of the path, or 404 (an id no store can hold is not looked up)."""
    text = request.match_info["game"]
    if _GAME.match(text) is None:
        raise web.HTTPNotFound()
    return int(text)


def watchers(live: Live, game_id: int) -> int:
    """The spectators' sockets open on the game (they have no user)."""
    return sum(1 for sock in live.games.get(game_id, ()) if sock.user is None)


def _query(request: web.Request) -> str:
    """The page's own language switch kept across a choice (nothing else is carried)."""
    chosen = request.query.get("lang", "")
    return f"?lang={chosen}" if chosen in LOCALES else ""


def same_origin(request: web.Request, site: Site | None = None) -> bool:
    """A socket opened, or a form posted, by this site's own page: ``Origin`` names this
    host (or, the Activity on, Discord's proxy of this application, through which the page
    inside Discord reaches us), and the browser does not say the request came from another
    site."""
    origin = request.headers.get("Origin", "")
    scheme, _, host = origin.partition("://")
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site not in (None, "same-origin") or not host:
        return False
    if host == request.host:
        return True
    return site is not None and site.activity is not None and scheme == "https" \
        and host == f"{site.activity.client_id}.discordsays.com"


def _socket(bearing: bool = False) -> web.WebSocketResponse:
    """A page's socket; the Activity's page names its session in a sub-protocol, so the
    answer names ours (a browser closes a socket whose answer names none it offered)."""
    return web.WebSocketResponse(heartbeat=30, max_msg_size=256,
                                 protocols=(activity.PROTOCOL,) if bearing else ())


async def _serve(request: web.Request, live: Live, sock: Socket, version: int, shown: str,
                 seen: Callable[[], None] | None = None) -> web.WebSocketResponse:
    """Open ``sock`` and tell it of the game's changes until it closes: at once when the page
    is behind (its ``v`` query is the version of the view it shows — the view's, never the
    engine's — and its ``m`` the :func:`~web.page.mark` of its own part: ``version`` and
    ``shown`` are the service's now, read before the socket joins :class:`Live`, so a change
    after that read is told and one before it is seen here). ``seen`` is called when the
    page says it is in front of its player ("seen")."""
    ws = sock.ws
    await ws.prepare(request)
    live.add(sock)
    try:
        if request.query.get("v", "") != str(version) or request.query.get("m", "") != shown:
            sock.tell(True)  # moved on while the page was away, or before it connected
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(_pump(sock, seen), SOCKET_LIFETIME)
    finally:
        live.remove(sock)
        await ws.close(code=CLOSE_AGAIN if not ws.closed else 1000)
    return ws


#: What a page may say on its socket: that it is in front of its player (sent when it shows
#: and every minute while it does). Anything else, or too much, closes the socket.
SEEN = "seen"
SEEN_EVERY = 20.0  # seconds: "seen" more often than this counts once


async def _pump(sock: Socket, seen: Callable[[], None] | None = None) -> None:
    """Send the socket's queued messages until it closes, and hear the page's "seen"."""
    async def read() -> None:
        last = -SEEN_EVERY
        async for message in sock.ws:
            if message.type != web.WSMsgType.TEXT or message.data != SEEN:
                return
            now = asyncio.get_running_loop().time()
            if seen is not None and now - last >= SEEN_EVERY:
                last = now
                seen()

    reader: asyncio.Task[Any] = asyncio.ensure_future(read())
    getter: asyncio.Task[Any] | None = None
    try:
        while not sock.ws.closed:
            getter = asyncio.ensure_future(sock.due.wait())
            done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in done:
                return
            try:
                await sock.ws.send_json(sock.take())
            except ConnectionResetError:  # the page went while a frame was on its way
                return
    finally:  # also when the server shuts down with the page open: nothing left pending
        reader.cancel()
        if getter is not None:
            getter.cancel()


def _soon(bridge: Bridge, coro: Coroutine[Any, Any, None]) -> None:
    """Run ``coro`` on the service's loop without waiting for it (its failure is logged)."""
    def done(future: concurrent.futures.Future[None]) -> None:
        if not future.cancelled() and future.exception() is not None:
            log.warning("a page's note to the service failed: %r", future.exception())

    asyncio.run_coroutine_threadsafe(coro, bridge.loop).add_done_callback(done)


async def _seen(service: GameService, game_id: int, seat: int, user: int) -> None:
    """On the service's loop: the seat's player has its page in front of them."""
    service.presence.seen(game_id, seat, user)


async def _seat_and_version(service: GameService, actor: access.Actor, game_id: int
                            ) -> tuple[int | None, int, str]:
    """On the service's loop: the policy's answer (as for the page), the user's seat, the
    view's version and its :func:`~web.page.mark` now."""
    view = await _seat_view(service, actor, game_id)
    return view.get("viewer"), view["version"], mark(view)


async def _seat(service: GameService, actor: access.Actor, game_id: int) -> int | None:
    """On the service's loop: the access policy for a page's session (a link's: an actor
    with no server, as in a DM; the Activity's: in its verified server): the user's seat
    (None: they have none, and the policy lets them see the board)."""
    seat = await service.seat_of(game_id, actor.user_id)
    await service.authorize(actor, game_id, "panel" if seat is not None else "board")
    return seat


async def _seat_view(service: GameService, actor: access.Actor, game_id: int) -> ViewData:
    """The user's seat's view (the spectator's if they have none), after the policy."""
    return await service.view(game_id, await _seat(service, actor, game_id))


async def _seat_table(service: GameService, actor: access.Actor, game_id: int
                      ) -> tuple[TableState, str | None, QueueState | None, Elsewhere]:
    """The page's table for the user's seat, after the policy, the user's language, what
    they may queue while they wait (as the queue panel offers it), and their other games
    (how many wait on them; the next, once this one does not)."""
    user = actor.user_id
    seat = await _seat(service, actor, game_id)
    state = await service.table(game_id, seat)
    queue = None
    if seat is not None and state.status == "active" and not state.options:
        try:
            queue = await service.queue_panel(game_id, user)
        except Refusal:  # nothing to queue from here (a seat taken over …)
            queue = None
    listed = await service.games(user, limit=MAX_GAMES_SCANNED)
    here = any(line.game_id == game_id for line in listed.your_turn)
    nxt = None if here else next(iter(listed.your_turn), None)
    return (state, await service.user_language(user), queue,
            Elsewhere(len(listed.your_turn), nxt))


async def _watched(service: GameService, game_id: int) -> None:
    """On the service's loop: the access policy for a spectator link (anyone holding it:
    ``access.ANYONE``, the operation ``spectate``)."""
    await service.authorize(access.ANYONE, game_id, "spectate")


async def _watched_table(service: GameService, game_id: int, *, asked: bool = False
                         ) -> TableState:
    """The spectator's table (the public view, seat None), after the policy (``asked``: it
    said yes a moment ago)."""
    if not asked:
        await _watched(service, game_id)
    return await service.table(game_id, None)


async def _watched_version(service: GameService, game_id: int) -> int:
    """The spectator view's version now, after the policy (for a spectator's socket)."""
    await _watched(service, game_id)
    return (await service.view(game_id, None))["version"]


def _t(locale: str, key: str, **params: object) -> str:
    return translate(locale, key, **params)


def translate_refusal(locale: str, reason: str) -> str:
    return _t(locale, "web.link.refused", why=reason)
