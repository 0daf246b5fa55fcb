### "Open the board" inside Discord: the board as an Activity (cogs/edge/launch.py).

# beside the launch button on a player's own panels: the same board in a web browser
launch-browser = In a browser
# the same, under /hadara games, for one game
launch-browser-game = #{ $id } in a browser
# Discord would not open the board here (a channel it does not open Activities in): the
# clicker's own link instead
launch-refused = The board cannot open inside Discord here. Open it in your browser:
# … the game's spectator link, for someone without a seat
launch-refused-watch = The board cannot open inside Discord here. Watch it in your browser:
# … and no link either (the web page is off, or the game is not open to spectators)
launch-in-thread = { $thread ->
    [none] The board cannot open inside Discord here: it is shown in the game's thread.
   *[other] The board cannot open inside Discord here: it is shown in { $thread }.
}
# the Activity's command in Discord's App Launcher (at most 100 characters)
launch-command = Open the board of your Hadara game, live
