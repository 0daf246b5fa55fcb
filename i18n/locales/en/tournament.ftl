### Player-facing strings: tournaments (sign-up, Swiss rounds seated by standing, the final
### table, withdrawals, the standings).

cmd-tournament = Tournaments: a sign-up, rounds seated by standing, a final table
cmd-tournament-name = The tournament (default: the server's only one running)
cmd-tournament-create = Open a tournament for sign-up (Manage Server)
cmd-tournament-create-name = The tournament's name
cmd-tournament-create-rounds = Rounds before the final
cmd-tournament-create-cap = Most people who may sign up
cmd-tournament-create-final = Seats at the final table (the best of the standings)
cmd-tournament-create-time_control = Time per decision in its games
cmd-tournament-create-signup_days = Days the sign-up stays open (0: until the first round)
cmd-tournament-create-auto_rounds = Start each next round by itself when the last game of the one before ends
cmd-tournament-join = Sign up for the tournament
cmd-tournament-withdraw = Withdraw from the tournament (the AI finishes your games in play)
cmd-tournament-withdraw-user = Someone else (Manage Server)
cmd-tournament-round = Start the next round: a game and thread per table (Manage Server)
cmd-tournament-standings = The tournament's standings, as a picture and a CSV file
tournament-error-unknown = There is no tournament named { $name } on this server.
tournament-error-none = There is no tournament on this server yet: a manager opens one with `/hadara-tournament create`.
tournament-error-which = Which tournament? Name one of: { $names }.
tournament-error-not_manager = Only a member with Manage Server may withdraw someone else.
tournament-create-done = 🏆 **{ $name }** is open for sign-up: `/hadara-tournament join` (at most { $cap } people). { $rounds ->
        [one] One round
       *[other] { $rounds } rounds
    } at tables of 3 to 5 seated by standing, then a final table of the best { $final }.
tournament-create-until = The sign-up ends { $at }.
tournament-create-auto = From round 2 on, each round starts by itself as soon as the last game of the one before ends.
tournament-create-manual = A manager starts each round with `/hadara-tournament round`.
tournament-join-done = You are signed up for **{ $name }** ({ $count } of { $cap }).
tournament-withdraw-done = { $mention } withdrew from **{ $name }**: not seated again, and the results so far stay. { $games ->
        [0] No game was in play.
        [one] The AI finishes their game in play.
       *[other] The AI finishes their { $games } games in play.
    }
tournament-withdraw-signup = { $mention } is no longer signed up for **{ $name }**.
tournament-round-heading = 🎲 **{ $name }**, round { $round } of { $total }: your tables are open.
tournament-round-final = 🏆 **{ $name }**: the final table is open.
tournament-round-ai = { $count ->
        [one] one AI seat
       *[other] { $count } AI seats
    }
tournament-round-table = Table { $table } · { $thread } · { $people }
tournament-round-bye = { $mention } has a bye this round (nobody is left to seat with).
tournament-round-started = Round { $round } of **{ $name }** started: { $count ->
        [0] no table (a bye)
        [one] one table
       *[other] { $count } tables
    }.
tournament-round-over = 🏁 **{ $name }**: round { $round } is over. The standings:
tournament-round-over_final = 🏁 **{ $name }**: round { $round } is over; the final table comes next. The standings:
tournament-round-auto_failed = ⚠️ Round { $round } of **{ $name }** could not start by itself: { $why } A manager can start it with `/hadara-tournament round`.
tournament-over =
    🏆 **{ $name }** is over — the podium:
    { $lines }
tournament-over-line = { $medal } { $mention }
tournament-standings-title = { $name } — standings
tournament-standings-empty = Nobody has played yet.
tournament-standings-final = final: place { $place }
tournament-standings-withdrawn = withdrew
tournament-signups = Signed up: { $count } of { $cap }
tournament-thread_name = { $name } · round { $round } · table { $table } · #{ $id }
tournament-post = 🎲 **{ $name }**, round { $round }, table { $table }: { $players } — game #{ $id }.
refusal-tournament_exists = There is already a league or tournament named { $name } on this server.
refusal-signup_closed-started = The sign-up for { $name } is over: its first round started.
refusal-signup_closed-deadline = The sign-up for { $name } has ended.
refusal-tournament_full = { $name } is full ({ $cap } people).
refusal-already_entered = You are signed up for { $name } already.
refusal-not_entered = That person is not (or no longer) in { $name }.
refusal-tournament_over = { $name } is over.
refusal-too_few_entrants = A round needs at least { $min ->
        [one] one player
       *[other] { $min } players
    } still in; there { $count ->
        [0] are none
        [one] is one
       *[other] are { $count }
    }.
refusal-bad_request-bad_event_rounds = A tournament has { $min } to { $max ->
        [one] { $max } round
       *[other] { $max } rounds
    } before its final.
refusal-bad_request-bad_cap = The cap is { $min } to { $max } people.
refusal-bad_request-bad_final = The final table has 3, 4 or 5 seats.
refusal-bad_request-bad_signup = The sign-up must end within a year.
refusal-not_found-no_tournament = There is no tournament named { $name }.
refusal-bad_request-bad_auto = Automatic rounds are either on or off.
