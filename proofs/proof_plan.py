"""What proofs/run.py checks: the budgets of the contracts and the planted bugs."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "kernel"
RECORD_COMMAND = "python3 proofs/run.py --record"

#: Module -> function -> per-condition budget in CPU seconds (pinned: results depend on it).
#: Every top-level kernel function with a ``post:`` condition must be listed here.
BUDGETS: dict[str, dict[str, float]] = {
    "kernel.rules.stacks": {
        "unit_of": 4,
        "move": 6,
        "earnings": 4,
    },
    "kernel.rules.ranking": {
        "ranks": 5,
    },
    "kernel.rules.payouts": {
        "place_payout": 5,
        "leader_payout": 5,
        "floor_money": 5,
    },
    "kernel.rules.track": {
        "extend": 4,
        "sandstorm": 5,
    },
    "kernel.rules.deck": {
        "subsets": 5,
    },
}

#: The CrossHair options run.py passes besides the budget (part of every hash).
OPTIONS: tuple[str, ...] = ("check", "--verbose", "--report_all")
#: The gate's default time box (seconds of wall time) and workers (2 cores).
TIME_BOX = 30.0
WORKERS = 2
#: Estimated seconds to start one CrossHair process (for the rotation cycle).
STARTUP = 1.0


@dataclass(frozen=True)
class Plant:
    """A deliberate bug: ``old`` becomes ``new`` inside ``function``.

    Only the postconditions of ``function`` containing ``keep`` stay in the
    planted copy (so the budget goes to the condition meant to catch it), and
    ``focus``, if given, is one more precondition that steers the search to
    the inputs that reach the bug (a deep branch of ``move``).
    """

    function: str
    rule: str
    old: str
    new: str
    keep: str
    focus: str = ""
    budget: float = 10
    module: str = "kernel.rules.stacks"

    @property
    def bug(self) -> str:
        text = f"{self.old.strip()} -> {self.new.strip()}"
        return text + (f" (with pre: {self.focus})" if self.focus else "")


STACKS, RANKING, PAYOUTS, TRACK, DECK = (f"kernel.rules.{m}" for m in
                                        ("stacks", "ranking", "payouts", "track", "deck"))
PLANTS: tuple[Plant, ...] = (
    Plant("floor_money", "CUC-MONEY-FLOOR", "return max(money + delta, floor)",
          "return max(money + delta, 0)", keep="__return__ >= floor", module=PAYOUTS),
    Plant("leader_payout", "CUC-PAY-LEADER", "return value\n", "return value + 1\n",
          keep="rank != 1 or __return__ == value", module=PAYOUTS),
    Plant("place_payout", "CUC-PAY-MID", "if 1 <= place <= len(table):",
          "if 1 <= place < len(table):", keep="__return__ == (table[place - 1]", module=PAYOUTS),
    Plant("unit_of", "CUC-MOVE-CARRY", "above.sort(key=lambda c: height[c])",
          "above.sort(key=lambda c: -height[c])", keep="height[a] < height[b]", module=STACKS),
    Plant("move", "CUC-MOVE-FENNEC", "under = effects[hit] < 0\n", "under = False\n",
          keep="__return__.under ==", module=STACKS,
          focus="len(cells) == 1 and effects[0] < 0 "
                "and cells[0] == pos[camel] + dirs[camel] * steps"),
    Plant("move", "CUC-MOVE-PALM", "target += d * effects[hit]\n",
          "target += d * (effects[hit] + 1)\n", keep="__return__.target == max(", module=STACKS,
          focus="len(cells) == 1 and effects[0] > 0 "
                "and cells[0] == pos[camel] + dirs[camel] * steps"),
    Plant("move", "CUC-MOVE-PALM (reversed for a crazy camel)", "target += d * effects[hit]\n",
          "target += effects[hit]\n", keep="__return__.target == max(", module=STACKS,
          focus="dirs[camel] == BACKWARD and len(cells) == 1 and cells[0] == pos[camel] - steps"),
    Plant("move", "CUC-MOVE-CARRY (backwards)", "target = pos[camel] + d * steps\n",
          "target = pos[camel] + steps\n", keep="__return__.target == max(", module=STACKS,
          focus="dirs[camel] == BACKWARD"),
    Plant("move", "CUC-MOVE-PASSED (racing camels only)",
          "racing = [new_pos[c] for c in range(len(pos)) if dirs[c] == FORWARD]",
          "racing = list(new_pos)", keep="FORWARD not in dirs or any(", module=STACKS,
          focus="dirs == (1, -1) and camel == 0 and len(cells) == 1 and not stays[0] "
                "and pos[1] < cells[0] and pos[0] < cells[0] < pos[0] + steps"),
    Plant("move", "CUC-MOVE-PALM (a tile that stays)",
          "left = [0 if i in used and not stays[i] else cell",
          "left = [0 if i in used else cell", keep="for i in range(len(cells)) if stays[i])",
          module=STACKS,
          focus="len(cells) == 1 and stays[0] and cells[0] == pos[camel] + dirs[camel] * steps"),
    Plant("earnings", "tiles pay their owner", "paid[owners[i]] += pays[i]",
          "paid[owners[i]] += 1", keep="sum(__return__) ==", module=STACKS),
    Plant("ranks", "CUC-RANK", "key=lambda c: (pos[c], height[c]), reverse=True",
          "key=lambda c: (pos[c], -height[c]), reverse=True",
          keep="__return__[a] < __return__[b]", module=RANKING),
    Plant("ranks", "CUC-RANK (racing camels only)",
          "racing = [c for c in range(len(pos)) if dirs[c] == FORWARD]",
          "racing = list(range(len(pos)))", keep="(__return__[c] == 0) ==", module=RANKING),
    Plant("extend", "CUC-EXTEND", "new.append(fill)", "new.append(FACE)",
          keep="track_length(__return__[0]) - leader == GAP", module=TRACK),
    Plant("sandstorm", "CUC-SANDSTORM", "if track[i] == FACE and i not in occupied",
          "if track[i] == FACE", keep="not in __return__[2] for p in pos", module=TRACK,
          focus="len(pos) == 3 and dirs == (1, 1, 1) "
                "and card_of(track, min(pos)) < card_of(track, pos[2]) < card_of(track, max(pos))",
          budget=20),
    Plant("sandstorm", "CUC-SANDSTORM (racing camels only)",
          "racing = [p for p, d in zip(pos, dirs, strict=True) if d == FORWARD]",
          "racing = list(pos)", keep="and track[i] == FACE for i in __return__[2])",
          module=TRACK, focus="-1 in dirs", budget=20),
    Plant("subsets", "CUC-ODDS (the physical cards' ways)", "ways * math.comb(count, n))",
          "ways * (n + 1))", keep="sum(w for _, w in __return__) ==", module=DECK),
)


class ContractError(Exception):
    """BUDGETS, PLANTS or a docstring condition that run.py cannot use as written."""


#: Where a game lists the contracts of its own modules (data, beside its code).
GAME_PROOFS = "kernel/games/*/proofs.json"
_PLANT_KEYS = frozenset(f.name for f in fields(Plant))


def game_proofs(root: Path = ROOT) -> tuple[dict[str, dict[str, float]], tuple[Plant, ...]]:
    """The budgets and planted bugs each game lists in its ``proofs.json``.

    The file is ``{"budgets": {module: {function: seconds}}, "plants": [{...}]}``
    (a plant's keys are :class:`Plant`'s fields; ``module`` is required). A game
    may list only its own modules: the shared rules are listed in this file.
    """
    budgets: dict[str, dict[str, float]] = {}
    plants: list[Plant] = []
    for path in sorted(root.glob(GAME_PROOFS)):
        package = f"{PACKAGE}.games.{path.parent.name}"
        where = path.relative_to(root)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise ContractError(f"{where}: not JSON: {exc}") from exc
        if not isinstance(data, dict) or set(data) - {"budgets", "plants"}:
            raise ContractError(f"{where}: expected an object with 'budgets' and 'plants'")
        for module, functions in dict(data.get("budgets", {})).items():
            if not (module == package or module.startswith(package + ".")):
                raise ContractError(f"{where}: {module} is not a module of {package}")
            if not isinstance(functions, dict) or not all(
                    isinstance(f, str) and isinstance(b, (int, float)) and not isinstance(b, bool)
                    and 0 < b <= 60 for f, b in functions.items()):
                raise ContractError(f"{where}: {module}: expected function -> seconds (0-60]")
            budgets[module] = {f: float(b) for f, b in functions.items()}
        for entry in list(data.get("plants", [])):
            if (not isinstance(entry, dict) or set(entry) - _PLANT_KEYS
                    or str(entry.get("module", "")) not in budgets):
                raise ContractError(f"{where}: a plant needs Plant's fields and a listed module")
            plants.append(Plant(**entry))
    return budgets, tuple(plants)


#: The shared rules' budgets and plants alone (BUDGETS and PLANTS add the games').
SHARED_BUDGETS: dict[str, dict[str, float]] = {m: dict(f) for m, f in BUDGETS.items()}
SHARED_PLANTS: tuple[Plant, ...] = PLANTS
_GAME_BUDGETS, _GAME_PLANTS = game_proofs()
BUDGETS.update(_GAME_BUDGETS)
PLANTS = PLANTS + _GAME_PLANTS
