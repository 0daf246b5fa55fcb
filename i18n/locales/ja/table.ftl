### プレイヤー向けの文言：table（ゲームのスレッド：盤面の状況、手番、お知らせ、終了）。

table-board-title = Hadara #{ $id }
table-status-where = **Hadara #{ $id }** · 時代{ $epoch } · フェイズ{ $phase } · { $step }
table-status-round = {" "}· ラウンド{ $n }/5
table-status-turn = {" "}· 手番{ $n }
table-status-waiting = 待機中：{ $names }
table-status-over = **Hadara #{ $id }** · ゲーム終了 · 勝者：{ $winners }
table-status-abandoned = **Hadara #{ $id }** · 中止
table-turn = { $mentions }：あなたの手番です — { $what }。**手番を行う**を押してください。
table-kind-setup_side = 準備カードの面を選ぶ
table-kind-wheel = 紋章ダイヤルを合わせる
table-kind-draft = ドラフトのカードを選ぶ
table-kind-phase_b = 捨札の山からカードを取る
table-kind-colony = 植民地を獲得する（またはパス）
table-kind-statue = 彫像を建てる（またはパス）
table-kind-feeding = 食料供給を行う
table-kind-medals = メダルを購入する（または終了）
table-conceded = { $name } が投了しました。最後までAIがその席をプレイします。
table-over = **ゲーム #{ $id } は終了しました。** 勝者：{ $winners }。得点は下のとおりです。再戦はワンクリックで始められます。
table-abandoned = ゲーム #{ $id } は中止されました。
table-abandoned_lobby = 卓 #{ $id } はキャンセルされました。
table-error-no_thread = ゲーム #{ $id } には、アクセスできるスレッドがありません。
table-forum-tag-waiting = 参加者募集中
table-forum-tag-playing = 対局中
table-forum-tag-finished = 終了
