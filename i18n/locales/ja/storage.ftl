### 信頼できる保存（docs/service.md の「Damaged games」「Storage faults」）：破損したゲーム、
### 保存の障害、名前についてのサービスの拒否と、破損・修復されたゲームのお知らせの文言。

refusal-damaged = このゲームの保存記録が破損しています。サーバーの管理者に通知しました。
refusal-damaged-not_repairable = このゲームの破損は、最後の手を取り消すだけでは直せません。
refusal-not_damaged = このゲームは破損していません。修復するものはありません。
refusal-storage_unavailable = あなたの手は受け付けられませんでした。今はゲームを保存できません。少ししてからもう一度お試しください。
refusal-stale-repair_changed = 表示したあとで破損の内容が変わりました。修復内容をもう一度確認してください。
refusal-bad_request-invisible_name = 名前には目に見える文字が少なくとも1つ必要です。
refusal-bad_request-bad_characters = その名前には文字として扱えないものが含まれています。
refusal-bad_request-bad_user = そのユーザーIDは無効です。
refusal-bad_request-bad_guild = そのサーバーIDは無効です。
refusal-bad_request-bad_values = それらの値は保存できません。


# 破損したゲームの問題点（Update.damage.reason、repair_preview()["reason"]）
storage-damage-reason-bad_json = 保存された手の1つが読み取れません
storage-damage-reason-bad_action = 保存された手の1つが再現できなくなっています
storage-damage-reason-missing_row = 記録から手が1つ欠けています
storage-damage-reason-bad_setup = 初期配置が欠けているか壊れています
storage-damage-reason-bad_record = 記録が読み取れません
storage-damage-reason-bad_seat = 席がプレイヤーと一致しません
storage-damage-reason-other_version = このボットにないルールまたはカードで保存されています
storage-damage-reason-bad_chain = 保存された手がハッシュチェーンと一致しません：保存後に手が変更・削除・入れ替えされています
# $reason：上の理由のいずれか
storage-damaged-notice = ゲーム #{ $game_id } は続けられません：{ $reason }。サーバーの管理者に通知しました。管理者は最後の有効な手まで修復できます。
storage-repaired-notice = ゲーム #{ $game_id } は修復され、続きから再開します：{ $dropped ->
    [0] 失われた手はありません。
   *[other] 最後の{ $dropped }手が失われました。もう一度指してください。
}

# /hadara-admin repair（サーバー管理権限）：修復で残す手と取り除く手（数のみ）
cmd-admin-repair = 壊れたゲームを最後の有効な手まで修復します（サーバー管理権限）
admin-repair-healthy = ゲーム #{ $id } は壊れていません。修復するものはありません。
admin-repair-title = **ゲーム #{ $id } は壊れています：**{ $reason }。
admin-repair-cannot = 手を取り除いても直せません。バックアップから復元してください（docs/deploy.md）。
admin-repair-cannot-result = 終了したレーティング対象ゲームは手を取り除きません。結果は記録どおり残ります。信頼できない場合は `/hadara-admin void` で無効にしてください（レーティングはそれを除いて再計算されます）。
admin-repair-seat = { $name }（{ $count }手）
admin-repair-plan = 修復すると全{ $total }手のうち最初の{ $keep }手を残し、最後の{ $dropped }手を取り除きます（{ $who }）。取り除いた手はバックアップ表に保存され、プレイヤーに知らされます。**修復**を押してください。
admin-repair-button = 修復
admin-repair-done = ゲーム #{ $id } を修復しました：{ $dropped }手を取り除きました。ゲームは続きます。
