"""The Sleep Tight forward model: setup, the four phases of a round, the special cards and
the ends of the game (sleep-tight rulebook).

Flow is a stack of immutable steps (``oneiros.core.Step``). Automatic steps (``AUTO``) are
resolved by ``_advance`` until a seat, several seats (``SIMUL``: a simultaneous decision)
or chance must decide. Hidden information: hands are private, face-down plays and the
fragments taken for discarded cards stay private until the reveal, the undercover agent is
private. Events about hidden cards are sent only to the seats that may see them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core import CHANCE, Action, Decision, Deck, State, Step, StepStack
from . import actions as A
from . import refs as R
from .content import HELD_SPECIALS, Content, Effect
from .model import Play, SeatState
from .observation import determinize as _determinize
from .observation import observe
from .params import DEAL, DISCARD_LIMIT, KEEP, START_FRAGMENTS, TOTAL_FRAGMENTS, WAKE_AT

if TYPE_CHECKING:
    from .game import SleepTightGame

AUTO = -2
SIMUL = -3


class SleepTightState(State):
    game: SleepTightGame

    def __init__(self, game: SleepTightGame, seed: int | None = None) -> None:
        super().__init__(game, seed)
        c: Content = game.content
        self.c = c
        self.cards = game.card_index
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
        self.consumer_active = False
        self.consumer_cancelled = False
        self.nullified = False
        self.result: str | None = None
        self.winner_seats: list[int] = []
        self.discarded_by_players = 0
        self.stack = StepStack()
        self._setup()
        self._advance()

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
        return [seat.pending_offer for seat in self.seats]

    @property
    def dreamscape(self) -> list[str | None]:
        return [seat.dreamscape for seat in self.seats]

    @property
    def plays(self) -> list[list[Play]]:
        return [seat.plays for seat in self.seats]

    @property
    def pending_discards(self) -> list[list[str]]:
        return [seat.pending_discards for seat in self.seats]

    @property
    def pending_harm(self) -> list[list[tuple[str, int]]]:
        return [seat.pending_harm for seat in self.seats]

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

    def sandman_left(self) -> int:
        return len(self.sandman_deck) + len(self.sandman_reserved)

    def requirement(self, seat: int, card: str) -> int:
        """The requirement of ``card`` in ``seat``'s Dreamscape (sleep-tight "Dreamscapes Can
        Change Fragment Requirements")."""
        info = self.cards[card]
        req = info.requirement
        ds = self.seats[seat].dreamscape
        if ds is not None and info.type != "special":
            for mod in self.c.dreamscape(ds).modifiers:
                if mod.type == info.type:
                    req = req * mod.multiply + mod.add
        return max(0, req)

    def pending_gain(self, seat: int) -> int:
        return len(self.seats[seat].pending_discards)

    def effective_fragments(self, seat: int) -> int:
        return self.seats[seat].fragments + self.pending_gain(seat)

    def _hand_remove(self, seat: int, card: str) -> None:
        self.seats[seat].hand.remove(card)

    def _hand_add(self, seat: int, card: str) -> None:
        hand = self.seats[seat].hand
        hand.append(card)
        hand.sort()

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

    # ================================================================== setup
    def _setup(self) -> None:
        n = self.n
        self.emit(
            "setup",
            "{players} players; {dreams} Dreamscape and {sandman} Sandman cards in play, "
            "{boxed} marked cards back in the box",
            R.SETUP,
            players=n,
            dreams=len(self.dream_deck),
            sandman=self.sandman_left(),
            boxed=len(self.box_dreamscapes) + len(self.box_sandman),
        )
        if self.sandman_reserved:
            self.emit(
                "easier",
                "The Soul Consumer is shuffled into the bottom half of the Sandman deck",
                R.EASIER,
            )
        self.stack.push(Step("round_start", AUTO))
        self.stack.push(Step("keep_open", AUTO))
        for seat in reversed(range(n)):
            self.stack.push(Step("draw", CHANCE, seat=seat, n=DEAL, why="setup"))

    # ================================================================== driver
    def _advance(self) -> None:
        while True:
            if self.result is not None:
                self.stack.clear()
                return
            if self._checkpoint():
                continue
            top = self.stack.top
            if top is None:
                return
            if top.player == AUTO:
                self.stack.pop()
                getattr(self, "_auto_" + top.kind)(top)
                continue
            if top.player == CHANCE and not self._chance_ready(top):
                continue
            if top.player == SIMUL and not top["waiting"]:
                self.stack.pop()
                getattr(self, "_close_" + top.kind)(top)
                continue
            return

    def _chance_ready(self, top: Step) -> bool:
        """Make a chance step drawable, or drop it; True when it is ready."""
        kind = top.kind
        if kind == "draw":
            seat = top["seat"]
            if not self.seats[seat].alive or top["n"] <= 0:
                self.stack.pop()
                return False
            if len(self.action_deck) == 0:
                if not self.action_discard:
                    self.stack.pop()
                    self.emit(
                        "no_card",
                        "The Action deck and its discard pile are empty: seat {seat} draws nothing",
                        R.PHASE2,
                        seat=seat,
                    )
                    return False
                for card in self.action_discard:
                    self.action_deck.add_unknown(card)
                count = len(self.action_discard)
                self.action_discard.clear()
                self.emit(
                    "reshuffled",
                    "The Action discard pile ({n} cards) is shuffled into a new deck",
                    R.PHASE2,
                    n=count,
                )
            return True
        if kind in ("sandman_draw", "sdiscard"):
            if self.sandman_left() == 0:
                self.stack.pop()
                return False
            return True
        if kind == "steal":
            if not self._movable(top["victim"]) or not self.seats[top["victim"]].alive:
                self.stack.pop()
                self.emit(
                    "steal_nothing",
                    "Seat {victim} has no card that can be taken",
                    R.SYMBOLS,
                    victim=top["victim"],
                )
                return False
            return True
        if kind == "revive":
            if not self.sandman_discard:
                self.stack.pop()
                return False
            return True
        return True

    def _checkpoint(self) -> bool:
        """Deaths, the ends of the game and Wake Up! offers between steps."""
        top = self.stack.top
        most = 0
        for i, record in enumerate(self.seats):
            if record.alive and record.fragments <= 0:
                self._die(i)
            if record.fragments > most:
                most = record.fragments
        if self._check_end():
            return True
        if top is not None and top.kind == "wake":
            return False
        if self.wake_card is None or most < WAKE_AT:
            return False
        if self.frozen_hands is not None:
            # While the face-down plays are hidden a question would show that a seat acted
            # (its hand size changed); it comes back at the reveal.
            return False
        for seat in self._order():
            if self.seats[seat].fragments >= WAKE_AT:
                snap = (self.seats[seat].fragments, len(self.seats[seat].hand))
                if self.seats[seat].wake_seen != snap:
                    self.seats[seat].wake_seen = snap
                    self.stack.push(Step("wake", seat))
                    return True
        return False

    def _die(self, seat: int) -> None:
        self.seats[seat].alive = False
        self.seats[seat].pending_offer = False
        hand = self.seats[seat].hand
        self.seats[seat].hand = []
        self.action_discard.extend(hand)
        self.emit(
            "died",
            "Seat {seat} has no Soul Fragment left and dies; their hand is discarded: {names}",
            R.GOAL,
            seat=seat,
            cards=hand,
            names=self._names(hand),
        )
        killer = self.seats[seat].killer
        if killer is not None:
            src, how = killer
            if (
                src != seat
                and self.seats[src].role == "undercover"
                and how in ("steal", "pass")
                and self.seats[src].alive
            ):
                self._end(
                    "undercover_agent",
                    [src],
                    "Seat {seat} was the Sandman's undercover agent and delivered the killing "
                    "blow: they win, the others lose",
                    R.UNDERCOVER,
                    seat=src,
                )

    def _check_end(self) -> bool:
        if self.result is not None:
            self.stack.clear()
            return True
        exposed_agent = anyone_alive = False
        for record in self.seats:
            if record.role == "exposed":
                exposed_agent = True
            if record.alive:
                anyone_alive = True
        if (
            not exposed_agent
            and anyone_alive
            and ((self.sandman_left() > 0 and len(self.dream_deck) > 0) or self.phase == "setup")
        ):
            return False
        living = [s for s in range(self.n) if self.seats[s].alive]
        exposed = [s for s in living if self.seats[s].role == "exposed"]
        if exposed and len(living) == 1 and self.n > 1:
            self._end(
                "exposed_agent",
                exposed,
                "Every other player is dead: seat {seat}, the exposed agent, wins",
                R.EXPOSED,
                seat=exposed[0],
            )
            return True
        if not living:
            self._end("all_dead", [], "Everyone is dead: the players lose", R.GOAL)
            return True
        if self.sandman_left() == 0 and self.phase != "setup":
            agents = {s for s in range(self.n) if self.seats[s].role != "dreamer"}
            if self.game.options.get("most_fragments_wins"):
                pool = [s for s in range(self.n) if s not in agents]
                best = max((self.seats[s].fragments for s in pool), default=0)
                winners = [s for s in pool if self.seats[s].fragments == best]
                text = (
                    "The Sandman deck is empty: the Sandman is dead. Most Soul Fragments "
                    "wins: {names}"
                )
            else:
                winners = [s for s in range(self.n) if s not in agents]
                text = "The Sandman deck is empty: the Sandman is dead and the players win"
            self._end(
                "sandman_defeated",
                winners,
                text,
                R.GOAL,
                seats=winners,
                names=", ".join(f"seat {w}" for w in winners) or "nobody",
            )
            return True
        if len(self.dream_deck) == 0 and self.phase != "setup":
            # As soon as its last card is drawn, as for the Sandman deck: the players do not
            # play a round with no Dreamscape left (sleep-tight "Goal").
            self._end(
                "trapped",
                [],
                "The Dreamscape deck is empty: the nightmare traps the players and they lose",
                R.GOAL,
            )
            return True
        return False

    def _end(self, reason: str, winners: list[int], fmt: str, ref: str, **data: Any) -> None:
        self.result = reason
        self.winner_seats = sorted(winners)
        self.phase = "over"
        self.stack.clear()
        self.emit("game_over", fmt, ref, reason=reason, **data)

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
            "Seat {seat} loses {lost} Soul Fragment(s) to seat {source} ({prevented} prevented)",
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

    # ================================================================== rounds
    def _auto_round_start(self, step: Step) -> None:
        self.round += 1
        if self.round > 1:
            nxt = self._left(self.first)
            if nxt is not None:
                self.first = nxt
        self.phase = "dreamscapes"
        self.emit(
            "round",
            "Round {round}: seat {first} is the First Player",
            R.SETUP,
            round=self.round,
            first=self.first,
        )
        living = self._order()
        for s in range(self.n):
            if self.seats[s].dreamscape is not None:
                self.dream_discard.append(self.seats[s].dreamscape)  # type: ignore[arg-type]
                self.seats[s].dreamscape = None
        for name in (
            "round_end",
            "resolve_all",
            "sandman_damage",
            "discards",
            "sandman_effect",
            "sandman_draw",
            "reveal",
            "play_open",
            "phase3_start",
            "buy_open",
            "mandatory_draws",
        ):
            if name == "sandman_draw":
                self.stack.push(Step(name, CHANCE))
            else:
                self.stack.push(Step(name, AUTO))
        for seat in reversed(living):
            self.stack.push(Step("dream", CHANCE, seat=seat))

    def _auto_mandatory_draws(self, step: Step) -> None:
        self.phase = "draw"
        for seat in reversed(self._order()):
            self.stack.push(Step("draw", CHANCE, seat=seat, n=1, why="phase2"))

    def _auto_buy_open(self, step: Step) -> None:
        for seat in self.seats:
            seat.buys = 0
        self.stack.push(Step("buy", SIMUL, waiting=tuple(self._order())))

    def _close_buy(self, step: Step) -> None:
        pass

    def _auto_keep_open(self, step: Step) -> None:
        self.phase = "keep"
        waiting = tuple(s for s in range(self.n) if self._keep_needs(s))
        self.stack.push(Step("keep", SIMUL, waiting=waiting))

    def _keep_needs(self, seat: int) -> bool:
        return self.seats[seat].pending_offer or (
            len(self.seats[seat].hand) > KEEP and bool(self._movable(seat))
        )

    def _close_keep(self, step: Step) -> None:
        self.emit("kept", "Every player keeps {n} Action cards", R.SETUP, n=KEEP)

    def _auto_phase3_start(self, step: Step) -> None:
        """Cards with the face-up symbol are played face up at the start of the phase."""
        self.phase = "play"
        forced: list[Step] = []
        for seat in self._order():
            for card in sorted(set(self.seats[seat].hand)):
                info = self.cards[card]
                if not info.face_up or info.special:
                    continue
                for _ in range(self.seats[seat].hand.count(card)):
                    if self.requirement(seat, card) > self.seats[seat].fragments:
                        break
                    self._hand_remove(seat, card)
                    self.seats[seat].plays.append(Play(card, face_up=True))
                    idx = len(self.seats[seat].plays) - 1
                    self.emit(
                        "face_up",
                        "Seat {seat} must play {name} face up",
                        R.SYMBOLS,
                        seat=seat,
                        card=card,
                        name=info.name,
                    )
                    forced.append(Step("resolve_card", AUTO, seat=seat, idx=idx))
        for forced_step in reversed(forced):
            self.stack.push(forced_step)

    def _auto_play_open(self, step: Step) -> None:
        self.phase = "play"
        self.frozen_hands = [len(seat.hand) for seat in self.seats]
        self.stack.push(Step("play", SIMUL, waiting=tuple(self._order())))

    def _close_play(self, step: Step) -> None:
        pass

    def _auto_reveal(self, step: Step) -> None:
        self.phase = "resolve"
        self.frozen_hands = None
        for seat in self._order():
            shown = [p.to_dict() for p in self.seats[seat].plays if p.status == "hidden"]
            for p in self.seats[seat].plays:
                if p.status == "hidden":
                    p.status = "revealed"
            self.emit(
                "revealed",
                "Seat {seat} reveals {count} play(s): {names}",
                R.PHASE4,
                seat=seat,
                count=len(shown),
                plays=shown,
                names=", ".join(
                    self._name(p["card"])
                    + (f" (on {self._name(p['bottom'])})" if p["bottom"] else "")
                    for p in shown
                )
                or "nothing",
            )
        # Discards for fragments are settled now, First Player first, each for 1 fragment;
        # one the pile cannot pay is refused and the card stays in hand (sleep-tight "3. Play
        # Actions Facedown": "For each Action card you discard, you take 1 Soul Fragment").
        for seat in self._order():
            cards = self.seats[seat].pending_discards
            if not cards:
                continue
            self.seats[seat].pending_discards = []
            paid = cards[: self.pile]
            refused = cards[len(paid) :]
            if paid:
                self.action_discard.extend(paid)
                got = self._gain(seat, len(paid))
                self.emit(
                    "discarded_for_fragments",
                    "Seat {seat} discarded {names} and takes {got} Soul Fragment(s)",
                    R.PHASE3,
                    seat=seat,
                    cards=paid,
                    names=self._names(paid),
                    got=got,
                )
            if refused:
                for card in refused:
                    self._hand_add(seat, card)
                self.emit(
                    "discard_refused",
                    "The pile has no Soul Fragment left for seat {seat}: {names} stays in their "
                    "hand",
                    R.PHASE3,
                    seat=seat,
                    cards=refused,
                    names=self._names(refused),
                )
        for seat in self._order():
            self._check_requirements(seat)

    def _check_requirements(self, seat: int) -> None:
        """A card needs its requirement in fragments the player really holds (sleep-tight "3.
        Play Actions Facedown": "Each Action card requires the player to have some number of
        Soul Fragments"): a play counted on a discard the pile could not pay goes back to the
        hand, unplayed."""
        have = self.seats[seat].fragments
        for p in list(self.seats[seat].plays):
            if p.face_up or p.status != "revealed":
                continue
            need = self._required(seat, p)
            if need <= have:
                continue
            self.seats[seat].plays.remove(p)
            self._hand_add(seat, p.card)
            if p.bottom is not None:
                self._hand_add(seat, p.bottom)
            self.emit(
                "requirement_unmet",
                "Seat {seat} holds {have} Soul Fragment(s), not the {need} that {name} "
                "requires: it goes back to their hand",
                R.PHASE3,
                seat=seat,
                card=p.card,
                bottom=p.bottom,
                name=self._name(p.card),
                need=need,
                have=have,
            )

    def _auto_sandman_effect(self, step: Step) -> None:
        card = self.sandman_current
        if card is None:
            return
        info = self.c.sandman_card(card)
        if info.kind == "nullify":
            self.nullified = True
            self._fail_all()
            self.emit(
                "nullified",
                "{name}: all Action cards have no effect this round",
                R.EXAMPLES,
                name=info.name,
            )
        elif info.kind == "soul_consumer":
            self.stack.push(Step("consumer_apply", AUTO))
            self.stack.push(Step("cancel", SIMUL, waiting=tuple(self._order()), used=-1))

    def _close_cancel(self, step: Step) -> None:
        pass

    def _auto_consumer_apply(self, step: Step) -> None:
        if self.consumer_cancelled:
            self.consumer_cancelled = False
            self.emit(
                "consumer_cancelled",
                "The Soul Consumer is cancelled: it deals no damage this round",
                R.SPECIAL,
            )
            return
        self.consumer_active = True
        for seat in self._order():
            self.seats[seat].consumer_extra = sum(
                self._required(seat, p) for p in self.seats[seat].plays
            )
        self._fail_all()
        self.emit(
            "soul_consumer",
            "The Soul Consumer: all Action cards fail and each player loses the total "
            "Soul Fragment requirement of the cards they played, instead of the Sandman's "
            "usual damage ({losses})",
            R.SPECIAL,
            extra=[seat.consumer_extra for seat in self.seats],
            losses=", ".join(f"seat {s}: {x.consumer_extra}" for s, x in enumerate(self.seats)),
        )

    def _required(self, seat: int, p: Play) -> int:
        """What a play required of ``seat``: the card's requirement in the seat's Dreamscape,
        lowered by a stacked bottom card's printed requirement (sleep-tight "Dreamscapes Can
        Change Fragment Requirements", "Reducing Fragment Requirements")."""
        req = self.requirement(seat, p.card)
        if p.bottom is not None:
            req = max(0, req - self.cards[p.bottom].requirement)
        return req

    def _fail_all(self) -> None:
        for seat in self.seats:
            for p in seat.plays:
                if p.status in ("hidden", "revealed"):
                    p.status = "failed"

    def _auto_discards(self, step: Step) -> None:
        """First, discard cards if prompted (sleep-tight "4. Resolve Actions ...")."""
        # Untouchable players cannot be affected by any other effect this round.
        for seat in self._order():
            for p in self.seats[seat].plays:
                if p.status == "revealed" and self._has(p.card, "untouchable"):
                    self.seats[seat].untouchable = True
        self._discard_types()
        # Passive protections of the cards still in play.
        for seat in self._order():
            for p in self.seats[seat].plays:
                if p.status != "revealed":
                    continue
                for eff in self.cards[p.card].effects:
                    if eff.kind == "prevent_sandman":
                        self.seats[seat].prevent_sandman += eff.amount
                    elif eff.kind == "prevent_players":
                        self.seats[seat].prevent_players += eff.amount
                    elif eff.kind == "shield":
                        self.seats[seat].shield = True
        # The exposed agent's discards deal 1 damage each: damage dealt by another player,
        # so the target's protections of the round apply (sleep-tight "Card Symbols").
        for seat in self._order():
            harms = self.seats[seat].pending_harm
            self.seats[seat].pending_harm = []
            for card, target in harms:
                self.action_discard.append(card)
                self.emit(
                    "harm",
                    "The exposed agent (seat {seat}) discarded {name} to damage seat {target}",
                    R.EXPOSED,
                    seat=seat,
                    card=card,
                    name=self._name(card),
                    target=target,
                )
                self._player_damage(seat, target, 1, "harm", R.EXPOSED)

    def _has(self, card: str, kind: str) -> bool:
        return any(e.kind == kind for e in self.cards[card].effects)

    def _discard_hits(self, seat: int, source: Play, target_seat: int, target: Play) -> bool:
        """Whether the discard card ``source`` of ``seat`` discards ``target``."""
        if target is source or target.status != "revealed" or target.face_up:
            return False
        if target_seat != seat and self.seats[target_seat].untouchable:
            return False
        kind = self.cards[target.card].type
        return any(
            e.kind == "discard_type" and e.action_type == kind
            for e in self.cards[source.card].effects
        )

    def _discard_types(self) -> None:
        """Discard all played actions of the shown type; they have no effect (sleep-tight
        "Card Symbols"), the same whatever the seating: a discard card that another acting
        discard card discards has no effect. A card acts when every discard card that would
        discard it is itself discarded; discard cards that discard one another in a circle
        all fail."""
        sources = [
            (seat, p)
            for seat in self._order()
            for p in self.seats[seat].plays
            if p.status == "revealed" and not p.face_up and self._has(p.card, "discard_type")
        ]
        attackers = {
            id(p): [
                (s2, q) for s2, q in sources if q is not p and self._discard_hits(s2, q, seat, p)
            ]
            for seat, p in sources
        }
        acting: set[int] = set()
        failed: set[int] = set()
        changed = True
        while changed:
            changed = False
            for _seat, p in sources:
                key = id(p)
                if key in acting or key in failed:
                    continue
                if any(id(q) in acting for _s, q in attackers[key]):
                    failed.add(key)
                    changed = True
                elif all(id(q) in failed for _s, q in attackers[key]):
                    acting.add(key)
                    changed = True
        for seat, p in sources:
            if id(p) not in acting and id(p) not in failed:
                p.status = "failed"
                self.emit(
                    "discarded_each_other",
                    "Seat {seat}'s {name} is discarded by a card it discards: no effect",
                    R.SYMBOLS,
                    seat=seat,
                    card=p.card,
                    name=self._name(p.card),
                )
        for seat, p in sources:
            if id(p) in acting:
                for eff in self.cards[p.card].effects:
                    if eff.kind == "discard_type":
                        self._discard_type(seat, p, eff.action_type or "")

    def _discard_type(self, seat: int, source: Play, kind: str) -> None:
        hit = []
        for other in self._order():
            if other != seat and self.seats[other].untouchable:
                continue
            for p in self.seats[other].plays:
                if p is source or p.status != "revealed" or p.face_up:
                    continue
                if self.cards[p.card].type == kind:
                    p.status = "failed"
                    hit.append((other, p.card))
        self.emit(
            "discard_type",
            "Seat {seat} discards every played {type} action: {hit_text}",
            R.SYMBOLS,
            seat=seat,
            type=kind,
            hit=[f"seat {s}: {self._name(c)}" for s, c in hit],
            hit_text="; ".join(f"seat {s}: {self._name(c)}" for s, c in hit) or "none",
        )

    def _auto_sandman_damage(self, step: Step) -> None:
        for seat in reversed(self._order()):
            self.stack.push(Step("sandman_hit", AUTO, seat=seat))

    def _dodge_effect(self, seat: int, option: str | None = None) -> Effect | None:
        """The first dodge effect ``seat`` has in play (offering ``option``, if given)."""
        for p in self.seats[seat].plays:
            if p.status == "revealed":
                for eff in self.cards[p.card].effects:
                    if eff.kind == "dodge" and (option is None or option in eff.options):
                        return eff
        return None

    def _auto_sandman_hit(self, step: Step) -> None:
        seat = step["seat"]
        card = self.sandman_current
        if card is None or not self.seats[seat].alive:
            return
        info = self.c.sandman_card(card)
        if self.seats[seat].role == "exposed":
            self.emit(
                "sandman_spares",
                "The Sandman does not damage seat {seat}, his exposed agent",
                R.EXPOSED,
                seat=seat,
            )
            return
        if self.seats[seat].untouchable:
            self.emit(
                "untouched",
                "Seat {seat} cannot be damaged by the Sandman this round",
                R.SYMBOLS,
                seat=seat,
            )
            return
        if info.kind == "soul_consumer":
            # Its damage replaces the Sandman's base damage: the requirements of the cards
            # played, 0 for a player who played nothing, none at all once it is cancelled
            # (sleep-tight "Special Cards": "he loses 5").
            if not self.consumer_active:
                return
            extra = 0
            damage = self.seats[seat].consumer_extra
        else:
            ds = self.seats[seat].dreamscape
            dream = self.c.dreamscape(ds).dream if ds else None
            extra = 1 if dream is not None and dream != "limbo" and dream in info.dreams else 0
            damage = info.damage + extra
        redirect = self._dodge_effect(seat, "redirect")
        if redirect is not None:
            self._redirect_sandman(seat, redirect, damage, info.name)
            return
        dodge = self._dodge_effect(seat)
        prevented = min(damage, self.seats[seat].prevent_sandman)
        self.seats[seat].prevent_sandman -= prevented  # a pool for the round
        damage -= prevented
        if damage > 0 and dodge is not None:
            self.stack.push(Step("dodge", seat, damage=damage, prevented=prevented))
            return
        lost = self._lose(seat, damage, None, "sandman")
        self.emit(
            "sandman_damage",
            "{name} takes {lost} Soul Fragment(s) from seat {seat} ({prevented} prevented)",
            R.PHASE4,
            seat=seat,
            name=info.name,
            lost=lost,
            extra=extra,
            prevented=prevented,
        )

    def _redirect_sandman(self, seat: int, eff: Effect, damage: int, name: str) -> None:
        """This turn, the Sandman damages the player to your left, not you (sleep-tight
        "Card Examples"): Sandman damage to that player, so an exposed agent is spared, their
        Sandman protections apply and their protections against players do not. A kill counts
        as damage passed by ``seat`` (the undercover agent's win)."""
        targets = self._dodge_targets(seat, eff)
        target = targets[0] if targets else None
        self.emit(
            "redirected",
            "Seat {seat} hides: the Sandman turns to "
            + ("seat {target}" if target is not None else "nobody"),
            R.EXAMPLES,
            seat=seat,
            target=target,
            damage=damage,
        )
        if target is None or damage <= 0:
            return
        if self.seats[target].role == "exposed":
            self.emit(
                "sandman_spares",
                "The Sandman does not damage seat {seat}, his exposed agent",
                R.EXPOSED,
                seat=target,
            )
            return
        if self.seats[target].untouchable:
            self.emit(
                "untouched",
                "Seat {seat} cannot be damaged by the Sandman this round",
                R.SYMBOLS,
                seat=target,
            )
            return
        prevented = min(damage, self.seats[target].prevent_sandman)
        self.seats[target].prevent_sandman -= prevented
        lost = self._lose(target, damage - prevented, seat, "pass")
        self.emit(
            "sandman_damage",
            "{name} takes {lost} Soul Fragment(s) from seat {seat} ({prevented} prevented)",
            R.EXAMPLES,
            seat=target,
            name=name,
            lost=lost,
            extra=0,
            prevented=prevented,
            redirected_from=seat,
        )

    def _auto_resolve_all(self, step: Step) -> None:
        for seat in reversed(self._order()):
            for idx in reversed(range(len(self.seats[seat].plays))):
                p = self.seats[seat].plays[idx]
                if p.status == "revealed" and not p.face_up:
                    self.stack.push(Step("resolve_card", AUTO, seat=seat, idx=idx))

    def _auto_resolve_card(self, step: Step) -> None:
        seat, idx = step["seat"], step["idx"]
        p = self.seats[seat].plays[idx]
        if not self.seats[seat].alive or p.status not in ("revealed",):
            return
        p.status = "resolved"
        info = self.cards[p.card]
        self.emit(
            "resolve",
            "Seat {seat} resolves {name}",
            R.PHASE4,
            seat=seat,
            card=p.card,
            name=info.name,
        )
        for i in reversed(range(len(info.effects))):
            self.stack.push(Step("effect", AUTO, seat=seat, card=p.card, i=i, target=None))

    def _auto_round_end(self, step: Step) -> None:
        for seat in range(self.n):
            for p in self.seats[seat].plays:
                cards = [p.card] + ([p.bottom] if p.bottom else [])
                for card in cards:
                    if card == self.where_card and p.card == card and p.status == "resolved":
                        self.removed_actions.append(card)
                    else:
                        self.action_discard.append(card)
            self.seats[seat].plays = []
        if self.sandman_current is not None:
            self.sandman_discard.append(self.sandman_current)
            self.sandman_current = None
        for record in self.seats:
            record.end_round()
        self.consumer_active = False
        self.nullified = False
        self.emit("round_end", "Round {round} ends", R.PHASE4, round=self.round)
        self.stack.push(Step("round_start", AUTO))

    # ================================================================== effects
    def _targets(self, seat: int, eff: Effect, chosen: int | None) -> list[int] | None:
        """Seats an effect affects; None when a choice is still needed."""
        if eff.target == "self":
            return [seat]
        if eff.target == "left":
            t = self._left(seat)
            return [t] if t is not None else []
        if eff.target == "right":
            t = self._right(seat)
            return [t] if t is not None else []
        if eff.target == "others":
            return self._others(seat)
        if chosen is not None:
            return [chosen]
        others = self._others(seat)
        if len(others) <= 1:
            return others
        return None

    def _auto_effect(self, step: Step) -> None:
        seat = step["seat"]
        if not self.seats[seat].alive:
            return
        info = self.cards[step["card"]]
        eff = info.effects[step["i"]]
        kind = eff.kind
        if kind == "draw":
            self.stack.push(Step("draw", CHANCE, seat=seat, n=eff.amount, why="effect"))
        elif kind == "return_cards":
            n = min(eff.amount, len([c for c in self.seats[seat].hand if c != self.iam]))
            if n > 0:
                self.stack.push(Step("return", seat, n=n))
        elif kind == "gain":
            if eff.from_player and step.get("source") is None:
                others = [s for s in self._others(seat) if self.seats[s].fragments > 0]
                if others:
                    self.stack.push(step)
                    self.stack.push(Step("source", seat, choices=tuple(others), amount=eff.amount))
                    return
            source = step.get("source")
            if source is None or source == "pile":
                got = self._gain(seat, eff.amount)
                self.emit(
                    "gained",
                    "Seat {seat} takes {got} Soul Fragment(s) from the pile",
                    R.SYMBOLS,
                    seat=seat,
                    got=got,
                )
            else:
                victim = int(source)
                if self._protected(seat, victim):
                    return
                lost = self._lose(victim, eff.amount, seat, "steal")
                self.seats[seat].fragments += lost
                self.pile -= lost
                self.emit(
                    "stole_fragments",
                    "Seat {seat} takes {n} Soul Fragment(s) from seat {victim}",
                    R.SYMBOLS,
                    seat=seat,
                    victim=victim,
                    n=lost,
                )
        elif kind in ("damage", "steal_random", "look_take") or (
            kind == "discard_sandman" and self.seats[seat].role == "exposed"
        ):
            if kind == "discard_sandman":
                # The exposed agent damages a player of their choice instead.
                others = self._others(seat)
                targets = [step["target"]] if step["target"] is not None else None
                if targets is None and len(others) > 1:
                    self._ask_target(step, others)
                    return
                if targets is None:
                    targets = others
                for t in targets:
                    if self._protected(seat, t):
                        continue
                    self.emit(
                        "redirect",
                        "The exposed agent damages seat {target} instead of the Sandman",
                        R.EXPOSED,
                        target=t,
                    )
                    self._player_damage(seat, t, eff.amount, "damage", R.EXPOSED)
                return
            found = self._targets(seat, eff, step["target"])
            if found is None:
                self._ask_target(step, self._others(seat))
                return
            found = [t for t in found if not self._protected(seat, t)]
            if kind == "damage":
                for t in found:
                    self._player_damage(seat, t, eff.amount, "damage", R.SYMBOLS)
                return
            for t in reversed(found):
                if kind == "steal_random":
                    self.stack.push(Step("steal", CHANCE, seat=seat, victim=t))
                else:
                    hand = list(self.seats[t].hand)
                    self.emit(
                        "hand_shown",
                        "Seat {victim} shows seat {seat} their hand: {names}",
                        R.SYMBOLS,
                        (seat, t),
                        seat=seat,
                        victim=t,
                        cards=hand,
                        names=self._names(hand),
                    )
                    self.emit(
                        "looked",
                        "Seat {victim} shows their hand to seat {seat}",
                        R.SYMBOLS,
                        seat=seat,
                        victim=t,
                    )
                    if self._movable(t):
                        self.stack.push(Step("take", seat, victim=t))
        elif kind == "discard_sandman":
            self.stack.push(Step("sdiscard", CHANCE, seat=seat, n=eff.amount))
        elif kind == "where_is_sandman":
            holder = next((s for s in range(self.n) if self.iam in self.seats[s].hand), None)
            if holder is not None and self._guarded(seat, holder):
                # A player behind Blanket Fort ("you cannot be affected by any other effects
                # this turn") or Mirror Ward ("all actions played against you by other players
                # fail") is not made to reveal (sleep-tight "Card Symbols", "Card Examples").
                holder = None
            if holder is not None and self.seats[holder].alive and not step.get("asked"):
                # The holder answers first: a pending offer may still be refused (sleep-tight
                # "Special Cards": you may refuse when you draw it). An agent who accepted
                # earlier is asked the same way, so the question shows no more than the rule.
                self.stack.push(step.replace(asked=True))
                self.stack.push(Step("where", holder))
            elif holder is not None and self.seats[holder].alive:
                self._expose(holder, forced=True)
            else:
                # The same words whether nobody holds the card or its holder is protected.
                self.emit(
                    "nobody",
                    "No player who can be affected holds I Am the Sandman; Where Is The "
                    "Sandman leaves the game",
                    R.SPECIAL,
                )
        # prevent_*, shield, untouchable, dodge and discard_type work passively.

    def _ask_target(self, step: Step, choices: list[int]) -> None:
        self.stack.push(step)
        self.stack.push(Step("target", step["seat"], choices=tuple(choices)))

    def _expose(self, seat: int, forced: bool) -> None:
        assert self.iam is not None
        self._hand_remove(seat, self.iam)
        self.exposed_cards.append(self.iam)
        self.seats[seat].role = "exposed"
        self.seats[seat].pending_offer = False
        self.emit(
            "exposed",
            "Seat {seat} reveals I Am the Sandman and becomes an exposed Sandman agent"
            + (" (Where Is The Sandman)" if forced else ""),
            R.EXPOSED if not forced else R.SPECIAL,
            seat=seat,
        )

    # ================================================================== hooks
    def to_move(self) -> tuple[int, ...]:
        top = self.stack.top
        if top is None:
            return ()
        if top.player == SIMUL:
            return tuple(top["waiting"])
        return (top.player,)

    def decision(self, player: int | None = None) -> Decision | None:
        top = self.stack.top
        if top is None:
            return None
        kind = top.kind
        if top.player == CHANCE:
            prompts = {
                "draw": ("draw_action", "Seat {seat} draws an Action card", R.PHASE2),
                "dream": ("draw_dreamscape", "Seat {seat} draws a Dreamscape", R.PHASE1),
                "sandman_draw": ("draw_sandman", "The First Player draws a Sandman card", R.PHASE4),
                "sdiscard": ("discard_sandman", "Discard a Sandman card", R.SYMBOLS),
                "steal": ("steal", "Take a random card from seat {victim}", R.SYMBOLS),
                "revive": ("revive", "A Sandman discard goes back into his deck", R.SYMBOLS),
            }
            k, text, ref = prompts[kind]
            if kind == "draw" and top["why"] != "phase2":
                ref = R.SETUP if top["why"] == "setup" else R.SYMBOLS
            return Decision(k, CHANCE, text.format(**top.data), ref, dict(top.data))
        if top.player == SIMUL:
            tm = top["waiting"]
            seat = player if player is not None else (tm[0] if len(tm) == 1 else None)
            if seat is None or seat not in tm:
                return None
        else:
            seat = top.player
            if player is not None and player != seat:
                return None
        if kind in ("keep", "buy") and self.seats[seat].pending_offer and player is not None:
            # The offer is private: without a player (spectators, other viewers) the public
            # decision of the step is returned.
            return Decision(
                "sandman_offer",
                seat,
                "You drew I Am the Sandman: accept (become his undercover agent) or refuse "
                "(lose 1 Soul Fragment)",
                R.SPECIAL,
            )
        table = {
            "keep": ("keep", "Choose the cards to shuffle back: keep 4 of the 7", R.SETUP),
            "buy": (
                "buy",
                "Return Soul Fragments to draw more Action cards (up to your Dreamscape's "
                "number), then done",
                R.PHASE2,
            ),
            "play": (
                "play",
                "Play Action cards face down, stack two, discard for fragments; then done",
                R.PHASE3,
            ),
            "cancel": (
                "cancel_soul_consumer",
                "The Soul Consumer is revealed: cancel it with Discard Soul Consumer, or pass",
                R.SPECIAL,
            ),
            "wake": ("wake_up", "You have 10 Soul Fragments: wake up now, or wait", R.GOAL),
            "dodge": (
                "dodge",
                "The Sandman would deal you {damage}: take it, pay 1 fragment, or pass it on",
                R.SYMBOLS,
            ),
            "where": (
                "where_is_sandman",
                "Where Is The Sandman: you hold I Am the Sandman; reveal it and become an "
                "exposed agent (or refuse the offer if it is still open)",
                R.SPECIAL,
            ),
            "target": ("target", "Choose the player your card affects", R.SYMBOLS),
            "source": (
                "take_fragments",
                "Take Soul Fragments from the pile or from another player",
                R.SYMBOLS,
            ),
            "take": ("take_card", "Take any card you want from seat {victim}'s hand", R.SYMBOLS),
            "return": ("return_card", "Shuffle {n} card(s) back into the Action deck", R.EXAMPLES),
        }
        k, text, ref = table[kind]
        data = {"damage": top["damage"]} if kind == "dodge" else {}
        return Decision(k, seat, text.format(**top.data), ref, data)

    # ----------------------------------------------------------------- legal actions
    def _legal(self, player: int) -> list[Action]:
        top = self.stack.top
        assert top is not None
        kind = top.kind
        if kind in ("keep", "buy") and self.seats[player].pending_offer:
            out = [self._a("accept")]
            if self.seats[player].fragments > 1:
                out.append(self._a("refuse"))
            return out
        if kind == "keep":
            return [self._a(f"return:{c}") for c in self._movable(player)]
        if kind == "buy":
            out = []
            ds = self.seats[player].dreamscape
            cap = self.c.dreamscape(ds).fragments if ds else 0
            if (
                self.seats[player].buys < cap
                and self.seats[player].fragments > 1
                and (len(self.action_deck) or self.action_discard)
            ):
                out.append(self._a("buy"))
            if (
                self.seats[player].role == "undercover"
                and self.seats[player].agent_round < self.round
                and self.seats[player].buys == 0
            ):
                out.append(self._a("expose"))
            out.append(self._a("done"))
            return out
        if kind == "play":
            return self._play_actions(player)
        if kind == "cancel":
            out = []
            if self.cancel_card is not None and self.cancel_card in self.seats[player].hand:
                out.append(self._a("cancel"))
            out.append(self._a("pass"))
            return out
        if kind == "wake":
            out = []
            if (
                self.wake_card in self.seats[player].hand
                and self.seats[player].role == "dreamer"
                and self.seats[player].fragments >= WAKE_AT
            ):
                out.append(self._a("wake"))
            out.append(self._a("wait"))
            return out
        if kind == "dodge":
            eff = self._dodge_effect(player)
            out = [self._a("dodge:take")]
            if eff is not None:
                if "pay" in eff.options and self.seats[player].fragments > 1:
                    out.append(self._a("dodge:pay"))
                if "pass" in eff.options:
                    for t in self._dodge_targets(player, eff):
                        out.append(self._a(f"pass:{t}"))
            return out
        if kind == "where":
            if not self.seats[player].pending_offer:
                return [self._a("expose")]
            out = [self._a("accept")]
            if self.seats[player].fragments > 1:
                out.append(self._a("refuse"))
            return out
        if kind == "target":
            return [self._a(f"target:{s}") for s in top["choices"]]
        if kind == "source":
            out = [self._a("from:pile")]
            out.extend(self._a(f"from:{s}") for s in top["choices"])
            return out
        if kind in ("take", "return"):
            src = top["victim"] if kind == "take" else player
            return [self._a(f"{kind}:{c}") for c in self._movable(src)]
        raise AssertionError(f"no legal actions for step {top!r}")

    def _dodge_targets(self, seat: int, eff: Effect) -> list[int]:
        if eff.target == "left":
            t = self._left(seat)
            return [t] if t is not None else []
        if eff.target == "right":
            t = self._right(seat)
            return [t] if t is not None else []
        return self._others(seat)

    def playable(self, seat: int, card: str) -> bool:
        """Whether ``card`` may be played face down (the special cards used from the hand
        and the cards that must be played face up cannot)."""
        info = self.cards[card]
        return info.special not in HELD_SPECIALS and not info.face_up

    def _play_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        plays = self.seats[seat].plays
        locked = any(self._has(p.card, "untouchable") for p in plays)
        frags = self.effective_fragments(seat)
        hand = self.seats[seat].hand
        kinds = sorted(set(hand))
        if not locked:
            for card in kinds:
                if not self.playable(seat, card):
                    continue
                req = self.requirement(seat, card)
                untouch = self._has(card, "untouchable")
                if req <= frags and not (untouch and plays):
                    out.append(self._a(f"play:{card}"))
                if self.n >= 3 and req > frags and not untouch:
                    for bottom in kinds:
                        if bottom == self.iam or (bottom == card and hand.count(card) < 2):
                            continue
                        reduced = max(0, req - self.cards[bottom].requirement)
                        if reduced <= frags:
                            out.append(self._a(f"stack:{card}:{bottom}"))
        if self.seats[seat].role == "exposed":
            for card in kinds:
                if card == self.iam:
                    continue
                for t in self._others(seat):
                    out.append(self._a(f"harm:{card}:{t}"))
        elif frags + 1 < DISCARD_LIMIT and self.pile - self.pending_gain(seat) > 0:
            for card in kinds:
                if card != self.iam:
                    out.append(self._a(f"discard:{card}"))
        out.append(self._a("done"))
        return out

    # ----------------------------------------------------------------- chance
    def _chance(self) -> list[tuple[Action, float]]:
        top = self.stack.top
        assert top is not None
        kind = top.kind
        if kind == "draw":
            return [(self._a(f"draw:{c}"), p) for c, p in self.action_deck.outcomes()]
        if kind == "dream":
            return [(self._a(f"dream:{c}"), p) for c, p in self.dream_deck.outcomes()]
        if kind in ("sandman_draw", "sdiscard"):
            return [(self._a(f"sandman:{c}"), p) for c, p in self._sandman_outcomes()]
        if kind == "steal":
            counts = Counter(c for c in self.seats[top["victim"]].hand if c != self.iam)
            total = sum(counts.values())
            return [(self._a(f"steal:{c}"), k / total) for c, k in sorted(counts.items())]
        if kind == "revive":
            counts = Counter(self.sandman_discard)
            total = sum(counts.values())
            return [(self._a(f"revive:{c}"), k / total) for c, k in sorted(counts.items())]
        raise AssertionError(f"not a chance step: {top!r}")

    def _sandman_outcomes(self) -> list[tuple[str, float]]:
        if len(self.sandman_deck) == 0 and self.sandman_reserved:
            self._release_reserved()
        return self.sandman_deck.outcomes()

    def _release_reserved(self) -> None:
        for card in self.sandman_reserved:
            self.sandman_deck.add_unknown(card)
        self.sandman_reserved = []
        self.sandman_top_left = 0

    def _take_sandman(self, card: str) -> None:
        if len(self.sandman_deck) == 0 and self.sandman_reserved:
            self._release_reserved()
        self.sandman_deck.take(card)
        if self.sandman_reserved:
            self.sandman_top_left -= 1
            if self.sandman_top_left <= 0:
                self._release_reserved()

    def sample_chance(self, rng: random.Random) -> Action:
        top = self.stack.top
        assert top is not None
        if top.kind == "draw":
            return self._a("draw:" + self.action_deck.sample(rng))
        if top.kind == "dream":
            return self._a("dream:" + self.dream_deck.sample(rng))
        if top.kind in ("sandman_draw", "sdiscard"):
            if len(self.sandman_deck) == 0:
                self._release_reserved()
            return self._a("sandman:" + self.sandman_deck.sample(rng))
        return super().sample_chance(rng)

    def _lookup(self, action_id: str, player: int) -> Action | None:
        if player == CHANCE:
            top = self.stack.top
            assert top is not None
            prefix, _, card = action_id.partition(":")
            deck = {"draw": self.action_deck, "dream": self.dream_deck}.get(top.kind)
            if top.kind in ("sandman_draw", "sdiscard"):
                if len(self.sandman_deck) == 0:
                    self._release_reserved()
                deck = self.sandman_deck
            if deck is not None:
                expected = "sandman" if deck is self.sandman_deck else top.kind
                known = deck.next_known()
                ok = card == known if known is not None else deck.unknown.count(card) > 0
                return self._a(action_id) if prefix == expected and ok else None
        return super()._lookup(action_id, player)

    # ----------------------------------------------------------------- apply
    def _do(self, action: Action, player: int) -> None:
        top = self.stack.top
        assert top is not None
        getattr(self, "_do_" + top.kind)(top, action.id, player)
        self._advance()

    def _leave(self, top: Step, player: int) -> None:
        waiting = tuple(s for s in top["waiting"] if s != player)
        self.stack.replace_top(top.replace(waiting=waiting))

    # chance results
    def _do_draw(self, top: Step, aid: str, player: int) -> None:
        card = A.arg(aid)
        seat = top["seat"]
        self.action_deck.take(card)
        self._hand_add(seat, card)
        ref = (
            R.SETUP
            if top["why"] == "setup"
            else (R.PHASE2 if top["why"] == "phase2" else R.SYMBOLS)
        )
        self.emit("drew", "Seat {seat} draws an Action card", ref, seat=seat)
        self.emit(
            "drew_card",
            "You draw {name}",
            ref,
            (seat,),
            seat=seat,
            card=card,
            name=self._name(card),
        )
        if card == self.iam:
            self.seats[seat].pending_offer = True
        if top["n"] > 1:
            self.stack.replace_top(top.replace(n=top["n"] - 1))
        else:
            self.stack.pop()

    def _do_dream(self, top: Step, aid: str, player: int) -> None:
        card = A.arg(aid)
        seat = top["seat"]
        self.stack.pop()
        self.dream_deck.take(card)
        self.seats[seat].dreamscape = card
        info = self.c.dreamscape(card)
        got = 0
        if self.round > 1:
            got = self._gain(seat, info.fragments)
        self.emit(
            "dreamscape",
            "Seat {seat} enters {name} ({dream}, {fragments}) and takes {got} Soul Fragment(s)",
            R.PHASE1,
            seat=seat,
            card=card,
            name=info.name,
            dream=info.dream,
            fragments=info.fragments,
            got=got,
        )

    def _do_sandman_draw(self, top: Step, aid: str, player: int) -> None:
        card = A.arg(aid)
        self.stack.pop()
        self._take_sandman(card)
        self.sandman_current = card
        info = self.c.sandman_card(card)
        self.emit(
            "sandman",
            "The Sandman card is {name} (lurking in: {where})",
            R.PHASE4,
            card=card,
            name=info.name,
            dreams=list(info.dreams),
            where=", ".join(info.dreams) or "no dream",
            sandman_kind=info.kind,
        )

    def _do_sdiscard(self, top: Step, aid: str, player: int) -> None:
        card = A.arg(aid)
        seat = top["seat"]
        self._take_sandman(card)
        self.sandman_discard.append(card)
        self.discarded_by_players += 1
        self.emit(
            "sandman_discarded",
            "Seat {seat} discards the Sandman card {name}",
            R.SYMBOLS,
            seat=seat,
            card=card,
            name=self.c.sandman_card(card).name,
        )
        for agent in range(self.n):
            if agent != seat and self.seats[agent].alive and self.seats[agent].role == "exposed":
                self._player_damage(seat, agent, 1, "damage", R.EXPOSED)
        if top["n"] > 1:
            self.stack.replace_top(top.replace(n=top["n"] - 1))
        else:
            self.stack.pop()

    def _do_steal(self, top: Step, aid: str, player: int) -> None:
        card = A.arg(aid)
        self.stack.pop()
        self._take_from_hand(
            top["seat"],
            top["victim"],
            card,
            "stole_card",
            "Seat {seat} takes a random card from seat {victim}",
        )

    def _do_revive(self, top: Step, aid: str, player: int) -> None:
        card = A.arg(aid)
        self.stack.pop()
        self.sandman_discard.remove(card)
        self._release_reserved()
        self.sandman_deck.add_unknown(card)
        self.emit(
            "revived",
            "The Sandman shuffles {name} from his discard pile back into his deck",
            R.SYMBOLS,
            card=card,
            name=self.c.sandman_card(card).name,
        )

    # decisions
    def _offer(self, top: Step, aid: str, player: int) -> bool:
        if aid == "accept":
            self.seats[player].pending_offer = False
            self.seats[player].role = "undercover"
            self.seats[player].agent_round = self.round
            self.emit(
                "agent",
                "You accept the Sandman's offer: you are his undercover agent",
                R.UNDERCOVER,
                (player,),
                seat=player,
            )
            return True
        if aid == "refuse":
            assert self.iam is not None
            self.seats[player].pending_offer = False
            self._lose(player, 1, None, "refuse")
            self._hand_remove(player, self.iam)
            self.action_deck.add_unknown(self.iam)
            self.emit(
                "refused",
                "Seat {seat} reveals I Am the Sandman, refuses the offer, loses 1 Soul Fragment "
                "and shuffles the card back into the Action deck",
                R.SPECIAL,
                seat=player,
                card=self.iam,
            )
            return True
        return False

    def _do_keep(self, top: Step, aid: str, player: int) -> None:
        if not self._offer(top, aid, player):
            card = A.arg(aid)
            self._hand_remove(player, card)
            self.action_deck.add_unknown(card)
            self.emit("returned", "Seat {seat} shuffles a card back", R.SETUP, seat=player)
            self.emit(
                "returned_card",
                "You shuffle {name} back into the Action deck",
                R.SETUP,
                (player,),
                card=card,
                name=self._name(card),
            )
        if not self._keep_needs(player):
            self._leave(top, player)

    def _do_buy(self, top: Step, aid: str, player: int) -> None:
        if self._offer(top, aid, player):
            return
        if aid == "done":
            self._leave(top, player)
        elif aid == "expose":
            self._expose(player, forced=False)
        elif aid == "buy":
            self._lose(player, 1, None, "buy")
            self.seats[player].buys += 1
            self.emit(
                "bought",
                "Seat {seat} returns 1 Soul Fragment to draw an Action card",
                R.PHASE2,
                seat=player,
            )
            self.stack.push(Step("draw", CHANCE, seat=player, n=1, why="phase2"))

    def _do_play(self, top: Step, aid: str, player: int) -> None:
        verb, _, rest = aid.partition(":")
        vis = (player,)
        if verb == "done":
            self._leave(top, player)
            self.emit("ready", "You are done playing", R.PHASE3, vis, seat=player)
        elif verb == "play":
            self._hand_remove(player, rest)
            self.seats[player].plays.append(Play(rest))
            self.emit(
                "played",
                "You play {name} face down",
                R.PHASE3,
                vis,
                seat=player,
                card=rest,
                name=self._name(rest),
            )
        elif verb == "stack":
            card, bottom = rest.split(":")
            self._hand_remove(player, card)
            self._hand_remove(player, bottom)
            self.seats[player].plays.append(Play(card, bottom))
            # The bottom card is placed face up: every seat sees it at once, and the two
            # cards leave the hand in view.
            self.frozen_hands[player] -= 2  # type: ignore[index]
            self.emit(
                "stack_bottom",
                "Seat {seat} plays a card face down on top of {bottom_name} (face up)",
                R.STACKING,
                seat=player,
                bottom=bottom,
                bottom_name=self._name(bottom),
            )
            self.emit(
                "stacked",
                "You play {name} face down on top of {bottom_name}",
                R.STACKING,
                vis,
                seat=player,
                card=card,
                bottom=bottom,
                name=self._name(card),
                bottom_name=self._name(bottom),
            )
        elif verb == "discard":
            self._hand_remove(player, rest)
            self.seats[player].pending_discards.append(rest)
            self.emit(
                "discard_pending",
                "You discard {name} for 1 Soul Fragment (taken at the reveal)",
                R.PHASE3,
                vis,
                seat=player,
                card=rest,
                name=self._name(rest),
            )
        elif verb == "harm":
            card, target = rest.split(":")
            self._hand_remove(player, card)
            self.seats[player].pending_harm.append((card, int(target)))
            self.emit(
                "harm_pending",
                "You discard {name} to deal 1 damage to seat {target} at the reveal",
                R.EXPOSED,
                vis,
                seat=player,
                card=card,
                name=self._name(card),
                target=int(target),
            )

    def _do_cancel(self, top: Step, aid: str, player: int) -> None:
        self._leave(top, player)
        if aid == "cancel" and top["used"] < 0:
            assert self.cancel_card is not None
            self._hand_remove(player, self.cancel_card)
            self.action_discard.append(self.cancel_card)
            self.stack.replace_top(self.stack.top.replace(used=player))  # type: ignore[union-attr]
            self.consumer_cancelled = True
            self.emit(
                "cancelled",
                "Seat {seat} uses Discard Soul Consumer: the Soul Consumer's effect is cancelled",
                R.SPECIAL,
                seat=player,
                card=self.cancel_card,
            )

    def _do_wake(self, top: Step, aid: str, player: int) -> None:
        self.stack.pop()
        if aid == "wake":
            self._end(
                "wake_up",
                [player],
                "Seat {seat} plays Wake Up! with {n} Soul Fragments, escapes the nightmare and "
                "wins alone",
                R.GOAL,
                seat=player,
                n=self.seats[player].fragments,
            )

    def _do_dodge(self, top: Step, aid: str, player: int) -> None:
        self.stack.pop()
        damage = top["damage"]
        if aid == "dodge:take":
            lost = self._lose(player, damage, None, "sandman")
            self.emit(
                "sandman_damage",
                "The Sandman takes {lost} Soul Fragment(s) from seat {seat}",
                R.PHASE4,
                seat=player,
                lost=lost,
                prevented=top["prevented"],
            )
        elif aid == "dodge:pay":
            self._lose(player, 1, None, "pay")
            self.emit(
                "dodged",
                "Seat {seat} returns 1 Soul Fragment to escape the Sandman; he revives a card",
                R.SYMBOLS,
                seat=player,
            )
            self.stack.push(Step("revive", CHANCE))
        else:
            target = A.seat_arg(aid)
            self.emit(
                "passed",
                "Seat {seat} passes the Sandman's {damage} damage to seat {target}",
                R.SYMBOLS,
                seat=player,
                target=target,
                damage=damage,
            )
            if not self._protected(player, target):
                self._player_damage(player, target, damage, "pass", R.SYMBOLS)

    def _do_where(self, top: Step, aid: str, player: int) -> None:
        self.stack.pop()
        if aid in ("accept", "refuse"):
            self._offer(top, aid, player)

    def _do_target(self, top: Step, aid: str, player: int) -> None:
        self.stack.pop()
        target = A.seat_arg(aid)
        below = self.stack.top
        assert below is not None and below.kind == "effect"
        self.stack.replace_top(below.replace(target=target))

    def _do_source(self, top: Step, aid: str, player: int) -> None:
        self.stack.pop()
        source = A.arg(aid)
        below = self.stack.top
        assert below is not None and below.kind == "effect"
        self.stack.replace_top(below.replace(source=source))

    def _do_take(self, top: Step, aid: str, player: int) -> None:
        self.stack.pop()
        card = A.arg(aid)
        self._take_from_hand(
            player,
            top["victim"],
            card,
            "took_card",
            "Seat {seat} takes a card from seat {victim}'s hand",
        )

    def _take_from_hand(self, seat: int, victim: int, card: str, kind: str, fmt: str) -> None:
        """Move ``card`` from the victim's hand to the taker's: everyone sees that a card
        moved, only the two seats see which (sleep-tight "Card Symbols")."""
        self._hand_remove(victim, card)
        self._hand_add(seat, card)
        self.emit(kind, fmt, R.SYMBOLS, seat=seat, victim=victim)
        self.emit(
            kind + "_private",
            "Seat {seat} took {name} from seat {victim}",
            R.SYMBOLS,
            (seat, victim),
            seat=seat,
            victim=victim,
            card=card,
            name=self._name(card),
        )

    def _do_return(self, top: Step, aid: str, player: int) -> None:
        card = A.arg(aid)
        self._hand_remove(player, card)
        self.action_deck.add_unknown(card)
        self.emit("returned", "Seat {seat} shuffles a card back", R.EXAMPLES, seat=player)
        self.emit(
            "returned_card",
            "You shuffle {name} back into the Action deck",
            R.EXAMPLES,
            (player,),
            card=card,
            name=self._name(card),
        )
        if top["n"] > 1 and self._movable(player):
            self.stack.replace_top(top.replace(n=top["n"] - 1))
        else:
            self.stack.pop()

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
            if key in ("game", "_history", "_events"):
                continue
            if isinstance(value, list):
                if key == "seats":
                    d[key] = [seat.copy() for seat in value]
                else:
                    d[key] = list(value)
            elif isinstance(value, Deck | StepStack):
                d[key] = value.copy()
            else:
                d[key] = value
        return new

    def determinize(self, player: int, rng: random.Random) -> SleepTightState:
        """A state ``player`` cannot tell from this one (``observation.determinize``)."""
        return _determinize(self, player, rng)
