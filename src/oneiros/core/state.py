"""The game state contract every game implements and every surface relies on.

A subclass implements the game-specific hooks (``to_move``, ``decision``, ``_legal``,
``_do``, ``_chance``, ``observation``, ``scores``, ``winners``, ``_copy``); this base class
provides the checked public API: ``apply`` (validate, then mutate, then record), chance
sampling, the event stream, records and the optional ML encodings.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .components import weighted_choice
from .errors import IllegalAction
from .types import CHANCE, Action, Decision, Event

if TYPE_CHECKING:
    from .game import Game

RECORD_VERSION = 2
"""Version of the record format written by :meth:`State.record`. Version 2 adds the
game's ``content`` hash (None without a content pack) and its ``rules`` version; version 1
records (without them) still replay."""

SNAPSHOT_FORMAT = 1
"""Version of the layout written by :meth:`State.to_snapshot`."""

RecordEntry = str | list[Any]
"""An action in a record: its id, or ``[seat, id]`` when several seats were deciding."""


class State:
    """A game position: plain data plus the rules that move it forward.

    Only actions returned by ``legal_actions`` (or ``chance_outcomes`` at chance nodes) are
    ever passed to ``_do``, so a rejected action leaves the state exactly as it was.
    """

    game: Game
    seed: int | None

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self._history: list[RecordEntry] = []
        self._events: list[Event] = []

    # ----- hooks a game implements ----------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        """``()`` when terminal, ``(CHANCE,)`` at chance, else the seats still to decide."""
        raise NotImplementedError

    def decision(self, player: int | None = None) -> Decision | None:
        """What ``player`` (default: the single deciding seat or chance) faces, or None."""
        raise NotImplementedError

    def _legal(self, player: int) -> list[Action]:
        """Legal actions of a deciding seat (never called at chance or when terminal)."""
        raise NotImplementedError

    def _chance(self) -> list[tuple[Action, float]]:
        """Chance outcomes at a chance node, probabilities summing to 1."""
        raise NotImplementedError

    def _do(self, action: Action, player: int) -> None:
        """Apply a legal action (a chance outcome when ``player`` is ``CHANCE``)."""
        raise NotImplementedError

    def observation(self, player: int | None) -> dict[str, Any]:
        """JSON-serialisable view for ``player``, hidden information removed (None: public)."""
        raise NotImplementedError

    def scores(self) -> list[float]:
        """Final scores per seat; ``[]`` until terminal."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Winning seats (all seats in a cooperative win, none in a cooperative loss)."""
        raise NotImplementedError

    def _copy(self) -> State:
        """A deep copy of the game-specific data (history and events are handled here)."""
        new = copy.copy(self)
        for key, value in self.__dict__.items():
            if key in ("game", "_history", "_events"):
                continue
            setattr(new, key, copy.deepcopy(value))
        return new

    # ----- optional hooks -------------------------------------------------------------------
    def renamed_action(self, action_id: str, player: int | None = None) -> str | None:
        """The id that an action recorded by an older version has now, if the game renamed
        it and it is legal here; None otherwise. ``oneiros.replay`` uses it so that old
        records keep loading (``apply`` itself never accepts an old id)."""
        return None

    def _lookup(self, action_id: str, player: int) -> Action | None:
        """Find a legal action by id; games may override with something faster."""
        if player == CHANCE:
            for outcome, _p in self._chance():
                if outcome.id == action_id:
                    return outcome
            return None
        for action in self._legal(player):
            if action.id == action_id:
                return action
        return None

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with the distribution of ``chance_outcomes``."""
        return weighted_choice(self.chance_outcomes(), rng)

    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state consistent with what ``player`` may know, hidden parts resampled.

        Perfect-information games return a clone; hidden-hand games override this.
        """
        return self.clone()

    def stats(self) -> dict[str, Any]:
        """Game-specific statistics for simulation reports (JSON-serialisable)."""
        return {}

    def insights(self, player: int) -> dict[str, Any]:
        """Optional analysis panels for a seat (Lucidity: the risk meter)."""
        return {}

    def carry_over(self) -> dict[str, Any]:
        """A hook for campaigns: what a finished scenario hands to the next one
        (JSON-serialisable). No game implements it yet and the campaign design is open."""
        return {}

    def turn_number(self) -> int:
        """How many turns (or rounds) have started; 0 before the first."""
        return 0

    def end_reason(self) -> str | None:
        """Why the game ended (``power``, ``nightmare``...), None while it goes on."""
        return None

    def observation_tensor(self, player: int) -> list[float]:
        """Flat encoding of ``observation(player)``; length ``game.observation_shape``."""
        raise NotImplementedError(f"{self.game.name} declares no observation tensor")

    # ----- the public API -------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return not self.to_move()

    def is_chance(self) -> bool:
        return self.to_move() == (CHANCE,)

    def current_player(self) -> int | None:
        """The single deciding seat (``CHANCE`` at chance); None when terminal or several."""
        tm = self.to_move()
        return tm[0] if len(tm) == 1 else None

    def _resolve_player(self, player: int | None, tm: tuple[int, ...]) -> int:
        if not tm:
            raise IllegalAction("the game is over: no action is legal")
        if player is None:
            if len(tm) != 1:
                raise IllegalAction(
                    f"seats {list(tm)} decide at the same time: say which seat acts (player=)"
                )
            return tm[0]
        if player not in tm:
            who = (
                "chance"
                if tm == (CHANCE,)
                else f"seat {tm[0]}"
                if len(tm) == 1
                else f"seats {list(tm)}"
            )
            raise IllegalAction(f"it is not seat {player}'s decision: waiting for {who}")
        return player

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of the deciding seat; at chance, the chance outcomes' actions."""
        tm = self.to_move()
        if player is None and len(tm) == 1:
            player = tm[0]  # the frequent case: one seat (or chance) decides
        elif not tm:
            return []
        elif player is None:
            raise IllegalAction(
                f"seats {list(tm)} decide at the same time: say which seat (player=)"
            )
        elif player not in tm:
            return []
        if player == CHANCE:
            return [a for a, _p in self._chance()]
        return self._legal(player)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance():
            raise IllegalAction("not a chance node: chance_outcomes() is only for chance")
        return self._chance()

    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """Apply ``action`` (an Action or its id) for ``player``; return the new events.

        Raises ``IllegalAction`` (and changes nothing) for an illegal, unknown or out-of-turn
        action.
        """
        tm = self.to_move()
        # the frequent case (one seat or chance decides, no seat named) needs no checks
        seat = tm[0] if player is None and len(tm) == 1 else self._resolve_player(player, tm)
        if isinstance(action, Action):
            action_id = action.id
        elif isinstance(action, str):
            action_id = action
        else:
            raise IllegalAction(f"an action is an Action or its id string, not {action!r}")
        found = self._lookup(action_id, seat)
        if found is None:
            self._reject(action_id, seat)
        events = self._events
        start = len(events)
        self._do(found, seat)  # type: ignore[arg-type]
        self._history.append(action_id if len(tm) == 1 else [seat, action_id])
        return events[start:]

    def _reject(self, action_id: str, seat: int) -> None:
        decision = self.decision(seat if seat != CHANCE else None)
        what = f"{decision.kind} ({decision.prompt})" if decision else "this decision"
        ids = [a.id for a in self.legal_actions(seat)]
        shown = ", ".join(ids[:12]) + (f", ... ({len(ids)} in all)" if len(ids) > 12 else "")
        who = "chance" if seat == CHANCE else f"seat {seat}"
        raise IllegalAction(f"{action_id!r} is not legal for {who} at {what}; legal: {shown}")

    def emit(
        self,
        kind: str,
        fmt: str,
        rule: str = "",
        visible_to: tuple[int, ...] | None = None,
        **data: Any,
    ) -> None:
        """Record an event; ``fmt`` is formatted with ``data`` only when its text is read."""
        self._events.append(Event(kind, fmt, rule, data, visible_to))

    def events(self, player: int | None = -99) -> Sequence[Event]:
        """The whole event history; with a seat (or None for spectators), only what it may see."""
        if player == -99:
            return self._events
        return [e for e in self._events if e.visible(player)]

    def event_count(self, player: int | None = -99) -> int:
        """``len(events(player))`` without building the list: how many events seat
        ``player`` (None: a spectator) may see so far (all of them without a player).

        A position counter that is safe to send to that seat: unlike ``len(history())``,
        which counts every applied action, hidden ones included (a secret choice at a
        simultaneous step, a seat accepting a private offer), it changes only with what
        ``player`` can see, provided the game sends the events of a hidden choice to the
        seats that may see it alone (``visible_to``)."""
        if player == -99:
            return len(self._events)
        return sum(1 for e in self._events if e.visible(player))

    def history(self) -> list[RecordEntry]:
        """The applied action ids, in order (chance outcomes included)."""
        return list(self._history)

    def clone(self) -> State:
        new = self._copy()
        new.game = self.game
        new._history = self._history.copy()
        new._events = self._events.copy()
        return new

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this state with ``oneiros.replay``."""
        from .. import __version__

        cfg = self.game.config()
        return {
            "game": cfg["game"],
            "ruleset": cfg["ruleset"],
            "players": cfg["players"],
            "options": cfg["options"],
            "seed": self.seed,
            "actions": [e if isinstance(e, str) else list(e) for e in self._history],
            "version": RECORD_VERSION,
            "content": self.game.content_hash(),
            "rules": self.game.rules_version,
            "oneiros": __version__,
        }

    def to_snapshot(self) -> dict[str, Any]:
        """The whole state as flat JSON (``Game.from_snapshot`` rebuilds it), for states
        built on the flow (``core.flow.FlowState``); others cannot be snapshotted."""
        raise NotImplementedError(
            f"{self.game.name} is not built on the flow: save its record() instead"
        )

    # ----- machine-learning encodings ---------------------------------------------------------
    def action_index(self, action: Action | str) -> int:
        aid = action.id if isinstance(action, Action) else action
        try:
            return self.game._action_index()[aid]
        except KeyError:
            raise IllegalAction(f"{aid!r} is not in {self.game.name}'s action space") from None

    def action_at(self, index: int) -> Action:
        ids = self.game.action_ids()
        if not 0 <= index < len(ids):
            raise IllegalAction(f"action index {index} is outside 0..{len(ids) - 1}")
        aid = ids[index]
        tm = self.to_move()
        for seat in tm:
            found = self._lookup(aid, seat)
            if found is not None:
                return found
        return Action(aid)

    def legal_action_mask(self, player: int | None = None) -> list[bool]:
        mask = [False] * self.game.action_space_size
        index = self.game._action_index()
        for action in self.legal_actions(player):
            mask[index[action.id]] = True
        return mask

    def snapshot(self) -> dict[str, Any]:
        """Everything observable about the state, for equality checks (replay, clone)."""
        return {
            "to_move": list(self.to_move()),
            "history": self.history(),
            "public": self.observation(None),
            "seats": [self.observation(p) for p in range(self.game.players)],
            "events": [(e.kind, e.text, e.rule, e.visible_to) for e in self._events],
            "scores": self.scores(),
            "winners": self.winners(),
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} to_move={self.to_move()}>"
