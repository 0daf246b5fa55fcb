# 紫の効果 P1〜P15（hadara/effects.py がここから文を作る）。
# 用語は日本語ルールに合わせる：国力（トラック）、マス、コイン、ボーナストークン、彫像、植民地、
# 条件、金のメダル・銀のメダル、勝利点。
# 変数は ../en/effects.ftl を参照。$track・$income・$food は国力の名前（content.ftl の track-*）、
# $colour は色のコード（yellow, red, blue, green）か「none」。ルールデータの数値は必ず変数で渡される（本文に書く数字は英語と同じ「5色」「2」だけ）。

## 名前

effect-P1-name = 売却ボーナス
effect-P2-name = ボーナストークン配置
effect-P3-name = 色の相乗効果
effect-P4-name = 彫像ボーナス
effect-P5-name = メダル割引
effect-P6-name = コインで食料供給
effect-P7-name = 余剰食料
effect-P8-name = 収入ボーナス
effect-P9-name = 植民地コイン
effect-P10-name = 銀のメダル満点
effect-P11-name = 紫のセット
effect-P12-name = 万能カード
effect-P13-name = 二重行動
effect-P14-name = 条件緩和
effect-P15-name = 条件の購入

## 効果文

effect-P1-text = カード売却時：+{ $coins }コイン
effect-P2-text = ボーナストークンをここに置く：その色の国力+{ $steps }
effect-P3-text = { $colour ->
        [yellow] { colour-yellow }
        [red] { colour-red }
        [blue] { colour-blue }
        [green] { colour-green }
       *[other] その色の
    }カードごとに{ $track }+{ $steps }（手持ち分も今後の分も）
effect-P4-text = 各彫像：トークンの色の国力+{ $steps }、または+{ $points }勝利点
effect-P5-text = メダルが安くなる：銀{ $silver }、金{ $gold }
effect-P6-text = 食料供給：カードを除外する代わりに、カードごとに{ $coins_per_card }コイン払える（最大{ $max_cards }枚）
effect-P7-text = 食料供給：余剰{ $food }ごとに+{ $coins_per_food }コイン（最大{ $max }）
effect-P8-text = 収入：{ $income }より高い国力ごとに+{ $coins_per_track }コイン
effect-P9-text = 植民地獲得時：+{ $coins }コイン
effect-P10-text = 銀のメダルひとつが国力の全値を得点にする
effect-P11-text = ゲーム終了時：5色のセットごとに{ $points_per_set }勝利点
effect-P12-text = 金のメダル：どの色としても数える
effect-P13-text = 各ステップで植民地も彫像も二つまで
effect-P14-text = 植民地と彫像の条件−{ $reduction }
effect-P15-text = 条件ポイントごとに{ $coins_per_point }コイン払って軽減（最大{ $max_coins }コイン）

## 要約

effect-P1-summary = 売却ごとに+{ $coins }コイン
effect-P2-summary = ボーナストークン：国力+{ $steps }
effect-P3-summary = { $colour ->
        [yellow] { colour-yellow }
        [red] { colour-red }
        [blue] { colour-blue }
        [green] { colour-green }
       *[other] 同色
    }カードごとに{ $track }+{ $steps }
effect-P4-summary = 彫像：+{ $steps }マスか+{ $points }点
effect-P5-summary = メダル：銀{ $silver }・金{ $gold }
effect-P6-summary = 食料供給：カードごと{ $coins_per_card }コイン、最大{ $max_cards }枚
effect-P7-summary = 余剰{ $food }ごとに+{ $coins_per_food }、最大{ $max }
effect-P8-summary = { $income }より高い国力ごと+{ $coins_per_track }コイン
effect-P9-summary = 植民地ごとに+{ $coins }コイン
effect-P10-summary = 銀のメダルひとつが満点
effect-P11-summary = 5色セットごとに{ $points_per_set }点
effect-P12-summary = 金のメダル用の万能カード
effect-P13-summary = 植民地2・彫像2
effect-P14-summary = 条件−{ $reduction }
effect-P15-summary = 条件ポイントごと{ $coins_per_point }コイン、最大{ $max_coins }

## 効果文の中の言葉

# カードなしで名指しされた P3 効果の国力（色が分からないとき）。
effect-its_track = その色の国力
