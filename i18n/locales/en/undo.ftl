# Taking back a move (/hadara-replay undo, the panel's "Take back" button; bot/service/play.py)
cmd-undo = Take back your last move, while nobody else has moved and nothing was revealed
game-undo-done = You took back your last move in game #{ $id }.
play-undo = Take back
refusal-stale-undo_stale = That is no longer your last move: the game has moved on.
refusal-bad_request-undo_someone_acted = Someone else has moved since your last move: it stays.
refusal-bad_request-undo_revealed = { $event ->
    [colony_taken] Taking that colony revealed the next tile of its stack: it stays.
    [drew] Cards were drawn since your last move: it stays.
    [epoch_started] A new epoch began since your last move: it stays.
    [game_over] The game ended with that move: it stays.
   *[other] Something hidden was revealed since your last move: it stays.
}
refusal-bad_request-undo_hidden = A hidden choice was made since your last move: it stays.
refusal-bad_request-undo_not_undoable = That kind of choice cannot be taken back (a pick can be changed until the reveal).
refusal-bad_request-undo_nothing = There is nothing to take back.
refusal-bad_request-undo_not_yours = Only your own move can be taken back.
refusal-denied-undo_rated = This server does not allow taking moves back in rated games.
cmd-settings-rated_undo = Allow taking a move back in this server's rated games (Manage Server)
settings-rated_undo-on = Rated games on this server: a move may be taken back while harmless.
settings-rated_undo-off = Rated games on this server: moves cannot be taken back.
