"""Moved to :mod:`hadara.ahead` (queued plans are pure rules over the engine). This name
re-exports it until the service and the cogs import it from there; then it goes."""

from __future__ import annotations

from hadara.ahead import (
    COLONY,
    COLONY_MODES,
    KINDS,
    LAST_ROUND,
    MAX_CARD_ID,
    MAX_CARDS,
    MAX_NUMBER,
    PHASE_B,
    PHASE_B_MODES,
    PHASES,
    STATUE,
    STATUE_SIDES,
    ColonyPlan,
    PhaseBPlan,
    Plan,
    PlanError,
    StatuePlan,
    as_if_turn,
    decision_kind,
    expired,
    plan_from_dict,
    plan_options,
    queue_colony,
    queue_phase_b,
    queue_statue,
    queueable,
    resolve,
)

__all__ = [
    "COLONY", "COLONY_MODES", "KINDS", "LAST_ROUND", "MAX_CARDS", "MAX_CARD_ID", "MAX_NUMBER",
    "PHASES", "PHASE_B", "PHASE_B_MODES", "STATUE", "STATUE_SIDES", "ColonyPlan", "PhaseBPlan",
    "Plan", "PlanError", "StatuePlan", "as_if_turn", "decision_kind", "expired",
    "plan_from_dict", "plan_options", "queue_colony", "queue_phase_b", "queue_statue",
    "queueable", "resolve",
]
