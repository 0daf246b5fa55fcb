# Names of the game's content, in English (hadara/words.py reads them).
# card-<id>: every card of data/cards.json, exactly the content's own name. The English names
# stay in data/ too (the content version stored games refer to); a translation lives only here.
# Colonies, statue spaces and setup cards carry no names in data/, only ids: nothing to name.

## Colours of the cards (yellow income, red military, blue culture, green food, purple effects)

colour-yellow = yellow
colour-red = red
colour-blue = blue
colour-green = green
colour-purple = purple

## The four tracks

track-income = income
track-military = military
track-culture = culture
track-food = food

## Medal kinds

medal-silver = silver medal
medal-gold = gold medal

## Cards, by id

card-I-Y01 = Trader
card-I-Y02 = Weaver
card-I-Y03 = Potter
card-I-Y04 = Money Changer
card-I-Y05 = Caravan Master
card-I-Y06 = Goldsmith
card-I-Y07 = Spice Merchant
card-I-Y08 = Tax Collector
card-I-Y09 = Banker
card-I-Y10 = Guild Master

card-I-R01 = Slinger
card-I-R02 = Spearman
card-I-R03 = Archer
card-I-R04 = Watchman
card-I-R05 = Charioteer
card-I-R06 = Horseman
card-I-R07 = Shield Bearer
card-I-R08 = Captain
card-I-R09 = Siege Engineer
card-I-R10 = General

card-I-B01 = Scribe
card-I-B02 = Storyteller
card-I-B03 = Musician
card-I-B04 = Astronomer
card-I-B05 = Poet
card-I-B06 = Scholar
card-I-B07 = Sculptor
card-I-B08 = Philosopher
card-I-B09 = Architect of Temples
card-I-B10 = High Priest

card-I-G01 = Gatherer
card-I-G02 = Fisher
card-I-G03 = Shepherd
card-I-G04 = Farmer
card-I-G05 = Beekeeper
card-I-G06 = Vintner
card-I-G07 = Miller
card-I-G08 = Irrigator
card-I-G09 = Granary Keeper
card-I-G10 = Gardener

card-I-P01 = Broker
card-I-P02 = Artisan
card-I-P03 = Patron of Trade
card-I-P04 = Patron of Arms
card-I-P05 = Patron of Arts
card-I-P06 = Patron of Harvest
card-I-P07 = Quartermaster
card-I-P08 = Steward
card-I-P09 = Vizier
card-I-P10 = Admiral
card-I-P11 = Strategist
card-I-P12 = Emissary
card-I-P13 = Chronicler
card-I-P14 = Governor

card-II-Y01 = Trader
card-II-Y02 = Weaver
card-II-Y03 = Potter
card-II-Y04 = Money Changer
card-II-Y05 = Caravan Master
card-II-Y06 = Goldsmith
card-II-Y07 = Spice Merchant
card-II-Y08 = Tax Collector
card-II-Y09 = Banker
card-II-Y10 = Guild Master

card-II-R01 = Slinger
card-II-R02 = Spearman
card-II-R03 = Archer
card-II-R04 = Watchman
card-II-R05 = Charioteer
card-II-R06 = Horseman
card-II-R07 = Shield Bearer
card-II-R08 = Captain
card-II-R09 = Siege Engineer
card-II-R10 = General

card-II-B01 = Scribe
card-II-B02 = Storyteller
card-II-B03 = Musician
card-II-B04 = Astronomer
card-II-B05 = Poet
card-II-B06 = Scholar
card-II-B07 = Sculptor
card-II-B08 = Philosopher
card-II-B09 = Architect of Temples
card-II-B10 = High Priest

card-II-G01 = Gatherer
card-II-G02 = Fisher
card-II-G03 = Shepherd
card-II-G04 = Farmer
card-II-G05 = Beekeeper
card-II-G06 = Vintner
card-II-G07 = Miller
card-II-G08 = Irrigator
card-II-G09 = Granary Keeper
card-II-G10 = Gardener

card-II-P01 = Broker
card-II-P02 = Artisan
card-II-P03 = Patron of Trade
card-II-P04 = Patron of Arts
card-II-P05 = Stonemason
card-II-P06 = Herald
card-II-P07 = Quartermaster
card-II-P08 = Steward
card-II-P09 = Silversmith
card-II-P10 = Ambassador
card-II-P11 = Governor
card-II-P12 = Strategist
card-II-P13 = Chronicler
card-II-P14 = Emissary

card-III-Y01 = Trader
card-III-Y02 = Weaver
card-III-Y03 = Potter
card-III-Y04 = Money Changer
card-III-Y05 = Caravan Master
card-III-Y06 = Goldsmith
card-III-Y07 = Spice Merchant
card-III-Y08 = Tax Collector
card-III-Y09 = Banker
card-III-Y10 = Guild Master

card-III-R01 = Slinger
card-III-R02 = Spearman
card-III-R03 = Archer
card-III-R04 = Watchman
card-III-R05 = Charioteer
card-III-R06 = Horseman
card-III-R07 = Shield Bearer
card-III-R08 = Captain
card-III-R09 = Siege Engineer
card-III-R10 = General

card-III-B01 = Scribe
card-III-B02 = Storyteller
card-III-B03 = Musician
card-III-B04 = Astronomer
card-III-B05 = Poet
card-III-B06 = Scholar
card-III-B07 = Sculptor
card-III-B08 = Philosopher
card-III-B09 = Architect of Temples
card-III-B10 = High Priest

card-III-G01 = Gatherer
card-III-G02 = Fisher
card-III-G03 = Shepherd
card-III-G04 = Farmer
card-III-G05 = Beekeeper
card-III-G06 = Vintner
card-III-G07 = Miller
card-III-G08 = Irrigator
card-III-G09 = Granary Keeper
card-III-G10 = Gardener

card-III-P01 = Artisan
card-III-P02 = Patron of Arms
card-III-P03 = Patron of Harvest
card-III-P04 = Stonemason
card-III-P05 = Herald
card-III-P06 = Vizier
card-III-P07 = Admiral
card-III-P08 = Silversmith
card-III-P09 = Ambassador
card-III-P10 = Chronicler
card-III-P11 = Broker
card-III-P12 = Steward
card-III-P13 = Ambassador
card-III-P14 = Emissary
