### Textes destinés aux joueurs : apprentissage (``/hadara learn`` : leçons, notes sur les erreurs, progrès).

cmd-learn = Apprendre à jouer : partie privée contre des IA clémentes, règles expliquées au fil du jeu
cmd-learn-level = Le niveau des IA (novice est le plus clément)
cmd-learn-notes = Courtes notes quand un coup perd beaucoup de points (activées par défaut)
learn-thread_name = Hadara #{ $id } · partie d’apprentissage · { $name }
learn-started = Votre partie d’apprentissage #{ $id } vous attend dans <#{ $thread }>. Je vous explique chaque règle la première fois qu’elle vous concerne.
learn-welcome = **Bienvenue dans Hadara !** Vous jouez contre { $count } IA. Quand c’est votre tour, appuyez sur **Jouer mon tour** sur le plateau ; **Conseil** vous suggère un coup. Je vous explique chaque règle la première fois qu’elle compte.
learn-lesson-head = 📘 **{ $name }**
learn-title-wheel = Comment marche la roue
learn-title-draft = Piocher et garder une carte
learn-title-discount = Des cartes moins chères dans une couleur
learn-title-selling = Vendre une carte
learn-title-phase_b = Phase B : les défausses
learn-title-income = Les revenus
learn-title-colonies = Prendre une colonie
learn-title-statues = Sculpter un buste
learn-title-feeding = Nourrir votre peuple
learn-title-medals = Acheter des sceaux
learn-title-scoring = Le décompte des points
learn-title-purple = Carte violette : { $name }
learn-lesson-wheel = Vous installez la roue : le blason de chaque joueur est orienté vers l’une des cinq pioches, et vous choisissez celle où vous piochez en premier ({ $options ->
        [one] { $options } position
       *[other] { $options } positions
    }). Après chaque manche, la roue tourne d’un cran : chacun pioche ainsi une fois dans chaque couleur.
learn-lesson-draft = Vous avez pioché 2 cartes dans la pioche de couleur { $colour } (vous seul les voyez). Gardez-en une pour l’acheter ou la vendre ; l’autre est posée face visible sur la défausse de sa couleur, pour la Phase B. Tout le monde choisit en même temps.
learn-lesson-discount = **{ $card }** vous coûte { $price } au lieu de { $cost } : chaque carte de couleur { $colour } déjà en votre possession réduit de 1 pièce le coût de la prochaine carte de couleur { $colour } (coût minimum 0).
learn-lesson-selling = Vendre : au lieu de l’acheter, vous pouvez vendre la carte gardée contre des pièces (2 / 3 / 4 à l’époque I / II / III ; { $coins } ici). Une carte trop chère pour vous ne peut qu’être vendue. Les pièces servent ensuite à payer d’autres cartes, des colonies et des sceaux.
learn-lesson-phase_b = Phase B : chacun son tour, dans l’ordre de jeu, prenez la carte du dessus de n’importe quelle défausse et achetez-la ou vendez-la, jusqu’à ce que toutes les défausses soient vides (5 tours chacun). Tout le monde voit la carte que vous prenez.
learn-lesson-income = Revenus : après chaque phase, chaque joueur reçoit autant de pièces que l’indique sa piste Revenu (jaune) — vous en avez reçu { $coins }.
learn-lesson-colonies = Une colonie est à votre portée : votre piste militaire est à { $military }, assez pour le niveau { $level }. **Piller** rapporte { $plunder ->
        [one] { $plunder } pièce
       *[other] { $plunder } pièces
    } ; **faire alliance** coûte { $cost } et retourne la tuile pour ses gains sur les pistes. Une tuile par niveau, acquise pour de bon ; les deux faces rapportent des points.
learn-lesson-statues = Vous pouvez sculpter un buste : votre culture atteint { $requirement }. Posez-y un jeton bonus côté face (couleur : +{ $steps } sur sa piste) ou côté pile (points : +{ $points ->
        [one] { $points } point
       *[other] { $points } points
    } en fin de partie). Un buste par étape, acquis pour de bon.
learn-lesson-feeding = Alimentation : vous avez { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    } mais de quoi en nourrir { $food }. Retirez { $remove ->
        [one] { $remove } carte
       *[other] { $remove } cartes
    } de votre choix (sans récupérer de pièces ; leurs gains sont perdus). Faites progresser votre piste Alimentation (verte) au même rythme que votre nombre de cartes.
learn-lesson-medals = Sceaux : achetez des sceaux argentés (un jeton bonus ; en fin de partie, la moitié de sa piste, arrondie au supérieur) pour { $silver ->
        [one] { $silver } pièce
       *[other] { $silver } pièces
    } et des sceaux dorés (7 points par groupe de cinq couleurs) pour { $gold ->
        [one] { $gold } pièce
       *[other] { $gold } pièces
    }. 2 de chaque au maximum par partie ; les prix augmentent à chaque époque.
learn-lesson-scoring = **Votre feuille de score :** colonies { $colonies }, bustes { $statues }, sceaux argentés { $silver_medals }, sceaux dorés { $gold_medals }, cartes { $cards }, groupes violets { $purple_sets }, pièces { $coins } (1 pour 5) — { $total ->
        [one] **{ $total }** point
       *[other] **{ $total }** points
    }, { $rank ->
        [1] 1re
       *[other] { $rank }e
    } place. Le plus de points l’emporte ; en cas d’égalité, le joueur qui a le plus de pièces restantes gagne.
learn-lesson-purple = L’effet violet de **{ $card }**, **{ $name }** : { $text } Il agit dès que vous achetez la carte, tant que vous la gardez.
learn-note = 💡 Petite remarque : vous avez choisi { $taken } ; ici, **{ $best }** était un meilleur choix, car { $reason }.
learn-because-gain = son effet immédiat est : { $what }
learn-because-later = il vous prépare mieux pour la suite
learn-notes-off_button = Couper les notes
learn-notes-off = Les notes sur les erreurs sont coupées. Réactivez-les avec `/hadara learn notes:True`.
learn-rules-met = Règles rencontrées dans vos parties d’apprentissage : { $topics }.
learn-rules-none = Vous n’avez encore rencontré aucune règle dans une partie d’apprentissage : essayez `/hadara learn`.
learn-purple_name = effet violet : { $name }
learn-error-forum = Une partie guidée a besoin de son propre fil : lancez-la depuis un salon textuel, pas un forum.
