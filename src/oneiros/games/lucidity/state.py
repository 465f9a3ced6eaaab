"""The Lucidity forward model: the state's fields, copying, the hooks of the core contract
with their short paths, and the rules not yet moved to ``steps/`` (the shadows, the
Nightmare's turn and abilities, the de-lux expansions, setting up, the turn and the end).

The state runs on ``core.flow``: its stack is a ``Flow`` driven by ``core.flow.advance``.
The rules already moved are typed steps in ``steps/<section>.py`` (draw, resolve, reroll,
filled rows, rest); the others are older ``Step`` values run through the ``legacy_*`` hooks
below (``_DO``/``_LEGAL`` by step kind).

A dream (die) is a tuple ``(colour, face, rotated)``; ``rotated`` marks an exhaust dream
turned to its shadow side (Shadow of Imprisonment). Dreams that are drawn or rolled but not
yet placed are "in hand": ``hand`` (drawn, not rolled), ``rolled`` (rolled, unresolved) and
``limbo`` (a dream drawn or rerolled by an effect and resolved at once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import (
    CHANCE,
    Action,
    Decision,
    Deck,
    Event,
    IllegalAction,
    State,
    Step,
    weighted_choice,
)
from ...core.flow import (
    _F_DONE,
    _F_FINISH,
    _F_SETTLE,
    Actor,
    DecisionStep,
    Flow,
    act,
    advance,
    shared,
    who,
)
from ...core.flow import legal as flow_legal
from .actions import (
    ALL_COLOURS,
    A,
)
from .content import COLOURS
from .model import (
    POWER_FACES,
    Die,
    Seat,
    bag_total,
    die,
    die_dict,
    power_value,
    to_bag,
)
from .params import (
    DEFAULT_RULES,
    MARKS_OUT,
    MIN_SHADOW_SPACES,
    SHADOW_SPACES,
    SHADOW_SPACES_FOURTH,
    TRACKS,
    TURN_CAP,
)
from .steps.base import KINDS
from .steps.draw import Draw, Return
from .steps.filled_rows import CheckRows, MinionCheck, eliminate
from .steps.reroll import Now
from .steps.resolve import Resolve, Roll

if TYPE_CHECKING:
    from .game import LucidityGame

AUTO = -2
# an older ``Step`` (``type(step) is Step``) runs through the ``legacy_*`` hooks of core.flow
SEAT = Actor.SEAT
_AT_CHANCE = (CHANCE,)


def _typed(actor: Actor) -> frozenset[Any]:
    return frozenset(c for c in KINDS.by_kind.values() if c.actor_kind is actor)


# decisions that are dropped when nothing is left to choose
_SKIP_WITHOUT_CHOICE = frozenset(
    ("envy", "fear", "strip", "offer", "hunt_move", "minion_pick", "minion_target", "nightmare")
)
# step kinds that ``_advance`` may run or drop by itself; any other kind is a decision
_AUTO_KINDS = frozenset(
    {
        "end_turn",
        "draw_now",
        "minion_draw",
        "ability_draw",
        "roll_now",
        "mdraw",
        "harvest_draw",
        "mbottom",
        "rolloff",
        "pay",
    }
).union(_SKIP_WITHOUT_CHOICE)

# Steps are immutable, so the frequent ones are made once and shared by every state and turn.
_SHARED: dict[tuple[Any, ...], Any] = {}


def _shared_step(kind: str, player: int, names: tuple[str, ...], values: tuple[Any, ...]) -> Step:
    """The one shared ``Step(kind, player, **dict(zip(names, values)))``."""
    key = (kind, player, values)
    step = _SHARED.get(key)
    if step is None:
        step = _SHARED[key] = Step(kind, player, **dict(zip(names, values, strict=True)))
    return step


def _stage_steps(seat: int, returns: int, upto: int) -> tuple[Any, ...]:
    """The four steps of a drawing stage, bottom first: resolve, roll, return, draw."""
    key = ("stage", seat, returns, upto)
    steps = _SHARED.get(key)
    if steps is None:
        steps = _SHARED[key] = (
            shared(Resolve, seat),
            shared(Roll, seat),
            shared(Return, seat, returns, 0),
            shared(Draw, seat, upto),
        )
    return steps


# Decision kind, prompt and rule-reference key (see rules.rule_refs) of each step kind.
_PROMPTS: dict[str, tuple[str, str, str]] = {
    "first": ("first_player", "Choose the first player at random", "setup"),
    "track": ("choose_track", "Choose your sleep track", "track"),
    "draw_now": ("draw", "Draw a dream (Shadow of the Depths)", "depths"),
    "draw_now_ability": ("draw", "Draw a dream: roll it at once", "ability"),
    # the rule of a roll_now step is that of the effect that pushed it (its ``ref``)
    "roll_now": ("roll", "Roll the dream and resolve it at once", "resolve"),
    "envy": ("envy_pick", "Choose a dream on the dreamer's card to reroll", "envy"),
    "fear": ("fear", "You may move a shadow dream to your Hunt row", "fear"),
    "imprison": (
        "imprison",
        "Choose the exhaust dream to turn to its shadow side",
        "imprisonment",
    ),
    "pay": (
        "pay",
        "Choose a Power dream to pay for the Manifestation",
        "manifestations",
    ),
    "ability": ("ability", "Activate your Nightmare ability?", "ability"),
    "minion_draw": ("draw", "Draw a dream for the Nightmare", "minions"),
    "minion_pick": ("minion_pick", "Choose the dream to give", "minions"),
    "minion_target": ("minion_target", "Choose the dreamer who rolls it", "minions"),
    "nightmare": ("nightmare_turn", "Consume Power or send minions", "nightmare"),
    "strip": ("strip", "Choose a Power dream the dreamer returns", "ability"),
    "offer": ("offer", "Choose one of your Power dreams to give", "ability"),
    "mdraw": ("draw", "Reveal a Manifestation", "manifestations"),
    "manifest": ("manifest", "Manifest, empower or pass", "manifestations"),
    "mbottom": ("bottom", "Choose the next card to put at the bottom", "manifestations"),
    "harvest_draw": ("draw", "Draw a dream as 1 Power", "manifestations"),
    "dreamscape": ("dreamscape", "Draw a Dreamscape", "dreamscapes"),
    "hunt_move": (
        "hunt_move",
        "Choose a shadow dream to move to the Hunt row",
        "ability",
    ),
    "ability_draw": ("draw", "Draw a dream for the Exhaust row", "ability"),
    "rolloff": ("roll", "Roll-off: roll every dream on the card", "winner"),
}


# the typed step classes by who decides (every steps module is imported above)
CHANCE_STEPS = _typed(Actor.CHANCE)
SEAT_STEPS = _typed(Actor.SEAT)
HAS_FINISH = frozenset(c for c in KINDS.by_kind.values() if c._flags & _F_FINISH)
"""The typed steps with a ``finish`` of their own."""


class _ByClass(dict[type, int]):
    """A table by step class; a class it does not name answers 0 (looked up by
    subscription: no method call on the hot path)."""

    def __missing__(self, key: type) -> int:
        return 0


_DONE, _STOP, _SETTLE = 1, 2, 3
SHORT = _ByClass()
"""What the first rounds of the driver do with a typed chance step or decision on top, by
class: ``_DONE`` it only asks whether the step is done (a draw, a roll, a return), ``_STOP``
it stops there (nothing to check), ``_SETTLE`` it only lets the step settle (resolve); any
other step (0) goes through ``core.flow.advance``."""
for _cls in CHANCE_STEPS | SEAT_STEPS:
    _rest = _cls._flags & ~_F_FINISH
    if _rest == _F_DONE:
        SHORT[_cls] = _DONE
    elif not _rest:
        SHORT[_cls] = _STOP
    elif _rest == _F_SETTLE:
        SHORT[_cls] = _SETTLE
SEATED_STEPS = frozenset(c for c in SEAT_STEPS if c.actor is DecisionStep.actor)
"""The decisions whose ``seat`` field names who decides."""
_BY_CHANCE, _BY_SEAT, _BY_ACTOR = 1, 2, 3
DECIDED_BY = _ByClass(
    {
        **{c: _BY_ACTOR for c in SEAT_STEPS},
        **{c: _BY_SEAT for c in SEATED_STEPS},
        **{c: _BY_CHANCE for c in CHANCE_STEPS},
    }
)
"""Who decides at a typed step, by class: chance, the seat its ``seat`` field names, or the
seat its ``actor`` names (0: no one of these)."""
_every: list[type] = [Step, *KINDS.by_kind.values()]
for _cls in _every:  # every class met: no look-up misses
    SHORT.setdefault(_cls, 0)
    DECIDED_BY.setdefault(_cls, 0)


def _drive(s: Any, flow: Flow, items: list[Any]) -> None:
    """``core.flow.advance`` after an action, with its rounds written out while the step on
    top is a typed chance step or decision in ``SHORT``: the same steps taken off or
    settled, the same stop."""
    cache = flow._legal
    while items:
        top: Any = items[-1]
        cls = type(top)
        how = SHORT[cls]
        if how == _DONE:
            if not top.done(s):
                break
            items.pop()  # taken off as the driver would, which then looks again
            flow.running = top
            if cache:
                cache.clear()
            if cls in HAS_FINISH:
                top.finish(s, flow)
            continue
        if how == _SETTLE:
            flow.running = top
            if top.settle(s, flow):
                if cache:
                    cache.clear()
                continue
            break
        if not how:
            advance(s, flow)
        break
    flow.running = None


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
        self.rolled: list[Die] = []
        self.limbo: list[Die] = []
        self.current = 0
        self.turns = 0
        self.final_turns: tuple[int, ...] | None = None
        self.dream_end = False
        self.reason: str | None = None
        self.won: list[int] = []
        self.rolloff: dict[int, int] = {}
        self.log: list[dict[str, Any]] = []
        # typed steps and older Step values side by side while the rules move onto the flow
        flow: Any = Flow(self.R, self._events)
        self.stack = flow
        self._lc: tuple[Step, list[Action]] | None = None
        self.rules: dict[str, int] = dict(DEFAULT_RULES)
        self.dreamscape: str | None = None
        self.mdeck: Deck[str] = Deck(game.manifest_ids)
        self.revealed: list[str] = []
        self.pool: list[Die] = []
        if game.options["dreamscapes"]:
            self.stack.items.append(Step("dreamscape", CHANCE))
        else:
            self._begin()
        self._advance()

    def _begin(self) -> None:
        first = self.game.options["first_player"]
        if first == "random":
            self.stack.items.append(Step("first", CHANCE))
        else:
            self._start_turn(int(first))

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
        new.rolled = self.rolled.copy()
        new.limbo = self.limbo.copy()
        new.current = self.current
        new.turns = self.turns
        new.final_turns = self.final_turns
        new.dream_end = self.dream_end
        new.reason = self.reason
        new.won = self.won.copy()
        new.rolloff = self.rolloff.copy()
        new.log = [dict(e) for e in self.log]
        new.stack = self.stack.copy()  # its events: the clone's own (see clone)
        new._lc = None
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

    # ----- small helpers --------------------------------------------------------------------
    def bag_total(self) -> int:
        return bag_total(self.bag)

    def power_of(self, seat: int) -> int:
        return power_value(self.seats[seat].power)

    def next_seat(self, seat: int) -> int:
        """The next player in turn order (eliminated players still count)."""
        return (seat + 1) % len(self.seats)

    def dreamers(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.role == "dreamer"]

    def _any_dreamer(self) -> bool:
        return "dreamer" in [s.role for s in self.seats]

    def shadow_needed(self, seat: int) -> int:
        fourth = len(self.seats) == 2 or self.game.options["fourth_shadow_space"]
        base = SHADOW_SPACES_FOURTH if fourth else SHADOW_SPACES
        base = max(MIN_SHADOW_SPACES, base + self.rules["shadow_delta"])
        return max(1, base - len(self.seats[seat].marks))

    def _took_last(self, seat: int) -> bool:
        """Called by everything that takes a dream out of the bag, once no dream of its colour
        is left (the only way the bag can have become empty). lucidity-es "Fin del juego":
        "Si alguna vez no quedan sueños en la bolsa, el jugador actual termina su turno ...
        y luego el jugador con más Poder gana", whatever emptied it. True if that ends the
        game after this turn."""
        if self.game.ruleset == "es" and self.bag_total() == 0:
            self._trigger_dream_end(seat)
            return True
        return False

    def _to_bag(self, dice: list[Die]) -> None:
        to_bag(self.bag, dice)

    # ----- hooks ----------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        items = self.stack.items
        if not items:
            return ()
        top: Any = items[-1]
        cls = type(top)
        if cls is Step:
            return (top.player,)
        by = DECIDED_BY[cls]
        if by == _BY_CHANCE:
            return _AT_CHANCE
        if by == _BY_SEAT:
            return (top.seat,)
        return who(top, self)

    def decision(self, player: int | None = None) -> Decision | None:
        top = self.stack.top
        if top is None:
            return None
        if type(top) is not Step:
            step: Any = top
            deciders = who(step, self)
            return Decision(
                step.decision_kind or step.kind,
                deciders[0] if deciders else CHANCE,
                step.prompt_text(self),
                self.R[step.rule_key()],
                step.decision_data(self),
            )
        kind = top.kind
        if kind == "draw_now" and top.data.get("ref") == "ability":
            kind = "draw_now_ability"
        kind_name, prompt, ref_key = _PROMPTS.get(kind, (kind, kind, ""))
        # a step pushed by an effect cites the section of that effect
        ref_key = top.data.get("ref", ref_key)
        ref = self.R[ref_key] if ref_key else ""
        data: dict[str, Any] = {}
        if "seat" in top.data:
            data["seat"] = top.data["seat"]
        if kind in ("roll_now", "rolloff"):
            data["colour"] = self._rolling_colour(top)
        return Decision(kind_name, top.player, prompt, ref, data)

    def _legal(self, player: int) -> list[Action]:
        items = self.stack.items
        top: Any = items[-1]
        if type(top) is not Step:
            return flow_legal(self, self.stack, player)
        cache = self._lc
        if cache is not None and cache[0] is top:
            return cache[1]
        out: list[Action] = _LEGAL[top.kind](self, top)
        self._lc = (top, out)
        return out

    def _lookup(self, action_id: str, player: int) -> Action | None:
        items = self.stack.items
        top = items[-1] if items else None
        if top is None:
            return None
        a = self.game.actions.get(action_id)
        if a is None:
            return None
        if type(top) is not Step:
            for x in flow_legal(self, self.stack, player):
                if x is a:
                    return a
            return None
        if player == CHANCE:
            tk = top.kind
            kind, _, arg = action_id.partition(":")
            if tk in ("dreamscape", "mdraw"):
                return a if any(o is a for o, _ in self._chance()) else None
            if kind == "draw":
                if tk in (
                    "draw_now",
                    "minion_draw",
                    "ability_draw",
                    "harvest_draw",
                ):
                    return a if self.bag.get(arg, 0) > 0 else None
                return None
            if kind == "roll":
                colour = self._rolling_colour(top)
                if colour is not None and arg in self.game.content.faces[colour]:
                    return a
                return None
            if kind == "first" and tk == "first":
                return a if int(arg) < len(self.seats) else None
            return None
        cache = self._lc
        legal = cache[1] if cache is not None and cache[0] is top else self._legal(player)
        for x in legal:
            if x is a:
                return a
        return None

    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """``State.apply`` with a short path for the frequent case: one seat (or chance)
        decides, no seat is named and the action is legal. Anything else (an illegal action,
        an id string, ``player=``) goes through the checks of ``State.apply``."""
        flow = self.stack
        items = flow.items
        if player is None and items and action.__class__ is Action:
            top: Any = items[-1]
            cls = type(top)
            if cls is not Step:
                by = DECIDED_BY[cls]
                if by == _BY_CHANCE:
                    # Lucidity's chance steps answer without listing every outcome
                    seat = CHANCE
                    ok = top.possible(self, action)
                elif by:
                    seat = top.seat if by == _BY_SEAT else top.actor(self)
                    legal = flow._legal
                    options = legal[seat] if seat in legal else flow_legal(self, flow, seat)
                    ok = action in options
                else:
                    ok = False
                if ok:
                    events = self._events
                    start = len(events)
                    # core.flow.act for one seat or chance, written out (the hot path)
                    flow.running = top
                    cache = flow._legal
                    if cache:
                        cache.clear()
                    top.apply(self, flow, action)
                    _drive(self, flow, items)
                    self._history.append(action.id)
                    return events[start:]
                return State.apply(self, action, player)
            k = top.kind
            aid = action.id
            if top.player == CHANCE:
                ok = self._lookup(aid, CHANCE) is not None
            elif top.player >= 0:
                cache = self._lc
                legal = (
                    cache[1] if cache is not None and cache[0] is top else self._legal(top.player)
                )
                ok = action in legal
            else:
                ok = False
            if ok:
                events = self._events
                start = len(events)
                self._lc = None
                _DO[k](self, top, aid)
                # the driver's work, with the hook it calls for older steps first (hot path)
                if items and type(items[-1]) is Step:
                    self.legacy_advance(items[-1])
                if items and type(items[-1]) is not Step:
                    flow._legal.clear()
                    _drive(self, flow, items)
                self._history.append(aid)
                return events[start:]
        return State.apply(self, action, player)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        items = self.stack.items
        if player is None and items:
            top: Any = items[-1]
            cls = type(top)
            if cls is not Step:
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
            elif top.player >= 0:
                cache = self._lc
                if cache is not None and cache[0] is top:
                    return cache[1]
                return self._legal(top.player)
        return State.legal_actions(self, player)

    def renamed_action(self, action_id: str, player: int | None = None) -> str | None:
        """The id an action recorded by an older version has now, if it is legal here.
        A pick used to be ``pick:<row>:<colour>:<face>`` and the Nightmare of Primeval
        Fear's ability moved ``fear:<colour>``; both now name the seat whose card the dream
        is on: ``pick:seat<k>:<row>:<colour>:<face>``."""
        top = self.stack.top
        if top is None or type(top) is not Step:
            return None
        if top.player < 0 or (player is not None and player != top.player):
            return None
        k = top.kind
        parts = action_id.split(":")
        if k == "hunt_move":
            if len(parts) != 2 or parts[0] != "fear" or parts[1] not in COLOURS:
                return None
            c = parts[1]
            new = f"pick:seat{top.data['seat']}:shadow_{c}:{c}:shadow"
        elif k in ("envy", "strip", "imprison", "offer", "pay"):
            if len(parts) != 4 or parts[0] != "pick":
                return None
            seat = top.player if k in ("offer", "pay") else top.data["seat"]
            new = f"pick:seat{seat}:{action_id[5:]}"
        else:
            return None
        return new if self._lookup(new, top.player) is not None else None

    def _reject(self, action_id: str, seat: int) -> None:
        newer = self.renamed_action(action_id, seat)
        if newer is not None:
            raise IllegalAction(
                f"{action_id!r} is the older form of {newer!r}: a pick names the seat whose "
                "card the dream is on (pick:seat<k>:<row>:<colour>:<face>)"
            )
        State._reject(self, action_id, seat)

    def _rolling_colour(self, top: Step) -> str | None:
        k = top.kind
        if k == "roll_now":
            return self.limbo[-1][0] if self.limbo else None
        if k == "rolloff":
            q = top.data["queue"]
            return q[0][1] if q else None
        return None

    def _chance(self) -> list[tuple[Action, float]]:
        top: Any = self.stack.items[-1]
        if type(top) is not Step:
            return top.outcomes(self)
        if top.kind == "first":
            n = len(self.seats)
            return [(A[f"first:{i}"], 1 / n) for i in range(n)]
        acts = self.game.actions
        if top.kind == "dreamscape":
            ids = self.game.dreamscape_ids
            return [(acts["dreamscape:" + d], 1 / len(ids)) for d in ids]
        if top.kind == "mdraw":
            return [(acts["card:" + c], p) for c, p in self.mdeck.outcomes()]
        colour = self._rolling_colour(top)
        if colour is not None:
            return self.game.roll_outcomes[colour]
        total = self.bag_total()
        return [(A["draw:" + c], n / total) for c, n in self.bag.items() if n > 0]

    def sample_chance(self, rng: Any) -> Action:
        top: Any = self.stack.items[-1]
        if type(top) is not Step:
            return top.sample(self, rng)
        if top.kind == "first":
            return A[f"first:{rng.randrange(len(self.seats))}"]
        if top.kind in ("dreamscape", "mdraw"):
            return weighted_choice(self._chance(), rng)
        colour = self._rolling_colour(top)
        if colour is not None:
            faces = self.game.roll_actions[colour]
            return faces[rng.randrange(len(faces))]
        r = rng.randrange(self.bag_total())
        for c, n in self.bag.items():
            if r < n:
                return A["draw:" + c]
            r -= n
        raise AssertionError("unreachable")  # pragma: no cover

    def _do(self, action: Action, player: int) -> None:
        act(self, self.stack, action, player)

    # ----- the automatic part: run steps that need no decision --------------------------------
    def _advance(self) -> None:
        """Run what needs no decision (the one driver of ``core.flow``)."""
        advance(self, self.stack)

    # ----- the older steps, run by the driver through these hooks --------------------------
    def legacy_to_move(self, top: Step) -> tuple[int, ...]:
        return (top.player,)

    def legacy_chance(self, top: Step) -> list[tuple[Action, float]]:
        return self._chance()

    def legacy_legal(self, top: Step, seat: int) -> list[Action]:
        return self._legal(seat)

    def legacy_do(self, top: Step, action: Action, seat: int) -> None:
        self._lc = None
        _DO[top.kind](self, top, action.id)

    def legacy_advance(self, top: Step) -> bool:
        """What the driver does with older steps on top: run or take off those that need no
        decision, in a row (the hot path), until a decision, chance or a typed step is on
        top. True if anything ran (the driver then looks again)."""
        items = self.stack.items  # popped directly: the automatic steps are the hot path
        n = 0  # the steps looked at: more than one, and something ran
        while items:
            top = items[-1]
            if type(top) is not Step:
                return True
            n += 1
            k = top.kind
            if k not in _AUTO_KINDS:
                return n > 1  # a decision: nothing runs by itself
            if k == "end_turn":
                items.pop()
                self._end_turn()
                continue
            if k in ("draw_now", "minion_draw", "ability_draw"):
                if self.bag_total() == 0:
                    items.pop()
                    self._trigger_dream_end(top.get("seat", self.current))
                    if k == "minion_draw":
                        self._after_minion_draw(top)
                    continue
                return n > 1
            if k == "roll_now":
                if not self.limbo:
                    items.pop()
                    continue
                return n > 1
            if k == "mdraw":
                if not len(self.mdeck):
                    items.pop()
                    continue
                return n > 1
            if k == "harvest_draw":
                if self.bag_total() == 0:
                    items.pop()
                    self._trigger_dream_end(top.data["seat"])
                    continue
                return n > 1
            if k == "mbottom":
                if len(self.revealed) <= 1:
                    items.pop()
                    self._return_revealed()
                    continue
                return n > 1
            if k == "rolloff":
                if not top.data["queue"]:
                    items.pop()
                    self._finish_winners()
                    continue
                return n > 1
            if k == "pay":
                if top.data["paid"] >= self.game.content.manifestations[top.data["card"]].cost:
                    items.pop()
                    self._finish_manifest(top)
                    continue
                legal = self._legal(top.player)
                if not legal:  # pragma: no cover - the cost was checked before manifesting
                    items.pop()
                    self._finish_manifest(top)
                    continue
                if len(legal) == 1:
                    # one kind of Power dream left: nothing to choose
                    self._lc = None
                    self._do_pay(top, legal[0].id)
                    continue
                return n > 1
            if k in _SKIP_WITHOUT_CHOICE:
                legal = self._legal(top.player)
                if not legal:
                    items.pop()
                    if k == "minion_pick":
                        self._give_back_limbo(top.data["ref"])
                    elif k == "nightmare":
                        self._end_turn()
                    continue
                return n > 1
            return n > 1
        return True

    # ----- turns ----------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.turns += 1
        s = self.seats[seat]
        if s.role == "dreamer":
            s.track = None
            s.stage = 0
            self.stack.items.append(_shared_step("track", seat, (), ()))
        else:
            self.stack.items.append(_shared_step("nightmare", seat, (), ()))

    def _do_first(self, top: Step, aid: str) -> None:
        seat = int(aid.partition(":")[2])
        self.stack.items.pop()
        self.emit("first_player", "Seat {seat} goes first", self.R["setup"], seat=seat)
        self._start_turn(seat)

    def _legal_track(self, top: Step) -> list[Action]:
        return self.game.track_actions

    def _do_track(self, top: Step, aid: str) -> None:
        seat = top.player
        s = self.seats[seat]
        s.track = aid[6:]
        s.stage = 0
        self._events.append(
            Event(
                "track",
                "Seat {seat} chooses the sleep track {track}",
                self.R["track"],
                {"seat": seat, "track": s.track},
            )
        )
        self.stack.items[-1] = shared(CheckRows, seat, False, False)
        self._push_stage(seat)

    def _push_stage(self, seat: int) -> None:
        s = self.seats[seat]
        control = TRACKS[s.track][s.stage]  # type: ignore[index]
        self.stack.items.extend(_stage_steps(seat, self.rules["returns"], len(self.hand) + control))

    # draw / return / roll
    # FAQ / "worst case": the next player fixes a slip
    def _reroll_kept(self, seat: int) -> None:
        """lucidity-es "Fin del juego", La regla del "peor caso": once the next player has
        returned the excess rolled dreams, "Entonces debes tirar / volver a tirar los
        sueños": the dreams kept are rolled again before anything resolves (a Bone Hunter,
        which may never be rerolled, keeps its result)."""
        again = [d for d in self.rolled if d[0] != "bone"]
        if not again:
            return
        self.rolled = [d for d in self.rolled if d[0] == "bone"]
        self.hand.extend(d[0] for d in again)
        self.emit(
            "reroll",
            "Seat {seat} rolls the {n} dream(s) it keeps again",
            self.R["faq"],
            seat=seat,
            n=len(again),
        )
        self.stack.items.append(shared(Roll, seat))

    # resolution
    def _place(self, seat: int, d: Die, pool: bool) -> bool:
        """Resolve one rolled dream for ``seat``; True if steps were pushed to resolve first."""
        c, f, _ = d
        R = self.R
        s = self.seats[seat]
        if c != "bone":
            h = self.holder[c]
            if h is not None and h != seat and f in self.game.takes[c]:
                self.seats[h].power.append(die(c, "power1"))
                self.emit(
                    "nightmare_takes",
                    "The {colour} Nightmare (seat {nightmare}) takes the {face} dream as 1 Power",
                    R["ability"],
                    seat=seat,
                    nightmare=h,
                    colour=c,
                    face=f,
                )
                if self.seats[seat].role == "dreamer":
                    self.stack.items.append(Step("ability", h, seat=seat, colour=c))
                    return True
                return False
        if f == "power1" or f == "power2":
            s.power.append(d)
            self._events.append(
                Event(
                    "placed",
                    "Seat {seat} gains {face} ({colour})",
                    R["resolve"],
                    {"seat": seat, "colour": c, "face": f, "row": "power"},
                )
            )
            return False
        if f == "hunt" and s.shield > 0 and c != "bone":
            s.shield -= 1
            self.bag[c] += 1
            self.emit(
                "shielded",
                "Seat {seat}'s Manifestation turns a hunt dream back to the bag",
                R["manifestations"],
                seat=seat,
                colour=c,
            )
            return False
        if f == "hunt":
            s.hunt.append(d)
            self._events.append(
                Event(
                    "placed",
                    "Seat {seat} places a {colour} hunt dream",
                    R["resolve"],
                    {"seat": seat, "colour": c, "face": f, "row": "hunt"},
                )
            )
            return False
        if f == "exhaust":
            s.exhaust.append(d)
            self._events.append(
                Event(
                    "placed",
                    "Seat {seat} places a {colour} exhaust dream",
                    R["resolve"],
                    {"seat": seat, "colour": c, "face": f, "row": "exhaust"},
                )
            )
            return False
        if f == "shadowmark":
            s.marks.append(d)
            self._events.append(
                Event(
                    "placed",
                    "Seat {seat} takes a Shadowmark",
                    R["shadowmark"],
                    {"seat": seat, "colour": c, "face": f, "row": "shadowmark"},
                )
            )
            if len(s.marks) >= MARKS_OUT and s.role == "dreamer":
                self._marked_out(seat)
                return True
            return False
        # a shadow: place it in its colour's Shadow row, then its effect
        s.shadow[c].append(d)
        if c == "blue":
            self.emit(
                "shadow",
                "Seat {seat}: Shadow of the Depths, draw and roll a dream",
                R["depths"],
                seat=seat,
                colour=c,
            )
            if self.bag_total() == 0:
                self._trigger_dream_end(seat)
                return False
            self.stack.items.append(Step("roll_now", CHANCE, seat=seat, pool=pool, ref="depths"))
            self.stack.items.append(Step("draw_now", CHANCE, seat=seat))
            return True
        if c == "green":
            self.emit(
                "shadow",
                "Seat {seat}: Shadow of Envy, the next player chooses a dream to reroll",
                R["envy"],
                seat=seat,
                colour=c,
            )
            self.stack.items.append(Step("envy", self.next_seat(seat), seat=seat, pool=pool))
            return True
        if c == "yellow":
            turnable = {e[0] for e in s.exhaust if not e[2] and e[0] != "bone"}
            if len(turnable) > 1:
                # exhaust dreams of several colours: the dreamer chooses which one turns
                self.emit(
                    "shadow",
                    "Seat {seat}: Shadow of Imprisonment, choose an exhaust dream to turn",
                    R["imprisonment"],
                    seat=seat,
                    colour=c,
                )
                self.stack.items.append(Step("imprison", seat, seat=seat))
                return True
            if turnable:
                self._imprison(seat, turnable.pop())
            else:
                self.emit(
                    "shadow",
                    "Seat {seat}: Shadow of Imprisonment (no exhaust dream to turn)",
                    R["imprisonment"],
                    seat=seat,
                    colour=c,
                )
            return False
        self.emit("shadow", "Seat {seat}: Shadow of Primeval Fear", R["fear"], seat=seat, colour=c)
        self.stack.items.append(Step("fear", seat))
        return True

    def _marked_out(self, seat: int) -> None:
        """The third Shadowmark eliminates at once, when it is placed (de-lux booklet, "The
        Shadowmark": "If you ever have three or more Shadowmarks on your Dreamer card, you
        are eliminated"). Nothing more of that dreamer resolves: everything on the card,
        unresolved, in hand or drawn by an effect goes back to the bag. In the dreamer's own
        turn the turn ends; outside it (a dream given by a Nightmare) the Nightmare's turn
        goes on."""
        eliminate(self, seat, "shadowmarks")
        if self.limbo:
            self._to_bag(self.limbo)
            self.limbo = []
        items = self.stack.items
        if self.current == seat:
            # the hand and the unresolved dreams go back to the bag when the turn ends
            items.clear()
            items.append(Step("end_turn", AUTO))
            return
        # drop what is left of the given dream's resolution, down to the check of its rows
        while items and not (isinstance(items[-1], MinionCheck) and items[-1].seat == seat):
            items.pop()
        if not items:  # pragma: no cover - a dream outside one's turn is always a minion
            items.append(Step("end_turn", AUTO))

    def _imprison(self, seat: int, colour: str) -> None:
        s = self.seats[seat]
        for i, e in enumerate(s.exhaust):
            if e[0] == colour and not e[2]:
                s.exhaust[i] = die(e[0], e[1], True)
                break
        self.emit(
            "shadow",
            "Seat {seat}: Shadow of Imprisonment turns a {turned} exhaust dream to its shadow side",
            self.R["imprisonment"],
            seat=seat,
            colour="yellow",
            turned=colour,
        )

    def _legal_imprison(self, top: Step) -> list[Action]:
        seat = top.data["seat"]
        have = {e[0] for e in self.seats[seat].exhaust if not e[2]}
        return [A[f"pick:seat{seat}:exhaust:{c}:exhaust"] for c in COLOURS if c in have]

    def _do_imprison(self, top: Step, aid: str) -> None:
        self.stack.items.pop()
        self._imprison(top.data["seat"], aid.split(":")[3])

    # Shadow of the Depths (and every "draw one, roll it now")
    def _do_draw_now(self, top: Step, aid: str) -> None:
        c = aid[5:]
        self.bag[c] -= 1
        self.limbo.append(die(c, ""))
        self.stack.items.pop()
        self.emit(
            "drawn",
            "Seat {seat} draws a {colour} dream",
            self.R[top.data.get("ref", "depths")],
            seat=top.data["seat"],
            colour=c,
        )
        if not self.bag[c]:
            self._took_last(top.data["seat"])

    def _do_roll_now(self, top: Step, aid: str) -> None:
        c = self.limbo.pop()[0]
        face = aid[5:]
        seat = top.data["seat"]
        self.stack.items.pop()
        self._events.append(
            Event(
                "rolled",
                "A {colour} dream rolls {face}",
                self.R[top.data["ref"]],
                {"colour": c, "face": face, "seat": seat},
            )
        )
        d = die(c, face)
        if self.seats[seat].role != "dreamer":
            self._to_bag([d])
            return
        if face == "shadow" and top.data["pool"] and self.game.ruleset == "es":
            # lucidity-es: a new shadow joins the unresolved dreams; anything else resolves now
            self.rolled.append(d)
            return
        if c != "bone":
            for x in self.seats[seat].power:
                if x[0] == c and x[1] in POWER_FACES:
                    # "Re-rolling dreams": at any time, so also before this new dream resolves
                    self.limbo.append(d)
                    self.stack.items.append(Now(seat, top.data["pool"]))
                    return
        self._place(seat, d, pool=top.data["pool"])

    # Shadow of Envy
    def _envy_choices(self, seat: int) -> list[tuple[str, Die]]:
        s = self.seats[seat]
        out: list[tuple[str, Die]] = []
        rows = (
            ("hunt", s.hunt),
            ("exhaust", s.exhaust),
            ("power", s.power),
            ("shadow_blue", s.shadow["blue"]),
            ("shadow_green", s.shadow["green"]),
            ("shadow_yellow", s.shadow["yellow"]),
            ("shadow_red", s.shadow["red"]),
        )
        es = self.game.ruleset == "es"
        for row, dice in rows:
            skip_one = es and row == "shadow_green"
            for i, d in enumerate(dice):
                if d[0] == "bone":
                    continue
                if skip_one and i == len(dice) - 1:
                    continue  # lucidity-es: not the Envy dream itself
                out.append((row, d))
        return out

    def _pick_id(self, seat: int, row: str, d: Die) -> str:
        """``pick:seat<k>:<row>:<colour>:<face>``: a dream on seat k's card (``rotated``: an
        exhaust dream turned to its shadow side)."""
        return f"pick:seat{seat}:{row}:{d[0]}:{'rotated' if d[2] else d[1]}"

    def _legal_envy(self, top: Step) -> list[Action]:
        seen: dict[str, Action] = {}
        seat = top.data["seat"]
        for row, d in self._envy_choices(seat):
            aid = self._pick_id(seat, row, d)
            if aid not in seen:
                seen[aid] = A[aid]
        return list(seen.values())

    def _remove_pick(self, seat: int, aid: str) -> Die:
        _, who, row, _c, _face = aid.split(":")
        assert who == f"seat{seat}", aid
        s = self.seats[seat]
        rowlist = (
            s.hunt
            if row == "hunt"
            else s.exhaust
            if row == "exhaust"
            else s.power
            if row == "power"
            else s.shadow[row[7:]]
        )
        for i in range(len(rowlist) - 1, -1, -1):
            d = rowlist[i]
            if self._pick_id(seat, row, d) == aid:
                return rowlist.pop(i)
        raise AssertionError(aid)  # pragma: no cover

    def _do_envy(self, top: Step, aid: str) -> None:
        seat = top.data["seat"]
        d = self._remove_pick(seat, aid)
        self.stack.items.pop()
        self.limbo.append(die(d[0], ""))
        self.emit(
            "envy",
            "Seat {chooser} makes seat {seat} reroll a {colour} dream from the {row} row",
            self.R["envy"],
            chooser=top.player,
            seat=seat,
            colour=d[0],
            row=aid.split(":")[2],
        )
        self.stack.items.append(
            Step("roll_now", CHANCE, seat=seat, pool=top.data["pool"], ref="envy")
        )

    # Shadow of Primeval Fear
    def _legal_fear(self, top: Step) -> list[Action]:
        s = self.seats[top.player]
        out = [A["fear:none"]]
        for c in COLOURS:
            if s.shadow[c]:
                out.append(A["fear:" + c])
        # an exhaust dream turned by Imprisonment shows its shadow side: "any 1 shadow dream
        # on your dreamer card" (en), "uno de cualquier color" (es)
        if s.exhaust:
            turned = {d[0] for d in s.exhaust if d[2]}
            if turned:
                for c in COLOURS:
                    if c in turned:
                        out.append(A["fear:rotated:" + c])
        return out

    def _do_fear(self, top: Step, aid: str) -> None:
        seat = top.player
        s = self.seats[seat]
        self.stack.items.pop()
        parts = aid.split(":")
        if parts[1] == "none":
            self.emit("fear", "Seat {seat} moves no shadow dream", self.R["fear"], seat=seat)
            return
        if parts[1] == "rotated":
            c = parts[2]
            for i, d in enumerate(s.exhaust):
                if d[0] == c and d[2]:
                    s.hunt.append(s.exhaust.pop(i))
                    break
        else:
            c = parts[1]
            s.hunt.append(s.shadow[c].pop())
        self.emit(
            "fear",
            "Seat {seat} moves a {colour} shadow dream to the Hunt row",
            self.R["fear"],
            seat=seat,
            colour=c,
        )

    # Nightmare abilities
    def _legal_ability(self, top: Step) -> list[Action]:
        return [A["ability:use"], A["ability:pass"]]

    def _do_ability(self, top: Step, aid: str) -> None:
        nm = top.player
        target = top.data["seat"]
        c = top.data["colour"]
        self.stack.items.pop()
        if aid == "ability:pass" or self.seats[target].role != "dreamer":
            self.emit(
                "ability",
                "The Nightmare (seat {nightmare}) does not activate",
                self.R["ability"],
                nightmare=nm,
            )
            return
        spec = self.game.abilities[c]
        self.emit(
            "ability",
            "The Nightmare (seat {nightmare}) activates: {op}",
            self.R["ability"],
            nightmare=nm,
            seat=target,
            op=spec.op,
        )
        op = spec.op
        if op == "send_minion":
            self.stack.items.append(Step("minion_pick", nm, target=target, ref="ability"))
            for _ in range(spec.draw):
                self.stack.items.append(Step("minion_draw", CHANCE, seat=nm, ref="ability"))
        elif op == "strip_power":
            self.stack.items.append(Step("strip", nm, seat=target))
        elif op == "draw_to_exhaust":
            self.stack.items.append(Step("ability_draw", CHANCE, seat=target))
        elif op == "shadow_to_hunt":
            self.stack.items.append(Step("hunt_move", nm, seat=target))
        elif op == "offer_power":
            self.stack.items.append(Step("offer", nm, seat=target))

    def _legal_strip(self, top: Step) -> list[Action]:
        seen: dict[str, Action] = {}
        seat = top.data["seat"]
        for d in self.seats[seat].power:
            if d[0] != "bone":
                aid = self._pick_id(seat, "power", d)
                seen.setdefault(aid, A[aid])
        return list(seen.values())

    def _do_strip(self, top: Step, aid: str) -> None:
        d = self._remove_pick(top.data["seat"], aid)
        self.stack.items.pop()
        self.bag[d[0]] += 1
        self.emit(
            "stripped",
            "Seat {seat} returns a {colour} {face} dream to the bag",
            self.R["ability"],
            seat=top.data["seat"],
            colour=d[0],
            face=d[1],
        )

    # Nightmare of Temptation (provisional): give one of your Power dreams; the dreamer then
    # draws and rolls one dream at once
    def _legal_offer(self, top: Step) -> list[Action]:
        seen: dict[str, Action] = {}
        for d in self.seats[top.player].power:
            if d[0] != "bone":
                aid = self._pick_id(top.player, "power", d)
                seen.setdefault(aid, A[aid])
        return list(seen.values())

    def _do_offer(self, top: Step, aid: str) -> None:
        target = top.data["seat"]
        d = self._remove_pick(top.player, aid)
        self.seats[target].power.append(d)
        self.stack.items.pop()
        self.emit(
            "tempted",
            "The Nightmare (seat {nightmare}) gives seat {seat} a {colour} {face} dream; "
            "seat {seat} must draw and roll a dream",
            self.R["ability"],
            nightmare=top.player,
            seat=target,
            colour=d[0],
            face=d[1],
        )
        if self.bag_total() > 0:
            self.stack.items.append(
                Step("roll_now", CHANCE, seat=target, pool=False, ref="ability")
            )
            self.stack.items.append(Step("draw_now", CHANCE, seat=target, ref="ability"))

    def _legal_hunt_move(self, top: Step) -> list[Action]:
        seat = top.data["seat"]
        s = self.seats[seat]
        return [A[f"pick:seat{seat}:shadow_{c}:{c}:shadow"] for c in COLOURS if s.shadow[c]]

    def _do_hunt_move(self, top: Step, aid: str) -> None:
        s = self.seats[top.data["seat"]]
        c = aid.split(":")[3]
        s.hunt.append(s.shadow[c].pop())
        self.stack.items.pop()
        self.emit(
            "fear",
            "Seat {seat}'s {colour} shadow dream moves to the Hunt row",
            self.R["ability"],
            seat=top.data["seat"],
            colour=c,
        )

    def _do_ability_draw(self, top: Step, aid: str) -> None:
        c = aid[5:]
        self.stack.items.pop()
        if c == "bone":
            # "Bone Hunters may never be given to a Dreamer by a Nightmare player ... and must
            # be returned to the bag": it stays in the bag, the ability places nothing
            self.emit(
                "returned",
                "A Bone Hunter drawn for seat {seat} goes back to the bag: "
                "a Nightmare never gives one",
                self.R["bone"],
                seat=top.data["seat"],
                colour=c,
            )
            return
        self.bag[c] -= 1
        self.seats[top.data["seat"]].exhaust.append(die(c, "exhaust"))
        self.emit(
            "placed",
            "Seat {seat} places a drawn {colour} dream in the Exhaust row",
            self.R["ability"],
            seat=top.data["seat"],
            colour=c,
        )
        if not self.bag[c]:
            self._took_last(top.data["seat"])

    # ----- filled rows ----------------------------------------------------------------------
    # ----- rest or draw again ---------------------------------------------------------------
    # ----- Manifestations (de-lux) ----------------------------------------------------------
    def _available_power(self, seat: int) -> int:
        row = [d for d in self.seats[seat].power if d[0] != "bone"]
        return power_value(row) + power_value(self.pool)

    def _do_mdraw(self, top: Step, aid: str) -> None:
        card = aid[5:]
        self.mdeck.take(card)
        self.revealed.append(card)
        self.stack.items.pop()
        self.emit(
            "manifestation_drawn",
            "Seat {seat} reveals the Manifestation {name}",
            self.R["manifestations"],
            seat=top.data["seat"],
            card=card,
            name=self.game.content.manifestations[card].name,
        )

    def _legal_manifest(self, top: Step) -> list[Action]:
        acts = self.game.actions
        seat = top.player
        out: list[Action] = []
        have = self._available_power(seat)
        cards = self.game.content.manifestations
        for card in self.revealed:
            if cards[card].cost <= have:
                out.append(acts["manifest:" + card])
        if len(self.mdeck):
            seen: set[str] = set()
            for d in self.seats[seat].power:
                if d[0] != "bone":
                    aid = f"empower:{d[0]}:{d[1]}"
                    if aid not in seen:
                        seen.add(aid)
                        out.append(acts[aid])
        out.append(acts["pass"])
        return out

    def _do_manifest(self, top: Step, aid: str) -> None:
        seat = top.player
        s = self.seats[seat]
        R = self.R
        if aid == "pass":
            self.stack.items.pop()
            self.emit("manifest_pass", "Seat {seat} passes", R["manifestations"], seat=seat)
            self.stack.items.append(Step("mbottom", seat))
            return
        if aid.startswith("empower:"):
            _, c, f = aid.split(":")
            s.power.remove(die(c, f))
            self.pool.append(die(c, f))
            self.emit(
                "empower",
                "Seat {seat} sets a {colour} {face} dream aside and draws another Manifestation",
                R["manifestations"],
                seat=seat,
                colour=c,
                face=f,
            )
            self.stack.items.append(Step("mdraw", CHANCE, seat=seat))
            return
        card = aid[9:]
        spec = self.game.content.manifestations[card]
        paid = 0
        spent: list[Die] = []
        # set-aside Power first: it goes back to the bag at the end of the turn anyway
        while paid < spec.cost and self.pool:
            d = self.pool.pop()
            spent.append(d)
            paid += 2 if d[1] == "power2" else 1
        self._to_bag(spent)
        self.revealed.remove(card)
        self.stack.items.pop()
        self.stack.items.append(Step("mbottom", seat))
        # the rest from the Power row, dream by dream, as the dreamer chooses (``pay``)
        self.stack.items.append(Step("pay", seat, card=card, paid=paid))

    def _legal_pay(self, top: Step) -> list[Action]:
        seen: dict[str, Action] = {}
        for d in self.seats[top.player].power:
            if d[0] != "bone":
                aid = self._pick_id(top.player, "power", d)
                if aid not in seen:
                    seen[aid] = A[aid]
        return list(seen.values())

    def _do_pay(self, top: Step, aid: str) -> None:
        d = self._remove_pick(top.player, aid)
        self._to_bag([d])
        self.stack.items[-1] = top.replace(paid=top.data["paid"] + (2 if d[1] == "power2" else 1))

    def _finish_manifest(self, top: Step) -> None:
        seat = top.player
        card = top.data["card"]
        spec = self.game.content.manifestations[card]
        self.seats[seat].manifested.append(card)
        self.emit(
            "manifested",
            "Seat {seat} manifests {name} for {paid} Power",
            self.R["manifestations"],
            seat=seat,
            card=card,
            name=spec.name,
            paid=top.data["paid"],
        )
        self._manifest_effect(seat, spec.effect.op, spec.effect.row, spec.effect.count)

    def _manifest_effect(self, seat: int, op: str, row: str | None, count: int) -> None:
        s = self.seats[seat]
        back: list[Die] = []
        if op == "shield":
            s.shield += count
            return
        if op == "harvest":
            for _ in range(count):
                self.stack.items.append(Step("harvest_draw", CHANCE, seat=seat))
            return
        if row == "hunt":
            while count and any(d[0] != "bone" for d in s.hunt):
                for i in range(len(s.hunt) - 1, -1, -1):
                    if s.hunt[i][0] != "bone":
                        back.append(s.hunt.pop(i))
                        break
                count -= 1
        elif row == "exhaust":
            while count and any(d[0] != "bone" for d in s.exhaust):
                for i in range(len(s.exhaust) - 1, -1, -1):
                    if s.exhaust[i][0] != "bone":
                        back.append(s.exhaust.pop(i))
                        break
                count -= 1
        else:
            while count:
                fullest = max(COLOURS, key=lambda c: len(s.shadow[c]))
                if not s.shadow[fullest]:
                    break
                back.append(s.shadow[fullest].pop())
                count -= 1
        self._to_bag(back)
        self.emit(
            "cleansed",
            "Seat {seat} returns {n} dream(s) from the {row} row(s)",
            self.R["manifestations"],
            seat=seat,
            n=len(back),
            row=row,
        )

    def _do_harvest_draw(self, top: Step, aid: str) -> None:
        c = aid[5:]
        self.bag[c] -= 1
        self.seats[top.data["seat"]].power.append(die(c, "power1"))
        self.stack.items.pop()
        self.emit(
            "harvest",
            "Seat {seat} draws a {colour} dream as 1 Power",
            self.R["manifestations"],
            seat=top.data["seat"],
            colour=c,
        )
        if not self.bag[c]:
            self._took_last(top.data["seat"])

    def _legal_mbottom(self, top: Step) -> list[Action]:
        acts = self.game.actions
        return [acts["bottom:" + c] for c in self.revealed]

    def _do_mbottom(self, top: Step, aid: str) -> None:
        card = aid[7:]
        self.revealed.remove(card)
        self.mdeck.put_bottom(card)

    def _return_revealed(self) -> None:
        for card in self.revealed:
            self.mdeck.put_bottom(card)
        self.revealed = []
        if self.pool:
            self._to_bag(self.pool)
            self.pool = []

    # ----- Dreamscapes (de-lux) -------------------------------------------------------------
    def _do_dreamscape(self, top: Step, aid: str) -> None:
        card = aid[11:]
        spec = self.game.content.dreamscapes[card]
        self.dreamscape = card
        self.rules = {**DEFAULT_RULES, **spec.rules.model_dump()}
        self.stack.items.pop()
        self.emit(
            "dreamscape",
            "Dreamscape: {name}: {text}",
            self.R["dreamscapes"],
            card=card,
            name=spec.name,
            text=spec.text,
        )
        self._begin()

    # ----- Nightmare turn -------------------------------------------------------------------
    def _legal_nightmare(self, top: Step) -> list[Action]:
        me = top.player
        c = self.seats[me].colour
        out: list[Action] = []
        for i, s in enumerate(self.seats):
            if i == me:
                continue
            have = {d[1] for d in s.power if d[0] == c}
            for f in ("power1", "power2"):
                if f in have:
                    out.append(A[f"consume:seat{i}:{f}"])
        if self.bag_total() > 0 and self.dreamers():
            out.append(A["minions"])
        return out

    def _do_nightmare(self, top: Step, aid: str) -> None:
        me = top.player
        self.stack.items.pop()
        if aid == "minions":
            self.emit(
                "minions", "The Nightmare (seat {seat}) sends minions", self.R["minions"], seat=me
            )
            self.stack.items.append(Step("end_turn", AUTO))
            self.stack.items.append(Step("minion_pick", me, target=None, ref="minions"))
            self.stack.items.append(Step("minion_draw", CHANCE, seat=me, ref="minions"))
            self.stack.items.append(Step("minion_draw", CHANCE, seat=me, ref="minions"))
            return
        _, who, f = aid.split(":")
        victim = int(who[4:])
        c = self.seats[me].colour
        assert c is not None
        self.seats[victim].power.remove(die(c, f))
        self.seats[me].power.append(die(c, f))
        self.emit(
            "consume",
            "The Nightmare (seat {seat}) consumes a {face} dream from seat {victim}",
            self.R["consume"],
            seat=me,
            victim=victim,
            face=f,
        )
        self._end_turn()

    def _do_minion_draw(self, top: Step, aid: str) -> None:
        c = aid[5:]
        self.bag[c] -= 1
        self.limbo.append(die(c, ""))
        self.stack.items.pop()
        self.emit(
            "drawn",
            "The Nightmare (seat {seat}) draws a {colour} dream",
            self.R[top.data["ref"]],
            seat=top.data["seat"],
            colour=c,
        )
        if not self.bag[c]:
            self._took_last(top.data["seat"])

    def _after_minion_draw(self, top: Step) -> None:
        pass

    def _legal_minion_pick(self, top: Step) -> list[Action]:
        if top.data["target"] is not None and self.seats[top.data["target"]].role != "dreamer":
            return []
        if top.data["target"] is None and not self.dreamers():
            return []
        held = {d[0] for d in self.limbo}
        return [A["minion:" + c] for c in COLOURS if c in held]

    def _give_back_limbo(self, ref: str = "minions") -> None:
        if self.limbo:
            self._to_bag(self.limbo)
            if all(d[0] == "bone" for d in self.limbo):
                # Bone Hunters are never given as minions
                self.emit(
                    "returned",
                    "{n} Bone Hunter(s) go back to the bag",
                    self.R["bone"],
                    n=len(self.limbo),
                )
            else:
                self.emit(
                    "returned",
                    "{n} dream(s) go back to the bag",
                    self.R[ref],
                    n=len(self.limbo),
                )
            self.limbo = []

    def _do_minion_pick(self, top: Step, aid: str) -> None:
        c = aid[7:]
        keep = die(c, "")
        self.limbo.remove(keep)
        ref = top.data["ref"]
        self._give_back_limbo(ref)
        self.limbo = [keep]
        self.stack.items.pop()
        target = top.data["target"]
        if target is None:
            self.stack.items.append(Step("minion_target", top.player))
        else:
            self._send_to(top.player, target, ref)

    def _legal_minion_target(self, top: Step) -> list[Action]:
        return [A[f"target:seat{i}"] for i in self.dreamers()]

    def _do_minion_target(self, top: Step, aid: str) -> None:
        self.stack.items.pop()
        self._send_to(top.player, int(aid[11:]))

    def _send_to(self, nm: int, target: int, ref: str = "minions") -> None:
        """Give the dream in limbo to ``target`` (``ref``: "minions" on the Nightmare's turn,
        "ability" for the Nightmare of the Depths' ability)."""
        self.emit(
            "minion",
            "Seat {target} must roll the {colour} dream sent by seat {seat}",
            self.R[ref],
            seat=nm,
            target=target,
            colour=self.limbo[-1][0],
        )
        if self.current != target:
            self.stack.items.append(MinionCheck(target))
        self.stack.items.append(Step("roll_now", CHANCE, seat=target, pool=False, ref=ref))

    # ----- end of turn and end of game --------------------------------------------------------
    def _trigger_dream_end(self, seat: int) -> None:
        if self.dream_end:
            return
        self.dream_end = True
        self.emit(
            "dream_victory",
            "The bag is empty: seat {seat} rolls and resolves what it holds, then the game ends",
            self.R["dream_victory"],
            seat=seat,
        )

    def _end_turn(self) -> None:
        if self.reason is not None:
            return
        self.stack.clear()
        self._give_back_limbo()
        if self.revealed or self.pool:
            self._return_revealed()
        if self.hand or self.rolled:
            self._to_bag([die(c, "") for c in self.hand] + self.rolled)
            self.hand, self.rolled = [], []
        if not self._any_dreamer():
            self._end_game("nightmare")
            return
        if self.dream_end:
            self._end_game("dream")
            return
        if self.turns >= TURN_CAP:
            # no rule of the game: the engine's safeguard (scored as the rulebook's winner)
            self.emit(
                "turn_cap",
                "The game reaches {cap} turns, the engine's safeguard (not a rule of the game): "
                "it ends and the player with the most Power wins",
                self.R["winner"],
                cap=TURN_CAP,
            )
            self._end_game("dream", capped=True)
            return
        n = len(self.seats)
        cur = self.current
        if self.final_turns is None:
            goal = self.rules["power_goal"]
            # a Power dream counts at most 2: shorter rows cannot be at the goal
            holders = [
                i
                for i, s in enumerate(self.seats)
                if 2 * len(s.power) >= goal and power_value(s.power) >= goal
            ]
            if holders:
                # "each other remaining dreamer": every dreamer but the players at the goal,
                # in turn order from the next seat; the seat whose turn just ended comes last
                # (that turn was played before the end was triggered)
                order = [(cur + k) % n for k in range(1, n + 1)]
                self.final_turns = tuple(
                    i for i in order if self.seats[i].role == "dreamer" and i not in holders
                )
                self.emit(
                    "power_victory",
                    "Seat(s) {holders} reach {goal} Power: every other dreamer takes one final turn",
                    self.R["power_victory"],
                    holders=holders,
                    goal=goal,
                    final=list(self.final_turns),
                )
        else:
            self.final_turns = tuple(i for i in self.final_turns if i != cur)
        if self.final_turns is not None:
            left = tuple(i for i in self.final_turns if self.seats[i].role == "dreamer")
            self.final_turns = left
            if not left:
                self._end_game("power")
                return
            self._start_turn(left[0])
            return
        nxt = cur
        for _ in range(n):
            nxt = (nxt + 1) % n
            if self.seats[nxt].role != "eliminated":
                break
        self._start_turn(nxt)

    def _end_game(self, reason: str, capped: bool = False) -> None:
        self.stack.clear()
        self._give_back_limbo()
        if self.hand or self.rolled:
            self._to_bag([die(c, "") for c in self.hand] + self.rolled)
            self.hand, self.rolled = [], []
        n = len(self.seats)
        # an eaten player is out of the game ("You are eliminated from the game") and never
        # wins; a Nightmare victory is won by a Nightmare ("the Nightmare with the most Power")
        if reason == "nightmare":
            cands = [i for i in range(n) if self.seats[i].role == "nightmare"]
        else:
            cands = [i for i in range(n) if self.seats[i].role != "eliminated"]
        if not cands:
            # lucidity-en "How to win": every player eliminated and no Nightmare to win
            reason = "eliminated"
        self.reason = reason
        self.emit(
            "game_over",
            "The game ends ({reason})",
            self.R[
                "winner"
                if capped
                else "nightmare_victory"
                if reason == "eliminated"
                else reason + "_victory"
            ],
            reason=reason,
        )
        if not cands:
            self.won = []
            self.emit(
                "winners",
                "Nobody wins: every player has been eliminated and no Nightmare is left",
                self.R["how_to_win"],
                seats=[],
            )
            return
        powers = [self.power_of(i) for i in range(n)]
        best = max(powers[i] for i in cands)
        tied = [i for i in cands if powers[i] == best]
        if len(tied) > 1 and self.game.ruleset == "en":
            counts = [len(self.seats[i].all_dice()) for i in tied]
            most = max(counts)
            tied = [i for i, c in zip(tied, counts, strict=True) if c == most]
            if len(tied) > 1 and most > 0:
                queue = tuple((i, d[0]) for i in tied for d in self.seats[i].all_dice())
                self.rolloff = {i: 0 for i in tied}
                self.stack.items.append(Step("rolloff", CHANCE, queue=queue))
                self.emit(
                    "rolloff",
                    "Seats {seats} tie: each rolls every dream on the card",
                    self.R["winner"],
                    seats=tied,
                )
                return
        self.won = tied
        self._announce()

    def _do_rolloff(self, top: Step, aid: str) -> None:
        q = top.data["queue"]
        seat = q[0][0]
        f = aid[5:]
        self.rolloff[seat] += 2 if f == "power2" else 1 if f == "power1" else 0
        self.stack.items[-1] = top.replace(queue=q[1:])

    def _finish_winners(self) -> None:
        """lucidity-en "The Winner": "tying players roll every dream on their card and the
        player who rolls the most Power wins"; players still tied roll off again, as long as
        one of their dreams can roll Power (otherwise nothing could break the tie: shared)."""
        best = max(self.rolloff.values())
        tied = [i for i, v in self.rolloff.items() if v == best]
        if len(tied) > 1:
            queue = tuple((i, d[0]) for i in tied for d in self.seats[i].all_dice())
            faces = self.game.content.faces
            if any(f in POWER_FACES for _, c in queue for f in faces[c]):
                self.rolloff = {i: 0 for i in tied}
                self.stack.items.append(Step("rolloff", CHANCE, queue=queue))
                self.emit(
                    "rolloff",
                    "Seats {seats} tie again in the roll-off: they roll off again",
                    self.R["winner"],
                    seats=tied,
                )
                return
        self.won = tied
        self._announce()

    def _announce(self) -> None:
        self.emit("winners", "Winner(s): seat(s) {seats}", self.R["winner"], seats=list(self.won))

    # ----- observation and results -----------------------------------------------------------
    def observation(self, player: int | None = None) -> dict[str, Any]:
        players: list[dict[str, Any]] = []
        for s in self.seats:
            rows = {
                "hunt": [die_dict(d) for d in s.hunt],
                "exhaust": [die_dict(d) for d in s.exhaust],
                "power": [die_dict(d) for d in s.power],
            }
            for c in COLOURS:
                rows["shadow_" + c] = [die_dict(d) for d in s.shadow[c]]
            if s.marks:
                rows["shadowmark"] = [die_dict(d) for d in s.marks]
            players.append(
                {
                    "role": s.role,
                    "colour": s.colour,
                    "rows": rows,
                    "track": s.track,
                    "control": s.control if s.role == "dreamer" else None,
                    "track_stage": s.stage if s.track is not None else None,
                    "manifestations": list(s.manifested),
                    "shield": s.shield,
                    "shadow_needed": self.shadow_needed(len(players)),
                }
            )
        in_hand = [{"colour": c, "face": None, "shadow_side": False} for c in self.hand]
        in_hand += [die_dict(d) for d in self.rolled]
        in_hand += [
            {"colour": d[0], "face": d[1] or None, "shadow_side": d[1] == "shadow"}
            for d in self.limbo
        ]
        top = self.stack.top
        dec = self.decision()
        return {
            "bag": dict(self.bag),
            "players": players,
            "nightmare_cards": {
                c: {"holder": self.holder[c], "dice": [die_dict(d) for d in self.cards[c]]}
                for c in COLOURS
            },
            "in_hand": in_hand + [die_dict(d) for d in self.pool],
            "manifest_pool": [die_dict(d) for d in self.pool],
            "manifest_revealed": list(self.revealed),
            "manifest_deck": len(self.mdeck),
            "dreamscape": self.dreamscape,
            "current": self.current,
            "power": [self.power_of(i) for i in range(len(self.seats))],
            "decision": dec.to_dict() if dec is not None and top is not None else None,
            "final_turns": list(self.final_turns) if self.final_turns is not None else None,
            "turn": self.turns,
            "ruleset": self.game.ruleset,
            "end_reason": self.reason,
        }

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


_DO: dict[str, Any] = {
    name[4:]: fn for name, fn in vars(LucidityState).items() if name.startswith("_do_")
}
_LEGAL: dict[str, Any] = {
    name[7:]: fn for name, fn in vars(LucidityState).items() if name.startswith("_legal_")
}
