"""The Discord edge of the access policy (``bot/access.py``): who acts, where, with which powers.

Every interaction goes through it before it reads or changes a game:

- the command tree's check (:func:`check`) decides the operations on a server or on oneself
  (``table.new``, ``league``, ``league.manage``, ``self`` …) for every command and
  autocomplete, by the command's entry in ``access.COMMANDS``;
- a command that names a game resolves it with ``cogs.edge.games.find_game``, which asks
  :func:`game` with the command's operation;
- every restart-proof component subclasses :class:`Guarded`, whose ``interaction_check``
  acknowledges the click (Discord allows 3 seconds; the policy may read the store), then asks
  :func:`game` (or the server rule) with the component's operation (``access.COMPONENTS``)
  before its ``clicked`` runs, and answers a refusal privately.

The cogs decide no permission themselves; a refusal is a service ``Refusal`` (code ``denied``
or ``limited``) worded by ``cogs.edge.errors``.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Generic, Self, TypeVar

import discord

from bot import access
from bot.access import Actor, GameFacts

from .client import Interaction
from .custom_ids import CustomId
from .errors import reply_error
from .language import enter

K = TypeVar("K")

#: How a component's click is acknowledged: ``PRIVATE`` a "thinking…" private message the
#: answer replaces (a new panel, a hint, a vote); ``UPDATE`` silently, the clicked message
#: being edited afterwards (a panel's step or choice, a lobby button); ``ITSELF`` not before
#: the click is allowed: its answer is the first (the Activity's launch, which can only be
#: the first answer to a click, cogs/edge/launch.py), within Discord's 3 seconds.
PRIVATE, UPDATE, ITSELF = "private", "update", "itself"


async def acknowledge(interaction: Interaction, how: str = PRIVATE) -> None:
    """Acknowledge the interaction (once: a no-op when it already was; ``ITSELF``: left to
    the click's own answer)."""
    if interaction.response.is_done() or how == ITSELF:
        return
    if how == UPDATE:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


def actor(interaction: Interaction) -> Actor:
    """The user, the server they act in (None in a DM) and their powers there."""
    guild = interaction.guild_id
    perms = interaction.permissions
    return Actor(interaction.user.id, guild,
                 manage_guild=guild is not None and bool(perms.manage_guild),
                 manage_threads=guild is not None and bool(perms.manage_threads))


async def game(interaction: Interaction, game_id: int, operation: str, *,
               seat: int | None = None) -> GameFacts:
    """The policy for this interaction doing ``operation`` to ``game_id``; raises the
    service's ``Refusal`` (``denied``, ``not_found`` …) when it may not."""
    interaction.extras["game_id"] = game_id
    return await interaction.client.service.authorize(actor(interaction), game_id, operation,
                                                      seat=seat)


def server(interaction: Interaction, operation: str) -> None:
    """The policy for an operation on the server the interaction comes from (or oneself)."""
    interaction.client.service.authorize_server(actor(interaction), operation)


def guild_of(interaction: Interaction) -> int:
    """The server a server's command is typed in (a DM: discord.py's ``NoPrivateMessage``,
    answered "this command works in a server" by ``cogs.edge.errors``)."""
    if interaction.guild_id is None:
        raise discord.app_commands.NoPrivateMessage()
    return interaction.guild_id


def allowed(interaction: Interaction, operation: str) -> bool:
    """Whether a server-level operation would be allowed (an optional extra of a command)."""
    return bool(access.decide_server(actor(interaction), operation))


def is_manager(interaction: Interaction, facts: GameFacts) -> bool:
    """A manager of the game's own server (Manage Server or Manage Threads there)."""
    who = actor(interaction)
    return (facts.guild_id is not None and who.guild_id == facts.guild_id
            and (who.manage_guild or who.manage_threads))


def command_operation(interaction: Interaction) -> str | None:
    """The operation of the interaction's slash command (None: not a known command)."""
    command = interaction.command
    if command is None:
        return None
    return access.operation_of_command(command.qualified_name)


async def check(interaction: Interaction, /) -> bool:
    """The command tree's check, for every command and autocomplete: the user's language, and
    the server-level rule of the command's operation (game operations are decided once the
    command knows its game)."""
    await enter(interaction)
    operation = command_operation(interaction)
    if operation is None or access.rule_of(operation).kind not in access.SERVER_KINDS:
        return True
    try:
        server(interaction, operation)
    except Exception as exc:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
        else:
            await reply_error(interaction, exc)
        return False
    return True


class Guarded(Generic[K]):
    """Base of every restart-proof component (before ``discord.ui.DynamicItem``): its whole
    state is its custom id — the class names its :class:`~cogs.edge.custom_ids.CustomId`
    (``spec=``), which gives discord.py the template and reads a click's id into a key of
    type ``K`` (:meth:`rebuild`) — and its :meth:`clicked` runs only after the access policy
    allowed the click, in the clicking user's language.

    A component class sets ``access_kind`` (its ``access.COMPONENTS`` key, or overrides
    :meth:`access_name`) and :meth:`access_target` (the game and seat its custom id names).
    discord.py types ``from_custom_id``, ``interaction_check`` and ``callback`` for any
    client: they are met here once, and the rest is typed with the bot."""

    spec: ClassVar[CustomId[Any]]
    access_kind: ClassVar[str] = ""
    #: how its click is acknowledged, before anything is read (``PRIVATE`` or ``UPDATE``)
    ack: ClassVar[str] = PRIVATE
    #: the game's facts once the policy allowed the click (None: a component of no game)
    facts: GameFacts | None = None

    def __init_subclass__(cls, *, spec: CustomId[Any] | None = None, **kwargs: Any) -> None:
        if spec is not None:  # a DynamicItem: its template is the spec's
            cls.spec = spec
            kwargs["template"] = spec.template
        super().__init_subclass__(**kwargs)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls.rebuild(cls.spec.read(match), item)

    @classmethod
    def rebuild(cls, key: K, item: discord.ui.Item[Any]) -> Self:
        """The component of a click: its custom id's ``key``; ``item``, the component as
        Discord sent it (a select's chosen values)."""
        raise NotImplementedError

    def access_name(self) -> str:
        return self.access_kind

    def acknowledgement(self) -> str:
        """How this click is acknowledged (``ack``, or by what the custom id says)."""
        return self.ack

    def access_target(self) -> tuple[int | None, int | None]:
        """(game id, seat) named by the custom id; (None, None): no game."""
        return None, None

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        try:  # discord.py drops an exception raised here without a word: answer it
            await enter(interaction)
            await acknowledge(interaction, self.acknowledgement())  # within Discord's 3 s
            operation = access.operation_of_component(self.access_name())
            game_id, seat = self.access_target()
            if game_id is None:
                server(interaction, operation)
            else:
                self.facts = await game(interaction, game_id, operation, seat=seat)
        except Exception as exc:
            await reply_error(interaction, exc)
            return False
        return True

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.clicked(interaction)

    async def clicked(self, interaction: Interaction) -> None:
        """What the click does, once the policy allowed it."""
        raise NotImplementedError
