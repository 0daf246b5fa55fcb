# The replay viewer (cogs/replay): /hadara-replay view, its step buttons, "Watch the replay".
cmd-replay-view = Watch a game again, step by step (a game in play: what a spectator sees)
cmd-replay-view-game = The game (default: the game of this thread, or your only one)
replay-watch = Watch the replay
replay-title = Game #{ $id } · replay · step { $step } of { $last }
replay-where = **Epoch { $epoch } · Phase { $phase } · round { $round }**
replay-opening = The game as it was set up.
replay-no_lines = (nothing public happened in this step)
replay-cards-title = **The players' cards at this step**
replay-cards-none = none
replay-cards-line = { $name }: { $hand }
replay-cards-pick = · picked { $card }
replay-cards-sold = · sold { $cards }
replay-spectator = The game is not over: you see what a spectator saw, up to now.
replay-jump = Jump to an epoch and phase
replay-mark = Epoch { $epoch } · Phase { $phase } (step { $step })
replay-malformed = That choice cannot be read; open the replay again.
refusal-stale-replay_step = That step of the replay is not there (its last step is { $last }); open it again.
