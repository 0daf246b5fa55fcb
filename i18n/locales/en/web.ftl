### The web page (docs/web.md): its titles and its refusals.

web-title = Hadara · game #{ $id }
web-players = Players
web-hand = Your hand
web-hand-empty = No cards in your hand.
web-coins = { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}
web-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
web-you = you
web-link-refused = This link does not open the board: it is { $why ->
    [expired] too old (a link lasts a day)
   *[other] not valid
}. Open the board again from Discord.
web-signed-out = You are not signed in here. Open the board from your panel in Discord.
web-not-allowed = This board is not yours to open.
# the link button on a player's panel to their page (docs/web.md)
web-open = Open the board
# a link under /hadara games to one game's page
web-open-game = Board #{ $id }
# /hadara settings web_sign_out (docs/web.md)
cmd-settings-web_sign_out = Sign out of the web board on every device
web-signed-out-everywhere = { $count ->
    [0] You were not signed in to the web board anywhere.
    [one] Signed out of the web board on 1 device.
   *[other] Signed out of the web board on { $count } devices.
}
