### プレイヤー向けの文：エンジン（hadara.narrate）— ゲームログのイベント、行動のラベル、
### 選べない理由と拒否の理由、ステップ名。カード・色・国力の名前は content.ftl から来ます。
### 用語はルールに合わせます：時代、フェイズA/B、紋章ダイヤル、紋章、山札、捨札、収入、
### 植民地タイル（侵略・併合）、彫像、ボーナストークン、食料供給、金／銀のメダル、親、優先番号。

## リスト

engine-list-and = と
# 1行の中の文と文の区切り（食料供給の結果）。
engine-list-semi = 。

## 共通の部品

engine-card = { $name }（{ $colour }）
engine-gain = { $track }+{ $steps }
engine-gains-none = なし
engine-gains-no_track = 国力の上昇なし
engine-track_value = { $track }{ $value }
engine-effect = { $effect }：{ $track }+{ $steps }
engine-effects-sep = 、
engine-effects = （{ $effects }）
engine-tile = （ボーナストークン：{ $tile }）

## コードの名前

engine-variant-basic = 基本
engine-variant-advanced = 上級
engine-medal-silver = 銀のメダル
engine-medal-gold = 金のメダル
engine-score-colonies = 植民地
engine-score-statues = 彫像
engine-score-silver_medals = 銀のメダル
engine-score-gold_medals = 金のメダル
engine-score-cards = 文明カード
engine-score-purple_sets = 紫のセット
engine-score-coins = コイン
engine-hint-only_legal = 選べる行動はこれだけです。
engine-hint-track = { $track }{ $delta }
engine-hint-points = 勝利点{ $delta }{ $n ->
   *[other] {""}
}
engine-hint-coins = コイン{ $delta }{ $n ->
   *[other] {""}
}
engine-hint-medal = メダル1枚
engine-hint-nothing = すぐの変化はありません
engine-hint-greedy = { $label }：{ $what }。{ $next }よりも有利な形になります。
engine-hint-search = { $label }：この局面の続きを何度も試したところ、最も成績のよい手でした（次点：{ $next }）。
engine-hint-wheel = { $label }：持っているカードが最も少ない色です。色の偏りを減らし、セットを揃えやすくします。
engine-hint-untried = 未試行
engine-hint-random = 選べる行動の中からランダムに選びました
engine-hint-agent = 「{ $name }」プレイヤーの選択
engine-review-your_move = あなたは{ $taken }（{ $changed }）を選びました。{ $best }より{ NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) }点低い評価です。
engine-review-rollout = { $best }：{ $changed }。時代の終わりまで{ $budget }通りの展開を試すと、ゲーム終了時に平均{ NUMBER($value_best, minimumFractionDigits: 1, maximumFractionDigits: 1) }点の見込みです（{ $taken }の後は{ NUMBER($value_taken, minimumFractionDigits: 1, maximumFractionDigits: 1) }点）。

## ステップ名

engine-step-setup_side = 準備カードの面選び
engine-step-wheel = 紋章ダイヤルの設定
engine-step-draft = カード選択
engine-step-phase_b = フェイズB
engine-step-colony = 入植
engine-step-statue = 彫像
engine-step-feeding = 食料供給
engine-step-medals = メダル購入
engine-step-over = ゲーム終了

## 行動のラベル

engine-label-buy = { $card }を購入 · { $cost }
engine-label-buy-tile = { $card }を購入 · { $cost } · ボーナストークン：{ $tile }
engine-label-sell = { $card }を売却 · +{ $value }
engine-label-wheel = 紋章を{ $colour }の山札に向ける
engine-label-setup_side = { $side }面：{ $coins }コイン、{ $tracks }
engine-label-pay = （{ $pay }コイン払って条件を下げる）
engine-label-plunder-coins = {" "}· +{ $coins }
engine-label-plunder = 植民地{ $level }を侵略{ $coins }{ $pay }
engine-label-integrate-cost = {" "}· 費用{ $cost }
engine-label-integrate = 植民地{ $level }を併合{ $cost }{ $pay }
engine-label-colony_skip = 植民地を獲得しない
engine-label-statue-colour = 彫像{ $space }（{ $requirement }） · { $tile }のボーナストークン、{ $track }+{ $steps }{ $pay }
engine-label-statue-points = 彫像{ $space }（{ $requirement }） · { $tile }のボーナストークン、+{ $points }勝利点{ $pay }
engine-label-statue_skip = 彫像を作らない
engine-label-feed_remove = { $card }を除外（{ $colour }、{ $gains }）
engine-label-feed_pay = カードを除外する代わりに{ $coins }コイン支払う
engine-label-medal-silver = 銀のメダル · { $tile }のボーナストークン · { $cost }
engine-label-medal-gold = 金のメダル · { $cost }
engine-label-medals_done = メダル購入を終える

## 理由（句点なし）

engine-reason-have = 現在{ $have }
engine-reason-have-p14 = 現在{ $have }＋P14による{ $reduction }
engine-reason-card_cost = { $cost }コインかかりますが、所持は{ $have }コインです
engine-reason-medal_cost = { $cost }コインかかりますが、所持は{ $have }コインです
engine-reason-already_hold_level = 条件{ $level }の植民地タイルはすでに持っています
engine-reason-no_colony_left = 条件{ $level }の植民地タイルは残っていません
engine-reason-needs_military = 軍事{ $level }が必要です（{ $have }）
engine-reason-needs_culture = 文化{ $level }が必要です（{ $have }）
engine-reason-requirement_payment = 条件を下げるには{ $pay }コインかかりますが、所持は{ $have }コインです
engine-reason-integrate_cost = 併合には{ $cost }コインかかりますが、所持は{ $have }コインです
engine-reason-no_bonus_tile = 未使用のボーナストークンがありません
engine-reason-p6_max_payments = P6で支払えるのは食料供給1回につき{ $max }枚分までです
engine-reason-p6_cost = 支払いには{ $cost }コインかかりますが、所持は{ $have }コインです
engine-reason-max_medals = { $kind ->
        [silver] 銀のメダル
       *[gold] 金のメダル
    }は1ゲームに{ $max }個までです
engine-reason-wrong_step = 「{ $type }」は{ $step }では選べません
engine-reason-no_such_card = 「{ $card }」というカードはありません
engine-reason-not_in_hand = { $card }は手札にありません
engine-reason-not_on_top = { $card }は捨札の山の一番上にありません
engine-reason-not_in_tableau = { $card }はあなたの個人ボードに配置されていません
engine-reason-choose_buy_or_sell = 購入か売却かを選んでください
engine-reason-p2_tile = { $card }を購入するには未使用のボーナストークンを1つ置きます：{ $tiles }
engine-reason-p2_tile-none = 未使用のボーナストークンが残っていないので、{ $card }はボーナストークンなしで購入します
engine-reason-wrong_payment-none = 支払いは不要です：すでに条件を満たしています
engine-reason-wrong_payment-gap = 支払いは条件との差をちょうど埋める額でなければなりません（1点につき{ $per_point }コイン、P15）
engine-reason-wrong_payment = 支払いは条件との差をちょうど埋める額でなければなりません：{ $expected }コイン（1点につき{ $per_point }コイン、P15）
engine-reason-space_taken = 彫像{ $space }はすでに作っています
engine-reason-tile_not_held = 未使用の{ $tile }のボーナストークンがありません
engine-reason-no_p6 = カードを除外する代わりに支払えるのは、P6のカードがある場合だけです
engine-reason-not_legal = 今はその選択はできません
engine-refusal-label = { $label }：{ $reason }。
engine-refusal-alone = { $reason }。

## ゲームログ：全員に見えるイベント

engine-event-game_started = ハダラ（{ $variant }ルール）のゲームです。手番順：{ $seats }。
engine-event-seat = { $name }（優先番号{ $initiative }）
engine-event-setup_revealed = 準備カードの面：{ $sides }
engine-event-setup_side = { $name } { $side }面
engine-event-setup_done = { $name }は{ $coins }コイン、{ $tracks }で始めます。
engine-event-extra_coin = 開始時の追加コイン：{ $names }
engine-event-epoch_started = 時代{ $epoch }が始まります。{ $name }が親です。
engine-event-wheel_set = { $name }が紋章ダイヤルを設定しました：紋章は{ $colour }の山札を指しています。
engine-event-draw = { $name }は{ $colour }
engine-event-round_started = フェイズA、ラウンド{ $round }：{ $draws }の山札から2枚引きます。
# 購入・売却の後に続きます（「…購入し、Xを捨札にしました。」）。
engine-event-discards = し、{ $card }を捨札に
engine-event-round-buy = { $name }は{ $card }を{ $cost }コインで購入{ $tile }{ $effects }{ $discards }しました。
engine-event-round-sell = { $name }は{ $colour }のカードを{ $coins }コインで売却{ $discards }しました。
engine-event-phase_b_started = 時代{ $epoch }のフェイズB：手番順に捨札を取ります。
engine-event-took-buy = { $name }は{ $card }を取り、{ $cost }コインで購入しました{ $tile }{ $effects }。
engine-event-took-sell = { $name }は{ $card }を取り、{ $coins }コインで売却しました。
engine-event-income-seat = { $name } +{ $coins }
engine-event-income = 収入：{ $incomes }。
engine-event-paying = （条件を下げるために{ $pay }コイン支払い）
engine-event-p9 = （P9で+{ $coins }コイン）
engine-event-colony-plunder = { $name }は条件{ $level }の植民地を侵略し、{ $coins }コインを獲得しました{ $pay }{ $bonus }。
engine-event-colony-integrate = { $name }は条件{ $level }の植民地を併合しました：{ $gains }、{ $points }勝利点{ $pay }{ $bonus }。
engine-event-colony_skipped = { $name }は植民地を獲得しませんでした。
engine-event-statue-colour = { $name }は{ $tile }のボーナストークンで彫像{ $space }を作りました（その国力+{ $steps }）{ $pay }。
engine-event-statue-points = { $name }はボーナストークンを勝利点の面で置き、彫像{ $space }を作りました{ $pay }。
engine-event-statue_skipped = { $name }は彫像を作りませんでした。
engine-event-undone = { $name }は手を戻しました。
engine-event-feeding-short = { $name } { $cards }枚
engine-event-feeding_started-fed = 時代{ $epoch }の食料供給：全員の食料が足りています。
engine-event-feeding_started = 時代{ $epoch }の食料供給：除外するか支払うカード — { $short }。
engine-event-feeding_revealed = 食料供給：
engine-event-feeding-removes = { $cards }を除外しました
engine-event-feeding-paid = { $count }枚分を支払いました
engine-event-feeding-surplus = 余った食料で{ $coins }コインを獲得しました
engine-event-feeding-seat = { $name }：{ $what }。
engine-event-feeding-fed = { $name }：食料は足りています。
engine-event-medals_started = 時代{ $epoch }のメダル購入：全員が秘密で購入し、まとめて公開します。
engine-event-medals_revealed-none = メダル：購入した人はいません。
engine-event-medals_revealed = メダル：{ $medals }
engine-event-medal = { $name } { $kind }（{ $cost }コイン）
engine-event-medal-tile = { $name } { $kind }・{ $tile }（{ $cost }コイン）
engine-event-final_scores = 最終得点：
engine-event-score = { $name }：{ $total }点（{ $categories }）
engine-event-score-category = { $category } { $points }
engine-event-winner = { $count ->
       *[other] 勝者
    }：{ $names }

## ゲームログ：本人だけに届くイベント

engine-private-drew = { $colour }の山札から{ $cards }を引きました。
engine-private-sold_privately = { $card }を{ $coins }コインで売却しました（他のプレイヤーには色だけが見えます）。
engine-private-your_tile = （{ $tile }のボーナストークンを使用）
engine-private-pick-buy = 選択を記録しました：{ $card }を購入{ $tile }。
engine-private-pick-sell = 選択を記録しました：{ $card }を売却{ $tile }。
engine-private-setup_side_recorded = 準備カードの面を記録しました：{ $side }面。
engine-private-feed_remove = { $card }を除外します。
engine-private-feed_pay = カードを除外する代わりにコインを支払います。
engine-private-medal-silver = { $tile }のボーナストークンを置いて銀のメダルを購入します。
engine-private-medal-gold = 金のメダルを購入します。
