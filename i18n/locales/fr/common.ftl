### Textes destinés aux joueurs : commun (partagés par tous les cogs : oui/non, erreurs, permissions).

common-yes = oui
common-no = non
common-error-generic = Un problème est survenu de mon côté. Il a été consigné ; veuillez réessayer.
common-error-guild_only = Cette commande fonctionne dans un serveur, pas en messages privés.
common-error-bot_permission = Il me faut la permission { $permissions } dans ce salon. Demandez à un admin du serveur de l'accorder, puis réessayez.
common-error-user_permission = Il vous faut la permission { $permissions } pour cela.
common-error-not_allowed = Vous n'avez pas le droit de faire cela ici.
common-error-cooldown = Pas si vite : réessayez dans { $seconds } s.
common-error-bad_value = Je n'ai pas pu lire la valeur « { $value } ».
common-error-dm_closed = Je ne peux pas vous envoyer de messages privés (ils sont fermés pour ce serveur).
common-error-forbidden = Discord a refusé : il me manque une permission dans ce salon.
common-error-not_found = Ce message ou ce salon n'existe plus.
common-error-discord_down = Discord rencontre des difficultés en ce moment ; veuillez réessayer d'ici peu.
common-permission-view_channel = Voir le salon
common-permission-send_messages = Envoyer des messages
common-permission-create_public_threads = Créer des fils publics
common-permission-send_messages_in_threads = Envoyer des messages dans les fils
common-permission-embed_links = Intégrer des liens
common-permission-attach_files = Joindre des fichiers
common-permission-read_message_history = Voir les anciens messages
common-permission-manage_threads = Gérer les fils
common-permission-manage_guild = Gérer le serveur
