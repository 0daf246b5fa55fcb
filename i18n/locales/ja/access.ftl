# アクセス方針（bot/access.py、docs/security.md）：誰がどこから何をできるか。
refusal-denied = ここではその操作はできません。
refusal-denied-not_player = その操作ができるのは、ゲーム #{ $game_id } のプレイヤーだけです。
refusal-denied-not_your_seat = このパネルは { $name } さんのものです。盤面の「手番を行う」を押して、自分のパネルを開いてください。
# ゲームにない席（改ざんされたボタン）：誰の名前も出さない。
refusal-denied-no_such_seat = このゲームにその席はありません。盤面の「手番を行う」を押して、自分のパネルを開いてください。
refusal-not_seated-no_seat = このゲームにその席はありません。
refusal-denied-elsewhere = その操作は、ゲーム #{ $game_id } が遊ばれているサーバーからしかできません。
refusal-denied-not_host = その操作ができるのは、卓のホストかそのサーバーの管理者だけです。
refusal-denied-not_manager = その操作ができるのは、このサーバーの管理者（サーバー管理権限）だけです。
refusal-denied-in_play = ゲームの完全な記録にはシードとこれから出るすべてのカードが含まれるため、ゲーム終了後にのみエクスポートできます。
refusal-denied-private_game = ゲーム #{ $game_id } は非公開のゲームです。見ることも遊ぶこともできるのは、そのプレイヤーだけです。
refusal-denied-server_only = このコマンドはサーバーで使えます。ダイレクトメッセージでは使えません。
refusal-denied-not_watched = ゲーム #{ $game_id } はウェブでの観戦に公開されていません。
# 制限（bot/limits.py）。$at は Discord のタイムスタンプ（「4分後」）。
refusal-limited = 短い間に何度も行われました。{ $at }にもう一度お試しください。
refusal-limited-lobbies = 開始前の卓をすでに { $count } 卓ホストしています（{ $games }）。先にどれかを開始するか中止してください。
refusal-limited-learning_games = 練習ゲームがすでに { $count } 件進行中です（{ $games }）。先にどれかを終えるか放棄してください。
refusal-limited-table-new = この1時間に何卓も開きました。{ $at }にもう一度お試しください。
refusal-limited-learn = この1時間に何度も練習ゲームを始めました。{ $at }にもう一度お試しください。
refusal-limited-review = 振り返りの準備には時間がかかります。次は{ $at }に頼めます。
refusal-limited-export = 短い間に何件もエクスポートしました。{ $at }にもう一度お試しください。
refusal-limited-hint = 短い間にヒントを何度も求めました。{ $at }にもう一度お試しください。
refusal-limited-board-post = 盤面はさきほどスレッドに投稿されました。{ $at }にもう一度お試しください。
game-board-private = この盤面はあなたにだけ見えています（スレッドへの再投稿は、ゲームのサーバーから頼んだときだけです）。
game-board-private_recent = 盤面は数分前にスレッドへ投稿されました。あなた用にこちらに表示します（{ $at }に再投稿できます）。
