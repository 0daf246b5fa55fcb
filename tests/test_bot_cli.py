"""python -m bot: --check passes with .env.example copied and a dummy token, and without a
token both --check and the plain start exit non-zero with instructions (no secret printed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_bot(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HADARA_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_check_passes_with_the_example_env_and_a_dummy_token(tmp_path: Path) -> None:
    text = (ROOT / ".env.example").read_text().replace("DISCORD_TOKEN=\n",
                                                        "DISCORD_TOKEN=dummy-secret-123\n")
    (tmp_path / ".env").write_text(text)
    out = run_bot(tmp_path, "--check")
    assert out.returncode == 0, out.stderr
    assert "ok" in out.stdout and "schema up to date" in out.stdout
    assert "dummy-secret-123" not in out.stdout + out.stderr  # the token is never shown
    assert (tmp_path / "var" / "hadara.sqlite3").is_file()


def test_without_a_token_the_bot_explains_and_fails(tmp_path: Path) -> None:
    shutil.copy(ROOT / ".env.example", tmp_path / ".env")
    start = run_bot(tmp_path)
    assert start.returncode != 0
    assert "DISCORD_TOKEN" in start.stderr and "make demo" in start.stderr
    check = run_bot(tmp_path, "--check")
    assert check.returncode != 0


def test_a_bad_setting_is_named(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nHADARA_DEV_GUILD=my-server\n")
    out = run_bot(tmp_path, "--check")
    assert out.returncode == 2 and "HADARA_DEV_GUILD" in out.stderr
