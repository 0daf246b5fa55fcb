# La politique d'accès (bot/access.py, docs/security.md) : qui peut faire quoi, et d'où.
refusal-denied = Vous ne pouvez pas faire cela ici.
refusal-denied-not_player = Seuls les joueurs de la partie #{ $game_id } peuvent faire cela.
refusal-denied-not_your_seat = Ce panneau appartient à { $name } ; appuyez sur « Jouer mon tour » sur le plateau pour ouvrir le vôtre.
# Une place que la partie n'a pas (un bouton falsifié) : on ne nomme personne.
refusal-denied-no_such_seat = Cette partie n'a pas cette place ; appuyez sur « Jouer mon tour » sur le plateau pour ouvrir votre panneau.
refusal-not_seated-no_seat = Cette partie n'a pas cette place.
refusal-denied-elsewhere = Cela ne peut se faire que depuis le serveur où se joue la partie #{ $game_id }.
refusal-denied-not_host = Seul l'hôte de la table, ou un gestionnaire de son serveur, peut faire cela.
refusal-denied-not_manager = Seuls les gestionnaires de ce serveur (Gérer le serveur) peuvent faire cela.
refusal-denied-in_play = Le dossier complet d'une partie contient sa graine et toutes les cartes à venir : il s'exporte une fois la partie terminée.
refusal-denied-private_game = La partie #{ $game_id } est une partie privée : seul son joueur peut la voir ou y jouer.
refusal-denied-server_only = Cette commande fonctionne sur un serveur, pas en message privé.
refusal-denied-not_watched = La partie #{ $game_id } n'est pas ouverte aux spectateurs sur le web.
# Limites (bot/limits.py) ; $at est un horodatage Discord (« dans 4 minutes »).
refusal-limited = Vous l'avez beaucoup fait à l'instant : réessayez { $at }.
refusal-limited-lobbies = Vous accueillez déjà { $count ->
    [one] une table qui n'a pas commencé
   *[other] { $count } tables qui n'ont pas commencé
} ({ $games }) : lancez-en ou annulez-en une d'abord.
refusal-limited-learning_games = Vous avez déjà { $count ->
    [one] une partie d'apprentissage en cours
   *[other] { $count } parties d'apprentissage en cours
} ({ $games }) : terminez-en ou abandonnez-en une d'abord.
refusal-limited-table-new = Vous avez ouvert plusieurs tables dans l'heure : réessayez { $at }.
refusal-limited-learn = Vous avez commencé plusieurs parties d'apprentissage dans l'heure : réessayez { $at }.
refusal-limited-review = Une analyse demande du temps : vous pourrez en demander une autre { $at }.
refusal-limited-export = Vous avez exporté plusieurs parties à l'instant : réessayez { $at }.
refusal-limited-hint = Vous avez demandé beaucoup de conseils à l'instant : réessayez { $at }.
refusal-limited-board-post = Le plateau vient d'être publié dans le fil : réessayez { $at }.
game-board-private = Vous seul voyez ce plateau (il n'est republié dans le fil que sur demande depuis le serveur de la partie).
game-board-private_recent = Le plateau a été publié dans le fil il y a quelques minutes ; le voici pour vous (il pourra être republié { $at }).
