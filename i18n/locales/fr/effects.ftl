# Les effets violets P1–P15 (hadara/effects.py les formule à partir d'ici).
# Termes des règles françaises : pistes, cases, pièces, jetons Bonus, bustes, colonies,
# conditions, sceaux argentés et dorés, PV (points de victoire).
# Typographie : espace insécable (U+00A0) avant les deux-points.
# Voir ../en/effects.ftl pour les variables ; $track, $income, $food sont des noms de piste
# (track-* de content.ftl) ; $colour est un code de couleur (yellow, red, blue, green) ou « none ».

## Titres

effect-P1-name = Meilleures ventes
effect-P2-name = Jeton Bonus sur la carte
effect-P3-name = Synergie de couleur
effect-P4-name = Bonus de buste
effect-P5-name = Sceaux moins chers
effect-P6-name = Nourrir avec des pièces
effect-P7-name = Surplus d'alimentation
effect-P8-name = Bonus de revenu
effect-P9-name = Pièces de colonie
effect-P10-name = Sceau argenté complet
effect-P11-name = Séries violettes
effect-P12-name = Joker doré
effect-P13-name = Double action
effect-P14-name = Conditions réduites
effect-P15-name = Conditions achetées

## Textes

effect-P1-text = Vente d'une carte : +{ $coins } { $coins ->
        [one] pièce
       *[other] pièces
    }
effect-P2-text = Posez un jeton Bonus ici : sa piste +{ $steps }
effect-P3-text = { $track } +{ $steps } par carte { $colour ->
        [yellow] jaune
        [red] rouge
        [blue] bleue
        [green] verte
       *[other] de sa couleur
    }, actuelle ou future
effect-P4-text = Chaque buste : piste de son jeton +{ $steps }, ou +{ $points } PV
effect-P5-text = Sceaux moins chers : argenté { $silver }, doré { $gold }
effect-P6-text = Alimentation : payez plutôt { $coins_per_card } { $coins_per_card ->
        [one] pièce
       *[other] pièces
    } par carte (max. { $max_cards })
effect-P7-text = Alimentation : +{ $coins_per_food } { $coins_per_food ->
        [one] pièce
       *[other] pièces
    } par { $food } en surplus (max. { $max })
effect-P8-text = Revenus : +{ $coins_per_track } par piste au-dessus du { $income }
effect-P9-text = Prise d'une colonie : +{ $coins } { $coins ->
        [one] pièce
       *[other] pièces
    }
effect-P10-text = Un sceau argenté compte la piste entière
effect-P11-text = Fin de partie : { $points_per_set } PV par série de 5 couleurs
effect-P12-text = Sceaux dorés : compte comme n'importe quelle couleur
effect-P13-text = Deux colonies et deux bustes par étape
effect-P14-text = Conditions des colonies et des bustes −{ $reduction }
effect-P15-text = Payez { $coins_per_point } { $coins_per_point ->
        [one] pièce
       *[other] pièces
    } par point de condition (max. { $max_coins })

## Résumés

effect-P1-summary = +{ $coins } { $coins ->
        [one] pièce
       *[other] pièces
    } par vente
effect-P2-summary = jeton Bonus : piste +{ $steps }
effect-P3-summary = { $track } +{ $steps } par carte { $colour ->
        [yellow] jaune
        [red] rouge
        [blue] bleue
        [green] verte
       *[other] de même couleur
    }
effect-P4-summary = bustes : +{ $steps } { $steps ->
        [one] case
       *[other] cases
    } ou +{ $points } PV
effect-P5-summary = sceaux : argenté { $silver }, doré { $gold }
effect-P6-summary = alimentation : { $coins_per_card } { $coins_per_card ->
        [one] pièce
       *[other] pièces
    } par carte, max. { $max_cards }
effect-P7-summary = +{ $coins_per_food } par { $food } en surplus, max. { $max }
effect-P8-summary = +{ $coins_per_track } { $coins_per_track ->
        [one] pièce
       *[other] pièces
    } par piste au-dessus du { $income }
effect-P9-summary = +{ $coins } { $coins ->
        [one] pièce
       *[other] pièces
    } par colonie
effect-P10-summary = un sceau argenté compte en entier
effect-P11-summary = { $points_per_set } PV par série de 5 couleurs
effect-P12-summary = joker pour les sceaux dorés
effect-P13-summary = 2 colonies, 2 bustes
effect-P14-summary = conditions −{ $reduction }
effect-P15-summary = { $coins_per_point } { $coins_per_point ->
        [one] pièce
       *[other] pièces
    } par point, max. { $max_coins }

## Mots dans les textes

# La piste d'un effet P3 nommé sans sa carte (couleur inconnue).
effect-its_track = sa piste
