### Textes destinés aux joueurs : cotes, profils, classement, ligues (saisons, manches,
### classements, podium), exports, annulation de résultats et analyses d’après-partie.

cmd-profile = Cote, parties, victoires et scores moyens d’un joueur sur ce serveur
cmd-profile-user = Quel joueur (par défaut : vous)
cmd-leaderboard = Les joueurs les mieux cotés de ce serveur
cmd-review = Une analyse privée de vos décisions dans une partie terminée
cmd-review-game = La partie terminée (par défaut : votre dernière)
cmd-league = Ligues et classements : des saisons de manches classées sur ce serveur
cmd-league-name = La ligue (par défaut : la seule ligue du serveur)
cmd-league-create = Créer une ligue (Gérer le serveur)
cmd-league-create-name = Le nom de la ligue
cmd-league-create-rounds = Manches par saison
cmd-league-create-table_size = Places par table
cmd-league-create-time_control = Temps par décision dans les parties de la ligue
cmd-league-create-points = Points par place, du meilleur au dernier, ex. 4,2,1,0 (par défaut : selon la taille)
cmd-league-join = Rejoindre la saison en cours de la ligue
cmd-league-leave = Quitter la saison en cours de la ligue (vos résultats restent)
cmd-league-standings = Le classement de la ligue
cmd-league-standings-season = Quelle saison (par défaut : la saison en cours)
cmd-league-round = Lancer la manche suivante : une partie et un fil par table (Gérer le serveur)
cmd-league-end = Terminer la saison et annoncer le podium (Gérer le serveur)
cmd-league-end-force = Terminer même s’il manque des manches ou si des parties sont en cours
cmd-league-export = Le classement et les résultats de la saison en fichiers CSV
cmd-replay = Parties terminées : votre analyse, l’historique ; revoir une partie
cmd-game-export = L’historique complet d’une partie en JSON (à rejouer avec python -m hadara replay)
cmd-admin-void = Annuler le résultat d’une partie classée, ou le rétablir (Gérer le serveur)
cmd-admin-void-restore = Rétablir plutôt un résultat annulé
league-size-3 = 3 places
league-size-4 = 4 places
league-size-5 = 5 places
league-size-mixed = taille mixte (3 à 5)
league-profile-title = Profil de { $name }
league-profile-rating = Cote
league-profile-rating_value = **{ NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }** (μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) })
league-profile-games = Parties
league-profile-games_value = { $games ->
        [one] { $games } jouée
       *[other] { $games } jouées
    }, { $wins ->
        [one] { $wins } gagnée
       *[other] { $wins } gagnées
    }
league-profile-mean = Score moyen
league-profile-categories = Moyenne par catégorie
league-profile-colours = Couleurs préférées
league-profile-none = —
league-profile-footer = La cote vaut μ − 3σ : elle monte à mesure que les parties la rendent plus sûre.
league-category-colonies = colonies
league-category-statues = bustes
league-category-silver_medals = sceaux argentés
league-category-gold_medals = sceaux dorés
league-category-cards = cartes
league-category-purple_sets = groupes violets
league-category-coins = pièces
league-category-line = { $name } { $value }
league-leaderboard-title = Classement
league-leaderboard-empty = Aucune partie classée sur ce serveur pour l’instant.
league-leaderboard-line = { $position }. { $name } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) }), { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }
league-profile-line = { $name } : cote { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) }), { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }
league-profile-line_mean = { $name } : cote { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } (μ { NUMBER($mu, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) }), { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, score moyen { NUMBER($mean, minimumFractionDigits: 1, maximumFractionDigits: 1) }
league-create-done = La ligue **{ $name }** est ouverte : saison 1, { $rounds ->
        [one] { $rounds } manche
       *[other] { $rounds } manches
    }, tables de { $size }. Les membres la rejoignent avec `/hadara-league join`.
league-join-done = Vous jouez la saison { $season } de **{ $name }**.
league-leave-done = Vous avez quitté la saison { $season } de **{ $name }**. Vos résultats obtenus jusqu’ici restent.
league-standings-title = { $name } — saison { $season }
league-standings-empty = Personne n’a encore rejoint cette saison.
league-standings-line = { $position }. { $name } — { $points ->
        [one] { NUMBER($points, maximumFractionDigits: 2) } pt
       *[other] { NUMBER($points, maximumFractionDigits: 2) } pts
    } (adv. { NUMBER($opponents, maximumFractionDigits: 2) }, cote { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($sigma, minimumFractionDigits: 1, maximumFractionDigits: 1) }), { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }
league-round-started = La manche { $round } de **{ $name }** a commencé : { $count ->
        [one] { $count } table
       *[other] { $count } tables
    }.
league-round-table = 🎲 **{ $name }**, saison { $season }, manche { $round }, table { $table } : { $mentions } — votre partie #{ $id } se joue ici. Bonne chance !
league-round-thread_name = { $league } · manche { $round } · table { $table } · #{ $id }
league-round-filler = { $count ->
        [one] { $count } place IA
       *[other] { $count } places IA
    }
league-end-done = La saison { $season } de **{ $name }** est terminée ; la saison { $next } est ouverte.
league-end-podium =
    🏆 **{ $name }**, saison { $season } — le podium :
    { $lines }
    La saison { $next } est ouverte : `/hadara-league join` pour rejouer.
league-end-podium_line = { $medal } { $mention } — { $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
league-end-no_podium = 🏁 **{ $name }** : la saison { $season } se termine sans résultats. La saison { $next } est ouverte.
league-export-done = Classement et résultats de **{ $name }**, saison { $season }.
league-error-none = Il n’y a pas encore de ligue sur ce serveur : un administrateur en crée une avec `/hadara-league create`.
league-error-which = Ce serveur a plusieurs ligues : précisez laquelle ({ $names }).
league-error-unknown = Il n’y a pas de ligue nommée { $name } sur ce serveur.
league-error-bad_points = Les points sont des nombres séparés par des virgules, meilleure place d’abord, ex. 4,2,1,0.
game-export-done = L’historique de la partie #{ $id }.
game-export-hash = Empreinte finale `{ $hash }` : `python -m bot verify game-{ $id }.json` la recalcule depuis ce fichier.
game-export-not_started = La partie #{ $id } n’a jamais commencé : il n’y a rien à exporter.
admin-void-done = Le résultat de la partie #{ $id } est annulé ; les cotes ont été recalculées.
admin-void-restored = Le résultat de la partie #{ $id } compte de nouveau ; les cotes ont été recalculées.
admin-void-unknown = La partie #{ $id } n’a pas de résultat classé.
review-preparing = Votre analyse de la partie #{ $id } est en préparation ; elle arrive ici en privé dans un instant.
review-title = Votre analyse de la partie #{ $id }
review-summary = { $decisions ->
        [one] { $decisions } décision analysée
       *[other] { $decisions } décisions analysées
    } ; l’IA est d’accord avec { $agreed } d’entre elles. Points perdus : { $total } (en moyenne { $mean } par décision).
review-none = Selon l’IA, aucune de vos décisions n’a coûté de points. Bien joué !
review-item-title = { $n }. { $kind } — Époque { $epoch }
review-item = Vous avez choisi **{ $taken }** (−{ $loss ->
        [one] { $loss } pt
       *[other] { $loss } pts
    } par rapport à **{ $best }**) : { $reason }
review-no_game = Vous n’avez aucune partie terminée à analyser.
review-not_player = Vous n’avez pas joué la partie #{ $id }.
review-failed = L’analyse de votre partie #{ $id } n’a pas pu être faite.
refusal-league_exists = Il existe déjà une ligue ou un tournoi nommé { $name } sur ce serveur.
refusal-already_member = Vous jouez déjà la saison { $season }.
refusal-not_member = Vous ne jouez pas la saison { $season }.
refusal-round_open = La manche { $round } est encore en cours : attendez que toutes les tables aient fini.
refusal-season_complete = Toutes les manches de cette saison ont été lancées ({ $rounds }) ; terminez la saison avec `/hadara-league end`.
refusal-season_not_over = La saison n’est pas encore finie (manches à lancer : { $rounds_missing } ; tables encore en jeu : { $tables_running }).
refusal-too_few_members = Une manche demande au moins { $min ->
        [one] { $min } joueur
       *[other] { $min } joueurs
    } ; { $count ->
        [one] { $count } inscrit
       *[other] { $count } inscrits
    }.
refusal-bad_request-bad_rounds = Une saison compte de { $min } à { $max ->
        [one] { $max } manche
       *[other] { $max } manches
    }.
refusal-bad_request-bad_table_size = Les tables ont 3, 4 ou 5 places, ou des tailles mixtes.
refusal-bad_request-bad_fill = Les tables incomplètes sont complétées par l’IA ou jouent avec une place de moins.
refusal-bad_request-bad_points = Ces points ne conviennent pas : un nombre par place, jamais plus élevé pour une place moins bonne.
refusal-bad_request-bad_tie_breaks = Les départages se choisissent parmi : { $allowed }.
refusal-not_found-no_season = Cette ligue n’a pas de saison { $season }.
refusal-bad_request-not_finished = Une analyse est disponible une fois la partie terminée.
