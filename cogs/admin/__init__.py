"""A server's administration of Hadara: vacation allowance, repairs, voided results."""

from .cog import setup

__all__ = ["setup"]
