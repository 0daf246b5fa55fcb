"""The strict Discord layer itself (tests/e2e/strict.py): each limit answered as Discord
does, and discord.py's own rate-limit and retry code handling the answers; the check of
every request against Discord's OpenAPI description (tests/e2e/discord_schema.py); expired
interaction tokens answered 401/50027; invalid requests counted.

Layer-only tests run a minimal ``discord.Client`` under ``simcord.run``; its work runs in
simcord's bot scope from ``on_message`` (a member's message in a control channel starts the
job) or from its ``/probe`` slash command, so its requests are the bot's own traffic, timed
by the layer.
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

from . import discord_schema  # noqa: E402
from .conftest import new_game, settle, world  # noqa: E402
from .strict import (  # noqa: E402
    FAIL_ON,
    Limits,
    StrictDiscord,
    StrictHTTPClient,
    StrictWebhookAdapter,
    command_size,
)

pytestmark = pytest.mark.discord_limits(strict=True, window_scale=1.0)  # numbers as written

MiB = 1024 * 1024
Job = Callable[[], Awaitable[Any]]


Answer = Callable[[discord.Interaction[Any]], Awaitable[Any]]


class Probe(discord.Client):
    """A bot that runs ``job`` when a member writes in the control channel, and ``answer``
    when a member runs its ``/probe`` command (synced by :meth:`Lab.commands`)."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.job: Job | None = None
        self.outcome: Any = None
        self.answer: Answer | None = None
        self.interactions: list[discord.Interaction[Any]] = []

    def add_probe(self) -> None:
        @self.tree.command(name="probe", description="Run the test's answer")
        async def probe(interaction: discord.Interaction[Any]) -> None:
            self.interactions.append(interaction)
            if self.answer is not None:
                try:
                    self.outcome = await self.answer(interaction)
                except Exception as exc:  # what the test looks at
                    self.outcome = exc

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

    async def commands(self) -> list[str]:
        """Add the bot's ``/probe`` command and sync the tree (a bulk overwrite through the
        HTTP client): the names synced."""
        self.bot.add_probe()
        synced = await self.run(self.bot.tree.sync)
        assert not isinstance(synced, BaseException), synced
        return sorted(c.name for c in synced)

    async def slash(self, answer: Answer) -> tuple[discord.Interaction[Any], Any]:
        """A member runs ``/probe``; the bot answers with ``answer``: the interaction and
        the answer's outcome."""
        self.bot.outcome = None
        self.bot.answer = answer
        await self.member.slash(self.control, "probe")
        await self.env.settle()
        return self.bot.interactions[-1], self.bot.outcome


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


# ------------------------------------------------------------------------------ webhooks


def _webhook_keys(strict: StrictDiscord) -> dict[str, Counter[str]]:
    return {k: v for k, v in strict.by_route.items()
            if k.startswith(("POST /interactions/", "POST /webhooks/", "PATCH /webhooks/",
                             "GET /webhooks/", "DELETE /webhooks/"))}


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_expired_interaction_token_is_answered_401_50027(
        strict_discord: StrictDiscord | None) -> None:
    """A followup and an edit of the original response 15 virtual minutes after the
    interaction: Discord answers 401 with code 50027 ("Invalid Webhook Token"); discord.py's
    webhook adapter raises it as a plain HTTPException (a 401 is neither Forbidden nor
    NotFound). Within the 15 minutes both go through. The answers count as invalid."""
    strict = layer(strict_discord)
    async with lab() as lb:
        assert isinstance(lb.env._webhook_adapter, StrictWebhookAdapter)
        await lb.commands()
        interaction, _ = await lb.slash(lambda i: i.response.send_message("first"))
        fresh = await lb.run(lambda: interaction.followup.send("in time", wait=True))
        assert isinstance(fresh, discord.WebhookMessage)
        await lb.env.advance_time(14 * 60)
        edited = await lb.run(lambda: interaction.edit_original_response(content="edited"))
        assert isinstance(edited, discord.InteractionMessage)
        await lb.env.advance_time(61)  # 15 minutes and a second

        async def late() -> list[Any]:
            out: list[Any] = []
            for attempt in (lambda: interaction.followup.send("late", wait=True),
                            lambda: interaction.edit_original_response(content="late"),
                            lambda: fresh.edit(content="late")):
                try:
                    out.append(await attempt())
                except discord.HTTPException as exc:
                    out.append(exc)
            return out

        refused = await lb.run(late)
        assert [type(e) for e in refused] == [discord.HTTPException] * 3
        assert [(e.status, e.code) for e in refused] == [(401, 50027)] * 3
        assert "Invalid Webhook Token" in str(refused[0])
        stored = lb.env.backend.get_message(lb.control.id, edited.id)
        assert stored.content == "edited"  # nothing changed
    assert strict.counts["50027"] == 3
    assert strict.counts["invalid"] == strict.counts["invalid.401"] == 3
    assert strict.retries == 0  # a 401 is not retried
    assert [e.kind for e in strict.violations(FAIL_ON)] == ["expired_tokens"] * 3
    assert "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original" in " ".join(
        strict.summary(strict.violations(FAIL_ON)))
    assert strict.invalid_line().startswith("invalid requests (401/403/429): 3 (401 x3,")
    report = strict.report()["invalid_requests"]
    assert report["count"] == 3 and report["401"] == 3 and report["ban_at"] == 10_000
    with pytest.raises(AssertionError, match=r"expired_tokens: 401/50027 x1 on POST "):
        strict.assert_clean(FAIL_ON)


@pytest.mark.discord_limits(strict=True, expired_tokens=False)
async def test_expired_tokens_turned_off_leave_simcords_404(
        strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)
    async with lab() as lb:
        await lb.commands()
        interaction, _ = await lb.slash(lambda i: i.response.send_message("first"))
        await lb.env.advance_time(15 * 60 + 1)
        outcome = await lb.run(lambda: interaction.followup.send("late"))
        assert isinstance(outcome, discord.NotFound) and outcome.code == 10015
    assert strict.counts["50027"] == 0 and strict.counts["invalid"] == 0  # a 404


@pytest.mark.parametrize("headers", [
    pytest.param(False, marks=pytest.mark.discord_limits(strict=True, global_limit=1,
                                                         headers=False)),
    pytest.param(True, marks=pytest.mark.discord_limits(strict=True, global_limit=1)),
])
async def test_followups_meet_their_webhook_bucket(
        strict_discord: StrictDiscord | None, headers: bool) -> None:
    """Six followups on one token. Without rate-limit headers the sixth meets the 5-per-2-s
    bucket of ``POST /webhooks/{id}/{token}`` as a 429; discord.py's webhook adapter sleeps
    ``retry_after`` and sends it again, once. With them, the fifth answer says the bucket is
    empty and discord.py waits before the sixth (``delay_by``): no 429. The callback and
    the followups are interaction endpoints, not bound to the global limit (here 1 per
    second)."""
    strict = layer(strict_discord)

    async def answer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("0")
        for i in range(1, 7):
            await interaction.followup.send(str(i))

    async with lab() as lb:
        await lb.commands()
        _, outcome = await lb.slash(answer)
        assert outcome is None
        assert texts(lb.env, lb.control.id) >= Counter(str(i) for i in range(7))
    followups = strict.by_route["POST /webhooks/{webhook_id}/{webhook_token}"]
    assert followups["requests"] == 6 and followups["webhook"] == 6
    if headers:
        assert followups["429.route"] == followups["retries"] == 0
        assert followups["preemptive"] == 1
    else:
        assert followups["429.route"] == followups["retries"] == followups["invalid.429"] == 1
    assert all(c["429.global"] == 0 for c in _webhook_keys(strict).values())
    assert strict.violations() == []


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_a_file_over_10_mib_in_an_interaction_response_is_refused(
        strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)

    async def answer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            file=discord.File(io.BytesIO(bytes(10 * MiB + 1)), "big.bin"))

    async with lab() as lb:
        await lb.commands()
        _, outcome = await lb.slash(answer)
        assert isinstance(outcome, discord.HTTPException)
        assert (outcome.status, outcome.code) == (413, 40005)
    assert [e.kind for e in strict.violations(FAIL_ON)] == ["attachments"]
    assert strict.events[0].route == "POST /interactions/{webhook_id}/{webhook_token}/callback"


# ------------------------------------------------------------------------------ the schema


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_a_command_sync_outside_the_schema_is_caught_on_the_http_client(
        strict_discord: StrictDiscord | None) -> None:
    """An integer option whose ``max_value`` is 2**53: Discord's description allows at most
    2**53 - 1 (``Int53Type``). The violation names the route, the JSON pointer into the
    body, the value and the validator's message, and fails the test at teardown."""
    strict = layer(strict_discord)

    @app_commands.command(name="game", description="Pick a game")
    async def game(interaction: discord.Interaction[Any],
                   number: app_commands.Range[int, 1, 2**53]) -> None:
        return None

    async with lab() as lb:
        lb.bot.tree.add_command(game)
        await lb.run(lb.bot.tree.sync)
    [v] = strict.schema_violations
    assert v.route == "PUT /applications/{application_id}/commands"
    assert (v.where, v.value) == ("body", 2**53)
    assert v.pointer.endswith("/options/0/max_value") and v.pointer.startswith("/")
    assert "greater than the maximum of 9007199254740991" in v.message
    [event] = strict.violations(FAIL_ON)
    assert event.kind == "schema" and event.route == "PUT /applications/{application_id}/commands"
    assert f"body{v.pointer} = 9007199254740992" in event.detail
    with pytest.raises(AssertionError, match=r"schema: 0/0 x1 on PUT /applications/"):
        strict.assert_clean(FAIL_ON)


@pytest.mark.discord_limits(strict=True, fail_on=())
async def test_a_body_outside_the_schema_is_caught_on_the_webhook_adapter(
        strict_discord: StrictDiscord | None) -> None:
    """An interaction response and a followup with an embed whose colour is over 0xFFFFFF
    (simcord takes it): the violation is the embed's ``color``, though embeds sit under a
    ``oneOf`` with ``null`` and the callback body under an ``anyOf`` of seven callbacks —
    not "not valid under any of the given schemas"."""
    strict = layer(strict_discord)

    def bad() -> discord.Embed:
        return discord.Embed(title="t", colour=0x1000000)

    async def answer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("hi", embed=bad())
        await interaction.followup.send("and", embed=bad())

    async with lab() as lb:
        await lb.commands()
        _, outcome = await lb.slash(answer)
        assert outcome is None
    routes = [(v.route, v.pointer, v.value, v.message) for v in strict.schema_violations]
    too_big = "16777216 is greater than the maximum of 16777215"
    assert routes == [
        ("POST /interactions/{interaction_id}/{interaction_token}/callback",
         "/data/embeds/0/color", 0x1000000, too_big),
        ("POST /webhooks/{webhook_id}/{webhook_token}", "/embeds/0/color", 0x1000000, too_big),
    ]
    assert [e.kind for e in strict.violations(FAIL_ON)] == ["schema", "schema"]


async def test_valid_traffic_passes_with_the_waivers_it_needs(
        strict_discord: StrictDiscord | None) -> None:
    """A command sync, messages with a file and a mention, an interaction response,
    a followup and edits: every request checked, none a violation; discord.py's integer
    ids (an upload's ``attachments[].id``, ``allowed_mentions.users``) pass under the
    snowflake waiver, the forum option's channel type 16 under the GUILD_MEDIA one."""
    strict = layer(strict_discord)

    @app_commands.command(name="where", description="Pick a forum")
    async def where(interaction: discord.Interaction[Any], forum: discord.ForumChannel) -> None:
        return None

    async def answer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            f"hi {interaction.user.mention}", file=discord.File(io.BytesIO(b"x"), "a.txt"),
            allowed_mentions=discord.AllowedMentions(users=[interaction.user]))
        message = await interaction.followup.send("more", wait=True)
        await message.edit(content="more!")
        await interaction.edit_original_response(content="hi again")

    async with lab() as lb:
        lb.bot.tree.add_command(where)
        assert await lb.commands() == ["probe", "where"]
        channel = lb.channel(lb.control)
        member = discord.Object(id=lb.member.id)
        await lb.run(lambda: channel.send(
            "file", file=discord.File(io.BytesIO(b"y"), "b.txt"),
            allowed_mentions=discord.AllowedMentions(users=[member])))
        _, outcome = await lb.slash(answer)
        assert outcome is None
    assert strict.schema_violations == [] and strict.violations() == []
    assert strict.counts["schema.checked"] == strict.requests >= 6
    assert strict.counts["waived.snowflake-as-integer"] >= 3
    assert strict.counts["waived.guild-media-channel-type"] == 1


@pytest.mark.discord_limits(strict=True, schema=False)
async def test_the_schema_check_turned_off_by_the_marker(
        strict_discord: StrictDiscord | None) -> None:
    strict = layer(strict_discord)
    assert not strict.on("schema")

    @app_commands.command(name="game", description="Pick a game")
    async def game(interaction: discord.Interaction[Any],
                   number: app_commands.Range[int, 1, 2**53]) -> None:
        return None

    async with lab() as lb:
        lb.bot.tree.add_command(game)
        await lb.run(lb.bot.tree.sync)
    assert strict.counts["schema.checked"] == 0 and strict.violations() == []


def test_the_schema_check_turned_off_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(discord_schema.SCHEMA_VAR, "0")
    assert not StrictDiscord.from_options().on("schema")
    assert StrictDiscord.from_options(schema=True).on("schema")  # the marker wins
    monkeypatch.delenv(discord_schema.SCHEMA_VAR)
    assert StrictDiscord.from_options().on("schema")


CHECKER = discord_schema.checker


def _attachment(value: Any) -> discord_schema.Result:
    return CHECKER().check("POST", "/channels/1/messages",
                           body={"content": "x", "attachments": [{"id": value}]})


@pytest.mark.parametrize("value", [0, 1, 2**63, 2**64 - 1, "0", "1234567890123456789"])
def test_snowflake_waiver_lets_through_exactly_a_snowflake(value: Any) -> None:
    result = _attachment(value)
    assert result.violations == ()
    assert result.waived == (() if isinstance(value, str)
                             else ((discord_schema.SNOWFLAKE_AS_INTEGER.name, value),))


@pytest.mark.parametrize("value", [-1, 2**64, 1.0, True, None, "01", "x", [1]])
def test_snowflake_waiver_lets_through_nothing_else(value: Any) -> None:
    [v] = _attachment(value).violations
    assert (v.pointer, v.value) == ("/attachments/0/id", value)


def test_guild_media_waiver_is_only_for_channel_types() -> None:
    def sync(channel_types: list[int], style: int = 1) -> discord_schema.Result:
        return CHECKER().check("PUT", "/applications/1/commands", body=[{
            "type": 1, "name": "x", "description": "d",
            "options": [{"type": 7, "name": "c", "description": "d",
                         "channel_types": channel_types}]}])

    assert sync([0, 15, 16]).violations == ()
    [v] = sync([16, 17]).violations
    assert (v.pointer, v.value) == ("/0/options/0/channel_types/1", 17)
    assert v.message.startswith("17 is not one of [")
    # 16 anywhere else is not a channel type: a button's style
    body = {"type": 4, "data": {"components": [{"type": 1, "components": [
        {"type": 2, "style": 16, "label": "x", "custom_id": "a"}]}]}}
    [v] = CHECKER().check("POST", "/interactions/1/t/callback", params={"with_response": "1"},
                          body=body).violations
    assert (v.pointer, v.value) == ("/data/components/0/components/0/style", 16)
    assert v.message == "16 is not one of [1, 2, 3, 4, 5, 6]"


def test_the_checker_reads_the_alternative_the_body_meant() -> None:
    """Under ``oneOf``/``anyOf`` the violation is the matching alternative's: a select
    menu with 26 options is reported at its ``options``, a too-long content of an update
    callback at ``/data/content``."""
    check = CHECKER().check
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": str(i)}
                                                       for i in range(26)]}
    [v] = check("POST", "/channels/1/messages", body={"components": [
        {"type": 1, "components": [select]}]}).violations
    assert (v.pointer, v.message) == ("/components/0/components/0/options",
                                      "26 items; maxItems 25")
    [v] = check("POST", "/interactions/1/t/callback", params={"with_response": "1"},
                body={"type": 7, "data": {"content": "x" * 2001}}).violations
    assert v.pointer == "/data/content" and v.message.startswith("2001 characters; maxLength")


def test_operations_paths_and_query_parameters() -> None:
    check = CHECKER().check
    assert check("GET", "/channels/1/messages", params={"limit": 50}).violations == ()
    [v] = check("GET", "/channels/1/messages", params={"limit": 500}).violations
    assert (v.where, v.pointer, v.value) == ("query", "/limit", 500)
    [v] = check("GET", "/channels/abc/messages").violations
    assert (v.where, v.pointer, v.value) == ("path", "/channel_id", "abc")
    # booleans in a query string as Discord reads them: True/true/1, False/false/0
    for flag in (0, 1, "true", "False"):
        assert check("PATCH", "/webhooks/1/t/messages/@original",
                     params={"with_components": flag}, body={}).violations == ()
    result = check("PATCH", "/webhooks/1/t/messages/@original",
                   params={"with_components": "yes", "bogus": 1}, body={})
    [v] = result.violations
    assert (v.where, v.pointer, v.value) == ("query", "/with_components", "yes")
    assert result.undeclared == (("bogus", 1),)  # reported apart: OpenAPI allows them
    [v] = check("PUT", "/channels/1").violations
    assert (v.where, v.message) == ("operation", "no PUT operation on /channels/{channel_id}")
    [v] = check("GET", "/no/such/route").violations
    assert v.where == "operation" and v.route == "GET /no/such/route"
    # a literal segment wins over a parameter
    assert check("PATCH", "/webhooks/1/t/messages/@original", body={}).route.endswith(
        "/messages/@original")
    assert check("PATCH", "/webhooks/1/t/messages/2", body={}).route.endswith(
        "/messages/{message_id}")


def test_results_are_memoised_by_operation_and_canonical_body() -> None:
    checker = discord_schema.SchemaChecker(CHECKER().spec)
    stats = checker.stats
    body = {"content": "memo", "embeds": [{"title": "t", "description": "d"}]}
    first = checker.check("POST", "/channels/1/messages", body=body)
    compiled = stats.validators
    assert (stats.body_misses, stats.body_hits) == (1, 0)
    again = checker.check("POST", "/channels/2/messages",
                          body={"embeds": [{"description": "d", "title": "t"}],
                                "content": "memo"})  # the same JSON, keys in another order
    assert (stats.body_misses, stats.body_hits) == (1, 1)
    assert again.violations == first.violations == () and stats.validators == compiled
    checker.check("PATCH", "/channels/1/messages/2", body=body)  # another operation
    assert stats.body_misses == 2 and stats.validators > compiled
    compiled = stats.validators
    checker.check("POST", "/channels/1/messages", body={**body, "content": "other"})
    assert stats.body_misses == 3 and stats.validators == compiled  # compiled once
    assert discord_schema.checker() is discord_schema.checker()  # loaded once per process
