"""Pure rules shared by the camel games, in general form, one module per concern.

- :mod:`kernel.rules.stacks`: stacks and movement. ``move(pos, height, dirs,
  camel, steps, cells, effects, stays, finish, flat) -> Moved``,
  ``unit_of(pos, height, camel, flat)``, ``earnings(used, owners, pays,
  seats)``, the layout predicates ``well_formed`` / ``stacked`` and the
  constants ``START``, ``FORWARD``, ``BACKWARD``.
- :mod:`kernel.rules.ranking`: ``ranks(pos, height, dirs, tied)``, the
  racing camels' places (crazy camels 0).
- :mod:`kernel.rules.payouts`: ``Payouts`` tables as data (``CUC_2016``),
  ``place_payout(table, place, other)``, ``leader_payout(value, rank, table,
  other)``, ``from_last(rank, places)``, ``floor_money(money, delta, floor)``.
- :mod:`kernel.rules.track`: ``extend(track, leader, cards, fill)``,
  ``sandstorm(track, pos, dirs)``, ``track_length``, ``card_of``,
  ``spare_spaces``, ``valid_track`` and the sides ``FACE``, ``SAND``, ``HALF``.
- :mod:`kernel.rules.binding`: ``CardRules``, the 2016 names bound to one
  card game's parameters (``CAMEL_UP_CARDS_2016``).
- :mod:`kernel.rules.camel`: the 2016 names and signatures of behaviour
  version 1 (a thin layer over the modules above).
"""
