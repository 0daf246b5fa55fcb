// The board inside Discord (web/activity.py, docs/web.md "The board inside Discord"): signs
// in through Discord's Embedded App SDK, then puts the live board on this page and lets
// live.js follow it with the session as a bearer token held here, in memory only (Discord's
// frame is another site: its cookies may be dropped). Who else has the board open comes
// from the SDK's participants. No words here: the server drew every one on the page.

// one of the page's messages (signing, outside, refused, not_there, unavailable, pick, none,
// failed), the others hidden
export const say = (word) => {
  for (const p of document.querySelectorAll("main [data-say]")) p.hidden = p.dataset.say !== word;
};

const post = (path, body, token) => fetch(path, {
  method: "POST", credentials: "same-origin", cache: "no-store", body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
});

// a page the server refused (signed out, not allowed): its words in place of the board
const gone = (html) => {
  const next = new DOMParser().parseFromString(html, "text/html");
  const main = next.querySelector("main");
  const here = document.querySelector("main");
  if (main && here) here.replaceWith(document.adoptNode(main));
  else say("failed");
};

// the game followed now (live.js's), stopped when another game or the list is shown
let follower = null;

// a page of the server's over this one (its header, its main, its icons), the line of who
// is here kept below the header
const put = (next) => {
  const body = document.body;
  const together = document.querySelector("aside.together");
  for (const key of Object.keys(body.dataset)) if (key !== "activity") delete body.dataset[key];
  for (const [key, value] of Object.entries(next.body.dataset)) body.dataset[key] = value;
  document.documentElement.lang = next.documentElement.lang;
  document.title = next.title;
  body.replaceChildren(...[...next.body.childNodes].map((node) => document.adoptNode(node)));
  const main = body.querySelector("main");
  if (together && main) body.insertBefore(together, main);
  // a new page in place: the focus goes to its heading, not lost to the body
  const heading = body.querySelector("h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
};

const fetched = async (path, session) => {
  const response = await fetch(path, {
    credentials: "same-origin", cache: "no-store", headers: { Authorization: `Bearer ${session}` },
  });
  const text = await response.text();
  if (!response.ok) { gone(text); return null; }
  return new DOMParser().parseFromString(text, "text/html");
};

// the list of the player's games (web/games.py)
const list = async (session) => {
  if (follower) { follower.stop(); follower = null; }
  const next = await fetched("/games", session);
  if (next) put(next);
};

// inside Discord a link to a game or to the list is followed in place, with the session
// (a link would load the page over the frame, without it)
let session = null;
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element && event.target.closest("a[data-game], a[data-games]");
  if (!link || !session) return;
  event.preventDefault();
  const shown = link.dataset.game ? show(Number(link.dataset.game), session) : list(session);
  shown.catch(() => say("failed"));
});

// the board's page over this one; then live.js follows the game
const show = async (game, current) => {
  session = current;
  if (follower) { follower.stop(); follower = null; }
  const here = `/g/${game}`;
  const next = await fetched(here, current);
  if (!next) return;
  put(next);
  follower = window.hadaraFollow({ token: current, here, gone });
};

// no game named by the launch: the player's own games, one button each
const pick = (answer, session) => {
  const list = document.querySelector("main ul.games");
  if (!answer.games.length || !list) { say("none"); return; }
  say("pick");
  for (const game of answer.games) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.textContent = game.label;
    button.addEventListener("click", async () => {
      const response = await post("/a/pick", { game: game.id }, session);
      if (response.ok) await show(game.id, session);
      else say("refused");
    });
    const item = document.createElement("li");
    item.append(button);
    list.append(item);
  }
  list.hidden = false;
};

// who has this board open in Discord now (the SDK needs the access token back for that;
// it is dropped here once used)
const together = async (sdk, answer) => {
  const aside = document.querySelector("aside.together");
  if (!aside) return;
  await sdk.commands.authenticate({ access_token: answer.access_token });
  answer.access_token = null;
  aside.querySelector(".label").textContent = answer.here;
  const draw = (participants) => {
    const names = (participants || []).map((p) => p.nickname || p.global_name || p.username)
      .filter(Boolean);
    aside.querySelector(".names").textContent = names.join(", ");
    aside.hidden = names.length === 0;
  };
  draw((await sdk.commands.getInstanceConnectedParticipants()).participants);
  await sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (event) => draw(event.participants));
};

// sign in through the SDK (`sdk`: Discord's, or a stand-in in tests), then show the board
export const begin = async (sdk, clientId) => {
  let answer;
  try {
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
    });
    const response = await post("/a/session", {
      code, instance_id: sdk.instanceId, custom_id: sdk.customId || null,
    });
    answer = await response.json().catch(() => ({}));
    if (!response.ok || !answer.session) { say(answer.error || "failed"); return; }
  } catch {
    say("failed");  // Discord's client said no (the player closed the prompt …)
    return;
  }
  together(sdk, answer).catch(() => {});  // the board shows without it
  try {
    if (answer.game) await show(answer.game, answer.session);
    else pick(answer, answer.session);
  } catch {
    say("failed");
  }
};
