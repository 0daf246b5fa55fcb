### Textes sur les langues : les réglages qui les choisissent.

cmd-settings-language = Votre langue pour les panneaux, les images privées et les MP
cmd-settings-server_language = Langue des fils de partie et plateaux de ce serveur (Gérer le serveur)
language-auto = Suivre la langue de mon Discord
settings-language = Votre langue : **{ $language }**.
settings-language-auto = Votre langue : **{ $language }** (celle de votre Discord ; choisissez-en une autre avec /hadara settings language:).
settings-server_language = Fils de partie et plateaux de ce serveur : **{ $language }**.
list-sep = {", "}
