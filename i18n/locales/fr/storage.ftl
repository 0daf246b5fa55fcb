### Un stockage digne de confiance (docs/service.md, « Damaged games » et « Storage faults ») :
### les refus du service pour les parties endommagées, les pannes de stockage et les noms, et
### les mots des annonces d'une partie endommagée ou réparée.

refusal-damaged = L'enregistrement de cette partie est endommagé ; les gestionnaires du serveur ont été prévenus.
refusal-damaged-not_repairable = Les dégâts de cette partie ne se réparent pas en retirant ses derniers coups.
refusal-not_damaged = Cette partie n'est pas endommagée : il n'y a rien à réparer.
refusal-storage_unavailable = Votre coup n'a pas été pris : la partie ne peut pas être enregistrée pour l'instant. Réessayez dans un moment.
refusal-stale-repair_changed = Les dégâts ont changé depuis leur affichage ; regardez la réparation à nouveau.
refusal-bad_request-invisible_name = Un nom doit contenir au moins un caractère visible.
refusal-bad_request-bad_characters = Ce nom contient des caractères qui ne sont pas du texte.
refusal-bad_request-bad_user = Cet identifiant d'utilisateur n'est pas valide.
refusal-bad_request-bad_guild = Cet identifiant de serveur n'est pas valide.
refusal-bad_request-bad_values = Ces valeurs ne peuvent pas être enregistrées.


# ce qui ne va pas dans une partie endommagée (Update.damage.reason, repair_preview()["reason"])
storage-damage-reason-bad_json = l'un de ses coups enregistrés est illisible
storage-damage-reason-bad_action = l'un de ses coups enregistrés ne se rejoue plus
storage-damage-reason-missing_row = un coup manque à son enregistrement
storage-damage-reason-bad_setup = sa mise en place manque ou est abîmée
storage-damage-reason-bad_record = son enregistrement est illisible
storage-damage-reason-bad_seat = ses places ne correspondent pas à ses joueurs
storage-damage-reason-other_version = elle a été enregistrée avec des règles ou des cartes que ce bot n'a pas
storage-damage-reason-bad_chain = ses coups enregistrés ne correspondent plus à leur chaîne d'empreintes : l'un d'eux a été modifié, retiré ou interverti après coup
# $reason : l'une des raisons ci-dessus
storage-damaged-notice = La partie #{ $game_id } ne peut pas continuer : { $reason }. Les gestionnaires du serveur ont été prévenus ; ils peuvent la réparer jusqu'à son dernier coup valide.
storage-repaired-notice = La partie #{ $game_id } a été réparée et continue : { $dropped ->
    [0] aucun coup n'a été perdu.
    [one] son dernier coup a été perdu ; rejouez-le.
   *[other] ses { $dropped } derniers coups ont été perdus ; rejouez-les.
}

# /hadara-admin repair (Gérer le serveur) : ce qu'une réparation garde et retire (des nombres seulement)
cmd-admin-repair = Réparer une partie endommagée jusqu'à son dernier coup valide (Gérer le serveur)
admin-repair-healthy = La partie #{ $id } n'est pas endommagée : rien à réparer.
admin-repair-title = **La partie #{ $id } est endommagée :** { $reason }.
admin-repair-cannot = Retirer ses derniers coups ne suffit pas ; restaurez une sauvegarde (docs/deploy.md).
admin-repair-cannot-result = Une partie classée terminée n'est jamais raccourcie : son résultat reste tel qu'enregistré. S'il n'est plus fiable, annulez-le avec `/hadara-admin void` (les classements sont recalculés sans lui).
admin-repair-seat = { $name } ({ $count ->
    [one] 1 coup
   *[other] { $count } coups
})
admin-repair-plan = Une réparation garde { $keep ->
    [one] son premier coup
   *[other] ses { $keep } premiers coups
} sur { $total } et retire { $dropped ->
    [one] le dernier
   *[other] les { $dropped } derniers
} ({ $who }) ; ils sont conservés dans la table de sauvegarde et les joueurs sont prévenus. Appuyez sur **Réparer**.
admin-repair-button = Réparer
admin-repair-done = La partie #{ $id } est réparée : { $dropped ->
    [0] aucun coup retiré
    [one] 1 coup retiré
   *[other] { $dropped } coups retirés
}. Elle continue.
