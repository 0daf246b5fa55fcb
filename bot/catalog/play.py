"""Player-facing English strings: play."""

MESSAGES: dict[str, str] = {
}
