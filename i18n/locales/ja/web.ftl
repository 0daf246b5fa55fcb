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
# the whole table on the page (web/page.py, web/pieces.py)
web-skip = ゲームへ移動
web-language = 言語
web-waiting = { $names } を待っています
web-table = テーブル
web-decks = 山札
web-deck = { $count ->
    [0] 空
   *[other] 残り { $count } 枚
}
web-draws = { $name } がここから引きます
web-discards = 捨て札
web-pile = { $colour }：{ $count ->
    [0] 空
   *[other] { $count } 枚
}
web-colony = 植民地 · 軍事 { $level }
web-colony-stack = 軍事 { $level } · 残り { $count }
web-colony-front = 軍事 { $level } が必要。略奪して { $plunder } コインを得るか、{ $cost } コインで併合して { $points } 点。
web-colony-back = 併合済み：{ $gains }、{ $points } 点。
web-statue = 彫像スペース { $space }
web-statue-space = 文化 { $requirement } が必要：{ $points } 点。
web-statue-tiles = ボーナスタイルで彫る：色の面はその列を { $steps } 進め、点数の面は { $extra } 点を加えます。
web-statue-free = 文化 { $requirement } · { $points } 点
web-statue-carved-points = { $colour }のタイル · 点数の面
web-statue-carved-track = { $colour }のタイル · 列の面
web-medal-silver = 銀 · { $colour }
web-medal-gold = 金メダル { $count } 個
web-medal-silver-text = 銀メダルはゲーム終了時にその色の列の半分（切り上げ）の点になります（銀メダルは最大 { $max } 個）。
web-medal-gold-text = 金メダルは持っているカード5色のセットごとに { $points } 点になります。
web-cards = { $count ->
    [0] カードなし
   *[other] カード { $count } 枚
}
web-tiles = ボーナスタイル
web-none = なし
web-first = この時代のスタートプレイヤー
web-cost = コスト { $cost }
web-card-epoch = 時代 { $epoch }
web-price = あなたの価格：{ $buy } コインで購入、または { $sell } で売却。
web-price-short = 購入 { $buy } · 売却 +{ $sell }
web-deciding = いま決めること：{ $what }
web-deciding-note = Discord のパネルで選んでください。このページはゲームの進行を表示します。
web-news = これまでの出来事
web-news-none = まだ何もありません。
web-close = 閉じる
web-colonies = 植民地
web-statues = 彫像
web-medals = メダル
web-choices = 選択肢 { $count } 件
# acting on the page (web/choices.py, web/acting.py)
web-act-buy = 購入 · { $cost }
web-act-buy-tile = { $tile }のタイルで購入 · { $cost }
web-act-sell = 売却 · +{ $value }
web-feed-must = { $count ->
    [0] すべてのカードを残せます。何も選ばないか、養わないカードを取り除いてください。
   *[other] カードを { $count } 枚取り除く（または支払う）と確定します。
}
web-feed-pay = 1枚につき { $cost } コイン払って残す：
web-feed-done = 食料の配分を確定
web-retry = { $seconds } 秒後
web-act-forged = この選択はあなたのページから送られたものではありません。Discord からもう一度ボードを開いてください。
web-act-malformed = この選択を読み取れません。ページを再読み込みして選び直してください。
web-tool-hint = ヒント
web-tool-undo = 直前の手を取り消す
web-tool-rejoin = AI から席を取り戻す
web-tool-concede = 投了…
web-tool-concede-warning = 最後まで AI があなたの席をプレイし、あなたは最下位になります。元に戻せません。
web-tool-concede-confirm = このゲームを投了する
web-hint = ヒント：{ $label } — { $reason }
# acting ahead on the page (web/ahead.py)
web-ahead = 先に決めておく
web-ahead-queued = 予約中：{ $plan }
web-ahead-phase-b = フェイズB：取りたいカードを優先順に
web-ahead-rank = 第{ $rank }候補
web-ahead-no-card = （なし）
web-ahead-mode = 次に
web-ahead-queue = この予定を予約する
web-ahead-colony = 植民地：どうするか
web-ahead-statue = 彫像：何を彫るか
web-ahead-withdraw = 予約を取り消す

## Discord 内の盤面（アクティビティ、docs/web.md）：盤面が出る前にページが表示する文
web-activity-title = Hadara
web-activity-signing = Discord でサインインしています…
web-activity-outside = このページは Discord の中で開きます。ゲームの「盤面を開く」から起動してください。Discord の外では、パネルのリンクを使ってください。
web-activity-refused = Discord がサインインを許可しませんでした。盤面を閉じて、ゲームからもう一度開いてください。
web-activity-not-there = この盤面は他の人のために開かれました。Discord のゲームから開いてください。
web-activity-unavailable = 現在 Discord に接続できません。盤面を閉じて、少ししてからもう一度開いてください。
web-activity-failed = ここではサインインできませんでした。閉じてもう一度開くか、パネルのリンクを使ってください。
web-activity-pick = どのゲームですか？表示する盤面を選んでください：
web-activity-none = 進行中のゲームがありません。/hadara new で始めてから、そのゲームの盤面を開いてください。
web-activity-here = 今テーブルにいる人：

## あなたのゲーム（docs/web.md「Your games」）：あなたを待っているすべてのゲーム
web-games-title = あなたのゲーム
web-games-yours = { $count ->
    [0] あなたを待っているゲームはありません
   *[other] あなたを待っているゲーム：{ $count } 件
}
web-games-others = その他のゲーム
web-games-game = ゲーム #{ $id }
web-games-lobby = ロビー、{ $size } 席中 { $taken } 席が埋まっています
web-games-deadline = 期限 { $at }
web-games-waited-minutes = { $count } 分待機中
web-games-waited-hours = { $count } 時間待機中
web-games-waited-days = { $count } 日待機中
web-games-more = ほかに { $count } 件のゲームがあります。
web-games-link = { $count ->
    [0] あなたのゲーム
   *[other] あなたのゲーム（{ $count } 件待機中）
}
web-games-next = 次のゲーム：#{ $id }
