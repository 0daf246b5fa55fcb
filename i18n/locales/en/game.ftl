### Player-facing strings: game (the /hadara commands, the lobby, rules and cards, and
### the wording of the service's refusals).

cmd-hadara = Play Hadara: open a table, join, and follow your games
cmd-new = Open a new table in a thread of this channel
cmd-new-seats = Table size: 2 to 5 seats (default 4)
cmd-new-variant = Basic (setup side A) or advanced (everyone picks a side in secret)
cmd-new-ai = AI players to seat right away (default none)
cmd-new-ai_level = How well the AI players play (default steady)
cmd-new-rated = Whether the result counts for ratings (default no)
cmd-new-hints = Allow hints in the private panels (default yes)
cmd-game = The game's number (default: the game of this thread, or your only game)
cmd-join = Take a free seat at a table
cmd-leave = Give up your seat at a table that has not started
cmd-start = Start the game (host only)
cmd-board = Post the board again at the bottom of the game's thread
cmd-hand = Your private view: the picture of your current decision or your cards
cmd-games = Your games in every server and what each is waiting for
cmd-rules = The rules in short, by topic
cmd-rules-topic = A topic (leave empty for the list)
cmd-card = Look up a card: its face and what it does
cmd-card-name = The card's name
cmd-history = The game's recent public events
cmd-history-count = How many lines (default 15)
cmd-concede = Give up: an AI plays your seat to the end and you rank last
cmd-abandon = End a game without result (host, or a server admin)
cmd-settings = Your settings: turn notifications by direct message
cmd-settings-dms = Send me my panel by DM when it is my turn
lobby-thread_name = Hadara #{ $id } — { $host }
lobby-title = Hadara #{ $id }
lobby-content = A new table: { $people }
lobby-status-open = Table open, hosted by <@{ $host }>. Join, add AI players, and the host starts when ready.
lobby-status-started = The game has started: the board is below.
lobby-status-finished = This game is over.
lobby-status-abandoned = This table was cancelled.
lobby-field-seats = Seats ({ $taken }/{ $size })
lobby-field-settings = Settings
lobby-settings = Variant: { $variant } · rated: { $rated } · hints: { $hints } · AI: { $level }
lobby-seat-host = { $n }. { $name } (host)
lobby-seat-person = { $n }. { $name }
lobby-seat-ai = { $n }. { $name } (AI)
lobby-seat-open = { $n }. open seat
lobby-variant-basic = basic
lobby-variant-advanced = advanced
lobby-ai_level-gentle = novice
lobby-ai_level-greedy = steady
lobby-ai_level-ismcts = expert
# older tables' novice (random play, no longer offered): shown as the novice
lobby-ai_level-random = novice
# The name of an AI's seat, one per level: short (it is drawn on the pictures), distinct.
lobby-ai_name-gentle = Novice
lobby-ai_name-greedy = Steady
lobby-ai_name-ismcts = Expert
lobby-ai_name-random = Novice
lobby-button-join = Join
lobby-button-leave = Leave
lobby-button-ai = Add AI
lobby-button-start = Start
lobby-button-cancel = Cancel
lobby-button-rematch = Rematch
lobby-error-channel_type = Open a table from a server's text channel (its thread goes there) or from a post of a forum.
rematch-opened = Rematch: table #{ $id } is open in <#{ $thread }>.
rematch-not_finished = A rematch is offered once the game is over.
rematch-exists = The rematch is already open in <#{ $thread }>.
rematch-busy = The rematch is being opened; look for its thread in a moment.
game-choice = Game #{ $id }
game-new-opened = Table #{ $id } is open in <#{ $thread }>.
game-join-done = You have a seat at table #{ $id }.
game-leave-done = You left table #{ $id }.
game-start-done = Game #{ $id } has started.
game-board-posted = The board is posted again: { $url }
game-hand-deciding = Game #{ $id } — you are to { $what }. Use the board's Take my turn button to choose.
game-hand-cards = Game #{ $id } — your cards. Nothing to decide right now.
game-games-none = You have no game in a lobby or in play. Open one with /hadara new.
game-history-title = Game #{ $id }, the last { $count ->
        [one] { $count } line
       *[other] { $count } lines
    }:
game-concede-done = You conceded game #{ $id }. An AI plays your seat to the end.
game-abandon-done = Game #{ $id } is abandoned.
game-settings-title = Your settings:
game-settings-saved = Saved.
game-settings-dms_on = Turn notifications by DM: **on** (your panel arrives by DM when it is your turn).
game-settings-dms_off = Turn notifications by DM: **off** (you are mentioned in the game's thread). Turn them on with /hadara settings dms:True.
game-error-which = You are in several games ({ $games }): say which with the game option.
game-error-none = You are in no game here. Give the game's number, or open one with /hadara new.
game-error-not_player = You have no seat in game #{ $id }.
game-error-not_started = Game #{ $id } has not started yet.
game-error-too_many_ai = A table of { $seats ->
        [one] { $seats } seat
       *[other] { $seats } seats
    } needs a seat left for you: fewer AI players, please.
game-error-no_table = The table service is not running; please try again shortly.
refusal-not_found = There is no such game.
refusal-not_seated = You have no seat in this game.
refusal-not_seated-no_ai = There is no AI in that seat.
refusal-not_host = Only the host of the table may do that.
refusal-not_started = The game has not started yet.
refusal-started = The game has already started.
refusal-lobby_full = Every seat at this table is taken.
refusal-already_joined = You already have a seat at this table.
refusal-too_few_players = A game needs at least two players: join, or add an AI.
refusal-bad_request = That request is out of range.
refusal-bad_request-seat_count = A table has { $min } to { $max ->
        [one] { $max } seat
       *[other] { $max } seats
    }.
refusal-bad_request-bad_variant = The variant must be basic or advanced.
refusal-bad_request-bad_name = A name is needed (at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }).
refusal-bad_request-bad_level = There is no such AI level.
refusal-conceded = You conceded; the AI plays your seat now.
refusal-finished = This game is over.
refusal-abandoned = This game was abandoned.
refusal-not_your_decision = You have nothing to decide right now.
refusal-stale = That choice is no longer open: the game has moved on. Press Take my turn for a fresh panel.
refusal-stale-already_recorded = That choice is already recorded.
rules-overview = Hadara in short: three epochs, each a draft around the wheel (Phase A), then the discards (Phase B), with income, colonies and statues after each phase, and feeding and medals at the end of the epoch. Topics: { $topics }.
rules-name-wheel = wheel
rules-name-draft = draft
rules-name-discount = discount
rules-name-selling = selling
rules-name-phase_b = phase B
rules-name-income = income
rules-name-colonies = colonies
rules-name-statues = statues
rules-name-feeding = feeding
rules-name-medals = medals
rules-name-scoring = scoring
rules-name-purple = purple effects
rules-wheel = Five decks lie round the wheel, one per colour. At the start of each epoch its first player turns the wheel to any position; every player's emblem then points at a deck, and all emblems move one deck on after each round (R-A1, R-S6).
rules-draft = Phase A, five rounds: everyone at once draws 2 cards from the deck their emblem points at, keeps one and discards the other face up on that colour's pile. The kept card is bought or sold. Choices are revealed together; you may change yours until the last player has chosen (R-A2, R-A4).
rules-discount = A card costs its printed cost minus 1 for each card of that colour you already own, never below 0 (R-A3).
rules-selling = Instead of buying, sell the card for 2, 3 or 4 coins in epoch I, II or III (P1 adds 1). A Phase-A sale stays secret, a Phase-B sale is public; a card you cannot afford can only be sold (R-A3, R-C2).
rules-phase_b = Phase B: from the first player, in play order, each takes the top card of any discard pile and buys or sells it, until the piles are empty — 5 turns each (R-B1).
rules-income = After each phase every player gains as many coins as their income track shows; P8 adds 2 per other track above income (E1).
rules-colonies = After each phase, in play order: take the top colony tile of one level your military reaches (3, 9, 15, 21, 30) and that you hold none of. Plunder it for its coins, or pay to integrate it (flip it, gain its back's tracks). The side up scores (E2).
rules-statues = After each phase, in play order: carve one statue whose culture requirement you reach (6, 12, 20, 30), with an unused bonus tile: colour side up raises that track, points side up scores extra points (E3).
rules-feeding = After Phase B: count your cards of the epochs (purple too). If food is lower, remove cards one at a time until the count fits — removing a food card lowers food (F1, D-11). P6 lets you pay coins instead.
rules-medals = After feeding, all at once: buy silver medals (placing an unused bonus tile) and gold medals, at most 2 of each per game. Silver 4/9/20, gold 6/12/30 coins in epoch I/II/III (M1).
rules-scoring = At the end: colonies, statues, silver medals (half the matching track, rounded up), gold medals (7 per medal per set of five colours), card points, purple sets (P11) and 1 point per 5 coins. Most points wins; ties go to the most coins left, then a shared win (G1, G2).
rules-purple = Purple cards have no track of their own but carry effects P1–P15: better sales, bonus tiles, colour synergy, statue bonus, cheaper medals, paying to feed, surplus food, income bonus, colony coins, full silver, purple sets, gold wildcard, double actions, lower or bought requirements. Look one up with /hadara card.
card-choice = { $name } · { $epoch } · { $colour }
card-line = { $colour } card of epoch { $epoch } · cost { $cost } · { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · gains: { $gains }
card-gain = +{ $n } { $track }
card-no_gains = none
card-effect = **{ $id } — { $name }**: { $text }
card-advanced = Only in the advanced game.
card-unknown = There is no card called '{ $name }'. Pick one from the list as you type.
