### Textes pour les joueurs : moteur (hadara.narrate) — le journal de la partie, les
### libellés des actions, les raisons des refus et les noms des étapes, formulés à partir des
### codes du moteur. Les noms des cartes, couleurs et pistes viennent de content.ftl.
### Vocabulaire des règles : Époque, Phase A/B, roue et Blason, Revenus, Colonie (piller,
### faire alliance), buste, jeton Bonus, Alimentation, Sceau argenté/doré, défausse.
### Le paquet (masculin) et le jeton (masculin) s'accordent avec le nom de couleur.

## Listes

engine-list-and = {" et "}
# Entre deux propositions d'une même ligne (« retire … ; paie pour 1 carte »).
engine-list-semi = {" ; "}

## Éléments communs

engine-card = { $name } ({ $colour })
engine-gain = { $track } +{ $steps }
engine-gains-none = rien
engine-gains-no_track = aucune piste
engine-track_value = { $track } { $value }
engine-effect = { $effect } : { $track } +{ $steps }
engine-effects-sep = {" ; "}
engine-effects = {" "}({ $effects })
engine-tile = {", "}jeton Bonus { $tile }

## Noms des codes

engine-variant-basic = de base
engine-variant-advanced = avancée
engine-medal-silver = Sceau argenté
engine-medal-gold = Sceau doré
engine-score-colonies = Colonies
engine-score-statues = Bustes
engine-score-silver_medals = Sceaux argentés
engine-score-gold_medals = Sceaux dorés
engine-score-cards = Cartes
engine-score-purple_sets = Séries violettes
engine-score-coins = Argent
engine-hint-only_legal = C'est la seule action autorisée.
engine-hint-track = { $track } { $delta }
engine-hint-points = { $delta } { $n ->
    [one] point
   *[other] points
}
engine-hint-coins = { $delta } { $n ->
    [one] pièce
   *[other] pièces
}
engine-hint-medal = un sceau
engine-hint-nothing = aucun changement immédiat
engine-hint-greedy = { $label } : { $what } ; vous serez mieux placé qu’avec { $next }.
engine-hint-search = { $label } : c’est le coup qui réussit le mieux quand l’IA joue la suite de nombreuses fois (ensuite : { $next }).
engine-hint-wheel = { $label } : la couleur dont vous avez le moins de cartes, pour garder vos couleurs équilibrées en vue des séries.
engine-hint-untried = non essayée
engine-hint-random = choisie au hasard parmi les actions autorisées
engine-hint-agent = le choix du joueur « { $name } »
engine-review-your_move = Vous avez choisi { $taken } ({ $changed }), { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } points de moins que { $best }.
engine-review-rollout = { $best } : { $changed } ; sur { $budget ->
        [one] { $budget } avenir simulé
       *[other] { $budget } avenirs simulés
    } jusqu'à la fin de l'époque, elle mène en moyenne à { NUMBER($value_best, minimumFractionDigits: 1, maximumFractionDigits: 1) } points en fin de partie, contre { NUMBER($value_taken, minimumFractionDigits: 1, maximumFractionDigits: 1) } après { $taken }.

## Noms des étapes

engine-step-setup_side = le choix des faces de départ
engine-step-wheel = le réglage de la roue
engine-step-draft = la pioche de la Phase A
engine-step-phase_b = la Phase B
engine-step-colony = l'étape Colonie
engine-step-statue = l'étape Buste
engine-step-feeding = l'Alimentation
engine-step-medals = l'achat de Sceaux
engine-step-over = la fin de la partie

## Libellés des actions

engine-label-buy = Acheter { $card } · { $cost }
engine-label-buy-tile = Acheter { $card } · { $cost } · jeton Bonus { $tile }
engine-label-sell = Vendre { $card } · +{ $value }
engine-label-wheel = Orienter le Blason vers le paquet { $colour }
engine-label-setup_side = Face { $side } : { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }, { $tracks }
engine-label-pay = {" "}(payer { $pay } pour abaisser la condition)
engine-label-plunder-coins = {" "}· +{ $coins }
engine-label-plunder = Piller la Colonie { $level }{ $coins }{ $pay }
engine-label-integrate-cost = {" "}· coût { $cost }
engine-label-integrate = Faire alliance avec la Colonie { $level }{ $cost }{ $pay }
engine-label-colony_skip = Ne prendre aucune Colonie
engine-label-statue-colour = Buste { $space } ({ $requirement }) · jeton Bonus { $tile }, { $track } +{ $steps }{ $pay }
engine-label-statue-points = Buste { $space } ({ $requirement }) · jeton Bonus { $tile }, +{ $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $pay }
engine-label-statue_skip = Ne sculpter aucun buste
engine-label-feed_remove = Retirer { $card } ({ $colour }, { $gains })
engine-label-feed_pay = Payer { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    } au lieu de retirer une carte
engine-label-medal-silver = Sceau argenté · jeton Bonus { $tile } · { $cost }
engine-label-medal-gold = Sceau doré · { $cost }
engine-label-medals_done = Terminer l'achat de Sceaux

## Raisons (sans point final)

engine-reason-have = vous avez { $have }
engine-reason-have-p14 = vous avez { $have } + { $reduction } grâce à P14
engine-reason-card_cost = coûte { $cost ->
        [one] { $cost } pièce
       *[other] { $cost } pièces
    }, vous avez { $have }
engine-reason-medal_cost = coûte { $cost ->
        [one] { $cost } pièce
       *[other] { $cost } pièces
    }, vous avez { $have }
engine-reason-already_hold_level = vous possédez déjà une Colonie de condition { $level }
engine-reason-no_colony_left = il ne reste aucune Colonie de condition { $level }
engine-reason-needs_military = exige { $level } sur la piste militaire, { $have }
engine-reason-needs_culture = exige { $level } sur la piste culture, { $have }
engine-reason-requirement_payment = abaisser la condition coûte { $pay }, vous avez { $have }
engine-reason-integrate_cost = l'alliance coûte { $cost }, vous avez { $have }
engine-reason-no_bonus_tile = vous n'avez aucun jeton Bonus disponible
engine-reason-p6_max_payments = P6 permet au plus { $max ->
        [one] { $max } paiement
       *[other] { $max } paiements
    } par Alimentation
engine-reason-p6_cost = payer coûte { $cost }, vous avez { $have }
engine-reason-max_medals = au plus { $max } { $kind ->
        [silver] { $max ->
            [one] Sceau argenté
           *[other] Sceaux argentés
        }
       *[gold] { $max ->
            [one] Sceau doré
           *[other] Sceaux dorés
        }
    } par partie
engine-reason-wrong_step = « { $type } » n'est pas un choix possible pendant { $step }
engine-reason-no_such_card = Il n'existe aucune carte « { $card } »
engine-reason-not_in_hand = { $card } n'est pas dans votre main
engine-reason-not_on_top = { $card } n'est pas au sommet d'une défausse
engine-reason-not_in_tableau = { $card } n'est pas sous votre plateau Joueur
engine-reason-choose_buy_or_sell = Choisissez d'acheter ou de vendre la carte
engine-reason-p2_tile = Acheter { $card } demande l'un de vos jetons Bonus disponibles : { $tiles }
engine-reason-p2_tile-none = Acheter { $card } ne demande aucun jeton Bonus : il ne vous en reste aucun
engine-reason-wrong_payment-none = Aucun paiement n'est nécessaire : vous remplissez déjà la condition
engine-reason-wrong_payment-gap = Le paiement doit combler exactement l'écart avec la condition ({ $per_point ->
        [one] { $per_point } pièce
       *[other] { $per_point } pièces
    } par point, P15)
engine-reason-wrong_payment = Le paiement doit combler exactement l'écart avec la condition : { $expected ->
        [one] { $expected } pièce
       *[other] { $expected } pièces
    } ({ $per_point } par point, P15)
engine-reason-space_taken = Vous avez déjà sculpté le buste { $space }
engine-reason-tile_not_held = Vous n'avez aucun jeton Bonus { $tile } disponible
engine-reason-no_p6 = Seule une carte P6 permet de payer au lieu de retirer une carte
engine-reason-not_legal = Ce choix n'est pas possible maintenant
engine-refusal-label = { $label } : { $reason }.
engine-refusal-alone = { $reason }.

## Journal : événements publics

engine-event-game_started = Une partie de Hadara (variante { $variant }). Places dans l'ordre du tour : { $seats }.
engine-event-seat = { $name } (initiative { $initiative })
engine-event-setup_revealed = Faces de départ : { $sides }
engine-event-setup_side = { $name } { $side }
engine-event-setup_done = { $name } commence avec { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }, { $tracks }.
engine-event-extra_coin = Pièce de départ supplémentaire : { $names }
engine-event-epoch_started = L’époque { $epoch } commence : { $name } joue en premier.
engine-event-wheel_set = { $name } règle la roue : son Blason pointe vers le paquet { $colour }.
engine-event-draw = { $name } (paquet { $colour })
engine-event-round_started = Phase A, manche { $round } : chacun pioche 2 cartes — { $draws }.
engine-event-discards = {" ; "}défausse { $card }
engine-event-round-buy = { $name } achète { $card } pour { $cost ->
        [one] { $cost } pièce
       *[other] { $cost } pièces
    }{ $tile }{ $effects }{ $discards }.
engine-event-round-sell = { $name } vend une carte ({ $colour }) pour { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }{ $discards }.
engine-event-phase_b_started = Phase B de l'Époque { $epoch } : prenez les cartes défaussées dans l'ordre du tour.
engine-event-took-buy = { $name } prend et achète { $card } pour { $cost ->
        [one] { $cost } pièce
       *[other] { $cost } pièces
    }{ $tile }{ $effects }.
engine-event-took-sell = { $name } prend et vend { $card } pour { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }.
engine-event-income-seat = { $name } +{ $coins }
engine-event-income = Revenus : { $incomes }.
engine-event-paying = {" "}(en payant { $pay } pour abaisser la condition)
engine-event-p9 = {" ; "}+{ $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    } grâce à P9
engine-event-colony-plunder = { $name } pille une Colonie de condition { $level } et gagne { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }{ $pay }{ $bonus }.
engine-event-colony-integrate = { $name } fait alliance avec une Colonie de condition { $level } : { $gains }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $pay }{ $bonus }.
engine-event-colony_skipped = { $name } ne prend aucune Colonie.
engine-event-statue-colour = { $name } sculpte le buste { $space } avec un jeton Bonus { $tile } (+{ $steps } sur cette piste){ $pay }.
engine-event-statue-points = { $name } sculpte le buste { $space } avec un jeton Bonus côté points de victoire{ $pay }.
engine-event-statue_skipped = { $name } ne sculpte aucun buste.
engine-event-undone = { $name } a repris son coup.
engine-event-feeding-short = { $name } { $cards }
engine-event-feeding_started-fed = Alimentation de l'Époque { $epoch } : chacun a assez d'Alimentation pour ses cartes.
engine-event-feeding_started = Alimentation de l'Époque { $epoch } : cartes à retirer ou à payer — { $short }.
engine-event-feeding_revealed = Alimentation :
engine-event-feeding-removes = retire { $cards }
engine-event-feeding-paid = paie pour { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }
engine-event-feeding-surplus = gagne { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    } grâce au surplus d'Alimentation
engine-event-feeding-seat = { $name } : { $what }.
engine-event-feeding-fed = { $name } : rien à retirer.
engine-event-medals_started = Sceaux de l'Époque { $epoch } : chacun achète en secret ; les achats sont révélés ensemble.
engine-event-medals_revealed-none = Sceaux : personne n'en achète.
engine-event-medals_revealed = Sceaux : { $medals }
engine-event-medal = { $name } achète un { $kind } pour { $cost }
engine-event-medal-tile = { $name } achète un { $kind } ({ $tile }) pour { $cost }
engine-event-final_scores = Décompte final :
engine-event-score = { $name } : { $total } ({ $categories })
engine-event-score-category = { $category } { $points }
engine-event-winner = { $count ->
        [one] Vainqueur
       *[other] Vainqueurs
    } : { $names }

## Journal : événements privés, adressés au joueur

engine-private-drew = Vous piochez { $cards } dans le paquet { $colour }.
engine-private-sold_privately = Vous vendez { $card } pour { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    } (les autres ne voient que sa couleur).
engine-private-your_tile = {" "}avec votre jeton Bonus { $tile }
engine-private-pick-buy = Votre choix est enregistré : acheter { $card }{ $tile }.
engine-private-pick-sell = Votre choix est enregistré : vendre { $card }{ $tile }.
engine-private-setup_side_recorded = Votre face de départ est enregistrée : face { $side }.
engine-private-feed_remove = Vous retirerez { $card }.
engine-private-feed_pay = Vous paierez des pièces au lieu de retirer une carte.
engine-private-medal-silver = Vous achèterez un Sceau argenté avec votre jeton Bonus { $tile }.
engine-private-medal-gold = Vous achèterez un Sceau doré.
