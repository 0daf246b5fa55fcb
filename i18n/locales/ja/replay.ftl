# リプレイ（cogs/replay）：/hadara-replay view、その操作ボタン、「リプレイを見る」。
cmd-replay-view = ゲームを一手ずつ見直します（進行中のゲームは観戦者に見える範囲のみ）
cmd-replay-view-game = ゲーム（既定：このスレッドのゲーム、または唯一のゲーム）
replay-watch = リプレイを見る
replay-title = ゲーム #{ $id } · リプレイ · { $last } 手中 { $step } 手目
replay-where = **第 { $epoch } 時代 · フェーズ { $phase } · ラウンド { $round }**
replay-opening = 準備が終わった時点のゲームです。
replay-no_lines = （この手では公開された出来事はありません）
replay-cards-title = **この時点での各プレイヤーのカード**
replay-cards-none = なし
replay-cards-line = { $name }：{ $hand }
replay-cards-pick = · 選択：{ $card }
replay-cards-sold = · 売却：{ $cards }
replay-spectator = ゲームはまだ終わっていません。観戦者に見えていたものを、現在まで表示しています。
replay-jump = 時代とフェーズへ移動
replay-mark = 第 { $epoch } 時代 · フェーズ { $phase }（{ $step } 手目）
replay-malformed = その選択を読み取れません。リプレイを開き直してください。
refusal-stale-replay_step = そのリプレイの手はありません（最後は { $last } 手目）。開き直してください。
