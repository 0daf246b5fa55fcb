# ゲーム内容の名前（日本語）。hadara/words.py が読む。
# 用語は日本語ルールに合わせる：収入・軍事・文化・食料、金のメダル・銀のメダル。
# カード名は小さなカードに印刷されるので 2〜6 文字程度。

## カードの色（黄＝収入、赤＝軍事、青＝文化、緑＝食料、紫＝効果）

colour-yellow = 黄
colour-red = 赤
colour-blue = 青
colour-green = 緑
colour-purple = 紫

## 4 つの国力

track-income = 収入
track-military = 軍事
track-culture = 文化
track-food = 食料

## メダルの種類

medal-silver = 銀のメダル
medal-gold = 金のメダル

## カード（ID 順）

card-I-Y01 = 商人
card-I-Y02 = 機織り
card-I-Y03 = 陶工
card-I-Y04 = 両替商
card-I-Y05 = 隊商長
card-I-Y06 = 金細工師
card-I-Y07 = 香辛料商
card-I-Y08 = 徴税人
card-I-Y09 = 銀行家
card-I-Y10 = ギルド長

card-I-R01 = 投石兵
card-I-R02 = 槍兵
card-I-R03 = 弓兵
card-I-R04 = 見張り
card-I-R05 = 戦車兵
card-I-R06 = 騎兵
card-I-R07 = 盾持ち
card-I-R08 = 隊長
card-I-R09 = 攻城技師
card-I-R10 = 将軍

card-I-B01 = 書記
card-I-B02 = 語り部
card-I-B03 = 楽師
card-I-B04 = 天文学者
card-I-B05 = 詩人
card-I-B06 = 学者
card-I-B07 = 彫刻家
card-I-B08 = 哲学者
card-I-B09 = 神殿建築家
card-I-B10 = 大神官

card-I-G01 = 採集者
card-I-G02 = 漁師
card-I-G03 = 羊飼い
card-I-G04 = 農夫
card-I-G05 = 養蜂家
card-I-G06 = 葡萄酒造り
card-I-G07 = 粉挽き
card-I-G08 = 灌漑技師
card-I-G09 = 穀倉番
card-I-G10 = 庭師

card-I-P01 = 仲買人
card-I-P02 = 職人
card-I-P03 = 交易の庇護者
card-I-P04 = 軍の庇護者
card-I-P05 = 芸術の庇護者
card-I-P06 = 収穫の庇護者
card-I-P07 = 兵站官
card-I-P08 = 家令
card-I-P09 = 宰相
card-I-P10 = 提督
card-I-P11 = 軍師
card-I-P12 = 使者
card-I-P13 = 年代記作者
card-I-P14 = 総督

card-II-Y01 = 商人
card-II-Y02 = 機織り
card-II-Y03 = 陶工
card-II-Y04 = 両替商
card-II-Y05 = 隊商長
card-II-Y06 = 金細工師
card-II-Y07 = 香辛料商
card-II-Y08 = 徴税人
card-II-Y09 = 銀行家
card-II-Y10 = ギルド長

card-II-R01 = 投石兵
card-II-R02 = 槍兵
card-II-R03 = 弓兵
card-II-R04 = 見張り
card-II-R05 = 戦車兵
card-II-R06 = 騎兵
card-II-R07 = 盾持ち
card-II-R08 = 隊長
card-II-R09 = 攻城技師
card-II-R10 = 将軍

card-II-B01 = 書記
card-II-B02 = 語り部
card-II-B03 = 楽師
card-II-B04 = 天文学者
card-II-B05 = 詩人
card-II-B06 = 学者
card-II-B07 = 彫刻家
card-II-B08 = 哲学者
card-II-B09 = 神殿建築家
card-II-B10 = 大神官

card-II-G01 = 採集者
card-II-G02 = 漁師
card-II-G03 = 羊飼い
card-II-G04 = 農夫
card-II-G05 = 養蜂家
card-II-G06 = 葡萄酒造り
card-II-G07 = 粉挽き
card-II-G08 = 灌漑技師
card-II-G09 = 穀倉番
card-II-G10 = 庭師

card-II-P01 = 仲買人
card-II-P02 = 職人
card-II-P03 = 交易の庇護者
card-II-P04 = 芸術の庇護者
card-II-P05 = 石工
card-II-P06 = 伝令
card-II-P07 = 兵站官
card-II-P08 = 家令
card-II-P09 = 銀細工師
card-II-P10 = 大使
card-II-P11 = 総督
card-II-P12 = 軍師
card-II-P13 = 年代記作者
card-II-P14 = 使者

card-III-Y01 = 商人
card-III-Y02 = 機織り
card-III-Y03 = 陶工
card-III-Y04 = 両替商
card-III-Y05 = 隊商長
card-III-Y06 = 金細工師
card-III-Y07 = 香辛料商
card-III-Y08 = 徴税人
card-III-Y09 = 銀行家
card-III-Y10 = ギルド長

card-III-R01 = 投石兵
card-III-R02 = 槍兵
card-III-R03 = 弓兵
card-III-R04 = 見張り
card-III-R05 = 戦車兵
card-III-R06 = 騎兵
card-III-R07 = 盾持ち
card-III-R08 = 隊長
card-III-R09 = 攻城技師
card-III-R10 = 将軍

card-III-B01 = 書記
card-III-B02 = 語り部
card-III-B03 = 楽師
card-III-B04 = 天文学者
card-III-B05 = 詩人
card-III-B06 = 学者
card-III-B07 = 彫刻家
card-III-B08 = 哲学者
card-III-B09 = 神殿建築家
card-III-B10 = 大神官

card-III-G01 = 採集者
card-III-G02 = 漁師
card-III-G03 = 羊飼い
card-III-G04 = 農夫
card-III-G05 = 養蜂家
card-III-G06 = 葡萄酒造り
card-III-G07 = 粉挽き
card-III-G08 = 灌漑技師
card-III-G09 = 穀倉番
card-III-G10 = 庭師

card-III-P01 = 職人
card-III-P02 = 軍の庇護者
card-III-P03 = 収穫の庇護者
card-III-P04 = 石工
card-III-P05 = 伝令
card-III-P06 = 宰相
card-III-P07 = 提督
card-III-P08 = 銀細工師
card-III-P09 = 大使
card-III-P10 = 年代記作者
card-III-P11 = 仲買人
card-III-P12 = 家令
card-III-P13 = 大使
card-III-P14 = 使者
