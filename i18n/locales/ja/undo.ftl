# 手を戻す（/hadara-replay undo、パネルの「手を戻す」ボタン。bot/service/play.py）
cmd-undo = 他の誰も動かず何も公開されていない間、最後の手を戻します
game-undo-done = ゲーム #{ $id } で最後の手を戻しました。
play-undo = 手を戻す
refusal-stale-undo_stale = それはもう最後の手ではありません。ゲームは進んでいます。
refusal-bad_request-undo_someone_acted = 最後の手の後に他の人が動いたため、戻せません。
refusal-bad_request-undo_revealed = { $event ->
    [colony_taken] その植民地を取ったことで山札の次のタイルが公開されたため、戻せません。
    [drew] 最後の手の後にカードが引かれたため、戻せません。
    [epoch_started] 最後の手の後に新しい時代が始まったため、戻せません。
    [game_over] その手でゲームが終了したため、戻せません。
   *[other] 最後の手の後に隠れた情報が公開されたため、戻せません。
}
refusal-bad_request-undo_hidden = 最後の手の後に非公開の選択があったため、戻せません。
refusal-bad_request-undo_not_undoable = この種類の選択は戻せません（同時の選択は公開まで変更できます）。
refusal-bad_request-undo_nothing = 戻す手がありません。
refusal-bad_request-undo_not_yours = 戻せるのは自分の手だけです。
refusal-denied-undo_rated = このサーバーではレーティング戦で手を戻すことはできません。
cmd-settings-rated_undo = このサーバーのレート戦で手の取り消しを許可する（サーバー管理）
settings-rated_undo-on = このサーバーのレート戦：影響がない間は手を取り消せます。
settings-rated_undo-off = このサーバーのレート戦：手は取り消せません。
