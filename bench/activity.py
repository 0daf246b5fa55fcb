"""Benchmark: what the board inside Discord loads before its board (web/static/activity-main.js,
web/static/activity.js and the modules of Discord's Embedded App SDK they import), counted
apart from the page's own budget (bench/web.py "sizes"), and how long a browser takes from
the page Discord opens to the board, signed in through the real SDK in a page playing
Discord's client, against a local fake of Discord (as tests/web/test_activity_browser.py
does), each time in a fresh browser context (nothing cached).

    python bench/activity.py [--loads 5] [--out FILE]

Prints one JSON object, never asserts: the files (count, raw bytes, gzip level 6, bytes as
the server sends them), and the median and worst time to the board in chromium at 412 px
(skipped, with the reason, without chromium or Playwright).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

STATIC = ROOT / "web" / "static"
SDK = "vendor/discord-embedded-app-sdk/output"


def loaded_files() -> list[str]:
    """The files the Activity's page imports, under web/static (the SDK's mock excluded)."""
    from tests.web.vendor_sdk import closure

    return closure(STATIC, ("activity-main.js", "activity.js"))


async def sizes(base: str) -> dict[str, Any]:
    files = loaded_files()
    raw = packed = sent = 0
    async with aiohttp.ClientSession(auto_decompress=False) as http:
        for name in files:
            data = (STATIC / name).read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, compresslevel=6, mtime=0))
            async with http.get(f"{base}/static/{name}",
                                headers={"Accept-Encoding": "gzip, deflate, br"}) as resp:
                assert resp.status == 200, name
                sent += len(await resp.read())
    sdk = [f for f in files if f.startswith("vendor/")]
    return {"files": len(files), "sdk_files": len(sdk), "raw_bytes": raw,
            "gzip_bytes": packed, "sent_bytes": sent}


async def loads(table: Any, count: int) -> dict[str, Any]:
    chromium = Path("/usr/lib/chromium/chromium")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        return {"skipped": "Playwright for Python is not installed"}
    if not chromium.exists():
        return {"skipped": "Debian's chromium is not installed (apt install chromium)"}
    from tests.support.storage_helpers import ALICE
    from tests.web.test_activity_browser import in_harness

    times: list[float] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(chromium), args=["--no-sandbox"])
        try:
            for _ in range(count + 1):  # the first warms the server's drawings: not counted
                context = await browser.new_context(viewport={"width": 412, "height": 900})
                tab = await context.new_page()
                start = time.perf_counter()  # Discord's frame, the real SDK: as a player
                frame = await in_harness(table, tab, ALICE, [table.person(ALICE)], "mobile")
                await frame.wait_for_selector("body[data-game]", state="attached",
                                              timeout=30_000)
                times.append((time.perf_counter() - start) * 1000)
                await context.close()
        finally:
            await browser.close()
    counted = times[1:]
    return {"loads": len(counted), "median_ms": round(statistics.median(counted), 1),
            "worst_ms": round(max(counted), 1)}


async def bench(count: int) -> dict[str, Any]:
    from tests.support.storage_helpers import ALICE, HOST, make_env, table
    from tests.support.stores import SQLITE, StoreFactory
    from tests.web.test_activity import activity_served

    with tempfile.TemporaryDirectory() as tmp:
        env = await make_env(StoreFactory(SQLITE, Path(tmp)))
        try:
            gid = await table(env, (HOST, ALICE))
            async with activity_served(env, gid) as t:
                return {"static": await sizes(t.page.url("")), "to_board": await loads(t, count)}
        finally:
            await env.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    out = asyncio.run(bench(args.loads))
    text = json.dumps(out, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
