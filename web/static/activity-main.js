// The board inside Discord starts here (web/static/activity.js): Discord's frame names
// frame_id, instance_id and platform in the address; outside it, the page says where the
// board opens instead.
import { DiscordSDK } from "./vendor/discord-embedded-app-sdk/output/index.mjs";
import { begin, say } from "./activity.js";

const clientId = document.body.dataset.activity;
if (!new URLSearchParams(location.search).get("frame_id")) {
  say("outside");
} else {
  try {
    begin(new DiscordSDK(clientId, { disableConsoleLogOverride: true }), clientId);
  } catch {
    say("failed");  // an address Discord did not make (no instance_id, no platform …)
  }
}
