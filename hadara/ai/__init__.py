"""AI players: ``random``, ``greedy`` (hand-written evaluation) and ``ismcts`` (search).

Every agent sees only its seat's view and the legal actions (see base.py). Entry points:
:func:`make_agent`, :func:`hint`, the ``tournament`` and ``balance`` commands (cli.py).
"""

from .base import Agent, agent_names, make_agent

__all__ = ["Agent", "agent_names", "make_agent"]
