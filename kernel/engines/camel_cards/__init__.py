"""The shared engine of the camel card games (not a game: it registers nothing).

Camel Up Cards (2016) and Camel Up: The Card Game (2023) share their leg
structure; this package carries it once, parameterised by the game's data
(:class:`~.spec.CardGame`: setup cards per player count, racing cards, leader
cards, the game's camel rules with its money floor, who starts a leg, and
its rule IDs), one concern a module:

- :mod:`.table`: the typed mutable builder a transition edits (``Table``),
  the phases and the card-zone helpers;
- :mod:`.spec`: what a game hands the engine;
- :mod:`.legs`: the starting reveals, each leg's reset (extension,
  sandstorm), the deal one card at a time as chance, and the face-down
  choices seat by seat that build the racing deck;
- :mod:`.turns`: who starts a leg, clockwise turns, one race-track action
  and at most one bet, the bets;
- :mod:`.track`: the race-track actions (figures, reveal and draw) and the
  leg's end on the racing deck's last card;
- :mod:`.moves`: camel movement told as events;
- :mod:`.events`: the commonest events (a card dealt, chosen or revealed, a
  reveal, a turn ended, a leg bet), each made once and shared;
- :mod:`.payouts`: leg end, leg payout by ranking, final payout, winners;
- :mod:`.legal`: chance outcomes, legal actions and rejections.
- :mod:`.steps`: a card game's ``apply`` (seat claims, parsing, legality)
  and the engine's steps by action kind.
- :mod:`.notation`: a card game's one-line position notation (``kernel.notation``),
  built from what the games differ in.

A game adds its own steps through :class:`~.spec.CardGame`'s optional hooks
(none in 2016): ``leg_setup`` after the extension, ``deck_ready`` after the
racing-deck choices, ``steps_now`` for a card's steps, and declares a crazy
camel (``crazy``, ``names``) and its figures' names (``figures``).

A package under ``kernel/games`` whose name starts with ``_`` is not a game.
"""
