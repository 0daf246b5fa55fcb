### Les mots dessinés sur les images (rendering/) : la table, les plateaux des joueurs, les
### images privées de décision, la révélation d’une manche, les scores et le classement.
### Termes des règles : Époque, phase A/B, 1er joueur, roue, blason, pioche, défausse, pièces,
### Revenu, Militaire, Culture, Alimentation, Colonie (pillage, alliance), buste (sculpter),
### jeton Bonus (côté face, côté pile), sceau argenté, sceau doré, points de victoire.
### Espace insécable (U+00A0) avant « : » et « ; » : la ponctuation ne commence jamais une ligne.
### Les noms de couleur (« bleu », « vert », « violet ») s’accordent avec un nom féminin par
### un sélecteur sur leur texte.

## Pièces communes

image-player = Joueur { $n }
image-sentence-gap = { " " }
image-list-separator = { ", " }
image-list-and = { $head } et { $last }
image-page = Page { $page } sur { $pages }.
image-pts = pts
image-pay = payer { $cost }
image-none-left = épuisée
image-effect-line = { $card } : { $text }
image-have = { $track } { $value }
image-have-reduced = { $track } { $value } (conditions −{ $reduction }, P14)

# Revenu, Militaire, Culture, Alimentation, Violette ; sceau Argenté, sceau dOré.
image-letter-yellow = R
image-letter-red = M
image-letter-blue = C
image-letter-green = A
image-letter-purple = V
image-letter-silver = Ar
image-letter-gold = Or

## Où en est la partie (en-têtes)

image-status-line = { $where } · { $now }
image-status-epoch = Époque { $epoch }
image-status-over = Partie terminée
image-status-final-scores = décompte final
image-status-setup = Mise en place
image-status-setup-sides = choix des cartes de départ
image-status-phase-a = Époque { $epoch } · phase A
image-status-phase-b = Époque { $epoch } · phase B
image-status-after-a = Époque { $epoch } · après la phase A
image-status-after-b = Époque { $epoch } · après la phase B
image-status-wheel = réglage de la roue
image-status-round = manche { $round } sur { $rounds }
image-status-take = prise { $take } sur { $takes }
image-status-colonies = colonies
image-status-statues = bustes
image-status-feeding = alimentation
image-status-medals = sceaux

## La table

image-table-first = 1er joueur
image-table-winner = vainqueur
image-table-shared-victory = victoire partagée
image-table-to-act = à jouer
image-table-caption-wheel = { $name } tourne la roue pour choisir la pioche visée par son blason
image-table-caption-phase-b = Phase B : à tour de rôle, prenez le dessus d’une défausse
image-table-caption-setup = Chacun choisit le côté de sa carte de départ
image-table-caption-waiting = Les pioches attendent la phase A
image-table-caption-empty = Pioches vides jusqu’à la prochaine époque
image-table-deck = pile
image-table-pile = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
image-table-pile-empty = défausse vide
image-table-effect-card = { $card } :
image-table-colonies = Colonies
image-table-colonies-legend = — Militaire requis, tuiles restantes, tuile du dessus
image-table-step-colony = Colonies, dans l’ordre du tour : prenez une tuile que votre Militaire atteint ; pillez-la, ou payez pour faire alliance.
image-table-step-statue = Bustes, dans l’ordre du tour : sculptez-en un que votre Culture atteint, avec un jeton Bonus côté face ou pile.
image-table-step-feeding = Alimentation, tous ensemble : gardez au plus autant de cartes que votre Alimentation ; retirez le reste.
image-table-step-medals = Sceaux, tous ensemble : argenté { $silver ->
        [one] { $silver } pièce
       *[other] { $silver } pièces
    } (au plus { $max }), doré { $gold }.
image-table-column-left = reste
image-table-column-plunder = pillage
image-table-column-integrate = alliance
image-table-column-points = points
image-table-column-taken = pris par
image-table-statues = Bustes
image-table-statues-legend = — Culture requise et points
image-table-statue-tile = face : piste +{ $steps }
image-table-statue-points = pile : +{ $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
image-table-final-standings = Classement final
image-table-final-legend = points · pièces restantes
image-table-g2-single = Le plus de points l’emporte : { $name } avec { $points }. En cas d’égalité, le plus de pièces restantes gagne (G2).
image-table-g2-coins = { $names } à égalité avec { $points ->
        [one] { $points } point
       *[other] { $points } points
    } : le plus de pièces restantes l’emporte (G2), { $name } avec { $coins }.
image-table-g2-shared = { $names } à égalité avec { $points ->
        [one] { $points } point
       *[other] { $points } points
    } et { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    } restantes : victoire partagée (G2).

## Les plateaux des joueurs

image-players-key-cards = cartes
image-players-key-tiles = jetons Bonus
image-players-key-colonies = colonies
image-players-key-statues = bustes
image-players-key-medals = sceaux

## Cartes et tuiles Colonie

image-card-band = { $colour } · { $track }
image-card-gain = +{ $n } { $track }
image-card-no-track = sans piste
image-card-no-gains = n’avance aucune piste
image-card-printed = imprimé { $cost } − { $owned ->
        [one] { $owned } possédée
       *[other] { $owned } possédées
    }
image-card-sell = ou vendre pour +{ $value }
image-colony-integrate = alliance :

## Images de décision

image-hand-nothing = Rien à décider. Vos cartes : { $count }
image-hand-nothing-paged = Rien à décider. Vos cartes : { $count } · page { $page } sur { $pages }
image-hand-no-cards = Aucune carte pour l’instant.

image-setup-title = Mise en place · votre carte de départ
image-setup-chosen = Votre choix : côté { $side } (modifiable jusqu’à ce que tous aient choisi).
image-setup-choose = Choisissez le côté A ou B de votre carte de départ.
image-setup-initiative = Initiative { $initiative }.
image-setup-side = Côté { $side }
image-setup-tag-chosen = CHOISI

image-wheel-line = Orientez votre blason vers une pioche. Chaque ligne : où chacun pioche à la manche 1.
image-wheel-point-at = Viser

image-draft-picked-buy = Votre choix : acheter { $card }. Modifiable jusqu’à la fin de la manche.
image-draft-picked-sell = Votre choix : vendre { $card }. Modifiable jusqu’à la fin de la manche.
image-draft-offer = Pioche { $colour ->
    [bleu] bleue
    [vert] verte
    [violet] violette
   *[other] { $colour }
} : gardez une carte, achetez-la ou vendez-la ; l’autre va face visible sur sa défausse.
image-draft-offer-any = Gardez une carte, achetez-la ou vendez-la ; l’autre va face visible sur sa défausse.
image-draft-tag-buy = VOTRE CHOIX : ACHAT
image-draft-tag-sell = VOTRE CHOIX : VENTE
image-draft-tag-sell-only = VENTE SEULEMENT

image-phase-b-line = À vous : prenez la carte du dessus d’une défausse, puis achetez-la ou vendez-la.
image-phase-b-struck = Les prix barrés dépassent vos pièces.
image-phase-b-buy = achat { $cost }
image-phase-b-sell = vente +{ $value }

image-feeding-must = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}, { $food } d’Alimentation : retirez-en encore { $must }.
image-feeding-fed = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}, { $food } d’Alimentation : nourris, rien à retirer.
image-feeding-paid = { $paid ->
    [one] { $paid } carte payée
   *[other] { $paid } cartes payées
} (P6).
image-feeding-lose = Retirer une carte fait perdre gains, points et capacité.
image-feeding-p6 = Ou payez { $cost ->
        [one] { $cost } pièce
       *[other] { $cost } pièces
    } par carte : encore { $left ->
        [one] { $left } paiement possible
       *[other] { $left } paiements possibles
    }
image-feeding-also = Aussi : { $effects }
image-feeding-tag-remove = RETIRER
image-feeding-no-cards = Aucune carte.

image-colony-line = { $have }. Prenez la tuile du dessus d’une pile, ou passez.
image-colony-line-second = Deuxième colonie (P13) : { $have }. Prenez la tuile du dessus d’une pile, ou passez.
image-colony-note-p9 = P9 : +{ $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    } en prenant une colonie, avant l’alliance.
image-colony-note-plunder = Pillage : prenez les pièces ; la tuile rapporte ses points.
image-colony-note-integrate = Alliance : payez, retournez la tuile, gagnez son verso.
image-colony-integrate-pay = alliance : payer { $cost }
image-colony-left = { $count ->
    [one] { $count } restante
   *[other] { $count } restantes
}
image-colony-reach-both = Accessible : pillage ou alliance
image-colony-reach-plunder = Accessible : pillage seulement (l’alliance coûte { $cost })
image-colony-pay-both = Payez { $pay ->
        [one] { $pay } pièce
       *[other] { $pay } pièces
    } (P15), puis pillage ou alliance
image-colony-pay-plunder = Payez { $pay ->
        [one] { $pay } pièce
       *[other] { $pay } pièces
    } (P15), puis pillage seulement (l’alliance coûte { $cost })

image-statue-line = { $have }. Sculptez un buste avec un jeton Bonus, ou passez.
image-statue-line-second = Deuxième buste (P13) : { $have }. Sculptez un buste avec un jeton Bonus, ou passez.
image-statue-your-tiles = Vos jetons Bonus :
image-statue-needs = requis
image-statue-colour-side = côté face
image-statue-points-side = côté pile
image-statue-track = piste +{ $steps }
image-statue-carved = Sculpté :
image-statue-placed-colour = jeton { $tile }, côté face
image-statue-placed-points = jeton { $tile }, côté pile
image-statue-reach = Accessible : placez un jeton, côté face ou côté pile
image-statue-reach-pay = Accessible : payez { $pay ->
        [one] { $pay } pièce
       *[other] { $pay } pièces
    } (P15) et placez un jeton

image-medals-line = Achetez des sceaux argentés et dorés un par un, puis dites que vous avez fini. Les points : ce que chacun rapporterait maintenant.
image-medals-silver = Sceau argenté
image-medals-gold = Sceau doré
image-medals-left = encore { $left } sur { $total }
image-medals-tiles = { $count ->
    [one] { $count } jeton
   *[other] { $count } jetons
}
image-medals-points = +{ $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
image-medals-one-more = Un de plus rapporterait
image-medals-can-silver = Achat possible : choisissez la couleur du jeton
image-medals-can-gold = Achat possible
image-medals-unavailable = Indisponible pour l’instant

## La révélation d’une manche

image-reveal-title = Époque { $epoch } · manche { $round } sur { $rounds } : gardées
image-reveal-discarded = défaussées
image-reveal-paid = payé { $cost }
image-reveal-sold = carte vendue ({ $colour })
image-reveal-for = pour
image-reveal-coins = pièces
image-reveal-none = aucune

## Scores

image-scores-final = Scores finaux
image-scores-so-far = Scores actuels
image-scores-winner = vainqueur
image-scores-shared-victory = victoire partagée
image-scores-leading = en tête
image-scores-tied = à égalité en tête
image-scores-ranked = Classés aux points ; à égalité, le plus de pièces (G2).
image-scores-tie-shared = Égalité à { $points ->
    [one] { $points } point
   *[other] { $points } points
} et en pièces : victoire partagée
image-scores-tie-coins = Égalité à { $points ->
    [one] { $points } point
   *[other] { $points } points
} : le plus de pièces l’emporte
image-scores-tie-coins-shared = Égalité à { $points ->
    [one] { $points } point
   *[other] { $points } points
} : les plus riches se partagent la victoire
image-scores-category-colonies = Colonies
image-scores-category-statues = Bustes
image-scores-category-silver_medals = Sceaux argentés
image-scores-category-gold_medals = Sceaux dorés
image-scores-category-cards = Cartes
image-scores-category-purple_sets = Séries violettes
image-scores-category-coins = Argent (par 5)
image-scores-category-total = Total
image-scores-category-coins_left = Pièces restantes
image-scores-totals = Totaux
image-scores-rank-label = Rang
image-scores-rank = { $rank ->
    [1] 1er
   *[other] { $rank }e
}

## Classement

image-leaderboard-title = Classement
image-leaderboard-player = Joueur
image-leaderboard-rating = Cote
image-leaderboard-games = Parties
image-leaderboard-points = Points
image-leaderboard-empty = Aucune partie classée pour l’instant.
image-leaderboard-line = { $position }. { $name } — { $rating } ({ $games ->
    [one] { $games } partie
   *[other] { $games } parties
})

## Profil (rendering/profile.py) : les chiffres d’une personne sur un serveur, en image et en texte.

image-profile-new = Nouveau
image-profile-name_new = { $name } (nouveau)
image-profile-rating = Cote
image-profile-rating_value = { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
image-profile-unrated = Pas encore de cote
image-profile-games = { $games ->
    [one] partie
   *[other] parties
}
image-profile-wins = { $wins ->
    [one] victoire
   *[other] victoires
}
image-profile-games_wins = { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} · { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
}
image-profile-finish = Parties terminées
image-profile-move = Temps par coup
image-profile-live = en direct
image-profile-timed = sur plusieurs jours
image-profile-move_kind = { $label }, { $kind }
image-profile-deadlines = Échéances tenues
image-profile-percent = { $percent } %
image-profile-seconds = { $n } s
image-profile-minutes = { $n } min
image-profile-hours = { $n } h
image-profile-days = { $n } j
image-profile-paths = Voies préférées
image-profile-path = { $colour } · { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
}
image-profile-rivals = Rivaux
image-profile-rival_record = { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} · { $ahead }–{ $behind }
image-profile-rival = { $name } · { $record }
image-profile-best = Meilleure partie
image-profile-best_value = n°{ $game }
image-profile-private = Chiffres gardés privés
image-profile-field = { $label } : { $value }

## The recap (rendering/recap.py): the caption above each frame of the end-of-game animation

# $epoch is a Roman numeral (I, II, III).
image-recap-epoch = Fin de l’Époque { $epoch }
image-recap-final = Résultat final
