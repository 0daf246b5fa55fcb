"""The recap at the end, through the real bot in the offline Discord: a finished game's final
message carries the final scores and the recap (an animated GIF of the boards at the end of each
epoch, then the final standings), each in its own embed so both show at full width; when the
recap cannot be drawn, the scores are posted without it.

Kept fast: a two-seat table (alice and one AI seat) where alice concedes at once, so the AI
plays both seats to the end.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from .conftest import World, components, concede_to_the_end, new_game, thread_messages, world

pytest.importorskip("simcord")


async def finish(w: World) -> tuple[int, Any]:
    """A two-seat game that alice concedes at once, played to the end; its final message."""
    gid, _ = await new_game(w, "alice", seats=2, ai=1)
    await concede_to_the_end(w, gid)
    final = (await thread_messages(w, gid))[-1]
    assert f"Game #{gid} is over" in final.content, final.content
    assert "Rematch" in [c.get("label") for c in components(final)]
    return gid, final


async def test_the_final_message_carries_the_recap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with world(tmp_path, monkeypatch) as w:
        gid, final = await finish(w)
        assert [a.filename for a in final.attachments] == ["scores.png", "recap.gif"]
        # one embed per picture: stacked at full width, not side by side
        assert [e.image.url for e in final.embeds] == [f"attachment://{a.filename}"
                                                       for a in final.attachments]
        recap = next(a for a in final.attachments if a.filename == "recap.gif")
        assert recap.size < 2_000_000, recap.size
        data = await recap.read()
        assert data == await w.service.recap_image(gid, "en")
        with Image.open(io.BytesIO(data)) as gif:
            assert gif.format == "GIF" and gif.is_animated and gif.n_frames == 4
            assert gif.size[0] == 800 and gif.size[1] <= 767


async def test_the_scores_are_posted_without_a_recap_that_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    async with world(tmp_path, monkeypatch) as w:
        async def broken(game_id: int, language: str = "en") -> bytes:
            raise RuntimeError("no recap today")

        monkeypatch.setattr(w.service, "recap_image", broken)
        _, final = await finish(w)
        assert [a.filename for a in final.attachments] == ["scores.png"]
        assert len(final.embeds) == 1
        assert any("recap.gif" in r.getMessage() and r.exc_info for r in caplog.records)
