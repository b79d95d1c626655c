"""The card track of the camel card games: extension and sandstorms (pure functions).

This is THE implementation of the card track; :mod:`kernel.rules.camel` calls
it with the 2016 parameters (an extension ends on a half-covered card,
every camel counts for a sandstorm).

A track is a tuple of card sides, one per laid track card, in order:
:data:`FACE` (face up, 2 spaces), :data:`SAND` (sandstorm side, 1 space) or
:data:`HALF` (face up with its second half under the Finish card, 1 space;
only the last card). Cells 1..L are its spaces (L = :func:`track_length`),
cell 0 the space behind the start, L + 1 the Finish.

- :func:`extend` (CUC-EXTEND) lays spare cards until exactly 3 spaces lie
  between the leading camel and the Finish; a last single space is laid as
  ``fill``: a half-covered card (:data:`HALF`, 2016) or a card turned to its
  sandstorm side (:data:`SAND`, 2023: "you may have to turn one of the cards
  to the sandstorm side in order to make it exactly three spaces").
- :func:`sandstorm` (CUC-SANDSTORM) flips the empty face-up cards strictly
  between the last and the leading racing camel (``dirs`` as in
  :mod:`kernel.rules.stacks`: the crazy camel is ignored for the span, 2023,
  but a card holding any camel does not flip).
"""

from __future__ import annotations

from kernel.rules.stacks import FORWARD, signs, within  # noqa: F401  (signs, within: read by the contracts)

# Track card sides (CUC-SETUP-TRACK, CUC-SANDSTORM).
FACE = 2  #: face up, 2 spaces
SAND = 1  #: sandstorm side, 1 space
HALF = 3  #: face up with its second half under the Finish card, 1 space
GAP = 3  #: spaces an extension leaves between the leader and the Finish (CUC-EXTEND)


def track_length(track: tuple[int, ...]) -> int:
    """The number of track spaces (cells 1..L) laid out by ``track``.

    >>> track_length((FACE, SAND, HALF))
    4
    """
    return len(track) + track.count(FACE)  # a face side has 2 spaces, any other 1


def spare_spaces(track: tuple[int, ...], cards: int) -> int:
    """Spaces still available for an extension: covered half plus spare cards.

    >>> spare_spaces((FACE, HALF), 3), spare_spaces((FACE, SAND), 2)
    (3, 0)
    """
    half = 1 if track and track[-1] == HALF else 0
    return 2 * (cards - len(track)) + half


def valid_track(track: tuple[int, ...], cards: int) -> bool:
    """CUC-INV-TRACK: at most ``cards`` cards, each a side, only the last half-covered.

    >>> valid_track((FACE, SAND, HALF), 3), valid_track((HALF, FACE), 3)
    (True, False)
    """
    if len(track) > cards:
        return False
    for i, side in enumerate(track):
        if side not in (FACE, SAND, HALF):
            return False
        if side == HALF and i != len(track) - 1:
            return False
    return True


def card_of(track: tuple[int, ...], cell: int) -> int:
    """The index of the track card holding ``cell`` (-1 behind the start, len(track) the Finish).

    >>> [card_of((FACE, SAND), c) for c in range(5)]
    [-1, 0, 0, 1, 2]
    """
    if cell <= 0:
        return -1
    end = 0
    for i, side in enumerate(track):
        end += 2 if side == FACE else 1
        if cell <= end:
            return i
    return len(track)  # the Finish card


def extend(track: tuple[int, ...], leader: int, cards: int,
           fill: int) -> tuple[tuple[int, ...], int]:
    """Extend the track until exactly 3 spaces lie between leader and Finish (CUC-EXTEND).

    ``leader`` is the leading camel's cell. The Finish first uncovers a
    half-covered card, then spare cards are laid face up; a last single
    space is a card laid as ``fill`` (:data:`HALF`: the Finish covers its
    second half; :data:`SAND`: turned to its sandstorm side). When the
    spare cards run out the track is extended as far as they go. Returns
    the new track and the spaces added.

    >>> extend((FACE, FACE, HALF), 4, 12, HALF), extend((FACE, FACE), 4, 12, SAND)
    (((2, 2, 2, 3), 2), ((2, 2, 2, 1), 3))

    pre: 1 <= cards <= 12 and valid_track(track, cards) and fill in (HALF, SAND)
    pre: 0 <= leader <= track_length(track)
    post: valid_track(__return__[0], cards)
    post: track_length(__return__[0]) == track_length(track) + __return__[1]
    post: __return__[1] >= 0
    post: __return__[0][:max(len(track) - 1, 0)] == track[:max(len(track) - 1, 0)]
    post: len(track) == 0 or __return__[0][len(track) - 1] in (track[-1], FACE)
    post: all(side == FACE for side in __return__[0][len(track):-1]) and __return__[0][len(track):][-1:] in ((), (FACE,), (fill,))
    post: track_length(track) - leader >= GAP or track_length(__return__[0]) - leader == GAP or spare_spaces(__return__[0], cards) == 0
    post: track_length(track) - leader < GAP or __return__[1] == 0
    """
    need = GAP - (track_length(track) - leader)
    if need <= 0:
        return track, 0
    new = list(track)
    if new and new[-1] == HALF:
        new[-1] = FACE
        need -= 1
    while need > 0 and len(new) < cards:
        if need == 1:
            new.append(fill)  # the last space: a half card or a sandstorm side
            break
        new.append(FACE)
        need -= 2
    extended = tuple(new)
    return extended, track_length(extended) - track_length(track)


def sandstorm(
    track: tuple[int, ...], pos: tuple[int, ...], dirs: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Flip the empty face-up cards between the last and the leading racing camel (CUC-SANDSTORM).

    Only cards strictly between the card of the last racing camel (or the
    space behind the start) and the card of the leading racing camel flip,
    and only those no camel (racing or crazy) stands on; none ahead of the
    leader; a flipped card never flips back. Returns the new track, the
    camels' new cells (a flipped card is one space shorter) and the flipped
    card indices.

    >>> sandstorm((FACE, FACE, FACE, FACE), (1, 1, 7, 7, 0), (1, 1, 1, 1, 1))
    ((2, 1, 1, 2), (1, 1, 5, 5, 0), (1, 2))
    >>> sandstorm((FACE, FACE, FACE, FACE), (1, 7, 4), (1, 1, -1))  # a crazy camel on card 2
    ((2, 2, 1, 2), (1, 6, 4), (2,))

    pre: 1 <= len(track) <= 12 and valid_track(track, 12)
    pre: 1 <= len(pos) <= 6 and len(dirs) == len(pos) and signs(dirs) and FORWARD in dirs
    pre: within(pos, track_length(track) + 1)
    post: valid_track(__return__[0], 12) and len(__return__[0]) == len(track)
    post: all(track[i] == __return__[0][i] or (track[i] == FACE and __return__[0][i] == SAND) for i in range(len(track)))
    post: all(track_length(__return__[0]) - __return__[1][c] == track_length(track) - pos[c] for c in range(len(pos)) if pos[c] >= max(p for p, d in zip(pos, dirs) if d == FORWARD))
    post: all((pos[a] < pos[b]) == (__return__[1][a] < __return__[1][b]) for a in range(len(pos)) for b in range(len(pos)))
    post: all((__return__[1][c] == 0) == (pos[c] == 0) for c in range(len(pos)))
    post: all(card_of(track, min(p for p, d in zip(pos, dirs) if d == FORWARD)) < i < card_of(track, max(p for p, d in zip(pos, dirs) if d == FORWARD)) and track[i] == FACE for i in __return__[2])
    post: all(card_of(track, p) not in __return__[2] for p in pos)
    post: all((__return__[0][i] == SAND) == (track[i] == SAND or i in __return__[2]) for i in range(len(track)))
    post: all(i in __return__[2] for i in range(len(track)) if track[i] == FACE and card_of(track, min(p for p, d in zip(pos, dirs) if d == FORWARD)) < i < card_of(track, max(p for p, d in zip(pos, dirs) if d == FORWARD)) and all(card_of(track, p) != i for p in pos))
    """
    racing = [p for p, d in zip(pos, dirs, strict=True) if d == FORWARD]
    last_card = card_of(track, min(racing))
    lead_card = card_of(track, max(racing))
    occupied = {card_of(track, p) for p in pos}
    flipped = tuple(
        i
        for i in range(last_card + 1, lead_card)
        if track[i] == FACE and i not in occupied
    )
    if not flipped:
        return track, pos, ()
    new_track = tuple(SAND if i in flipped else side for i, side in enumerate(track))
    new_pos = tuple(p - sum(1 for i in flipped if i < card_of(track, p)) for p in pos)
    return new_track, new_pos, flipped
