# The access policy (bot/access.py, docs/security.md): refusals of who may do what, and from where.
refusal-denied = You may not do that here.
refusal-denied-not_player = Only the players of game #{ $game_id } can do that.
refusal-denied-not_your_seat = This panel belongs to { $name }; press “Take my turn” on the board to open yours.
# A seat the game does not have (a forged button): it names nobody.
refusal-denied-no_such_seat = This game has no such seat; press “Take my turn” on the board to open your panel.
refusal-not_seated-no_seat = This game has no such seat.
refusal-denied-elsewhere = That can only be done from the server game #{ $game_id } is played on.
refusal-denied-not_host = Only the host of the table, or a manager of its server, may do that.
refusal-denied-not_manager = Only the managers of this server (Manage Server) may do that.
refusal-denied-in_play = A game's full record holds its seed and every card still to come: it can be exported once the game is over.
refusal-denied-private_game = Game #{ $game_id } is a private game: only its player can see it or play it.
refusal-denied-server_only = This command works in a server, not in a direct message.
refusal-denied-not_watched = Game #{ $game_id } is not open to spectators on the web.
# Limits (bot/limits.py); $at is a Discord timestamp ("in 4 minutes").
refusal-limited = You have done that a lot just now: try again { $at }.
refusal-limited-lobbies = You already host { $count ->
    [one] a table
   *[other] { $count } tables
} that { $count ->
    [one] has
   *[other] have
} not started ({ $games }): start or cancel one first.
refusal-limited-learning_games = You already have { $count ->
    [one] a learning game
   *[other] { $count } learning games
} in play ({ $games }): finish or abandon one first.
refusal-limited-table-new = You opened several tables in the last hour: try again { $at }.
refusal-limited-learn = You started several learning games in the last hour: try again { $at }.
refusal-limited-review = Reviews take a while to prepare: you can ask for another { $at }.
refusal-limited-export = You exported several games just now: try again { $at }.
refusal-limited-hint = You asked for many hints just now: try again { $at }.
refusal-limited-board-post = The board was posted in the thread a moment ago: try again { $at }.
game-board-private = Only you can see this board (it is posted in the thread only when asked from the game's own server).
game-board-private_recent = The board was posted in the thread a few minutes ago; here it is for you (it can be posted again { $at }).
