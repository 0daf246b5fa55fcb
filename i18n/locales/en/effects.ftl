# The purple effects P1–P15 (hadara/effects.py words them from here).
# effect-<id>-name: a short title; effect-<id>-text: the sentence on a full card face and in the
# effect list; effect-<id>-summary: one short line (about 25 characters) for small cards.
# Every number comes from the content: the effect's parameters in data/rules.json, under their
# own names ($coins, $steps …), and a P5 card's own medal prices ($silver, $gold: one epoch's
# price, or all three as "3/7/16"). Never write one of those numbers here.
# $track, $income, $food: a track's name (track-* in content.ftl); in effect-P3-text $track
# begins the sentence and arrives with a capital letter. $colour: a card colour's code (yellow,
# red, blue, green), or "none" for a P3 effect named without its card.

## Titles

effect-P1-name = Better sales
effect-P2-name = Bonus tile on the card
effect-P3-name = Colour synergy
effect-P4-name = Statue bonus
effect-P5-name = Cheaper medals
effect-P6-name = Feed with coins
effect-P7-name = Surplus food
effect-P8-name = Income bonus
effect-P9-name = Colony coins
effect-P10-name = Full silver
effect-P11-name = Purple sets
effect-P12-name = Gold wildcard
effect-P13-name = Double action
effect-P14-name = Lower requirements
effect-P15-name = Buy requirements

## Texts

effect-P1-text = Selling a card: +{ $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }
effect-P2-text = Put a bonus tile here: its track +{ $steps }
effect-P3-text = { $track } +{ $steps } per { $colour ->
        [yellow] { colour-yellow }
        [red] { colour-red }
        [blue] { colour-blue }
        [green] { colour-green }
       *[other] its colour
    } card, now and later
effect-P4-text = Each statue: its tile's track +{ $steps }, or +{ $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
effect-P5-text = Medals cost less: silver { $silver }, gold { $gold }
effect-P6-text = Feeding: pay { $coins_per_card ->
        [one] { $coins_per_card } coin
       *[other] { $coins_per_card } coins
    } a card instead (max { $max_cards })
effect-P7-text = Feeding: +{ $coins_per_food ->
        [one] { $coins_per_food } coin
       *[other] { $coins_per_food } coins
    } per spare { $food } (max { $max })
effect-P8-text = Income: +{ $coins_per_track } per track above { $income }
effect-P9-text = Taking a colony: +{ $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    }
effect-P10-text = One silver medal scores the full track
effect-P11-text = Game end: { $points_per_set ->
        [one] { $points_per_set } pt
       *[other] { $points_per_set } pts
    } per set of 5 colours
effect-P12-text = Gold medals: counts as any colour
effect-P13-text = Two colonies and two statues per step
effect-P14-text = Colony and statue requirements −{ $reduction }
effect-P15-text = Pay { $coins_per_point ->
        [one] { $coins_per_point } coin
       *[other] { $coins_per_point } coins
    } per requirement point (max { $max_coins })

## Summaries

effect-P1-summary = +{ $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    } per sale
effect-P2-summary = bonus tile: track +{ $steps }
effect-P3-summary = { $track } +{ $steps } per { $colour ->
        [yellow] { colour-yellow }
        [red] { colour-red }
        [blue] { colour-blue }
        [green] { colour-green }
       *[other] same-colour
    } card
effect-P4-summary = statues: +{ $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    } or +{ $points ->
        [one] { $points } pt
       *[other] { $points } pts
    }
effect-P5-summary = medals: silver { $silver }, gold { $gold }
effect-P6-summary = feed: { $coins_per_card ->
        [one] { $coins_per_card } coin
       *[other] { $coins_per_card } coins
    } a card, max { $max_cards }
effect-P7-summary = +{ $coins_per_food } per spare { $food }, max { $max }
effect-P8-summary = +{ $coins_per_track ->
        [one] { $coins_per_track } coin
       *[other] { $coins_per_track } coins
    } per track above { $income }
effect-P9-summary = +{ $coins ->
        [one] { $coins } coin
       *[other] { $coins } coins
    } per colony
effect-P10-summary = a silver medal scores full
effect-P11-summary = { $points_per_set ->
        [one] { $points_per_set } pt
       *[other] { $points_per_set } pts
    } per 5-colour set
effect-P12-summary = wildcard for gold medals
effect-P13-summary = 2 colonies, 2 statues
effect-P14-summary = requirements −{ $reduction }
effect-P15-summary = { $coins_per_point ->
        [one] { $coins_per_point } coin
       *[other] { $coins_per_point } coins
    } per point, max { $max_coins }

## Words inside the texts

# A P3 effect's track when the effect is named without its card (no colour known).
effect-its_track = its track
