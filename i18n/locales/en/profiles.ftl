### Player-facing strings: profiles and reliability (issue 40) — the profile message beside
### its picture (image-profile-* in images.ftl), the figures in lobbies and league sign-ups, a
### table's or league's minimum finish rate, and the privacy setting.

# /hadara settings
cmd-settings-hide_figures = Keep your profile's figures to yourself (managers still see your reliability)
settings-figures-hidden = Your profile's figures: yours alone (this server's managers see your reliability).
settings-figures-shown = Your profile's figures: anyone on the server may see them.

# a table's or league's minimum finish rate
refusal-finish_rate = This table asks for a finish rate of { $minimum }%; yours on this server is { $percent }%. Finish a few more games in your own seat and try again.
refusal-bad_request-on_vacation = { $name } is on vacation: their clocks stand still, and their seat cannot be voted to the AI until they are back.
refusal-bad_request-bad_min_finish = A minimum finish rate is a percentage from 0 to 100.
cmd-new-min_finish = Lowest finish rate (%) a player needs to join; new players always may
cmd-league-create-min_finish = Lowest finish rate (%) a player needs to sign up; new players always may
lobby-min_finish = Asks for a finish rate of { $percent }% (new players always welcome).

# a person's reliability where people sit down (a lobby's seat, a league's sign-up)
figures-new = new here
figures-finish = finishes { $percent }
figures-live = moves in { $time }
figures-timed = { $time } a move in multi-day games
figures-hidden = figures kept private
figures-line = { $name } — { $figures }

# /hadara-league profile, and "Profile" beside names in lobbies and final scores
profile-button = { $name }
profile-buttons-more = { $count ->
    [one] and { $count } more: /hadara-league profile
   *[other] and { $count } more: /hadara-league profile
}
profile-title = { $name } on this server
profile-rating = Rating
profile-rated_games = { $count ->
    [one] after { $count } rated game
   *[other] after { $count } rated games
}
profile-unrated = Not rated yet
profile-games = Games
profile-games_value = { $games ->
    [one] { $games } played
   *[other] { $games } played
}, { $wins ->
    [one] { $wins } won
   *[other] { $wins } won
}
profile-new = New here: fewer than five games on this server.
profile-reliability = Reliability
profile-finish = Finished in their own seat: { $own } of { $games } ({ $percent })
profile-excused = { $count ->
    [one] { $count } game handed to the AI during a vacation is not counted.
   *[other] { $count } games handed to the AI during vacations are not counted.
}
profile-moves = Usual time to move: { $live } live · { $timed } multi-day
profile-moves-live = Usual time to move: { $live } (live games)
profile-moves-timed = Usual time to move: { $timed } (multi-day games)
profile-deadlines = Deadlines met: { $percent }
profile-none = —
profile-mean = Mean score
profile-categories = Mean by category
profile-paths = Favourite paths
profile-rivals = Rivals
profile-rival = { $name }: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, ahead { $ahead } · behind { $behind }
profile-best = Best game
profile-best_value = #{ $id }
profile-replay = Replay #{ $id }
profile-hidden = { $name } keeps their figures to themselves.
profile-hidden-manager = { $name } keeps their figures to themselves; as a manager of this server you see their reliability.
profile-footer = Counted on this server only, from every finished game's log. The rating is μ − 3σ.

# league sign-ups (/hadara-league standings before the first round)
league-signups = { $count ->
    [one] Signed up ({ $count })
   *[other] Signed up ({ $count })
}
