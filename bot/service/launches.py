"""Which game the board inside Discord (the Activity, docs/web.md) shows.

Discord's instance of an Activity ends when its last participant leaves and is never reused,
so it cannot be a game's key: the bot records the game a player launched it for ("Open the
board" in a game's thread or on a panel: the user, the channel, the game), and the page's
server maps the instance it verified to that game for as long as the instance lives, so
everybody who joins the same instance sees the same table. Kept in this process's memory:
a launch is minutes old when it is used, and an instance lives while someone has it open."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..kept import Kept

#: A launch names its game for this long (the Activity opens within seconds of the click).
LAUNCH_FRESH = 15 * 60.0


class Launches:
    """The launches the bot answered, and the instances the page's server mapped."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._launched: Kept[tuple[int, int], tuple[int, float]] = Kept(10_000)
        self._channels: Kept[int, int] = Kept(10_000)
        self._instances: Kept[str, int] = Kept(10_000)

    def launched(self, user_id: int, channel_id: int, game_id: int) -> None:
        """``user_id`` launched the Activity in ``channel_id`` for ``game_id``."""
        self._launched[(user_id, channel_id)] = (game_id, self.clock())
        self._channels[channel_id] = game_id

    def mapped(self, instance_id: str, game_id: int) -> None:
        """The instance shows ``game_id`` from now on (the first sign-in, or a pick)."""
        self._instances.setdefault(instance_id, game_id)

    def game(self, instance_id: str, user_id: int, channel_id: int | None) -> int | None:
        """The instance's game (whatever its channel), else the user's fresh launch in the
        channel: None when neither says."""
        if instance_id in self._instances:
            return self._instances[instance_id]
        launch = self._launched.get((user_id, channel_id)) if channel_id else None
        if launch is not None and 0 <= self.clock() - launch[1] <= LAUNCH_FRESH:
            return launch[0]
        return None

    def last_in(self, channel_id: int) -> int | None:
        """The last game launched in the channel (the caller checks that the channel is
        that game's thread: a general channel is no game's)."""
        return self._channels.get(channel_id)
