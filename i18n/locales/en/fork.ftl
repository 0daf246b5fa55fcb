### Player-facing strings: fork ("Try it again": a practice game from one of your decisions).

fork-button = Try it again
fork-button_n = Try #{ $n } again
fork-thread_name = Hadara #{ $id } · practice from #{ $game } · { $name }
fork-started = Your practice game #{ $id } is ready in <#{ $thread }>: game #{ $game } at your decision, with AI players in the other seats. It is never rated.
fork-welcome = **Practice from game #{ $game }.** Everything up to your decision is as it was, and the decks hold the cards they held. The other seats are AI players now. Play it differently! This game is never rated.
fork-error-channel = Practice games get a private thread: use this button in a server's text channel (ask for the review there).
refusal-bad_request-fork_not_finished = A game can be played again once it is over.
refusal-bad_request-fork_bad_index = There is no such decision in this game.
refusal-not_your_decision-fork_not_own = Only your own decisions can be played again.
refusal-limited-practice_games = You already have { $count ->
    [one] a practice game
   *[other] { $count } practice games
} in play ({ $games }): finish or abandon one first.
fork-replay_button = Play from here
