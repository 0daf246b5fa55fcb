"""Tournaments: a sign-up, Swiss rounds seated by standing, a final table, withdrawals."""

from .cog import setup

__all__ = ["setup"]
