"""Languages: the catalogs complete in English, French and Japanese with the same
placeholders; every key the code uses exists; no literal sentence reaches Discord or an image;
the language chosen for real ``discord.Interaction`` objects built from Discord's payloads;
the slash commands' translations within Discord's limits."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import i18n
from i18n import check

ROOT = Path(__file__).resolve().parents[2]
OTHERS = [lang for lang in i18n.LOCALES if lang != i18n.DEFAULT]


# ---------------------------------------------------------------------- the catalogs


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_in_every_language_with_the_same_placeholders(lang: str) -> None:
    problems = list(check.problems(lang))
    assert not problems, "\n".join(problems[:40])


def test_english_formats_and_plurals_come_from_the_library() -> None:
    assert not list(check.format_problems("en"))
    # plural categories by CLDR: French "one" covers 0 and 1, English only 1
    assert i18n.translate("en", "md.back.done", count=0) != i18n.translate(
        "en", "md.back.done", count=1)
    assert i18n.translate("fr", "md.back.done", count=0) == i18n.translate(
        "fr", "md.back.done", count=1).replace("1", "0")
    # numbers: ids whole, decimals in the language's own format
    assert "123456789012345678" in i18n.translate("en", "lobby.status.open",
                                                  host=123456789012345678)
    assert i18n.translate("en", "review.summary", decisions=3, agreed=2, total=1.5,
                          mean=0.5).count("1.5") == 1
    assert "1,5" in i18n.translate("fr", "review.summary", decisions=3, agreed=2, total=1.5,
                                   mean=0.5)


def test_unknown_language_and_missing_key() -> None:
    assert i18n.translate("de", "common.yes") == i18n.translate("en", "common.yes")
    with pytest.raises(KeyError):
        i18n.translate("fr", "no.such.key")
    assert i18n.normalise("fr-CA") == "fr" and i18n.normalise("ja") == "ja"
    assert i18n.normalise("en-GB") == "en" and i18n.normalise("de") is None


def test_a_broken_catalog_names_its_file_and_line(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "bad.ftl").write_text("good = fine\nbad = { $x\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._resources.cache_clear()
    try:
        with pytest.raises(i18n.CatalogError, match=r"bad\.ftl:2"):
            i18n._resources("en")
    finally:
        monkeypatch.undo()
        i18n._resources.cache_clear()


def test_speaking_is_scoped() -> None:
    assert i18n.current() == i18n.DEFAULT
    with i18n.speaking("ja-JP") as lang:
        assert lang == "ja" and i18n.t("common.yes") == i18n.translate("ja", "common.yes")
        with i18n.speaking("fr"):
            assert i18n.current() == "fr"
        assert i18n.current() == "ja"
    assert i18n.current() == i18n.DEFAULT


# ---------------------------------------------------------------------- keys used in code

KEY_CALLS = {"t", "has", "Denied", "Refused", "L", "_t"}
KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-zA-Z0-9_]+)+$")


def _python_files(*folders: str) -> Iterator[Path]:
    for folder in folders:
        yield from sorted((ROOT / folder).rglob("*.py"))


def _key_uses() -> Iterator[tuple[Path, int, str, bool]]:
    """(file, line, key or f-string prefix, is_prefix) for every key passed to a catalog
    function: t("…"), translate(lang, "…"), L("…"), Denied("…"), …"""
    for path in _python_files("bot", "cogs", "hadara", "rendering"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = (node.func.id if isinstance(node.func, ast.Name) else
                    node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name in KEY_CALLS and node.args:
                arg = node.args[0]
            elif name == "translate" and len(node.args) >= 2:
                arg = node.args[1]
            else:
                continue
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                if KEY.match(arg.value):
                    yield path, node.lineno, arg.value, False
            elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(
                    arg.values[0], ast.Constant) and isinstance(arg.values[0].value, str):
                yield path, node.lineno, arg.values[0].value, True


def test_every_key_used_in_code_exists() -> None:
    uses = list(_key_uses())
    assert len(uses) > 400, "the scan found too few keys"
    english = {i18n.fluent_id(k).replace("-", ".") for k in i18n.keys("en")}
    missing = [f"{p.relative_to(ROOT)}:{line}: {key}" for p, line, key, prefix in uses
               if not prefix and not i18n.has(key)]
    assert not missing, missing
    dead = [f"{p.relative_to(ROOT)}:{line}: {key}…" for p, line, key, prefix in uses
            if prefix and not any(k.startswith(key) for k in english)]
    assert not dead, dead


# ---------------------------------------------------------------------- no literal sentences

#: Discord calls and arguments that show text to people.
DISCORD_TEXT = {"send": ("content",), "send_message": ("content",), "edit": ("content",),
                "edit_message": ("content",), "edit_original_response": ("content",),
                "Button": ("label",), "SelectOption": ("label", "description"),
                "Select": ("placeholder",), "Embed": ("title", "description"),
                "add_field": ("name", "value"), "set_footer": ("text",),
                "set_author": ("name",), "create_thread": ("name",), "Choice": ("name",)}
WORDS = re.compile(r"[A-Za-z]{3,}|[\u3040-\u30ff\u4e00-\u9fff]")


def _literal_words(node: ast.AST) -> str | None:
    """The words of a literal (a string, or the literal parts of an f-string)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values
                       if isinstance(v, ast.Constant) and isinstance(v.value, str))
    else:
        return None
    if text.startswith(("https://", "attachment://")) or KEY.match(text):
        return None
    return text if WORDS.search(text) else None


def test_no_literal_sentence_reaches_discord() -> None:
    found = []
    for path in _python_files("cogs"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = (node.func.id if isinstance(node.func, ast.Name) else
                    node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name not in DISCORD_TEXT:
                continue
            args = list(node.args[:1]) if DISCORD_TEXT[name][0] == "content" else []
            args += [k.value for k in node.keywords if k.arg in DISCORD_TEXT[name]]
            for arg in args:
                words = _literal_words(arg)
                if words is not None:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {words!r}")
    assert not found, found


# ---------------------------------------------------------------------- real interactions

discord = pytest.importorskip("discord")


def _payload(locale: str, user_id: int, guild_id: int | None = 7) -> dict[str, Any]:
    """An INTERACTION_CREATE payload as Discord sends it (a button click)."""
    user = {"id": str(user_id), "username": f"u{user_id}", "discriminator": "0",
            "global_name": None, "avatar": None}
    payload: dict[str, Any] = {
        "id": "1", "application_id": "2", "type": 3, "token": "x", "version": 1,
        "channel_id": "3", "locale": locale, "entitlements": [],
        "authorizing_integration_owners": {}, "attachment_size_limit": 26214400,
        "context": 0 if guild_id is not None else 1, "app_permissions": "0",
        "data": {"custom_id": "x", "component_type": 2},
    }
    if guild_id is None:
        payload["user"] = user
    else:
        payload.update(guild_id=str(guild_id), guild_locale="en-US",
                       member={"user": user, "roles": [], "joined_at": None, "flags": 0,
                               "deaf": False, "mute": False, "permissions": "0"})
    return payload


@pytest.fixture
async def client(tmp_path: Path) -> Any:
    from bot.service.languages import Languages
    from bot.storage import SqliteStore

    store = SqliteStore(tmp_path / "hadara.sqlite3")
    await store.open()
    bot = discord.Client(intents=discord.Intents.none())
    bot._connection.user = discord.ClientUser(state=bot._connection, data={  # as if logged in
        "id": "2", "username": "hadara", "discriminator": "0", "global_name": None,
        "avatar": None})
    bot.service = SimpleNamespace(languages=Languages(store))  # type: ignore[attr-defined]
    try:
        yield bot
    finally:
        await store.close()


async def _enter(bot: Any, locale: str, user_id: int, guild_id: int | None = 7) -> str:
    from cogs.edge import language

    interaction = discord.Interaction(data=_payload(locale, user_id, guild_id),
                                      state=bot._connection)
    assert str(interaction.locale) == locale
    lang = await language.enter(interaction)
    assert i18n.current() == lang
    i18n.set_current(i18n.DEFAULT)
    return lang


async def test_the_interaction_locale_chooses_the_language(client: Any) -> None:
    assert await _enter(client, "fr", 11) == "fr"
    assert await _enter(client, "ja", 12) == "ja"
    assert await _enter(client, "en-GB", 13) == "en"
    # a language we do not speak: the last one we saw from this user …
    assert await _enter(client, "de", 11) == "fr"
    # … or, for someone never seen in one we speak, the server's
    assert await _enter(client, "de", 14) == "en"
    await client.service.languages.set_guild(7, "ja")
    assert await _enter(client, "de", 15) == "ja"
    assert await _enter(client, "de", 16, guild_id=None) == "en"  # a DM: no server


async def test_a_chosen_language_wins_and_the_last_seen_one_is_kept(client: Any) -> None:
    languages = client.service.languages
    assert await _enter(client, "fr", 21) == "fr"
    await languages.choose(21, "ja")
    assert await _enter(client, "fr", 21) == "ja"
    await languages.choose(21, None)  # back to following Discord
    assert await _enter(client, "en-US", 21) == "en"
    # reminders and DMs have no interaction: the locale last seen, read back from storage
    assert await languages.for_user(21) == "en"
    fresh = type(languages)(languages.store)
    assert await fresh.for_user(21) == "en" and await fresh.for_user(11) == "en"
    await _enter(client, "ja", 22)
    assert await type(languages)(languages.store).for_user(22) == "ja"
    with pytest.raises(ValueError):
        await languages.choose(21, "de")


async def test_commands_are_translated_within_discord_limits() -> None:
    from discord import app_commands

    from cogs.components import full_tree
    from cogs.edge import language

    translator = language.CatalogTranslator()
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payloads = [await group.get_translated_payload(tree, translator) for group in full_tree()]

    def walk(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
        yield node
        for child in node.get("options") or []:
            yield from walk(child)
            for choice in child.get("choices") or []:
                yield {"name": choice["name"], "description": choice["name"],
                       "description_localizations": choice.get("name_localizations") or {}}

    nodes = [node for payload in payloads for node in walk(payload)]
    assert len(nodes) > 60
    for node in nodes:
        if node["name"] in i18n.NATIVE_NAMES.values():
            continue  # a language is named in itself, whoever reads the menu
        loc = node.get("description_localizations") or {}
        for lang in ("fr", "ja"):
            text = loc.get(lang)
            assert text, (node.get("name"), lang)
            assert 1 <= len(text) <= 100, (node.get("name"), lang, text)
    # a locale we do not speak stays English (Discord shows the default)
    assert await translator.translate(app_commands.locale_str("x", key="cmd.new"),
                                      discord.Locale.german, None) is None  # type: ignore[arg-type]
    assert await translator.translate(app_commands.locale_str("x", key="cmd.new"),
                                      discord.Locale.french, None) == i18n.translate(  # type: ignore[arg-type]
        "fr", "cmd.new")


#: Canvas methods that draw or fit text, and the position of their text argument.
IMAGE_TEXT = {"text": 2, "label": 2, "fit": 0, "wrap": 0, "measure": 0}


def test_no_literal_words_are_drawn() -> None:
    found = []
    for path in _python_files("rendering"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            at = IMAGE_TEXT.get(node.func.attr)
            if at is None or len(node.args) <= at:
                continue
            words = _literal_words(node.args[at])
            if words is not None:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {words!r}")
    assert not found, found


async def test_a_choice_made_in_another_process_is_followed(
        client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.service import languages as L

    here = client.service.languages
    there = L.Languages(here.store)  # another bot process over the same database
    assert await here.for_user(31) == "en" and await here.for_guild(9) == "en"
    await there.choose(31, "ja")
    await there.set_guild(9, "fr")
    assert await here.for_user(31) == "en"  # cached for a while …
    monkeypatch.setattr(L, "FRESH", 0.0)  # … and read again once it is stale
    assert await here.for_user(31) == "ja" and await here.for_guild(9) == "fr"
