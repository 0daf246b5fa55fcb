"""AI players: ``random``, ``greedy`` (hand-written evaluation) and ``ismcts`` (search).

Every agent sees only its seat's view and the legal actions (see base.py); levels.py names the
levels. Entry points: :func:`make_agent`, :func:`decide` (for process pools), ``hint.hint``, and
the ``tournament`` and ``balance`` commands (cli.py). Documentation: docs/ai.md.
"""

from .native import prefer_current

prefer_current()  # before anything imports the evaluation: never a stale compiled one

from .base import Agent  # noqa: E402
from .levels import agent_names, decide, make_agent  # noqa: E402

__all__ = ["Agent", "agent_names", "decide", "make_agent"]
