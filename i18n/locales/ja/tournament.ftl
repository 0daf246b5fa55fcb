### プレイヤー向けの文言：トーナメント（参加受付、順位で着席するラウンド、決勝卓、
### 棄権、順位表）。

cmd-tournament = トーナメント：参加受付、順位で着席するラウンド、決勝卓
cmd-tournament-name = トーナメント（既定：このサーバーで進行中の唯一のもの）
cmd-tournament-create = トーナメントの参加受付を始める（サーバー管理）
cmd-tournament-create-name = トーナメントの名前
cmd-tournament-create-rounds = 決勝までのラウンド数
cmd-tournament-create-cap = 参加できる最大人数
cmd-tournament-create-final = 決勝卓の席数（順位表の上位）
cmd-tournament-create-time_control = 対局の1手あたりの持ち時間
cmd-tournament-create-signup_days = 受付の日数（0：第1ラウンドまで）
cmd-tournament-create-auto_rounds = 前のラウンドの最後の対局が終わり次第、次のラウンドを自動で始める
cmd-tournament-join = トーナメントに参加する
cmd-tournament-withdraw = トーナメントを棄権する（進行中の対局はAIが続けます）
cmd-tournament-withdraw-user = 他の人（サーバー管理）
cmd-tournament-round = 次のラウンドを始める：卓ごとに対局とスレッド（サーバー管理）
cmd-tournament-standings = トーナメントの順位表（画像とCSVファイル）
tournament-error-unknown = このサーバーに { $name } というトーナメントはありません。
tournament-error-none = このサーバーにはまだトーナメントがありません。管理者が `/hadara-tournament create` で作成します。
tournament-error-which = どのトーナメントですか？ 次から指定してください：{ $names }
tournament-error-not_manager = 他の人を棄権させられるのはサーバー管理権限のあるメンバーだけです。
tournament-create-done = 🏆 **{ $name }** の参加受付を開始：`/hadara-tournament join`（最大 { $cap } 人）。順位で着席する3〜5人卓で { $rounds } ラウンド、その後上位 { $final } 人の決勝卓。
tournament-create-until = 受付の締め切り：{ $at }
tournament-create-auto = 第2ラウンドからは、前のラウンドの最後の対局が終わり次第、自動で始まります。
tournament-create-manual = 各ラウンドは管理者が `/hadara-tournament round` で始めます。
tournament-join-done = **{ $name }** に参加登録しました（{ $count } / { $cap } 人）。
tournament-withdraw-done = { $mention } が **{ $name }** を棄権しました。今後は着席せず、これまでの成績は残ります。{ $games ->
        [0] 進行中の対局はありません。
       *[other] 進行中の対局 { $games } 局はAIが最後まで打ちます。
    }
tournament-withdraw-signup = { $mention } は **{ $name }** の参加登録を取り消しました。
tournament-round-heading = 🎲 **{ $name }** 第 { $round } ラウンド（全 { $total } ラウンド）：卓が開きました。
tournament-round-final = 🏆 **{ $name }**：決勝卓が開きました。
tournament-round-ai = AI { $count } 席
tournament-round-table = 第 { $table } 卓 · { $thread } · { $people }
tournament-round-bye = { $mention } はこのラウンド不戦（同卓できる相手がいません）。
tournament-round-started = **{ $name }** の第 { $round } ラウンドを開始：{ $count ->
        [0] 卓なし（不戦）
       *[other] { $count } 卓
    }。
tournament-round-over = 🏁 **{ $name }**：第 { $round } ラウンドが終わりました。順位表：
tournament-round-over_final = 🏁 **{ $name }**：第 { $round } ラウンドが終わりました。次は決勝卓です。順位表：
tournament-round-auto_failed = ⚠️ **{ $name }** の第 { $round } ラウンドを自動で始められませんでした：{ $why } 管理者が `/hadara-tournament round` で始められます。
tournament-over =
    🏆 **{ $name }** が終わりました — 表彰台：
    { $lines }
tournament-over-line = { $medal } { $mention }
tournament-standings-title = { $name } — 順位表
tournament-standings-empty = まだ誰も対局していません。
tournament-standings-final = 決勝：{ $place } 位
tournament-standings-withdrawn = 棄権
tournament-signups = 参加登録：{ $count } / { $cap } 人
tournament-thread_name = { $name } · 第 { $round } ラウンド · 第 { $table } 卓 · #{ $id }
tournament-post = 🎲 **{ $name }** 第 { $round } ラウンド 第 { $table } 卓：{ $players } — 対局 #{ $id }
refusal-tournament_exists = このサーバーには { $name } という名前のリーグかトーナメントが既にあります。
refusal-signup_closed-started = { $name } の受付は終了しました（第1ラウンドが始まっています）。
refusal-signup_closed-deadline = { $name } の受付は締め切られました。
refusal-tournament_full = { $name } は満員です（{ $cap } 人）。
refusal-already_entered = { $name } には既に参加登録しています。
refusal-not_entered = その人は { $name } に参加していません（または棄権済みです）。
refusal-tournament_over = { $name } は終了しています。
refusal-too_few_entrants = ラウンドには残っているプレイヤーが { $min } 人以上必要です（現在 { $count } 人）。
refusal-bad_request-bad_event_rounds = トーナメントの決勝までのラウンド数は { $min }〜{ $max } です。
refusal-bad_request-bad_cap = 最大人数は { $min }〜{ $max } 人です。
refusal-bad_request-bad_final = 決勝卓は3、4、5席のいずれかです。
refusal-bad_request-bad_signup = 受付の締め切りは1年以内にしてください。
refusal-not_found-no_tournament = { $name } というトーナメントはありません。
refusal-bad_request-bad_auto = 自動ラウンドはオンかオフのどちらかです。
