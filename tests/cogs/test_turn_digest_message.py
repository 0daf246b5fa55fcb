"""The turn digest's message and settings in words (cogs/turn_digest/message.py,
cogs/player/preferences.py), without a bot: a line per game waiting, the longest first, within
Discord's limits however many games wait (2,000 characters, 25 buttons), how many more and
where to find them, in every language; what ``daily_turns`` and ``turn_pings`` store."""

from __future__ import annotations

from datetime import date

import pytest

pytest.importorskip("discord")

from bot.service.screens import TURN_DIGEST, TURN_PINGS, GameLine, SettingsState  # noqa: E402
from bot.service.turn_digest import TurnDigest  # noqa: E402
from cogs.player import preferences  # noqa: E402
from cogs.turn_digest.message import MAX_BUTTONS, MAX_CONTENT, layout, waited_text  # noqa: E402
from i18n import LOCALES, speaking  # noqa: E402

NOW = 1_767_225_600.0 + 30 * 86400  # 2026-01-31 00:00 UTC


def line(game_id: int, waited: float, deadline: float | None = None) -> GameLine:
    return GameLine(game_id, "active", 3, 3, 0, "phase_b", (), deadline, {}, NOW - waited)


def digest(*lines: GameLine) -> TurnDigest:
    return TurnDigest(7, tuple(lines), date(2026, 1, 31), "UTC")


def test_a_line_per_game_the_longest_waiting_first() -> None:
    made = layout(digest(line(12, 3 * 86400, NOW + 3600), line(4, 5 * 3600)), NOW)
    assert made.listed == (12, 4)
    text = made.text.splitlines()
    assert text[0] == "📬 **Your turns**: 2 games are waiting for you, the longest first."
    assert text[1] == ("**#12** · take a card from the discards · waiting 3 days"
                       f" · ⏳ <t:{int(NOW + 3600)}:R>")
    assert text[2] == "**#4** · take a card from the discards · waiting 5 hours"
    assert "/hadara settings daily_turns:" in text[-1]
    one = layout(digest(line(9, 90)), NOW).text
    assert one.startswith("📬 **Your turns**: 1 game is waiting for you.")
    assert "waiting 1 minute" in one


def test_how_long_in_words() -> None:
    assert [waited_text(s) for s in (10, 61, 3599, 3600, 7200, 47 * 3600, 2 * 86400)] == [
        "1 minute", "1 minute", "59 minutes", "1 hour", "2 hours", "47 hours", "2 days"]
    with speaking("fr"):
        assert [waited_text(s) for s in (60, 120, 3600, 86400 * 3)] == [
            "1 minute", "2 minutes", "1 heure", "3 jours"]
    with speaking("ja"):
        assert waited_text(86400 * 3) == "3日"


@pytest.mark.parametrize("language", LOCALES)
def test_more_games_than_fit(language: str) -> None:
    many = [line(1000 + i, 86400 * 40 - i * 3600, NOW + i * 3600) for i in range(60)]
    with speaking(language):
        made = layout(digest(*many), NOW)
    assert 0 < len(made.listed) <= MAX_BUTTONS and len(made.text) <= MAX_CONTENT
    assert made.listed == tuple(g.game_id for g in many[:len(made.listed)])  # in order
    assert str(60 - len(made.listed)) in made.text.splitlines()[-2]
    assert "/hadara games" in made.text.splitlines()[-2]
    # exactly as many as there are buttons for: fewer when asked
    assert layout(digest(*many), NOW, buttons=3).listed == (1000, 1001, 1002)


def test_what_the_settings_store_and_say() -> None:
    assert preferences.turn_digest_changes("8", None) == {TURN_DIGEST: 8}
    assert preferences.turn_digest_changes("off", True) == {TURN_DIGEST: None,
                                                            TURN_PINGS: True}
    assert preferences.turn_digest_changes(None, None) == {}
    assert len(preferences.DAILY_TURNS) == 25  # Discord's most choices
    state = SettingsState(user_id=1, dms=False, language=None, time_zone="Europe/Paris",
                          quiet_hours=None, away_until=None)
    assert preferences.turn_digest_line(state).startswith("Daily turns: off")
    on = SettingsState(user_id=1, dms=False, language=None, time_zone="Europe/Paris",
                       quiet_hours=None, away_until=None, turn_digest=7,
                       turn_digest_due=NOW + 3600)
    assert preferences.turn_digest_line(on) == (
        f"Daily turns: every day at **07:00** your time, next <t:{int(NOW + 3600)}:R>. Each "
        "game's own pings and turn DMs stop meanwhile; deadline reminders still come.")
    assert not on.per_game_turns
    unarmed = SettingsState(**{**on.__dict__, "turn_digest_due": None})
    assert unarmed.per_game_turns  # on, but no digest due: the pings go on
    kept = SettingsState(**{**on.__dict__, "turn_pings": True})
    assert kept.per_game_turns and "go on too" in preferences.turn_digest_line(kept)
    assert preferences.settings_lines(on)[-1] == preferences.turn_digest_line(on)
