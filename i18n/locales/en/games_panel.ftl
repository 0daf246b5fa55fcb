### The games panel of /hadara games (cogs/player/games_panel.py) and "Next game" on a
### player's panel (cogs/play/turns.py).

games-panel-title = Your games ({ $count })
# page 1 when no game waits on the player
games-panel-nothing = Nothing waits on you right now.
# the sections' headings, with how many games each holds
games-panel-yours = **Your turn ({ $count })**
games-panel-others = **Waiting on others ({ $count })**
games-panel-lobbies = **Open lobbies ({ $count })**
games-panel-where = {" "}in <#{ $thread }>
# a game waiting on the player: what to decide; below it, how long it has waited and the deadline
games-panel-turn = **#{ $id }** · { $what }{ $where }
games-panel-when = ⌛ { $what }
games-panel-waited-minutes = waiting for { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
games-panel-waited-hours = waiting for { $n ->
        [one] { $n } hour
       *[other] { $n } hours
    }
games-panel-waited-days = waiting for { $n ->
        [one] { $n } day
       *[other] { $n } days
    }
# $at: the date and time in the reader's zone; $rel: how far it is (Discord timestamps)
games-panel-deadline = decide by { $at } ({ $rel })
games-panel-waiting = **#{ $id }** · waiting for { $names }{ $where }
games-panel-others_deadline = {" "}· ⏳ { $at }
games-panel-lobby = **#{ $id }** · lobby, { $taken }/{ $size } seats{ $where }
games-panel-more = … and { $count } more, not shown.
# the button of a game waiting on the player: opens its panel in place of the list
games-panel-take = #{ $id } · Take my turn
games-panel-page = Page { $page } of { $pages }
games-panel-previous = ◀ Previous
games-panel-next = Next ▶
# on a player's panel once this game waits on others: the game waiting longest on them
games-panel-next_game = Next game · #{ $id }
