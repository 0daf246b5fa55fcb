"""AI players: ``random``, ``greedy`` (hand-written evaluation) and ``ismcts`` (search).

Every agent sees only its seat's view and the legal actions (see base.py); levels.py names the
levels. Entry points: :func:`make_agent`, :func:`decide` (for process pools), ``hint.hint``, and
the ``tournament`` and ``balance`` commands (cli.py). Documentation: docs/ai.md.
"""

from .base import Agent
from .levels import agent_names, decide, make_agent

__all__ = ["Agent", "agent_names", "decide", "make_agent"]
