### « Ouvrir le plateau » dans Discord : le plateau en Activité (cogs/edge/launch.py).

# beside the launch button on a player's own panels: the same board in a web browser
launch-browser = Dans le navigateur
# the same, under /hadara games, for one game
launch-browser-game = #{ $id } dans le navigateur
# Discord would not open the board here: the clicker's own link instead
launch-refused = Le plateau ne peut pas s'ouvrir dans Discord ici. Ouvrez-le dans votre navigateur :
# … the game's spectator link, for someone without a seat
launch-refused-watch = Le plateau ne peut pas s'ouvrir dans Discord ici. Suivez-le dans votre navigateur :
# … and no link either
launch-in-thread = { $thread ->
    [none] Le plateau ne peut pas s'ouvrir dans Discord ici : il est affiché dans le fil de la partie.
   *[other] Le plateau ne peut pas s'ouvrir dans Discord ici : il est affiché dans { $thread }.
}
# the Activity's command in Discord's App Launcher (at most 100 characters)
launch-command = Ouvrir le plateau de votre partie de Hadara, en direct
