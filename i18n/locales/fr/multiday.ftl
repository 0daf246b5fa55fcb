### Textes destinés aux joueurs : parties sur plusieurs jours (cadences, échéances, rappels,
### l’IA qui reprend une place, votes, vacances, rattrapage) et choix programmés à l’avance.

cmd-new-time_control = Temps par décision (parties sur plusieurs jours) ; l’IA décide pour qui n’en a plus
cmd-new-strikes = Délais manqués avant que l’IA ne reprenne la place (3 par défaut)
cmd-settings-timezone = Votre fuseau horaire (heures de silence, tours du jour), ex. Europe/Berlin
cmd-settings-quiet_hours = Aucun rappel pendant ces heures locales, ex. 22-07 (« off » pour effacer)
cmd-rejoin = Reprendre votre place à l’IA qui l’a jouée pendant votre absence
cmd-vote = Voter pour que l’IA joue à la place d’un joueur absent
cmd-vote-player = Le joueur absent
cmd-away = Partir en vacances : vos pendules s’arrêtent dans toutes vos parties
cmd-away-days = Combien de jours (au plus ce qui reste du quota annuel de ce serveur)
cmd-back = Finir vos vacances maintenant : vos pendules repartent
cmd-admin = Réglages et réparations de Hadara sur ce serveur (Gérer le serveur)
cmd-admin-allowance = Jours de vacances par joueur et par an sur ce serveur
cmd-admin-allowance-days = Jours par année glissante (0 à 365)
lobby-field-time_control = Cadence
md-tc-none = aucune
md-tc-1h = 1 heure par décision
md-tc-12h = 12 heures par décision
md-tc-24h = 24 heures par décision
md-tc-48h = 48 heures par décision
md-tc-72h = 72 heures par décision
md-tc-bank24 = réserve : 24 h + 4 h par décision, max 72 h
md-tc-deadline = { $hours } par décision
md-tc-bank = réserve : { $initial } + { $increment } par décision, max { $cap }
md-tc-strikes = { $tc } · IA après { $strikes ->
        [one] { $strikes } délai manqué
       *[other] { $strikes } délais manqués
    }
md-hours = { $n } h
md-minutes = { $n } min
md-days = { $n } j
md-deadline = { $at } ({ $rel })
md-deadline-panel = ⏳ Décidez avant le { $at } ({ $rel }) ; ensuite, l’IA choisit pour vous.
md-status-deadline = { $name } : { $rel }
md-status-deadlines = ⏳ { $list }
md-notice-expired = ⏰ { $name } n’a plus de temps : l’IA a choisi à sa place (délai manqué { $n } sur { $max }).
md-notice-takeover = 🤖 L’IA joue désormais à la place de { $name }. { $name } peut revenir avec /hadara rejoin.
md-notice-vote = 🗳️ { $voter } vote pour que l’IA joue à la place de { $name } ({ $votes } voix sur { $needed }).
md-notice-rejoined = 👋 { $name } revient à la table et reprend sa place.
md-notice-away = 🏖️ { $name } est en vacances jusqu’au { $at } : ses pendules sont arrêtées.
md-notice-back = 👋 { $name } rentre de vacances : ses pendules repartent.
md-notice-ahead = ⏩ Le choix programmé de { $name } a été joué.
md-button-vote = Remplacer { $name } par l’IA
md-reminder-title = ⏰ Rappel : on attend votre coup
md-reminder-line = • Partie #{ $id } : { $what } — décidez avant le { $at } ({ $rel }){ $where }
md-reminder-where = {" "}· { $url }
md-reminder-more = … et { $count ->
        [one] { $count } autre
       *[other] { $count } autres
    }.
md-reminder-footer = Une fois le temps écoulé, l’IA choisit pour vous. Heures de silence et fuseau horaire : /hadara settings.
md-reminder-thread = ⏰ { $mention } : la partie #{ $id } vous attend — { $what }. Décidez avant le { $at } ({ $rel }).
md-catchup-head = **Depuis votre dernier coup :**
md-catchup-earlier = { $count ->
        [one] (1 événement plus tôt : /hadara history)
       *[other] ({ $count } événements plus tôt : /hadara history)
    }
md-ahead-played = ⏩ Votre choix programmé a été joué dans la partie #{ $id }.
md-rejoin-done = Vous avez repris votre place dans la partie #{ $id }. Votre compteur de délais manqués repart de zéro.
md-vote-done = Votre vote est compté : { $votes } voix sur { $needed } pour que l’IA joue à la place de { $name }.
md-vote-passed = Le vote est adopté : l’IA joue désormais à la place de { $name }.
md-vote-not_player = { $name } n’a pas de place dans la partie #{ $id }.
md-away-done = Vous êtes en vacances jusqu’au { $at } ({ $rel }) dans { $count ->
        [one] { $count } partie
       *[other] { $count } parties
    }. Revenez plus tôt avec /hadara back.
md-back-done = Bon retour : vos pendules repartent dans { $count ->
        [one] { $count } partie
       *[other] { $count } parties
    }.
md-admin-allowance-done = Les joueurs de ce serveur peuvent désormais partir en vacances { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } par an.
md-settings-tz = Fuseau horaire : **{ $tz }**
md-settings-tz_unset = Fuseau horaire : non défini (UTC).
md-settings-quiet = Heures de silence : **{ $hours }** (aucun rappel pendant ce temps).
md-settings-quiet_unset = Heures de silence : aucune.
md-settings-reminders_dm = Rappels d’échéance : par message privé.
md-settings-reminders_thread = Rappels d’échéance : une mention dans le fil de la partie (vos messages privés sont fermés).
md-settings-bad_tz = Je ne connais pas le fuseau horaire « { $tz } » : choisissez-en un dans la liste (ex. Europe/Berlin).
md-settings-bad_quiet = Les heures de silence s’écrivent 22-07 ou 22:30-07:00 (ou « off »).
md-games-away = Vous êtes en vacances jusqu’au { $at }.
refusal-taken_over = L’IA joue à votre place ; reprenez-la d’abord avec /hadara rejoin.
refusal-not_taken_over = L’IA ne joue pas à votre place : rien à reprendre.
refusal-away_allowance = C’est plus de vacances que ce serveur n’en permet : { $allowance ->
        [one] { $allowance } jour
       *[other] { $allowance } jours
    } par an, { $used ->
        [one] { $used } utilisé
       *[other] { $used } utilisés
    }, { $left ->
        [one] { $left } restant
       *[other] { $left } restants
    }.
refusal-bad_request-bad_days = Le nombre de jours doit être supérieur à 0 et au plus égal à { $max }.
refusal-bad_request-already_away = Vous êtes déjà en vacances ; faites d’abord /hadara back.
refusal-bad_request-not_away = Vous n’êtes pas en vacances.
refusal-bad_request-own_seat = Vous ne pouvez pas voter au sujet de votre propre place.
refusal-bad_request-already_ai = Une IA joue déjà cette place.
refusal-bad_request-already_voted = Vous avez déjà voté.
refusal-bad_request-bad_time_control = Cette cadence n’est pas valide.
refusal-bad_request-bad_plan = Ce choix ne peut pas être programmé.
refusal-bad_request-plan_expired = Ce choix concerne une étape déjà passée.
play-refuse-bad_plan = Ce choix ne peut pas être programmé maintenant.
ahead-button-open = Programmer mon choix
ahead-button-withdraw = Annuler
ahead-button-back = Retour
ahead-title = Partie #{ $game } · programmez votre choix
ahead-intro = Ce n’est pas encore votre tour : programmez ce que vous choisiriez. Ce choix sera joué dès que votre tour arrive, s’il est encore possible au prix affiché ; sinon, la question vous sera posée comme d’habitude.
ahead-none = Rien ne peut être programmé pour l’instant : les prises de la Phase B, les colonies et les bustes se programment pendant que vous les attendez.
ahead-section-phase_b = **Phase B** (votre prise dans { $turns ->
        [one] { $turns } coup
       *[other] { $turns } coups
    }) · vous avez { $coins ->
        [one] { $coins } pièce
       *[other] { $coins } pièces
    } :
ahead-section-colony = **Colonie** (votre tour dans { $turns ->
        [one] { $turns } coup
       *[other] { $turns } coups
    }) · Militaire { $military } :
ahead-section-statue = **Buste** (votre tour dans { $turns ->
        [one] { $turns } coup
       *[other] { $turns } coups
    }) · Culture { $culture } :
ahead-card = · { $name } ({ $colour }) : achat { $buy } · vente +{ $sell }{ $afford }
ahead-card-cannot_afford = {" "}· trop chère pour l’instant
ahead-level = · Colonie { $level } : pillage +{ $plunder } · alliance pour { $cost } · { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $pay }
ahead-level-out = · Colonie { $level } : hors de portée
ahead-space = · Buste { $space } (Culture { $requirement }){ $pay }
ahead-space-out = · Buste { $space } : impossible
ahead-pay = {" "}· payer { $pay }
ahead-queued = **Programmé :** { $plan }
ahead-queued-none = Rien n’est programmé.
ahead-plan-phase_b = Phase B — { $cards } : { $mode }
ahead-plan-colony = Colonie { $level } : { $mode }
ahead-plan-colony_skip = pas de colonie
ahead-plan-statue = Buste { $space }, jeton { $tile }, côté { $side } visible
ahead-plan-statue_skip = pas de buste
ahead-mode-buy_else_sell = acheter, sinon vendre
ahead-mode-buy_only = acheter seulement
ahead-mode-sell = vendre
ahead-mode-plunder = piller
ahead-mode-integrate = faire alliance
ahead-side-colour = couleur
ahead-side-points = points
ahead-select-cards = Phase B : vos cartes par ordre de préférence (1 à 3)…
ahead-select-colony = Colonie : niveau, puis pillage ou alliance…
ahead-select-statue = Buste : choisissez un emplacement…
ahead-option-colony = Colonie { $level } : { $mode }
ahead-option-colony-desc = +{ $plunder ->
        [one] { $plunder } pièce
       *[other] { $plunder } pièces
    }
ahead-option-colony-desc_integrate = coûte { $cost }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
ahead-option-skip_colony = Pas de colonie
ahead-option-skip_statue = Pas de buste
ahead-option-card = { $name } ({ $colour })
ahead-option-card-desc = achat { $buy } · vente +{ $sell }
ahead-option-space = Buste { $space } (Culture { $requirement })
ahead-pick-cards = Votre ordre : { $cards }. Acheter ou vendre ?
ahead-pick-statue = Buste { $space } : quel jeton bonus, et quel côté visible ?
ahead-button-buy_else_sell = Acheter, sinon vendre
ahead-button-buy_only = Acheter seulement
ahead-button-sell = Vendre
ahead-button-statue = { $tile } · { $side }
ahead-done = ✅ Programmé : { $plan }.
ahead-withdrawn = Annulé : plus rien n’est programmé.
ahead-stale = ⚠️ La partie a avancé ; voici ce qui peut être programmé maintenant.
ahead-refused = Impossible de programmer ce choix : { $reason }
cmd-admin-tables = Où vont les nouvelles tables : fils du salon ou posts d'un forum
cmd-admin-tables-forum = Le forum de toutes les nouvelles tables (vide pour des fils)
admin-tables-threads = Les nouvelles tables s'ouvrent en fil du salon où /hadara new est tapé.
admin-tables-forum = Chaque nouvelle table s'ouvre en post de <#{ $forum }>, étiqueté en attente, en cours ou terminée.
