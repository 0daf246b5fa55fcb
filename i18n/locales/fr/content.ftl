# Noms du contenu du jeu, en français (lus par hadara/words.py).
# Termes des règles françaises : pistes Revenu, Militaire, Culture, Alimentation ; Sceaux
# argentés et dorés. Les noms de cartes sont courts (16 caractères au plus, ou presque) :
# ils sont imprimés sur de petites cartes.

## Couleurs des cartes (jaune revenu, rouge militaire, bleu culture, vert alimentation, violet effets)

colour-yellow = jaune
colour-red = rouge
colour-blue = bleu
colour-green = vert
colour-purple = violet

## Les quatre pistes

track-income = revenu
track-military = militaire
track-culture = culture
track-food = alimentation

## Sortes de sceaux

medal-silver = sceau argenté
medal-gold = sceau doré

## Cartes, par identifiant

card-I-Y01 = Marchand
card-I-Y02 = Tisserand
card-I-Y03 = Potier
card-I-Y04 = Changeur
card-I-Y05 = Caravanier
card-I-Y06 = Orfèvre
card-I-Y07 = Épicier
card-I-Y08 = Percepteur
card-I-Y09 = Banquier
card-I-Y10 = Maître de guilde

card-I-R01 = Frondeur
card-I-R02 = Lancier
card-I-R03 = Archer
card-I-R04 = Guetteur
card-I-R05 = Aurige
card-I-R06 = Cavalier
card-I-R07 = Porte-bouclier
card-I-R08 = Capitaine
card-I-R09 = Sapeur
card-I-R10 = Général

card-I-B01 = Scribe
card-I-B02 = Conteur
card-I-B03 = Musicien
card-I-B04 = Astronome
card-I-B05 = Poète
card-I-B06 = Érudit
card-I-B07 = Sculpteur
card-I-B08 = Philosophe
card-I-B09 = Architecte
card-I-B10 = Grand prêtre

card-I-G01 = Cueilleur
card-I-G02 = Pêcheur
card-I-G03 = Berger
card-I-G04 = Cultivateur
card-I-G05 = Apiculteur
card-I-G06 = Vigneron
card-I-G07 = Meunier
card-I-G08 = Irrigateur
card-I-G09 = Grainetier
card-I-G10 = Jardinier

card-I-P01 = Courtier
card-I-P02 = Artisan
card-I-P03 = Mécène du négoce
card-I-P04 = Mécène des armes
card-I-P05 = Mécène des arts
card-I-P06 = Mécène des champs
card-I-P07 = Intendant
card-I-P08 = Régisseur
card-I-P09 = Vizir
card-I-P10 = Amiral
card-I-P11 = Stratège
card-I-P12 = Émissaire
card-I-P13 = Chroniqueur
card-I-P14 = Gouverneur

card-II-Y01 = Marchand
card-II-Y02 = Tisserand
card-II-Y03 = Potier
card-II-Y04 = Changeur
card-II-Y05 = Caravanier
card-II-Y06 = Orfèvre
card-II-Y07 = Épicier
card-II-Y08 = Percepteur
card-II-Y09 = Banquier
card-II-Y10 = Maître de guilde

card-II-R01 = Frondeur
card-II-R02 = Lancier
card-II-R03 = Archer
card-II-R04 = Guetteur
card-II-R05 = Aurige
card-II-R06 = Cavalier
card-II-R07 = Porte-bouclier
card-II-R08 = Capitaine
card-II-R09 = Sapeur
card-II-R10 = Général

card-II-B01 = Scribe
card-II-B02 = Conteur
card-II-B03 = Musicien
card-II-B04 = Astronome
card-II-B05 = Poète
card-II-B06 = Érudit
card-II-B07 = Sculpteur
card-II-B08 = Philosophe
card-II-B09 = Architecte
card-II-B10 = Grand prêtre

card-II-G01 = Cueilleur
card-II-G02 = Pêcheur
card-II-G03 = Berger
card-II-G04 = Cultivateur
card-II-G05 = Apiculteur
card-II-G06 = Vigneron
card-II-G07 = Meunier
card-II-G08 = Irrigateur
card-II-G09 = Grainetier
card-II-G10 = Jardinier

card-II-P01 = Courtier
card-II-P02 = Artisan
card-II-P03 = Mécène du négoce
card-II-P04 = Mécène des arts
card-II-P05 = Maître maçon
card-II-P06 = Héraut
card-II-P07 = Intendant
card-II-P08 = Régisseur
card-II-P09 = Argentier
card-II-P10 = Ambassadeur
card-II-P11 = Gouverneur
card-II-P12 = Stratège
card-II-P13 = Chroniqueur
card-II-P14 = Émissaire

card-III-Y01 = Marchand
card-III-Y02 = Tisserand
card-III-Y03 = Potier
card-III-Y04 = Changeur
card-III-Y05 = Caravanier
card-III-Y06 = Orfèvre
card-III-Y07 = Épicier
card-III-Y08 = Percepteur
card-III-Y09 = Banquier
card-III-Y10 = Maître de guilde

card-III-R01 = Frondeur
card-III-R02 = Lancier
card-III-R03 = Archer
card-III-R04 = Guetteur
card-III-R05 = Aurige
card-III-R06 = Cavalier
card-III-R07 = Porte-bouclier
card-III-R08 = Capitaine
card-III-R09 = Sapeur
card-III-R10 = Général

card-III-B01 = Scribe
card-III-B02 = Conteur
card-III-B03 = Musicien
card-III-B04 = Astronome
card-III-B05 = Poète
card-III-B06 = Érudit
card-III-B07 = Sculpteur
card-III-B08 = Philosophe
card-III-B09 = Architecte
card-III-B10 = Grand prêtre

card-III-G01 = Cueilleur
card-III-G02 = Pêcheur
card-III-G03 = Berger
card-III-G04 = Cultivateur
card-III-G05 = Apiculteur
card-III-G06 = Vigneron
card-III-G07 = Meunier
card-III-G08 = Irrigateur
card-III-G09 = Grainetier
card-III-G10 = Jardinier

card-III-P01 = Artisan
card-III-P02 = Mécène des armes
card-III-P03 = Mécène des champs
card-III-P04 = Maître maçon
card-III-P05 = Héraut
card-III-P06 = Vizir
card-III-P07 = Amiral
card-III-P08 = Argentier
card-III-P09 = Ambassadeur
card-III-P10 = Chroniqueur
card-III-P11 = Courtier
card-III-P12 = Régisseur
card-III-P13 = Ambassadeur
card-III-P14 = Émissaire
