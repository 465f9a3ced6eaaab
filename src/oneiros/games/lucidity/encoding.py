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
from .steps.resolve import pending

_BAG = (*COLOURS, "bone")
_ROLES = ("dreamer", "nightmare", "eliminated")
_TRACKS = tuple(TRACKS)
_ROLE_AT = {r: i for i, r in enumerate(_ROLES)}
_COLOUR_AT = {c: i for i, c in enumerate(COLOURS)}
_TRACK_AT = {t: i for i, t in enumerate(_TRACKS)}
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


class _Layout:
    """Where each part of the tensor starts, and the game's constants, computed once per
    configured game for ``encode_state``."""

    def __init__(self, game: Any) -> None:
        total = dice_in_game(game)
        self.totals = [float(total[c]) for c in _BAG]
        self.colour_at = {c: i for i, c in enumerate(_BAG)}
        self.size = shape(game)
        self.seats = len(_BAG)
        self.role_at = len(ROWS) * len(_BAG)
        self.colour_of = self.role_at + len(_ROLES)
        self.track_at = self.colour_of + len(COLOURS)
        self.stage_at = self.track_at + len(_TRACKS)
        self.power_at = self.stage_at + 3
        self.cards = self.seats + MAX_SEATS * _PER_SEAT
        self.hand = self.cards + 2 * len(COLOURS)
        self.current = self.hand + len(_BAG)
        self.final = self.current + MAX_SEATS
        self.deciding = self.final + 1
        self.viewer = self.deciding + _DECIDING
        self.goals = {
            name: int(card.rules.power_goal) for name, card in game.content.dreamscapes.items()
        }


_LAYOUTS: dict[int, tuple[Any, _Layout]] = {}


def _layout(game: Any) -> _Layout:
    found = _LAYOUTS.get(id(game))
    if found is None or found[0] is not game:
        if len(_LAYOUTS) > 64:
            _LAYOUTS.clear()
        found = _LAYOUTS[id(game)] = (game, _Layout(game))
    return found[1]


_SEATS: dict[int, tuple[Any, ...]] = {}
"""Recently encoded seat blocks by ``id(seat)``, with what they were made from."""
_SEATS_KEPT = 4096


def _seat_block(lay: _Layout, seat: Any, power: int, goal: int) -> list[float]:
    """One seat's part of the tensor (``_PER_SEAT`` entries)."""
    out = [0.0] * _PER_SEAT
    totals, colour_at = lay.totals, lay.colour_at
    sh = seat.shadow
    rows = (seat.hunt, seat.exhaust, seat.power, sh["blue"], sh["green"], sh["yellow"])
    for r, row in enumerate((*rows, sh["red"])):
        if row:
            at = r * len(_BAG)
            for d in row:
                out[at + colour_at[d[0]]] += 1.0
            for k in range(len(_BAG)):
                if out[at + k]:
                    out[at + k] /= totals[k]
    if seat.role in _ROLE_AT:
        out[lay.role_at + _ROLE_AT[seat.role]] = 1.0
    if seat.colour in _COLOUR_AT:
        out[lay.colour_of + _COLOUR_AT[seat.colour]] = 1.0
    if seat.track is not None:
        if seat.track in _TRACK_AT:
            out[lay.track_at + _TRACK_AT[seat.track]] = 1.0
        if 0 <= seat.stage < 3:
            out[lay.stage_at + seat.stage] = 1.0
    if power:
        out[lay.power_at] = power / (power + goal)
    if seat.marks:
        out[lay.power_at + 1] = len(seat.marks) / totals[-1]
    return out


def encode_state(state: Any, viewer: int | None = None, *, remember: bool = True) -> list[float]:
    """``encode(state.observation(viewer), state.game, state.to_move(), viewer)``, entry for
    entry, read from the state directly (Lucidity hides nothing, so every seat's
    observation holds the whole state). It only writes the entries that are not zero and
    builds no observation dictionaries, which makes it several times faster; the
    equivalence is tested over random games. Seat blocks are remembered for the next call
    unless ``remember`` is false (``tensor.py`` keeps its own)."""
    lay = _layout(state.game)
    out = [0.0] * lay.size
    totals, colour_at = lay.totals, lay.colour_at
    bag = state.bag
    for i, c in enumerate(_BAG):
        n = bag.get(c, 0)
        if n:
            out[i] = n / totals[i]
    goal = DEFAULT_GOAL if state.dreamscape is None else lay.goals[state.dreamscape]
    memo = _SEATS if remember else {}
    if len(memo) > _SEATS_KEPT:
        memo.clear()
    for i, seat in enumerate(state.seats):
        base = lay.seats + i * _PER_SEAT
        sh = seat.shadow
        # A seat's block is reused when its card is exactly as when the block was made:
        # the same Seat object (held, so its id is not reused), role, colour, track, stage,
        # Shadowmarks, Power goal and dice in every row (lists compared element by element).
        e = memo.get(id(seat))
        if (
            e is not None
            and e[0] is seat
            and e[1] == seat.role
            and e[2] == seat.colour
            and e[3] == seat.track
            and e[4] == seat.stage
            and e[5] == len(seat.marks)
            and e[6] == goal
            and e[7] == seat.hunt
            and e[8] == seat.exhaust
            and e[9] == seat.power
            and e[10] == sh["blue"]
            and e[11] == sh["green"]
            and e[12] == sh["yellow"]
            and e[13] == sh["red"]
        ):
            out[base : base + _PER_SEAT] = e[14]
            continue
        block = _seat_block(lay, seat, state.power_of(i), goal)
        out[base : base + _PER_SEAT] = block
        memo[id(seat)] = (
            seat,
            seat.role,
            seat.colour,
            seat.track,
            seat.stage,
            len(seat.marks),
            goal,
            seat.hunt.copy(),
            seat.exhaust.copy(),
            seat.power.copy(),
            sh["blue"].copy(),
            sh["green"].copy(),
            sh["yellow"].copy(),
            sh["red"].copy(),
            block,
        )
    for k, c in enumerate(COLOURS):
        dice = state.cards[c]
        if dice:
            out[lay.cards + 2 * k] = len(dice) / totals[k]
        if state.holder[c] is not None:
            out[lay.cards + 2 * k + 1] = 1.0
    hand = lay.hand
    for c in state.hand:
        out[hand + colour_at[c]] += 1.0
    for group in (*pending(state), state.pool):
        for d in group:
            out[hand + colour_at[d[0]]] += 1.0
    for k in range(len(_BAG)):
        if out[hand + k]:
            out[hand + k] /= totals[k]
    if 0 <= state.current < MAX_SEATS:
        out[lay.current + state.current] = 1.0
    if state.final_turns is not None:
        out[lay.final] = 1.0
    for seat_id in state.to_move():
        if seat_id == CHANCE:
            out[lay.deciding + MAX_SEATS] = 1.0
        elif 0 <= seat_id < MAX_SEATS:
            out[lay.deciding + seat_id] = 1.0
    if viewer is not None and 0 <= viewer < MAX_SEATS:
        out[lay.viewer + viewer] = 1.0
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
