"""A flat numeric encoding of the Lucidity observation (for the RL adapters), and the
shaping potential of a seat.

Every entry of the tensor lies in [0, 1] (``LucidityGame.observation_bounds``):

- a count of dreams of one colour (in the bag, in a row of a card, on a Nightmare card, in
  hand, a seat's Shadowmarks) is divided by the number of dreams of that colour in the
  game (``game.start_bag``: 20 or 22 per colour, 0-8 Bone Hunters; at least 1). Dreams are
  never made or destroyed, only moved between the bag, the cards and the hand, so no count
  can exceed it. A Nightmare card only ever holds dreams of its own colour (spent Power of
  that colour) and a Shadowmark is always a Bone Hunter;
- a seat's Power ``p`` is ``p / (p + goal)``, with ``goal`` the Power goal (15, or the
  Dreamscape's): 0 without Power, 0.5 at the goal, always below 1. Power has no useful
  fixed maximum, and this keeps every value apart (the map is increasing);
- everything else is a 0/1 flag or a one-hot group.
"""

from __future__ import annotations

from typing import Any

from ...core import CHANCE
from .actions import ROWS
from .content import COLOURS
from .params import DEFAULT_GOAL, MARKS_OUT, MAX_SEATS, TRACKS

_BAG = (*COLOURS, "bone")
_ROLES = ("dreamer", "nightmare", "eliminated")
_TRACKS = tuple(TRACKS)
_PER_SEAT = len(ROWS) * len(_BAG) + len(_ROLES) + len(COLOURS) + len(_TRACKS) + 3 + 2


_DECIDING = MAX_SEATS + 1
"""Who decides: one flag per seat (several when seats decide together), then chance."""

BOUNDS = (0.0, 1.0)
"""The lowest and highest value of any entry of the tensor (see the module docstring)."""


def shape(game: Any) -> int:
    return (
        len(_BAG)
        + MAX_SEATS * _PER_SEAT
        + len(COLOURS) * 2
        + len(_BAG)
        + MAX_SEATS
        + 1
        + _DECIDING
        + MAX_SEATS
    )


def dice_in_game(game: Any) -> dict[str, int]:
    """The number of dreams of each colour in the game (at least 1, to divide by)."""
    return {c: max(1, game.start_bag.get(c, 0)) for c in _BAG}


def power_goal(obs: dict[str, Any], game: Any) -> int:
    """The Power goal: the Dreamscape's when one is in play, else 15."""
    card = obs.get("dreamscape")
    if card is None:
        return DEFAULT_GOAL
    return int(game.content.dreamscapes[card].rules.power_goal)


def encode(
    obs: dict[str, Any], game: Any, to_move: tuple[int, ...] = (), viewer: int | None = None
) -> list[float]:
    """Dream counts as fractions of the dreams of their colour, Power as
    ``p / (p + goal)``; one-hot roles, colours and tracks; seat-relative order is not used.

    The tail says who decides (``to_move``: one flag per seat, then chance; all zeros when the
    game is over) and which seat this tensor is for (``viewer``, one-hot), so a policy shared
    by several seats can tell whose decision it is.
    """
    total = dice_in_game(game)
    goal = power_goal(obs, game)
    out: list[float] = [obs["bag"].get(c, 0) / total[c] for c in _BAG]
    players = obs["players"]
    for i in range(MAX_SEATS):
        if i >= len(players):
            out.extend([0.0] * _PER_SEAT)
            continue
        p = players[i]
        for row in ROWS:
            dice = p["rows"].get(row, [])
            for c in _BAG:
                out.append(sum(1 for d in dice if d["colour"] == c) / total[c])
        out.extend(1.0 if p["role"] == r else 0.0 for r in _ROLES)
        out.extend(1.0 if p["colour"] == c else 0.0 for c in COLOURS)
        out.extend(1.0 if p["track"] == t else 0.0 for t in _TRACKS)
        stage = p.get("track_stage")
        out.extend(1.0 if stage == s else 0.0 for s in range(3))
        power = obs["power"][i]
        out.append(power / (power + goal))
        out.append(len(p["rows"].get("shadowmark", [])) / total["bone"])
    for c in COLOURS:
        card = obs["nightmare_cards"][c]
        out.append(len(card["dice"]) / total[c])
        out.append(0.0 if card["holder"] is None else 1.0)
    for c in _BAG:
        out.append(sum(1 for d in obs["in_hand"] if d["colour"] == c) / total[c])
    out.extend(1.0 if obs["current"] == i else 0.0 for i in range(MAX_SEATS))
    out.append(1.0 if obs.get("final_turns") is not None else 0.0)
    out.extend(1.0 if i in to_move else 0.0 for i in range(MAX_SEATS))
    out.append(1.0 if CHANCE in to_move else 0.0)
    out.extend(1.0 if viewer == i else 0.0 for i in range(MAX_SEATS))
    return out


def reward_potential(state: Any, seat: int) -> float:
    """How well ``seat`` is doing, in [-1, 1], for potential-based reward shaping.

    Lucidity has no hidden information, so this reads the state directly; it uses only what
    every seat sees. With ``goal`` the Power goal, ``p`` the seat's Power and ``r`` the
    highest Power of the other seats still in the game (0 if none):

    - an eliminated seat (eaten, or three Shadowmarks) can no longer win: ``-1``;
    - ``standing = (min(p, goal) / goal + clip((p - r) / goal, -1, 1)) / 2``, in
      [-0.5, 1]: half Power toward the goal, half the lead over the best other seat (the
      winner is the seat with most Power);
    - a Nightmare: ``standing`` (it has no rows left to fill);
    - a dreamer: ``standing - 0.3 * eaten - 0.2 * turned``, where
      ``eaten = min(1, max(hunt / hunt_row, marks / 3))`` is how close the Hunt row (or the
      Shadowmarks) is to eliminating it and ``turned = min(1, most_shadows / needed)`` how
      close its fullest Shadow row is to making it a Nightmare; in [-1, 1].

    At the start every seat's potential is 0.
    """
    seats = state.seats
    me = seats[seat]
    if me.role == "eliminated":
        return -1.0
    rules = state.rules
    goal = max(1, rules["power_goal"])
    power = state.power_of(seat)
    rivals = [
        state.power_of(i) for i, s in enumerate(seats) if i != seat and s.role != "eliminated"
    ]
    best = max(rivals, default=0)
    lead = max(-1.0, min(1.0, (power - best) / goal))
    standing = (min(power, goal) / goal + lead) / 2
    if me.role != "dreamer":
        return standing
    hunt = len(me.hunt) / max(1, rules["hunt_row"])
    eaten = min(1.0, max(hunt, len(me.marks) / MARKS_OUT))
    sh = me.shadow
    most = max(len(sh["blue"]), len(sh["green"]), len(sh["yellow"]), len(sh["red"]))
    turned = min(1.0, most / state.shadow_needed(seat))
    return standing - 0.3 * eaten - 0.2 * turned
