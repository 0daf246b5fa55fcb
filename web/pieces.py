"""The page's pieces: a card, a colony, a statue space and a medal, each as a button that
opens its full text in a popover (the HTML ``popover`` attribute: no script, the keyboard's
Escape and a tap outside close it), drawn from the game's own catalog in the viewer's
language. :class:`Pieces` collects the popovers of what a page shows, so each is written once
however often its piece appears."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from hadara.content import TRACKS, Catalog
from hadara.effects import effect_text
from hadara.words import card_name, colour_name, track_name
from i18n import translate
from rendering.svg import icon
from rendering.theme import EPOCH_NUMERAL, TRACK_OF

Price = Mapping[str, int]  # {"buy": …, "sell": …}: the viewer's own price of a card


def t(locale: str, key: str, **params: object) -> str:
    """A catalog word, escaped for HTML."""
    return escape(translate(locale, key, **params))


def track_icon(colour: str, locale: str, *, label: bool = False) -> str:
    """A colour's track icon (named for a screen reader only when nothing beside it is)."""
    name = track_name(TRACK_OF[colour], locale) if colour in TRACK_OF \
        else colour_name(colour, locale)
    return icon(f"track-{colour}", name if label else None)


def gains_text(gains: tuple[int, ...] | list[int], locale: str) -> str:
    """"+2 military, +1 food" (or that it raises no track)."""
    parts = [translate(locale, "image.card.gain", n=n, track=track_name(track, locale))
             for track, n in zip(TRACKS, gains, strict=True) if n]
    return ", ".join(parts) if parts else translate(locale, "image.card.no.gains")


@dataclass
class Pieces:
    """The popovers of one page, by id, in the order first shown."""

    catalog: Catalog
    locale: str
    prices: Mapping[str, Price] = field(default_factory=dict)
    popovers: dict[str, str] = field(default_factory=dict)
    #: the viewer's choices by place (web/choices.py: a card's buttons, a feeding's checkbox)
    acts: Mapping[tuple[str, str], str] = field(default_factory=dict)
    picks: Mapping[str, str] = field(default_factory=dict)

    def _with(self, place: tuple[str, str], button: str, pick: str = "") -> str:
        """A piece with the viewer's choices on it, if it has any."""
        acts = self.acts.get(place, "")
        if not acts and not pick:
            return button
        return f'<div class="piece">{button}{acts}{pick}</div>'

    # -- cards

    def card(self, cid: str, *, cls: str = "card", detail: str = "", acts: bool = True) -> str:
        """A card's button: its colour and track, its name and ``detail`` (its price, a
        pile's size); tapped, its full text. With ``acts``, the viewer's choices on it."""
        card = self.catalog.cards.get(cid)
        if card is None:  # not in this game's catalog: named by its id, nothing to open
            return f'<span class="{cls}">{escape(cid)}</span>'
        pid = f"card-{cid}"
        self.popovers.setdefault(pid, self._card_text(pid, cid))
        name = escape(card_name(self.catalog, cid, self.locale))
        more = f'<span class="detail">{detail}</span>' if detail else ""
        button = (f'<button type="button" class="{cls} c-{card.colour}" popovertarget="{pid}">'
                  f'{track_icon(card.colour, self.locale)}<span class="name">{name}</span>'
                  f"{more}</button>")
        if not acts:
            return button
        return self._with(("card", cid), button, self.picks.get(cid, ""))

    def price(self, cid: str) -> str:
        """The viewer's price of ``cid`` for a tile's detail ("buy 3 · sell +2"), if known."""
        price = self.prices.get(cid)
        if price is None:
            card = self.catalog.cards.get(cid)
            return t(self.locale, "web.cost", cost=card.cost) if card else ""
        return t(self.locale, "web.price.short", buy=price["buy"], sell=price["sell"])

    def _card_text(self, pid: str, cid: str) -> str:
        loc = self.locale
        card = self.catalog.cards[cid]
        track = TRACK_OF.get(card.colour)
        lines = [t(loc, "image.card.band", colour=colour_name(card.colour, loc),
                   track=track_name(track, loc) if track else
                   translate(loc, "image.card.no.track")),
                 t(loc, "web.card.epoch", epoch=EPOCH_NUMERAL.get(card.epoch, card.epoch)),
                 t(loc, "web.cost", cost=card.cost),
                 escape(gains_text(card.gains, loc)),
                 t(loc, "web.points", points=card.points)]
        if card.effect is not None:
            lines.append(escape(effect_text(card.effect, self.catalog, card.epoch, locale=loc)))
        price = self.prices.get(cid)
        if price is not None:
            lines.append(f'<strong>{t(loc, "web.price", buy=price["buy"], sell=price["sell"])}'
                         "</strong>")
        title = escape(card_name(self.catalog, cid, loc))
        return self._popover(pid, f"{track_icon(card.colour, loc)} {title}", lines,
                             f"c-{card.colour}")

    # -- colonies, statues, medals

    def colony(self, key: str, label: str, level: int, front: Mapping[str, Any],
               back: Mapping[str, Any] | None = None, *, acts: bool = False) -> str:
        """A colony tile's button (``label`` on it); tapped, what it asks and gives."""
        pid = f"colony-{key}"
        loc = self.locale
        lines = [t(loc, "web.colony.front", level=level, plunder=front["plunder"],
                   cost=front["cost"], points=front["points"])]
        if back is not None:
            gains = [back["gains"].get(track, 0) for track in TRACKS]
            lines.append(t(loc, "web.colony.back", gains=gains_text(gains, loc),
                           points=back["points"]))
        self.popovers.setdefault(pid, self._popover(
            pid, f'{icon("colony")} {t(loc, "web.colony", level=level)}', lines, "colony"))
        button = (f'<button type="button" class="tile colony" popovertarget="{pid}">'
                  f'{icon("colony")}<span class="name">{label}</span></button>')
        return self._with(("colony", str(level)), button) if acts else button

    def statue_space(self, space: int, carved: Mapping[str, Any] | None, *,
                     acts: bool = False) -> str:
        """A statue space of a player's board: free, or carved with a tile (a colour's
        track steps, or points)."""
        loc = self.locale
        spaces = {s.space: s for s in self.catalog.statues}
        info = spaces.get(space)
        if info is None:
            return ""
        lines = [t(loc, "web.statue.space", requirement=info.requirement, points=info.points),
                 t(loc, "web.statue.tiles", steps=info.steps, extra=info.extra_points)]
        if carved is None:
            label = t(loc, "web.statue.free", requirement=info.requirement, points=info.points)
            pid = f"statue-{space}"
            cls = "tile statue free"
        else:
            colour = str(carved.get("tile"))
            side = "points" if carved.get("side") == "points" else "track"
            label = t(loc, f"web.statue.carved.{side}", colour=colour_name(colour, loc))
            lines.append(label)
            pid = f"statue-{space}-{colour}-{side}"
            cls = f"tile statue c-{colour}"
        self.popovers.setdefault(pid, self._popover(
            pid, f'{icon("statue")} {t(loc, "web.statue", space=space)}', lines, "statue"))
        button = (f'<button type="button" class="{cls}" popovertarget="{pid}">'
                  f'{icon("statue")}<span class="name">{label}</span></button>')
        return self._with(("statue", str(space)), button) if acts else button

    def medal(self, kind: str, label: str, colour: str | None = None) -> str:
        """A silver medal (of a colour) or the gold medals; tapped, what they score."""
        loc = self.locale
        pid = f"medal-{kind}-{colour or 'all'}"
        rules = self.catalog.rules
        text = (t(loc, "web.medal.silver.text", max=rules.max_silver) if kind == "silver"
                else t(loc, "web.medal.gold.text", points=rules.gold_set_points))
        self.popovers.setdefault(pid, self._popover(
            pid, f'{icon(f"medal-{kind}")} {label}', [text], "medal"))
        extra = f" c-{colour}" if colour else ""
        return (f'<button type="button" class="tile medal{extra}" popovertarget="{pid}">'
                f'{icon(f"medal-{kind}")}<span class="name">{label}</span></button>')

    # --

    def _popover(self, pid: str, title: str, lines: list[str], cls: str) -> str:
        body = "".join(f"<p>{line}</p>" for line in lines)
        close = t(self.locale, "web.close")
        return (f'<div popover id="{pid}" class="pop {cls}" role="dialog" '
                f'aria-labelledby="{pid}-t"><h3 id="{pid}-t">{title}</h3>{body}'
                f'<button type="button" class="close" popovertarget="{pid}" '
                f'popovertargetaction="hide">{close}</button></div>')

