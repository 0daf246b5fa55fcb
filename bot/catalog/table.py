"""Player-facing English strings: table."""

MESSAGES: dict[str, str] = {
}
