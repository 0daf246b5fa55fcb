"""The final hash through the real bot in the offline Discord (docs/security.md, "Results
nobody can quietly change"): when a game ends, the final-scores message in its thread carries
the head of the game's hash chain (``table.over.hash``), the same head the store keeps
(``games.log_hash``), the export's ``chain.final_hash`` and ``python -m bot verify GAME``.

Kept fast: a two-seat table (alice and one AI seat) where alice concedes at once, so the AI
plays both seats to the end.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import concede_to_the_end, config, new_game, thread_messages, world

pytest.importorskip("simcord")

from bot.proof import EXIT_OK, verify_game  # noqa: E402
from bot.service.export import check_record  # noqa: E402
from i18n import translate  # noqa: E402

HASH = re.compile(r"Final hash `([^`]*)`")


async def test_the_final_scores_carry_the_final_hash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=2, ai=1)
        # in play: no final hash anywhere in the thread yet
        assert not any(HASH.search(m.content or "") for m in await thread_messages(w, gid))

        await concede_to_the_end(w, gid)

        messages = await thread_messages(w, gid)
        final = messages[-1]
        assert f"Game #{gid} is over" in final.content, final.content
        # the hash is posted once, with the final scores
        posted = [m for m in messages if HASH.search(m.content or "")]
        assert [m.id for m in posted] == [final.id]
        found = HASH.findall(final.content)
        assert len(found) == 1, final.content
        shown = found[0]
        assert re.fullmatch(r"[0-9a-f]{64}", shown), shown

        head = await w.service.store.chain_head(gid)
        assert shown == head
        # the line is the catalog's, as it reads in English
        lines = final.content.splitlines()
        assert translate("en", "table.over.hash", hash=head) in lines, lines

        # the export and the store's rows agree: the chain recomputes to the posted hash
        record = await w.service.export_record(gid)
        assert record["chain"]["final_hash"] == shown
        verdict = check_record(record)
        assert verdict.ok and verdict.final_hash == shown, verdict
        stored = await w.service.store.load_game(gid)
        assert stored is not None and stored.head == shown
        assert stored.actions[-1].hash == shown

        # python -m bot verify GAME, from the database file alone
        code, line = await verify_game(config(w.path), gid)
        assert code == EXIT_OK, line
        assert line.endswith(f"final hash {shown}"), line
