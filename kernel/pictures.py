"""Pictures of a state: ``print(state)`` and a notebook's display of the board.

As python-chess's ``print(board)`` and its SVG in a notebook: every game's
state class takes :class:`Pictured` among its bases, so that

- ``str(state)`` is the table drawn in text: the game's narrator's picture
  (``GameInfo.narrator.draw``, the one ``race-kernel play`` prints), under a
  line with the game's id and the state's notation (:func:`kernel.notation`);
- ``state._repr_html_()`` (what Jupyter shows for a state) is that text
  picture in a ``<pre>``, and a script that replaces it with the viewer page's
  SVG drawing of the whole table (the game's ``GameInfo.drawing`` script with
  the shared helpers of :mod:`kernel.viewer.svg`) where the notebook runs
  the scripts of its outputs (a trusted notebook); elsewhere the text stays.

There is no ``_repr_svg_``: the viewer's drawings are JavaScript (the page
draws the SVG in the browser) and the kernel has no Python SVG path, so an
SVG cannot be made without a browser.

Nothing here is imported at ``import kernel`` time, and the mixin's methods
import what they use when called. Nothing here names a game.
"""

from __future__ import annotations

import html
import itertools
import json
from typing import Any, Final

#: Numbers the notebook outputs' elements (each output its own element id).
_IDS: Final = itertools.count(1)


class Pictured:
    """A state's text picture (``__str__``) and notebook display (``_repr_html_``).

    A mixin without slots or fields: it adds no attribute to a state and
    changes neither its equality, hash nor checks.
    """

    __slots__ = ()

    def __str__(self) -> str:
        return text_picture(self)

    def _repr_html_(self) -> str:
        return html_picture(self)


def text_picture(state: object) -> str:
    """The table in text: the game's id and the state's notation, then the narrator's
    picture of the whole table (``repr`` for an object of no registered game)."""
    from kernel.registry import game_of_state

    info = game_of_state(state)
    if info is None:
        return repr(state)
    data = info.to_data(state)
    head = info.id + (f" {info.notation.write(data)}" if info.notation is not None else "")
    return "\n".join((head, *info.narrator.draw(data)))


def html_picture(state: object) -> str:
    """The notebook display: the text picture in ``<pre>``, which a script replaces
    with the viewer's SVG drawing of the whole table where outputs run scripts."""
    from kernel.registry import game_of_state

    text = html.escape(text_picture(state))
    info = game_of_state(state)
    if info is None or info.drawing is None:
        return f"<pre>{text}</pre>"
    from kernel.viewer import svg

    element = f"race-kernel-state-{next(_IDS)}"
    view = {"seat": None, "seats": [info.narrator.seat_name(s) for s in range(info.seats(state))]}
    script = (svg.SCRIPT + info.drawing.script).replace("</", "<\\/")
    return (f'<div id="{element}"><pre>{text}</pre></div>\n<script>(function () {{\n'
            f'"use strict";\n{script}\nconst box = document.getElementById("{element}");\n'
            f"try {{ box.innerHTML = draw({_json(info.to_data(state))}, {_json(view)}); }}"
            f" catch (e) {{ /* the text picture stays */ }}\n}})();</script>")


def _json(data: Any) -> str:
    """JSON that no text inside it can end a ``<script>`` element with."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"), sort_keys=True)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


__all__ = ["Pictured", "html_picture", "text_picture"]
