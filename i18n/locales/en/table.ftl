### Player-facing strings: table (the game's thread: board status, turns, news, end).

table-board-title = Hadara #{ $id }
table-status-where = **Hadara #{ $id }** · Epoch { $epoch } · Phase { $phase } · { $step }
table-status-where-phase = **Hadara #{ $id }** · Epoch { $epoch } · Phase { $phase }
table-status-step-draft = draft
table-status-round = {" "}· round { $n } of 5
table-status-turn = {" "}· turn { $n }
table-status-waiting = Waiting for: { $names }
table-status-over = **Hadara #{ $id }** · game over · winner: { $winners }
table-status-abandoned = **Hadara #{ $id }** · abandoned
table-turn = { $mentions }: your turn — { $what }. Press **Take my turn**.
table-kind-setup_side = choose your setup side
table-kind-wheel = set the wheel
table-kind-draft = choose your draft pick
table-kind-phase_b = take a card from the discards
table-kind-colony = take a colony (or pass)
table-kind-statue = carve a statue (or pass)
table-kind-feeding = feed your people
table-kind-medals = buy medals (or finish)
table-conceded = { $name } conceded; an AI plays their seat to the end.
table-over = **Game #{ $id } is over.** Winner: { $winners }. Scores below; a rematch is one click away.
# the head of the game's hash chain, in full (docs/security.md): anyone can compare it with an export
table-over-hash = -# Final hash `{ $hash }`: the seal of this game's record (`python -m bot verify` recomputes it).
table-abandoned = Game #{ $id } was abandoned.
table-abandoned_lobby = Table #{ $id } was cancelled.
table-error-no_thread = Game #{ $id } has no thread I can reach.
table-forum-tag-waiting = Waiting for players
table-forum-tag-playing = Playing
table-forum-tag-finished = Finished
table-follow-button = Follow
table-follow-following = You follow game #{ $id }: a short digest by DM at the end of each epoch, and the final result. Press **Follow** again to stop.
table-follow-unfollowed = You no longer follow game #{ $id }.
table-follow-playing = You're playing game #{ $id }: the table already tells you everything.
table-follow-full = Game #{ $id } has as many followers as it may, or you follow as many games as you may.
table-digest-epoch = **Hadara #{ $id }** · end of epoch { $epoch }
table-digest-final = **Hadara #{ $id }** · game over · winner: { $winners }
table-digest-row = { $rank }. { $name } — { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    } · { $colonies ->
        [one] { $colonies } colony
       *[other] { $colonies } colonies
    } · { $statues ->
        [one] { $statues } statue
       *[other] { $statues } statues
    } · { $medals ->
        [one] { $medals } medal
       *[other] { $medals } medals
    }
table-digest-conceded = { $name } (conceded)
table-digest-next = Epoch { $epoch } begins. Press **Follow** on the board again to stop these messages.
table-digest-thread = The table: { $link }
