### Player-facing strings: multi-day games (time controls, deadlines, reminders, the
### AI taking a seat over, votes, vacations, catch-up) and acting ahead (queued choices).

cmd-new-time_control = Time per decision (multi-day games); the AI decides for a player who runs out
cmd-new-strikes = Missed deadlines before the AI takes a seat over (default 3)
cmd-settings-timezone = Your time zone (for quiet hours and daily turns), e.g. Europe/Berlin
cmd-settings-quiet_hours = No reminders during these local hours, e.g. 22-07 ("off" to clear)
cmd-rejoin = Take your seat back from the AI that played it while you were gone
cmd-vote = Vote to let the AI play an absent player's seat
cmd-vote-player = The absent player
cmd-away = Go on vacation: your clocks stand still in all your games
cmd-away-days = How many days (at most what is left of this server's yearly allowance)
cmd-back = End your vacation now: your clocks run again
cmd-admin = Hadara's settings and repairs on this server (Manage Server)
cmd-admin-allowance = Vacation days per player per year on this server
cmd-admin-allowance-days = Days per rolling year (0 to 365)
lobby-field-time_control = Time control
md-tc-none = none
md-tc-1h = 1 hour per decision
md-tc-12h = 12 hours per decision
md-tc-24h = 24 hours per decision
md-tc-48h = 48 hours per decision
md-tc-72h = 72 hours per decision
md-tc-bank24 = bank: 24 h + 4 h per decision, max 72 h
md-tc-deadline = { $hours } per decision
md-tc-bank = bank: { $initial } + { $increment } per decision, max { $cap }
md-tc-strikes = { $tc } · AI after { $strikes } missed
md-hours = { $n } h
md-minutes = { $n } min
md-days = { $n } d
md-deadline = { $at } ({ $rel })
md-deadline-panel = ⏳ Decide by { $at } ({ $rel }); then the AI chooses for you.
md-status-deadline = { $name }: { $rel }
md-status-deadlines = ⏳ { $list }
md-notice-expired = ⏰ { $name } ran out of time: the AI chose for them (strike { $n } of { $max }).
md-notice-takeover = 🤖 The AI plays { $name }'s seat from now on. { $name } can take it back with /hadara rejoin.
md-notice-vote = 🗳️ { $voter } votes to let the AI play { $name } ({ $votes } of { $needed ->
        [one] { $needed } vote
       *[other] { $needed } votes
    }).
md-notice-rejoined = 👋 { $name } is back at the table and plays their seat again.
md-notice-away = 🏖️ { $name } is away until { $at }: their clocks stand still.
md-notice-back = 👋 { $name } is back from vacation: their clocks run again.
md-notice-ahead = ⏩ { $name }'s queued choice was played.
md-button-vote = Let the AI play { $name }
md-reminder-title = ⏰ Reminder: your move is awaited
md-reminder-line = • Game #{ $id }: { $what } — decide by { $at } ({ $rel }){ $where }
md-reminder-where = {" "}· { $url }
md-reminder-more = … and { $count } more.
md-reminder-footer = When time runs out the AI chooses for you. Quiet hours and time zone: /hadara settings.
md-reminder-thread = ⏰ { $mention }: game #{ $id } awaits you — { $what }. Decide by { $at } ({ $rel }).
md-catchup-head = **Since your last move:**
md-catchup-earlier = { $count ->
        [one] (1 earlier event: /hadara history)
       *[other] ({ $count } earlier events: /hadara history)
    }
md-ahead-played = ⏩ Your queued choice was played in game #{ $id }.
md-rejoin-done = You have your seat in game #{ $id } back. Your strikes start again from zero.
md-vote-done = Your vote is counted: { $votes } of { $needed ->
        [one] { $needed } vote
       *[other] { $needed } votes
    } to let the AI play { $name }.
md-vote-passed = The vote passed: the AI plays { $name }'s seat now.
md-vote-not_player = { $name } has no seat in game #{ $id }.
md-away-done = You are away until { $at } ({ $rel }) in { $count ->
        [one] one game
       *[other] { $count } games
    }. Come back early with /hadara back.
md-back-done = Welcome back: your clocks run again in { $count ->
        [one] one game
       *[other] { $count } games
    }.
md-admin-allowance-done = Players on this server may now be away { $days ->
        [one] { $days } day
       *[other] { $days } days
    } a year.
md-settings-tz = Time zone: **{ $tz }**
md-settings-tz_unset = Time zone: not set (UTC).
md-settings-quiet = Quiet hours: **{ $hours }** (no reminders then).
md-settings-quiet_unset = Quiet hours: none.
md-settings-reminders_dm = Reminders of deadlines: by DM.
md-settings-reminders_thread = Reminders of deadlines: a mention in the game's thread (DMs are off).
md-settings-bad_tz = I do not know the time zone '{ $tz }': pick one from the list (e.g. Europe/Berlin).
md-settings-bad_quiet = Quiet hours look like 22-07 or 22:30-07:00 (or "off").
md-games-away = You are away until { $at }.
refusal-taken_over = The AI plays your seat; take it back with /hadara rejoin first.
refusal-not_taken_over = The AI does not play your seat: nothing to rejoin.
refusal-away_allowance = That is more time away than this server allows: { $allowance ->
        [one] { $allowance } day
       *[other] { $allowance } days
    } a year, { $used } used, { $left } left.
refusal-bad_request-bad_days = Days must be more than 0 and at most { $max }.
refusal-bad_request-already_away = You are away already; /hadara back first.
refusal-bad_request-not_away = You are not away.
refusal-bad_request-own_seat = You cannot vote about your own seat.
refusal-bad_request-already_ai = An AI already plays that seat.
refusal-bad_request-already_voted = You have already voted.
refusal-bad_request-bad_time_control = That time control is not valid.
refusal-bad_request-bad_plan = That choice cannot be queued.
refusal-bad_request-plan_expired = That choice is for a step already past.
play-refuse-bad_plan = That choice cannot be queued now.
ahead-button-open = Queue my choice
ahead-button-withdraw = Withdraw
ahead-button-back = Back
ahead-title = Game #{ $game } · queue your choice
ahead-intro = Not your turn yet: queue what you would choose. It is played the moment your turn comes if it is still possible at the price shown; otherwise you are asked as usual.
ahead-none = Nothing can be queued now: Phase-B takes, colonies and statues can be queued while you wait for them.
ahead-section-phase_b = **Phase B** (your take in { $turns ->
        [one] one move
       *[other] { $turns } moves
    }) · you have { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }:
ahead-section-colony = **Colony** (your turn in { $turns ->
        [one] one move
       *[other] { $turns } moves
    }) · military { $military }:
ahead-section-statue = **Statue** (your turn in { $turns ->
        [one] one move
       *[other] { $turns } moves
    }) · culture { $culture }:
ahead-card = · { $name } ({ $colour }): buy { $buy } · sell +{ $sell }{ $afford }
ahead-card-cannot_afford = {" "}· too expensive now
ahead-level = · Colony { $level }: plunder +{ $plunder } · integrate for { $cost } · { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $pay }
ahead-level-out = · Colony { $level }: out of reach
ahead-space = · Statue { $space } (culture { $requirement }){ $pay }
ahead-space-out = · Statue { $space }: not possible
ahead-pay = {" "}· pay { $pay }
ahead-queued = **Queued:** { $plan }
ahead-queued-none = Nothing queued.
ahead-plan-phase_b = Phase B — { $cards }: { $mode }
ahead-plan-colony = Colony { $level }: { $mode }
ahead-plan-colony_skip = no colony
ahead-plan-statue = Statue { $space }, { $tile } tile, { $side } side up
ahead-plan-statue_skip = no statue
ahead-mode-buy_else_sell = buy, else sell
ahead-mode-buy_only = buy only
ahead-mode-sell = sell
ahead-mode-plunder = plunder
ahead-mode-integrate = integrate
ahead-side-colour = colour
ahead-side-points = points
ahead-select-cards = Phase B: your cards in order of preference (1 to 3)…
ahead-select-colony = Colony: level and plunder or integrate…
ahead-select-statue = Statue: choose a space…
ahead-option-colony = Colony { $level }: { $mode }
ahead-option-colony-desc = +{ $plunder ->
        [one] { $plunder } coin
       *[other] { $plunder } coins
    }
ahead-option-colony-desc_integrate = costs { $cost }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
ahead-option-skip_colony = No colony
ahead-option-skip_statue = No statue
ahead-option-card = { $name } ({ $colour })
ahead-option-card-desc = buy { $buy } · sell +{ $sell }
ahead-option-space = Statue { $space } (culture { $requirement })
ahead-pick-cards = Your order: { $cards }. Buy or sell?
ahead-pick-statue = Statue { $space }: which bonus tile, which side up?
ahead-button-buy_else_sell = Buy, else sell
ahead-button-buy_only = Buy only
ahead-button-sell = Sell
ahead-button-statue = { $tile } · { $side }
ahead-done = ✅ Queued: { $plan }.
ahead-withdrawn = Withdrawn: nothing is queued now.
ahead-stale = ⚠️ The game has moved on; here is what can be queued now.
ahead-refused = That cannot be queued: { $reason }
cmd-admin-tables = Where new tables go: threads of the channel, or posts of a forum
cmd-admin-tables-forum = The forum for every new table (leave empty for threads)
admin-tables-threads = New tables open as threads of the channel where /hadara new is typed.
admin-tables-forum = Every new table opens as a post of <#{ $forum }>, tagged waiting, playing or finished.
