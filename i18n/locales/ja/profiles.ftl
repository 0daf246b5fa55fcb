### プレイヤー向けの文言：プロフィールと信頼度（issue 40）。

# /hadara settings
cmd-settings-hide_figures = プロフィールの数値を非公開にする（管理者には信頼度が見えます）
settings-figures-hidden = プロフィールの数値：自分だけ（このサーバーの管理者には信頼度が見えます）。
settings-figures-shown = プロフィールの数値：サーバーの誰でも見られます。

# 卓やリーグの最低完走率
refusal-finish_rate = この卓は完走率{ $minimum }%以上を求めています。このサーバーでのあなたの完走率は{ $percent }%です。自分の席でもう何ゲームか完走してから、もう一度どうぞ。
refusal-bad_request-on_vacation = { $name }は休暇中です。時計は止まっていて、戻るまで席をAIに任せる投票はできません。
refusal-bad_request-bad_min_finish = 最低完走率は0から100までのパーセントで指定してください。
cmd-new-min_finish = 参加に必要な最低完走率（%）。新しいプレイヤーはいつでも可
cmd-league-create-min_finish = 登録に必要な最低完走率（%）。新しいプレイヤーはいつでも可
lobby-min_finish = 完走率{ $percent }%以上（新しいプレイヤーはいつでも歓迎）。

# 着席する場での信頼度
figures-new = 新しいプレイヤー
figures-finish = 完走{ $percent }
figures-live = 手番{ $time }
figures-timed = 長期戦で1手{ $time }
figures-hidden = 数値は非公開
figures-line = { $name } — { $figures }

# /hadara-league profile と名前の横の「プロフィール」
profile-button = { $name }
profile-buttons-more = ほか{ $count }人：/hadara-league profile
profile-title = このサーバーでの{ $name }
profile-rating = レーティング
profile-rated_games = レーティング対象{ $count }戦
profile-unrated = まだレーティングなし
profile-games = ゲーム
profile-games_value = { $games }戦{ $wins }勝
profile-new = 新しいプレイヤー：このサーバーでのゲームは5回未満です。
profile-reliability = 信頼度
profile-finish = 自分の席で完走：{ $games }回中{ $own }回（{ $percent }）
profile-excused = 休暇中にAIに任せた{ $count }ゲームは数えません。
profile-moves = 手番にかかる時間：ライブ{ $live }・長期戦{ $timed }
profile-moves-live = 手番にかかる時間：{ $live }（ライブ）
profile-moves-timed = 手番にかかる時間：{ $timed }（長期戦）
profile-deadlines = 期限を守った割合：{ $percent }
profile-none = —
profile-mean = 平均得点
profile-categories = カテゴリー別の平均
profile-paths = 好きな色
profile-rivals = ライバル
profile-rival = { $name }：{ $games }戦、先着{ $ahead }・後塵{ $behind }
profile-best = ベストゲーム
profile-best_value = #{ $id }
profile-replay = #{ $id }をリプレイ
profile-hidden = { $name }は数値を公開していません。
profile-hidden-manager = { $name }は数値を公開していませんが、このサーバーの管理者として信頼度は見られます。
profile-footer = このサーバーの完了したゲームの記録だけから数えています。レーティングはμ − 3σです。

# リーグの登録
league-signups = 登録済み（{ $count }人）
