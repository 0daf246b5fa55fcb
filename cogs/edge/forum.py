"""Tables as forum posts: a server may host its games in a forum channel, each table a post
whose tag says where it stands — waiting for players, playing, finished.

A table goes to a forum when ``/hadara new`` is typed in one of its posts, or when the server's
managers chose a forum for every new table (``/hadara-admin tables``: the guild setting
``tables_forum``). The three tags are created in the forum the first time (this needs Manage
Channels there; without it the posts simply go untagged) and remembered per forum in the guild
settings (``forum_tags``: {forum id: {state: tag id}}), so renaming a tag in Discord keeps it.
The table tags its posts as its games move on; a league round opens its tables' posts here too.
"""

from __future__ import annotations

import logging

import discord

from bot.messages import t
from bot.storage.base import ABANDONED, ACTIVE, FINISHED, LOBBY
from i18n import speaking

from .client import HadaraBot
from .language import server_language

log = logging.getLogger(__name__)

#: A table's state, by game status.
WAITING, PLAYING, DONE = "waiting", "playing", "finished"
STATES = (WAITING, PLAYING, DONE)
STATE_OF = {LOBBY: WAITING, ACTIVE: PLAYING, FINISHED: DONE, ABANDONED: DONE}
EMOJI = {WAITING: "🪑", PLAYING: "🎲", DONE: "🏁"}
SETTINGS_KEY = "forum_tags"


async def tags(bot: HadaraBot, forum: discord.ForumChannel) -> dict[str, int]:
    """The forum's tag of each state, created when missing (with Manage Channels)."""
    service = bot.service
    settings = await service.guild_settings(forum.guild.id)
    known: dict[str, dict[str, int]] = dict(settings.get(SETTINGS_KEY) or {})
    mine = {k: int(v) for k, v in (known.get(str(forum.id)) or {}).items()}
    present = {tag.id for tag in forum.available_tags}
    if all(mine.get(state) in present for state in STATES):
        return mine
    me = forum.guild.me
    if me is None or not forum.permissions_for(me).manage_channels:
        log.info("forum %s: no Manage Channels, the posts go untagged", forum.id)
        return {s: i for s, i in mine.items() if i in present}
    with speaking(await server_language(bot, forum.guild.id)):
        wanted = {s: t(f"table.forum.tag.{s}") for s in STATES if mine.get(s) not in present}
    by_name = {tag.name: tag for tag in forum.available_tags}
    new_tags = list(forum.available_tags)
    for name in wanted.values():
        if name not in by_name:
            new_tags.append(discord.ForumTag(name=name[:20], emoji=None))
    try:
        forum = await forum.edit(available_tags=new_tags[:20])
    except discord.HTTPException as exc:
        log.info("forum %s: could not add its tags: %s", forum.id, exc)
        return {s: i for s, i in mine.items() if i in present}
    by_name = {tag.name: tag for tag in forum.available_tags}
    for state, name in wanted.items():
        tag = by_name.get(name[:20])
        if tag is not None:
            mine[state] = tag.id
    known[str(forum.id)] = mine
    await service.set_guild_settings(forum.guild.id, {**settings, SETTINGS_KEY: known})
    return mine


def applied(forum: discord.ForumChannel, tag_ids: dict[str, int], status: str
            ) -> list[discord.ForumTag]:
    """The tag a post of ``status`` wears (none when the forum has not got it)."""
    wanted = tag_ids.get(STATE_OF.get(status, WAITING))
    return [tag for tag in forum.available_tags if tag.id == wanted]


async def retag(bot: HadaraBot, thread: discord.Thread, status: str) -> None:
    """Put a table's post under the tag of its status (the other states' tags removed)."""
    forum = thread.parent
    if not isinstance(forum, discord.ForumChannel):
        return
    tag_ids = await tags(bot, forum)
    ours = set(tag_ids.values())
    keep = [tag for tag in thread.applied_tags if tag.id not in ours]
    new = keep + applied(forum, tag_ids, status)
    if {tag.id for tag in new} == {tag.id for tag in thread.applied_tags}:
        return
    try:
        await thread.edit(applied_tags=new[:5])
    except discord.HTTPException as exc:
        log.info("could not retag post %s: %s", thread.id, exc)


async def forum_of(bot: HadaraBot, guild_id: int) -> discord.ForumChannel | None:
    """The forum the server's managers chose for every new table (None: none chosen)."""
    settings = await bot.service.guild_settings(guild_id)
    channel_id = settings.get("tables_forum")
    channel = bot.get_channel(int(channel_id)) if channel_id else None
    return channel if isinstance(channel, discord.ForumChannel) else None
