### プレイヤー向けの文言：手番まとめ「今日の手番」（issue 39）。プレイヤーが選んだ現地時刻に1日1回、
### そのプレイヤーを待っているすべてのゲームをボタン付きで一覧にしたDMを送る。観戦者向けのまとめ
### （table.ftl の table-digest-*）とは別物。

# /hadara settings
cmd-settings-daily_turns = 今日の手番：あなたを待つゲームの一覧を、この時刻（あなたのタイムゾーン）に1日1回DMで送る
cmd-settings-turn_pings = 今日の手番がオンでも、ゲームごとのメンションと手番DMを続ける（既定：止める）
turn_digest-off = オフ
# daily_turns の時刻（選択肢と設定の表示）
turn_digest-hour-0 = 0時
turn_digest-hour-1 = 1時
turn_digest-hour-2 = 2時
turn_digest-hour-3 = 3時
turn_digest-hour-4 = 4時
turn_digest-hour-5 = 5時
turn_digest-hour-6 = 6時
turn_digest-hour-7 = 7時
turn_digest-hour-8 = 8時
turn_digest-hour-9 = 9時
turn_digest-hour-10 = 10時
turn_digest-hour-11 = 11時
turn_digest-hour-12 = 12時
turn_digest-hour-13 = 13時
turn_digest-hour-14 = 14時
turn_digest-hour-15 = 15時
turn_digest-hour-16 = 16時
turn_digest-hour-17 = 17時
turn_digest-hour-18 = 18時
turn_digest-hour-19 = 19時
turn_digest-hour-20 = 20時
turn_digest-hour-21 = 21時
turn_digest-hour-22 = 22時
turn_digest-hour-23 = 23時
turn_digest-settings-off = 今日の手番：オフ（あなたを待つゲームの一覧を1日1回DMで受け取る：/hadara settings daily_turns:）
turn_digest-settings-on = 今日の手番：毎日 **{ $at }**（あなたの時刻）、次回 { $rel }。その間、ゲームごとのメンションと手番DMは止まります。期限のリマインダーは届きます。
turn_digest-settings-on_pings = 今日の手番：毎日 **{ $at }**（あなたの時刻）、次回 { $rel }。ゲームごとのメンションと手番DMも続きます。

# メッセージ
turn_digest-title = 📬 **あなたの手番**：{ $count }件のゲームがあなたを待っています（待ち時間の長い順）。
turn_digest-line = **#{ $id }** · { $what } · { $waited }待ち{ $deadline }
turn_digest-deadline = {" "}· ⏳ { $rel }
turn_digest-minutes = { $n }分
turn_digest-hours = { $n }時間
turn_digest-days = { $n }日
turn_digest-more = …ほか{ $count }件：/hadara games ですべて表示できます。
turn_digest-footer = 今日の手番：/hadara settings daily_turns: で時刻の変更・停止ができます。
turn_digest-button = #{ $id } · 手番を行う
