### Discord の中で「盤面を開く」: アクティビティとしての盤面 (cogs/edge/launch.py)。

# beside the launch button on a player's own panels: the same board in a web browser
launch-browser = ブラウザーで開く
# the same, under /hadara games, for one game
launch-browser-game = #{ $id } をブラウザーで開く
# Discord would not open the board here: the clicker's own link instead
launch-refused = ここでは Discord の中で盤面を開けません。ブラウザーで開いてください:
# … the game's spectator link, for someone without a seat
launch-refused-watch = ここでは Discord の中で盤面を開けません。ブラウザーで観戦してください:
# … and no link either
launch-in-thread = { $thread ->
    [none] ここでは Discord の中で盤面を開けません。盤面はゲームのスレッドに表示されています。
   *[other] ここでは Discord の中で盤面を開けません。盤面は { $thread } に表示されています。
}
# the Activity's command in Discord's App Launcher (at most 100 characters)
launch-command = Hadara のゲームの盤面をライブで開く
