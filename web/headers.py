"""The security headers of every answer of the web server (docs/security.md, "The web page").

A strict Content-Security-Policy — scripts and styles only from the page's own origin, no
inline script, no eval, no plugin, no framing except by the hosts named (Discord's, for the
Activity) — and the headers that keep a browser from guessing types, leaking the address
(which carried a signed link) or sharing the window with another origin.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def csp(frame_ancestors: Iterable[str] = ()) -> str:
    """The Content-Security-Policy: ``frame_ancestors`` the origins allowed to frame the page
    (none by default)."""
    ancestors = " ".join(frame_ancestors) or "'none'"
    return ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; "
            f"frame-ancestors {ancestors}")


def security_headers(frame_ancestors: Iterable[str] = ()) -> Callable[..., Awaitable[
        web.StreamResponse]]:
    """An aiohttp middleware setting the headers on every answer, refusals included."""
    policy = csp(frame_ancestors)
    fixed = {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    }

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            response = await handler(request)
        except web.HTTPException as exc:  # a refusal is an answer too: it gets the headers
            response = exc
        for name, value in fixed.items():
            response.headers.setdefault(name, value)
        response.headers.setdefault("Cache-Control", "no-store")
        if isinstance(response, web.HTTPException):
            raise response
        return response

    return middleware
