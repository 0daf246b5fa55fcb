"""Which game the board inside Discord shows (bot/service/launches.py): a user's launch in a
channel names its game for 15 minutes; an instance, once mapped, keeps its first game (all
its participants see one table); the last game launched in a channel is kept for the caller
to check against the game's thread."""

from __future__ import annotations

from bot.service.launches import LAUNCH_FRESH, Launches


def test_a_launch_names_its_game_while_fresh() -> None:
    now = [1000.0]
    launches = Launches(clock=lambda: now[0])
    launches.launched(7, 50, 12)
    assert launches.game("i-1", 7, 50) == 12
    assert launches.game("i-1", 8, 50) is None  # another user's launch is not yours
    assert launches.game("i-1", 7, 51) is None  # nor another channel's
    now[0] += LAUNCH_FRESH + 1
    assert launches.game("i-1", 7, 50) is None  # stale: the Activity opens within seconds
    assert launches.last_in(50) == 12 and launches.last_in(51) is None


def test_an_instance_keeps_its_first_game() -> None:
    launches = Launches(clock=lambda: 0.0)
    launches.mapped("i-1", 12)
    launches.mapped("i-1", 13)  # a later pick does not move the table from under others
    launches.launched(7, 50, 14)
    assert launches.game("i-1", 7, 50) == 12
    assert launches.game("i-2", 7, 50) == 14


def test_an_instance_without_a_channel_keeps_its_game() -> None:
    launches = Launches(clock=lambda: 0.0)
    launches.mapped("i-1", 12)
    assert launches.game("i-1", 7, None) == 12
    assert launches.game("i-2", 7, None) is None
