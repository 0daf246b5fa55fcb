### Player-facing strings: learn (``/hadara learn``: lessons, mistake notes, progress).

cmd-learn = Learn to play: a private game against gentle AI players, rules explained as they come up
cmd-learn-level = How well the AI players play (novice is the gentlest)
cmd-learn-notes = Short notes when a move loses many points (on by default)
learn-thread_name = Hadara #{ $id } · learning game · { $name }
learn-started = Your learning game #{ $id } is ready in <#{ $thread }>. I explain each rule the first time it matters to you.
learn-welcome = **Welcome to Hadara!** You play against { $count ->
        [one] { $count } AI player
       *[other] { $count } AI players
    }. Press **Take my turn** on the board when it is your turn; **Hint** suggests a move. I explain each rule the first time it matters.
learn-lesson-head = 📘 **{ $name }**
learn-title-wheel = How the wheel works
learn-title-draft = Drawing and keeping a card
learn-title-discount = Cheaper cards of a colour
learn-title-selling = Selling a card
learn-title-phase_b = Phase B: the discard piles
learn-title-income = Income
learn-title-colonies = Taking a colony
learn-title-statues = Carving a statue
learn-title-feeding = Feeding your people
learn-title-medals = Buying medals
learn-title-scoring = How the game is scored
learn-title-purple = Purple card: { $name }
learn-lesson-wheel = You set the wheel: each player's emblem points at one of the five decks, and you choose which deck you draw from first ({ $options ->
        [one] { $options } position
       *[other] { $options } positions
    }). After each round the wheel turns one step, so everyone draws from every colour once.
learn-lesson-draft = You drew 2 cards from the { $colour } deck (only you see them). Keep one and buy or sell it; the other goes face up on its colour's discard pile for Phase B. Everyone picks at once.
learn-lesson-discount = **{ $card }** costs you { $price } instead of { $cost }: every { $colour } card you already own makes the next { $colour } card 1 coin cheaper (never below 0).
learn-lesson-selling = Selling: instead of buying, a kept card can be sold for coins (2 / 3 / 4 in epoch I / II / III; { $coins } here). A card you cannot afford can only be sold. Coins buy later cards, colonies and medals.
learn-lesson-phase_b = Phase B: in play order, take the top card of any discard pile and buy or sell it, until every pile is empty (5 turns each). Everyone sees what you take.
learn-lesson-income = Income: after each phase every player gains as many coins as their income (yellow) track shows — you got { $coins }.
learn-lesson-colonies = A colony is within reach: your military is { $military }, enough for level { $level }. **Plunder** takes { $plunder ->
        [one] { $plunder } coin
       *[other] { $plunder } coins
    }; **integrate** pays { $cost } and turns the tile over for its track gains. One tile per level, kept for good; both sides score.
learn-lesson-statues = You can carve a statue: your culture reaches { $requirement }. Put a bonus tile on it colour side up (+{ $steps } on that track) or points side up (+{ $points ->
        [one] { $points } point
       *[other] { $points } points
    } at the end). One statue per step, kept for good.
learn-lesson-feeding = Feeding: you have { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } but food for { $food }. Remove { $remove ->
        [one] one card
       *[other] { $remove } cards
    } of your choice (no coins back, their gains are lost). Keep your food (green) track up with your card count.
learn-lesson-medals = Medals: buy silver medals (a bonus tile; at the end half its track, rounded up) for { $silver } and gold medals (7 points per set of five colours) for { $gold ->
        [one] { $gold } coin
       *[other] { $gold } coins
    }. At most 2 of each per game; prices rise each epoch.
learn-lesson-scoring = **Your score sheet:** colonies { $colonies }, statues { $statues }, silver medals { $silver_medals }, gold medals { $gold_medals }, cards { $cards }, purple sets { $purple_sets }, coins { $coins } (1 per 5) — { $total ->
        [one] **{ $total }** point
       *[other] **{ $total }** points
    }, rank { $rank }. Most points wins; a tie goes to the most coins left.
learn-lesson-purple = The purple effect of **{ $card }**, **{ $name }**: { $text } It works from the moment you buy the card, as long as you keep it.
learn-note = 💡 A gentle note: you chose { $taken }; a stronger choice here was **{ $best }**, because { $reason }.
learn-because-gain = of what it does now: { $what }
learn-because-later = it sets you up better for the turns to come
learn-notes-off_button = Turn notes off
learn-notes-off = Mistake notes are off. Turn them on again with `/hadara learn notes:True`.
learn-rules-met = Rules you have met in learning games: { $topics }.
learn-rules-none = You have not met any rule in a learning game yet: try `/hadara learn`.
learn-purple_name = purple effect: { $name }
learn-error-forum = A guided game needs a thread of its own: start it from a text channel, not a forum.
