### ウェブページ（docs/web.md）：見出しと拒否の文言。

web-title = Hadara · ゲーム #{ $id }
web-players = プレイヤー
web-hand = あなたの手札
web-hand-empty = 手札はありません。
web-coins = { $coins } コイン
web-points = { $points } 点
web-you = あなた
web-link-refused = このリンクでは盤面を開けません：{ $why ->
    [expired] 古すぎます（リンクの有効期限は1日です）
   *[other] 無効です
}。Discord から盤面を開き直してください。
web-signed-out = ここではサインインしていません。Discord のパネルから盤面を開いてください。
web-not-allowed = この盤面はあなたのものではありません。
# the link button on a player's panel to their page (docs/web.md)
web-open = 盤面を開く
# a link under /hadara games to one game's page
web-open-game = 盤面 #{ $id }
# /hadara settings web_sign_out (docs/web.md)
cmd-settings-web_sign_out = すべての端末でウェブ盤面からサインアウトする
web-signed-out-everywhere = { $count ->
    [0] ウェブ盤面にはどこからもサインインしていませんでした。
   *[other] { $count } 台の端末でウェブ盤面からサインアウトしました。
}
