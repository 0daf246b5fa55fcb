### Textes destinés aux joueurs : play (le bouton « Jouer mon tour » et les panneaux de décision).

play-take_turn = Jouer mon tour
play-hint = Indice
play-back = Retour
play-option = Choisir
play-picked_mark = ✓ { $label }
play-title = Partie #{ $game } · Époque { $epoch } · { $step }
play-title-idle = Partie #{ $game } · Époque { $epoch }
play-step-setup_side = Face de départ
play-step-wheel = La roue
play-step-draft = Phase A · manche { $round }
play-step-phase_b = Phase B
play-step-colony = Colonie
play-step-statue = Buste
play-step-feeding = Alimentation
play-step-medals = Sceaux
play-group-card = { $name } ({ $colour }) · achat { $buy } / vente +{ $sell }
play-group-buy = Acheter
play-group-sell = Vendre
play-group-tile = Jeton { $tile }
play-group-space = Buste { $space } (Culture { $requirement })
play-group-colony = Colonie { $level }
play-group-silver = Sceau argenté
play-group-gold = Sceau doré
play-step_path = Votre choix jusqu'ici : { $path }
play-select-step = Choisir…
play-select-choose = Choisissez une option…
play-select-feeding = Choisissez une carte à retirer…
play-select-feeding_batch = { $must ->
        [one] Choisissez la carte à retirer…
       *[other] Choisissez les { $must } cartes à retirer…
    }
play-select-feeding_batch_p6 = { $must ->
        [one] Choisissez la carte à retirer, ou payez…
       *[other] Choisissez-en { $must } : cartes à retirer ou paiements…
    }
play-feeding-option = { $name } ({ $colour })
play-feeding-loses = Perd { $what }
play-feeding-pay_option = { $label } (nº { $n })
play-decide-feeding = { $must ->
        [one] Choisissez la carte à retirer dans le menu ci-dessous.
       *[other] Choisissez les { $must } cartes à retirer dans le menu ci-dessous, en une fois.
    }
play-decide-feeding_p6 = { $must ->
        [one] Choisissez la carte à retirer dans le menu ci-dessous, ou un paiement P6 à la place.
       *[other] Choisissez-en { $must } dans le menu ci-dessous, en une fois : cartes à retirer, ou paiements P6 à la place.
    }
play-decide-feeding_one = Choisissez une carte à retirer (encore { $must }).
play-decide-feeding_food = Une carte qui donne de l'Alimentation la fait baisser en partant : choisissez-en une de plus pour chacune.
play-decide-setup_side = Choisissez ci-dessous la face de votre carte de départ.
play-decide-wheel = Orientez votre Blason vers une pioche : elle décide de la pioche de chacun à la manche 1.
play-decide-draft = Gardez une carte ci-dessous : achetez-la ou vendez-la ; l'autre va à la défausse.
play-decide-phase_b = Choisissez une pile ci-dessous, puis achetez ou vendez sa carte du dessus.
play-decide-colony = Choisissez ci-dessous une colonie à piller ou avec laquelle faire alliance, ou n'en prenez aucune.
play-decide-statue = Choisissez ci-dessous un emplacement, puis un jeton Bonus et son côté, ou ne sculptez rien.
play-decide-medals = Achetez ci-dessous des sceaux un par un, puis terminez.
play-decide-picked = Votre choix : { $mode } { $card }.
refusal-bad_request-feed_too_few = Cela ne nourrit pas encore votre peuple : choisissez-en encore { $more } (une carte qui donne de l'Alimentation la fait baisser en partant).
refusal-bad_request-feed_too_many = Votre peuple est nourri avec moins : choisissez-en { $extra } de moins.
play-select-part = { $placeholder } ({ $part }/{ $parts })
play-none = aucun
play-setup-intro = Carte de départ { $card } · initiative { $initiative }. Choisissez la face avec laquelle vous jouez.
play-setup-side = **Face { $side }** : { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }, { $tracks }
play-setup-chosen = Votre choix : face { $side }.
play-wheel-intro = Orientez votre Blason vers une pioche : elle décide de la pioche de chacun à la manche 1.
play-wheel-option = **{ $colour }** : { $draws }
play-wheel-draw = { $player } { $colour }
play-draft-intro = Votre pioche : { $colour } · vous avez { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }. Gardez une carte et achetez-la ou vendez-la ; l'autre part à la défausse.
play-phase_b-intro = Vous avez { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }. Prenez la carte du dessus d'une défausse : achetez-la ou vendez-la.
play-card-line = **{ $name }** ({ $colour }) : achat { $buy } · vente +{ $sell }
play-card-tiles = {" "}· un achat place un jeton Bonus : { $tiles }
play-card-cannot_afford = {" "}· trop chère pour vous pour l'instant
play-card-picked_buy = {" "}· **votre choix : acheter**
play-card-picked_sell = {" "}· **votre choix : vendre**
play-colony-intro = Militaire { $military } · pièces { $coins }. Pillez une colonie ou faites alliance, ou n'en prenez aucune.
play-colony-p9 = P9 : +{ $bonus ->
        [one] { $bonus } pièce
       *[other] { $bonus } pièces
    } quand vous prenez une colonie.
play-colony-level = **Colonie { $level }** ({ $count ->
        [one] { $count } restante
       *[other] { $count } restantes
    }) : pillage +{ $plunder } · alliance pour { $cost } · { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
play-colony-empty = **Colonie { $level }** : plus aucune
play-reduction = P14 abaisse les conditions de { $reduction }.
play-second_action = C'est votre deuxième action de ce tour (P13).
play-pay = {" "}· payez { $pay ->
        [one] { $pay } pièce
       *[other] { $pay } pièces
    } pour l'atteindre (P15)
play-statue-intro = Culture { $culture } · pièces { $coins } · jetons Bonus : { $tiles }. Choisissez un emplacement, un jeton Bonus et son côté, ou ne sculptez rien.
play-statue-space = **Buste { $space }** (Culture { $requirement }) : { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · côté face +{ $steps ->
        [one] { $steps } case de piste
       *[other] { $steps } cases de piste
    } · côté pile { $side_points ->
        [one] { $side_points } point
       *[other] { $side_points } points
    }
play-statue-taken = **Buste { $space }** : déjà sculpté
play-feeding-intro = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }, Alimentation { $food } : encore { $must } à retirer.
play-feeding-satisfied = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }, Alimentation { $food } : tout le monde est nourri.
play-feeding-removed = Retirées jusqu'ici : { $cards }
play-feeding-paid = Payées au lieu d'être retirées : { $count }
play-feeding-food_note = Retirer une carte qui donne de l'Alimentation baisse votre Alimentation : il faudra peut-être en retirer d'autres.
play-feeding-p6 = P6 : payez { $cost ->
        [one] { $cost } pièce
       *[other] { $cost } pièces
    } au lieu de retirer une carte (vous en avez { $coins } ; { $left ->
        [one] encore { $left } paiement possible
       *[other] encore { $left } paiements possibles
    }).
play-feeding-points = { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
play-feeding-effect = effet { $effect }
play-feeding-p2_tile = porte un jeton { $tile }
play-medals-intro = Vous avez { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    }. Sceau argenté { $silver } ({ $silver_left ->
        [one] { $silver_left } restant
       *[other] { $silver_left } restants
    }) · sceau doré { $gold } ({ $gold_left ->
        [one] { $gold_left } restant
       *[other] { $gold_left } restants
    }).
play-medals-silver_values = Un sceau argenté rapporterait maintenant : { $values }.
# One colour a silver medal can take and what it would score: the colour's name (hadara.words.colour_name), never its key.
play-medals-silver_value = { $colour } { $points }
play-medals-gold_value = Un sceau doré de plus rapporterait maintenant { $value }.
play-unavailable-head = **Indisponible pour l'instant :**
play-unavailable-line = · { $label } : { $reason }
play-unavailable-more = · … et { $count ->
        [one] { $count } autre
       *[other] { $count } autres
    }
play-footer-changeable = Tout le monde choisit en même temps. Vous pouvez modifier votre choix tant que tous n'ont pas choisi.
play-footer-simultaneous = Tout le monde choisit en même temps ; les choix sont révélés quand tous ont fini.
play-chosen = ✅ Choisi : { $label }.
play-chosen-changeable = ✅ Choisi : { $label }. Vous pouvez le modifier tant que tous n'ont pas choisi.
play-chosen-resolved = ✅ Choisi : { $label }. Tout le monde a choisi : la révélation est dans le fil de la partie.
play-chosen-next = ✅ Choisi : { $label }. Ensuite :
play-chosen-hidden = ✅ Choisi : { $label }. Ce sera révélé quand tout le monde aura fini.
play-stale = ⚠️ Ce choix n'est plus d'actualité ; voici votre décision actuelle.
play-over = La partie est terminée.
play-stale-pick_stood = { $mode ->
        [sell] ✅ La manche a été révélée avant votre changement : vous avez vendu { $card }.
        [side] ✅ Tout le monde avait choisi avant votre changement : vous avez pris la face { $card }.
       *[buy] ✅ La manche a été révélée avant votre changement : vous avez acheté { $card }.
    }
play-done = ⚙️ Fait pour vous (votre seul choix) : { $label }.
play-taken_over = 🤖 L'IA joue votre place après des délais manqués ; /hadara rejoin pour rejouer.
play-final-title = Partie #{ $game } · Scores finaux
play-final-row = { $rank }. { $name } : { $total ->
        [one] { $total } point
       *[other] { $total } points
    }
play-final-row-you = **{ $rank }. { $name } (vous) : { $total ->
        [one] { $total } point
       *[other] { $total } points
    }**
play-final-conceded = (abandon)
play-final-thread = Les scores finaux et le récapitulatif sont dans le fil de la partie.
play-waiting_on = Rien à décider pour vous pour l'instant. En attente de : { $names }.
play-nothing_to_decide = Rien à décider pour vous pour l'instant.
play-dm-turn = À vous de jouer dans la partie #{ $game }.
play-dm-turn_link = À vous de jouer dans la partie #{ $game } : { $url }
play-refuse-malformed = Ce choix est illisible ; rouvrez votre panneau.
refusal-bad_request-hints_off = Les indices sont désactivés dans cette partie.
play-hint-answer =
    💡 Suggestion : **{ $label }**
    { $reason }
play-hint-failed = Aucun indice disponible pour l'instant.
