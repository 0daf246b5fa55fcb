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
play-select-part = { $placeholder } ({ $part }/{ $parts })
play-none = none
play-setup-intro = Setup card { $card } · initiative { $initiative }. Choose the side you play with.
play-setup-side = **Side { $side }**: { $coins } coins, { $tracks }
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
play-colony-p9 = P9: +{ $bonus } coins when you take a colony.
play-colony-level = **Colony { $level }** ({ $count } left): plunder +{ $plunder } · integrate for { $cost } · { $points } points
play-colony-empty = **Colony { $level }**: none left
play-reduction = P14 lowers requirements by { $reduction }.
play-second_action = This is your second action this turn (P13).
play-pay = {" "}· pay { $pay } coins to reach it (P15)
play-statue-intro = Culture { $culture } · coins { $coins } · bonus tiles: { $tiles }. Choose a space, a bonus tile and its side, or carve none.
play-statue-space = **Statue { $space }** (culture { $requirement }): { $points } points · colour side +{ $steps } track steps · points side { $side_points } points
play-statue-taken = **Statue { $space }**: already carved
play-feeding-intro = { $count } cards, { $food } food: remove { $must } more.
play-feeding-satisfied = { $count } cards, { $food } food: everyone is fed.
play-feeding-removed = Removed so far: { $cards }
play-feeding-paid = Paid instead of removing: { $count }
play-feeding-food_note = Removing a card that gives food lowers your food, so you may need to remove more.
play-feeding-p6 = P6: pay { $cost } coins instead of removing a card (you have { $coins }; { $left } payments left).
play-feeding-points = { $points } points
play-feeding-effect = effect { $effect }
play-feeding-p2_tile = carries a { $tile } tile
play-medals-intro = You have { $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }. Silver medal { $silver } ({ $silver_left } left) · gold medal { $gold } ({ $gold_left } left).
play-medals-silver_values = A silver medal would score now: { $values }.
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
