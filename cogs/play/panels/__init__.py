"""Decision panels as plain data (no discord.py): their custom ids and select values
(:mod:`.ids`), their layout into rows of buttons and selects within Discord's limits
(:mod:`.layout`) and their words (:mod:`.text`). The names a caller needs are here."""

from .ids import (
    BATCH,
    MAX_CUSTOM_ID,
    PanelId,
    SelectValue,
    action_id,
    batch_id,
    check_of,
    find_option,
    go_id,
    hint_id,
    is_batch,
    nav_id,
    option_value,
    parse_custom_id,
    parse_value,
    select_id,
    take_turn_id,
    undo_id,
)
from .layout import (
    MAX_BUTTON_LABEL,
    Button,
    Component,
    Panel,
    Select,
    SelectOption,
    action_path,
    build_panel,
    feeding_pick,
    final_panel,
    limit_problems,
    waiting_panel,
)
from .text import CHANGEABLE, DECIDE, SIMULTANEOUS, card_namer, chosen_note, clip

__all__ = [
    "BATCH", "CHANGEABLE", "DECIDE", "MAX_BUTTON_LABEL", "MAX_CUSTOM_ID", "SIMULTANEOUS",
    "Button", "Component", "Panel", "PanelId", "Select", "SelectOption", "SelectValue",
    "action_id", "action_path", "batch_id", "build_panel", "card_namer", "check_of",
    "chosen_note", "clip", "feeding_pick", "final_panel", "find_option", "go_id", "hint_id",
    "is_batch", "limit_problems", "nav_id", "option_value", "parse_custom_id", "parse_value",
    "select_id", "take_turn_id", "undo_id", "waiting_panel",
]
