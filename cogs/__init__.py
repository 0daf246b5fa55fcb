"""discord.py cogs and components: thin adapters from interactions to the game service and
from the service's updates to messages. No rules, no prices, no engine internals here."""
