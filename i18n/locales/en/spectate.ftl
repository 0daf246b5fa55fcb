### Spectators of the web page (docs/web.md, "Spectators"): a game's public view for anyone
### holding its link, where the server's managers allow it.

# the link button on the board message in the game's thread
web-watch = Watch live
# the page of a spectator link that does not open (a wrong link, a game not to be watched)
web-watch-refused = This game cannot be watched here: the link is not valid, or the game is not open to spectators.
# /hadara-admin spectators (Manage Server)
cmd-admin-spectators = Let anyone with a game's link watch its public board live on the web
cmd-admin-spectators-allow = On: a “Watch live” link on each board; off: every spectator link stops working
admin-spectators-on = Spectators are on: the board of every game of this server carries a “Watch live” link, and anyone who has it can watch the game's public view on the web (never a hand). Learning and practice games are never shown.
admin-spectators-off = Spectators are off: the spectator links of this server's games no longer open anything.
admin-spectators-no-page = The web page is not on for this bot yet, so no link is shown until its operator turns it on.
