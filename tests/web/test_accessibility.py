"""The page's accessibility, checked in a real browser (Playwright for Python over Debian's
chromium, as tests/web/test_browser.py; docs/web.md "Vendored files and accessibility"):

- axe-core (vendored, tests/web/vendor/axe-core/, pinned in web/vendor.json) run over a
  player's page at 412 and 1280 px, in light and dark colours, and over the refusal pages,
  against WCAG 2.0/2.1 A and AA: no violation of impact "serious" or "critical";
- the page usable on a phone without zooming at 360 and 412 px (tests/web/phone_checks.py):
  laid out at the phone's width, no sideways scrolling, text ≥ 14 CSS px, targets ≥ 44 px;
- and both checks shown to fail on a deliberately bad page.

The page forbids inline script (its Content-Security-Policy), so axe is injected into a
browser context opened with ``bypass_csp=True``: the tests' own script, never the page's.
Skipped, with the reason, where chromium or Playwright is missing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.support.browser import CHROMIUM, require_chromium
from tests.support.storage_helpers import ALICE
from tests.web.phone_checks import (
    phone_context,
    phone_problems,
    target_problems,
    text_problems,
    zoom_problems,
)
from tests.web.test_pages import Page, page  # noqa: F401  (the fixture)

require_chromium()

from playwright.async_api import async_playwright  # noqa: E402

if TYPE_CHECKING:
    from playwright.async_api import Browser
    from playwright.async_api import Page as Tab

AXE = Path(__file__).with_name("vendor") / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = ("serious", "critical")

_RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                          resultTypes: ['violations', 'incomplete']});
  const shape = (v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map(n => ({target: n.target, impact: n.impact, summary: n.failureSummary,
                              html: n.html.slice(0, 160)}))});
  return {violations: result.violations.map(shape), incomplete: result.incomplete.map(shape),
          passed: result.passes.length};
}"""


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as p:
        launched = await p.chromium.launch(executable_path=str(CHROMIUM),
                                           args=["--no-sandbox"])
        try:
            yield launched
        finally:
            await launched.close()


async def axe(tab: Tab) -> list[dict[str, Any]]:
    """axe-core's violations of the WCAG 2.0/2.1 A and AA rules on the page open in *tab*.
    (What axe could not decide — "incomplete", e.g. a contrast over an image — is printed, for
    a person to look at with ``-s``; it fails nothing.)"""
    await tab.add_script_tag(path=str(AXE))
    result = await tab.evaluate(_RUN, TAGS)
    assert result["passed"] > 0, "axe-core checked nothing: is the page empty?"
    if result["incomplete"]:
        print(report(f"to review by hand on {tab.url[:60]}", result["incomplete"]))
    return list(result["violations"])


def blocking(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v["impact"] in BLOCKING]


def report(where: str, violations: list[dict[str, Any]]) -> str:
    """The violations in words: rule, impact, help, and each element (selector, why)."""
    lines = []
    for v in violations:
        lines.append(f"{where}: {v['id']} ({v['impact']}) — {v['help']} [{v['helpUrl']}]")
        for node in v["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            why = " ".join(str(node["summary"] or "").split())
            lines.append(f"    {target}: {why}  {node['html']}")
    return "\n".join(lines)


async def open_tab(browser: Browser, url: str, **context: Any) -> Tab:
    tab = await (await browser.new_context(bypass_csp=True, **context)).new_page()
    await tab.goto(url)
    await tab.wait_for_load_state("load")
    return tab


@pytest.mark.sqlite_only
async def test_a_players_page_has_no_serious_violation(page: Page,  # noqa: F811
                                                       browser: Browser) -> None:
    found: list[str] = []
    for width, colours in ((412, "light"), (1280, "light"), (412, "dark")):
        tab = await open_tab(browser, page.link(ALICE), color_scheme=colours,
                             viewport={"width": width, "height": 900})
        assert tab.url.endswith(f"/g/{page.gid}")  # the player's own page, signed in
        violations = await axe(tab)
        print(report(f"the page at {width} px, {colours}", violations))  # all, with -s
        bad = blocking(violations)
        if bad:
            found.append(report(f"the page at {width} px, {colours}", bad))
        await tab.context.close()
    assert not found, "axe-core's serious violations:\n" + "\n".join(found)


@pytest.mark.sqlite_only
async def test_the_refusal_pages_have_no_serious_violation_and_fit_a_phone(
        page: Page, browser: Browser) -> None:  # noqa: F811
    found: list[str] = []
    forged = page.link(ALICE)[:-2] + "AA"
    for what, url, status in (("a forged link", forged, 403),
                              ("no session", page.url(f"/g/{page.gid}"), 401)):
        tab = await (await browser.new_context(bypass_csp=True, **phone_context(360))).new_page()
        response = await tab.goto(url)
        assert response is not None and response.status == status
        violations = await axe(tab)
        print(report(f"the refusal page ({what})", violations))  # all, with -s
        bad = blocking(violations)
        if bad:
            found.append(report(f"the refusal page ({what})", bad))
        found += [f"the refusal page ({what}) at 360 px: {p}"
                  for p in await phone_problems(tab, 360)]
        await tab.context.close()
    assert not found, "\n".join(found)


@pytest.mark.sqlite_only
@pytest.mark.parametrize("width", [360, 412])
async def test_a_players_page_is_usable_on_a_phone(page: Page,  # noqa: F811
                                                   browser: Browser, width: int) -> None:
    tab = await open_tab(browser, page.link(ALICE), **phone_context(width))
    assert tab.url.endswith(f"/g/{page.gid}")
    found = await phone_problems(tab, width)
    assert not found, f"the page at {width} px:\n" + "\n".join(found)


BAD_PAGE = """<!doctype html><html><head><title>bad</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; font: 16px sans-serif; } .faint { color: #bbb; background: #fff; }
.tiny { font-size: 10px; } .wide { width: 900px; } button.small { width: 20px; height: 20px; }
</style></head><body><main>
<h1>A bad page</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40">
<button class="small"></button>
<p class="faint">Text nobody can read on white.</p>
<p class="tiny">Text too small to read.</p>
<div class="wide">Too wide for a phone.</div>
<p>A sentence with <a href="#x">an inline link</a> in it is fine.</p>
</main></body></html>"""


async def test_the_checks_find_a_bad_page(browser: Browser) -> None:
    context = await browser.new_context(bypass_csp=True, **phone_context(360))
    tab = await context.new_page()
    await tab.set_content(BAD_PAGE)
    violations = await axe(tab)
    bad = {v["id"] for v in blocking(violations)}
    assert {"image-alt", "button-name", "color-contrast", "html-has-lang"} <= bad, \
        report("bad", violations)
    text = report("the bad page", violations)
    assert "image-alt (critical)" in text and "color-contrast (serious)" in text
    assert "    .faint: Fix any of the following: Element has insufficient color contrast" in text
    # the phone checks
    zoom = await zoom_problems(tab, 360)
    assert zoom[:2] == ["laid out 900 px wide on a 360 px screen (zoomed out: no viewport meta "
                        "tag, or content too wide)",
                        "scrolls sideways: 900 px of content on a 360 px screen"], zoom
    assert zoom[2:] == ["sticks out: body > main > div.wide spans 0–900 px"], zoom
    small = await text_problems(tab)
    assert small == ['text 10.0 px < 14: "Text too small to read." in '
                     'body > main > p.tiny:nth-of-type(2)'], small
    targets = await target_problems(tab)
    # the button, not the link within a sentence
    assert targets == ["target 20×20 px < 44×44: body > main > button.small"], targets
    # a page without a viewport meta tag is laid out wider than the phone
    tab = await context.new_page()
    await tab.set_content("<!doctype html><title>t</title><p>Hello</p>")
    assert any(p.startswith("laid out 980 px wide on a 360 px screen")
               for p in await zoom_problems(tab, 360))
    await context.close()
