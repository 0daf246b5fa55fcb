### Player-facing strings: play (the "Take my turn" button and the decision panels).

play-take_turn = Take my turn
play-hint = Hint
play-back = Back
play-option = Choose
play-picked_mark = ✓ { $label }
play-title = Game #{ $game } · Epoch { $epoch } · { $step }
play-title-idle = Game #{ $game } · Epoch { $epoch }
play-step-setup_side = Setup side
play-step-wheel = The wheel
play-step-draft = Phase A · round { $round }
play-step-phase_b = Phase B
play-step-colony = Colony
play-step-statue = Statue
play-step-feeding = Feeding
play-step-medals = Medals
play-group-card = { $name } ({ $colour }) · buy { $buy } / sell +{ $sell }
play-group-buy = Buy
play-group-sell = Sell
play-group-tile = { $tile } tile
play-group-space = Statue { $space } (culture { $requirement })
play-group-colony = Colony { $level }
play-group-silver = Silver medal
play-group-gold = Gold medal
play-step_path = Your choice so far: { $path }
play-select-step = Choose…
play-select-choose = Choose an option…
play-select-feeding = Choose a card to remove…
play-select-feeding_batch = { $must ->
        [one] Choose the card to remove…
       *[other] Choose the { $must } cards to remove…
    }
play-select-feeding_batch_p6 = { $must ->
        [one] Choose the card to remove, or pay…
       *[other] Choose { $must }: cards to remove, or payments…
    }
play-feeding-option = { $name } ({ $colour })
play-feeding-loses = Loses { $what }
play-feeding-pay_option = { $label } (#{ $n })
play-decide-feeding = { $must ->
        [one] Pick the card to remove in the menu below.
       *[other] Pick the { $must } cards to remove in the menu below, all at once.
    }
play-decide-feeding_p6 = { $must ->
        [one] Pick the card to remove in the menu below, or a P6 payment instead.
       *[other] Pick { $must } in the menu below, all at once: cards to remove, or P6 payments instead.
    }
play-decide-feeding_one = Choose a card to remove ({ $must } more).
play-decide-feeding_food = Cards that give food lower your food when they go: pick one more for each.
play-decide-setup_side = Pick the side of your setup card below.
play-decide-wheel = Point your emblem at a deck: it decides which deck everyone draws from in round 1.
play-decide-draft = Keep one card below: buy it or sell it; the other goes to the discards.
play-decide-phase_b = Pick a pile below, then buy or sell its top card.
play-decide-colony = Pick a colony below to plunder or integrate, or take none.
play-decide-statue = Pick a space below, then a bonus tile and its side, or carve none.
play-decide-medals = Buy medals below one at a time, then finish.
play-decide-picked = Your pick: { $mode } { $card }.
refusal-bad_request-feed_too_few = That does not feed your people yet: pick { $more } more (a card that gives food lowers your food when it goes).
refusal-bad_request-feed_too_many = Your people are fed with fewer: pick { $extra } fewer.
play-select-part = { $placeholder } ({ $part }/{ $parts })
play-none = none
play-setup-intro = Setup card { $card } · initiative { $initiative }. Choose the side you play with.
play-setup-side = **Side { $side }**: { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }, { $tracks }
play-setup-chosen = Your choice: side { $side }.
play-wheel-intro = Point your emblem at a deck: it decides which deck everyone draws from in round 1.
play-wheel-option = **{ $colour }**: { $draws }
play-wheel-draw = { $player } { $colour }
play-draft-intro = Your deck: { $colour } · you have { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }. Keep one card and buy or sell it; the other goes to the discards.
play-phase_b-intro = You have { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }. Take the top card of a discard pile: buy it or sell it.
play-card-line = **{ $name }** ({ $colour }): buy { $buy } · sell +{ $sell }
play-card-tiles = {" "}· a buy places a bonus tile: { $tiles }
play-card-cannot_afford = {" "}· too expensive for you now
play-card-picked_buy = {" "}· **your pick: buy**
play-card-picked_sell = {" "}· **your pick: sell**
play-colony-intro = Military { $military } · coins { $coins }. Plunder or integrate a colony, or take none.
play-colony-p9 = P9: +{ $bonus ->
        [one] { $bonus } coin
       *[other] { $bonus } coins
    } when you take a colony.
play-colony-level = **Colony { $level }** ({ $count } left): plunder +{ $plunder } · integrate for { $cost } · { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
play-colony-empty = **Colony { $level }**: none left
play-reduction = P14 lowers requirements by { $reduction }.
play-second_action = This is your second action this turn (P13).
play-pay = {" "}· pay { $pay ->
        [one] { $pay } coin
       *[other] { $pay } coins
    } to reach it (P15)
play-statue-intro = Culture { $culture } · coins { $coins } · bonus tiles: { $tiles }. Choose a space, a bonus tile and its side, or carve none.
play-statue-space = **Statue { $space }** (culture { $requirement }): { $points ->
        [one] { $points } point
       *[other] { $points } points
    } · colour side +{ $steps ->
        [one] { $steps } track step
       *[other] { $steps } track steps
    } · points side { $side_points ->
        [one] { $side_points } point
       *[other] { $side_points } points
    }
play-statue-taken = **Statue { $space }**: already carved
play-feeding-intro = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, { $food } food: remove { $must } more.
play-feeding-satisfied = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, { $food } food: everyone is fed.
play-feeding-removed = Removed so far: { $cards }
play-feeding-paid = Paid instead of removing: { $count }
play-feeding-food_note = Removing a card that gives food lowers your food, so you may need to remove more.
play-feeding-p6 = P6: pay { $cost ->
        [one] { $cost } coin
       *[other] { $cost } coins
    } instead of removing a card (you have { $coins }; { $left ->
        [one] { $left } payment
       *[other] { $left } payments
    } left).
play-feeding-points = { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
play-feeding-effect = effect { $effect }
play-feeding-p2_tile = carries a { $tile } tile
play-medals-intro = You have { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }. Silver medal { $silver } ({ $silver_left } left) · gold medal { $gold } ({ $gold_left } left).
play-medals-silver_values = A silver medal would score now: { $values }.
# One colour a silver medal can take and what it would score: the colour's name (hadara.words.colour_name), never its key.
play-medals-silver_value = { $colour } { $points }
play-medals-gold_value = One more gold medal would score { $value } now.
play-unavailable-head = **Not available now:**
play-unavailable-line = · { $label }: { $reason }
play-unavailable-more = · … and { $count } more
play-footer-changeable = Everyone chooses at the same time. You can change your choice until everyone has chosen.
play-footer-simultaneous = Everyone chooses at the same time; choices are revealed when all have finished.
play-chosen = ✅ Chosen: { $label }.
play-chosen-changeable = ✅ Chosen: { $label }. You can change this until everyone has chosen.
play-chosen-resolved = ✅ Chosen: { $label }. Everyone has chosen: the reveal is in the game's thread.
play-chosen-next = ✅ Chosen: { $label }. Next:
play-chosen-hidden = ✅ Chosen: { $label }. It is revealed when everyone has finished.
play-stale = ⚠️ That choice is no longer current; here is your decision now.
play-over = The game is over.
play-stale-pick_stood = { $mode ->
        [sell] ✅ The round was revealed before your change: you sold { $card }.
        [side] ✅ Everyone had chosen before your change: you took side { $card }.
       *[buy] ✅ The round was revealed before your change: you bought { $card }.
    }
play-done = ⚙️ Done for you (your only choice): { $label }.
play-taken_over = 🤖 The AI plays your seat after missed deadlines; /hadara rejoin to play again.
play-final-title = Game #{ $game } · Final scores
play-final-row = { $rank }. { $name }: { $total ->
        [one] { $total } point
       *[other] { $total } points
    }
play-final-row-you = **{ $rank }. { $name } (you): { $total ->
        [one] { $total } point
       *[other] { $total } points
    }**
play-final-conceded = (conceded)
play-final-thread = The final scores and the recap are in the game's thread.
play-waiting_on = Nothing to decide for you now. Waiting for: { $names }.
play-nothing_to_decide = Nothing to decide for you now.
play-dm-turn = Your turn in game #{ $game }.
play-dm-turn_link = Your turn in game #{ $game }: { $url }
play-refuse-malformed = That choice could not be read; open your panel again.
refusal-bad_request-hints_off = Hints are turned off in this game.
play-hint-answer =
    💡 Suggestion: **{ $label }**
    { $reason }
play-hint-failed = No hint is available right now.
