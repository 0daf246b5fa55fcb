// The page follows its game: a WebSocket to /ws/<game>?v=<version>; when the game moves on
// (or this seat's own part changed) the page is drawn again by the server. Reconnects with
// a growing delay. No inline script anywhere (the Content-Security-Policy forbids it).
(() => {
  "use strict";
  const root = document.querySelector("[data-game]");
  if (!root) return;
  const game = root.dataset.game;
  const version = Number(root.dataset.version);
  let delay = 1000;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${game}?v=${version}`);
    ws.onopen = () => { delay = 1000; };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.version !== version || message.mine) location.reload();
    };
    ws.onclose = (event) => {
      if (event.code === 4000) { location.reload(); return; }  // fell behind: redraw
      if (event.code === 4401 || event.code === 4403) return;  // signed out, not allowed
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  };
  connect();
})();
