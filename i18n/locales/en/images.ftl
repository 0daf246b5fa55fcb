### The words drawn on the images (rendering/): the table, the players' boards, the private
### decision pictures, the round reveal, the scores and the leaderboard.
### Card, colour, track and effect names, refusal reasons and step names come from their own
### catalogs; here are the images' headings, labels, legends and units. Space is tight:
### keep translations about as short as the English (the images squeeze a line a little, then
### cut it, and the tests fail on a cut).

## Shared pieces

# A seat whose name has nothing drawable.
image-player = Player { $n }
# Between sentences drawn one after the other.
image-sentence-gap = { " " }
image-list-separator = { ", " }
image-list-and = { $head } and { $last }
image-page = Page { $page } of { $pages }.
image-pts = pts
image-pay = pay { $cost }
image-none-left = none left
image-effect-line = { $card }: { $text }
image-have = { $track } { $value }
image-have-reduced = { $track } { $value } (requirements −{ $reduction }, P14)

# Letters inside the track icons, bonus tiles and medals (one letter or character each).
image-letter-yellow = I
image-letter-red = M
image-letter-blue = C
image-letter-green = F
image-letter-purple = P
image-letter-silver = S
image-letter-gold = G

## Where the game is (headers)

image-status-line = { $where } · { $now }
image-status-epoch = Epoch { $epoch }
image-status-over = Game over
image-status-final-scores = final scores
image-status-setup = Setup
image-status-setup-sides = choosing setup card sides
image-status-phase-a = Epoch { $epoch } · Phase A
image-status-phase-b = Epoch { $epoch } · Phase B
image-status-after-a = Epoch { $epoch } · after Phase A
image-status-after-b = Epoch { $epoch } · after Phase B
image-status-wheel = setting the wheel
image-status-round = round { $round } of { $rounds }
image-status-take = take { $take } of { $takes }
image-status-colonies = colonies
image-status-statues = statues
image-status-feeding = feeding
image-status-medals = medals

## The table

image-table-first = first
image-table-winner = winner
image-table-shared-victory = shared victory
image-table-to-act = to act
image-table-caption-wheel = { $name } turns the wheel to choose the deck their emblem points to
image-table-caption-phase-b = Phase B: in play order, take the top card of any discard pile
image-table-caption-setup = Players choose the side of their setup card
image-table-caption-waiting = Draw piles wait for Phase A
image-table-caption-empty = Draw piles are empty until the next epoch
image-table-deck = deck
image-table-pile = pile of { $count }
image-table-pile-empty = discard pile empty
image-table-effect-card = { $card }:
image-table-colonies = Colonies
image-table-colonies-legend = — military needed, tiles left, top tile
image-table-step-colony = Colonies in play order: take a tile your military reaches; plunder its coins, or pay to integrate it.
image-table-step-statue = Statues in play order: carve one your culture reaches with a bonus tile, colour side or points side up.
image-table-step-feeding = Feeding, everyone at once: keep no more cards than your food; remove the rest.
image-table-step-medals = Medals, everyone at once: silver costs { $silver } (up to { $max }), gold { $gold }.
image-table-column-left = left
image-table-column-plunder = plunder
image-table-column-integrate = integrate
image-table-column-points = points
image-table-column-taken = taken by
image-table-statues = Statues
image-table-statues-legend = — culture needed and points
image-table-statue-tile = tile: track +{ $steps }
image-table-statue-points = or +{ $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
image-table-final-standings = Final standings
image-table-final-legend = points · coins left
image-table-g2-single = Most points wins: { $name } with { $points }. A tie would go to the most coins left (G2).
image-table-g2-coins = { $names } tie on { $points ->
        [one] { $points } point
       *[other] { $points } points
    }: the most coins left wins (G2), { $name } with { $coins }.
image-table-g2-shared = { $names } tie on { $points ->
        [one] { $points } point
       *[other] { $points } points
    } and on coins left ({ $coins }): a shared victory (G2).

## The players' boards

image-players-key-cards = cards
image-players-key-tiles = bonus tiles
image-players-key-colonies = colonies
image-players-key-statues = statues
image-players-key-medals = medals

## Card faces and colony tiles

# "Yellow · income": a card's colour and the track it raises.
image-card-band = { $colour } · { $track }
image-card-gain = +{ $n } { $track }
image-card-no-track = no track
image-card-no-gains = raises no track
image-card-printed = printed { $cost } − { $owned } owned
image-card-sell = or sell for +{ $value }
image-colony-integrate = integrate:

## Decision pictures

image-hand-nothing = Nothing to decide now. Your cards: { $count }
image-hand-nothing-paged = Nothing to decide now. Your cards: { $count } · page { $page } of { $pages }
image-hand-no-cards = No cards yet.

image-setup-title = Setup · your setup card
image-setup-chosen = Your choice: side { $side } (you may change it until all chose).
image-setup-choose = Choose side A or B of your setup card.
image-setup-initiative = Initiative { $initiative }.
image-setup-side = Side { $side }
image-setup-tag-chosen = CHOSEN

image-wheel-line = Point your emblem at a deck. Each row: where every seat draws in round 1.
image-wheel-point-at = Point at

image-draft-picked-buy = Your pick: buy { $card }. You may change it until the round resolves.
image-draft-picked-sell = Your pick: sell { $card }. You may change it until the round resolves.
image-draft-offer = From the { $colour } deck: keep one card and buy or sell it; the other goes face up on its discard pile.
image-draft-offer-any = From the deck: keep one card and buy or sell it; the other goes face up on its discard pile.
image-draft-tag-buy = YOUR PICK: BUY
image-draft-tag-sell = YOUR PICK: SELL
image-draft-tag-sell-only = SELL ONLY

image-phase-b-line = Your turn: take the top card of a pile, then buy it or sell it.
image-phase-b-struck = Struck prices are more than your coins.
image-phase-b-buy = buy { $cost }
image-phase-b-sell = sell +{ $value }

image-feeding-must = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, { $food } food: remove { $must } more.
image-feeding-fed = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, { $food } food: fed, nothing more to remove.
image-feeding-paid = { $paid } paid for (P6).
image-feeding-lose = Removing a card loses its gains, points and effect.
image-feeding-p6 = Or pay { $cost ->
        [one] { $cost } coin
       *[other] { $cost } coins
    } a card instead: { $left ->
        [one] { $left } payment
       *[other] { $left } payments
    } left
image-feeding-also = Also: { $effects }
image-feeding-tag-remove = REMOVE
image-feeding-no-cards = No cards.

image-colony-line = { $have }. Take the top tile of one level, or pass.
image-colony-line-second = Second colony (P13): { $have }. Take the top tile of one level, or pass.
image-colony-note-p9 = P9: +{ $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    } when you take one, before integrating.
image-colony-note-plunder = Plunder: take the coins; the tile scores the points shown.
image-colony-note-integrate = Integrate: pay the cost, turn the tile over, gain its back.
image-colony-integrate-pay = integrate: pay { $cost }
image-colony-left = { $count } left
image-colony-reach-both = In reach: plunder or integrate
image-colony-reach-plunder = In reach: plunder only (integrating costs { $cost })
image-colony-pay-both = Pay { $pay ->
        [one] { $pay } coin
       *[other] { $pay } coins
    } (P15), then plunder or integrate
image-colony-pay-plunder = Pay { $pay ->
        [one] { $pay } coin
       *[other] { $pay } coins
    } (P15), then plunder only (integrating costs { $cost })

image-statue-line = { $have }. Carve one statue with a bonus tile, or pass.
image-statue-line-second = Second statue (P13): { $have }. Carve one statue with a bonus tile, or pass.
image-statue-your-tiles = Your bonus tiles:
image-statue-needs = needs
image-statue-colour-side = colour side up
image-statue-points-side = points side up
image-statue-track = track +{ $steps }
image-statue-carved = Carved:
image-statue-placed-colour = { $tile } tile, colour side up
image-statue-placed-points = { $tile } tile, points side up
image-statue-reach = In reach: place a tile either side up
image-statue-reach-pay = In reach: pay { $pay ->
        [one] { $pay } coin
       *[other] { $pay } coins
    } (P15) and place a tile

image-medals-line = Buy silver and gold medals one at a time, then say you are done. Points are what each would score now.
image-medals-silver = Silver medal
image-medals-gold = Gold medal
image-medals-left = { $left } of { $total } left
image-medals-tiles = { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
}
image-medals-points = +{ $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
image-medals-one-more = One more would score
image-medals-can-silver = You can buy one now: choose the tile colour
image-medals-can-gold = You can buy one now
image-medals-unavailable = Not available now

## The round reveal

image-reveal-title = Epoch { $epoch } · round { $round } of { $rounds }: kept
image-reveal-discarded = discarded
image-reveal-paid = paid { $cost }
image-reveal-sold = sold a { $colour } card
# "for [coins] +3 coins": the words before and after the coins (either may be empty: { "" }).
image-reveal-for = for
image-reveal-coins = coins
image-reveal-none = none

## Scores

image-scores-final = Final scores
image-scores-so-far = Scores so far
image-scores-winner = winner
image-scores-shared-victory = shared victory
image-scores-leading = leading
image-scores-tied = tied for the lead
image-scores-ranked = Ranked by points; a tie goes to most coins left (G2).
image-scores-tie-shared = Tie on { $points ->
    [one] { $points } point
   *[other] { $points } points
} and coins left: shared victory
image-scores-tie-coins = Tie on { $points ->
    [one] { $points } point
   *[other] { $points } points
}: most coins left wins
image-scores-tie-coins-shared = Tie on { $points ->
    [one] { $points } point
   *[other] { $points } points
}: most coins left share the victory
image-scores-category-colonies = Colonies
image-scores-category-statues = Statues
image-scores-category-silver_medals = Silver medals
image-scores-category-gold_medals = Gold medals
image-scores-category-cards = Cards
image-scores-category-purple_sets = Purple sets
image-scores-category-coins = Coins (per 5)
image-scores-category-total = Total
image-scores-category-coins_left = Coins left
image-scores-totals = Totals
image-scores-rank-label = Rank
image-scores-rank = { $rank ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $rank }th
}

## Leaderboard

image-leaderboard-title = Leaderboard
image-leaderboard-player = Player
image-leaderboard-rating = Rating
image-leaderboard-games = Games
image-leaderboard-points = Points
image-leaderboard-empty = No rated games yet.
image-leaderboard-line = { $position }. { $name } — { $rating } ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    })

## Profile (rendering/profile.py): a player's figures on a server, as a picture and as text.
## $name is a person's name; $label a word of this section; $value a figure or a list of them.

image-profile-new = New
image-profile-name_new = { $name } (new)
image-profile-rating = Rating
image-profile-rating_value = { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
image-profile-unrated = Not rated yet
# the labels under a tile's number
image-profile-games = { $games ->
        [one] game
       *[other] games
    }
image-profile-wins = { $wins ->
        [one] win
       *[other] wins
    }
image-profile-games_wins = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } · { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }
image-profile-finish = Games finished
# a usual (median) time to move in live games and in multi-day games: on a tile, "Usual move"
# above "live"; in the text, image-profile-move_kind
image-profile-move = Usual move
image-profile-live = live
image-profile-timed = multi-day
image-profile-move_kind = { $label }, { $kind }
image-profile-deadlines = Deadlines met
image-profile-percent = { $percent }%
# a usual time to move, in one unit
image-profile-seconds = { $n } s
image-profile-minutes = { $n } min
image-profile-hours = { $n } h
image-profile-days = { $n } d
image-profile-paths = Favourite paths
image-profile-path = { $colour } · { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }
image-profile-rivals = Rivals
# games played together, then the games they finished ahead – behind the rival
image-profile-rival_record = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } · { $ahead }–{ $behind }
image-profile-rival = { $name } · { $record }
image-profile-best = Best game
image-profile-best_value = #{ $game }
image-profile-private = Figures kept private
image-profile-field = { $label }: { $value }

## The recap (rendering/recap.py): the caption above each frame of the end-of-game animation

# $epoch is a Roman numeral (I, II, III).
image-recap-epoch = End of epoch { $epoch }
image-recap-final = Final result
