"""The Lucidity forward model: the state's fields, copying, and the hooks of the core
contract with their short paths. Every rule is a typed flow step in ``steps/<section>.py``
(one module per rulebook section); the stack is a ``core.flow.Flow`` run by the core
driver (``core.flow.advance``), with the driver's first rounds written out in ``apply`` for
the frequent steps.

A dream (die) is a tuple ``(colour, face, rotated)``; ``rotated`` marks an exhaust dream
turned to its shadow side (Shadow of Imprisonment). Dreams that are drawn or rolled but not
yet placed are "in hand": ``hand`` (drawn, not rolled), and the pending work of the steps
that own it (core-v2, "pending work lives in step fields"): the unresolved rolled dreams are
the ``rolled`` field of the ``Resolve`` step on the stack, a dream drawn or rerolled by an
effect is held by the step that rolls, gives or returns it (``steps.base.HoldsDreams``:
``RollNow``, ``Now``, ``Spend``, ``MinionPick``, ``MinionTarget``). ``state.rolled`` and
``state.limbo`` read them off the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import CHANCE, Action, Decision, Deck, Event, IllegalAction, State
from ...core.flow import (
    Flow,
    act,
    advance,
    who,
)
from ...core.flow import legal as flow_legal
from .actions import ALL_COLOURS, DRAW_ACTIONS, DRAW_COLOUR
from .content import COLOURS
from .model import Die, Seat, power_value
from .observation import observation
from .params import (
    DEFAULT_RULES,
    MAX_SEATS,
    MIN_SHADOW_SPACES,
    SHADOW_SPACES,
    SHADOW_SPACES_FOURTH,
)
from .steps import end, resolve, setup, turn
from .steps.base import FAST_RANDOM, STOP, limbo
from .steps.by_class import (
    _BY_CHANCE,
    _BY_SEAT,
    _DECIDED_BY,
    _DONE,
    _QUICK,
    _RUN,
    _SETTLE,
    _SHORT,
    DECIDED_BY,
    HAS_FINISH,
    QUICK,
    SEAT_STEPS,
    SEATED_STEPS,
    SHORT,
)
from .steps.draw import Draw, Return
from .steps.end import took_last, trigger_dream_end
from .steps.resolve import Resolve, Roll, add_rolled, new_object, set_rolled_field, set_seat
from .steps.setup import DreamscapeDraw

if TYPE_CHECKING:
    from .game import LucidityGame

_AT_CHANCE = (CHANCE,)
_AT_SEAT = tuple((k,) for k in range(MAX_SEATS))
"""``to_move()`` of a decision of seat k: the same tuple each time."""


_draw_colour = DRAW_COLOUR.get  # bound once (3.11 binds an imported name's method per call)


class LucidityState(State):
    game: LucidityGame

    def __init__(self, game: LucidityGame, seed: int | None = None) -> None:
        super().__init__(game, seed)
        n = game.players
        self.R = game.refs
        self.bag: dict[str, int] = dict(game.start_bag)
        self.seats = [Seat() for _ in range(n)]
        self.cards: dict[str, list[Die]] = {c: [] for c in COLOURS}
        self.holder: dict[str, int | None] = {c: None for c in COLOURS}
        self.hand: list[str] = []
        self.current = 0
        self.turns = 0
        self.final_turns: tuple[int, ...] | None = None
        self.dream_end = False
        self.reason: str | None = None
        self.won: list[int] = []
        self.rolloff: dict[int, int] = {}
        self.log: list[dict[str, Any]] = []
        # typed as Any: tools read the steps' own fields (``player``, ``kind``, ...)
        self.stack: Any = Flow(self.R, self._events)
        self.rules: dict[str, int] = dict(DEFAULT_RULES)
        self.dreamscape: str | None = None
        self.mdeck: Deck[str] = Deck(game.manifest_ids)
        self.revealed: list[str] = []
        self.pool: list[Die] = []
        if game.options["dreamscapes"]:
            self.stack.items.append(DreamscapeDraw())
        else:
            setup.begin(self)
        self._advance()

    # ----- copying --------------------------------------------------------------------------
    def _copy(self) -> LucidityState:
        new = LucidityState.__new__(LucidityState)
        new.seed = self.seed
        new.R = self.R
        new.bag = self.bag.copy()
        new.seats = [s.copy() for s in self.seats]
        c = self.cards
        new.cards = {k: v.copy() for k, v in c.items()}
        new.holder = self.holder.copy()
        new.hand = self.hand.copy()
        new.current = self.current
        new.turns = self.turns
        new.final_turns = self.final_turns
        new.dream_end = self.dream_end
        new.reason = self.reason
        new.won = self.won.copy()
        new.rolloff = self.rolloff.copy()
        new.log = [dict(e) for e in self.log]
        new.stack = self.stack.copy()  # its events: the clone's own (see clone)
        new.rules = self.rules
        new.dreamscape = self.dreamscape
        new.mdeck = self.mdeck.copy()
        new.revealed = self.revealed.copy()
        new.pool = self.pool.copy()
        return new

    def clone(self) -> Any:
        new: Any = State.clone(self)
        new.stack._events = new._events
        return new

    def to_snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON, flow stack included (``snapshot.py``);
        ``game.from_snapshot`` rebuilds it."""
        from .snapshot import to_snapshot

        return to_snapshot(self)

    # ----- the pending dreams, as the steps on the stack hold them -------------------------
    @property
    def rolled(self) -> list[Die]:
        """The unresolved rolled dreams: the ``rolled`` field of the ``Resolve`` step on the
        stack (a new list: changing it changes nothing)."""
        return list(resolve.rolled(self))

    @property
    def limbo(self) -> list[Die]:
        """The dreams drawn or rerolled by an effect and not yet resolved, held by the steps
        on the stack, bottom to top (a new list: changing it changes nothing)."""
        return limbo(self)

    # ----- small helpers --------------------------------------------------------------------
    def bag_total(self) -> int:
        b = self.bag  # model.bag_total, written out
        return b["blue"] + b["green"] + b["yellow"] + b["red"] + b["bone"]

    def power_of(self, seat: int) -> int:
        return power_value(self.seats[seat].power)

    def next_seat(self, seat: int) -> int:
        """The next player in turn order (eliminated players still count)."""
        return (seat + 1) % len(self.seats)

    def dreamers(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.role == "dreamer"]

    def shadow_needed(self, seat: int) -> int:
        fourth = len(self.seats) == 2 or self.game.options["fourth_shadow_space"]
        base = SHADOW_SPACES_FOURTH if fourth else SHADOW_SPACES
        base = max(MIN_SHADOW_SPACES, base + self.rules["shadow_delta"])
        return max(1, base - len(self.seats[seat].marks))

    def _to_bag(self, dice: list[Die]) -> None:
        bag = self.bag  # model.to_bag, written out
        for d in dice:
            bag[d[0]] += 1

    # the rule functions that tests and tools call on a state (each lives in ``steps/``)
    def _start_turn(self, seat: int) -> None:
        turn.start_turn(self, seat)

    def _end_turn(self) -> None:
        turn.end_turn(self)

    def _end_game(self, reason: str, capped: bool = False) -> None:
        end.end_game(self, reason, capped)

    def _trigger_dream_end(self, seat: int) -> None:
        end.trigger_dream_end(self, seat)

    def _took_last(self, seat: int) -> bool:
        return end.took_last(self, seat)

    def _place(self, seat: int, d: Die, pool: bool) -> bool:
        return resolve.place(self, seat, d, pool)

    def _advance(self) -> None:
        """Run what needs no decision (the one driver of ``core.flow``)."""
        advance(self, self.stack)

    # ----- hooks ----------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        items = self.stack.items
        if not items:
            return ()
        top: Any = items[-1]
        cls = type(top)
        if cls is Draw or cls is Roll:  # half of a game's actions
            return _AT_CHANCE
        try:
            by = _DECIDED_BY[cls]
        except KeyError:
            by = DECIDED_BY[cls]
        if by == _BY_CHANCE:
            return _AT_CHANCE
        if by == _BY_SEAT:
            return _AT_SEAT[top.seat]
        return who(top, self)

    def decision(self, player: int | None = None) -> Decision | None:
        step: Any = self.stack.top
        if step is None:
            return None
        deciders = who(step, self)
        return Decision(
            step.decision_kind or step.kind,
            deciders[0] if deciders else CHANCE,
            step.prompt_text(self),
            self.R[step.rule_key()],
            step.decision_data(self),
        )

    def _legal(self, player: int) -> list[Action]:
        return flow_legal(self, self.stack, player)

    def _lookup(self, action_id: str, player: int) -> Action | None:
        items = self.stack.items
        if not items:
            return None
        a = self.game.actions.get(action_id)
        if a is None:
            return None
        top: Any = items[-1]
        if player == CHANCE and DECIDED_BY[type(top)] == _BY_CHANCE:
            return a if top.possible(self, a) else None
        for x in flow_legal(self, self.stack, player):
            if x is a:
                return a
        return None

    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """``State.apply`` with short paths for the frequent case: one seat (or chance)
        decides, no seat is named, the action is legal. A draw and a roll (half of a game's
        actions) check and apply it in one go (their ``quick``, written out here); a decision
        is looked for among its cached legal actions. Anything else (an illegal action, an
        id string, ``player=``) goes through the checks of ``State.apply``."""
        if player is None and action.__class__ is Action:
            flow = self.stack
            items = flow.items
            if not items:
                return State.apply(self, action, player)
            top: Any = items[-1]
            cls = type(top)
            events = self._events
            if cls is Draw:
                # Draw.quick, written out: draw the dream ``action`` names if one is left
                c = _draw_colour(action.id)
                if c is None:
                    return State.apply(self, action, player)
                bag = self.bag
                left = bag[c] - 1
                if left < 0:
                    return State.apply(self, action, player)
                cache = flow._legal
                if cache:
                    cache.clear()
                bag[c] = left
                hand = self.hand
                hand.append(c)
                seat = top.seat
                event = self.game.drawn_events[seat][c]  # the shared event (drawn_events)
                start = len(events)
                events.append(event)
                if left:
                    if len(hand) < top.upto:
                        # more dreams to draw from a bag that still holds some: no round
                        self._history.append(action.id)
                        return [event]
                elif took_last(self, seat):
                    flow.pop()
            elif cls is Roll:
                # Roll.quick, written out: roll the last dream drawn to the face ``action``
                # names, if that dream has it
                hand = self.hand
                if not hand:
                    return State.apply(self, action, player)
                found = self.game.roll_results[hand[-1]].get(action.id)
                if found is None:
                    return State.apply(self, action, player)
                cache = flow._legal
                if cache:
                    cache.clear()
                hand.pop()
                d, event = found  # the shared dream and event
                i = len(items) - 2
                below = items[i] if i >= 0 else None
                if below.__class__ is Resolve:
                    # the resolution under the roll holds the unresolved dreams:
                    # Resolve(below.seat, (*below.rolled, d)), field by field
                    new = new_object(Resolve)
                    set_seat(new, below.seat)
                    set_rolled_field(new, (*below.rolled, d))
                    items[i] = new
                else:
                    add_rolled(self, d)
                events.append(event)
                if hand:
                    # dreams are left to roll: no round of the driver
                    self._history.append(action.id)
                    return [event]
                start = len(events) - 1
            else:
                start = len(events)
                cache = flow._legal
                try:
                    quick = _QUICK[cls]
                except KeyError:
                    quick = QUICK[cls]
                if quick:
                    how = quick(top, self, flow, action)
                    if how == STOP:
                        self._history.append(action.id)
                        return events[start:]
                    if not how:
                        return State.apply(self, action, player)
                else:
                    by = _DECIDED_BY[cls]  # QUICK knew the class
                    if by == _BY_CHANCE:
                        # Lucidity's chance steps answer without listing every outcome
                        if not top.possible(self, action):
                            return State.apply(self, action, player)
                    elif by:
                        seat = top.seat if by == _BY_SEAT else top.actor(self)
                        options = cache[seat] if seat in cache else flow_legal(self, flow, seat)
                        # the actions are shared values: look for this one before comparing
                        for x in options:
                            if x is action:
                                break
                        else:
                            if action not in options:
                                return State.apply(self, action, player)
                    else:
                        return State.apply(self, action, player)
                    # core.flow.act for one seat or chance, written out (the hot path)
                    flow.running = top
                    if cache:
                        cache.clear()
                    top.apply(self, flow, action)
            # then ``core.flow.advance``'s first rounds, written out while the step on top
            # is a chance step or decision in ``SHORT``: the same steps taken off or
            # settled, the same stop (anything else goes through ``advance``)
            while items:
                top = items[-1]
                cls = type(top)
                try:
                    how = _SHORT[cls]
                except KeyError:
                    how = SHORT[cls]
                if how is _DONE:
                    # the draw's, the roll's and the return's ``done`` and ``finish``,
                    # written out
                    if cls is Draw:
                        if len(self.hand) < top.upto:
                            b = self.bag
                            if b["blue"] + b["green"] + b["yellow"] + b["red"] + b["bone"]:
                                break
                            items.pop()
                            flow.running = top
                            if cache:
                                cache.clear()
                            trigger_dream_end(self, top.seat)  # the bag is empty
                            continue
                        items.pop()
                        flow.running = top
                        if cache:
                            cache.clear()
                        continue
                    if cls is Roll:
                        if self.hand:
                            break
                    elif cls is Return:
                        if not self.dream_end:
                            if top.left > 0:
                                # dreams are owed: done once only Bone Hunters are in hand
                                hand = self.hand
                                if hand.count("bone") < len(hand):
                                    break
                                items.pop()
                                flow.running = top
                                if cache:
                                    cache.clear()
                                if hand:
                                    top.finish(self, flow)  # the Bone Hunters are kept
                                continue
                            if self.game.options["table_slips"]:
                                break
                        items.pop()
                        flow.running = top
                        if cache:
                            cache.clear()
                        continue
                    elif not top.done(self):
                        break
                    items.pop()
                    flow.running = top
                    if cache:
                        cache.clear()
                    if cls in HAS_FINISH:
                        top.finish(self, flow)
                    continue
                if how is _RUN:
                    # core.flow.advance for an automatic step, written out
                    n = len(items)
                    flow.running = top
                    top.run(self, flow)
                    if len(items) == n and items[-1] is top:
                        items.pop()  # it ran once and left the stack as it was: it is done
                    cache.clear()
                    continue
                if how is _SETTLE:
                    flow.running = top
                    if top.settle(self, flow):
                        if cache:
                            cache.clear()
                        continue
                    break
                if not how:
                    advance(self, flow)
                break
            flow.running = None
            self._history.append(action.id)
            return events[start:]
        return State.apply(self, action, player)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        items = self.stack.items
        if player is None and items:
            top: Any = items[-1]
            cls = type(top)
            if cls in SEATED_STEPS:
                # core.flow.legal for a decision of its seat, written out (the hot path)
                cache = self.stack._legal
                seat = top.seat
                if seat in cache:
                    return cache[seat]
                out = cache[seat] = top.legal(self)
                return out
            if cls in SEAT_STEPS:
                return flow_legal(self, self.stack, top.actor(self))
        return State.legal_actions(self, player)

    def renamed_action(self, action_id: str, player: int | None = None) -> str | None:
        """The id an action recorded by an older version has now, if it is legal here.
        A pick used to be ``pick:<row>:<colour>:<face>`` and the Nightmare of Primeval
        Fear's ability moved ``fear:<colour>``; both now name the seat whose card the dream
        is on: ``pick:seat<k>:<row>:<colour>:<face>``."""
        top: Any = self.stack.top
        if top is None or DECIDED_BY[type(top)] in (0, _BY_CHANCE):
            return None
        decider = self.to_move()[0]
        if player is not None and player != decider:
            return None
        k = top.kind
        parts = action_id.split(":")
        if k == "hunt_move":
            if len(parts) != 2 or parts[0] != "fear" or parts[1] not in COLOURS:
                return None
            c = parts[1]
            new = f"pick:seat{top.seat}:shadow_{c}:{c}:shadow"
        elif k in ("envy", "strip", "imprison", "offer", "pay"):
            if len(parts) != 4 or parts[0] != "pick":
                return None
            seat = decider if k in ("offer", "pay") else top.seat
            new = f"pick:seat{seat}:{action_id[5:]}"
        else:
            return None
        return new if self._lookup(new, decider) is not None else None

    def _reject(self, action_id: str, seat: int) -> None:
        newer = self.renamed_action(action_id, seat)
        if newer is not None:
            raise IllegalAction(
                f"{action_id!r} is the older form of {newer!r}: a pick names the seat whose "
                "card the dream is on (pick:seat<k>:<row>:<colour>:<face>)"
            )
        State._reject(self, action_id, seat)

    def _chance(self) -> list[tuple[Action, float]]:
        top: Any = self.stack.items[-1]
        return top.outcomes(self)

    def sample_chance(self, rng: Any) -> Action:
        top: Any = self.stack.items[-1]
        if rng.__class__ is FAST_RANDOM:
            # the draw's and the roll's ``sample``, written out (the same draws)
            cls = type(top)
            if cls is Draw:
                b = self.bag
                total = b["blue"] + b["green"] + b["yellow"] + b["red"] + b["bone"]
                if total > 0:
                    k = total.bit_length()
                    r = rng.getrandbits(k)
                    while r >= total:
                        r = rng.getrandbits(k)
                    for c, n in b.items():
                        if r < n:
                            return DRAW_ACTIONS[c]
                        r -= n
            elif cls is Roll:
                faces = self.game.roll_actions[self.hand[-1]]
                n = len(faces)
                k = n.bit_length()
                r = rng.getrandbits(k)
                while r >= n:
                    r = rng.getrandbits(k)
                return faces[r]
        return top.sample(self, rng)

    def _do(self, action: Action, player: int) -> None:
        act(self, self.stack, action, player)

    # ----- observation and results -----------------------------------------------------------
    def observation(self, player: int | None = None) -> dict[str, Any]:
        return observation(self)

    def scores(self) -> list[float]:
        if self.stack.top is not None:
            return []
        return [float(self.power_of(i)) for i in range(len(self.seats))]

    def winners(self) -> list[int]:
        if self.stack.top is not None:
            return []
        return list(self.won)

    def turn_number(self) -> int:
        return self.turns

    def end_reason(self) -> str | None:
        return self.reason if self.stack.top is None else None

    def stats(self) -> dict[str, Any]:
        roles = [s.role for s in self.seats]
        power = [self.power_of(i) for i in range(len(self.seats))]
        by_role: dict[str, list[int]] = {}
        for r, p in zip(roles, power, strict=True):
            by_role.setdefault(r, []).append(p)
        return {
            "turns": self.turns,
            "end_reason": self.end_reason(),
            "nightmares": [e for e in self.log if "became" in e],
            "eaten": [e for e in self.log if e.get("eaten")],
            "eliminated": [e for e in self.log if "cause" in e],
            "final_roles": roles,
            "final_power": power,
            "final_power_by_role": by_role,
        }

    def insights(self, player: int) -> dict[str, Any]:
        top = self.stack.top
        if top is None or top.kind != "rest" or top.player != player:
            return {}
        from .risk import risk_meter

        r = risk_meter(self, player)
        return {"risk": r} if r else {}

    def observation_tensor(self, player: int) -> list[float]:
        from .encoding import encode_state

        return encode_state(self, player)

    def reward_potential(self, seat: int) -> float:
        """A shaping potential in [-1, 1]: Power toward the goal and the lead over the best
        other seat, less the danger of a full Hunt or Shadow row for a dreamer; -1 once
        eliminated (the formula is in ``encoding.reward_potential``)."""
        from .encoding import reward_potential

        return reward_potential(self, seat)


def all_colours() -> tuple[str, ...]:
    return ALL_COLOURS
