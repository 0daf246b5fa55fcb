### Textes pour les joueurs : fork (« Rejouer » : une partie d'entraînement depuis l'une de vos décisions).

fork-button = Rejouer
fork-button_n = Rejouer le n° { $n }
fork-thread_name = Hadara #{ $id } · entraînement depuis #{ $game } · { $name }
fork-started = Votre partie d'entraînement #{ $id } est prête dans <#{ $thread }> : la partie #{ $game } à votre décision, avec des joueurs IA aux autres places. Elle n'est jamais classée.
fork-welcome = **Entraînement depuis la partie #{ $game }.** Tout est comme avant jusqu'à votre décision, et les paquets contiennent les cartes qu'ils contenaient. Les autres places sont désormais des joueurs IA. Jouez autrement ! Cette partie n'est jamais classée.
fork-error-channel = Les parties d'entraînement ont un fil privé : utilisez ce bouton dans un salon textuel d'un serveur (demandez-y la revue).
refusal-bad_request-fork_not_finished = Une partie peut être rejouée une fois terminée.
refusal-bad_request-fork_bad_index = Cette décision n'existe pas dans cette partie.
refusal-not_your_decision-fork_not_own = Seules vos propres décisions peuvent être rejouées.
refusal-limited-practice_games = Vous avez déjà { $count ->
    [one] une partie d'entraînement en cours
   *[other] { $count } parties d'entraînement en cours
} ({ $games }) : terminez-en ou abandonnez-en une d'abord.
fork-replay_button = Jouer d'ici
