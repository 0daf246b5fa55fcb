### Player-facing strings: engine (hadara.narrate): the game log's events, action labels,
### option and refusal reasons and step names, worded from the engine's codes. Names of
### cards, colours and tracks come from content.ftl (card-*, colour-*, track-*); the code
### adds the two spaces that indent a detail line of the log.

## Lists

engine-list-and = {" and "}
# Between clauses of one line ("removes …; pays for 1 card").
engine-list-semi = {"; "}

## Pieces shared by labels and events

# A card with its colour: "Trader (yellow)".
engine-card = { $name } ({ $colour })
# One track gain: "income +1"; a list of them is joined with engine-list-sep.
engine-gain = { $track } +{ $steps }
engine-gains-none = nothing
engine-gains-no_track = no track
# A track and its value: "income 3".
engine-track_value = { $track } { $value }
# A bought card's immediate effects (P2, P3, P4): " (P3: income +2)".
engine-effect = { $effect }: { $track } +{ $steps }
engine-effects-sep = {"; "}
engine-effects = {" "}({ $effects })
# After a purchase that placed a bonus tile (P2).
engine-tile = {", "}tile { $tile }

## Names of codes

engine-variant-basic = basic
engine-variant-advanced = advanced
engine-medal-silver = silver
engine-medal-gold = gold
engine-score-colonies = colonies
engine-score-statues = statues
engine-score-silver_medals = silver medals
engine-score-gold_medals = gold medals
engine-score-cards = cards
engine-score-purple_sets = purple sets
engine-score-coins = coins
engine-hint-only_legal = It is the only legal action.
engine-hint-track = { $track } { $delta }
engine-hint-points = { $delta } { $n ->
    [one] point
   *[other] points
}
engine-hint-coins = { $delta } { $n ->
    [one] coin
   *[other] coins
}
engine-hint-medal = a medal
engine-hint-nothing = no immediate change
engine-hint-greedy = { $label }: { $what }; it leaves you better placed than { $next } would.
engine-hint-search = { $label }: it did best when the AI played this position out many times (next best: { $next }).
engine-hint-wheel = { $label }: the colour you hold fewest of, so that your colours stay balanced for sets.
engine-hint-untried = untried
engine-hint-random = picked at random among the legal actions
engine-hint-agent = the { $name } player's choice
engine-review-your_move = You chose { $taken } ({ $changed }), { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } points below { $best }.
engine-review-rollout = { $best }: { $changed }; over { $budget } sampled futures played on to the end of the epoch it points to { NUMBER($value_best, minimumFractionDigits: 1, maximumFractionDigits: 1) } points at the end of the game on average, against { NUMBER($value_taken, minimumFractionDigits: 1, maximumFractionDigits: 1) } after { $taken }.

## Step names (after "during", and as titles)

engine-step-setup_side = choosing setup sides
engine-step-wheel = setting the wheel
engine-step-draft = the Phase-A draft
engine-step-phase_b = Phase B
engine-step-colony = the colony step
engine-step-statue = the statue step
engine-step-feeding = feeding
engine-step-medals = buying medals
engine-step-over = the end of the game

## Action labels (buttons and logs)

engine-label-buy = Buy { $card } · { $cost }
engine-label-buy-tile = Buy { $card } · { $cost } · tile { $tile }
engine-label-sell = Sell { $card } · +{ $value }
engine-label-wheel = Point at the { $colour } deck
# $tracks: engine-gain pieces, or engine-gains-no_track.
engine-label-setup_side = Side { $side }: { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }, { $tracks }
# Appended to a colony or statue label when coins lower the requirement (P15).
engine-label-pay = {" "}(pay { $pay } to lower the requirement)
engine-label-plunder-coins = {" "}· +{ $coins }
# $coins: engine-label-plunder-coins or nothing; $pay: engine-label-pay or nothing.
engine-label-plunder = Plunder colony { $level }{ $coins }{ $pay }
engine-label-integrate-cost = {" "}· cost { $cost }
# $cost: engine-label-integrate-cost or nothing; $pay: engine-label-pay or nothing.
engine-label-integrate = Integrate colony { $level }{ $cost }{ $pay }
engine-label-colony_skip = Take no colony
engine-label-statue-colour = Statue { $space } ({ $requirement }) · { $tile } tile, { $track } +{ $steps }{ $pay }
engine-label-statue-points = Statue { $space } ({ $requirement }) · { $tile } tile, +{ $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $pay }
engine-label-statue_skip = Carve no statue
engine-label-feed_remove = Remove { $card } ({ $colour }, { $gains })
engine-label-feed_pay = Pay { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    } instead of removing a card
engine-label-medal-silver = Silver medal · { $tile } tile · { $cost }
engine-label-medal-gold = Gold medal · { $cost }
engine-label-medals_done = Done buying medals

## Reasons. Option reasons are clauses after a label ("Integrate colony 12: needs military
## 12, you have 8."); action reasons are sentences. Neither ends with a full stop.

engine-reason-have = you have { $have }
engine-reason-have-p14 = you have { $have } + { $reduction } from P14
engine-reason-card_cost = costs { $cost ->
        [one] { $cost } coin
       *[other] { $cost } coins
    }, you have { $have }
engine-reason-medal_cost = costs { $cost ->
        [one] { $cost } coin
       *[other] { $cost } coins
    }, you have { $have }
engine-reason-already_hold_level = you already hold a colony of level { $level }
engine-reason-no_colony_left = no colony of level { $level } is left
# $have: engine-reason-have or engine-reason-have-p14.
engine-reason-needs_military = needs military { $level }, { $have }
engine-reason-needs_culture = needs culture { $level }, { $have }
engine-reason-requirement_payment = lowering the requirement costs { $pay }, you have { $have }
engine-reason-integrate_cost = integrating costs { $cost }, you have { $have }
engine-reason-no_bonus_tile = you have no unused bonus tile
engine-reason-p6_max_payments = P6 allows at most { $max ->
        [one] { $max } payment
       *[other] { $max } payments
    } per feeding
engine-reason-p6_cost = paying costs { $cost }, you have { $have }
# $kind: the medal code, silver or gold.
engine-reason-max_medals = at most { $max } { $kind ->
        [silver] silver
       *[gold] gold
    } { $max ->
        [one] medal
       *[other] medals
    } per game
# $type: the action's code; $step: an engine-step-* name.
engine-reason-wrong_step = '{ $type }' is not a choice during { $step }
engine-reason-no_such_card = There is no card '{ $card }'
engine-reason-not_in_hand = { $card } is not in your hand
engine-reason-not_on_top = { $card } is not on top of a discard pile
engine-reason-not_in_tableau = { $card } is not in your tableau
engine-reason-choose_buy_or_sell = Choose 'buy' or 'sell'
engine-reason-p2_tile = Buying { $card } needs one of your unused bonus tiles: { $tiles }
engine-reason-p2_tile-none = Buying { $card } takes no bonus tile: you have none left
engine-reason-wrong_payment-none = No payment is needed: you already meet the requirement
engine-reason-wrong_payment-gap = The payment must be exactly what closes the requirement gap ({ $per_point ->
        [one] { $per_point } coin
       *[other] { $per_point } coins
    } per point, P15)
engine-reason-wrong_payment = The payment must be exactly what closes the requirement gap: { $expected ->
        [one] { $expected } coin
       *[other] { $expected } coins
    } ({ $per_point } per point, P15)
engine-reason-space_taken = You have already carved statue { $space }
engine-reason-tile_not_held = You have no unused { $tile } bonus tile
engine-reason-no_p6 = Only a P6 card lets you pay instead of removing a card
engine-reason-not_legal = That is not a legal choice now
# A refused action: its label and the reason; or the reason alone (its first letter
# capitalised by the code).
engine-refusal-label = { $label }: { $reason }.
engine-refusal-alone = { $reason }.

## The game log: public events

# $seats: engine-event-seat pieces joined with engine-list-sep; $variant: engine-variant-*
# (the article follows the English word).
engine-event-game_started = { $variant ->
        [advanced] An
       *[other] A
    } { $variant } game of Hadara. Seats in play order: { $seats }.
engine-event-seat = { $name } (initiative { $initiative })
engine-event-setup_revealed = Setup sides: { $sides }
engine-event-setup_side = { $name } { $side }
# $tracks: engine-track_value pieces.
engine-event-setup_done = { $name } starts with { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }, { $tracks }.
engine-event-extra_coin = Extra starting coin: { $names }
engine-event-epoch_started = Epoch { $epoch } begins: { $name } plays first.
engine-event-wheel_set = { $name } sets the wheel: their emblem points at the { $colour } deck.
engine-event-draw = { $name } { $colour }
engine-event-round_started = Phase A, round { $round }: drawing from { $draws }.
# The card a player put on the discard pile, after what they did with the other one.
engine-event-discards = ; discards { $card }
# $tile: engine-tile or nothing; $effects: engine-effects or nothing; $discards:
# engine-event-discards or nothing.
engine-event-round-buy = { $name } buys { $card } for { $cost }{ $tile }{ $effects }{ $discards }.
engine-event-round-sell = { $name } sells a { $colour } card for { $coins }{ $discards }.
engine-event-phase_b_started = Phase B of epoch { $epoch }: take the discards in play order.
engine-event-took-buy = { $name } takes and buys { $card } for { $cost }{ $tile }{ $effects }.
engine-event-took-sell = { $name } takes and sells { $card } for { $coins }.
engine-event-income-seat = { $name } +{ $coins }
engine-event-income = Income: { $incomes }.
engine-event-paying = {" "}(paying { $pay } to lower the requirement)
engine-event-p9 = ; +{ $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    } from P9
# $pay: engine-event-paying or nothing; $bonus: engine-event-p9 or nothing.
engine-event-colony-plunder = { $name } plunders a level-{ $level } colony for { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }{ $pay }{ $bonus }.
engine-event-colony-integrate = { $name } integrates a level-{ $level } colony: { $gains }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $pay }{ $bonus }.
engine-event-colony_skipped = { $name } takes no colony.
engine-event-statue-colour = { $name } carves statue { $space } with a { $tile } tile (+{ $steps } on that track){ $pay }.
engine-event-statue-points = { $name } carves statue { $space } with a tile on its points side{ $pay }.
engine-event-statue_skipped = { $name } carves no statue.
engine-event-undone = { $name } took back their move.
engine-event-feeding-short = { $name } { $cards }
engine-event-feeding_started-fed = Feeding of epoch { $epoch }: everyone has food for their cards.
engine-event-feeding_started = Feeding of epoch { $epoch }: cards to remove or pay for — { $short }.
engine-event-feeding_revealed = Feeding:
engine-event-feeding-removes = removes { $cards }
engine-event-feeding-paid = pays for { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
engine-event-feeding-surplus = gains { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    } from surplus food
# $what: the pieces above joined with engine-list-semi.
engine-event-feeding-seat = { $name }: { $what }.
engine-event-feeding-fed = { $name }: fed.
engine-event-medals_started = Medals of epoch { $epoch }: everyone buys in secret; the purchases are shown together.
engine-event-medals_revealed-none = Medals: nobody buys one.
engine-event-medals_revealed = Medals: { $medals }
# $kind: engine-medal-*.
engine-event-medal = { $name } { $kind } for { $cost }
engine-event-medal-tile = { $name } { $kind } ({ $tile }) for { $cost }
engine-event-final_scores = Final scores:
# $categories: engine-event-score-category pieces; $category: engine-score-*.
engine-event-score = { $name }: { $total } ({ $categories })
engine-event-score-category = { $category } { $points }
# $names: joined with engine-list-sep and engine-list-and; $count: how many.
engine-event-winner = { $count ->
        [one] Winner
       *[other] Winners
    }: { $names }

## The game log: private events, addressed to their seat

engine-private-drew = You draw { $cards } from the { $colour } deck.
engine-private-sold_privately = You sell { $card } for { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    } (the others see only its colour).
engine-private-your_tile = {" "}with your { $tile } tile
# $tile: engine-private-your_tile or nothing.
engine-private-pick-buy = Your pick is recorded: buy { $card }{ $tile }.
engine-private-pick-sell = Your pick is recorded: sell { $card }{ $tile }.
engine-private-setup_side_recorded = Your setup side is recorded: side { $side }.
engine-private-feed_remove = You will remove { $card }.
engine-private-feed_pay = You will pay coins instead of removing a card.
engine-private-medal-silver = You will buy a silver medal with your { $tile } tile.
engine-private-medal-gold = You will buy a gold medal.
