### La page web (docs/web.md) : ses titres et ses refus.

web-title = Hadara · partie #{ $id }
web-players = Joueurs
web-hand = Votre main
web-hand-empty = Aucune carte en main.
web-coins = { $coins ->
    [one] { $coins } pièce
   *[other] { $coins } pièces
}
web-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
web-you = vous
web-link-refused = Ce lien n'ouvre pas le plateau : il est { $why ->
    [expired] trop ancien (un lien dure un jour)
   *[other] invalide
}. Rouvrez le plateau depuis Discord.
web-signed-out = Vous n'êtes pas connecté ici. Ouvrez le plateau depuis votre panneau dans Discord.
web-not-allowed = Ce plateau n'est pas le vôtre.
# the link button on a player's panel to their page (docs/web.md)
web-open = Ouvrir le plateau
# a link under /hadara games to one game's page
web-open-game = Plateau #{ $id }
# /hadara settings web_sign_out (docs/web.md)
cmd-settings-web_sign_out = Se déconnecter du plateau web sur tous les appareils
web-signed-out-everywhere = { $count ->
    [0] Vous n'étiez connecté au plateau web nulle part.
    [one] Déconnecté du plateau web sur { $count } appareil.
   *[other] Déconnecté du plateau web sur { $count } appareils.
}
