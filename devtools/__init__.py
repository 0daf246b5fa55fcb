"""Development tools, outside the application: ``python -m devtools.demo`` (``make demo``)
and ``python -m devtools.screenshots`` (``make screenshots``).

They run the real bot against simcord's offline Discord and may import every package of the
project (``bot``, ``cogs``, ``rendering``, ``hadara``, ``i18n``); nothing in those packages
imports ``devtools``. They may read the environment for their own options (``CHROMIUM``).
"""
