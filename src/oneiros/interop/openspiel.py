"""Every Oneiros game as an OpenSpiel (``pyspiel``) Python game.

    from oneiros.interop import openspiel
    openspiel.register()                       # once per process
    game = pyspiel.load_game("python_oneiros_lucidity", {"players": 4})
    state = game.new_initial_state()

One pyspiel game per Oneiros game (``python_oneiros_<name>``, dashes become underscores),
with the parameters ``players``, ``ruleset`` and the game's options. The game type is
sequential with explicit chance (chance nodes carry the core's probabilities); it is
imperfect-information when the game hides anything or has simultaneous decisions, which
are serialised here (the deciding seats act one after another in seat order; hidden
choices stay hidden until the reveal, public acts are seen by the later seats). Returns are +1 for a winner and -1 for every other
seat; utilities are general-sum, or identical for a cooperative game that declares
``shared_outcome = True`` (its seats always win or lose together). Actions, chance
outcomes included, are indices into the game's action space (``game.action_ids()``).
``max_game_length`` is the game's declared ``decision_bound`` (the longest measured game
with a margin), or the engine's cap ``GameInfo.max_decisions`` when it declares none.

Observation tensors are the game's ``observation_tensor``; information-state tensors
append the counts of the seat's own past actions over the action space (so they are not
a perfect-recall encoding). Information-state strings have perfect recall: which seat
acted at each decision (public), the seat's own actions and every event it has seen. ``resample_from_infostate`` uses the game's ``determinize``, which is what
OpenSpiel's Python ``ISMCTSBot`` needs. States serialise as their Oneiros snapshot
(``state.to_snapshot()``: restoring it costs no replay) and, for games without snapshots, as
their record (the action ids), replayed on deserialisation; strings serialised as records
earlier still load.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from ..core import ConfigError, Game, State, games, make, replay
from ._common import acting_seat, declares_encodings, final_rewards, shared_outcome

__all__ = ["game_name", "register", "registered"]

PREFIX = "python_oneiros_"
_REGISTERED: dict[str, str] = {}
"""pyspiel short name -> Oneiros game name."""

_PARAM_TYPES = (bool, int, float, str)


def game_name(name: str) -> str:
    """The pyspiel short name of an Oneiros game: ``python_oneiros_sleep_tight``."""
    return PREFIX + name.replace("-", "_")


def registered() -> dict[str, str]:
    """pyspiel short names registered so far, with the Oneiros game each plays."""
    return dict(_REGISTERED)


def register(names: list[str] | None = None) -> list[str]:
    """Register every Oneiros game that declares the encodings (or just ``names``) with
    pyspiel; returns the pyspiel short names. Calling it again is harmless."""
    wanted = names if names is not None else [info.name for info in games()]
    out = []
    for name in wanted:
        short = game_name(name)
        if short in _REGISTERED:
            out.append(short)
            continue
        default = make(name)
        if not declares_encodings(default):
            if names is not None:
                raise ConfigError(
                    f"{name} declares no machine-learning encodings "
                    "(action_ids and observation_shape), so it has no OpenSpiel game"
                )
            continue
        if short in pyspiel.registered_names():
            raise ConfigError(f"pyspiel already has a game named {short!r}")
        pyspiel.register_game(_game_type(default), _factory(name))
        _REGISTERED[short] = name
        out.append(short)
    return out


def _information(game: Game) -> Any:
    info = game.info
    if info.perfect_information and not info.simultaneous:
        return pyspiel.GameType.Information.PERFECT_INFORMATION
    return pyspiel.GameType.Information.IMPERFECT_INFORMATION


def _game_type(game: Game) -> pyspiel.GameType:
    info = game.info
    params: dict[str, Any] = {"players": info.default_players, "ruleset": info.default_ruleset}
    for spec in info.options:
        if isinstance(spec.default, _PARAM_TYPES):
            params[spec.name] = spec.default
    return pyspiel.GameType(
        short_name=game_name(info.name),
        long_name=f"Oneiros {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_information(game),
        utility=(
            pyspiel.GameType.Utility.IDENTICAL
            if shared_outcome(game)
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _factory(name: str) -> type[OneirosSpielGame]:
    """pyspiel keeps the factory until the interpreter exits: a class (as OpenSpiel's own
    Python games register) rather than a closure, which cannot be released safely then."""
    cls_name = "OneirosSpielGame_" + name.replace("-", "_")
    return type(cls_name, (OneirosSpielGame,), {"oneiros_name": name, "__module__": __name__})


def max_game_length(game: Game) -> int:
    """OpenSpiel's ``max_game_length`` (decisions, chance not counted): the game's declared
    ``decision_bound`` (a realistic bound: the longest measured game with a margin), else
    the engine's cap ``GameInfo.max_decisions``."""
    bound = getattr(game, "decision_bound", None)
    if isinstance(bound, int) and not isinstance(bound, bool) and bound > 0:
        return min(bound, game.info.max_decisions)
    return game.info.max_decisions


class OneirosSpielGame(pyspiel.Game):
    """A configured Oneiros game seen by OpenSpiel (one subclass per Oneiros game)."""

    oneiros_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = self.oneiros_name
        players = params.get("players")
        ruleset = params.get("ruleset")
        options = {k: v for k, v in params.items() if k not in ("players", "ruleset")}
        self.oneiros_game = make(name, players=players, ruleset=ruleset, options=options)
        self._initial: State | None = None
        game = self.oneiros_game
        size = game.action_space_size
        super().__init__(
            _game_type(game),
            pyspiel.GameInfo(
                num_distinct_actions=size,
                max_chance_outcomes=size,
                num_players=game.players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=max_game_length(game),
            ),
            params,
        )

    def new_initial_state(self) -> OneirosSpielState:
        return OneirosSpielState(self)

    def initial_oneiros_state(self) -> State:
        """A new Oneiros state at the start of a game (seed 0): a clone of one made once,
        since OpenSpiel asks for many (every deserialisation starts from one)."""
        if self._initial is None:
            self._initial = self.oneiros_game.new_state(seed=0)
        return self._initial.clone()

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> OneirosObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return OneirosObserver(self.oneiros_game, perfect_recall)


class _Core:
    """Holds the Oneiros state inside a pyspiel state, with what the adapter adds to it.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by
    pickling them: this holder clones with the core's fast ``clone`` and pickles as the
    Oneiros snapshot, which ``game.from_snapshot`` turns back into the state without
    replaying the game (a game without snapshots pickles as its record, which
    ``oneiros.replay`` replays).
    ``moves`` lists (seat, action id) of every decision (not chance); events and moves are
    only ever appended, so the information-state text is built incrementally.
    """

    __slots__ = ("_seen", "_tensors", "moves", "state")

    def __init__(
        self,
        state: State,
        moves: list[tuple[int, str]] | None = None,
        seen: dict[int, tuple[int, str]] | None = None,
    ) -> None:
        self.state = state
        self.moves: list[tuple[int, str]] = moves if moves is not None else []
        self._seen: dict[int, tuple[int, str]] = seen if seen is not None else {}
        self._tensors: dict[int, Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(self.state.clone(), list(self.moves), dict(self._seen))

    def __reduce__(self) -> tuple[Any, ...]:
        try:
            snapshot = self.state.to_snapshot()
        except NotImplementedError:
            return (_restore, (json.dumps(self.state.record()), list(self.moves)))
        return (_restore_snapshot, (json.dumps(snapshot), list(self.moves)))

    def apply(self, action_id: str, seat: int | None) -> None:
        if seat is None:
            self.state.apply(action_id)
        else:
            self.state.apply(action_id, player=seat)
            self.moves.append((seat, action_id))
        self._tensors.clear()

    def tensor(self, player: int) -> Any:
        """The seat's observation tensor, computed once per state: the game's float32
        ``observation_array`` when it declares one, else its ``observation_tensor`` list."""
        out = self._tensors.get(player)
        if out is None:
            array = getattr(self.state.game, "observation_array", None)
            out = self._tensors[player] = (
                array(self.state, player).ravel()
                if array is not None
                else self.state.observation_tensor(player)
            )
        return out

    def seen(self, player: int) -> str:
        """Every event the seat has seen, one per line."""
        done, text = self._seen.get(player, (0, ""))
        events = self.state.events()
        if done < len(events):
            lines = [f"{e.kind}: {e.text}\n" for e in events[done:] if e.visible(player)]
            text += "".join(lines)
            self._seen[player] = (len(events), text)
        return text


def _restore(record: str, moves: list[tuple[int, str]]) -> _Core:
    return _Core(replay(json.loads(record)), [(int(s), str(a)) for s, a in moves])


def _restore_snapshot(snapshot: str, moves: list[tuple[int, str]]) -> _Core:
    data = json.loads(snapshot)
    game = make(
        data["game"], players=data["players"], ruleset=data["ruleset"], options=data["options"]
    )
    return _Core(game.from_snapshot(data), [(int(s), str(a)) for s, a in moves])


class OneirosSpielState(pyspiel.State):
    """A pyspiel state wrapping an Oneiros state."""

    def __init__(self, game: OneirosSpielGame) -> None:
        super().__init__(game)
        self._core = _Core(game.initial_oneiros_state())

    @property
    def oneiros_state(self) -> State:
        """The Oneiros state behind this pyspiel state."""
        return self._core.state

    # ----- the pyspiel API -------------------------------------------------------------------
    def current_player(self) -> int:
        state = self._core.state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        seat = acting_seat(state)
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self._core.state
        return sorted(state.action_index(a) for a in state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self._core.state
        return sorted((state.action_index(a), p) for a, p in state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        state = self._core.state
        action_id = state.game.action_ids()[action]
        self._core.apply(action_id, None if state.is_chance() else acting_seat(state))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._core.state.game.action_ids()[action])

    def is_terminal(self) -> bool:
        return bool(self._core.state.is_terminal())

    def returns(self) -> list[float]:
        state = self._core.state
        if not state.is_terminal():
            return [0.0] * state.game.players
        return final_rewards(state, "win")

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> OneirosSpielState:
        """A state ``player_id`` cannot tell apart from this one (hidden parts resampled by
        the game's ``determinize``), for OpenSpiel's Python ``ISMCTSBot``."""
        seed = int(float(probability_sampler()) * 2**31)
        new: OneirosSpielState = self.get_game().new_initial_state()
        world = self._core.state.determinize(player_id, random.Random(seed))
        new._core = _Core(world, list(self._core.moves))
        return new

    def __str__(self) -> str:
        state = self._core.state
        head = "terminal" if state.is_terminal() else f"to_move={list(state.to_move())}"
        return (
            f"{head} actions={len(state.history())}\n"
            f"{json.dumps(state.observation(None), sort_keys=True)}"
        )

    def info_state_string(self, player: int) -> str:
        """Perfect recall: which seat acted at each decision, the seat's own actions,
        every event it has seen, and its observation now."""
        core = self._core
        turns = " ".join(str(seat) for seat, _aid in core.moves)
        own = " ".join(aid for seat, aid in core.moves if seat == player)
        return (
            f"seat {player}\nturns: {turns}\nmine: {own}\n{core.seen(player)}"
            f"{json.dumps(core.state.observation(player), sort_keys=True)}"
        )


class OneirosObserver:
    """pyspiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    Without perfect recall: the game's ``observation_tensor`` and the seat's observation as
    JSON. With perfect recall (information states): the same tensor followed by the counts
    of the seat's own past actions, and a string listing which seat acted at each decision,
    the seat's own actions and every event it has seen.
    """

    def __init__(self, game: Game, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        obs_size = int(np.prod(game.observation_shape))
        size = obs_size + (game.action_space_size if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self._obs_size = obs_size
        self.dict: dict[str, np.ndarray] = {"observation": self.tensor[:obs_size]}
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[obs_size:]

    def set_from(self, state: OneirosSpielState, player: int) -> None:
        core = state._core
        self.tensor[: self._obs_size] = core.tensor(player)
        if self.perfect_recall:
            counts = self.dict["own_actions"]
            counts.fill(0)
            index = core.state.game._action_index()
            for seat, aid in core.moves:
                if seat == player:
                    counts[index[aid]] += 1

    def string_from(self, state: OneirosSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.info_state_string(player)
        return json.dumps(state.oneiros_state.observation(player), sort_keys=True)
