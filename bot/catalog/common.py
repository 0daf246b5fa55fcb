"""Player-facing English strings: common."""

MESSAGES: dict[str, str] = {
}
