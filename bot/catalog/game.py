"""Player-facing English strings: game."""

MESSAGES: dict[str, str] = {
}
