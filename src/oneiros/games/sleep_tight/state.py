"""The Sleep Tight forward model: the state's fields, the shared rule helpers (fragments,
damage, protections, hands) and the hooks of the core contract.

The rules are typed flow steps (``core.flow``) in ``steps/<section>.py``, one module per
rulebook section; the core's one driver runs them, and ``steps/end.py``'s checkpoint runs
between steps (deaths, the ends of the game, Wake Up!); the card effects are ops of the
core effect language (``effects.py``). Hidden information is declared as zones
(``model.ZONES``: hands private, face-down plays and discards private until the reveal);
``observation.py`` derives the observation and ``determinize`` from that declaration, and
the undercover agent is private. Events about hidden cards are sent only to the seats that
may see them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core import CHANCE, Action, Decision, Deck, Event, State
from ...core.flow import _SEAT, _SIMUL, Flow, FlowState
from ...core.i18n import plural
from . import actions as A
from . import refs as R
from .content import Content
from .model import Place, Play, SeatState, watchers
from .observation import determinize as _determinize
from .observation import observe
from .params import START_FRAGMENTS, TOTAL_FRAGMENTS, WAKE_AT
from .steps.base import KINDS, DeckDraw
from .steps.end import checkpoint
from .steps.play import owed
from .steps.setup import setup

if TYPE_CHECKING:
    from .game import SleepTightGame


class SleepTightState(FlowState, State):
    """The state of one Sleep Tight game on the core's flow: ``FlowState`` supplies the
    contract's hooks (``to_move``, ``decision``, ``legal_actions``, chance, ``apply``);
    this class adds the rules' fields and helpers, Sleep Tight's reading of a decision
    (``decision``), its faster copies, its hidden-information ``determinize`` and its
    snapshot (``snapshot.py``)."""

    game: SleepTightGame
    KINDS = KINDS

    def __init__(self, game: SleepTightGame, seed: int | None = None) -> None:
        super().__init__(game, seed)
        c: Content = game.content
        self.c = c
        self.cards = game.card_index
        self._kinds = game.effect_kinds
        self._face_down = game.face_down_cards
        self._reqs = game.requirements
        self._acts = game.action_cache
        n = game.players
        self.n = n
        self.iam = c.special_id("i_am_sandman")
        self.wake_card = c.special_id("wake_up")
        self.cancel_card = c.special_id("cancel_soul_consumer")
        self.where_card = c.special_id("where_is_sandman")
        # Soul fragments: 26 in the whole game (sleep-tight "Components", "Setup" 3).
        self.pile = TOTAL_FRAGMENTS - START_FRAGMENTS * n
        self.seats = [SeatState() for _ in range(n)]
        """One record per seat (``model.SeatState``)."""
        self.exposed_cards: list[str] = []
        self.removed_actions: list[str] = []
        # Decks (sleep-tight "Setup" 1-2): marked cards go back to the box.
        self.box_dreamscapes: list[str] = []
        self.box_sandman: list[str] = []
        actions = [card.id for card in c.actions for _ in range(card.copies)]
        self.action_deck: Deck[str] = Deck(actions)
        self.action_discard: list[str] = []
        dreams: list[str] = []
        for d in c.dreamscapes:
            keep = d.mark is None or d.mark <= n
            (dreams if keep else self.box_dreamscapes).extend([d.id] * d.copies)
        self.dream_deck: Deck[str] = Deck(dreams)
        self.dream_discard: list[str] = []
        sandman: list[str] = []
        for s in c.sandman:
            keep = s.mark is None or s.mark <= n
            (sandman if keep else self.box_sandman).extend([s.id] * s.copies)
        self.sandman_reserved: list[str] = []
        self.sandman_top_left = 0
        if game.options.get("easier_soul_consumer"):
            consumers = [x for x in sandman if c.sandman_card(x).kind == "soul_consumer"]
            if consumers:
                for x in consumers:
                    sandman.remove(x)
                self.sandman_reserved = consumers
                self.sandman_top_left = len(sandman) // 2
        self.sandman_deck: Deck[str] = Deck(sandman)
        self.sandman_discard: list[str] = []
        self.sandman_current: str | None = None
        # The round.
        self.round = 0
        self.first = 0
        self.phase = "setup"
        self.frozen_hands: list[int] | None = None
        self.nullified = False
        self.result: str | None = None
        self.winner_seats: list[int] = []
        self.discarded_by_players = 0
        self.unfinished: tuple[Any, ...] = ()
        """The steps the end of the game left on the stack (their work never done: an
        exposed agent's harm discards still lie by their seat)."""
        self.flow = Flow(R.RULES, self._events, (), checkpoint)
        """The pending steps (``stack`` is the same ``Flow``, by its older name)."""
        self.flow.items.extend(setup(self))
        self.start()

    @property
    def stack(self) -> Flow:
        """The pending steps: ``flow``, by its older name."""
        return self.flow

    # ================================================================== per-seat columns
    # Read-only views across the seats, in seat order (a new list on each read; a seat's
    # hand and plays are its own lists). The rules read and change ``self.seats``.
    @property
    def fragments(self) -> list[int]:
        return [seat.fragments for seat in self.seats]

    @property
    def alive(self) -> list[bool]:
        return [seat.alive for seat in self.seats]

    @property
    def hands(self) -> list[list[str]]:
        return [seat.hand for seat in self.seats]

    @property
    def role(self) -> list[str]:
        return [seat.role for seat in self.seats]

    @property
    def agent_round(self) -> list[int]:
        return [seat.agent_round for seat in self.seats]

    @property
    def pending_offer(self) -> list[bool]:
        return [self.offer_open(seat) for seat in range(self.n)]

    @property
    def dreamscape(self) -> list[str | None]:
        return [seat.dreamscape for seat in self.seats]

    @property
    def plays(self) -> list[list[Play]]:
        return [seat.plays for seat in self.seats]

    @property
    def pending_discards(self) -> list[list[str]]:
        """The cards each seat discarded face down for a fragment, taken at the reveal
        (held by the flow's steps: ``steps.play.owed``)."""
        out: list[list[str]] = [[] for _ in self.seats]
        for seat, card in owed(self)[0]:
            out[seat].append(card)
        return out

    @property
    def pending_harm(self) -> list[list[tuple[str, int]]]:
        """The exposed agent's discards, ``(card, target)``, each dealing 1 damage at the
        start of phase 4 (held by the flow's steps: ``steps.play.owed``)."""
        out: list[list[tuple[str, int]]] = [[] for _ in self.seats]
        for seat, card, target in owed(self)[1]:
            out[seat].append((card, target))
        return out

    @property
    def buys(self) -> list[int]:
        return [seat.buys for seat in self.seats]

    @property
    def prevent_sandman(self) -> list[int]:
        return [seat.prevent_sandman for seat in self.seats]

    @property
    def prevent_players(self) -> list[int]:
        return [seat.prevent_players for seat in self.seats]

    @property
    def shield(self) -> list[bool]:
        return [seat.shield for seat in self.seats]

    @property
    def untouchable(self) -> list[bool]:
        return [seat.untouchable for seat in self.seats]

    # ================================================================== helpers
    def _order(self, start: int | None = None) -> list[int]:
        """Living seats from ``start`` (the First Player) going left."""
        s = self.first if start is None else start
        return [(s + i) % self.n for i in range(self.n) if self.seats[(s + i) % self.n].alive]

    def _left(self, seat: int) -> int | None:
        for i in range(1, self.n):
            other = (seat + i) % self.n
            if self.seats[other].alive:
                return other
        return None

    def _right(self, seat: int) -> int | None:
        for i in range(1, self.n):
            other = (seat - i) % self.n
            if self.seats[other].alive:
                return other
        return None

    def _others(self, seat: int) -> list[int]:
        return [s for s in self._order(seat) if s != seat]

    def requirement(self, seat: int, card: str) -> int:
        """The requirement of ``card`` in ``seat``'s Dreamscape (sleep-tight "Dreamscapes Can
        Change Fragment Requirements")."""
        ds = self.seats[seat].dreamscape
        key = (ds, card)
        req = self._reqs.get(key)
        if req is None:
            info = self.cards[card]
            req = info.requirement
            if ds is not None and info.type != "special":
                for mod in self.c.dreamscape(ds).modifiers:
                    if mod.type == info.type:
                        req = req * mod.multiply + mod.add
            req = self._reqs[key] = max(0, req)
        return req

    def offer_open(self, seat: int) -> bool:
        """Whether ``seat`` has the Sandman's offer still to answer: a living dreamer holding
        I Am the Sandman (drawing it makes the offer; accepting makes the seat his agent,
        refusing shuffles the card back, exposing lays it face up: sleep-tight "Special
        Cards"). The card never moves from hand to hand, so the offer needs no field."""
        me = self.seats[seat]
        return self.iam in me.hand and me.role == "dreamer" and me.alive

    def pending_gain(self, seat: int) -> int:
        """The fragments ``seat``'s discards so far will take at the reveal."""
        return sum(1 for x, _card in owed(self)[0] if x == seat)

    def effective_fragments(self, seat: int) -> int:
        return self.seats[seat].fragments + self.pending_gain(seat)

    def _hand_remove(self, seat: int, card: str, how: str = "shown") -> None:
        """``card`` leaves the hand. ``how`` is what the other seats see, which updates the
        cards they know are in that hand (``SeatState.known_hand``): ``shown`` (which card),
        ``unseen`` (that a card left, not which) or ``face_down`` (nothing until the reveal,
        which settles it)."""
        seat_state = self.seats[seat]
        seat_state.hand.remove(card)
        if how == "shown":
            seat_state.forget(card)
        elif how == "unseen":
            seat_state.forget_unseen()

    def _hand_add(self, seat: int, card: str) -> None:
        hand = self.seats[seat].hand
        hand.append(card)
        hand.sort()

    def moved(self, kind: str, fmt: str, rule: str, src: Place, dst: Place, **data: Any) -> None:
        """Emit the event naming a card moved from ``src`` to ``dst`` (zones of
        ``model.ZONES`` with their owners): only the seats the declaration lets see the
        card where it goes or where it was receive it (``model.watchers``, in that order),
        none when nobody may."""
        key = (dst, src)
        visible = _SEEN.get(key, ())
        if visible == ():
            visible = _SEEN[key] = watchers(dst, src)
            if visible == ():
                return
        self._events.append(Event(kind, fmt, rule, data, visible))

    def shown(
        self, kind: str, fmt: str, rule: str, place: Place, to: int | None, **data: Any
    ) -> None:
        """Emit the event of cards in ``place`` shown by a rule to seat ``to`` (None: to
        every seat): that seat and the seats that see into ``place`` by its declaration
        receive it."""
        seen = watchers(place)
        visible = None if seen is None or to is None else (to, *(x for x in seen if x != to))
        self.emit(kind, fmt, rule, visible, **data)

    def _movable(self, seat: int) -> list[str]:
        """Distinct cards that may leave ``seat``'s hand (I Am the Sandman stays)."""
        return sorted({c for c in self.seats[seat].hand if c != self.iam})

    def _name(self, card: str) -> str:
        return self.cards[card].name

    def _names(self, cards: list[str]) -> str:
        return ", ".join(self._name(c) for c in cards) or "nothing"

    def _a(self, aid: str) -> Action:
        """The Action with this id (cached per game, its label built once)."""
        found = self._acts.get(aid)
        if found is None:
            found = Action(aid, self._label(aid))
            self._acts[aid] = found
        return found

    def _label(self, aid: str) -> str:
        return A.label(aid, self.c, self._name)

    def _required(self, seat: int, p: Play) -> int:
        """What a play required of ``seat``: the card's requirement in the seat's Dreamscape,
        lowered by a stacked bottom card's printed requirement (sleep-tight "Dreamscapes Can
        Change Fragment Requirements", "Reducing Fragment Requirements")."""
        req = self.requirement(seat, p.card)
        if p.bottom is not None:
            req = max(0, req - self.cards[p.bottom].requirement)
        return req

    def _fail_all(self) -> None:
        """Every play not yet resolved fails (no effect)."""
        for seat in self.seats:
            for p in seat.plays:
                if p.status in ("hidden", "revealed"):
                    p.status = "failed"

    def _has(self, card: str, kind: str) -> bool:
        return kind in self._kinds[card]

    def playable(self, seat: int, card: str) -> bool:
        """Whether ``card`` may be played face down (the special cards used from the hand
        and the cards that must be played face up cannot: ``game.face_down_cards``)."""
        return card in self._face_down

    # ================================================================== fragments
    def _gain(self, seat: int, n: int) -> int:
        got = max(0, min(n, self.pile))
        self.pile -= got
        self.seats[seat].fragments += got
        return got

    def _lose(self, seat: int, n: int, source: int | None, how: str) -> int:
        lost = max(0, min(n, self.seats[seat].fragments))
        self.seats[seat].fragments -= lost
        self.pile += lost
        if self.seats[seat].fragments < WAKE_AT:
            # Back at 10 later, the player is asked again: Wake Up! "at any moment".
            self.seats[seat].wake_seen = None
        if lost and self.seats[seat].fragments == 0 and source is not None:
            self.seats[seat].killer = (source, how)
        return lost

    def _player_damage(self, src: int, dst: int, n: int, how: str, ref: str) -> None:
        """Damage dealt by a player (sleep-tight "Card Symbols": prevent damage from players)."""
        if not self.seats[dst].alive or n <= 0:
            return
        if self.seats[dst].untouchable and dst != src:
            self.emit(
                "untouched",
                "Seat {seat} cannot be affected this round",
                R.SYMBOLS,
                seat=dst,
            )
            return
        prevented = min(n, self.seats[dst].prevent_players)
        self.seats[dst].prevent_players -= prevented
        lost = self._lose(dst, n - prevented, src, how)
        self.emit(
            "damaged",
            plural(
                lost,
                "Seat {seat} loses {lost} Soul Fragment to seat {source} ({prevented} prevented)",
                "Seat {seat} loses {lost} Soul Fragments to seat {source} ({prevented} prevented)",
            ),
            ref,
            seat=dst,
            source=src,
            lost=lost,
            prevented=prevented,
        )

    def _guarded(self, src: int, dst: int) -> bool:
        """Whether an action of ``src`` fails against ``dst`` (shield / untouchable), without
        saying so: for effects whose target is secret (Where Is The Sandman)."""
        return src != dst and (self.seats[dst].untouchable or self.seats[dst].shield)

    def _protected(self, src: int, dst: int) -> bool:
        """Whether an action of ``src`` fails against ``dst`` (shield / untouchable)."""
        if src == dst:
            return False
        if self.seats[dst].untouchable or self.seats[dst].shield:
            self.emit(
                "protected",
                "Seat {seat} is protected: the action of seat {source} fails against them",
                R.SYMBOLS,
                seat=dst,
                source=src,
            )
            return True
        return False

    # ================================================================== hooks
    def decision(self, player: int | None = None) -> Decision | None:
        """``FlowState.decision``, read the Sleep Tight way: a seat that does not decide at
        the top step faces no decision (None), nor does anyone at a simultaneous step when
        no seat is named and several wait; a seat with the Sandman's offer pending faces
        that private decision first (``OpenChoice.private_decision``)."""
        items = self.flow.items
        if items:
            top: Any = items[-1]
            role = top._role
            if role == _SIMUL:
                waiting = top.waiting
                seat = player if player is not None else (waiting[0] if len(waiting) == 1 else None)
                if seat is None or seat not in waiting:
                    return None
                private = top.private_decision(self, seat, player)
                if private is not None:
                    return private
                player = seat
            elif role == _SEAT and player is not None and player != top.actor(self):
                return None
        return super().decision(player)

    def _lookup(self, action_id: str, player: int) -> Action | None:
        if player == CHANCE:
            top = self.flow.items[-1]
            if isinstance(top, DeckDraw):
                return top.lookup(self, action_id)
        return super()._lookup(action_id, player)

    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """``FlowState.apply``; a card drawn from a deck is checked by ``DeckDraw.lookup``
        (``State.apply``), which does not list every card the deck could deal."""
        items = self.flow.items
        if items and isinstance(items[-1], DeckDraw):
            return State.apply(self, action, player)
        return super().apply(action, player)

    def sandman_left(self) -> int:
        return len(self.sandman_deck) + len(self.sandman_reserved)

    # ================================================================== views
    def observation(self, player: int | None) -> dict[str, Any]:
        return observe(self, player)

    def scores(self) -> list[float]:
        if self.result is None:
            return []
        return [1.0 if s in self.winner_seats else 0.0 for s in range(self.n)]

    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.result is not None else []

    def end_reason(self) -> str | None:
        return self.result

    def turn_number(self) -> int:
        return self.round

    def stats(self) -> dict[str, Any]:
        return {
            "rounds": self.round,
            "end_reason": self.result,
            "players_won": self.result == "sandman_defeated",
            "sandman_left": self.sandman_left(),
            "sandman_discarded_by_players": self.discarded_by_players,
            "fragments_left": sum(seat.fragments for seat in self.seats),
            "deaths": sum(not seat.alive for seat in self.seats),
            "agent_in_game": int(any(seat.role != "dreamer" for seat in self.seats)),
            "agent_exposed": int(any(seat.role == "exposed" for seat in self.seats)),
        }

    def observation_tensor(self, player: int) -> list[float]:
        from .encoding import encode_state

        return encode_state(self, player)

    def reward_potential(self, seat: int) -> float:
        """A shaping potential in [-1, 1] from what ``seat`` sees: how much of the Sandman's
        deck is gone, the pace against the Dreamscape deck and its own fragments, reversed
        for the Sandman's agent (the formula is in ``encoding.reward_potential``)."""
        from .encoding import reward_potential

        return reward_potential(self, seat)

    # ================================================================== copies
    def _copy(self) -> SleepTightState:
        new = SleepTightState.__new__(SleepTightState)
        d = new.__dict__
        for key, value in self.__dict__.items():
            if key in _NOT_COPIED:
                continue
            if isinstance(value, list):
                if key == "seats":
                    d[key] = [seat.copy() for seat in value]
                else:
                    d[key] = list(value)
            elif isinstance(value, Deck):
                d[key] = value.copy()
            else:
                d[key] = value
        return new

    def determinize(self, player: int, rng: random.Random) -> SleepTightState:
        """A state ``player`` cannot tell from this one (``observation.determinize``)."""
        return _determinize(self, player, rng)

    def to_snapshot(self) -> dict[str, Any]:
        """The whole state as flat JSON, flow stack included (``snapshot.py``);
        ``game.from_snapshot`` rebuilds it."""
        from .snapshot import to_snapshot

        return to_snapshot(self)


_NOT_COPIED = frozenset({"game", "_history", "_events", "flow"})
_SEEN: dict[tuple[Place, Place], tuple[int, ...] | None] = {}
"""``model.watchers`` of the (destination, source) pairs met in play."""
