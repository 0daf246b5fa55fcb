"""The web page's extension: starts the web front end (``web/``) when ``HADARA_WEB_PORT`` is
set, stops it with the bot (docs/web.md)."""

from .cog import setup

__all__ = ["setup"]
