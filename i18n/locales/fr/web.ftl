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
# the whole table on the page (web/page.py, web/pieces.py)
web-skip = Aller à la partie
web-language = Langue
web-waiting = En attente de { $names }
web-table = La table
web-decks = Pioches
web-deck = { $count ->
    [0] vide
    [one] 1 carte restante
   *[other] { $count } cartes restantes
}
web-draws = { $name } pioche ici
web-discards = Défausses
web-pile = { $colour } : { $count ->
    [0] vide
    [one] 1 carte
   *[other] { $count } cartes
}
web-colony = Colonie · militaire { $level }
web-colony-stack = Militaire { $level } · { $count ->
    [one] { $count } restante
   *[other] { $count } restantes
}
web-colony-front = Demande { $level } en militaire. Pillez-la pour { $plunder ->
    [one] 1 pièce
   *[other] { $plunder } pièces
}, ou intégrez-la pour { $cost ->
    [one] 1 pièce
   *[other] { $cost } pièces
} : { $points ->
    [one] 1 point
   *[other] { $points } points
}.
web-colony-back = Intégrée : { $gains } ; { $points ->
    [one] 1 point
   *[other] { $points } points
}.
web-statue = Emplacement de statue { $space }
web-statue-space = Demande { $requirement } en culture : { $points ->
    [one] 1 point
   *[other] { $points } points
}.
web-statue-tiles = Sculptée avec une tuile bonus : sa face couleur fait avancer cette piste de { $steps }, sa face points ajoute { $extra ->
    [one] 1 point
   *[other] { $extra } points
}.
web-statue-free = Culture { $requirement } · { $points ->
    [one] { $points } point
   *[other] { $points } points
}
web-statue-carved-points = tuile { $colour } · face points
web-statue-carved-track = tuile { $colour } · face piste
web-medal-silver = Argent · { $colour }
web-medal-gold = { $count ->
    [one] 1 médaille d'or
   *[other] { $count } médailles d'or
}
web-medal-silver-text = Une médaille d'argent rapporte la moitié de la piste de sa couleur en fin de partie, arrondie au supérieur (au plus { $max ->
    [one] 1 médaille d'argent
   *[other] { $max } médailles d'argent
}).
web-medal-gold-text = Une médaille d'or rapporte { $points ->
    [one] 1 point
   *[other] { $points } points
} par série des cinq couleurs de cartes que vous possédez.
web-cards = { $count ->
    [0] Aucune carte
    [one] 1 carte
   *[other] { $count } cartes
}
web-tiles = Tuiles bonus
web-none = aucune
web-first = Premier joueur de cette époque
web-cost = Coût { $cost }
web-card-epoch = Époque { $epoch }
web-price = Votre prix : achat pour { $buy ->
    [one] 1 pièce
   *[other] { $buy } pièces
} ou vente pour { $sell }.
web-price-short = achat { $buy } · vente +{ $sell }
web-deciding = Vous décidez maintenant : { $what }
web-deciding-note = Choisissez sur votre panneau dans Discord ; la page suit la partie.
web-news = Ce qui s'est passé
web-news-none = Rien pour l'instant.
web-close = Fermer
web-colonies = Colonies
web-statues = Statues
web-medals = Médailles
web-choices = { $count ->
    [one] Votre seul choix
   *[other] Vos { $count } choix
}
# acting on the page (web/choices.py, web/acting.py)
web-act-buy = Acheter · { $cost }
web-act-buy-tile = Acheter avec la tuile { $tile } · { $cost }
web-act-sell = Vendre · +{ $value }
web-feed-must = { $count ->
    [0] Vous pouvez garder toutes vos cartes : n'en choisissez aucune, ou retirez celles que vous ne voulez pas nourrir.
    [one] Retirez { $count } carte (ou payez pour elle), puis confirmez.
   *[other] Retirez { $count } cartes (ou payez pour elles), puis confirmez.
}
web-feed-pay = Payer { $cost ->
    [one] { $cost } pièce
   *[other] { $cost } pièces
} par carte pour la garder :
web-feed-done = Confirmer l'alimentation
web-retry = { $seconds ->
    [one] dans { $seconds } seconde
   *[other] dans { $seconds } secondes
}
web-act-forged = Ce choix ne vient pas de votre page. Ouvrez de nouveau la table depuis Discord.
web-act-malformed = Ce choix est illisible. Rechargez la page et choisissez de nouveau.
web-tool-hint = Conseil
web-tool-undo = Reprendre mon dernier coup
web-tool-rejoin = Reprendre ma place à l'IA
web-tool-concede = Abandonner…
web-tool-concede-warning = Une IA joue votre place jusqu'à la fin et vous êtes classé dernier. C'est définitif.
web-tool-concede-confirm = Abandonner cette partie
web-hint = Conseil : { $label } — { $reason }
# acting ahead on the page (web/ahead.py)
web-ahead = Prévoir
web-ahead-queued = Prévu : { $plan }
web-ahead-phase-b = Phase B : les cartes que vous prendriez, par ordre de préférence
web-ahead-rank = Choix { $rank }
web-ahead-no-card = (aucune)
web-ahead-mode = Ensuite
web-ahead-queue = Prévoir ce choix
web-ahead-colony = Colonie : ce que vous feriez
web-ahead-statue = Statue : ce que vous sculpteriez
web-ahead-withdraw = Retirer mon choix prévu

## Le plateau dans Discord (l'Activité, docs/web.md) : ce que sa page dit avant le plateau
web-activity-title = Hadara
web-activity-signing = Connexion avec Discord…
web-activity-outside = Cette page s'ouvre dans Discord : lancez-la avec « Ouvrir le plateau » dans une partie. Hors de Discord, utilisez le lien de votre panneau.
web-activity-refused = Discord ne vous a pas connecté. Fermez le plateau et rouvrez-le depuis la partie.
web-activity-not-there = Ce plateau a été ouvert pour d'autres personnes. Ouvrez-le depuis la partie dans Discord.
web-activity-unavailable = Discord est injoignable pour le moment. Fermez le plateau et rouvrez-le dans un instant.
web-activity-failed = Le plateau n'a pas pu vous connecter ici. Fermez-le et rouvrez-le, ou utilisez le lien de votre panneau.
web-activity-pick = Quelle partie ? Choisissez le plateau à afficher :
web-activity-none = Vous n'avez aucune partie en cours. Lancez-en une avec /hadara new, puis ouvrez son plateau.
web-activity-here = À la table en ce moment :

## Vos parties (docs/web.md, « Your games ») : toutes les parties qui vous attendent
web-games-title = Vos parties
web-games-yours = { $count ->
    [0] Aucune partie ne vous attend
    [one] Une partie vous attend
   *[other] { $count } parties vous attendent
}
web-games-others = Vos autres parties
web-games-game = Partie n° { $id }
web-games-lobby = salon, { $taken }/{ $size } places prises
web-games-deadline = à jouer avant le { $at }
web-games-waited-minutes = { $count ->
    [one] en attente depuis { $count } minute
   *[other] en attente depuis { $count } minutes
}
web-games-waited-hours = { $count ->
    [one] en attente depuis { $count } heure
   *[other] en attente depuis { $count } heures
}
web-games-waited-days = { $count ->
    [one] en attente depuis { $count } jour
   *[other] en attente depuis { $count } jours
}
web-games-more = { $count ->
    [one] { $count } autre partie n'est pas affichée.
   *[other] { $count } autres parties ne sont pas affichées.
}
web-games-link = { $count ->
    [0] Vos parties
   *[other] Vos parties ({ $count } en attente)
}
web-games-next = Partie suivante : n° { $id }
