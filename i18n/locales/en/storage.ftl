### Storage that can be trusted (docs/service.md, "Damaged games" and "Storage faults"):
### the service's refusals for damaged games, storage faults and names, and the words of the
### front end's notices about a damaged or repaired game.

refusal-damaged = This game's stored record is damaged; the server's managers have been told.
refusal-damaged-not_repairable = This game's damage cannot be mended by cutting its moves back.
refusal-not_damaged = This game is not damaged: there is nothing to repair.
refusal-storage_unavailable = Your move was not taken: the game cannot be saved right now. Try again in a moment.
refusal-stale-repair_changed = The damage changed since it was shown; look at the repair again.
refusal-bad_request-invisible_name = A name needs at least one visible character.
refusal-bad_request-bad_characters = That name holds characters that are not text.
refusal-bad_request-bad_user = That user id is not valid.
refusal-bad_request-bad_guild = That server id is not valid.
refusal-bad_request-bad_values = Those values cannot be stored.


# what is wrong with a damaged game (Update.damage.reason, repair_preview()["reason"])
storage-damage-reason-bad_json = one of its stored moves cannot be read
storage-damage-reason-bad_action = one of its stored moves no longer replays
storage-damage-reason-missing_row = a move is missing from its record
storage-damage-reason-bad_setup = its setup is missing or broken
storage-damage-reason-bad_record = its record cannot be read
storage-damage-reason-bad_seat = its seats do not match its players
storage-damage-reason-other_version = it was stored with rules or cards this bot does not have
storage-damage-reason-bad_chain = its stored moves no longer match their hash chain: one was changed, removed or swapped after it was stored
# $reason: one of the reasons above
storage-damaged-notice = Game #{ $game_id } cannot go on: { $reason }. The server's managers have been told; they can repair it up to its last valid move.
storage-repaired-notice = Game #{ $game_id } was repaired and goes on: { $dropped ->
    [0] no move was lost.
    [one] its last move was lost; play it again.
   *[other] its last { $dropped } moves were lost; play them again.
}

# /hadara-admin repair (Manage Server): what a repair keeps and drops (counts only)
cmd-admin-repair = Repair a damaged game up to its last valid move (Manage Server)
admin-repair-healthy = Game #{ $id } is not damaged: nothing to repair.
admin-repair-title = **Game #{ $id } is damaged:** { $reason }.
admin-repair-cannot = Cutting its moves back cannot mend it; restore a backup (docs/deploy.md).
admin-repair-cannot-result = A finished rated game is never cut back: its result stays as recorded. If it cannot be trusted, void it with `/hadara-admin void` (the ratings are recomputed without it).
admin-repair-seat = { $name } ({ $count ->
    [one] 1 move
   *[other] { $count } moves
})
admin-repair-plan = A repair keeps its first { $keep } of { $total ->
    [one] { $total } move
   *[other] { $total } moves
} and removes { $dropped ->
    [one] the last one
   *[other] the last { $dropped }
} ({ $who }); they are kept in the backup table and the players are told. Press **Repair** to do it.
admin-repair-button = Repair
admin-repair-done = Game #{ $id } was repaired: { $dropped ->
    [0] no move removed
    [one] 1 move removed
   *[other] { $dropped } moves removed
}. It goes on.
