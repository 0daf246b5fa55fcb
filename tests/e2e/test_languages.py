"""Three languages at one table, through the real bot: a French, a Japanese and an English
player (languages chosen with ``/hadara settings``) play a whole game by clicking, each seeing
their own panels, private pictures and DMs in their language, while the thread speaks the
server's; an admin switches the server's language; a player whose Discord client is French
and who chose nothing is answered in French (the harness reports en-US, so that user's
payloads are given a French locale here, as Discord would send them)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    answer,
    board,
    components,
    new_game,
    play,
    settle,
    thread_messages,
    world,
)

pytest.importorskip("simcord")

import discord  # noqa: E402
import simcord.interactions as sim_interactions  # noqa: E402

from hadara.content import default_catalog  # noqa: E402
from hadara.words import card_name  # noqa: E402
from i18n import LOCALES, NATIVE_NAMES, translate  # noqa: E402

CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def title_pattern(lang: str) -> re.Pattern[str]:
    """The panel title of ``lang`` ("Game #3 · Epoch II · …") with its values as wildcards."""
    hole = "\x00"
    text = translate(lang, "play.title", game=hole, epoch=hole, step=hole)
    return re.compile(".+?".join(re.escape(part) for part in text.split(hole)) + r"\Z")


def discord_locale(monkeypatch: pytest.MonkeyPatch, user_id: int, locale: str) -> None:
    """Interactions of ``user_id`` carry ``locale``, as a client in that language sends them."""
    original = sim_interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        if kwargs.get("user_id") == user_id:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", base_payload)


async def test_french_japanese_and_english_players_at_one_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch, names=("alice", "bob", "carol", "dora")) as w:
        chosen = {"alice": "fr", "bob": "ja"}
        for name, lang in chosen.items():
            result = await w.members[name].slash(w.channel, "hadara settings", language=lang)
            text = answer(result).content
            # the answer is already in the language just chosen
            assert text.startswith(translate(lang, "game.settings.saved")), text
            assert translate(lang, "settings.language", language=NATIVE_NAMES[lang]) in text
        await w.members["bob"].slash(w.channel, "hadara settings", dms=True)
        # only an admin chooses the server's language (answered in the user's language)
        refused = await w.members["alice"].slash(w.channel, "hadara settings",
                                                 server_language="ja")
        assert answer(refused).content == translate("fr", "refusal.denied.not_manager")

        gid, thread = await new_game(w, "alice", seats=3, join=["bob", "carol"])
        ids = {name: w.members[name].id for name in ("alice", "bob", "carol")}
        lang_of = {ids["alice"]: "fr", ids["bob"]: "ja", ids["carol"]: "en"}
        played = await play(w, gid)
        await settle(w, gid)
        assert (await w.service.load(gid)).record.status == "finished"

        # every panel each player saw was in their language, and only theirs
        patterns = {lang: title_pattern(lang) for lang in LOCALES}
        cat = default_catalog()
        english_names = {lang: re.compile(r"\b(" + "|".join(sorted(
            (re.escape(c.name) for c in cat.cards.values()
             if card_name(cat, c.id, lang) != c.name), key=len, reverse=True)) + r")\b")
            for lang in ("fr", "ja")}
        seen: dict[str, int] = dict.fromkeys(LOCALES, 0)
        for turn in played.turns:
            lang = lang_of[turn.user]
            for panel in turn.panels:
                assert patterns[lang].match(panel.title), (lang, panel.title)
                for other in set(LOCALES) - {lang}:
                    assert not patterns[other].match(panel.title), (lang, panel.title)
                # the words beside the picture (a draft panel has none: its footer then)
                footer = (panel.payload["embeds"][0].get("footer") or {}).get("text", "")
                words = panel.description or footer
                assert bool(CJK.search(words)) == (lang == "ja"), (lang, words[:200])
                if lang != "en":  # cards are named in the reader's language too
                    shown = panel.description + " ".join(
                        str(c.get("label")) for c in panel.components)
                    english = english_names[lang].search(shown)
                    assert english is None, (lang, english, shown[:300])
                seen[lang] += 1
        assert all(seen[lang] >= 10 for lang in LOCALES), seen
        assert {t.kind for t in played.turns if lang_of[t.user] == "ja"} >= {
            "wheel", "draft", "phase_b", "colony", "statue", "feeding", "medals"}

        # their private pictures were drawn in their languages (one cache entry per language)
        drawn = {key[4] for key in w.service.images._items if key[2].startswith("hand")}
        assert drawn == set(LOCALES), drawn

        # bob's turns also came by DM, in Japanese
        dms = [m for m in w.users["bob"].dm_channel.history() if m.embeds]
        assert dms and all(CJK.search(m.embeds[0].title or "") for m in dms)

        # the thread speaks the server's language: English until an admin changes it
        messages = await thread_messages(w, gid)
        assert messages[-1].content.startswith(translate("en", "table.over", id=gid,
                                                         winners="\x00").split("\x00")[0])
        assert not any(CJK.search(m.content or "") for m in messages)

        role = w.guild.create_role("admins",
                                   permissions=discord.Permissions(manage_guild=True))
        boss = w.guild.add_member(w.env.create_user("boss"), roles=[role])
        made = await boss.slash(w.channel, "hadara settings", server_language="fr")
        assert translate("en", "settings.server_language",
                         language=NATIVE_NAMES["fr"]) in answer(made).content

        # a new table in this server: its thread and board speak French
        gid2, thread2 = await new_game(w, "carol", seats=2, join=["alice"])
        lobby = (await thread_messages(w, gid2))[0]
        assert lobby.embeds[0].title == translate("fr", "lobby.title", id=gid2)
        labels = [c.get("label") for c in components(await board(w, gid2))]
        assert translate("fr", "play.take_turn") in labels
        # … while each player's panels stay in their own language
        second = await play(w, gid2)
        assert {t.user for t in second.turns} == {ids["alice"], ids["carol"]}
        for turn in second.turns:
            for panel in turn.panels:
                assert patterns[lang_of[turn.user]].match(panel.title), panel.title
        final = (await thread_messages(w, gid2))[-1]
        assert final.content.startswith(translate("fr", "table.over", id=gid2,
                                                  winners="\x00").split("\x00")[0])

        # dora chose nothing: her Discord client's French answers her
        discord_locale(monkeypatch, w.members["dora"].id, "fr")
        rules = await w.members["dora"].slash(w.channel, "hadara rules", topic="colonies")
        assert translate("fr", "rules.colonies") in answer(rules).content
        # and what we saw last is what her reminders and DMs will use
        assert await w.service.languages.for_user(w.members["dora"].id) == "fr"
