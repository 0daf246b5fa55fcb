"""The English message catalog, one module per area; ``bot.messages`` merges them."""
