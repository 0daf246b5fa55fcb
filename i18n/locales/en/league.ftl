### Player-facing strings: ratings, profiles, the leaderboard, leagues (seasons,
### rounds, standings, the podium), exports, voiding results and post-game reviews.

cmd-profile = A player's rating, games, wins and mean scores on this server
cmd-profile-user = Whose profile (default: yours)
cmd-leaderboard = The best rated players on this server
cmd-review = A private review of your decisions in a finished game
cmd-review-game = The finished game (default: your latest)
cmd-league = Leagues and ratings: seasons of rated rounds on this server
cmd-league-name = The league (default: the server's only league)
cmd-league-create = Create a league (Manage Server)
cmd-league-create-name = The league's name
cmd-league-create-rounds = Rounds per season
cmd-league-create-table_size = Seats per table
cmd-league-create-time_control = Time per decision in league games
cmd-league-create-points = Points by place, best first, e.g. 4,2,1,0 (default by size)
cmd-league-join = Join the league's current season
cmd-league-leave = Leave the league's current season (your results stay)
cmd-league-standings = The league's standings
cmd-league-standings-season = Which season (default: the current one)
cmd-league-round = Start the next round: a game and thread per table (Manage Server)
cmd-league-end = End the season and announce the podium (Manage Server)
cmd-league-end-force = End even if rounds are missing or games still run
cmd-league-export = The standings and results of the season as CSV files
cmd-replay = Finished games: your review, the record; any game's replay
cmd-game-export = A game's full record as JSON (replay it with python -m hadara replay)
cmd-admin-void = Void a rated game's result, or restore it (Manage Server)
cmd-admin-void-restore = Restore a voided result instead
league-size-3 = 3 seats
league-size-4 = 4 seats
league-size-5 = 5 seats
league-size-mixed = mixed (3 to 5)
league-profile-title = { $name }'s profile
league-profile-rating = Rating
league-profile-rating_value = **{ NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }** (μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) })
league-profile-games = Games
league-profile-games_value = { $games } played, { $wins } won
league-profile-mean = Mean score
league-profile-categories = Mean by category
league-profile-colours = Favourite colours
league-profile-none = —
league-profile-footer = The rating is μ − 3σ: it rises as games make it surer.
league-category-colonies = colonies
league-category-statues = statues
league-category-silver_medals = silver medals
league-category-gold_medals = gold medals
league-category-cards = cards
league-category-purple_sets = purple sets
league-category-coins = coins
league-category-line = { $name } { $value }
league-leaderboard-title = Leaderboard
league-leaderboard-empty = No rated games on this server yet.
league-leaderboard-line = { $position }. { $name } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) }), { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }
league-profile-line = { $name }: rating { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) }), { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }
league-profile-line_mean = { $name }: rating { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) }), { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, mean score { NUMBER($mean, minimumFractionDigits: 1, maximumFractionDigits: 1) }
league-create-done = League **{ $name }** is open: season 1, { $rounds ->
        [one] one round
       *[other] { $rounds } rounds
    }, tables of { $size }. Members join with `/hadara-league join`.
league-join-done = You play in season { $season } of **{ $name }**.
league-leave-done = You left season { $season } of **{ $name }**. Your results so far stay.
league-standings-title = { $name } — season { $season }
league-standings-empty = Nobody has joined this season yet.
league-standings-line = { $position }. { $name } — { $points ->
        [one] { NUMBER($points, maximumFractionDigits: 2) } pt
       *[other] { NUMBER($points, maximumFractionDigits: 2) } pts
    } (opp. { NUMBER($opponents, maximumFractionDigits: 2) }, rating { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) }), { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
league-round-started = Round { $round } of **{ $name }** started: { $count ->
        [one] one table
       *[other] { $count } tables
    }.
league-round-table = 🎲 **{ $name }**, season { $season }, round { $round }, table { $table }: { $mentions } — your game #{ $id } is here. Good luck!
league-round-thread_name = { $league } · round { $round } · table { $table } · #{ $id }
league-round-filler = { $count ->
        [one] one AI seat
       *[other] { $count } AI seats
    }
league-end-done = Season { $season } of **{ $name }** is over; season { $next } is open.
league-end-podium =
    🏆 **{ $name }**, season { $season } — the podium:
    { $lines }
    Season { $next } is open: `/hadara-league join` to play again.
league-end-podium_line = { $medal } { $mention } — { $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
league-end-no_podium = 🏁 **{ $name }**, season { $season } ends without results. Season { $next } is open.
league-export-done = Standings and results of **{ $name }**, season { $season }.
league-error-none = There is no league on this server yet: an admin creates one with `/hadara-league create`.
league-error-which = This server has several leagues: name one ({ $names }).
league-error-unknown = There is no league named { $name } on this server.
league-error-bad_points = Points are numbers separated by commas, best place first, e.g. 4,2,1,0.
game-export-done = The record of game #{ $id }.
game-export-hash = Final hash `{ $hash }`: `python -m bot verify game-{ $id }.json` recomputes it from this file.
game-export-not_started = Game #{ $id } never started: there is nothing to export.
admin-void-done = The result of game #{ $id } is void; ratings were recomputed.
admin-void-restored = The result of game #{ $id } counts again; ratings were recomputed.
admin-void-unknown = Game #{ $id } has no rated result.
review-preparing = Your review of game #{ $id } is being prepared; it comes here privately in a moment.
review-title = Your review of game #{ $id }
review-summary = { $decisions ->
        [one] One decision
       *[other] { $decisions } decisions
    } reviewed; the AI agreed with { $agreed }. Points left on the table: { $total } (mean { $mean } per decision).
review-none = No decision of yours lost points by the AI's measure. Well played!
review-item-title = { $n }. { $kind } — epoch { $epoch }
review-item = You chose **{ $taken }** (−{ $loss ->
        [one] { $loss } pt
       *[other] { $loss } pts
    } vs **{ $best }**): { $reason }
review-no_game = You have no finished game to review.
review-not_player = You did not play in game #{ $id }.
review-failed = Your review of game #{ $id } could not be made.
refusal-league_exists = There is already a league or tournament named { $name } on this server.
refusal-already_member = You already play in season { $season }.
refusal-not_member = You do not play in season { $season }.
refusal-round_open = Round { $round } is still being played: wait for every table to finish.
refusal-season_complete = Every round of this season was started ({ $rounds }); end the season with `/hadara-league end`.
refusal-season_not_over = The season is not over yet: { $rounds_missing ->
        [one] one round
       *[other] { $rounds_missing } rounds
    } to start, tables still playing: { $tables_running }.
refusal-too_few_members = A round needs at least { $min ->
        [one] { $min } player
       *[other] { $min } players
    }; { $count } joined.
refusal-bad_request-bad_rounds = A season has { $min } to { $max ->
        [one] { $max } round
       *[other] { $max } rounds
    }.
refusal-bad_request-bad_table_size = Tables have 3, 4 or 5 seats, or mixed sizes.
refusal-bad_request-bad_fill = Short tables are filled by AI or play one seat fewer.
refusal-bad_request-bad_points = Those points do not work: one number per place, never growing with a worse place.
refusal-bad_request-bad_tie_breaks = Tie-breaks are some of: { $allowed }.
refusal-not_found-no_season = This league has no season { $season }.
refusal-bad_request-not_finished = A review is ready once the game is over.
