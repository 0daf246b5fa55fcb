"""``python -m bot verify GAME|FILE`` (docs/security.md, "Results nobody can quietly change"):
recompute a game's hash chain and print its final hash, to compare with the one posted with
its final scores, kept in its league result or printed on an export.

* ``GAME`` — a game of the configured database: its rows read as the bot reads them (the store
  checks the chain on load) and the chain recomputed again from the export of those rows.
* ``FILE`` — an exported record (``/hadara-replay export``, format ``hadara-game-record/2``):
  nothing in it is trusted but what it hashes (``bot.service.export.check_record``).

Exit code 0: the chain verifies (the final hash is printed); 1: it does not (where, is
printed); 2: no such game or file.
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.config import Config
from bot.service.export import check_record, game_record
from bot.storage import open_store
from bot.storage.base import DamagedRecord, StorageError

EXIT_OK, EXIT_BAD, EXIT_MISSING = 0, 1, 2


def verify_file(path: Path) -> tuple[int, str]:
    """An exported record's chain: (exit code, the line to print)."""
    try:
        doc = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        return EXIT_MISSING, f"verify: cannot read {path}: {exc}"
    verdict = check_record(doc)
    game = doc.get("game_id") if isinstance(doc, dict) else None
    if not verdict.ok:
        return EXIT_BAD, f"game {game}: does NOT verify: {verdict.detail}"
    return EXIT_OK, f"game {game}: verified ({verdict.detail}); final hash {verdict.final_hash}"


async def verify_game(config: Config, game_id: int) -> tuple[int, str]:
    """A stored game's chain, as the store reads it and recomputed from its export."""
    store = open_store(config.db)
    await store.open()
    try:
        try:
            stored = await store.load_game(game_id)
        except DamagedRecord as exc:
            if exc.reason != "bad_chain":
                return EXIT_BAD, f"game {game_id}: damaged ({exc.reason}): {exc.detail}"
            return EXIT_BAD, f"game {game_id}: does NOT verify: {exc.detail}"
        except StorageError as exc:
            return EXIT_MISSING, f"verify: {exc}"
        if stored is None:
            return EXIT_MISSING, f"verify: there is no game {game_id}"
        try:
            verdict = check_record(game_record(stored, None))
        except ValueError:
            return EXIT_OK, f"game {game_id}: never started, no actions to verify"
    finally:
        await store.close()
    if not verdict.ok:
        return EXIT_BAD, f"game {game_id}: does NOT verify: {verdict.detail}"
    return EXIT_OK, (f"game {game_id} ({stored.record.status}): verified ({verdict.detail}); "
                     f"final hash {verdict.final_hash}")
