### Strings about languages: the settings that choose them.

cmd-settings-language = Your language for panels, private pictures and DMs
cmd-settings-server_language = Language of this server's game threads and boards (Manage Server)
language-auto = Follow my Discord language
settings-language = Your language: **{ $language }**.
settings-language-auto = Your language: **{ $language }** (your Discord's; choose another with /hadara settings language:).
settings-server_language = This server's game threads and boards: **{ $language }**.
list-sep = {", "}
