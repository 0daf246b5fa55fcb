# Le visionneur de parties (cogs/replay) : /hadara-replay view, ses boutons, « Revoir la partie ».
cmd-replay-view = Revoir une partie pas à pas (en cours : ce qu’un spectateur voit)
cmd-replay-view-game = La partie (par défaut : celle de ce fil, ou votre seule partie)
replay-watch = Revoir la partie
replay-title = Partie n° { $id } · revoir · étape { $step } sur { $last }
replay-where = **Époque { $epoch } · phase { $phase } · tour { $round }**
replay-opening = La partie telle qu’elle a été mise en place.
replay-no_lines = (rien de public à cette étape)
replay-cards-title = **Les cartes des joueurs à cette étape**
replay-cards-none = aucune
replay-cards-line = { $name } : { $hand }
replay-cards-pick = · a choisi { $card }
replay-cards-sold = · a vendu { $cards }
replay-spectator = La partie n’est pas finie : vous voyez ce qu’un spectateur a vu, jusqu’à maintenant.
replay-jump = Aller à une époque et une phase
replay-mark = Époque { $epoch } · phase { $phase } (étape { $step })
replay-malformed = Ce choix est illisible ; ouvrez à nouveau la partie.
refusal-stale-replay_step = Cette étape n’existe pas (la dernière est l’étape { $last }) ; ouvrez-la à nouveau.
