"""Debian's chromium driven by Playwright for Python, for the web page's tests: the browser
binary (``/usr/bin/chromium`` is a wrapper script; Playwright's own browser download cannot
run here), a module-level skip with the reason where either is missing, one browser for a
test and a tab of a given width."""

from __future__ import annotations

import importlib.util
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

CHROMIUM = Path("/usr/lib/chromium/chromium")


def require_chromium() -> None:
    """Skip the calling test module, saying why, without chromium or Playwright."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt install chromium)",
                    allow_module_level=True)
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("Playwright for Python is not installed", allow_module_level=True)


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """A headless chromium for one test, closed after it."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            yield browser
        finally:
            await browser.close()


async def new_tab(browser: Browser, width: int, height: int = 900, **context: Any) -> Page:
    """A new tab in a context of its own (its own cookies), ``width`` CSS px wide."""
    made = await browser.new_context(viewport={"width": width, "height": height}, **context)
    return await made.new_page()
