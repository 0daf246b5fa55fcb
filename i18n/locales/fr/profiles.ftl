### Textes des joueurs : profils et fiabilité (issue 40).

# /hadara settings
cmd-settings-hide_figures = Garder vos chiffres pour vous (les gestionnaires voient votre fiabilité)
settings-figures-hidden = Les chiffres de votre profil : à vous seul (les gestionnaires du serveur voient votre fiabilité).
settings-figures-shown = Les chiffres de votre profil : tout le serveur peut les voir.

# le taux minimum de parties finies d'une table ou d'une ligue
refusal-finish_rate = Cette table demande d'avoir fini { $minimum } % de ses parties ; vous en êtes à { $percent } % sur ce serveur. Finissez encore quelques parties à votre place et réessayez.
refusal-bad_request-on_vacation = { $name } est en vacances : ses horloges sont arrêtées, et sa place ne peut être confiée à l'IA par un vote avant son retour.
refusal-bad_request-bad_min_finish = Un taux minimum de parties finies est un pourcentage de 0 à 100.
cmd-new-min_finish = Taux de parties finies (%) exigé pour s'asseoir ; les nouveaux toujours
cmd-league-create-min_finish = Taux de parties finies (%) exigé pour s'inscrire ; les nouveaux toujours
lobby-min_finish = Demande d'avoir fini { $percent } % de ses parties (nouveaux joueurs toujours bienvenus).

# la fiabilité d'une personne là où l'on s'assoit
figures-new = nouveau ici
figures-finish = finit { $percent }
figures-live = joue en { $time }
figures-timed = { $time } par coup sur plusieurs jours
figures-hidden = chiffres privés
figures-line = { $name } — { $figures }

# /hadara-league profile, et « Profil » à côté des noms
profile-button = { $name }
profile-buttons-more = { $count ->
    [one] et { $count } autre : /hadara-league profile
   *[other] et { $count } autres : /hadara-league profile
}
profile-title = { $name } sur ce serveur
profile-rating = Classement
profile-rated_games = { $count ->
    [one] après { $count } partie classée
   *[other] après { $count } parties classées
}
profile-unrated = Pas encore classé
profile-games = Parties
profile-games_value = { $games ->
    [one] { $games } jouée
   *[other] { $games } jouées
}, { $wins ->
    [one] { $wins } gagnée
   *[other] { $wins } gagnées
}
profile-new = Nouveau ici : moins de cinq parties sur ce serveur.
profile-reliability = Fiabilité
profile-finish = Finies à sa place : { $own } sur { $games } ({ $percent })
profile-excused = { $count ->
    [one] { $count } partie confiée à l'IA pendant des vacances n'est pas comptée.
   *[other] { $count } parties confiées à l'IA pendant des vacances ne sont pas comptées.
}
profile-moves = Temps habituel pour jouer : { $live } en direct · { $timed } sur plusieurs jours
profile-moves-live = Temps habituel pour jouer : { $live } (parties en direct)
profile-moves-timed = Temps habituel pour jouer : { $timed } (parties sur plusieurs jours)
profile-deadlines = Délais tenus : { $percent }
profile-none = —
profile-mean = Score moyen
profile-categories = Moyenne par catégorie
profile-paths = Voies préférées
profile-rivals = Rivaux
profile-rival = { $name } : { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}, devant { $ahead } · derrière { $behind }
profile-best = Meilleure partie
profile-best_value = n° { $id }
profile-replay = Revoir la n° { $id }
profile-hidden = { $name } garde ses chiffres pour lui.
profile-hidden-manager = { $name } garde ses chiffres pour lui ; comme gestionnaire de ce serveur, vous voyez sa fiabilité.
profile-footer = Compté sur ce serveur seulement, d'après le journal de chaque partie finie. Le classement vaut μ − 3σ.

# inscriptions à une ligue
league-signups = { $count ->
    [one] Inscrit ({ $count })
   *[other] Inscrits ({ $count })
}
