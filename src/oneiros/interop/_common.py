"""What the three adapters share: checking a game's encodings, chance, rewards and masks.

Everything here talks to a game through the core API only (``core-api.md``), so any game
that declares the machine-learning encodings plugs into PettingZoo, Gymnasium and
OpenSpiel without glue code.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import CHANCE, ConfigError, Game, IllegalAction, State, make

REWARD_MODES = ("win", "score")
"""``win``: +1 for every winner and -1 for every other seat at the end (in a cooperative
game where the seats win or lose together, that is +1 for all or -1 for all); ``score``:
the final scores."""


def agent_name(seat: int) -> str:
    """PettingZoo's recommended agent name for a seat: ``player_0``, ``player_1``..."""
    return f"player_{seat}"


def declares_encodings(game: Game) -> bool:
    """Whether ``game`` declares the action space and the observation tensor."""
    try:
        ids = game.action_ids()
        shape = game.observation_shape
    except NotImplementedError:
        return False
    return len(ids) > 0 and len(shape) > 0


def make_encoded_game(
    name: str | Game,
    players: int | None = None,
    ruleset: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """A configured game that declares the encodings, or ``ConfigError`` saying why not."""
    if isinstance(name, Game):
        if players is not None or ruleset is not None or options:
            raise ConfigError("pass players, ruleset and options to oneiros.make, not here")
        game = name
    else:
        game = make(name, players=players, ruleset=ruleset, options=options)
    if not declares_encodings(game):
        raise ConfigError(
            f"{game.name} declares no machine-learning encodings "
            "(action_ids and observation_shape), so it has no RL interface"
        )
    return game


def check_reward_mode(reward: str) -> str:
    if reward not in REWARD_MODES:
        raise ConfigError(f"unknown reward {reward!r} (rewards: {', '.join(REWARD_MODES)})")
    return reward


def observation_bounds(game: Game) -> tuple[float, float]:
    """The range of every observation-tensor entry: a game may declare
    ``observation_bounds = (low, high)``; otherwise it is unbounded."""
    bounds = getattr(game, "observation_bounds", None)
    if bounds is None:
        return (float("-inf"), float("inf"))
    low, high = bounds
    return (float(low), float(high))


def final_rewards(state: State, reward: str = "win") -> list[float]:
    """The reward each seat receives when the game ends."""
    n = state.game.players
    if reward == "score":
        scores = state.scores()
        return [float(s) for s in scores] if scores else [0.0] * n
    winners = set(state.winners())
    return [1.0 if seat in winners else -1.0 for seat in range(n)]


def shared_outcome(game: Game) -> bool:
    """Whether every seat always gets the same outcome: a cooperative game that declares
    ``shared_outcome = True``. Semi-cooperative games (Sleep Tight, where a hidden agent of
    the Sandman can win alone) must not, so this is opt-in."""
    return bool(game.info.cooperative and getattr(game, "shared_outcome", False))


def has_potential(state: State) -> bool:
    return callable(getattr(state, "reward_potential", None))


def check_shaping(game: Game, shaped: bool) -> bool:
    """``shaped=True`` needs the game to declare ``state.reward_potential(seat)``."""
    if shaped and not has_potential(game.new_state(seed=0)):
        raise ConfigError(
            f"{game.name} declares no shaped reward (state.reward_potential), "
            "so shaped=True is not available"
        )
    return shaped


def potentials(state: State) -> list[float]:
    """Each seat's shaping potential, taken as 0 once the game is over.

    The shaped reward of a step is the change of the potential (potential-based shaping,
    Ng, Harada and Russell 1999). Because the potential of the end is 0, the shaping terms
    of a whole game add up to minus the first potential, whatever happens: without
    discounting the optimal policies are those of the unshaped game.
    """
    if state.is_terminal():
        return [0.0] * state.game.players
    fn = state.reward_potential  # type: ignore[attr-defined]
    return [float(fn(seat)) for seat in range(state.game.players)]


_CHANCE_ONLY = (CHANCE,)


def resolve_chance(state: State, rng: random.Random) -> tuple[int, ...]:
    """Sample every pending chance node with the core's distribution; returns who decides
    then (``state.to_move()``)."""
    to_move = state.to_move()
    while to_move == _CHANCE_ONLY:
        state.apply(state.sample_chance(rng))
        to_move = state.to_move()
    return to_move


def acting_seat(state: State, to_move: tuple[int, ...] | None = None) -> int | None:
    """The seat that acts next in a sequential view: simultaneous decisions are serialised
    in seat order. The core keeps hidden choices (face-down plays) from the other seats
    until the reveal, but a public act (a Sleep Tight buy, say) is seen at once by the
    seats that act after it (``docs/rl.md``, "Simultaneous decisions"). ``to_move`` is
    ``state.to_move()`` when the caller has it."""
    tm = state.to_move() if to_move is None else to_move
    if not tm or tm == _CHANCE_ONLY:
        return None
    return tm[0] if len(tm) == 1 else min(tm)


def action_id_at(game: Game, index: Any, ids: Sequence[str] | None = None) -> str:
    """The id of action ``index`` of the action space (``ids``: ``game.action_ids()``
    when the caller keeps it), or ``IllegalAction``."""
    try:
        i = int(index)
    except (TypeError, ValueError):
        raise IllegalAction(f"an action is an integer index, not {index!r}") from None
    if isinstance(index, float) and index != i:
        raise IllegalAction(f"an action is an integer index, not {index!r}")
    if ids is None:
        ids = game.action_ids()
    if not 0 <= i < len(ids):
        raise IllegalAction(f"action index {i} is outside 0..{len(ids) - 1}")
    return ids[i]


def legal_indices(state: State, seat: int) -> list[int]:
    """Sorted action-space indices of ``seat``'s legal actions."""
    return sorted(state.action_index(a) for a in state.legal_actions(seat))


class Encoder:
    """A game's observation tensor and legal-action mask as numpy arrays, the way the
    environments hand them over.

    The tensor is ``game.observation_array(state, seat)`` when the game declares it (a
    float32 array equal to ``observation_tensor``, which a game may keep up to date between
    steps rather than build again: Lucidity does), else ``observation_tensor`` converted.
    The mask is set from the seat's legal actions (a few) rather than converted from the
    core's list of booleans over the whole action space; masks already made are copied,
    found by the identity of the legal Action objects (held by the cache, so an identity is
    never reused while its mask is kept) without building any id string. ``offered`` gives
    the Actions by index with the mask, so that an environment applies the chosen Action
    itself rather than looking its id up.
    """

    offers_kept = 20_000
    """How many legal-action lists ``offers`` keeps (then it starts again)."""

    def __init__(self, game: Game) -> None:
        import numpy as np

        self._np = np
        self.game = game
        self.ids = game.action_ids()
        self.index = {aid: i for i, aid in enumerate(self.ids)}
        self.size = len(self.index)
        self.shape = tuple(game.observation_shape)
        array = getattr(game, "observation_array", None)
        self._array = array
        self.tensor: Callable[[State, int], Any] = (
            array if array is not None and len(self.shape) == 1 else self._tensor
        )
        """``state.observation_tensor(seat)`` as a float32 array: the game's
        ``observation_array`` itself when it declares one (and the tensor is flat)."""
        self.tensor_to_move = self.tensor is array and _takes_to_move(array)
        """Whether ``tensor`` takes ``state.to_move()`` as a third argument (a game's
        ``observation_array(state, seat, to_move)`` may, to spare asking it again)."""
        self._zeros = np.zeros(self.size, dtype=np.int8)
        self.offers: dict[tuple[int, ...], tuple[Any, dict[int, Any]]] = {}
        """The masks and Actions by index of the legal-action lists met, by the identities
        of their Actions (held here, so an identity is not reused while its entry is kept)."""

    def _tensor(self, state: State, seat: int) -> Any:
        if self._array is not None:
            return self._array(state, seat).reshape(self.shape)
        np = self._np
        return np.asarray(state.observation_tensor(seat), dtype=np.float32).reshape(self.shape)

    def offered(
        self, legal: Sequence[Any], key: tuple[int, ...] | None = None
    ) -> tuple[Any, dict[int, Any]]:
        """The mask of ``legal`` (a seat's legal actions; int8, shared: copy it before
        handing it over) and its Actions by action index, so that an environment can apply
        the Action chosen by index itself (the engine's short path). ``key`` is
        ``tuple(map(id, legal))`` when the caller has it."""
        if key is None:
            key = tuple(map(id, legal))
        made = self.offers.get(key)
        if made is None:
            offers = self.offers
            if len(offers) >= self.offers_kept:
                offers.clear()
            index = self.index
            by_index = {index[a.id]: a for a in legal}
            mask = self._zeros.copy()
            for i in by_index:  # a few: cheaper than numpy's fancy indexing
                mask[i] = 1
            made = offers[key] = (mask, by_index)
        return made

    def legal_mask(self, legal: Sequence[Any], dtype: Any = None) -> Any:
        """The mask of ``legal`` (a seat's legal actions), a new array (int8 by default)."""
        mask = self.offered(legal)[0]
        return mask.copy() if dtype is None else mask.astype(dtype)

    def mask(self, state: State, seat: int | None, dtype: Any = None) -> Any:
        """The seat's legal actions over the action space (int8 by default); all zeros for
        ``None`` or a seat that does not decide now."""
        if seat is None or seat not in state.to_move():
            return self._zeros.copy() if dtype is None else self._zeros.astype(dtype)
        return self.legal_mask(state.legal_actions(seat), dtype)


def _takes_to_move(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` has a third parameter named ``to_move``."""
    import inspect

    try:
        params = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return False
    return len(params) >= 3 and params[2] == "to_move"


def describe_illegal(state: State, seat: int, action_id: str) -> str:
    decision = state.decision(seat)
    what = f"{decision.kind} ({decision.prompt})" if decision else "this decision"
    legal: Sequence[str] = [a.id for a in state.legal_actions(seat)]
    shown = ", ".join(legal[:12]) + (f", ... ({len(legal)} in all)" if len(legal) > 12 else "")
    return f"{action_id!r} is not legal for seat {seat} at {what}; legal: {shown}"


def render_text(state: State) -> str:
    """A short text view of a state for people, built only from what every seat sees: who
    decides and the public decision, then the public observation as JSON.

    The decision is ``state.decision(None)``, the public one: a seat's own prompt may name
    what only that seat knows (a Sleep Tight seat that drew I Am the Sandman is asked to
    accept or refuse the offer, the others see an ordinary "buy" decision), so it is never
    shown here. When the game gives no public decision (Sleep Tight when several seats decide
    at the same time) the text says only who decides.
    """
    game = state.game
    if state.is_terminal():
        head = f"{game.info.title}: game over, winners {state.winners()}, scores {state.scores()}"
    else:
        seats = [s for s in state.to_move() if s != CHANCE]
        who = (
            f"seat {seats[0]} decides"
            if len(seats) == 1
            else "seats " + ", ".join(str(s) for s in seats) + " decide at the same time"
        )
        decision = state.decision(None)
        if not seats:
            head = f"{game.info.title}: chance" + (f": {decision.prompt}" if decision else "")
        elif decision is not None:
            head = f"{game.info.title}: {who}: {decision.prompt}"
        else:
            head = f"{game.info.title}: {who}"
    return head + "\n" + json.dumps(state.observation(None), sort_keys=True)
