"""A table's position: the game state with the counters every process derives from the
record alone (the public clock ``n``, each seat's decision id) and what undo needs.

What every seat can see never depends on another seat's hidden choice: ``n`` in the
messages counts changes of the *public* view (:class:`PublicClock`) and a seat's
``decision_id`` counts changes of its own decision.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from ..core import CHANCE, ConfigError, IllegalAction, State, replay


def derive(*parts: object) -> int:
    """A 63-bit seed derived from the table seed and the position (stable across runs)."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


class PublicClock:
    """Counts the changes of the public view (what a spectator sees: observation, who is to
    move, public events) along a game. It is the ``n`` of every message: a hidden choice
    that changes nothing public does not move it, so ``n`` tells nobody about it.

    A step that shows a public event or changes who is to move moves the clock whatever
    the observation did, and nearly every step does (in Lucidity and Etherfields all but
    one in a thousand), so the public observation, the costly part, is computed only for
    a step that does neither: compared with the one before it, taken from a copy of the
    state kept at the step before (a copy costs a fraction of an observation). The count
    is exactly that of comparing the observation at every step."""

    def __init__(self, state: State) -> None:
        self.n = 0
        self._seen = 0
        self._public_events = 0
        self._cheap = self._cheap_part(state)
        self._observation: Any = state.observation(None)
        self._before: State | None = None
        """The state at the last step when its observation was not computed."""

    def step(self, state: State) -> None:
        cheap = self._cheap_part(state)
        if cheap != self._cheap:
            self.n += 1
            self._cheap = cheap
            # this point's observation matters only if the next step changes neither
            self._observation, self._before = None, state.clone()
            return
        before = self._observation
        if before is None:
            assert self._before is not None
            before = self._before.observation(None)
        now = state.observation(None)
        if now != before:  # compared by value (a fresh observation each time)
            self.n += 1
        self._observation, self._before = now, None

    def _cheap_part(self, state: State) -> tuple[Any, ...]:
        events = state.events()
        for e in events[self._seen :]:
            if e.visible_to is None:
                self._public_events += 1
        self._seen = len(events)
        return (self._public_events, state.to_move())


def entry_actor(state: State, entry: Any) -> int:
    """The seat (or CHANCE) that made a record entry, before it is applied."""
    if isinstance(entry, list | tuple):
        return int(entry[0])
    return state.to_move()[0]


def apply_entry(state: State, entry: Any) -> None:
    if isinstance(entry, str):
        state.apply(entry)
    else:
        state.apply(str(entry[1]), player=int(entry[0]))


def turns_after_each_action(game: Any, record: dict[str, Any]) -> list[int]:
    """The game's turn number at the start and after each action of a record (the replay
    page steps by turn with it)."""
    state = game.new_state(seed=record.get("seed"))
    turns = [state.turn_number()]
    for entry in record["actions"]:
        apply_entry(state, entry)
        turns.append(state.turn_number())
    return turns


UNDO_WINDOW = 32
"""Seat entries back from the end of the record an undo may reach."""
UNDO_SAMPLES = 6
"""States consistent with a seat's knowledge an undo replays the taken-back moves on."""


class Position:
    """A table's state with the public clock and every seat's decision counter, which are
    functions of the record alone (the same in every process and after a restart)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.clock = PublicClock(state)
        players = state.game.players
        self.chances = 0
        """Chance outcomes so far (the chance stream's index: how many entries the seats
        made, some of them hidden, must not change what chance does next)."""
        self.decision_ids = [0] * players
        self.actors: list[int] = []
        """Who made each record entry (a seat or CHANCE), for undo."""
        self.forced: list[bool] = []
        """Whether each entry was its seat's only legal action (undo steps over those)."""
        self.first_decision: dict[int, int] = {}
        """The index of each seat's first entry that was a real choice (not forced)."""
        self.public: list[bool] = []
        """Whether each entry changed the public view (the public clock moved)."""
        self.before: dict[int, State] = {}
        """The state before each of the last :data:`UNDO_WINDOW` seat entries (undo checks
        on it what the entries revealed)."""
        self._reveals: dict[tuple[int, int, int], bool] = {}
        self.fingerprints: list[Any] = [self._fingerprint(p) for p in range(players)]

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Position:
        """Replay a record entry by entry (blocking: call it in a thread)."""
        pos = cls(replay({**record, "actions": []}))
        recent = len(record["actions"]) - UNDO_WINDOW
        for i, entry in enumerate(record["actions"]):
            try:
                pos.advance(entry, keep=i >= recent)
            except IllegalAction as exc:
                raise ConfigError(f"record action {i} ({entry!r}) does not replay: {exc}") from None
        return pos

    def advance(self, entry: Any, keep: bool = True) -> None:
        actor = entry_actor(self.state, entry)
        choices = self.choices(actor, keep)
        apply_entry(self.state, entry)
        self.applied(actor, choices)

    def choices(self, actor: int, keep: bool = True) -> int:
        """How many legal actions ``actor`` has now (before it acts), and a copy of the
        state kept for undo (games with hidden information); without ``keep`` (entries an undo cannot reach: replaying a
        long record) neither is computed and 2 is returned."""
        if actor == CHANCE:
            return 0
        if not keep:
            return 2
        if not self.state.game.info.perfect_information:  # see reveals: nothing to hide else
            n = len(self.state.history())
            self.before[n] = self.state.clone()
            if len(self.before) > UNDO_WINDOW:  # in the order of the record: oldest first
                del self.before[next(iter(self.before))]
        return len(self.state.legal_actions(actor))

    def reveals(self, start: int, seat: int) -> bool:
        """Whether the entries from ``start`` on told ``seat`` something it could not know
        before them (another seat's hidden card or secret choice): replayed on a few states
        consistent with what the seat knew then (``State.determinize``), they must show the
        seat the same observation and events as the real game. True when unsure (the state
        before ``start`` is no longer kept, or an entry does not replay)."""
        state = self.state
        if state.game.info.perfect_information:
            return False
        history = state.history()
        key = (start, seat, len(history))
        known = self._reveals.get(key)
        if known is not None:
            return known
        before = self.before.get(start)
        answer = True
        if before is not None:
            seen = len(before.events())
            real = (
                state.observation(seat),
                [e.to_dict() for e in state.events()[seen:] if e.visible(seat)],
            )
            answer = False
            for k in range(UNDO_SAMPLES):
                other = before.determinize(seat, random.Random(k))
                other_seen = len(other.events())  # a determinized copy may keep no log
                try:
                    for entry in history[start:]:
                        apply_entry(other, entry)
                except Exception:  # the hidden part mattered to what followed
                    answer = True
                    break
                got = (
                    other.observation(seat),
                    [e.to_dict() for e in other.events()[other_seen:] if e.visible(seat)],
                )
                if got != real:
                    answer = True
                    break
        if len(self._reveals) > 64:
            self._reveals.clear()
        self._reveals[key] = answer
        return answer

    def applied(self, actor: int, choices: int = 2) -> None:
        """Refresh the clock and the decision counters after ``actor``'s action (which
        was chosen among ``choices`` legal actions)."""
        forced = actor != CHANCE and choices <= 1
        if actor != CHANCE and not forced:
            self.first_decision.setdefault(actor, len(self.actors))
        self.actors.append(actor)
        self.forced.append(forced)
        if actor == CHANCE:
            self.chances += 1
        for seat in range(len(self.decision_ids)):
            fp = self._fingerprint(seat)
            if fp != self.fingerprints[seat] or seat == actor:
                self.fingerprints[seat] = fp
                self.decision_ids[seat] += 1
        n = self.clock.n
        self.clock.step(self.state)
        self.public.append(self.clock.n != n)

    def _fingerprint(self, seat: int) -> Any:
        state = self.state
        if seat not in state.to_move():
            return None
        d = state.decision(seat)
        legal = tuple(a.id for a in state.legal_actions(seat))
        return (d.kind, d.prompt) if d else None, legal
