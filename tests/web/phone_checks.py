"""Is a page usable on a phone without zooming (issue 36: "usable at 360–412 px without zooming,
text ≥ 14 CSS px, targets ≥ 44 px")? Checks run inside a page open in a browser (Playwright's
async ``Page``), each answering a list of problems in words (empty: none), so any browser test
can run them on any page: ``await phone_problems(tab, 360)``.

- ``zoom_problems``: the page is laid out at the phone's own width (its viewport meta tag is
  honoured, nothing wider than the screen: no horizontal scrolling), naming what sticks out.
- ``text_problems``: every visible text is at least ``MIN_TEXT`` CSS px — its computed
  font-size, times the SVG's scale for text inside an ``<svg>`` (a ``font-size`` in a viewBox's
  units is drawn at that scale).
- ``target_problems``: every visible interactive element (``INTERACTIVE``) is at least
  ``MIN_TARGET`` × ``MIN_TARGET`` CSS px. The only exception is WCAG 2.5.5's "inline" one: a
  link (``<a>``) laid out inline within a sentence of other text, whose height is the line's.

Visible: the element has a box with an area on the page (``display: none``, a closed
``<details>``'s content, ``visibility: hidden`` and a 1 px visually-hidden box are not).
Open the page's context with ``viewport={"width": w, ...}, is_mobile=True, has_touch=True``
(``phone_context``) so the browser lays it out as a phone does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.async_api import Page

MIN_TEXT = 14.0
MIN_TARGET = 44.0
# what a finger taps; tabindex="-1" makes an element focusable by script only, not a target
INTERACTIVE = ("a[href], button, summary, [role=button], [role=link], [role=tab], "
               "[role=menuitem], [role=checkbox], [role=radio], [role=switch], "
               "input:not([type=hidden]), select, textarea, "
               "[tabindex]:not([tabindex='-1'])")


def phone_context(width: int, height: int = 800) -> dict[str, Any]:
    """The keywords for ``browser.new_context`` of a phone this wide (CSS px)."""
    return {"viewport": {"width": width, "height": height}, "is_mobile": True,
            "has_touch": True, "device_scale_factor": 2}


# a short CSS path of an element, for the problems' words
_DESCRIBE = r"""
const describe = (el) => {
  const parts = [];
  for (let e = el; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
    let part = e.localName;
    if (e.id) { parts.unshift(part + '#' + e.id); break; }
    const cls = (typeof e.className === 'string' ? e.className : e.getAttribute('class') || '')
      .trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (cls.length) part += '.' + cls.join('.');
    const parent = e.parentElement;
    if (parent) {
      const same = [...parent.children].filter(c => c.localName === e.localName);
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(e) + 1})`;
    }
    parts.unshift(part);
    if (e.localName === 'body') break;
  }
  return parts.join(' > ');
};
const shown = (el) => {
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return false;
  const r = el.getBoundingClientRect();
  return r.width > 1 && r.height > 1;
};
const snippet = (s) => { s = s.replace(/\s+/g, ' ').trim(); return s.length > 40 ? s.slice(0, 39) + '…' : s; };
"""

_ZOOM = _DESCRIBE + r"""
(width) => {
  // A phone zooms a page out to fit content wider than the screen: its layout viewport
  // (innerWidth) grows. Everything is measured against the screen's own width.
  const found = [];
  if (window.innerWidth !== width)
    found.push(`laid out ${window.innerWidth} px wide on a ${width} px screen ` +
               `(zoomed out: no viewport meta tag, or content too wide)`);
  const wide = document.documentElement.scrollWidth;
  if (wide > width) {
    found.push(`scrolls sideways: ${wide} px of content on a ${width} px screen`);
    const out = [...document.body.querySelectorAll('*')].filter(el => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
    });
    // the outermost ones only: their children stick out with them
    for (const el of out.filter(el => !out.includes(el.parentElement)).slice(0, 10)) {
      const r = el.getBoundingClientRect();
      found.push(`sticks out: ${describe(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
    }
  }
  return found;
}
"""

_TEXT = _DESCRIBE + r"""
(minimum) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim()) continue;
    const el = node.parentElement;
    if (!el || ['script', 'style', 'noscript', 'template'].includes(el.localName)) continue;
    if (!shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      if (m) size *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    if (size + 0.01 < minimum)
      found.push(`text ${size.toFixed(1)} px < ${minimum}: "${snippet(node.data)}" in ${describe(el)}`);
  }
  return found;
}
"""

_TARGETS = _DESCRIBE + r"""
([selector, minimum]) => {
  const found = [];
  const blockOf = (el) => {
    for (let e = el.parentElement; e; e = e.parentElement)
      if (!getComputedStyle(e).display.startsWith('inline')) return e;
    return document.body;
  };
  for (const el of document.querySelectorAll(selector)) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width + 0.01 >= minimum && r.height + 0.01 >= minimum) continue;
    // WCAG 2.5.5's inline exception: a link within a sentence of other text
    if (el.localName === 'a' && getComputedStyle(el).display === 'inline') {
      const own = el.textContent.trim().length;
      const around = blockOf(el).textContent.replace(/\s+/g, ' ').trim().length;
      if (own > 0 && around > own + 1) continue;
    }
    const name = snippet(el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') || '');
    found.push(`target ${r.width.toFixed(0)}×${r.height.toFixed(0)} px < ${minimum}×${minimum}: ` +
               `${describe(el)}${name ? ` "${name}"` : ''}`);
  }
  return found;
}
"""


async def zoom_problems(tab: Page, width: int) -> list[str]:
    """The page is not laid out at *width* CSS px, or scrolls sideways (what sticks out)."""
    return list(await tab.evaluate(_ZOOM, width))


async def text_problems(tab: Page, minimum: float = MIN_TEXT) -> list[str]:
    """Visible text smaller than *minimum* CSS px."""
    return list(await tab.evaluate(_TEXT, minimum))


async def target_problems(tab: Page, minimum: float = MIN_TARGET,
                          selector: str = INTERACTIVE) -> list[str]:
    """Visible interactive elements smaller than *minimum* × *minimum* CSS px."""
    return list(await tab.evaluate(_TARGETS, [selector, minimum]))


async def phone_problems(tab: Page, width: int) -> list[str]:
    """Everything that makes the page open in *tab* unusable at *width* px without zooming."""
    return [*await zoom_problems(tab, width), *await text_problems(tab),
            *await target_problems(tab)]
