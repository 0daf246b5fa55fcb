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
# the whole table on the page (web/page.py, web/pieces.py)
web-skip = Skip to the game
web-language = Language
web-waiting = Waiting for { $names }
web-table = The table
web-decks = Draw decks
web-deck = { $count ->
    [0] empty
    [one] 1 card left
   *[other] { $count } cards left
}
web-draws = { $name } draws here
web-discards = Discard piles
web-pile = { $colour }: { $count ->
    [0] empty
    [one] 1 card
   *[other] { $count } cards
}
web-colony = Colony · military { $level }
web-colony-stack = Military { $level } · { $count } left
web-colony-front = Needs military { $level }. Plunder it for { $plunder ->
    [one] 1 coin
   *[other] { $plunder } coins
}, or integrate it for { $cost ->
    [one] 1 coin
   *[other] { $cost } coins
}: { $points ->
    [one] 1 point
   *[other] { $points } points
}.
web-colony-back = Integrated: { $gains }; { $points ->
    [one] 1 point
   *[other] { $points } points
}.
web-statue = Statue space { $space }
web-statue-space = Needs culture { $requirement }: { $points ->
    [one] 1 point
   *[other] { $points } points
}.
web-statue-tiles = Carved with a bonus tile: its colour side raises that track by { $steps }, its points side adds { $extra ->
    [one] 1 point
   *[other] { $extra } points
}.
web-statue-free = Culture { $requirement } · { $points ->
    [one] 1 point
   *[other] { $points } points
}
web-statue-carved-points = { $colour } tile · points side
web-statue-carved-track = { $colour } tile · track side
web-medal-silver = Silver · { $colour }
web-medal-gold = { $count ->
    [one] 1 gold medal
   *[other] { $count } gold medals
}
web-medal-silver-text = A silver medal scores half its colour's track at the end, rounded up (at most { $max ->
    [one] 1 silver medal
   *[other] { $max } silver medals
}).
web-medal-gold-text = A gold medal scores { $points ->
    [one] 1 point
   *[other] { $points } points
} for each set of five card colours you own.
web-cards = { $count ->
    [0] No cards
    [one] 1 card
   *[other] { $count } cards
}
web-tiles = Bonus tiles
web-none = none
web-first = First player this epoch
web-cost = Cost { $cost }
web-card-epoch = Epoch { $epoch }
web-price = Your price: buy for { $buy ->
    [one] 1 coin
   *[other] { $buy } coins
} or sell for { $sell }.
web-price-short = buy { $buy } · sell +{ $sell }
web-deciding = You decide now: { $what }
web-deciding-note = Choose on your panel in Discord; the page shows the game as it goes.
web-news = What happened
web-news-none = Nothing yet.
web-close = Close
web-colonies = Colonies
web-statues = Statues
web-medals = Medals
web-choices = { $count ->
    [one] Your only choice
   *[other] Your { $count } choices
}
# acting on the page (web/choices.py, web/acting.py)
web-act-buy = Buy · { $cost }
web-act-buy-tile = Buy with the { $tile } tile · { $cost }
web-act-sell = Sell · +{ $value }
web-feed-must = { $count ->
    [0] You may keep every card: choose none, or remove cards you do not want to feed.
    [one] Remove 1 card (or pay for it), then confirm.
   *[other] Remove { $count } cards (or pay for them), then confirm.
}
web-feed-pay = Pay { $cost ->
    [one] 1 coin
   *[other] { $cost } coins
} a card to keep it:
web-feed-done = Confirm the feeding
web-retry = { $seconds ->
    [one] in 1 second
   *[other] in { $seconds } seconds
}
web-act-forged = This choice did not come from your page. Open the board again from Discord.
web-act-malformed = This choice cannot be read. Reload the page and choose again.
web-tool-hint = Hint
web-tool-undo = Take back my last move
web-tool-rejoin = Take my seat back from the AI
web-tool-concede = Concede…
web-tool-concede-warning = An AI plays your seat to the end and you rank last. This cannot be undone.
web-tool-concede-confirm = Concede this game
web-hint = Hint: { $label } — { $reason }
# acting ahead on the page (web/ahead.py)
web-ahead = Plan ahead
web-ahead-queued = Queued: { $plan }
web-ahead-phase-b = Phase B: the cards you would take, in order of preference
web-ahead-rank = Choice { $rank }
web-ahead-no-card = (none)
web-ahead-mode = Then
web-ahead-queue = Queue this plan
web-ahead-colony = Colony: what you would do
web-ahead-statue = Statue: what you would carve
web-ahead-withdraw = Withdraw my plan

## The board inside Discord (the Activity, docs/web.md): what its page says before the board
web-activity-title = Hadara
web-activity-signing = Signing in with Discord…
web-activity-outside = This page opens inside Discord: start it with "Open the board" in a game. Outside Discord, use the link on your panel.
web-activity-refused = Discord did not sign you in. Close the board and open it again from the game.
web-activity-not-there = This board was opened for other people. Open it from the game in Discord.
web-activity-unavailable = Discord cannot be reached just now. Close the board and open it again in a moment.
web-activity-failed = The board could not sign you in here. Close it and open it again, or use the link on your panel.
web-activity-pick = Which game? Pick the board to show:
web-activity-none = You have no game in play. Start one with /hadara new, then open the board from it.
# before the names of the people who have the board open in Discord right now
web-activity-here = At the table now:

## Your games (docs/web.md, "Your games"): every game waiting on you, on the page
web-games-title = Your games
web-games-yours = { $count ->
    [0] No game is waiting on you
    [one] One game is waiting on you
   *[other] { $count } games are waiting on you
}
web-games-others = Your other games
web-games-game = Game #{ $id }
web-games-lobby = lobby, { $taken }/{ $size } seats taken
web-games-deadline = decide by { $at }
web-games-waited-minutes = { $count ->
    [one] waiting for 1 minute
   *[other] waiting for { $count } minutes
}
web-games-waited-hours = { $count ->
    [one] waiting for 1 hour
   *[other] waiting for { $count } hours
}
web-games-waited-days = { $count ->
    [one] waiting for 1 day
   *[other] waiting for { $count } days
}
web-games-more = { $count ->
    [one] One more game is not listed.
   *[other] { $count } more games are not listed.
}
# the header's link to the list (how many games wait on the viewer)
web-games-link = { $count ->
    [0] Your games
   *[other] Your games ({ $count } waiting)
}
# the header's link to the game waiting longest on the viewer, once this one does not
web-games-next = Next game: #{ $id }
