"""A ``State`` on the flow (``core.flow``): the ``FlowState`` mixin that implements the
contract's hooks from the flow, ``kinds_of`` and ``restore_snapshot``. Import them from
``oneiros.core.flow``."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .components import weighted_choice
from .flow_driver import Flow, act, advance, legal, who
from .flow_registry import Kinds
from .flow_steps import _CHANCE, _LEGACY, _SEAT, _SIMUL, _to_json, evolve
from .i18n import reword
from .types import CHANCE, Action, Decision, Event

if TYPE_CHECKING:
    from .state import State

# ----- a State on the flow ------------------------------------------------------------------


_NOT_COPIED = frozenset({"game", "_history", "_events", "flow"})


class FlowState:
    """A mixin for ``State`` subclasses built on the flow: it implements the hooks
    ``to_move``, ``decision``, ``_legal``, ``_chance``, ``_do``, ``_lookup`` and
    ``sample_chance`` from ``self.flow``, so a game writes no driver.

    Use as ``class MyState(FlowState, State)`` and create ``self.flow = Flow(refs,
    self._events, steps)`` in ``__init__``, then call ``self.start()``.
    """

    flow: Flow
    _events: list[Event]

    def _copy(self) -> Any:
        """A copy: the flow is copied by ``clone``; other attributes are deep-copied unless
        the game overrides this with something faster."""
        new = copy.copy(self)
        for key, value in self.__dict__.items():
            if key not in _NOT_COPIED:
                setattr(new, key, copy.deepcopy(value))
        return new

    def clone(self) -> Any:
        new = super().clone()  # type: ignore[misc]
        new.flow = self.flow.copy(new._events)
        return new

    def determinize(self, player: int, rng: random.Random) -> Any:
        """A state consistent with what ``player`` may know: the table's hidden faces dealt
        anew (see ``Table.determinize``), the other seats' secret simultaneous choices
        chosen again among their legal ones, the events it may not see dropped, and no
        history (it would name hidden outcomes)."""
        new = self.clone()
        table = getattr(new, "table", None)
        if table is not None:
            new.table = table.determinize(player, rng)
        items = new.flow.items
        for i, step in enumerate(items):
            if step._role == _SIMUL and step.chosen:
                chosen = tuple(
                    (seat, aid if seat == player else rng.choice(step.legal(new, seat)).id)
                    for seat, aid in step.chosen
                )
                items[i] = evolve(step, chosen=chosen)
        new._events = [e for e in self._events if e.visible(player)]
        new.flow._events = new._events
        new._history = []
        return new

    def to_snapshot(self) -> dict[str, Any]:
        """The whole state as flat JSON: configuration, history, events, the flow stack,
        the table (``self.table``, when there is one) and every other attribute (which
        must hold JSON values). ``game.from_snapshot`` rebuilds it."""
        fields = {}
        for key, value in self.__dict__.items():
            if key in _NOT_COPIED or key in ("seed", "table"):
                continue
            fields[key] = _to_json(value)
        table = getattr(self, "table", None)
        return snapshot_document(self, self.flow, fields, table)

    def start(self) -> None:
        """Run the first automatic steps (call once the initial steps are on the stack)."""
        advance(self, self.flow)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` (None: a spectator) sees of the state's table (a
        ``core.zones.View``), derived from the zone declarations."""
        return self.table.view(seat)  # type: ignore[attr-defined]

    def to_move(self) -> tuple[int, ...]:
        items = self.flow.items
        if not items:
            return ()
        return who(items[-1], self)

    def decision(self, player: int | None = None) -> Decision | None:
        items = self.flow.items
        if not items:
            return None
        top: Any = items[-1]
        if top._role == _LEGACY:
            return self.legacy_decision(top, player)  # type: ignore[attr-defined]
        deciders = who(top, self)
        if top._role == _CHANCE:
            seat = CHANCE
        elif player is not None:
            seat = player
        elif len(deciders) == 1:
            seat = deciders[0]
        else:
            seat = deciders[0] if deciders else CHANCE
        return Decision(
            top.decision_kind or top.kind,
            seat,
            top.prompt_text(self),
            self.flow.cite(top.rule_key()),
            top.decision_data(self),
        )

    def _legal(self, player: int) -> list[Action]:
        return legal(self, self.flow, player)

    def _chance(self) -> list[tuple[Action, float]]:
        top: Any = self.flow.items[-1]
        if top._role == _LEGACY:
            return self.legacy_chance(top)  # type: ignore[attr-defined]
        return top.outcomes(self)

    def _lookup(self, action_id: str, player: int) -> Action | None:
        for action in legal(self, self.flow, player):
            if action.id == action_id:
                return action
        return None

    def sample_chance(self, rng: random.Random) -> Action:
        top: Any = self.flow.items[-1]
        if top._role == _LEGACY:
            return weighted_choice(self.legacy_chance(top), rng)  # type: ignore[attr-defined]
        return top.sample(self, rng)

    def _do(self, action: Action, player: int) -> None:
        act(self, self.flow, action, player)

    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """``State.apply`` with a short path for the frequent case (one seat or chance
        decides, no seat is named, the action is an ``Action`` found among the cached legal
        ones); anything else goes through the checks of ``State.apply``."""
        flow = self.flow
        items = flow.items
        if player is None and items and action.__class__ is Action:
            top: Any = items[-1]
            role = top._role
            seat = top.actor(self) if role == _SEAT else CHANCE if role == _CHANCE else None
            if seat is not None:
                options = flow._legal.get(seat)
                if options is None:
                    options = legal(self, flow, seat)
                if action in options:
                    events = self._events
                    start = len(events)
                    act(self, flow, action, seat)
                    self._history.append(action.id)  # type: ignore[attr-defined]
                    return events[start:]
        return super().apply(action, player)  # type: ignore[misc]


def kinds_of(state: State) -> Kinds | None:
    """The step registry of a state built on the flow (its class attribute ``KINDS``)."""
    return getattr(type(state), "KINDS", None)


def restore_snapshot(game: Any, data: Mapping[str, Any]) -> Any:
    """The state a snapshot describes (``Game.from_snapshot``); a snapshot of another game,
    configuration, content or rules version fails with a one-line ``ConfigError``."""
    from .errors import ConfigError
    from .registry import check_provenance
    from .state import SNAPSHOT_FORMAT

    if not isinstance(data, Mapping) or data.get("snapshot") != SNAPSHOT_FORMAT:
        raise ConfigError(f"not a snapshot of format {SNAPSHOT_FORMAT} (state.to_snapshot())")
    cfg = game.config()
    for key in ("game", "ruleset", "players", "options"):
        if data.get(key) != cfg[key]:
            raise ConfigError(
                f"the snapshot is of {key} {data.get(key)!r}, this game has {cfg[key]!r}"
            )
    check_provenance(game, data)
    state = game.new_state(seed=data.get("seed"))
    kinds = kinds_of(state)
    if kinds is None:
        raise ConfigError(f"{game.name} is not built on the flow: it has no snapshots")
    try:
        steps = [kinds.from_json(step) for step in data["flow"]]
        events = [
            Event(
                kind, fmt, rule, ev_data, tuple(vis) if vis is not None else None, state.flow.names
            )
            for kind, fmt, rule, ev_data, vis in reword(data["events"], game.reworded)
        ]
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"the snapshot does not load: {exc}") from None
    state._history = [h if isinstance(h, str) else list(h) for h in data["history"]]
    state._events = events
    state.flow = Flow(state.flow.refs, events, steps, state.flow.checkpoint, state.flow.names)
    if data.get("table") is not None:
        table = state.table.__class__(state.table.players, tuple(state.table.decl.values()))
        table.load_json(data["table"])
        state.table = table
    for key, value in data.get("fields", {}).items():
        setattr(state, key, value)
    return state


def snapshot_document(
    state: Any, flow: Any, fields: dict[str, Any], table: Any = None
) -> dict[str, Any]:
    """A snapshot's layout, shared by every game: the configuration, content hash and rules
    version, seed, history, events and the flow stack around the game's own ``fields``
    (and its ``table``, when it has one)."""
    from .state import SNAPSHOT_FORMAT

    game = state.game
    return {
        "snapshot": SNAPSHOT_FORMAT,
        **game.config(),
        "content": game.content_hash(),
        "rules": game.rules_version,
        "seed": state.seed,
        "history": [h if isinstance(h, str) else list(h) for h in state._history],
        "events": [
            [e.kind, e._fmt, e.rule, _to_json(dict(e.data)), _to_json(e.visible_to)]
            for e in state._events
        ],
        "flow": [
            step.to_json() if step._role != _LEGACY else {"legacy_step": step.to_dict()}
            for step in flow.items
        ],
        "table": table.to_json() if table is not None else None,
        "fields": fields,
    }
