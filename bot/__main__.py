"""``python -m bot``: run the bot; ``python -m bot --check``: validate without connecting;
``python -m bot league-sim …``: simulate a league season (docs/leagues.md);
``python -m bot migrate-db --from sqlite:///… --to postgresql://…``: copy a SQLite database
into a new PostgreSQL one and verify it (bot/storage/migrate.py)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys

from bot.config import NO_TOKEN_HELP, Config, ConfigError


def setup_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.http").setLevel(logging.WARNING)


async def check(config: Config) -> list[str]:
    """Configuration, storage (migrations) and content, without connecting to Discord."""
    from bot.storage import open_store
    from bot.storage.migrate import kind_of, redact, schema_version
    from hadara.content import default_catalog

    lines = [f"token: {'set' if config.has_token else 'MISSING'} (never printed)"]
    catalog = default_catalog()
    lines.append(f"content: version {catalog.version}, {len(catalog.cards)} cards")
    store = open_store(config.db)
    await store.open()
    try:
        ids = await store.game_ids()
        version = await schema_version(store)
    finally:
        await store.close()
    kind = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}.get(kind_of(config.db), "unknown")
    lines.append(f"database: {redact(config.db)} ({kind}, schema version "
                 f"{'unknown' if version is None else version}, schema up to date, "
                 f"{len(ids)} active games)")
    import importlib

    from bot.client import EXTENSIONS  # imports discord.py and the cogs' modules

    for name in EXTENSIONS:
        importlib.import_module(name)
    lines.append(f"cogs: {', '.join(EXTENSIONS)} import")
    return lines


def league_sim(argv: list[str]) -> int:
    """``league-sim``: a simulated season through the real game service (no Discord)."""
    import json

    from bot.league.sim import simulate_season, standings_text

    ap = argparse.ArgumentParser(prog="python -m bot league-sim",
                                 description="simulate a league season: greedy AI seats stand "
                                 "in for the players, through the real game service")
    ap.add_argument("--players", type=int, default=12, help="members (3 or more; default 12)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--table-size", default="4", choices=("3", "4", "5", "mixed"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="greedy", choices=("random", "greedy"),
                    help="the AI standing in for every player")
    ap.add_argument("--db", help="keep the SQLite file here (default: a temporary one)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    if args.players < 3 or not 1 <= args.rounds <= 50:
        print("league-sim: at least 3 players and 1 to 50 rounds", file=sys.stderr)
        return 2
    size: int | str = args.table_size if args.table_size == "mixed" else int(args.table_size)
    logging.basicConfig(level="WARNING")
    result = asyncio.run(simulate_season(args.players, args.rounds, size, seed=args.seed,
                                         path=args.db, level=args.level))
    print(json.dumps(result, indent=2) if args.json else standings_text(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "league-sim":
        return league_sim(argv[1:])
    if argv and argv[0] == "migrate-db":
        from bot.storage.migrate import main as migrate_db

        return migrate_db(argv[1:])
    ap = argparse.ArgumentParser(prog="python -m bot", description="Hadara for Discord",
                                 epilog="subcommands: league-sim, migrate-db (see python -m "
                                 "bot league-sim --help, python -m bot migrate-db --help)")
    ap.add_argument("--check", action="store_true",
                    help="validate configuration, storage and content without connecting")
    ap.add_argument("--env-file", default=".env")
    args = ap.parse_args(argv)
    try:
        config = Config.load(args.env_file)
    except ConfigError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    setup_logging(config.log_level)
    if args.check:
        try:
            lines = asyncio.run(check(config))
        except Exception as exc:  # report any failure as a failed check, not a traceback
            from bot.storage.migrate import redact

            print(f"check failed: {exc}".replace(config.db, redact(config.db)),
                  file=sys.stderr)
            return 1
        print("\n".join(lines))
        if not config.has_token:
            print(NO_TOKEN_HELP, file=sys.stderr)
            return 1
        print("ok")
        return 0
    if not config.has_token:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.client import HadaraBot

    async def run() -> None:
        async with HadaraBot(config) as bot:
            await bot.start(config.token)

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
