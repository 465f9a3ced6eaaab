"""Sleep Tight's machine-learning encodings: the flat observation tensor of a seat and the
shaping potential (for the RL adapters, ``docs/rl.md``).

``encode`` is the reference: it encodes the seat's redacted observation
(``state.observation(seat)``). ``encode_state`` gives the same tensor, entry for entry,
read straight from the state with the same visibility rules, without building the
observation's dictionaries; ``state.observation_tensor`` uses it, and a test compares the
two over random games for every seat.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Any

from .content import DECK_SIZES, DREAMS, Content
from .params import MAX_PLAYERS, TOTAL_FRAGMENTS, WAKE_AT
from .steps.play import owed

if TYPE_CHECKING:
    from .state import SleepTightState

PHASES = ("setup", "keep", "dreamscapes", "draw", "play", "resolve", "over")


class _Scales:
    """The largest value of each count in the tensor, for one card set."""

    def __init__(self, content: Content) -> None:
        self.cards = [a.id for a in content.actions]
        self.cix = {c: i for i, c in enumerate(self.cards)}
        self.copies = [float(a.copies) for a in content.actions]
        self.sandman = [s.id for s in content.sandman]
        self.six = {c: i for i, c in enumerate(self.sandman)}
        self.sandman_copies = [float(s.copies) for s in content.sandman]
        prevent = {"prevent_sandman": 0, "prevent_players": 0}
        for a in content.actions:
            for e in a.effects:
                if e.kind in prevent:
                    prevent[e.kind] += a.copies * e.amount
        self.prevent_sandman = float(max(1, prevent["prevent_sandman"]))
        self.prevent_players = float(max(1, prevent["prevent_players"]))
        self.dreamscapes = {
            d.id: (d.fragments, DREAMS.index(d.dream) if d.dream in DREAMS else -1)
            for d in content.dreamscapes
        }
        """Each Dreamscape's fragments and the index of its Dream (for ``encode_state``)."""
        self.k = len(self.cards)
        self.n_sandman = len(self.sandman)
        self.per_seat = 16 + len(DREAMS) + self.k
        self.played_at = 16 + len(DREAMS)
        self.mine = MAX_PLAYERS * self.per_seat
        self.size = self.mine + 3 * self.k + 2 * self.n_sandman + 1 + len(PHASES) + 8
        self.piles: tuple[dict[tuple[str, ...], Any], dict[tuple[str, ...], Any]] = ({}, {})
        self.sandman_piles: tuple[dict[tuple[str, ...], Any], dict[tuple[str, ...], Any]] = (
            {},
            {},
        )
        """The entries of the piles of cards met, by their cards: as lists of floats
        (``encode_state``) and as float32 arrays (``tensor.encode_array``), apart: an array
        is not tracked by the garbage collector, so the arrays kept at every step of an RL
        loop add nothing for it to go through (see ``_pile``)."""
        self.zeros = bytes(4 * self.size)
        """The float32 tensor of zeros, as bytes (``tensor.encode_array`` starts from it)."""


_SCALES: dict[int, tuple[Content, _Scales]] = {}


def _scales(content: Content) -> _Scales:
    found = _SCALES.get(id(content))
    if found is None or found[0] is not content:
        found = _SCALES[id(content)] = (content, _Scales(content))
    return found[1]


ACTIONS = DECK_SIZES["actions"]
ROUNDS = DECK_SIZES["dreamscapes"] + 1
"""The last possible round: every round but the last gives each living player a
Dreamscape, and Dreamscapes are never shuffled back, so the round that finds the deck too
short (and ends the game) is at most the 29th."""


def encode(obs: dict[str, Any], player: int, content: Content) -> list[float]:
    """Flat encoding of a redacted observation (``state.observation(player)``).

    Every entry lies in [0, 1] (``SleepTightGame.observation_bounds``); each count is
    divided by its largest possible value:

    - Soul Fragments (a seat's, the pile) / 26: the game has 26 and they only move;
    - hand size, the number of plays of a seat and the Action deck / 40 (the Action cards);
    - the Dreamscape's fragments / 6 and buys / 6 (a Dreamscape gives at most 6, and a seat
      buys at most its Dreamscape's number);
    - the round's protections / the total that every Action card of the set could give
      (``prevent_sandman`` 6 and ``prevent_players`` 4 with the shipped cards): they are
      the sum of the effects of the seat's revealed plays of the round;
    - counts of one Action card (a seat's plays as the observation shows them, top and
      bottom card of a stack, the seat's hand, the discard pile, pending discards) / that
      card's copies, and counts of one discarded Sandman card / its
      copies: cards are never made;
    - the Dreamscape and Sandman decks / 28, the round / 29 (see ``ROUNDS``), the removed
      Action cards / 4 (only Where Is The Sandman is ever removed, and there is at most
      one), the exposed cards (only I Am the Sandman, at most one);
    - everything else is a 0/1 flag or a one-hot group.
    """
    sc = _scales(content)
    cix = sc.cix
    copies = sc.copies
    k = len(sc.cards)
    six = sc.six
    out: list[float] = []
    n = len(obs["players"])
    for s in range(MAX_PLAYERS):
        if s >= n:
            out.extend([0.0] * (16 + len(DREAMS) + k))
            continue
        p = obs["players"][s]
        ds = p["dreamscape"]
        ds_frag = content.dreamscape(ds).fragments if ds else 0
        out += [
            1.0,
            1.0 if s == player else 0.0,
            1.0 if s == obs["first_player"] else 0.0,
            p["fragments"] / TOTAL_FRAGMENTS,
            1.0 if p["alive"] else 0.0,
            p["hand_count"] / ACTIONS,
            ds_frag / 6,
            1.0 if p["role"] == "exposed" else 0.0,
            1.0 if p["role"] == "undercover" else 0.0,
            p["prevent_sandman"] / sc.prevent_sandman,
            p["prevent_players"] / sc.prevent_players,
            1.0 if p["shield"] else 0.0,
            1.0 if p["untouchable"] else 0.0,
            p["buys"] / 6,
            len(p["plays"]) / ACTIONS,
            1.0 if p.get("offer_pending") else 0.0,
        ]
        out += [1.0 if p["dream"] == d else 0.0 for d in DREAMS]
        played = [0.0] * k
        for play in p["plays"]:
            for card in (play["card"], play["bottom"]):
                if card is not None:  # a stack's top is face down until the reveal
                    i = cix[card]
                    played[i] += 1.0 / copies[i]
        out += played
    me = obs["players"][player]
    for cards in (me["hand"] or [], obs["action_discard"], me["pending_discards"]):
        counts = [0.0] * k
        for card in cards:
            i = cix[card]
            counts[i] += 1.0 / copies[i]
        out += counts
    current = [0.0] * (len(sc.sandman) + 1)
    current[six[obs["sandman_card"]] if obs["sandman_card"] else len(sc.sandman)] = 1.0
    out += current
    gone = [0.0] * len(sc.sandman)
    for card in obs["sandman_discard"]:
        i = six[card]
        gone[i] += 1.0 / sc.sandman_copies[i]
    out += gone
    out += [1.0 if obs["phase"] == ph else 0.0 for ph in PHASES]
    out += [
        obs["pile"] / TOTAL_FRAGMENTS,
        obs["action_deck"] / ACTIONS,
        obs["dreamscape_deck"] / DECK_SIZES["dreamscapes"],
        obs["sandman_deck"] / DECK_SIZES["sandman"],
        obs["round"] / ROUNDS,
        len(obs["removed_actions"]) / 4,
        float(len(obs["exposed_cards"])),
        1.0 if obs["result"] else 0.0,
    ]
    return out


def reward_potential(state: SleepTightState, seat: int) -> float:
    """How well ``seat`` is doing, in [-1, 1], for potential-based reward shaping.

    Read only from what ``seat`` sees: the two public deck sizes, which seats are alive,
    and its own fragments and role (never another seat's hand, plays or role). With
    ``beaten = 1 - sandman_left / sandman_at_setup`` (how much of the Sandman's deck is
    gone: the shared goal), ``pace = dreamscapes_left / dreamscapes_at_setup -
    sandman_left / sandman_at_setup`` (positive while the Dreamscapes, which run out one
    per living player and round and then trap the players, last longer than the Sandman's
    deck, as fractions of the decks dealt for this player count) and
    ``safety = min(fragments, 10) / 10`` (0 once dead; 10 fragments is where Wake Up! can
    be played):

    - a player on the children's side: ``beaten / 2 + clip(pace, -1, 1) / 4 +
      safety / 4``, in [-0.25, 1];
    - the Sandman's agent (undercover or exposed; only the seat itself knows it is
      undercover): ``-beaten / 2 + others_dead / 4 + safety / 4``, in [-0.5, 0.5], where
      ``others_dead`` is the share of the other seats that are dead (an agent loses when
      the Sandman's deck runs out and wins when the others die).
    """
    dreams, sandman = state.game.setup_decks
    left = state.sandman_left() / sandman
    beaten = 1.0 - left
    safety = min(state.seats[seat].fragments, WAKE_AT) / WAKE_AT if state.seats[seat].alive else 0.0
    if state.seats[seat].role == "dreamer":
        pace = max(-1.0, min(1.0, len(state.dream_deck) / dreams - left))
        return beaten / 2 + pace / 4 + safety / 4
    others = [s for s in range(state.n) if s != seat]
    dead = sum(1 for s in others if not state.seats[s].alive) / len(others) if others else 0.0
    return -beaten / 2 + dead / 4 + safety / 4


def encode_state(state: SleepTightState, player: int) -> list[float]:
    """``encode(state.observation(player), player, content)``, entry for entry, read from
    the state with the observation's visibility rules: another seat's hand size is the one
    frozen at the start of the face-down plays while they are hidden, its role is shown
    only when exposed, dead or at the end, its plays while plays are hidden only face up
    or as the face-up bottom card of a stack, and only the seat's own hand, pending
    discards and pending offer are read."""
    sc = _scales(state.c)
    out = [0.0] * sc.size
    _fill(state, player, out, sc, 0)
    return out


def _fill(
    state: SleepTightState,
    player: int,
    out: MutableSequence[float],
    sc: _Scales,
    packed: int,
) -> None:
    """Write the tensor's entries that are not zero into ``out`` (all zeros): a list of
    floats (``packed`` 0) or a float32 ``array`` (``packed`` 1, ``tensor.encode_array``).
    Each entry is written once, from its value computed in Python floats, so both hold
    the same values up to float32's rounding. The counts of a pile of cards by card (the
    seat's hand, the discard piles, the pending discards) are found by the pile's cards
    (``_pile``): a pile met at an earlier call is not counted again."""
    cix, copies, dreamscapes = sc.cix, sc.copies, sc.dreamscapes
    k = sc.k
    frozen = state.frozen_hands
    hiding = frozen is not None
    over = bool(state.result)
    first = state.first
    seats = state.seats
    per_seat = sc.per_seat
    played_at = sc.played_at
    for s in range(state.n):
        seat = seats[s]
        base = s * per_seat
        own = s == player
        ds = seat.dreamscape
        role = seat.role
        alive = seat.alive
        plays = seat.plays
        if hiding and not own:
            plays = [p for p in plays if p.face_up or p.bottom]
            hand_count = frozen[s]  # type: ignore[index]
        else:
            hand_count = len(seat.hand)
        out[base] = 1.0
        if own:
            out[base + 1] = 1.0
            if state.iam in seat.hand and role == "dreamer" and alive:  # state.offer_open
                out[base + 15] = 1.0
        if s == first:
            out[base + 2] = 1.0
        if seat.fragments:
            out[base + 3] = seat.fragments / TOTAL_FRAGMENTS
        if alive:
            out[base + 4] = 1.0
        if hand_count:
            out[base + 5] = hand_count / ACTIONS
        if ds:
            ds_fragments, dream = dreamscapes[ds]
            out[base + 6] = ds_fragments / 6
            if dream >= 0:
                out[base + 16 + dream] = 1.0
        if own or role == "exposed" or not alive or over:
            if role == "exposed":
                out[base + 7] = 1.0
            elif role == "undercover":
                out[base + 8] = 1.0
        if seat.prevent_sandman:
            out[base + 9] = seat.prevent_sandman / sc.prevent_sandman
        if seat.prevent_players:
            out[base + 10] = seat.prevent_players / sc.prevent_players
        if seat.shield:
            out[base + 11] = 1.0
        if seat.untouchable:
            out[base + 12] = 1.0
        if seat.buys:
            out[base + 13] = seat.buys / 6
        if plays:
            out[base + 14] = len(plays) / ACTIONS
            at = base + played_at
            played: dict[int, float] = {}  # added up in Python floats, then written
            for play in plays:
                if own or not hiding or play.status != "hidden":
                    i = cix[play.card]
                    played[i] = played.get(i, 0.0) + 1.0 / copies[i]
                if play.bottom:  # a stack's bottom card is face up, its top face down
                    i = cix[play.bottom]
                    played[i] = played.get(i, 0.0) + 1.0 / copies[i]
            for i, value in played.items():
                out[at + i] = value
    at = sc.mine
    pending = owed(state)[0]
    mine = [c for x, c in pending if x == player] if pending else ()
    for cards in (seats[player].hand, state.action_discard, mine):
        if cards:
            out[at : at + k] = _pile(sc, tuple(cards), False, packed)
        at += k
    sandman = state.sandman_current
    n_sandman = sc.n_sandman
    out[at + (sc.six[sandman] if sandman else n_sandman)] = 1.0
    at += n_sandman + 1
    gone = state.sandman_discard
    if gone:
        out[at : at + n_sandman] = _pile(sc, tuple(gone), True, packed)
    at += n_sandman
    if state.phase in _PHASE_AT:
        out[at + _PHASE_AT[state.phase]] = 1.0
    at += len(PHASES)
    if state.pile:
        out[at] = state.pile / TOTAL_FRAGMENTS
    out[at + 1] = len(state.action_deck) / ACTIONS
    out[at + 2] = len(state.dream_deck) / DECK_SIZES["dreamscapes"]
    out[at + 3] = (len(state.sandman_deck) + len(state.sandman_reserved)) / DECK_SIZES["sandman"]
    out[at + 4] = state.round / ROUNDS
    if state.removed_actions:
        out[at + 5] = len(state.removed_actions) / 4
    if state.exposed_cards:
        out[at + 6] = float(len(state.exposed_cards))
    if state.result:
        out[at + 7] = 1.0


def _pile(sc: _Scales, cards: tuple[str, ...], sandman: bool, packed: int) -> Any:
    """The entries of a pile of Action cards (or of Sandman cards): each card's count over
    its copies, as a list of floats (``packed`` 0) or float32 (``packed`` 1); kept by the
    pile's cards for the next call (up to ``_PILES_KEPT`` piles of each form).

    The two forms are kept apart so that the tensor's cache holds float32 arrays, which
    the garbage collector does not track: an RL loop calls this at every step and keeps
    new piles all the time, and kept objects the collector tracks make it run more often
    and go through more (docs/benchmarks.md, "Changes from outside counted...")."""
    piles = (sc.sandman_piles if sandman else sc.piles)[packed]
    found = piles.get(cards)
    if found is None:
        if len(piles) >= _PILES_KEPT:
            piles.clear()
        if sandman:
            index, copies, n = sc.six, sc.sandman_copies, sc.n_sandman
        else:
            index, copies, n = sc.cix, sc.copies, sc.k
        counts = [0.0] * n
        for c in cards:
            i = index[c]
            counts[i] += 1.0 / copies[i]
        found = piles[cards] = array("f", counts) if packed else counts
    return found


_PILES_KEPT = 4096
_PHASE_AT = {p: i for i, p in enumerate(PHASES)}
