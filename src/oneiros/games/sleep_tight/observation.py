"""What each seat sees of a Sleep Tight state, and a state it cannot tell apart.

Hands are private; face-down plays, pending discards and an exposed agent's pending harm
stay with their seat until the reveal (a stack's bottom card is face up at once); the
undercover agent is known to itself alone until exposed, dead or the end (sleep-tight
"3. Play Actions Facedown", "Reducing Fragment Requirements by Discarding Cards",
"Playing as an Undercover Agent"). A card every seat saw go back into a hand (a discard
the pile could not pay, a play whose requirement was not met: "3. Play Actions Facedown")
is public: ``known_hand`` lists it, and a sampled state keeps it in that hand.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from ...core import Deck
from .model import Play

if TYPE_CHECKING:
    from .state import SleepTightState


def observe(state: SleepTightState, player: int | None) -> dict[str, Any]:
    """What ``player`` sees (``None``: a spectator): the JSON ``state.observation``
    (docs/games/sleep-tight.md, "Observation and hidden information")."""
    hiding = state.frozen_hands is not None
    players = []
    for s in range(state.n):
        seat = state.seats[s]
        own = player == s
        hand_count = len(seat.hand)
        if hiding and not own:
            hand_count = state.frozen_hands[s]  # type: ignore[index]
        ds = seat.dreamscape
        entry: dict[str, Any] = {
            "fragments": seat.fragments,
            "alive": seat.alive,
            "hand_count": hand_count,
            "hand": list(seat.hand) if own else None,
            "known_hand": list(seat.known_hand),
            "dreamscape": ds,
            "dream": state.c.dreamscape(ds).dream if ds else None,
            "role": seat.role
            if (own or seat.role == "exposed" or not seat.alive or state.result)
            else "dreamer",
            "plays": [p.to_dict() for p in seat.plays]
            if (own or not hiding)
            else [p.public_dict() for p in seat.plays if p.face_up or p.bottom],
            "pending_discards": list(seat.pending_discards) if own else [],
            "pending_harm": [list(h) for h in seat.pending_harm] if own else [],
            "prevent_sandman": seat.prevent_sandman,
            "prevent_players": seat.prevent_players,
            "shield": seat.shield,
            "untouchable": seat.untouchable,
            "buys": seat.buys,
        }
        if own:
            entry["offer_pending"] = seat.pending_offer
        players.append(entry)
    return {
        "round": state.round,
        "phase": state.phase,
        "first_player": state.first,
        "pile": state.pile,
        "players": players,
        "action_deck": len(state.action_deck),
        "action_discard": sorted(state.action_discard),
        "removed_actions": sorted(state.removed_actions),
        "exposed_cards": list(state.exposed_cards),
        "dreamscape_deck": len(state.dream_deck),
        "dreamscape_discard": list(state.dream_discard),
        "sandman_deck": state.sandman_left(),
        "sandman_discard": list(state.sandman_discard),
        "sandman_card": state.sandman_current,
        "box": {"dreamscapes": len(state.box_dreamscapes), "sandman": len(state.box_sandman)},
        "result": state.result,
        "winners": list(state.winner_seats) if state.result else [],
    }


def determinize(state: SleepTightState, player: int, rng: random.Random) -> SleepTightState:
    """A state ``player`` cannot tell from this one: other hands, their face-down plays and
    pending discards, and the undercover agent resampled from the unseen cards. Cards known
    to be in a hand (``known_hand``) stay in it; while the plays are hidden, one may instead
    be the seat's face-down stack top, as it may really be."""
    new = cast("SleepTightState", state.clone())
    hidden = state.frozen_hands is not None
    pool: list[str] = new.action_deck.cards()
    sizes: dict[int, int] = {}
    known: dict[int, list[str]] = {}
    tops: list[Play] = []
    own_tops: dict[int, list[Play]] = {}
    top: Any = state.flow.top
    seen = top.victim if top is not None and top.kind == "take" and top.seat == player else None
    # Where Is The Sandman has shown who holds I Am the Sandman.
    shown = top.seat if top is not None and top.kind == "where" else None
    for s in range(state.n):
        if s in (player, seen):
            continue
        pool.extend(new.seats[s].hand)
        sizes[s] = len(new.seats[s].hand)
        must = Counter(new.seats[s].known_hand)
        if not hidden:
            # An exposed agent's harm discards, not yet shown, are not resampled here.
            must -= Counter(c for c, _t in new.seats[s].pending_harm)
        known[s] = sorted(must.elements())
        if s == shown and state.iam is not None:
            pool.remove(state.iam)
            sizes[s] -= 1
        if hidden:
            sizes[s] = state.frozen_hands[s]  # type: ignore[index]
            for p in new.seats[s].plays:
                if p.status == "hidden":
                    pool.append(p.card)
                    if p.bottom:
                        tops.append(p)  # the face-up bottom stays, the top is resampled
                        own_tops.setdefault(s, []).append(p)
            new.seats[s].plays = [p for p in new.seats[s].plays if p.status != "hidden" or p.bottom]
            pool.extend(new.seats[s].pending_discards)
            new.seats[s].pending_discards = []
            pool.extend(c for c, _t in new.seats[s].pending_harm)
            new.seats[s].pending_harm = []
    for cards in known.values():
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    in_hand: dict[int, list[str]] = {}
    for s, cards in known.items():
        # Known cards beyond the hand's size can only be the seat's face-down stack tops.
        in_hand[s] = cards[: sizes[s]]
        for p, card in zip(own_tops.get(s, []), cards[sizes[s] :], strict=False):
            p.card = card
            tops.remove(p)
    for p in tops:
        # A card that can be played face down (never I Am the Sandman, for instance).
        ok = [i for i, card in enumerate(pool) if state.playable(0, card)]
        p.card = pool.pop(ok[-1] if ok else -1)
    for s, size in sizes.items():
        size -= len(in_hand[s])
        new.seats[s].hand = sorted(
            pool[:size] + in_hand[s] + ([state.iam] if s == shown and state.iam else [])
        )
        del pool[:size]
        new.seats[s].pending_offer = False
        # A living undercover agent is whoever holds I Am the Sandman in the sample.
        if new.seats[s].alive and new.seats[s].role == "undercover":
            new.seats[s].role = "dreamer"
        if state.iam is not None and state.iam in new.seats[s].hand and new.seats[s].alive:
            new.seats[s].role = "undercover"
            new.seats[s].agent_round = min(state.seats[s].agent_round, state.round - 1)
    new.action_deck = Deck(pool)
    new._events = [e for e in state._events if e.visible(player)]
    new.flow._events = new._events
    new._history = []
    return new
