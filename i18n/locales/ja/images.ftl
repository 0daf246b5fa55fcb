### 画像に描く文字（rendering/）：テーブル、個人ボード、手番の判断画像、ラウンドの公開、
### 得点、ランキング。用語はルールに合わせます：時代、フェイズA/B、親、紋章ダイヤル、紋章、
### 山札、捨札、収入・軍事・文化・食料、植民地タイル（侵略・併合）、彫像、ボーナストークン
### （表面・裏面）、食料供給、金／銀のメダル、勝利点、コイン、準備カード、優先番号。
### 日本語はスペースなしで、漢字・かなの間ならどこでも改行されます（禁則処理あり）。

## 共通の部品

image-player = プレイヤー{ $n }
image-sentence-gap = { "" }
image-list-separator = { "、" }
image-list-and = { $head }と{ $last }
image-page = { $page }/{ $pages }ページ。
image-pts = 点
image-pay = { $cost }コイン
image-none-left = 残りなし
image-effect-line = { $card }：{ $text }
image-have = { $track }{ $value }
image-have-reduced = { $track }{ $value }（条件−{ $reduction }、P14）

# 国力アイコン・ボーナストークン・メダルの中の1文字：収入、軍事、文化、食料、紫、銀、金。
image-letter-yellow = 収
image-letter-red = 軍
image-letter-blue = 文
image-letter-green = 食
image-letter-purple = 紫
image-letter-silver = 銀
image-letter-gold = 金

## ゲームの状況（見出し）

image-status-line = { $where }・{ $now }
image-status-epoch = 時代{ $epoch }
image-status-over = ゲーム終了
image-status-final-scores = 最終得点
image-status-setup = ゲームの準備
image-status-setup-sides = 準備カードの面選び
image-status-phase-a = 時代{ $epoch }・フェイズA
image-status-phase-b = 時代{ $epoch }・フェイズB
image-status-after-a = 時代{ $epoch }・フェイズA終了後
image-status-after-b = 時代{ $epoch }・フェイズB終了後
image-status-wheel = 紋章ダイヤルの設定
image-status-round = ラウンド{ $round }/{ $rounds }
image-status-take = { $take }/{ $takes }枚目
image-status-colonies = 入植
image-status-statues = 彫像
image-status-feeding = 食料供給
image-status-medals = メダル購入

## テーブル

image-table-first = 親
image-table-winner = 勝者
image-table-shared-victory = 同点勝利
image-table-to-act = 選択待ち
image-table-caption-wheel = { $name }が紋章ダイヤルを回し、紋章を向ける山札を選びます
image-table-caption-phase-b = フェイズB：手番順に、捨札の一番上のカードを取ります
image-table-caption-setup = 各プレイヤーが準備カードの面を選びます
image-table-caption-waiting = 山札はフェイズAを待っています
image-table-caption-empty = 次の時代まで山札はありません
image-table-deck = 山札
image-table-pile = 捨札{ $count }枚
image-table-pile-empty = 捨札なし
image-table-effect-card = { $card }：
image-table-colonies = 植民地
image-table-colonies-legend = — 必要な軍事、残りのタイル、一番上のタイル
image-table-step-colony = 入植（親から順に）：軍事が条件に届くタイルを1枚取り、侵略してコインを得るか、支払って併合します。
image-table-step-statue = 彫像（親から順に）：文化が条件に届く彫像のマスに、ボーナストークンを表面か裏面で置きます。
image-table-step-feeding = 食料供給（全員同時）：カードは食料の数まで。超えた分のカードを除外します。
image-table-step-medals = メダル購入（全員同時）：銀は{ $silver }コイン（最大{ $max }個）、金は{ $gold }コイン。
image-table-column-left = 残り
image-table-column-plunder = 侵略
image-table-column-integrate = 併合
image-table-column-points = 勝利点
image-table-column-taken = 獲得者
image-table-statues = 彫像
image-table-statues-legend = — 必要な文化と勝利点
image-table-statue-tile = 表面：国力+{ $steps }
image-table-statue-points = 裏面：+{ $points }点
image-table-final-standings = 最終順位
image-table-final-legend = 勝利点・残りコイン
image-table-g2-single = 勝利点が最も多い{ $name }（{ $points }点）の勝利。同点なら残りコインの多いプレイヤーが勝ちます（G2）。
image-table-g2-coins = { $names }が{ $points }点で同点：残りコインが最も多い{ $name }（{ $coins }コイン）の勝利です（G2）。
image-table-g2-shared = { $names }が{ $points }点、残りコイン{ $coins }で同点：勝利を分け合います（G2）。

## 個人ボード

image-players-key-cards = カード
image-players-key-tiles = ボーナス
image-players-key-colonies = 植民地
image-players-key-statues = 彫像
image-players-key-medals = メダル

## 文明カードと植民地タイル

image-card-band = { $colour }・{ $track }
image-card-gain = { $track }+{ $n }
image-card-no-track = 国力なし
image-card-no-gains = 国力の上昇なし
image-card-printed = 印刷{ $cost } − 所持{ $owned }枚
image-card-sell = 売却なら+{ $value }
image-colony-integrate = 併合：

## 判断画像

image-hand-nothing = 今は選ぶことがありません。あなたのカード：{ $count }枚
image-hand-nothing-paged = 今は選ぶことがありません。あなたのカード：{ $count }枚・{ $page }/{ $pages }ページ
image-hand-no-cards = まだカードがありません。

image-setup-title = 準備・あなたの準備カード
image-setup-chosen = あなたの選択：{ $side }面（全員が選ぶまで変更できます）。
image-setup-choose = 準備カードのA面かB面を選んでください。
image-setup-initiative = 優先番号{ $initiative }。
image-setup-side = { $side }面
image-setup-tag-chosen = 選択済み

image-wheel-line = 紋章を向ける山札を選んでください。各行：ラウンド1で各プレイヤーがカードを引く山札。
image-wheel-point-at = 向ける先

image-draft-picked-buy = あなたの選択：{ $card }を購入。ラウンドが解決するまで変更できます。
image-draft-picked-sell = あなたの選択：{ $card }を売却。ラウンドが解決するまで変更できます。
image-draft-offer = { $colour }の山札：1枚を残して購入か売却し、もう1枚は表にして捨札に置きます。
image-draft-offer-any = 1枚を残して購入か売却し、もう1枚は表にして捨札に置きます。
image-draft-tag-buy = 選択：購入
image-draft-tag-sell = 選択：売却
image-draft-tag-sell-only = 売却のみ

image-phase-b-line = あなたの番：捨札の一番上のカードを1枚取り、購入か売却をします。
image-phase-b-struck = 線で消した価格はコインが足りません。
image-phase-b-buy = 購入{ $cost }
image-phase-b-sell = 売却+{ $value }

image-feeding-must = カード{ $count }枚、食料{ $food }：あと{ $must }枚除外します。
image-feeding-fed = カード{ $count }枚、食料{ $food }：足りているので除外は不要です。
image-feeding-paid = { $paid }枚分を支払い済み（P6）。
image-feeding-lose = カードを除外すると、その国力・勝利点・効果を失います。
image-feeding-p6 = または1枚につき{ $cost }コインを支払う：残り{ $left }回
image-feeding-also = ほかに：{ $effects }
image-feeding-tag-remove = 除外
image-feeding-no-cards = カードがありません。

image-colony-line = { $have }。1つの条件の山から一番上のタイルを取るか、パスします。
image-colony-line-second = 2枚目の植民地（P13）：{ $have }。1つの条件の山から一番上のタイルを取るか、パスします。
image-colony-note-p9 = P9：植民地を獲得すると、併合の前に+{ $coins }コイン。
image-colony-note-plunder = 侵略：コインを獲得。タイルは表示の勝利点になります。
image-colony-note-integrate = 併合：コストを払って裏返し、裏面の発展値を得ます。
image-colony-integrate-pay = 併合：{ $cost }コイン
image-colony-left = 残り{ $count }
image-colony-reach-both = 獲得可能：侵略か併合
image-colony-reach-plunder = 獲得可能：侵略のみ（併合は{ $cost }コイン）
image-colony-pay-both = { $pay }コイン払えば（P15）侵略か併合
image-colony-pay-plunder = { $pay }コイン払えば（P15）侵略のみ（併合は{ $cost }コイン）

image-statue-line = { $have }。ボーナストークンで彫像を獲得するか、パスします。
image-statue-line-second = 2つ目の彫像（P13）：{ $have }。ボーナストークンで彫像を1つ獲得するか、パスします。
image-statue-your-tiles = ボーナストークン：
image-statue-needs = 条件
image-statue-colour-side = 表面
image-statue-points-side = 裏面
image-statue-track = 国力+{ $steps }
image-statue-carved = 配置済み：
image-statue-placed-colour = { $tile }のトークン、表面
image-statue-placed-points = { $tile }のトークン、裏面
image-statue-reach = 獲得可能：トークンを表面か裏面で置きます
image-statue-reach-pay = 獲得可能：{ $pay }コイン払って（P15）トークンを置きます

image-medals-line = 銀と金のメダルを1枚ずつ購入し、終わったら完了を選んでください。勝利点は今購入した場合の値です。
image-medals-silver = 銀のメダル
image-medals-gold = 金のメダル
image-medals-left = 残り{ $left }/{ $total }
image-medals-tiles = トークン{ $count }個
image-medals-points = +{ $points }点
image-medals-one-more = もう1枚で
image-medals-can-silver = 今購入できます：トークンの色を選んでください
image-medals-can-gold = 今購入できます
image-medals-unavailable = 今は購入できません

## ラウンドの公開

image-reveal-title = 時代{ $epoch }・ラウンド{ $round }/{ $rounds }：残したカード
image-reveal-discarded = 捨てたカード
image-reveal-paid = { $cost }支払い
image-reveal-sold = { $colour }のカードを売却
image-reveal-for = { "" }
image-reveal-coins = コイン
image-reveal-none = なし

## 得点

image-scores-final = 最終得点
image-scores-so-far = 現在の得点
image-scores-winner = 勝者
image-scores-shared-victory = 同点勝利
image-scores-leading = 首位
image-scores-tied = 首位タイ
image-scores-ranked = 勝利点の順。同点なら残りコインが多い方が上位（G2）。
image-scores-tie-shared = { $points }点で同点、残りコインも同じ：勝利を分け合います
image-scores-tie-coins = { $points }点で同点：残りコインの多いプレイヤーの勝利
image-scores-tie-coins-shared = { $points }点で同点：残りコインが最も多いプレイヤーが勝利を分け合います
image-scores-category-colonies = 植民地
image-scores-category-statues = 彫像
image-scores-category-silver_medals = 銀のメダル
image-scores-category-gold_medals = 金のメダル
image-scores-category-cards = 文明カード
image-scores-category-purple_sets = 紫のセット
image-scores-category-coins = コイン（5枚毎）
image-scores-category-total = 合計
image-scores-category-coins_left = 残りコイン
image-scores-totals = 合計
image-scores-rank-label = 順位
image-scores-rank = { $rank }位

## ランキング

image-leaderboard-title = ランキング
image-leaderboard-player = プレイヤー
image-leaderboard-rating = レート
image-leaderboard-games = 対戦数
image-leaderboard-points = ポイント
image-leaderboard-empty = まだレーティング対象のゲームがありません。
image-leaderboard-line = { $position }. { $name } — { $rating }（{ $games }戦）

## プロフィール（rendering/profile.py）：サーバーでのプレイヤーの成績（画像とテキスト）

image-profile-new = 新人
image-profile-name_new = { $name }（新人）
image-profile-rating = レート
image-profile-rating_value = { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
image-profile-unrated = まだレートなし
image-profile-games = { $games ->
   *[other] 対戦数
}
image-profile-wins = { $wins ->
   *[other] 勝利数
}
image-profile-games_wins = { $games }戦 · { $wins }勝
image-profile-finish = 完走率
image-profile-move = 手番の目安
image-profile-live = ライブ
image-profile-timed = 複数日
image-profile-move_kind = { $label }（{ $kind }）
image-profile-deadlines = 期限内の手番
image-profile-percent = { $percent }%
image-profile-seconds = { $n }秒
image-profile-minutes = { $n }分
image-profile-hours = { $n }時間
image-profile-days = { $n }日
image-profile-paths = よく選ぶ色
image-profile-path = { $colour } · { $cards }枚
image-profile-rivals = ライバル
image-profile-rival_record = { $games }戦 · { $ahead }–{ $behind }
image-profile-rival = { $name } · { $record }
image-profile-best = ベストゲーム
image-profile-best_value = #{ $game }
image-profile-private = 成績は非公開です
image-profile-field = { $label }：{ $value }

## The recap (rendering/recap.py): the caption above each frame of the end-of-game animation

# $epoch is a Roman numeral (I, II, III).
image-recap-epoch = 時代{ $epoch }の終わり
image-recap-final = 最終結果
