# Reprendre un coup (/hadara-replay undo, le bouton « Reprendre » du panneau ; bot/service/play.py)
cmd-undo = Reprendre votre dernier coup, tant que personne d'autre n'a joué et que rien n'a été dévoilé
game-undo-done = Vous avez repris votre dernier coup dans la partie #{ $id }.
play-undo = Reprendre
refusal-stale-undo_stale = Ce n'est plus votre dernier coup : la partie a avancé.
refusal-bad_request-undo_someone_acted = Quelqu'un d'autre a joué depuis votre dernier coup : il reste joué.
refusal-bad_request-undo_revealed = { $event ->
    [colony_taken] Prendre cette colonie a dévoilé la tuile suivante de sa pile : le coup reste joué.
    [drew] Des cartes ont été piochées depuis votre dernier coup : il reste joué.
    [epoch_started] Une nouvelle époque a commencé depuis votre dernier coup : il reste joué.
    [game_over] La partie s'est terminée sur ce coup : il reste joué.
   *[other] Quelque chose de caché a été dévoilé depuis votre dernier coup : il reste joué.
}
refusal-bad_request-undo_hidden = Un choix caché a été fait depuis votre dernier coup : il reste joué.
refusal-bad_request-undo_not_undoable = Ce genre de choix ne se reprend pas (un choix simultané se change jusqu'à sa révélation).
refusal-bad_request-undo_nothing = Il n'y a rien à reprendre.
refusal-bad_request-undo_not_yours = Seul votre propre coup peut être repris.
refusal-denied-undo_rated = Ce serveur ne permet pas de reprendre un coup dans les parties classées.
cmd-settings-rated_undo = Permettre de reprendre un coup dans les parties classées de ce serveur (Gérer le serveur)
settings-rated_undo-on = Parties classées de ce serveur : un coup peut être repris tant que c'est sans conséquence.
settings-rated_undo-off = Parties classées de ce serveur : les coups ne peuvent pas être repris.
