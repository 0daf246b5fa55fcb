"""``python -m bot``: run the bot; ``python -m bot --check``: validate without connecting;
``python -m bot league-sim …``: simulate a league season (docs/leagues.md);
``python -m bot tournament-sim …``: a tournament to its final, Swiss against random seating;
``python -m bot migrate-db --from sqlite:///… --to postgresql://…``: copy a SQLite database
into a new PostgreSQL one and verify it (bot/storage/migrate.py);
``python -m bot backup FILE`` / ``restore FILE [--yes]``: a verified backup of the SQLite
database and its restore (bot/storage/backup.py); ``python -m bot repair GAME [--yes]``: show
a damaged game's damage and repair it up to its last valid action (docs/deploy.md);
``python -m bot verify GAME|FILE``: recompute a game's hash chain and print its final hash
(bot/proof.py); ``python -m bot clear-dev-commands [SERVER_ID]``: remove the copies of the commands
``HADARA_DEV_GUILD`` synced into a server (README.md, "Troubleshooting").

A missing token or a bad setting (exit 2) and no connection to Discord (exit 3, a bad token
or no network) are explained in one message on stderr, without a traceback."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sqlite3
import sys
from pathlib import Path
from typing import Any

from bot.config import NO_TOKEN_HELP, Config, ConfigError

#: Exit codes of ``python -m bot`` that are explained on stderr (``make run`` adds nothing to
#: the explanation): a setting to fix (no token, a bad value), and no connection to Discord.
EXIT_SETUP = 2
EXIT_CONNECT = 3


def setup_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.http").setLevel(logging.WARNING)


async def check(config: Config, *, new_database: bool = False) -> list[str]:
    """Configuration, storage (migrations, identity), damaged games and content, without
    connecting to Discord."""
    from bot.service.service import GameService
    from bot.storage import open_store
    from bot.storage.base import STATUSES
    from bot.storage.migrate import schema_version
    from bot.storage.urls import parse
    from hadara.content import default_catalog

    lines = [f"token: {'set' if config.has_token else 'MISSING'} (never printed)"]
    catalog = default_catalog()
    lines.append(f"content: version {catalog.version}, {len(catalog.cards)} cards")
    store = open_store(config.db, create=new_database)
    await store.open()
    try:
        ids = await store.game_ids()
        every = await store.game_ids(STATUSES)  # finished ones too: their chains are checked
        version = await schema_version(store)
        marked = await store.damaged_games()
        # the active games are replayed as the service would (nothing is marked here)
        service = GameService(store)
        known = {d.game_id for d in marked}
        found = []
        for gid in every:
            if gid not in known:
                preview = await service.repair_preview(gid)
                if preview["reason"] is not None:
                    found.append((gid, preview))
    finally:
        await store.close()
    location = parse(config.db)
    kind = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}.get(location.kind, "unknown")
    lines.append(f"database: {location.redacted} ({kind}, schema version "
                 f"{'unknown' if version is None else version}, schema up to date, "
                 f"{len(ids)} active games)")
    if marked or found:
        lines.append(f"warning: {len(marked) + len(found)} damaged games (refused until "
                     "repaired; `python -m bot repair GAME` shows the damage and repairs it)")
        for d in marked:
            at = "" if d.seq is None else f" at action {d.seq}"
            lines.append(f"  damaged game {d.game_id}: {d.reason}{at}: {d.detail}")
        for gid, preview in found:
            at = "" if preview["seq"] is None else f" at action {preview['seq']}"
            lines.append(f"  damaged game {gid} (found now): {preview['reason']}{at}: "
                         f"{preview['detail']}")
    else:
        lines.append("damaged games: none")
    import importlib

    from bot.client import EXTENSIONS  # imports discord.py and the cogs' modules

    for name in EXTENSIONS:
        importlib.import_module(name)
    lines.append(f"cogs: {', '.join(EXTENSIONS)} import")
    lines.append(web_line(config))
    lines.append(activity_line(config))
    return lines


def activity_line(config: Config) -> str:
    """Which of link / Activity "Open the board" opens, and what the Activity still needs."""
    if not config.activity:
        link = "the signed link" if config.web_url else "nothing (no web page)"
        return f"board inside Discord: off (HADARA_ACTIVITY unset); \"Open the board\" opens {link}"
    if config.activity_missing:
        return ("board inside Discord: asked for (HADARA_ACTIVITY) but missing "
                + ", ".join(config.activity_missing) + "; \"Open the board\" opens the signed "
                "link until then")
    return (f"board inside Discord: on for application {config.client_id} (map / to "
            f"{config.web_url} in the Developer Portal); \"Open the board\" launches it, the "
            "signed link stays beside it")


def web_line(config: Config) -> str:
    """The web page's settings as ``--check`` reports them (Config.load checked them)."""
    if config.web_port is None:
        return "web page: off (HADARA_WEB_PORT unset)"
    where = config.web_url or "no HADARA_WEB_URL: no \"Open the board\" links"
    return (f"web page: {config.web_host}:{config.web_port}, players open {where}; sessions "
            f"end after {config.web_session_idle_days:g} idle days, "
            f"{config.web_session_max_days:g} days at most")


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
    ap.add_argument("--level", default="greedy", choices=("random", "gentle", "greedy"),
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


def tournament_sim(argv: list[str]) -> int:
    """``tournament-sim``: a tournament to its final through the real game service, seated
    by standing and, for comparison, at random (docs/leagues.md, "Tournaments")."""
    import json

    from bot.league.sim import simulate_tournament, tournament_text

    ap = argparse.ArgumentParser(prog="python -m bot tournament-sim",
                                 description="simulate a tournament to its final (greedy AI "
                                 "seats stand in for the players), Swiss seating against "
                                 "random seating")
    ap.add_argument("--players", type=int, default=20, help="entrants (3 to 64; default 20)")
    ap.add_argument("--rounds", type=int, default=4, help="Swiss rounds before the final")
    ap.add_argument("--final", type=int, default=4, choices=(3, 4, 5),
                    help="seats at the final table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print both runs as JSON")
    args = ap.parse_args(argv)
    if not 3 <= args.players <= 64 or not 1 <= args.rounds <= 12:
        print("tournament-sim: 3 to 64 players and 1 to 12 rounds", file=sys.stderr)
        return 2
    logging.basicConfig(level="WARNING")

    async def both() -> tuple[dict[str, Any], dict[str, Any]]:
        runs = [await simulate_tournament(args.players, args.rounds, final_size=args.final,
                                          seed=args.seed, seating_rule=rule)
                for rule in ("swiss", "random")]
        return runs[0], runs[1]

    swiss_run, random_run = asyncio.run(both())
    print(json.dumps({"swiss": swiss_run, "random": random_run}, indent=2) if args.json
          else tournament_text(swiss_run, random_run))
    return 0


def _config(env_file: str) -> Config | None:
    try:
        return Config.load(env_file)
    except ConfigError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return None


def _sqlite_file(db: str) -> Path | None:
    """The SQLite file of ``HADARA_DB`` (None: PostgreSQL or a throw-away database)."""
    from bot.storage.urls import parse

    return parse(db).file


PG_BACKUP_HELP = """The database is PostgreSQL: back it up with pg_dump while the bots run, e.g.
    pg_dump --format=custom --file=backups/hadara-$(date +%F).dump "$HADARA_DB"
and restore with pg_restore into a new empty database (docs/deploy.md, "Backups")."""


def backup_main(argv: list[str]) -> int:
    """``backup FILE``: a consistent, verified copy of the SQLite database (the bot may run)."""
    from bot.storage.backup import copy_database
    from bot.verify import verify

    ap = argparse.ArgumentParser(prog="python -m bot backup",
                                 description="copy the SQLite database with SQLite's online "
                                 "backup API (the bot may keep running) and verify the copy")
    ap.add_argument("file", type=Path, help="the new backup file")
    ap.add_argument("--no-verify", action="store_true", help="skip replaying every game")
    ap.add_argument("--env-file", default=".env")
    args = ap.parse_args(argv)
    config = _config(args.env_file)
    if config is None:
        return 2
    source = _sqlite_file(config.db)
    if source is None:
        print(PG_BACKUP_HELP, file=sys.stderr)
        return 2
    if not source.is_file():
        print(f"backup: no database at {source}", file=sys.stderr)
        return 2
    logging.basicConfig(level="WARNING")
    try:
        copy_database(source, args.file)
    except (OSError, sqlite3.Error) as exc:
        print(f"backup: FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"backup: {source} -> {args.file}")
    if args.no_verify:
        return 0
    report = asyncio.run(verify(args.file))
    print(report.text())
    return 0 if report.ok else 1


def restore_main(argv: list[str]) -> int:
    """``restore FILE [--yes]``: verify a backup, then (with --yes, the bot stopped) put it in
    the place of the SQLite database."""
    from bot.storage.backup import restore
    from bot.verify import verify

    ap = argparse.ArgumentParser(prog="python -m bot restore",
                                 description="verify a backup by replaying every game; with "
                                 "--yes (stop the bot first) put it in the place of the "
                                 "database, keeping the current one aside")
    ap.add_argument("file", type=Path, help="the backup file")
    ap.add_argument("--yes", action="store_true", help="replace the database")
    ap.add_argument("--env-file", default=".env")
    args = ap.parse_args(argv)
    config = _config(args.env_file)
    if config is None:
        return 2
    live = _sqlite_file(config.db)
    if live is None:
        print(PG_BACKUP_HELP, file=sys.stderr)
        return 2
    logging.basicConfig(level="WARNING")
    report = asyncio.run(verify(args.file))
    print(report.text())
    if not report.ok:
        print("restore: the backup does not verify; nothing was changed", file=sys.stderr)
        return 1
    if not args.yes:
        print(f"restore: run again with --yes to put it in the place of {live} (stop the bot "
              "first; the current database is kept aside)")
        return 0
    try:
        kept = restore(args.file, live)
    except (OSError, RuntimeError, sqlite3.Error) as exc:
        print(f"restore: refused: {exc}", file=sys.stderr)
        return 2
    if kept is not None:
        print(f"restore: the previous database is kept as {kept}")
    again = asyncio.run(verify(live))
    print(again.text())
    print(f"restore: {live} restored; start the bot" if again.ok else
          "restore: the restored database does not verify", file=sys.stdout)
    return 0 if again.ok else 1


def repair_main(argv: list[str]) -> int:
    """``repair GAME [--yes]``: show a damaged game's damage; repair it up to its last valid
    action."""
    ap = argparse.ArgumentParser(prog="python -m bot repair",
                                 description="show what is damaged in a game and repair it up "
                                 "to its last valid action (the removed rows are kept in the "
                                 "actions_backup table)")
    ap.add_argument("game", type=int, help="the game id")
    ap.add_argument("--yes", action="store_true", help="repair without asking")
    ap.add_argument("--env-file", default=".env")
    args = ap.parse_args(argv)
    config = _config(args.env_file)
    if config is None:
        return 2
    logging.basicConfig(level="WARNING")
    try:
        return asyncio.run(_repair(config, args.game, args.yes))
    except Exception as exc:  # reported without a traceback
        from bot.storage.urls import scrub

        print(scrub(f"repair: FAILED: {exc}", config.db), file=sys.stderr)
        return 1


async def _repair(config: Config, game_id: int, yes: bool) -> int:
    import contextlib as cl

    from bot.service import Refusal
    from bot.service.service import GameService
    from bot.storage import open_store
    from bot.storage.backup import unused

    live = _sqlite_file(config.db)
    # one process per SQLite file: a running bot would keep refusing the game it holds as
    # damaged (the server-administration command repairs it from inside the bot)
    guard = unused(live) if live is not None else cl.nullcontext()
    try:
        with guard:
            pass
    except RuntimeError as exc:
        print(f"repair: {exc}, or use the server-administration command", file=sys.stderr)
        return 2
    store = open_store(config.db)
    await store.open()
    try:
        service = GameService(store)  # not opened: nothing plays on here
        try:
            preview = await service.repair_preview(game_id)
        except Refusal as refusal:
            print(f"repair: {refusal.message}", file=sys.stderr)
            return 2
        print(repair_text(preview))
        if preview["reason"] is None and not preview["marked"]:
            return 0
        if not preview["repairable"]:
            return 1
        if not yes:
            if not sys.stdin.isatty():
                print("repair: run again with --yes to repair", file=sys.stderr)
                return 2
            if input("repair it? [y/N] ").strip().lower() not in ("y", "yes"):
                print("repair: nothing changed")
                return 0
        try:
            update = await service.repair(game_id, keep=preview["keep"])
        except Refusal as refusal:
            print(f"repair: {refusal.message}", file=sys.stderr)
            return 1
        print(f"repaired game {game_id}: {update.dropped} actions removed (kept in "
              f"actions_backup), status {update.status}")
        return 0
    finally:
        await store.close()


def verify_main(argv: list[str]) -> int:
    """``verify GAME|FILE``: recompute a game's hash chain, print its final hash."""
    from bot import proof

    ap = argparse.ArgumentParser(prog="python -m bot verify",
                                 description="recompute a game's hash chain and print its "
                                 "final hash: a game of the database by id, or an exported "
                                 "record (a .json file of /hadara-replay export)")
    ap.add_argument("target", help="a game id, or the path of an exported record")
    ap.add_argument("--env-file", default=".env")
    args = ap.parse_args(argv)
    if not args.target.isdigit():
        code, line = proof.verify_file(Path(args.target))
    else:
        config = _config(args.env_file)
        if config is None:
            return 2
        logging.basicConfig(level="WARNING")
        try:
            code, line = asyncio.run(proof.verify_game(config, int(args.target)))
        except Exception as exc:  # reported without a traceback
            from bot.storage.urls import scrub

            print(scrub(f"verify: FAILED: {exc}", config.db), file=sys.stderr)
            return 1
    print(line, file=sys.stdout if code == proof.EXIT_OK else sys.stderr)
    return code


def repair_text(preview: dict[str, Any]) -> str:
    """A repair preview for an admin (English: the command line has no reader's language)."""
    gid = preview["game_id"]
    if preview["reason"] is None:
        state = "marked damaged, but loads as it is: a repair clears the mark" \
            if preview["marked"] else "not damaged: nothing to repair"
        return f"game {gid}: {state}"
    at = "" if preview["seq"] is None else f" at action {preview['seq']}"
    lines = [f"game {gid} ({preview['status']}): damaged: {preview['reason']}{at}: "
             f"{preview['detail']}"]
    if not preview["repairable"]:
        lines.append("cutting the log back does not mend this: restore a backup "
                     "(docs/deploy.md)")
        return "\n".join(lines)
    lines.append(f"a repair keeps actions 0..{preview['keep'] - 1} ({preview['keep']} of "
                 f"{preview['total']}) and removes {preview['dropped']} (kept in "
                 f"actions_backup); status afterwards: {preview['status_after']}")
    for a in preview["actions"][:20]:
        lines.append(f"  - action {a['seq']}: seat {a['seat']}, by {a['submitted_by']}, "
                     f"{a['problem']}")
    if len(preview["actions"]) > 20:
        lines.append(f"  … and {len(preview['actions']) - 20} more")
    return "\n".join(lines)


async def new_database(config: Config) -> None:
    """``--new-database``: open the store once with ``create=True`` (a new database where
    the marker says one existed, or the database found there adopted)."""
    from bot.storage import open_store

    store = open_store(config.db, create=True)
    await store.open()
    await store.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "league-sim":
        return league_sim(argv[1:])
    if argv and argv[0] == "tournament-sim":
        return tournament_sim(argv[1:])
    if argv and argv[0] == "migrate-db":
        from bot.storage.migrate import main as migrate_db

        return migrate_db(argv[1:])
    commands = {"backup": backup_main, "restore": restore_main, "repair": repair_main,
                "verify": verify_main, "clear-dev-commands": clear_dev_commands_main}
    if argv and argv[0] in commands:
        return commands[argv[0]](argv[1:])
    ap = argparse.ArgumentParser(prog="python -m bot", description="Hadara for Discord",
                                 epilog="subcommands: league-sim, tournament-sim, migrate-db, "
                                 "backup, restore, repair, verify, clear-dev-commands (see "
                                 "python -m bot "
                                 "SUBCOMMAND --help)")
    ap.add_argument("--check", action="store_true",
                    help="validate configuration, storage and content without connecting")
    ap.add_argument("--new-database", action="store_true",
                    help="start with a new, empty database on purpose where the identity "
                    "marker says one existed (or adopt the database found there)")
    ap.add_argument("--env-file", default=".env")
    args = ap.parse_args(argv)
    config = _config(args.env_file)
    if config is None:
        return EXIT_SETUP
    setup_logging(config.log_level)
    if args.check:
        try:
            lines = asyncio.run(check(config, new_database=args.new_database))
        except Exception as exc:  # report any failure as a failed check, not a traceback
            from bot.storage.urls import scrub

            print(scrub(f"check failed: {exc}", config.db), file=sys.stderr)
            return 1
        print("\n".join(lines))
        if not config.has_token:
            print(NO_TOKEN_HELP, file=sys.stderr)
            return 1
        print("ok")
        return 0
    if not config.has_token:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return EXIT_SETUP
    if args.new_database:
        asyncio.run(new_database(config))
    return run_bot(config)


def clear_dev_commands_main(argv: list[str]) -> int:
    """``clear-dev-commands [SERVER_ID]``: remove the copies of the commands that
    ``HADARA_DEV_GUILD`` synced into a server (each command then shows once there)."""
    from bot.client import clear_guild_commands, start_problem

    ap = argparse.ArgumentParser(prog="python -m bot clear-dev-commands",
                                 description="remove the bot's commands registered in one "
                                 "server (the development copies HADARA_DEV_GUILD synced "
                                 "there); the global commands stay")
    ap.add_argument("guild", nargs="?", type=int,
                    help="the server id (default: HADARA_DEV_GUILD)")
    ap.add_argument("--env-file", default=".env")
    args = ap.parse_args(argv)
    config = _config(args.env_file)
    if config is None:
        return EXIT_SETUP
    guild = args.guild if args.guild is not None else config.dev_guild
    if guild is None:
        print("clear-dev-commands: give the server id (or set HADARA_DEV_GUILD)",
              file=sys.stderr)
        return EXIT_SETUP
    if not config.has_token:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return EXIT_SETUP
    logging.basicConfig(level="WARNING")
    try:
        removed = asyncio.run(clear_guild_commands(config.token, guild))
    except Exception as exc:
        line = start_problem(exc)
        if line is None:
            raise
        print(line, file=sys.stderr)
        return EXIT_CONNECT
    print(f"clear-dev-commands: removed {removed} commands from server {guild}"
          + ("; start the bot without HADARA_DEV_GUILD to keep it so"
             if config.dev_guild == guild else ""))
    return 0


def run_bot(config: Config) -> int:
    """Start the bot until it is stopped. A bad token, no network or Discord unavailable is
    one line on stderr and ``EXIT_CONNECT``, not a traceback."""
    from bot.client import HadaraBot, discord_time, start_problem
    from bot.service import GameService
    from bot.storage import open_store

    async def run() -> None:
        # the process's store and service, handed to the bot (as discord.py's
        # examples/advanced_startup.py does): the bot opens the service, main closes both
        store = open_store(config.db)
        service = GameService(store, clock=discord_time)
        try:
            async with HadaraBot(config, service=service) as bot:
                await bot.start(config.token)
        finally:
            await service.close()
            await store.close()

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run())
    except Exception as exc:
        line = start_problem(exc)
        if line is None:
            raise
        print(line, file=sys.stderr)
        return EXIT_CONNECT
    return 0


if __name__ == "__main__":
    sys.exit(main())
