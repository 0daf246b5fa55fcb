"""The strict Discord layer itself (tests/e2e/strict.py): each limit answered as Discord
does, and discord.py's own rate-limit and retry code handling the answers.

Layer-only tests run a minimal ``discord.Client`` under ``simcord.run``; its work runs in
simcord's bot scope from ``on_message`` (a member's message in a control channel starts the
job), so its requests are the bot's own traffic, timed by the layer.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import pytest

simcord = pytest.importorskip("simcord")

import asyncio  # noqa: E402

import discord  # noqa: E402
from discord import app_commands  # noqa: E402
from simcord.http.client import FakeHTTPClient  # noqa: E402

from .conftest import new_game, settle, world  # noqa: E402
from .strict import (  # noqa: E402
    FAIL_ON,
    Limits,
    StrictDiscord,
    StrictHTTPClient,
    command_size,
)

pytestmark = pytest.mark.discord_limits(strict=True, window_scale=1.0)  # numbers as written

MiB = 1024 * 1024
Job = Callable[[], Awaitable[Any]]


class Probe(discord.Client):
    """A bot that runs ``job`` when a member writes in the control channel."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.job: Job | None = None
        self.outcome: Any = None

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or self.job is None:
            return
        job, self.job = self.job, None
        try:
            self.outcome = await job()
        except Exception as exc:  # the job's failure is what the test looks at
            self.outcome = exc


@dataclass
class Lab:
    env: Any
    bot: Probe
    guild: Any
    control: Any  # the channel whose messages start jobs
    member: Any

    def channel(self, handle: Any) -> Any:
        channel = self.bot.get_channel(handle.id)
        assert channel is not None
        return channel

    async def run(self, job: Job) -> Any:
        """Run ``job`` as the bot (in simcord's bot scope) and return its outcome."""
        self.bot.outcome = None
        self.bot.job = job
        await self.member.send(self.control, "go")
        await self.env.settle()
        assert self.bot.job is None, "the job did not start"
        return self.bot.outcome


@asynccontextmanager
async def lab() -> AsyncIterator[Lab]:
    bot = Probe()
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        control = guild.create_text_channel("control")
        member = guild.add_member(env.create_user("tester"))
        yield Lab(env, bot, guild, control, member)


def texts(env: Any, channel_id: int) -> Counter[str]:
    return Counter(m.content for m in env.backend.messages.get(channel_id, {}).values())


def layer(strict: StrictDiscord | None) -> StrictDiscord:
    assert strict is not None, "the strict layer is not installed"
    return strict


# ------------------------------------------------------------------------------ rate limits


@pytest.mark.discord_limits(strict=True, headers=False)
async def test_burst_to_one_channel_is_rate_limited_and_retried_exactly_once(
        strict_discord: StrictDiscord | None) -> None:
    """Without bucket headers discord.py cannot pace itself: 12 sends to one channel meet
    the 5-per-5-s bucket as 429s, and its retry loop sends each message exactly once."""
    strict = layer(strict_discord)
    async with lab() as lb:
        channel = lb.channel(lb.guild.create_text_channel("burst"))
        await lb.run(lambda: asyncio.gather(*(channel.send(f"m{i}") for i in range(12))))
        assert texts(lb.env, channel.id) == Counter(f"m{i}" for i in range(12))
        assert isinstance(lb.bot.http, StrictHTTPClient)
    route = strict.by_route["POST /channels/{channel_id}/messages"]
    # 5 pass, the 6th waits out a 429, 5 more pass, the 11th waits, the last two pass
    assert strict.counts["429.route"] == 2 and route["429.route"] == 2
    assert strict.rate_limited == strict.retries == 2
    assert route["requests"] == 12 and route["attempts"] == 14
    assert strict.violations() == []  # route 429s are discord.py's to absorb


async def test_bucket_headers_let_discord_py_pace_itself(
        strict_discord: StrictDiscord | None) -> None:
    """With X-RateLimit headers, discord.py's pre-emptive bucket waits run instead: no 429,
    every message once."""
    strict = layer(strict_discord)
    async with lab() as lb:
        channel = lb.channel(lb.guild.create_text_channel("paced"))
        await lb.run(lambda: asyncio.gather(*(channel.send(f"m{i}") for i in range(12))))
        assert texts(lb.env, channel.id) == Counter(f"m{i}" for i in range(12))
    assert strict.rate_limited == 0 and strict.retries == 0
    assert strict.counts["preemptive"] == 2  # the bucket emptied after the 5th and the 10th


async def test_global_limit_of_50_per_second(strict_discord: StrictDiscord | None) -> None:
    """60 sends to 60 channels at once: every channel's bucket has room, the global 50/s
    does not; discord.py holds its global lock through the retry, and all 60 arrive."""
    strict = layer(strict_discord)
    async with lab() as lb:
        channels = [lb.channel(lb.guild.create_text_channel(f"c{i}")) for i in range(60)]
        await lb.run(lambda: asyncio.gather(*(c.send("hi") for c in channels)))
        assert [texts(lb.env, c.id)["hi"] for c in channels] == [1] * 60
    assert strict.counts["429.global"] == 1 and strict.counts["429.route"] == 0
    assert strict.retries == 1
    assert [e.kind for e in strict.events] == ["global"]


# ------------------------------------------------------------------------------ old messages


async def _old_message(lb: Lab) -> discord.Message:
    channel = lb.channel(lb.guild.create_text_channel("old"))
    message = await lb.run(lambda: channel.send("v0"))
    assert isinstance(message, discord.Message)
    await lb.env.advance_time(3601)  # older than an hour on the virtual clock
    return message


async def _edit_four_times(lb: Lab, message: discord.Message) -> Any:
    async def job() -> Any:
        for i in range(1, 5):
            await message.edit(content=f"v{i}")
    return await lb.run(job)


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_old_message_edits_beyond_3_per_6s_get_30046(
        strict_discord: StrictDiscord | None) -> None:
    """The 4th edit of an hour-old message within 6 s is a 429 with code 30046; discord.py
    treats it as any 429 (Via header, JSON body): it sleeps retry_after and retries, and
    the retry passes once the told wait is over. The layer records a violation."""
    strict = layer(strict_discord)
    async with lab() as lb:
        message = await _old_message(lb)
        assert await _edit_four_times(lb, message) is None
        stored = lb.env.backend.get_message(message.channel.id, message.id)
        assert stored.content == "v4"
        fresh = await lb.run(lambda: message.channel.send("fresh"))
        for i in range(4):  # a message younger than an hour: no such limit
            await lb.run(partial(fresh.edit, content=f"f{i}"))
    assert strict.counts["30046"] == 1 and strict.counts["429.old_edits"] == 1
    assert strict.retries == 1
    assert [e.kind for e in strict.violations(FAIL_ON)] == ["old_edits"]
    with pytest.raises(AssertionError, match=r"old_edits: 429/30046 x1 on PATCH "):
        strict.assert_clean(FAIL_ON)


@pytest.mark.discord_limits(strict=True, fail_on=(), forgive_after_wait=False)
async def test_30046_that_outlasts_retry_after_exhausts_discord_py(
        strict_discord: StrictDiscord | None) -> None:
    """When the old-edit window outlasts the retry_after Discord sends (as seen in the wild:
    "429 Too Many Requests (error code: 30046)" raised after discord.py's retries), discord.py
    tries 5 times and raises HTTPException(429, code 30046) to the bot."""
    strict = layer(strict_discord)
    async with lab() as lb:
        message = await _old_message(lb)
        outcome = await _edit_four_times(lb, message)
        assert isinstance(outcome, discord.HTTPException)
        assert (outcome.status, outcome.code) == (429, 30046)
        assert lb.env.backend.get_message(message.channel.id, message.id).content == "v3"
    assert strict.counts["30046"] == 5 and strict.retries == 4
    assert strict.counts["exhausted"] == 1
    assert {e.kind for e in strict.violations(FAIL_ON)} == {"old_edits", "exhausted"}


@pytest.mark.discord_limits(strict=True, fail_on=(), retry_scale=1.0, max_wait=math.inf)
async def test_discords_own_retry_after_runs_on_virtual_time(
        strict_discord: StrictDiscord | None) -> None:
    """With unscaled waits, discord.py sleeps the whole retry_after (about 6 s) on simcord's
    virtual clock: beyond the settle deadline, so the edit waits for advance_time."""
    strict = layer(strict_discord)
    async with lab() as lb:
        message = await _old_message(lb)
        await _edit_four_times(lb, message)
        stored = lb.env.backend.get_message(message.channel.id, message.id)
        assert stored.content == "v3" and strict.retries == 0  # the 4th edit sleeps
        retry_after = strict.events[-1]
        assert retry_after.code == 30046
        await lb.env.advance_time(5.0)
        assert stored.content == "v3"
        await lb.env.advance_time(1.5)
        assert stored.content == "v4" and strict.retries == 1


@pytest.mark.discord_limits(strict=True, old_edits=False)
async def test_a_limit_turned_off_by_the_marker(strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)
    assert not strict.on("old_edits") and strict.on("routes")
    async with lab() as lb:
        message = await _old_message(lb)
        assert await _edit_four_times(lb, message) is None
    assert strict.counts["30046"] == 0 and strict.violations() == []


@pytest.mark.discord_limits(strict=False)
async def test_the_whole_layer_turned_off(strict_discord: StrictDiscord | None) -> None:
    assert strict_discord is None
    async with lab() as lb:
        assert type(lb.bot.http) is FakeHTTPClient


# ------------------------------------------------------------------------------ threads


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_thread_archives_on_virtual_time_refuses_edits_and_a_send_unarchives(
        strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)
    async with lab() as lb:
        parent = lb.channel(lb.guild.create_text_channel("tables"))

        async def open_thread() -> tuple[discord.Thread, discord.Message]:
            thread = await parent.create_thread(name="table", auto_archive_duration=60,
                                                type=discord.ChannelType.public_thread)
            return thread, await thread.send("board")

        thread, board = await lb.run(open_thread)
        meta = lb.env.backend.channels[thread.id].thread_metadata
        await lb.env.advance_time(30 * 60)
        assert await lb.run(lambda: board.edit(content="edited")) is not None
        await lb.env.advance_time(31 * 60)  # an hour after the last message: edits don't count
        assert meta.archived and strict.counts["archived"] == 1
        fetched = await lb.bot.fetch_channel(thread.id)
        assert isinstance(fetched, discord.Thread) and fetched.archived

        refused = await lb.run(lambda: board.edit(content="again"))
        assert isinstance(refused, discord.HTTPException)
        assert (refused.status, refused.code) == (400, 50083)

        sent = await lb.run(lambda: fetched.send("news"))
        assert isinstance(sent, discord.Message)  # a send unarchives (the thread is not locked)
        assert not meta.archived and strict.counts["unarchived"] == 1
        assert await lb.run(lambda: board.edit(content="after news")) is not None

        await lb.env.advance_time(61 * 60)
        assert meta.archived and strict.counts["archived"] == 2
        reopened = await lb.run(lambda: fetched.edit(archived=False))  # PATCH archived: false
        assert isinstance(reopened, discord.Thread) and not meta.archived
        assert await lb.run(lambda: board.edit(content="after unarchive")) is not None
        await lb.env.advance_time(59 * 60)  # the unarchive counts as activity
        assert not meta.archived
    assert strict.counts["50083"] == 1
    assert [e.kind for e in strict.violations(FAIL_ON)] == ["archive"]


# ------------------------------------------------------------------------------ DMs


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_opening_dms_too_fast_gets_40003(strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)
    async with lab() as lb:
        users = [lb.guild.add_member(lb.env.create_user(f"u{i}")) for i in range(13)]

        async def open_all(people: list[Any]) -> list[Any]:
            out: list[Any] = []
            for person in people:
                try:
                    out.append(await lb.bot.create_dm(discord.Object(person.id)))
                except discord.Forbidden as exc:
                    out.append(exc)
            return out

        opened = await lb.run(lambda: open_all(users[:12]))
        assert all(isinstance(c, discord.DMChannel) for c in opened[:10])
        assert [(e.status, e.code) for e in opened[10:]] == [(403, 40003)] * 2
        await lb.env.advance_time(10)
        later = await lb.run(lambda: open_all(users[12:]))
        assert isinstance(later[0], discord.DMChannel)
    assert strict.counts["40003"] == 2 and strict.retries == 0  # a 403: not retried


# ------------------------------------------------------------------------------ payloads


def _big_command(localised: bool) -> app_commands.Command[Any, ..., Any]:
    """/pick with four options of 25 choices each: small in English; with ``localised``,
    every choice's French name is 100 characters (only the longest localisation counts)."""

    def choices() -> list[app_commands.Choice[str]]:
        out = [app_commands.Choice(name=f"c{i:02}", value=f"v{i:02}") for i in range(25)]
        if localised:
            for choice in out:
                choice.name_localizations = {discord.Locale.french: "é" * 100}
        return out

    @app_commands.command(name="pick", description="Pick four things")
    @app_commands.choices(a=choices(), b=choices(), c=choices(), d=choices())
    async def pick(interaction: discord.Interaction, a: str, b: str, c: str, d: str) -> None:
        return None

    return pick


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_command_tree_over_8000_chars_at_its_longest_localisation_is_refused(
        strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)
    async with lab() as lb:
        tree = lb.bot.tree
        plain = _big_command(localised=False)
        tree.add_command(plain)
        payload = [plain.to_dict(tree)]
        assert command_size(payload[0]) < 1000
        synced = await lb.run(tree.sync)
        assert [c.name for c in synced] == ["pick"]

        tree.remove_command("pick")
        tree.add_command(_big_command(localised=True))
        size = command_size(tree.get_commands()[0].to_dict(tree))
        assert size > 8000, size
        refused = await lb.run(tree.sync)
        assert isinstance(refused, app_commands.CommandSyncFailure)
        assert (refused.status, refused.code) == (400, 50035)
        assert "Command exceeds maximum size (8000)" in str(refused)
        registered = list(lb.env.backend.commands.get(None, {}).values())
        assert [command_size(c) for c in registered] == [command_size(payload[0])]  # unchanged
    assert strict.counts["50035"] == 1
    assert [e.kind for e in strict.violations(FAIL_ON)] == ["commands"]


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_a_file_over_10_mib_is_refused_with_413(
        strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)
    async with lab() as lb:
        channel = lb.channel(lb.guild.create_text_channel("files"))
        ok = await lb.run(lambda: channel.send(file=discord.File(io.BytesIO(bytes(10 * MiB)),
                                                                 "limit.bin")))
        assert isinstance(ok, discord.Message) and ok.attachments[0].size == 10 * MiB
        refused = await lb.run(lambda: channel.send(
            file=discord.File(io.BytesIO(bytes(10 * MiB + 1)), "big.bin")))
        assert isinstance(refused, discord.HTTPException)
        assert (refused.status, refused.code) == (413, 40005)
        assert texts(lb.env, channel.id) == Counter({"": 1})  # only the first one
    assert strict.counts["40005"] == 1
    assert [e.kind for e in strict.violations(FAIL_ON)] == ["attachments"]


def test_limits_are_configurable() -> None:
    strict = StrictDiscord.from_options(global_limit=10, old_edits=False, fail_on=("routes",))
    assert strict.limits.global_limit == 10 and not strict.on("old_edits")
    assert strict.fail_on == {"routes"}
    with pytest.raises(ValueError):
        strict.disable("no-such-limit")
    with pytest.raises(TypeError):
        StrictDiscord.from_options(bogus=1)
    assert Limits().old_edits.limit == 3 and Limits().old_edits.window == 6.0


# ------------------------------------------------------------------------------ the real bot


async def test_the_real_bot_runs_under_the_layer_across_a_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)
    async with world(tmp_path, monkeypatch) as w:
        assert isinstance(w.bot.http, StrictHTTPClient) and w.bot.http.strict is strict
        gid, _ = await new_game(w, "alice", seats=2, join=["bob"])
        before = strict.requests
        assert before > 0 and strict.by_route["POST /channels/{channel_id}/messages"]["requests"]
        await w.restart()
        assert isinstance(w.bot.http, StrictHTTPClient) and w.bot.http.strict is strict
        await settle(w, gid)
    assert strict.violations() == []
