// The page follows its game: a WebSocket to /ws/<game>?v=<version>&m=<mark> (a spectator's
// page names its own socket in data-socket; the mark sums up the seat's own part, which a
// hidden choice changes without the version: the server tells a socket that connects behind
// on either at once); told that the game moved on, or that this seat's own part
// changed (no version, no content: the engine's version counts hidden picks), the page asks
// the server again for what changed (it compares the hashes of the page's parts) and replaces
// those parts in place, keeping the piece whose text is open, the focus and the scroll. Several changes close
// together make one redraw. Reconnects with a growing delay. No inline script anywhere (the
// Content-Security-Policy forbids it); no words here: the server draws every one.
//
// Signed in by a link, the session is a cookie and the page follows itself on load. Inside
// Discord (web/static/activity.js) the session is a bearer token in memory: the Activity's
// script calls hadaraFollow({ token, here, gone }) once it has put the board on its page —
// every request then carries the token (the socket: as a sub-protocol), the page's own
// address is `here` (Discord's frame has its own query), and a page the server refuses is
// handed to `gone` instead of being loaded over the frame.
"use strict";
const hadaraFollow = (auth = {}) => {
  const root = document.body;
  if (!root || !root.dataset.game) return;
  const path = root.dataset.socket || `/ws/${root.dataset.game}`;
  let here = auth.here || location.pathname + location.search;
  const query = () => (here.includes("?") ? here.slice(here.indexOf("?")) : "");
  const authorised = (headers = {}) => (auth.token ? { ...headers, Authorization: `Bearer ${auth.token}` } : headers);
  let version = Number(root.dataset.version);
  let mark = root.dataset.mark || "";
  // stop(): the Activity shows another game or the list of games in this page (no reload),
  // or its session is gone: this game's socket closes, its listeners go, nothing reconnects
  let stopped = false;
  let socket = null;
  const listening = new AbortController();
  const stop = () => {
    stopped = true;
    listening.abort();
    if (socket) socket.close();
  };
  // signed out, not allowed any more: the server says so in words (inside Discord, in place
  // of the board, and the page follows the game no more: a new session is a new Activity)
  const gone = async (response) => {
    if (auth.gone) { stop(); auth.gone(await response.text()); }
    else location.reload();
  };
  let delay = 1000;
  let busy = false;
  let pending = false;

  // Whatever is redrawn, the piece whose text is open stays open and the focus stays put.
  const keeping = (draw) => {
    const open = document.querySelector("[popover]:popover-open");
    const active = document.activeElement;
    const target = active && active.getAttribute("popovertarget");
    draw();
    if (open && open.id) {
      const same = document.getElementById(open.id);
      if (same && !same.matches(":popover-open")) same.showPopover();
    }
    if (target) {
      const button = document.querySelector(`[popovertarget="${CSS.escape(target)}"]`);
      if (button && !(open && open.id)) button.focus({ preventScroll: true });
    }
  };

  const settle = (next, nextMark) => {
    version = Number(next);
    mark = nextMark || "";
    root.dataset.version = String(version);
    root.dataset.mark = mark;
  };

  // the whole page again (a choice's answer, or when its layout changed)
  const swap = (next) => keeping(() => {
    for (const part of ["header", "main"]) {
      const now = document.querySelector(part);
      const then = next.querySelector(part);
      if (now && then) now.replaceWith(document.adoptNode(then));
    }
    settle(next.body.dataset.version, next.body.dataset.mark);
  });

  const fragment = (html) => {
    const template = document.createElement("template");
    template.innerHTML = html;  // the server's own HTML: no script runs (and the CSP has none)
    return template.content;
  };
  const partsHere = () => [...document.querySelectorAll("main [data-part]")];
  const fixed = (names) => names.filter((name) => !name.startsWith("pop-"));

  // only the parts that changed (the server compared their hashes): false when the page's
  // layout changed, to be drawn whole
  const patch = (data) => {
    const here = partsHere();
    if (fixed(here.map((el) => el.dataset.part)).join() !== fixed(data.order).join()) return false;
    keeping(() => {
      document.querySelector("header").replaceWith(fragment(data.header));
      const byName = new Map(here.map((el) => [el.dataset.part, el]));
      const popovers = document.querySelector(".popovers");
      for (const name of data.order) {
        const html = data.parts[name];
        if (html === undefined) continue;
        const now = byName.get(name);
        if (now) now.replaceWith(fragment(html));
        else if (popovers) popovers.append(fragment(html));
      }
      const wanted = new Set(data.order);
      for (const [name, el] of byName) if (!wanted.has(name)) el.remove();
      settle(data.version, data.mark);
    });
    return true;
  };

  // At most one redraw a second (the server allows a user two pages a second): changes
  // that come faster are drawn together.
  let last = 0;
  const redraw = async () => {
    if (stopped) return;
    if (busy) { pending = true; return; }
    busy = true;
    let wait = 0;
    try {
      const early = last + 1000 - Date.now();
      if (early > 0) await new Promise((done) => setTimeout(done, early));
      last = Date.now();
      const have = partsHere().map((el) => `${el.dataset.part}:${el.dataset.hash}`).join(",");
      const response = await fetch(here, {
        credentials: "same-origin", cache: "no-store",
        headers: authorised(have.length <= 8000 ? { "X-Hadara-Parts": have } : {}),
      });
      if (response.status === 429 || response.status === 503) {  // later, not a dead page
        wait = 1000 * Math.min(Number(response.headers.get("Retry-After")) || 5, 60);
        pending = true;
      } else if (!response.ok) {
        await gone(response);
        return;
      } else if ((response.headers.get("Content-Type") || "").startsWith("application/json")) {
        if (!patch(await response.json())) {  // the layout changed: the whole page
          const whole = await fetch(here, { credentials: "same-origin", cache: "no-store", headers: authorised() });
          if (whole.ok) swap(new DOMParser().parseFromString(await whole.text(), "text/html"));
        }
      } else {
        swap(new DOMParser().parseFromString(await response.text(), "text/html"));
      }
    } catch {
      wait = 5000;  // the network or the server is away: try again
      pending = true;
    } finally {
      busy = false;
    }
    if (pending) { pending = false; setTimeout(redraw, wait); }
  };

  // A choice: posted by fetch, the page that answers swapped in (the game after it, or as it
  // is now with why the choice was refused). Every choice is disabled while one is on its
  // way, so a double click sends one. Without this script the form posts as a plain form.
  let sending = false;
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("act")) return;
    event.preventDefault();
    if (sending) return;
    sending = true;
    const body = new FormData(form, event.submitter);
    for (const control of document.querySelectorAll(".choice, .pick input, .pay input")) {
      control.disabled = true;
    }
    try {
      const response = await fetch(form.action + query(), {
        method: "POST", body, credentials: "same-origin", cache: "no-store", headers: authorised(),
      });
      const text = await response.text();
      const next = new DOMParser().parseFromString(text, "text/html");
      if (next.body && next.body.dataset.game) swap(next);
      else if (auth.gone) { stop(); auth.gone(text); }
      else if (next.body) document.body.replaceWith(document.adoptNode(next.body));  // a refusal page
    } catch {
      if (auth.gone) redraw();
      else location.reload();
    } finally {
      sending = false;
    }
  }, { signal: listening.signal });

  // Inside Discord the language switch redraws the board in place (a link would load the
  // page over the frame, without the session).
  if (auth.token) {
    document.addEventListener("click", (event) => {
      const link = event.target instanceof Element && event.target.closest("nav.languages a");
      if (!link) return;
      event.preventDefault();
      here = link.getAttribute("href");
      fetch(here, { credentials: "same-origin", cache: "no-store", headers: authorised() })
        .then(async (response) => {
          if (!response.ok) return gone(response);
          const next = new DOMParser().parseFromString(await response.text(), "text/html");
          document.documentElement.lang = next.documentElement.lang;
          swap(next);
        })
        .catch(() => redraw());
    }, { signal: listening.signal });
  }

  const connect = () => {
    if (stopped) return;  // a reconnection timed before the page stopped following
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(
      `${scheme}://${location.host}${path}?v=${version}&m=${encodeURIComponent(mark)}`,
      auth.token ? ["hadara", `hadara.bearer.${auth.token}`] : undefined);
    socket = ws;
    // "seen": this page is in front of its player, who is then at the table (no ping from
    // Discord while it shows, as with an open panel): on opening, on showing again, every
    // minute while it shows
    const seen = () => {
      if (ws.readyState === WebSocket.OPEN && document.visibilityState === "visible") ws.send("seen");
    };
    ws.onopen = () => { delay = 1000; seen(); };
    const every = setInterval(seen, 60000);
    document.addEventListener("visibilitychange", seen);
    ws.addEventListener("close", () => {
      clearInterval(every);
      document.removeEventListener("visibilitychange", seen);
    });
    ws.onmessage = (event) => {
      if (typeof event.data === "string" && event.data.length < 256) redraw();
    };
    ws.onclose = (event) => {
      if (stopped) return;
      // asked to check again (4001), the server restarted or the network dropped: draw the
      // page as it is now (signed out or no longer allowed: the server's page in words),
      // then connect again
      redraw();
      if (event.code === 4401 || event.code === 4403) return;
      if (event.code === 4000) {
        // closed for a newer page of the same player (they have more open than the server
        // follows): this one connects again when it is looked at, not at once — at once, each
        // would close another in turn, for ever
        const back = () => {
          if (document.visibilityState !== "visible") return;
          document.removeEventListener("visibilitychange", back);
          connect();
        };
        document.addEventListener("visibilitychange", back, { signal: listening.signal });
        return;
      }
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  };
  connect();
  return { stop };
};
window.hadaraFollow = hadaraFollow;
hadaraFollow();
