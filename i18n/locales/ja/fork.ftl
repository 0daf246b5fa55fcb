### プレイヤー向けの文言：fork（「もう一度」：自分の判断から始める練習ゲーム）。

fork-button = もう一度
fork-button_n = #{ $n } をもう一度
fork-thread_name = Hadara #{ $id } · #{ $game } からの練習 · { $name }
fork-started = 練習ゲーム #{ $id } の準備ができました：<#{ $thread }>。ゲーム #{ $game } のあなたの判断の場面から、ほかの席はAIです。レーティングには数えません。
fork-welcome = **ゲーム #{ $game } からの練習。** あなたの判断までは元のゲームのままで、山札の中身も同じです。ほかの席はAIになりました。違う手を試してみましょう！このゲームはレーティングに数えません。
fork-error-channel = 練習ゲームは非公開スレッドで行います。サーバーのテキストチャンネルでこのボタンを使ってください（振り返りもそこで頼んでください）。
refusal-bad_request-fork_not_finished = ゲームが終わってからもう一度遊べます。
refusal-bad_request-fork_bad_index = このゲームにその判断はありません。
refusal-not_your_decision-fork_not_own = もう一度遊べるのは自分の判断だけです。
refusal-limited-practice_games = 練習ゲームがすでに { $count } 件進行中です（{ $games }）。先にどれかを終えるか放棄してください。
fork-replay_button = ここから遊ぶ
