"""Shared fixtures for the rule, view and property tests (helpers live in stacking.py)."""

from __future__ import annotations

import pytest

from hadara.content import Catalog, default_catalog


@pytest.fixture(scope="session")
def cat() -> Catalog:
    """The shipped content: tests take counts, costs and thresholds from it."""
    return default_catalog()
