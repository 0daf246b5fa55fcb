### Textes destinés aux joueurs : game (les commandes /hadara, la table d'attente, les règles
### et les cartes, et la formulation des refus du service).

cmd-hadara = Jouer à Hadara : ouvrir une table, la rejoindre et suivre vos parties
cmd-new = Ouvrir une nouvelle table dans un fil de ce salon
cmd-new-seats = Taille de la table : 2 à 5 places (4 par défaut)
cmd-new-variant = De base (cartes de départ face A) ou avancée (chacun choisit sa face en secret)
cmd-new-ai = Joueurs IA à installer tout de suite (aucun par défaut)
cmd-new-ai_level = Le niveau des IA (par défaut : solide)
cmd-new-rated = Le résultat compte-t-il pour le classement (non par défaut)
cmd-new-hints = Autoriser les indices dans les panneaux privés (oui par défaut)
cmd-game = Le numéro de la partie (par défaut : celle de ce fil, ou votre seule partie)
cmd-join = Prendre une place libre à une table
cmd-leave = Quitter votre place à une table qui n'a pas commencé
cmd-start = Lancer la partie (hôte seulement)
cmd-board = Republier le plateau en bas du fil de la partie
cmd-hand = Votre vue privée : l'image de votre décision en cours ou de vos cartes
cmd-games = Vos parties sur tous les serveurs et ce que chacune attend
cmd-rules = Les règles en bref, par thème
cmd-rules-topic = Un thème (laisser vide pour la liste)
cmd-card = Consulter une carte : son visuel et son effet
cmd-card-name = Le nom de la carte
cmd-history = Les derniers événements publics de la partie
cmd-history-count = Nombre de lignes (15 par défaut)
cmd-concede = Déclarer forfait : une IA joue votre place jusqu'au bout et vous finissez à la dernière place
cmd-abandon = Terminer une partie sans résultat (hôte, ou admin du serveur)
cmd-settings = Vos réglages : notifications de tour par message privé
cmd-settings-dms = M'envoyer mon panneau en message privé quand c'est mon tour
lobby-thread_name = Hadara #{ $id } — { $host }
lobby-title = Hadara #{ $id }
lobby-content = Une nouvelle table : { $people }
lobby-status-open = Table ouverte par <@{ $host }>. Rejoignez-la, ajoutez des IA ; l'hôte lance la partie quand tout est prêt.
lobby-status-started = La partie a commencé : le plateau est ci-dessous.
lobby-status-finished = Cette partie est terminée.
lobby-status-abandoned = Cette table a été annulée.
lobby-field-seats = Places ({ $taken }/{ $size })
lobby-field-settings = Réglages
lobby-settings = Variante : { $variant } · classée : { $rated } · indices : { $hints } · IA : { $level }
lobby-seat-host = { $n }. { $name } (hôte)
lobby-seat-person = { $n }. { $name }
lobby-seat-ai = { $n }. { $name } (IA)
lobby-seat-open = { $n }. place libre
lobby-variant-basic = de base
lobby-variant-advanced = avancée
lobby-ai_level-gentle = novice
lobby-ai_level-greedy = solide
lobby-ai_level-ismcts = experte
# older tables' novice (random play, no longer offered): shown as the novice
lobby-ai_level-random = novice
# The name of an AI's seat, one per level: short (it is drawn on the pictures), distinct.
lobby-ai_name-gentle = Novice
lobby-ai_name-greedy = Solide
lobby-ai_name-ismcts = Experte
lobby-ai_name-random = Novice
lobby-button-join = Rejoindre
lobby-button-leave = Quitter
lobby-button-ai = Ajouter une IA
lobby-button-start = Lancer
lobby-button-cancel = Annuler
lobby-button-rematch = Revanche
lobby-error-channel_type = Ouvrez une table depuis un salon textuel d'un serveur (son fil y sera créé) ou depuis un post d'un forum.
rematch-opened = Revanche : la table #{ $id } est ouverte dans <#{ $thread }>.
rematch-not_finished = La revanche est proposée une fois la partie terminée.
rematch-exists = La revanche est déjà ouverte dans <#{ $thread }>.
rematch-busy = La revanche est en cours d'ouverture ; son fil apparaîtra dans un instant.
game-choice = Partie #{ $id }
game-new-opened = La table #{ $id } est ouverte dans <#{ $thread }>.
game-join-done = Vous avez une place à la table #{ $id }.
game-leave-done = Vous avez quitté la table #{ $id }.
game-start-done = La partie #{ $id } a commencé.
game-board-posted = Le plateau est republié : { $url }
game-hand-deciding = Partie #{ $id } — vous devez { $what }. Choisissez avec le bouton « Jouer mon tour » du plateau.
game-hand-cards = Partie #{ $id } — vos cartes. Rien à décider pour l'instant.
game-games-none = Vous n'avez aucune partie en préparation ou en cours. Ouvrez-en une avec /hadara new.
game-history-title = Partie #{ $id }, { $count ->
        [one] la dernière ligne :
       *[other] les { $count } dernières lignes :
    }
game-concede-done = Vous avez déclaré forfait dans la partie #{ $id }. Une IA joue votre place jusqu'au bout.
game-abandon-done = La partie #{ $id } est abandonnée.
game-settings-title = Vos réglages :
game-settings-saved = Enregistré.
game-settings-dms_on = Notifications de tour en message privé : **activées** (votre panneau arrive en message privé quand c'est votre tour).
game-settings-dms_off = Notifications de tour en message privé : **désactivées** (on vous mentionne dans le fil de la partie). Activez-les avec /hadara settings dms:True.
game-error-which = Vous êtes dans plusieurs parties ({ $games }) : précisez laquelle avec l'option game.
game-error-none = Vous n'êtes dans aucune partie ici. Indiquez le numéro de la partie, ou ouvrez-en une avec /hadara new.
game-error-not_player = Vous n'avez pas de place dans la partie #{ $id }.
game-error-not_started = La partie #{ $id } n'a pas encore commencé.
game-error-too_many_ai = Une table de { $seats ->
        [one] { $seats } place
       *[other] { $seats } places
    } doit vous laisser une place : moins de joueurs IA, s'il vous plaît.
game-error-no_table = Le service des tables ne tourne pas ; veuillez réessayer d'ici peu.
refusal-not_found = Cette partie n'existe pas.
refusal-not_seated = Vous n'avez pas de place dans cette partie.
refusal-not_seated-no_ai = Il n'y a pas d'IA à cette place.
refusal-not_host = Seul l'hôte de la table peut faire cela.
refusal-not_started = La partie n'a pas encore commencé.
refusal-started = La partie a déjà commencé.
refusal-lobby_full = Toutes les places de cette table sont prises.
refusal-already_joined = Vous avez déjà une place à cette table.
refusal-too_few_players = Une partie demande au moins deux joueurs : rejoignez la table, ou ajoutez une IA.
refusal-bad_request = Cette demande sort des limites permises.
refusal-bad_request-seat_count = Une table a de { $min } à { $max ->
        [one] { $max } place
       *[other] { $max } places
    }.
refusal-bad_request-bad_variant = La variante doit être « de base » ou « avancée ».
refusal-bad_request-bad_name = Il faut un nom ({ $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    } au plus).
refusal-bad_request-bad_level = Ce niveau d'IA n'existe pas.
refusal-conceded = Vous avez déclaré forfait ; l'IA joue désormais votre place.
refusal-finished = Cette partie est terminée.
refusal-abandoned = Cette partie a été abandonnée.
refusal-not_your_decision = Vous n'avez rien à décider pour l'instant.
refusal-stale = Ce choix n'est plus possible : la partie a avancé. Appuyez sur « Jouer mon tour » pour un panneau à jour.
refusal-stale-already_recorded = Ce choix est déjà enregistré.
rules-overview = Hadara en bref : trois époques, chacune avec un draft autour de la roue (Phase A), puis les défausses (Phase B) ; après chaque phase, revenus, colonies et bustes, et à la fin de l'époque, alimentation et sceaux. Thèmes : { $topics }.
rules-name-wheel = roue
rules-name-draft = draft
rules-name-discount = réduction
rules-name-selling = vente
rules-name-phase_b = phase B
rules-name-income = revenus
rules-name-colonies = colonies
rules-name-statues = bustes
rules-name-feeding = alimentation
rules-name-medals = sceaux
rules-name-scoring = décompte
rules-name-purple = effets violets
rules-wheel = Cinq pioches entourent la roue, une par couleur. Au début de chaque époque, son premier joueur oriente la roue comme il le souhaite ; le Blason de chaque joueur désigne alors une pioche, et tous les Blasons avancent d'une pioche après chaque manche (R-A1, R-S6).
rules-draft = Phase A, cinq manches : tous en même temps, les joueurs piochent 2 cartes de la pioche désignée par leur Blason, en gardent une et défaussent l'autre face visible sur la défausse de sa couleur. La carte gardée est achetée ou vendue. Les choix sont révélés ensemble ; vous pouvez modifier le vôtre jusqu'à ce que le dernier joueur ait choisi (R-A2, R-A4).
rules-discount = Une carte coûte son prix imprimé moins 1 pour chaque carte de la même couleur en votre possession, jamais moins de 0 (R-A3).
rules-selling = Au lieu d'acheter la carte, vendez-la pour 2, 3 ou 4 pièces à l'Époque I, II ou III (P1 ajoute 1). Une vente en Phase A reste secrète, une vente en Phase B est publique ; une carte que vous ne pouvez pas payer peut seulement être vendue (R-A3, R-C2).
rules-phase_b = Phase B : à partir du premier joueur, dans l'ordre du jeu, chacun prend la carte du dessus d'une défausse au choix et l'achète ou la vend, jusqu'à ce que les défausses soient vides — 5 tours chacun (R-B1).
rules-income = Après chaque phase, chaque joueur récupère autant de pièces que l'indique sa piste Revenu ; P8 ajoute 2 pièces par autre piste plus haute que le revenu (E1).
rules-colonies = Après chaque phase, dans l'ordre du jeu : prenez la tuile colonie du dessus d'un niveau que votre piste Militaire atteint (3, 9, 15, 21, 30) et dont vous n'avez encore aucune. Pillez-la pour ses pièces, ou payez pour faire alliance (retournez-la et gagnez les pistes de son verso). La face visible rapporte ses points (E2).
rules-statues = Après chaque phase, dans l'ordre du jeu : sculptez un buste dont vous remplissez la condition de Culture (6, 12, 20, 30), avec un jeton Bonus inutilisé : côté face (couleur), il fait avancer la piste de sa couleur ; côté pile, il rapporte des points de victoire en plus (E3).
rules-feeding = Après la Phase B : comptez vos cartes d'époque (violettes comprises). Si votre Alimentation est inférieure, retirez des cartes une à une jusqu'à ce que le compte soit bon — retirer une carte d'alimentation fait baisser l'Alimentation (F1, D-11). P6 permet de payer des pièces à la place.
rules-medals = Après l'alimentation, tous en même temps : achetez des sceaux argentés (en plaçant un jeton Bonus inutilisé) et des sceaux dorés, 2 de chaque au plus par partie. Argenté 4/9/20, doré 6/12/30 pièces à l'Époque I/II/III (M1).
rules-scoring = À la fin : colonies, bustes, sceaux argentés (la moitié de la piste correspondante, arrondie au supérieur), sceaux dorés (7 points par sceau et par groupe de cinq couleurs), points des cartes, groupes violets (P11) et 1 point par tranche de 5 pièces. Le plus de points l'emporte ; en cas d'égalité, le plus de pièces restantes, puis victoire partagée (G1, G2).
rules-purple = Les cartes violettes n'ont pas de piste propre mais portent les effets P1–P15 : ventes améliorées, jetons Bonus, synergie de couleur, bonus de buste, sceaux moins chers, payer pour nourrir, surplus d'alimentation, bonus de revenu, pièces de colonie, sceau argenté complet, groupes violets, joker pour sceau doré, actions doubles, conditions abaissées ou achetées. Consultez-en une avec /hadara card.
card-choice = { $name } · { $epoch } · { $colour }
card-line = Couleur { $colour } · Époque { $epoch } · coût { $cost } · { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · gains : { $gains }
card-gain = +{ $n } { $track }
card-no_gains = aucun
card-effect = **{ $id } — { $name }** : { $text }
card-advanced = Uniquement dans le jeu avancé.
card-unknown = Aucune carte ne s'appelle « { $name } ». Choisissez-en une dans la liste pendant la saisie.
