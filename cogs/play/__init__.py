"""Private choices: "Take my turn", the decision panels, acting ahead and ``/hadara hand``."""

from .cog import setup

__all__ = ["setup"]
