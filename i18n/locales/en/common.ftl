### Player-facing strings: common (shared by every cog: yes/no, errors, permissions).

common-yes = yes
common-no = no
common-error-generic = Something went wrong on my side. It has been logged; please try again.
common-error-guild_only = This command works in a server, not in direct messages.
common-error-bot_permission = I need the permission { $permissions } in this channel. Ask a server admin to grant it, then try again.
common-error-user_permission = You need the permission { $permissions } for that.
common-error-not_allowed = You are not allowed to do that here.
common-error-cooldown = Not so fast: try again in { $seconds } s.
common-error-bad_value = I could not read the value '{ $value }'.
common-error-dm_closed = I cannot send you direct messages (they are closed for this server).
common-error-forbidden = Discord refused: I lack a permission in this channel.
common-error-not_found = That message or channel no longer exists.
common-error-discord_down = Discord is having trouble right now; please try again shortly.
common-permission-view_channel = View Channel
common-permission-send_messages = Send Messages
common-permission-create_public_threads = Create Public Threads
common-permission-send_messages_in_threads = Send Messages in Threads
common-permission-embed_links = Embed Links
common-permission-attach_files = Attach Files
common-permission-read_message_history = Read Message History
common-permission-manage_threads = Manage Threads
common-permission-manage_guild = Manage Server
