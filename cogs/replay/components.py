"""The replay viewer's restart-proof components and its layout.

Every component is a ``DynamicItem`` whose whole state is its custom id, and a
:class:`~cogs.edge.guard.Guarded` asking the access policy (operation ``replay``) before it
runs:

- ``hd1:rp:<game>:<step>:<tag>``: a step button — ``f`` ⏮ (step 0), ``p`` ◀ and ``n`` ▶ (the
  step the id names), ``l`` ⏭ (the last step shown *now*: a game in play moves on), and ``o``
  "Watch the replay" under a finished game's final scores (opens a new private viewer);
- ``hd1:rj:<game>``: the select jumping to the first step of an epoch and phase (its values are
  step numbers).

A finished game's step that comes before one of the viewer's own decisions also has "Play
from here" (:class:`.fork.ForkButton`: a practice game from that decision).

A step beyond the last one shown (a modified client, a value typed by hand) is refused by the
service (``stale`` / ``replay_step``) and answered privately, like any stale click.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from io import BytesIO
from typing import Any, Self

import discord

from bot.messages import t
from bot.service.replay import ReplayStep
from cogs.edge.client import Interaction
from cogs.edge.custom_ids import GAME, CustomId, GameKey, number, one_of
from cogs.edge.errors import reply_error, safe_reply
from cogs.edge.guard import PRIVATE, UPDATE, Guarded, acknowledge
from hadara.narrate import EPOCH
from i18n import current

from .fork import ForkButton

FIRST, PREV, NEXT, LAST, OPEN = "f", "p", "n", "l", "o"
ARROWS = {FIRST: "⏮", PREV: "◀", NEXT: "▶", LAST: "⏭"}
TABLE, PLAYERS = "replay-table.png", "replay-players.png"
COLOUR = discord.Colour(0xC8963E)
MAX_DESCRIPTION = 4000
MAX_OPTIONS = 25


@dataclass(frozen=True)
class StepKey:
    game: int
    step: int
    tag: str


STEP = CustomId("rp:{game}:{step}:{tag}", StepKey, game=GAME, step=number(6),
                tag=one_of(FIRST, PREV, NEXT, LAST, OPEN))
JUMP = CustomId("rj:{game}", GameKey, game=GAME)


def step_id(game_id: int, step: int, tag: str) -> str:
    return STEP.format(StepKey(game_id, step, tag))


def jump_id(game_id: int) -> str:
    return JUMP.format(GameKey(game_id))


class ReplayButton(Guarded[StepKey], discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   spec=STEP):
    """A step of the viewer (or "Watch the replay", which opens one)."""

    access_kind = "replay"

    def __init__(self, game_id: int, step: int, tag: str, *, label: str | None = None,
                 disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if tag == OPEN else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(
            label=label if label is not None else ARROWS.get(tag, "?"), style=style,
            disabled=disabled, custom_id=step_id(game_id, step, tag)))
        self.game_id, self.step, self.tag = game_id, step, tag

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    def acknowledgement(self) -> str:
        return PRIVATE if self.tag == OPEN else UPDATE

    @classmethod
    def rebuild(cls, key: StepKey, item: discord.ui.Item[discord.ui.View]) -> Self:
        return cls(key.game, key.step, key.tag)

    async def clicked(self, interaction: Interaction) -> None:
        step: int | None = self.step
        if self.tag == LAST:
            step = None  # the last step shown now
        elif self.tag in (FIRST, OPEN):
            step = 0
        await show(interaction, self.game_id, step)


class ReplaySelect(Guarded[GameKey], discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                   spec=JUMP):
    """The jump to an epoch and phase (values: the step numbers)."""

    access_kind = "replay.jump"
    ack = UPDATE

    def __init__(self, item: discord.ui.Select[discord.ui.View], key: GameKey | None = None
                 ) -> None:
        super().__init__(item)
        key = key if key is not None else JUMP.parse(item.custom_id or "")
        assert key is not None
        self.game_id = key.game

    def access_target(self) -> tuple[int | None, int | None]:
        return self.game_id, None

    @classmethod
    def rebuild(cls, key: GameKey, item: discord.ui.Item[discord.ui.View]) -> Self:
        assert isinstance(item, discord.ui.Select)
        return cls(item, key)

    async def clicked(self, interaction: Interaction) -> None:
        values = self.item.values
        value = values[0] if len(values) == 1 else ""
        if not re.fullmatch(r"[0-9]{1,6}", value):
            await safe_reply(interaction, t("replay.malformed"))
            return
        await show(interaction, self.game_id, int(value))


COMPONENTS = (ReplayButton, ReplaySelect)


def watch_button(game_id: int) -> ReplayButton:
    """"Watch the replay", for the final-scores message (offered to the table)."""
    return ReplayButton(game_id, 0, OPEN, label=t("replay.watch"))


# ------------------------------------------------------------------------------ the layout


def where(state: ReplayStep) -> str:
    return t("replay.where", epoch=EPOCH.get(state.epoch, str(state.epoch)),
             phase=state.phase, round=state.round)


def text_of(state: ReplayStep) -> str:
    """The viewer's text: where the step is, its log lines, the players' cards (a finished
    game), within an embed's description."""
    parts = [where(state)]
    if state.seat is None:
        parts.append(t("replay.opening"))
    parts += [f"• {line}" for line in state.lines] or [t("replay.no_lines")]
    if state.full:
        parts.append("")
        parts.append(t("replay.cards.title"))
        none = t("replay.cards.none")
        for p in state.cards:
            line = t("replay.cards.line", name=p.name,
                     hand=", ".join(p.hand) or none)
            if p.pick is not None:
                line += " " + t("replay.cards.pick", card=p.pick)
            if p.sold:
                line += " " + t("replay.cards.sold", cards=", ".join(p.sold))
            parts.append(line)
    elif state.status != "finished":
        parts.append("")
        parts.append(t("replay.spectator"))
    text = "\n".join(parts)
    if len(text) > MAX_DESCRIPTION:
        text = text[:MAX_DESCRIPTION - 1] + "…"
    return text


def build(state: ReplayStep) -> dict[str, Any]:
    """The message's embeds, pictures and components at ``state``."""
    gid, k, last = state.game_id, state.step, state.last
    main = discord.Embed(title=t("replay.title", id=gid, step=k, last=last),
                         description=text_of(state), colour=COLOUR)
    main.set_image(url=f"attachment://{TABLE}")
    players = discord.Embed(colour=COLOUR)
    players.set_image(url=f"attachment://{PLAYERS}")
    files = [discord.File(BytesIO(state.images["table"]), filename=TABLE),
             discord.File(BytesIO(state.images["players"]), filename=PLAYERS)]
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(gid, 0, FIRST, disabled=k == 0))
    view.add_item(ReplayButton(gid, max(k - 1, 0), PREV, disabled=k == 0))
    view.add_item(ReplayButton(gid, min(k + 1, last), NEXT, disabled=k >= last))
    view.add_item(ReplayButton(gid, last, LAST, disabled=k >= last))
    marks = list(state.marks)[-MAX_OPTIONS:]
    if marks:
        here = max((i for i, m in enumerate(marks) if m[0] <= k), default=0)
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=jump_id(gid), placeholder=t("replay.jump"), row=1,
            options=[discord.SelectOption(
                label=t("replay.mark", epoch=EPOCH.get(e, str(e)), phase=p, step=s)[:100],
                value=str(s), default=i == here) for i, (s, e, p) in enumerate(marks)])
        view.add_item(ReplaySelect(select))
    return {"embeds": [main, players], "attachments": files, "view": view}


async def show(interaction: Interaction, game_id: int, step: int | None) -> None:
    """The viewer at ``step`` (None: the last shown) in the message the click came from (a
    step) or in the private answer (a command, "Watch the replay")."""
    try:
        await acknowledge(interaction, PRIVATE)  # (the guard's, already)
        service = interaction.client.service
        state = await service.replay(game_id, step, current())
        payload = build(state)
        # a finished game's step before one of the viewer's own decisions: "Play from here"
        if state.full and state.step < state.last and await service.forkable(
                game_id, interaction.user.id, state.step):
            payload["view"].add_item(ForkButton(game_id, state.step,
                                                label=t("fork.replay_button"), row=2))
        await interaction.edit_original_response(content=None, **payload)
    except Exception as exc:
        await reply_error(interaction, exc)
