### Textes lus par les joueurs : les tournois (inscriptions, rondes placées selon le
### classement, la table finale, les retraits, le classement).

cmd-tournament = Tournois : des inscriptions, des rondes placées selon le classement, une table finale
cmd-tournament-name = Le tournoi (par défaut : le seul en cours sur ce serveur)
cmd-tournament-create = Ouvrir les inscriptions d’un tournoi (Gérer le serveur)
cmd-tournament-create-name = Le nom du tournoi
cmd-tournament-create-rounds = Rondes avant la finale
cmd-tournament-create-cap = Nombre maximum d’inscrits
cmd-tournament-create-final = Places à la table finale (les meilleurs du classement)
cmd-tournament-create-time_control = Temps par décision dans ses parties
cmd-tournament-create-signup_days = Jours d’inscription (0 : jusqu’à la première ronde)
cmd-tournament-create-auto_rounds = Lancer chaque ronde seule dès la fin de la dernière partie de la précédente
cmd-tournament-join = S’inscrire au tournoi
cmd-tournament-withdraw = Se retirer du tournoi (l’IA finit vos parties en cours)
cmd-tournament-withdraw-user = Quelqu’un d’autre (Gérer le serveur)
cmd-tournament-round = Lancer la ronde suivante : une partie et un fil par table (Gérer le serveur)
cmd-tournament-standings = Le classement du tournoi, en image et en fichier CSV
tournament-error-unknown = Il n’y a pas de tournoi nommé { $name } sur ce serveur.
tournament-error-none = Il n’y a pas encore de tournoi sur ce serveur : un gestionnaire en ouvre un avec `/hadara-tournament create`.
tournament-error-which = Quel tournoi ? Nommez l’un de : { $names }.
tournament-error-not_manager = Seul un membre qui peut gérer le serveur peut retirer quelqu’un d’autre.
tournament-create-done = 🏆 Les inscriptions à **{ $name }** sont ouvertes : `/hadara-tournament join` ({ $cap } personnes au plus). { $rounds ->
        [one] Une ronde
       *[other] { $rounds } rondes
    } à des tables de 3 à 5 placées selon le classement, puis une table finale des { $final } meilleurs.
tournament-create-until = Les inscriptions ferment { $at }.
tournament-create-auto = Dès la ronde 2, chaque ronde commence seule dès que la dernière partie de la précédente se termine.
tournament-create-manual = Un gestionnaire lance chaque ronde avec `/hadara-tournament round`.
tournament-join-done = Vous êtes inscrit à **{ $name }** ({ $count } sur { $cap }).
tournament-withdraw-done = { $mention } s’est retiré de **{ $name }** : plus placé à une table, ses résultats restent. { $games ->
        [0] Aucune partie n’était en cours.
        [one] L’IA finit sa partie en cours.
       *[other] L’IA finit ses { $games } parties en cours.
    }
tournament-withdraw-signup = { $mention } n’est plus inscrit à **{ $name }**.
tournament-round-heading = 🎲 **{ $name }**, ronde { $round } sur { $total } : vos tables sont ouvertes.
tournament-round-final = 🏆 **{ $name }** : la table finale est ouverte.
tournament-round-ai = { $count ->
        [one] une place IA
       *[other] { $count } places IA
    }
tournament-round-table = Table { $table } · { $thread } · { $people }
tournament-round-bye = { $mention } est exempt cette ronde (personne d’autre à placer).
tournament-round-started = La ronde { $round } de **{ $name }** a commencé : { $count ->
        [0] aucune table (une exemption)
        [one] une table
       *[other] { $count } tables
    }.
tournament-round-over = 🏁 **{ $name }** : la ronde { $round } est terminée. Le classement :
tournament-round-over_final = 🏁 **{ $name }** : la ronde { $round } est terminée ; la table finale suit. Le classement :
tournament-round-auto_failed = ⚠️ La ronde { $round } de **{ $name }** n’a pas pu commencer seule : { $why } Un gestionnaire peut la lancer avec `/hadara-tournament round`.
tournament-over =
    🏆 **{ $name }** est terminé — le podium :
    { $lines }
tournament-over-line = { $medal } { $mention }
tournament-standings-title = { $name } — classement
tournament-standings-empty = Personne n’a encore joué.
tournament-standings-final = finale : place { $place }
tournament-standings-withdrawn = retiré
tournament-signups = Inscrits : { $count } sur { $cap }
tournament-thread_name = { $name } · ronde { $round } · table { $table } · n° { $id }
tournament-post = 🎲 **{ $name }**, ronde { $round }, table { $table } : { $players } — partie n° { $id }.
refusal-tournament_exists = Il existe déjà une ligue ou un tournoi nommé { $name } sur ce serveur.
refusal-signup_closed-started = Les inscriptions à { $name } sont closes : sa première ronde a commencé.
refusal-signup_closed-deadline = Les inscriptions à { $name } sont closes.
refusal-tournament_full = { $name } est complet ({ $cap } personnes).
refusal-already_entered = Vous êtes déjà inscrit à { $name }.
refusal-not_entered = Cette personne n’est pas (ou plus) dans { $name }.
refusal-tournament_over = { $name } est terminé.
refusal-too_few_entrants = Une ronde demande au moins { $min ->
        [one] un joueur
       *[other] { $min } joueurs
    } encore en lice ; { $count ->
        [0] il n’y en a aucun
        [one] il y en a un
       *[other] il y en a { $count }
    }.
refusal-bad_request-bad_event_rounds = Un tournoi a de { $min } à { $max ->
        [one] { $max } ronde
       *[other] { $max } rondes
    } avant sa finale.
refusal-bad_request-bad_cap = Le maximum d’inscrits va de { $min } à { $max } personnes.
refusal-bad_request-bad_final = La table finale a 3, 4 ou 5 places.
refusal-bad_request-bad_signup = Les inscriptions doivent fermer dans l’année.
refusal-not_found-no_tournament = Il n’y a pas de tournoi nommé { $name }.
refusal-bad_request-bad_auto = Les rondes automatiques sont activées ou non.
