"""The web page's sessions and signing secret (migration 0010, docs/web.md)."""

from __future__ import annotations

import secrets
from typing import Any

from ..dialect import Tx
from .core import SqlCore

WEB_SECRET = "web_secret"  # its key in ``meta``


#: Seconds between two notes of a session's use (its ``seen_at``).
NOTE_USE_EVERY = 60.0


class WebTables(SqlCore):
    """Sessions of the web page (by the hash of their token) and the signing secret."""

    async def web_secret(self) -> str:
        """The server's secret for signed links, made once (the first process to ask makes
        it; every process reads the same)."""
        made = secrets.token_hex(32)

        async def write(tx: Tx) -> Any:
            await tx.execute("INSERT INTO meta (key, value) VALUES (?, ?)"
                             " ON CONFLICT (key) DO NOTHING", (WEB_SECRET, made))
            return await tx.fetchval("SELECT value FROM meta WHERE key = ?", (WEB_SECRET,))

        return str(await self._run(write, write=True))

    async def open_session(self, token_hash: str, user_id: int, now: float,
                           lifetime: float) -> None:
        async def write(tx: Tx) -> None:
            await tx.execute("INSERT INTO web_sessions (token_hash, user_id, created_at,"
                             " seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                             (token_hash, user_id, now, now, now + lifetime))

        await self._run(write, write=True)

    async def session_user(self, token_hash: str, now: float, idle: float) -> int | None:
        """The user of a live session (its use noted), or None: no such session, idle for
        longer than ``idle`` seconds, or past its end (then it is deleted). A session used in
        the last :data:`NOTE_USE_EVERY` seconds is only read: a page's redraws do not each
        write the store (idle ends are days)."""
        async def read(tx: Tx) -> Any:
            return await tx.fetchone("SELECT user_id, seen_at, expires_at FROM web_sessions"
                                     " WHERE token_hash = ?", (token_hash,))

        row = await self._run(read)
        if row is None:
            return None
        user_id, seen_at, expires_at = row
        if 0 <= now - seen_at < NOTE_USE_EVERY and now < expires_at and now - seen_at <= idle:
            return int(user_id)

        async def write(tx: Tx) -> Any:
            row = await tx.fetchone("SELECT user_id, seen_at, expires_at FROM web_sessions"
                                    " WHERE token_hash = ?", (token_hash,))
            if row is None:
                return None
            user_id, seen_at, expires_at = row
            if now - seen_at > idle or now >= expires_at:
                await tx.execute("DELETE FROM web_sessions WHERE token_hash = ?", (token_hash,))
                return None
            await tx.execute("UPDATE web_sessions SET seen_at = ? WHERE token_hash = ?",
                             (now, token_hash))
            return user_id

        user = await self._run(write, write=True)
        return None if user is None else int(user)

    async def end_sessions(self, user_id: int) -> int:
        """Sign a user out everywhere: how many sessions ended."""
        async def write(tx: Tx) -> int:
            return await tx.execute("DELETE FROM web_sessions WHERE user_id = ?", (user_id,))

        return int(await self._run(write, write=True))
