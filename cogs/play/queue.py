"""Acting ahead on Discord: "Queue my choice" for a Phase-B take, a colony or a statue that is
coming but not yet the player's turn (the service's plans: ``hadara/ahead.py``).

The button sits on the waiting panel of "Take my turn" and on ``/hadara hand``; it opens an
ephemeral panel listing what can be queued (the tops with the player's prices now, the colony
levels, the statue spaces) and the plan queued already, with:

* a multi-select of the tops (1 to 3, in order of preference), then mode buttons "Buy, else
  sell" / "Buy only" / "Sell";
* a select of colony choices (level + plunder or integrate, or no colony);
* a select of statue spaces (or no statue), then a button per bonus tile and side;
* "Withdraw" when a plan is queued.

Every component is a ``DynamicItem``; its custom id (at most 100 characters) is versioned and
names the game, the seat, the step and a token of the game's position, so a click after the
game moved on answers with a fresh panel::

    hd1:q:<game>:<seat>:<kind>:<token>[:<arg>]
    kinds: o open, m mode (arg <mode>:<card>.<card>…), t statue tile (arg <space>.<tile>.<side>),
           w withdraw, b back; selects: pb Phase-B cards, c colony, s statue space
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Self

import discord

from bot.messages import t
from bot.plan_words import (  # noqa: F401  (re-exported)
    colony_choices,
    pay_text,
    plan_text,
    statue_pairs,
    statue_spaces,
)
from bot.service import Refusal
from bot.service.screens import QueueState, offered
from bot.storage.base import JSONObject
from cogs.edge.client import Interaction
from cogs.edge.custom_ids import GAME, SEAT, CustomId, one_of, text
from cogs.edge.errors import Denied, reply_error
from cogs.edge.guard import PRIVATE, UPDATE, Guarded, acknowledge
from hadara import ahead as plans
from hadara.content import Catalog
from hadara.words import card_name, colour_name

log = logging.getLogger(__name__)

MAX_PICKS = 3
COLOUR = discord.Colour(0xC8963E)
MODES = plans.PHASE_B_MODES
Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]
#: The kinds of the queue panel's selects (the others are buttons).
SELECTS = ("pb", "c", "s")


@dataclass(frozen=True)
class QueueKey:
    """A queue panel component's custom id: the game, the seat, the kind of click, the token
    of the game's position the panel showed (``-``: none yet) and the click's argument."""

    game: int
    seat: int
    kind: str
    token: str = "-"
    arg: str | None = None


BUTTON = CustomId("q:{game}:{seat}:{kind}:{token}[:{arg}]", QueueKey, game=GAME, seat=SEAT,
                  kind=one_of("o", "m", "t", "w", "b"), token=text("[0-9a-f]{4}|-"),
                  arg=text("[A-Za-z0-9._:-]{1,60}"))
SELECT = CustomId("q:{game}:{seat}:{kind}:{token}", QueueKey, game=GAME, seat=SEAT,
                  kind=one_of(*SELECTS), token=text("[0-9a-f]{4}"))


# ------------------------------------------------------------------------------ pure parts


def custom_id(game_id: int, seat: int, kind: str, tok: str = "-", arg: str | None = None) -> str:
    key = QueueKey(game_id, seat, kind, tok, arg)
    return (SELECT if kind in SELECTS else BUTTON).format(key)


def parse(custom: str) -> QueueKey | None:
    return BUTTON.parse(custom) or SELECT.parse(custom)


def panel_lines(options: JSONObject, queued: JSONObject | None,
                name: Callable[[str], str] = str) -> list[str]:
    """The ahead panel's text: what can be queued, with the prices now, and the plan."""
    kinds = offered(options)
    lines = [t("ahead.intro") if kinds else t("ahead.none")]
    pb = kinds.get(plans.PHASE_B)
    if pb is not None:
        lines.append(t("ahead.section.phase_b", turns=pb["turns_before"], coins=pb.get("coins")))
        for c in pb.get("cards") or []:
            lines.append(t("ahead.card", name=name(c["card"]), colour=colour_name(c.get("colour")),
                           buy=c.get("buy"), sell=c.get("sell"),
                           afford="" if c.get("can_buy") else t("ahead.card.cannot_afford")))
    col = kinds.get(plans.COLONY)
    if col is not None:
        lines.append(t("ahead.section.colony", turns=col["turns_before"],
                       military=col.get("military")))
        for lv in col.get("levels") or []:
            top = lv.get("top")
            if top is None or not (lv.get("can_plunder") or lv.get("can_integrate")):
                lines.append(t("ahead.level.out", level=lv["level"]))
                continue
            lines.append(t("ahead.level", level=lv["level"], plunder=top.get("plunder"),
                           cost=top.get("cost"), points=top.get("points"),
                           pay=pay_text(lv.get("pay"))))
    st = kinds.get(plans.STATUE)
    if st is not None:
        lines.append(t("ahead.section.statue", turns=st["turns_before"],
                       culture=st.get("culture")))
        spaces = statue_spaces(st)
        for sp in st.get("spaces") or []:
            if sp["space"] in spaces:
                lines.append(t("ahead.space", space=sp["space"],
                               requirement=sp.get("requirement"), pay=pay_text(sp.get("pay"))))
            elif sp.get("free"):
                lines.append(t("ahead.space.out", space=sp["space"]))
    lines.append(t("ahead.queued", plan=plan_text(queued, name)))
    return lines


# ------------------------------------------------------------------------------ views


class _AheadItem(Guarded[QueueKey]):
    """Shared by the queue panel's components: their state is the custom id, parsed once.
    The access policy checks the clicker holds the seat the custom id names."""

    access_kind = "queue"

    def __init__(self, item: Button | Select, key: QueueKey | None = None) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem.__init__
        key = key if key is not None else self.spec.parse(item.custom_id or "")
        assert key is not None
        self.key: QueueKey = key

    def access_target(self) -> tuple[int | None, int | None]:
        return self.key.game, self.key.seat

    def acknowledgement(self) -> str:
        # "Queue my choice" opens the queue panel privately; the panel's own items edit it
        return PRIVATE if self.key.kind == "o" else UPDATE

    @classmethod
    def rebuild(cls, key: QueueKey, item: discord.ui.Item[discord.ui.View]) -> Self:
        assert isinstance(item, discord.ui.Button | discord.ui.Select)
        return cls(item, key)


class AheadButton(_AheadItem, discord.ui.DynamicItem[Button], spec=BUTTON):
    async def clicked(self, interaction: Interaction) -> None:
        await clicked(interaction, self.key, [])


class AheadSelect(_AheadItem, discord.ui.DynamicItem[Select], spec=SELECT):
    async def clicked(self, interaction: Interaction) -> None:
        await clicked(interaction, self.key, list(self.item.values))


COMPONENTS = (AheadButton, AheadSelect)


def _button(cid: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
            row: int | None = None) -> AheadButton:
    return AheadButton(discord.ui.Button(label=label[:80], custom_id=cid, style=style, row=row))


def open_button(game_id: int, seat: int) -> AheadButton:
    return _button(custom_id(game_id, seat, "o"), t("ahead.button.open"),
                   discord.ButtonStyle.primary)


def _namer(catalog: Catalog) -> Callable[[str], str]:
    """Card ids named in the language being spoken (ids without a card as they are)."""
    def name(cid: str) -> str:
        return card_name(catalog, cid)

    return name


def build(state: QueueState, *, note: str | None = None,
          stage: tuple[str, str] | None = None) -> tuple[discord.Embed, discord.ui.View]:
    """The ahead panel of what the service handed over: lines and components; ``stage``
    ("m", cards) shows the mode buttons for chosen cards, ("t", space) the tile and side
    buttons of a statue space."""
    gid, seat = state.game_id, state.seat
    options = state.options
    queued = state.queued
    name = _namer(state.catalog)
    tok = state.token
    kinds = offered(options)
    lines = ([note] if note else []) + panel_lines(options, queued, name)
    view = discord.ui.View(timeout=None)
    if stage is not None and stage[0] == "m":
        cards = [c for c in stage[1].split(".") if c]
        lines.append(t("ahead.pick.cards", cards=" › ".join(name(c) for c in cards)))
        for mode in MODES:
            view.add_item(_button(custom_id(gid, seat, "m", tok, f"{mode}:{'.'.join(cards)}"),
                                  t(f"ahead.button.{mode}"),
                                  discord.ButtonStyle.primary, row=0))
        view.add_item(_button(custom_id(gid, seat, "b", tok), t("ahead.button.back"), row=1))
    elif stage is not None and stage[0] == "t" and plans.STATUE in kinds:
        space = int(stage[1])
        lines.append(t("ahead.pick.statue", space=space))
        pairs = statue_pairs(kinds[plans.STATUE], space)[:20]
        for i, (tile, side) in enumerate(pairs):
            view.add_item(_button(custom_id(gid, seat, "t", tok, f"{space}.{tile}.{side}"),
                                  t("ahead.button.statue", tile=colour_name(tile),
                                    side=t(f"ahead.side.{side}")),
                                  discord.ButtonStyle.primary, row=i // 5))
        view.add_item(_button(custom_id(gid, seat, "b", tok), t("ahead.button.back"),
                              row=min(4, (len(pairs) + 4) // 5)))
    else:
        row = 0
        pb = kinds.get(plans.PHASE_B)
        if pb is not None and pb.get("cards"):
            cards = pb["cards"][:25]
            select: Select = discord.ui.Select(
                custom_id=custom_id(gid, seat, "pb", tok),
                placeholder=t("ahead.select.cards")[:150], min_values=1,
                max_values=min(MAX_PICKS, len(cards)), row=row,
                options=[discord.SelectOption(
                    label=t("ahead.option.card", name=name(c["card"]),
                            colour=colour_name(c.get("colour")))[:100],
                    value=c["card"],
                    description=t("ahead.option.card.desc", buy=c.get("buy"),
                                  sell=c.get("sell"))[:100]) for c in cards])
            view.add_item(AheadSelect(select))
            row += 1
        col = kinds.get(plans.COLONY)
        if col is not None:
            view.add_item(AheadSelect(discord.ui.Select(
                custom_id=custom_id(gid, seat, "c", tok),
                placeholder=t("ahead.select.colony")[:150], row=row,
                options=[discord.SelectOption(label=label[:100], value=value,
                                              description=desc[:100] if desc else None)
                         for value, label, desc in colony_choices(col)])))
            row += 1
        st = kinds.get(plans.STATUE)
        if st is not None:
            spaces = {sp["space"]: sp for sp in st.get("spaces") or []}
            opts = [discord.SelectOption(
                label=t("ahead.option.space", space=s,
                        requirement=spaces.get(s, {}).get("requirement"))[:100], value=str(s))
                for s in statue_spaces(st)]
            opts.append(discord.SelectOption(label=t("ahead.option.skip_statue"), value="skip"))
            view.add_item(AheadSelect(discord.ui.Select(
                custom_id=custom_id(gid, seat, "s", tok),
                placeholder=t("ahead.select.statue")[:150], row=row, options=opts[:25])))
            row += 1
        if queued:
            view.add_item(_button(custom_id(gid, seat, "w", tok), t("ahead.button.withdraw"),
                                  discord.ButtonStyle.danger, row=row))
    embed = discord.Embed(title=t("ahead.title", game=gid),
                          description="\n".join(lines)[:4096], colour=COLOUR)
    return embed, view


# ------------------------------------------------------------------------------ clicks


async def _show(interaction: Interaction, state: QueueState, *, new: bool,
                note: str | None = None, stage: tuple[str, str] | None = None) -> None:
    """The queue panel, as a new private message or in place of the clicked one (the click
    was acknowledged before the service was asked)."""
    embed, view = build(state, note=note, stage=stage)
    if new:
        await interaction.followup.send(embed=embed, view=view, ephemeral=True)
    else:
        await interaction.edit_original_response(embed=embed, view=view)


async def clicked(interaction: Interaction, key: QueueKey, values: Sequence[str]) -> None:
    """Any component of the ahead panel (or its "Queue my choice" button): the access
    policy checked the clicker holds ``seat``; each click is one service call."""
    gid, kind = key.game, key.kind
    service = interaction.client.service
    try:
        await acknowledge(interaction, PRIVATE if kind == "o" else UPDATE)  # (the guard's)
        if kind in ("o", "b", "pb") or (kind == "s" and values and values[0] != "skip"):
            state = await service.queue_panel(gid, interaction.user.id)
            if kind == "o":
                await _show(interaction, state, new=True)
            elif key.token != state.token:
                await _show(interaction, state, new=False, note=t("ahead.stale"))
            elif kind == "b":
                await _show(interaction, state, new=False)
            elif kind == "pb":
                picks = [v for v in values if re.fullmatch(r"[A-Za-z0-9-]{1,12}", v)]
                await _show(interaction, state, new=False,
                            stage=("m", ".".join(picks[:MAX_PICKS])))
            else:
                space = values[0]
                if not space.isdigit():
                    raise Denied("play.refuse.bad_plan")
                await _show(interaction, state, new=False, stage=("t", space))
            return
        choice = _choice(kind, key.arg, values)
        try:
            plan, after = await service.queue_choice(gid, interaction.user.id, choice,
                                                     token=key.token)
        except Refusal as exc:  # the game moved on since this panel: the panel now
            if exc.reason != "queue_moved_on":
                raise
            embed, view = build(await service.queue_panel(gid, interaction.user.id),
                                note=t("ahead.stale"))
            await interaction.edit_original_response(embed=embed, view=view)
            return
        note = (t("ahead.withdrawn") if plan is None
                else t("ahead.done", plan=plan_text(plan, _namer(after.catalog))))
        if after.status != "active":
            await interaction.edit_original_response(content=note, embed=None, view=None)
            return
        embed, view = build(after, note=note)
        await interaction.edit_original_response(embed=embed, view=view)
    except Exception as exc:
        await reply_error(interaction, exc)


def _choice(kind: str, arg: str | None, values: Sequence[str]) -> JSONObject | None:
    """What a click queues, as the service's choice (``hadara.ahead``); None
    withdraws."""
    if kind == "w":
        return None
    if kind == "m" and arg:
        mode, _, cards = arg.partition(":")
        return {"kind": plans.PHASE_B, "cards": [c for c in cards.split(".") if c][:MAX_PICKS],
                "mode": mode}
    if kind == "c" and values:
        if values[0] == "skip":
            return {"kind": plans.COLONY, "level": None}
        level, _, mode = values[0].partition(".")
        if not level.isdigit():
            raise Denied("play.refuse.bad_plan")
        return {"kind": plans.COLONY, "level": int(level), "mode": mode}
    if kind == "s":
        return {"kind": plans.STATUE, "space": None}
    if kind == "t" and arg:
        space, _, rest = arg.partition(".")
        tile, _, side = rest.partition(".")
        if not space.isdigit():
            raise Denied("play.refuse.bad_plan")
        return {"kind": plans.STATUE, "space": int(space), "tile": tile, "side": side}
    raise Denied("play.refuse.bad_plan")
