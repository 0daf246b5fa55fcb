### Spectateurs de la page web (docs/web.md, « Spectators ») : la vue publique d'une partie
### pour quiconque a son lien, là où les responsables du serveur le permettent.

web-watch = Regarder en direct
web-watch-refused = Cette partie ne peut pas être regardée ici : le lien n'est pas valide, ou la partie n'est pas ouverte aux spectateurs.
cmd-admin-spectators = Permettre à quiconque a le lien d'une partie de suivre son plateau public en direct sur le web
cmd-admin-spectators-allow = Oui : un lien « Regarder en direct » sur chaque plateau ; non : plus aucun lien ne marche
admin-spectators-on = Spectateurs autorisés : le plateau de chaque partie de ce serveur porte un lien « Regarder en direct », et quiconque l'a peut suivre la vue publique de la partie sur le web (jamais une main). Les parties d'apprentissage et d'entraînement ne sont jamais montrées.
admin-spectators-off = Spectateurs refusés : les liens de spectateur des parties de ce serveur n'ouvrent plus rien.
admin-spectators-no-page = La page web n'est pas encore activée pour ce bot : aucun lien n'est montré tant que son opérateur ne l'active pas.
