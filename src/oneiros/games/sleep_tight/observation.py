"""What each seat sees of a Sleep Tight state, and a state it cannot tell apart, both derived
from the zone declarations (``model.ZONES``, ``core.zones``).

``table(state)`` lays the state's cards out as entities in their zones: hands are private;
face-down plays and discards stay with their seat until the reveal and still count as cards
in the hand for the others; a stack's top card is face down on its face-up bottom card; the
decks show only how many cards they hold (sleep-tight "3. Play Actions Facedown",
"Reducing Fragment Requirements by Discarding Cards"). ``observe`` reads the observation
from the table's view, and ``determinize`` deals anew what the declarations hide from the
seat. Kept per game, as facts that follow from hidden cards: the undercover agent is known
to itself alone until exposed, dead or the end ("Playing as an Undercover Agent"); a card
every seat saw go back into a hand (a discard the pile could not pay, a play whose
requirement was not met) is public, ``known_hand`` lists it, and a sampled state keeps it in
that hand (revealed to every seat in the table); a stack's top card is one that can be
played face down.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from ...core import Deck
from ...core.flow import evolve
from ...core.zones import NOBODY, Table, Zone
from .model import ZONES, Play

if TYPE_CHECKING:
    from .state import SleepTightState

Place = tuple[str, int | None]


class Sight:
    """What one seat (None: a spectator) sees of each place, worked out once from the zone
    declarations with the core's rules (``Table.sees_into``; a zone ``counted_in`` another
    adds its cards to that one's count for those who cannot see into it): the same
    redaction as ``Table.view``, applied to the state's lists of cards."""

    __slots__ = ("counted", "folds", "sees")

    def __init__(self, players: int, seat: int | None) -> None:
        t = Table(players, ZONES)
        self.sees: dict[Place, bool] = {p: t.sees_into(seat, *p) for p in t.contents}
        self.folds: dict[Place, list[Place]] = {}
        self.counted: dict[Place, bool] = {}
        for zone, owner in t.contents:
            d = t.decl[zone]
            assert isinstance(d, Zone)
            self.counted[(zone, owner)] = d.visibility is not NOBODY and d.counted_in is None
            if d.counted_in is not None and not self.sees[(zone, owner)]:
                self.folds.setdefault((d.counted_in, owner), []).append((zone, owner))

    def cards(self, where: dict[Place, list[str]], place: Place) -> list[str] | None:
        return list(where.get(place, ())) if self.sees[place] else None

    def count(self, where: dict[Place, list[str]], place: Place) -> int | None:
        n = len(where.get(place, ()))
        if self.sees[place]:
            return n
        if not self.counted[place]:
            return None
        return n + sum(len(where.get(f, ())) for f in self.folds.get(place, ()))


_SIGHTS: dict[tuple[int, int | None], Sight] = {}


def sight(players: int, seat: int | None) -> Sight:
    found = _SIGHTS.get((players, seat))
    if found is None:
        found = _SIGHTS[(players, seat)] = Sight(players, seat)
    return found


Owed = tuple[list[list[str]], list[list[tuple[str, int]]]]
"""Per seat, the cards discarded face down for fragments and the exposed agent's harm
discards with their targets (held by the flow's steps: ``steps.play.owed``)."""


def owed_by_seat(state: SleepTightState) -> Owed:
    return state.pending_discards, state.pending_harm


def places(state: SleepTightState, owed: Owed | None = None) -> dict[Place, list[str]]:
    """The cards in each place, as the zone declarations name them (``model.ZONES``): hands,
    face-down plays and discards (the exposed agent's harm with them until the reveal),
    stack tops, the cards in play, the decks and discard piles."""
    hiding = state.frozen_hands is not None
    discards, harms = owed or owed_by_seat(state)
    where: dict[Place, list[str]] = {
        ("action_deck", None): state.action_deck.cards(),
        ("action_discard", None): state.action_discard,
        ("removed", None): state.removed_actions,
        ("exposed", None): state.exposed_cards,
        ("dream_deck", None): state.dream_deck.cards(),
        ("dream_discard", None): state.dream_discard,
        ("dream_box", None): state.box_dreamscapes,
        ("sandman_deck", None): state.sandman_deck.cards(),
        ("sandman_reserved", None): state.sandman_reserved,
        ("sandman_card", None): [state.sandman_current] if state.sandman_current else [],
        ("sandman_discard", None): state.sandman_discard,
        ("sandman_box", None): state.box_sandman,
    }
    for s, seat in enumerate(state.seats):
        where[("hand", s)] = seat.hand
        face_down, tops, in_play = [], [], []
        for p in seat.plays:
            if p.status != "hidden":
                in_play.append(p.card)
            elif p.bottom:
                tops.append(p.card)
            else:
                face_down.append(p.card)
            if p.bottom:
                in_play.append(p.bottom)
        harm = [c for c, _t in harms[s]]
        where[("face_down", s)] = face_down
        where[("stack_top", s)] = tops
        where[("in_play", s)] = in_play
        where[("discarding", s)] = discards[s] + harm if hiding else discards[s]
        where[("harm", s)] = [] if hiding else harm
        where[("dreamscape", s)] = [seat.dreamscape] if seat.dreamscape else []
    return where


def observe(state: SleepTightState, player: int | None) -> dict[str, Any]:
    """What ``player`` sees (``None``: a spectator): the JSON ``state.observation``
    (docs/games/sleep-tight.md, "Observation and hidden information"), redacted as the zone
    declarations say (``Sight``)."""
    see = sight(state.n, player)
    owed = owed_by_seat(state)
    discards, harms = owed
    where = places(state, owed)
    sees = see.sees
    players = []
    for s in range(state.n):
        seat = state.seats[s]
        own = sees[("hand", s)]
        ds = seat.dreamscape
        entry: dict[str, Any] = {
            "fragments": seat.fragments,
            "alive": seat.alive,
            "hand_count": see.count(where, ("hand", s)),
            "hand": see.cards(where, ("hand", s)),
            "known_hand": list(seat.known_hand),
            "dreamscape": ds,
            "dream": state.c.dreamscape(ds).dream if ds else None,
            "role": seat.role
            if (own or seat.role == "exposed" or not seat.alive or state.result)
            else "dreamer",
            "plays": _plays(seat.plays, sees, s),
            "pending_discards": discards[s] if sees[("discarding", s)] else [],
            "pending_harm": [list(h) for h in harms[s]] if sees[("harm", s)] else [],
            "prevent_sandman": seat.prevent_sandman,
            "prevent_players": seat.prevent_players,
            "shield": seat.shield,
            "untouchable": seat.untouchable,
            "buys": seat.buys,
        }
        if own:
            entry["offer_pending"] = state.offer_open(s)
        players.append(entry)
    return {
        "round": state.round,
        "phase": state.phase,
        "first_player": state.first,
        "pile": state.pile,
        "players": players,
        "action_deck": see.count(where, ("action_deck", None)),
        "action_discard": sorted(state.action_discard),
        "removed_actions": sorted(state.removed_actions),
        "exposed_cards": list(state.exposed_cards),
        "dreamscape_deck": see.count(where, ("dream_deck", None)),
        "dreamscape_discard": list(state.dream_discard),
        "sandman_deck": see.count(where, ("sandman_deck", None)),
        "sandman_discard": list(state.sandman_discard),
        "sandman_card": state.sandman_current,
        "box": {
            "dreamscapes": see.count(where, ("dream_box", None)),
            "sandman": see.count(where, ("sandman_box", None)),
        },
        "result": state.result,
        "winners": list(state.winner_seats) if state.result else [],
    }


def _plays(plays: list[Play], sees: dict[Place, bool], s: int) -> list[dict[str, Any]]:
    """The plays of seat ``s`` a viewer sees: all of a play whose card it sees (in play, or
    in a face-down place it sees into); a stack's face-up bottom card with its top hidden."""
    out = []
    for p in plays:
        if p.status != "hidden" or sees[("stack_top" if p.bottom else "face_down", s)]:
            out.append(p.to_dict())
        elif p.bottom:
            out.append(p.public_dict())
    return out


class _Layout:
    """Builds a table of entities (for ``determinize``): ids in creation order, so that a
    zone lists them in the order of the state's list."""

    _TEMPLATES: dict[int, Table] = {}

    def __init__(self, state: SleepTightState) -> None:
        template = self._TEMPLATES.get(state.n)
        if template is None:
            template = self._TEMPLATES[state.n] = Table(state.n, ZONES)
        self.table = template.copy()
        self.n = 0

    def put(self, face: str, zone: str, owner: int | None = None) -> str:
        self.n += 1
        return self.table.create(f"{self.n:04d}", face, zone, owner)

    def puts(self, faces: list[str], zone: str, owner: int | None = None) -> list[str]:
        return [self.put(f, zone, owner) for f in faces]


def _decks(state: SleepTightState, lay: _Layout) -> None:
    """The Dreamscape and Sandman cards, and the pile of Soul Fragments."""
    puts = lay.puts
    puts(state.dream_deck.cards(), "dream_deck")
    puts(state.dream_discard, "dream_discard")
    puts(state.box_dreamscapes, "dream_box")
    puts(state.sandman_deck.cards(), "sandman_deck")
    puts(state.sandman_reserved, "sandman_reserved")
    if state.sandman_current is not None:
        lay.put(state.sandman_current, "sandman_card")
    puts(state.sandman_discard, "sandman_discard")
    puts(state.box_sandman, "sandman_box")
    lay.table.take("pile", lay.table.amount("pile") - state.pile)


def determinize(state: SleepTightState, player: int, rng: random.Random) -> SleepTightState:
    """A state ``player`` cannot tell from this one: the table laid out as ``player``
    believes it (``belief``) and dealt anew where the declarations hide faces from it
    (``core.zones.Table.determinize``), then read back into the state. The other seats'
    face-down plays and discards go back into their hands (how many of each were made is
    not seen), so the sample is a state where they are still to be chosen."""
    new = cast("SleepTightState", state.clone())
    t, places = belief(state, player)
    world = t.determinize(player, rng)
    _playable_tops(state, world, places, player)
    harm_faces: dict[int, list[str]] = {}
    for s, (hand, tops, harm) in places.items():
        seat = new.seats[s]
        seat.hand = sorted(world.face(e) for e in hand)
        for p, e in zip(
            [p for p in seat.plays if p.status == "hidden" and p.bottom], tops, strict=True
        ):
            p.card = world.face(e)
        seat.plays = [p for p in seat.plays if p.status != "hidden" or p.bottom]
        harm_faces[s] = [world.face(e) for e in harm]
        # A living undercover agent is whoever holds I Am the Sandman in the sample.
        if seat.alive and seat.role == "undercover":
            seat.role = "dreamer"
        if state.iam is not None and state.iam in seat.hand and seat.alive:
            seat.role = "undercover"
            seat.agent_round = min(state.seats[s].agent_round, state.round - 1)
    _redeal_owed(new, player, harm_faces)
    new.action_deck = Deck(world.faces_in("action_deck"))
    new._events = [e for e in state._events if e.visible(player)]
    new.flow._events = new._events
    new._history = []
    return new


def _redeal_owed(new: SleepTightState, player: int, harm_faces: dict[int, list[str]]) -> None:
    """The discards owed in the sample, in the steps that hold them (``steps.play.owed``):
    another seat's discards for fragments are not made (folded into its hand), nor its
    harm discards while the plays are hidden; after the reveal its harm discards keep
    their targets, with the faces dealt (``harm_faces``, in order)."""
    from .steps.play import Play
    from .steps.reveal import Discards, Reveal

    items = new.flow.items
    step: Any
    for i, step in enumerate(items):
        cls = type(step)
        if cls is Play:
            items[i] = evolve(
                step,
                discards=tuple(d for d in step.discards if d[0] == player),
                harm=tuple(h for h in step.harm if h[0] == player),
            )
        elif cls is Reveal and step.discards:
            items[i] = evolve(step, discards=tuple(d for d in step.discards if d[0] == player))
        elif cls is Discards and step.harm:
            faces = {s: iter(cards) for s, cards in harm_faces.items()}
            items[i] = evolve(
                step,
                harm=tuple(
                    (s, card if s == player else next(faces[s]), target)
                    for s, card, target in step.harm
                ),
            )
    new.flow.changed()


Places = dict[int, tuple[list[str], list[str], list[str]]]
"""Per other seat: the entities of its hand, its stack tops and its harm discards."""


def belief(state: SleepTightState, player: int) -> tuple[Table, Places]:
    """The table as ``player`` believes it: its own cards where they are; another seat's
    face-down plays and discards folded into its hand while hidden (those are counted in
    the hand for it); the cards known to be in a hand (``known_hand``), the card Where Is The
    Sandman showed and a hand ``player`` is looking at revealed, so that dealing anew keeps
    them."""
    lay = _Layout(state)
    put, puts, t = lay.put, lay.puts, lay.table
    hiding = state.frozen_hands is not None
    discards, harms = owed_by_seat(state)
    puts(state.action_deck.cards(), "action_deck")
    puts(state.action_discard, "action_discard")
    puts(state.removed_actions, "removed")
    puts(state.exposed_cards, "exposed")
    top: Any = state.flow.top
    looked = top.victim if top is not None and top.kind == "take" and top.seat == player else None
    # Where Is The Sandman has shown who holds I Am the Sandman.
    shown = top.seat if top is not None and top.kind == "where" else None
    places: Places = {}
    for s, seat in enumerate(state.seats):
        stacks = [p for p in seat.plays if p.status == "hidden" and p.bottom]
        for p in seat.plays:
            if p.status != "hidden":
                put(p.card, "in_play", s)
            if p.bottom:
                put(p.bottom, "in_play", s)
        if s in (player, looked):
            mine = puts(seat.hand, "hand", s)
            mine += puts([p.card for p in seat.plays if p.status == "hidden"], "face_down", s)
            mine += puts(discards[s], "discarding", s)
            mine += puts([c for c, _t in harms[s]], "discarding" if hiding else "harm", s)
            if s == looked:
                for e in mine:
                    t.reveal(e, (player,))
        else:
            places[s] = _fold(state, lay, s, (discards[s], harms[s]), hiding, shown == s, stacks)
        if seat.dreamscape is not None:
            put(seat.dreamscape, "dreamscape", s)
        t.give("fragments", seat.fragments, s)
    _decks(state, lay)
    return t, places


def _fold(
    state: SleepTightState,
    lay: _Layout,
    s: int,
    owed: tuple[list[str], list[tuple[str, int]]],
    hiding: bool,
    shown: bool,
    stacks: list[Play],
) -> tuple[list[str], list[str], list[str]]:
    """Seat ``s``'s hand (with its hidden face-down cards while hidden), stack tops and harm
    discards as another seat believes them; the known cards revealed to every seat."""
    seat = state.seats[s]
    cards = list(seat.hand) + [p.card for p in seat.plays if p.status == "hidden" and not p.bottom]
    cards += owed[0]
    harm = [c for c, _t in owed[1]]
    if hiding:
        cards += harm
    size = len(cards)
    rest = Counter(cards + [p.card for p in stacks])
    must = Counter(seat.known_hand)
    if not hiding:
        # An exposed agent's harm discards, not yet shown, are not dealt anew here.
        must -= Counter(harm)
    known = sorted(must.elements())
    if shown and state.iam is not None:
        known.insert(0, state.iam)
    placed = []
    for card in known:
        if rest[card] > 0:
            rest[card] -= 1
            placed.append(card)
    known = placed
    # Known cards beyond the hand's size can only be the seat's face-down stack tops.
    in_hand, on_top = known[:size], known[size:]
    others = list(rest.elements())
    hand_faces = in_hand + others[: size - len(in_hand)]
    top_faces = on_top + others[size - len(in_hand) :]
    hand = lay.puts(hand_faces, "hand", s)
    tops = lay.puts(top_faces, "stack_top", s)
    for e in hand[: len(in_hand)] + tops[: len(on_top)]:
        lay.table.reveal(e)
    harm_ids = [] if hiding else lay.puts(harm, "harm", s)
    return hand, tops, harm_ids


def _playable_tops(state: SleepTightState, world: Table, places: Places, player: int) -> None:
    """A dealt stack top is a card that can be played face down (never I Am the Sandman):
    one that is not takes the face of a hidden card that is, the last one found."""
    for _hand, tops, _harm in places.values():
        for e in tops:
            if state.playable(0, world.face(e)) or world.knows(player, e):
                continue
            swap = [
                x
                for (zone, owner), items in world.contents.items()
                if zone in ("action_deck", "hand", "stack_top") and owner != player
                for x in items
                if not world.sees_face(player, x) and state.playable(0, world.face(x))
            ]
            if swap:
                other = swap[-1]
                face = world.face(e)
                world.set_face(e, world.face(other))
                world.set_face(other, face)
