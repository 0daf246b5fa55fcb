### /hadara games のゲーム一覧パネル（cogs/player/games_panel.py）と、プレイヤーの
### パネルの「次のゲーム」（cogs/play/turns.py）。

games-panel-title = あなたのゲーム（{ $count }件）
games-panel-nothing = 今あなたを待っているゲームはありません。
games-panel-yours = **あなたの手番（{ $count }件）**
games-panel-others = **ほかの人の手番（{ $count }件）**
games-panel-lobbies = **募集中のロビー（{ $count }件）**
games-panel-where = （<#{ $thread }>）
games-panel-turn = **#{ $id }** · { $what }{ $where }
games-panel-when = ⌛ { $what }
games-panel-waited-minutes = { $n }分待ち
games-panel-waited-hours = { $n }時間待ち
games-panel-waited-days = { $n }日待ち
games-panel-deadline = 期限 { $at }（{ $rel }）
games-panel-waiting = **#{ $id }** · { $names } を待っています{ $where }
games-panel-others_deadline = {" "}· ⏳ { $at }
games-panel-lobby = **#{ $id }** · ロビー、{ $taken }/{ $size }席{ $where }
games-panel-more = …ほか{ $count }件（表示していません）。
games-panel-take = #{ $id } · 手番を行う
games-panel-page = { $page }/{ $pages }ページ
games-panel-previous = ◀ 前へ
games-panel-next = 次へ ▶
games-panel-next_game = 次のゲーム · #{ $id }
