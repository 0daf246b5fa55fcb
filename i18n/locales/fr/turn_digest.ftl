### Textes pour les joueurs : le récapitulatif des tours, « Mes tours du jour » (ticket 39) :
### UN message privé par jour, à l’heure locale choisie, qui liste chaque partie qui attend le
### joueur, avec un bouton chacune. Pas le résumé des spectateurs (table-digest-*, table.ftl).

# /hadara settings
cmd-settings-daily_turns = Mes tours du jour : un MP par jour à cette heure (votre fuseau), des parties qui vous attendent
cmd-settings-turn_pings = Avec Mes tours du jour, garder les mentions et MP de tour de chaque partie (par défaut : non)
turn_digest-off = Désactivé
# les heures de daily_turns (les choix, et la ligne des réglages)
turn_digest-hour-0 = 0 h
turn_digest-hour-1 = 1 h
turn_digest-hour-2 = 2 h
turn_digest-hour-3 = 3 h
turn_digest-hour-4 = 4 h
turn_digest-hour-5 = 5 h
turn_digest-hour-6 = 6 h
turn_digest-hour-7 = 7 h
turn_digest-hour-8 = 8 h
turn_digest-hour-9 = 9 h
turn_digest-hour-10 = 10 h
turn_digest-hour-11 = 11 h
turn_digest-hour-12 = 12 h
turn_digest-hour-13 = 13 h
turn_digest-hour-14 = 14 h
turn_digest-hour-15 = 15 h
turn_digest-hour-16 = 16 h
turn_digest-hour-17 = 17 h
turn_digest-hour-18 = 18 h
turn_digest-hour-19 = 19 h
turn_digest-hour-20 = 20 h
turn_digest-hour-21 = 21 h
turn_digest-hour-22 = 22 h
turn_digest-hour-23 = 23 h
turn_digest-settings-off = Mes tours du jour : désactivé (un MP par jour listant les parties qui vous attendent : /hadara settings daily_turns:).
turn_digest-settings-on = Mes tours du jour : chaque jour à **{ $at }**, votre heure, prochain { $rel }. Les mentions et MP de tour de chaque partie s’arrêtent entre-temps ; les rappels d’échéance arrivent toujours.
turn_digest-settings-on_pings = Mes tours du jour : chaque jour à **{ $at }**, votre heure, prochain { $rel }. Les mentions et MP de tour de chaque partie continuent aussi.

# le message
turn_digest-title = 📬 **Vos tours** : { $count ->
        [one] { $count } partie vous attend.
       *[other] { $count } parties vous attendent, la plus ancienne d’abord.
    }
turn_digest-line = **#{ $id }** · { $what } · en attente depuis { $waited }{ $deadline }
turn_digest-deadline = {" "}· ⏳ { $rel }
turn_digest-minutes = { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
turn_digest-hours = { $n ->
        [one] { $n } heure
       *[other] { $n } heures
    }
turn_digest-days = { $n ->
        [one] { $n } jour
       *[other] { $n } jours
    }
turn_digest-more = … et { $count ->
        [one] { $count } autre partie
       *[other] { $count } autres parties
    } : /hadara games les liste toutes.
turn_digest-footer = Mes tours du jour : /hadara settings daily_turns: pour changer l’heure ou le désactiver.
turn_digest-button = #{ $id } · Jouer mon tour
