### Textes destinés aux joueurs : table (le fil de la partie : état du plateau, tours, nouvelles, fin).

table-board-title = Hadara #{ $id }
table-status-where = **Hadara #{ $id }** · Époque { $epoch } · Phase { $phase } · { $step }
table-status-where-phase = **Hadara #{ $id }** · Époque { $epoch } · Phase { $phase }
table-status-step-draft = sélection
table-status-round = {" "}· manche { $n } sur 5
table-status-turn = {" "}· tour { $n }
table-status-waiting = En attente de : { $names }
table-status-over = **Hadara #{ $id }** · partie terminée · victoire : { $winners }
table-status-abandoned = **Hadara #{ $id }** · abandonnée
table-turn = { $mentions } : à vous — { $what }. Appuyez sur **Jouer mon tour**.
table-kind-setup_side = choisir votre face de départ
table-kind-wheel = orienter la roue
table-kind-draft = choisir votre carte de la manche
table-kind-phase_b = prendre une carte dans les défausses
table-kind-colony = prendre une colonie (ou passer)
table-kind-statue = sculpter un buste (ou passer)
table-kind-feeding = nourrir votre peuple
table-kind-medals = acheter des sceaux (ou terminer)
table-conceded = { $name } a déclaré forfait ; une IA joue sa place jusqu'au bout.
table-over = **La partie #{ $id } est terminée.** Victoire : { $winners }. Les scores sont ci-dessous ; une revanche est à un clic.
table-over-hash = -# Empreinte finale `{ $hash }` : le sceau de l'historique de cette partie (`python -m bot verify` la recalcule).
table-abandoned = La partie #{ $id } a été abandonnée.
table-abandoned_lobby = La table #{ $id } a été annulée.
table-error-no_thread = La partie #{ $id } n'a aucun fil que je puisse atteindre.
table-forum-tag-waiting = Attend des joueurs
table-forum-tag-playing = En cours
table-forum-tag-finished = Terminée
table-follow-button = Suivre
table-follow-following = Vous suivez la partie #{ $id } : un court résumé par message privé à la fin de chaque époque, et le résultat final. Appuyez de nouveau sur **Suivre** pour arrêter.
table-follow-unfollowed = Vous ne suivez plus la partie #{ $id }.
table-follow-playing = Vous jouez la partie #{ $id } : la table vous dit déjà tout.
table-follow-full = La partie #{ $id } est suivie par autant de personnes que possible, ou vous suivez déjà autant de parties que possible.
table-digest-epoch = **Hadara #{ $id }** · fin de l'époque { $epoch }
table-digest-final = **Hadara #{ $id }** · partie terminée · victoire : { $winners }
table-digest-row = { $rank }. { $name } — { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · { $cards ->
        [one] { $cards } carte
       *[other] { $cards } cartes
    } · { $colonies ->
        [one] { $colonies } colonie
       *[other] { $colonies } colonies
    } · { $statues ->
        [one] { $statues } statue
       *[other] { $statues } statues
    } · { $medals ->
        [one] { $medals } médaille
       *[other] { $medals } médailles
    }
table-digest-conceded = { $name } (forfait)
table-digest-next = L'époque { $epoch } commence. Appuyez de nouveau sur **Suivre** sur le plateau pour ne plus recevoir ces messages.
table-digest-thread = La table : { $link }
