### Le panneau des parties de /hadara games (cogs/player/games_panel.py) et « Partie
### suivante » sur le panneau d'un joueur (cogs/play/turns.py).

games-panel-title = Vos parties ({ $count })
games-panel-nothing = Aucune partie ne vous attend pour l'instant.
games-panel-yours = **À vous ({ $count })**
games-panel-others = **En attente des autres ({ $count })**
games-panel-lobbies = **En préparation ({ $count })**
games-panel-where = {" "}· <#{ $thread }>
games-panel-turn = **#{ $id }** · { $what }{ $where }
games-panel-when = ⌛ { $what }
games-panel-waited-minutes = en attente depuis { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
games-panel-waited-hours = en attente depuis { $n ->
        [one] { $n } heure
       *[other] { $n } heures
    }
games-panel-waited-days = en attente depuis { $n ->
        [one] { $n } jour
       *[other] { $n } jours
    }
games-panel-deadline = à décider avant le { $at } ({ $rel })
games-panel-waiting = **#{ $id }** · en attente de { $names }{ $where }
games-panel-others_deadline = {" "}· ⏳ { $at }
games-panel-lobby = **#{ $id }** · en préparation, { $taken }/{ $size } places{ $where }
games-panel-more = … et { $count ->
        [one] { $count } autre, non affichée.
       *[other] { $count } autres, non affichées.
    }
games-panel-take = #{ $id } · Jouer mon tour
games-panel-page = Page { $page } sur { $pages }
games-panel-previous = ◀ Précédente
games-panel-next = Suivante ▶
games-panel-next_game = Partie suivante · #{ $id }
