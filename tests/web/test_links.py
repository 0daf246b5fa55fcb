"""Signed links (web/links.py): a link names its user, game and expiry; a forged, changed,
expired, too long-lived or malformed one is refused with its reason, in constant time."""

from __future__ import annotations

import pytest

from web import links

SECRET = b"s" * 32
NOW = 1_767_225_600.0


def test_a_link_opens_for_its_user_and_game_until_it_expires() -> None:
    token = links.sign(SECRET, 1234567890123456789, 42, NOW, ttl=3600)
    link = links.verify(SECRET, token, NOW + 10)
    assert (link.user, link.game, link.expires) == (1234567890123456789, 42, int(NOW) + 3600)
    with pytest.raises(links.LinkRefused) as err:
        links.verify(SECRET, token, NOW + 3600)
    assert err.value.reason == links.EXPIRED


def test_a_link_lives_a_day_at_most() -> None:
    token = links.sign(SECRET, 1, 2, NOW, ttl=10 * 24 * 3600)
    assert links.verify(SECRET, token, NOW).expires == int(NOW) + links.MAX_AGE
    # an expiry written further ahead (with the right MAC: a leaked secret) is refused
    far = int(NOW) + 3 * links.MAX_AGE
    forged = f"1.2.{far}.{links._mac(SECRET, 1, 2, far)}"
    with pytest.raises(links.LinkRefused) as err:
        links.verify(SECRET, forged, NOW)
    assert err.value.reason == links.TOO_LONG


@pytest.mark.parametrize("change", ["user", "game", "expires", "mac", "secret"])
def test_a_changed_link_is_forged(change: str) -> None:
    token = links.sign(SECRET, 7, 8, NOW)
    user, game, expires, mac = token.split(".")
    secret = SECRET
    if change == "user":
        user = "9"
    elif change == "game":
        game = "9"
    elif change == "expires":
        expires = str(int(expires) - 1)
    elif change == "mac":
        mac = ("A" if mac[0] != "A" else "B") + mac[1:]
    else:
        secret = b"t" * 32
    with pytest.raises(links.LinkRefused) as err:
        links.verify(secret, ".".join((user, game, expires, mac)), NOW)
    assert err.value.reason == links.FORGED


@pytest.mark.parametrize("token", [None, 5, "", "1.2.3", "1.2.3.4.5", "a.b.c." + "x" * 43,
                                   "1.2.3." + "x" * 42, "1.2.3." + "x" * 44,
                                   "1.2.3." + "=" * 43, "9" * 200, "1.2.3.\u00e9" + "x" * 42,
                                   "-1.2.3." + "x" * 43])
def test_a_malformed_token_is_refused_before_any_work(token: object) -> None:
    with pytest.raises(links.LinkRefused) as err:
        links.verify(SECRET, token, NOW)
    assert err.value.reason == links.MALFORMED


def test_no_link_without_a_secret() -> None:
    with pytest.raises(ValueError):
        links.sign(b"", 1, 2, NOW)
