"""EtherfieldsState: zones, map and flow of one Dream (etherfields design §1, §3)."""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import State
from ...core.board import Board
from ...core.content import Catalog
from ...core.flow import Flow, FlowState, FlowStep
from ...core.types import Decision
from ...core.zones import COUNT_ONLY, OWNER, PUBLIC, Pool, Table, Zone
from . import catalog as content
from . import ops, ops_extra  # noqa: F401  (registers the ops' handlers)
from .campaign.dream import lay_out, restore, snapshot_of
from .catalog import TERRAINS
from .kinds import KINDS, REFS
from .names import Names
from .params import ACTIVE_ITEMS, HAND_LIMIT, HOURS, STORED_ITEMS
from .records import DreamerBoard, DreamGate, InfluenceCard, MapTile, Space, TurnCard
from .steps import classic, companions, delta, fate, loot, luck, triggers  # noqa: F401
from .steps.back import checkpoint, keep_backs
from .steps.turn import EnterGate, Entrance, StartTurn


def _same(text: str) -> str:
    return text


if TYPE_CHECKING:
    from .game import EtherfieldsGame

ZONES = (
    # etherfields design §3: who sees what
    # each Dreamer's cards are their own ("Setup"): determinize deals the unseen ones anew
    # among that Dreamer's deck and hand only
    Zone("deck", per_seat=True, visibility=COUNT_ONLY, deal_group="dreamer"),
    Zone("hand", per_seat=True, visibility=OWNER, deal_group="dreamer"),
    Zone("discard", per_seat=True, ordered=True),
    Zone("sealed", per_seat=True, ordered=True),
    Zone("progress", per_seat=True, ordered=True),  # placed Progress cards, public
    Zone("items", visibility=PUBLIC),
    Zone("storage", visibility=PUBLIC),
    # the undrawn Turn cards and Morphing tokens are unordered: what is left is known
    # (all minus what was seen), which one comes next is chance; so their faces are public
    Zone("turns", visibility=PUBLIC),
    Zone("turn_current", visibility=PUBLIC),
    # the known cards of the Turn deck, bottom to top: every card with
    # turn_deck_visible=all, else the cards added from the Turn discard pile
    Zone("turn_deck", ordered=True, visibility=PUBLIC),
    Zone("turn_discard", ordered=True),
    Zone("morph_pool", visibility=PUBLIC),
    Zone("morph_on", visibility=PUBLIC),
    # the Flaw deck ("Flaw Cards"): which Flaws it holds is public, the next one is chance
    Zone("flaw_deck", visibility=PUBLIC),
    # "Items": an Item being restored while no slot is free; Items back in the Item Market
    Zone("restoring", visibility=PUBLIC),
    Zone("item_market", visibility=PUBLIC),
)


OPEN_HANDS = tuple(
    dataclasses.replace(z, visibility=PUBLIC) if z.name == "hand" else z for z in ZONES
)
"""The zones with every hand shown (option ``open_hands``, design §6 reading 18)."""


def _pools(cat: Catalog) -> tuple[Pool, ...]:
    return tuple(Pool(p.id, p.size) for p in cat.all("pool"))


_INTENTS: dict[str, dict[str, tuple[tuple[Any, Any], ...]]] = {}
"""Per content pack, per card face: its Intent as (colour, value) pairs (``_intent``)."""


class _Printed(NamedTuple):
    """What the placed tiles print for one space (``_printed_map``)."""

    ref: str
    x: int
    y: int
    walls: tuple[str, ...]
    ground: frozenset[str]
    """Its terrain before tokens (``catalog.space_terrain`` without them)."""
    ground_sorted: tuple[str, ...]
    at: str
    """Its tile's slot (a token there lies on every space of the tile)."""
    space: Space
    actions: tuple[str, ...]
    """Its map actions' ids, then its Gem slot's."""


@functools.lru_cache(maxsize=256)
def _printed_map(pack: str, tiles: tuple[str, ...]) -> tuple[_Printed, ...]:
    """Per revealed space, what the placed tiles print ("The Dreamscape Map", "Walls",
    "Terrain Symbols and Terrain Tokens", "Map Actions")."""
    board = content.board(pack, tiles)
    out = []
    for ref, node in board.spaces.items():
        assert node.pos is not None
        x, y = node.pos
        walls = []
        for side, (dx, dy) in (("n", (0, -1)), ("e", (1, 0)), ("s", (0, 1)), ("w", (-1, 0))):
            other = board.at((x + dx, y + dy))
            edge = board.edge(ref, other) if other is not None else None
            if edge is not None and edge.wall:
                walls.append(side)
        tile, space = content.space_record(pack, tiles, ref)
        ground = frozenset(content.space_terrain(pack, tiles, ref))
        out.append(
            _Printed(
                ref,
                x,
                y,
                tuple(walls),
                ground,
                tuple(sorted(ground)),
                tile.at,
                space,
                tuple(_action_ids(space)),
            )
        )
    return tuple(out)


def _action_ids(space: Space) -> list[str]:
    return [a.id for a in space.actions] + ([space.gem_slot.id] if space.gem_slot else [])


class EtherfieldsState(FlowState, State):
    KINDS = KINDS

    def __init__(self, game: EtherfieldsGame, seed: int | None) -> None:
        super().__init__(game, seed)
        n = game.players
        self.pack = str(content.pack_path(game.options.get("content", "")))
        cat = self.catalog
        zones = ZONES if not game.options.get("open_hands") else OPEN_HANDS
        self.table = Table(n, zones + self.EXTRA_ZONES + _pools(cat))
        self.dreamers = list(game.dreamer_ids())
        held = snapshot_of(game.options)  # a campaign session: what the Dreamers hold
        if held is not None:
            lay_out(self, held)
        for seat, dreamer in enumerate(self.dreamers if held is None else ()):
            for card, count in cat.get("dreamer", dreamer).starting_deck.items():
                for k in range(count):
                    self.table.create(f"{seat}.{card}.{k + 1}", card, "deck", seat)
        for item in ACTIVE_ITEMS if held is None else ():
            self.table.create(f"item.{item}", item, "items")
        for item in STORED_ITEMS if held is None else ():
            self.table.create(f"item.{item}", item, "storage")
        for turn in cat.all("turn"):
            self.table.create(f"turn.{turn.id}", turn.id, "turns")
        for flaw in cat.all("flaw"):
            self.table.create(f"flaw.{flaw.id}", flaw.id, "flaw_deck")
        for morph in cat.all("morphing"):
            for k in range(morph.count):
                self.table.create(f"morph.{morph.id}.{k + 1}", morph.id, "morph_pool")
        self.gate_id = str(game.options.get("scenario", "dream:OD-01X")).partition(":")[2]
        self.pos: list[str | None] = [None] * n
        self.distress = [0] * n
        self.ether = [0] * n
        self.gems = [0] * n
        self.team: dict[str, int] = {"gear": 0, "keys": 0}  # team pools (design reading 12)
        self.hours = HOURS[n]
        self.turns_left = self.gate.turns
        self.turn_no = 0
        self.first = 0
        self.tiles: list[str] = []
        self.revealed: list[str] = []
        self.flags: list[str] = []
        self.used: list[str] = []
        self.turn_used: list[str] = []
        self.blocked_steps: list[int] = []
        self.gradual: dict[str, int] = {}
        self.minis: list[list[Any]] = []
        self.morphs: dict[str, list[str]] = {}
        self.tokens: list[list[str]] = []
        self.memory: list[list[Any]] = []  # [seat, code, holds]: what a Peek showed
        self.masks: list[str | None] = game.mask_ids() + [None] * (n - len(game.mask_ids()))
        self.states: list[list[Any]] = []  # [seat or miniature, State, token] ("State Tokens")
        self.flipped: list[str] = []  # placed Progress cards face down (steps/flips.py)
        self.flaw_top: list[str] = []  # Flaws a Seal put back on a deck (steps/flaws.py)
        # per seat, the back on top of the deck and what it was told for (steps/back.py)
        self.backs: list[list[Any] | None] = [None] * n
        self.flaw_bottom: list[str] = []  # Flaws returned under the Flaw deck, in order
        self.item_slot_unlocked = False  # the 4th Active Item slot ("Items", steps/items.py)
        self.companions: list[list[Any]] = []  # [Companion, space, summoner] (overlays.py)
        self.outcome: str | None = None
        self.reason: str | None = None
        self.ending: str | None = None
        self.tally = {"distress": 0, "sealed": 0, "reshuffles": 0}
        if held is not None:
            restore(self, held)
        self.flow = Flow(
            REFS,
            self._events,
            self.opening(),
            checkpoint,  # each deck's new top shows its back ("Influence Cards")
            names=Names(self.pack, self.gate_id, tuple(self.masks)),
        )
        self.start()

    EXTRA_ZONES: tuple[Zone, ...] = ()
    """Zones a scenario adds (Slumbers: ``slumber_state.SLUMBER_ZONES``)."""

    def opening(self) -> list[FlowStep]:
        """The first steps of the flow, bottom first: a Dream's Gate and Entrance."""
        return [StartTurn(), Entrance(seats=tuple(range(self.game.players))), EnterGate()]

    # -- content and map ------------------------------------------------------------------
    @property
    def catalog(self) -> Catalog:
        return content.catalog(self.pack)

    @property
    def gate(self) -> DreamGate:
        return self.catalog.get("gate", self.gate_id)

    def card(self, face: str) -> InfluenceCard:
        """An Influence card's record; a Flaw in an Influence deck ("Flaw Cards") reads as
        a card without Intent whose abilities are the Flaw's (its persistent passives)."""
        cat = self.catalog
        if cat.has("influence", face) or not cat.has("flaw", face):
            return cat.get("influence", face)
        flaw = cat.get("flaw", face)
        return InfluenceCard.model_construct(
            id=face, name=flaw.name, intent=[], type="flaw", abilities=flaw.abilities
        )

    def dreamer(self, seat: int) -> DreamerBoard:
        return self.catalog.get("dreamer", self.dreamers[seat])

    def turn_record(self, face: str) -> TurnCard:
        return self.catalog.get("turn", face)

    def current_turn(self) -> TurnCard | None:
        top = self.table.top("turn_current")
        return None if top is None else self.turn_record(self.table.face(top))

    def board(self) -> Board:
        return content.board(self.pack, tuple(self.tiles))

    def space(self, ref: str) -> tuple[MapTile, Space]:
        return content.space_record(self.pack, tuple(self.tiles), ref)

    def terrain(self, ref: str) -> set[str]:
        return content.space_terrain(
            self.pack, tuple(self.tiles), ref, [tuple(t) for t in self.tokens]
        )

    def entrance_spaces(self) -> list[str]:
        for tile_id in self.tiles:
            if not self.catalog.has("tile", tile_id):
                continue  # an Overlay card (``overlay:<id>``, "Overlay Cards")
            tile = self.catalog.get("tile", tile_id)
            if tile.entrance is not None:
                return [f"{tile.at}.{i}" for i in tile.entrance]
        return []

    def mini(self, ident: str) -> list[Any] | None:
        return next((m for m in self.minis if m[0] == ident), None)

    def hand_limit(self, seat: int) -> int:
        """etherfields "Hand Size Limit": 6, or the Dreamer board's own, with the passives of
        the worn Mask and active Progress cards ("Masks", "Progress Influence Cards")."""
        from .steps.progress import modifier

        base = self.dreamer(seat).hand_limit if self.dreamers else HAND_LIMIT
        return base + modifier(self, seat, "hand_limit")

    def draw_bonus(self, seat: int) -> int:
        """etherfields "Other Dreamscape Icons": the Drawing Bonus of the Dreamer's space."""
        here = self.pos[seat]
        return self.space(here)[1].draw_bonus if here is not None else 0

    # -- the contract ----------------------------------------------------------------------
    def decision(self, player: int | None = None) -> Decision | None:
        """The decision, its prompt naming what the step's ids stand for (``names``)."""
        found = super().decision(player)
        top = self.flow.top
        if found is None or top is None or "{" not in top.prompt:
            return found
        if type(top).prompt_text is not FlowStep.prompt_text:
            return found  # the step names its pieces itself
        shown = self.flow.names(top.kind, top.fields(), _same)  # type: ignore[misc]
        return dataclasses.replace(found, prompt=top.prompt.format(**shown))

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation(player)
        obs["map"] = self.map_view()
        obs["memory"] = obs.pop("memory")
        obs["outcome"] = obs.pop("outcome")
        obs["end_reason"] = obs.pop("end_reason")
        return obs

    OBSERVED: tuple[str, ...] = (
        *("deck", "hand", "discard", "sealed", "progress"),
        *("turn_discard", "turn_deck", "items", "storage"),
    )
    """The zones the observation reads from the seat's view (``Table.view``)."""

    def _observation(self, player: int | None) -> dict[str, Any]:
        """The observation without the map's layout (``map_view``: printed on the tiles)."""
        from .steps.back import top_back

        zones = self.table.view(player, only=self.OBSERVED).data["zones"]
        decks, hands, discards = zones["deck"], zones["hand"], zones["discard"]
        sealed, progress = zones["sealed"], zones["progress"]
        current = self.table.top("turn_current")
        card = self.current_turn()
        dreamers = []
        for seat in range(self.game.players):
            key = str(seat)
            hand = hands[key]
            dreamers.append(
                {
                    "dreamer": self.dreamers[seat],
                    "space": self.pos[seat],
                    "distress": self.distress[seat],
                    "ether": self.ether[seat],
                    "gems": self.gems[seat],
                    "deck": decks[key]["count"],
                    "hand": hand["count"],
                    "hand_cards": hand["faces"],
                    # the same cards by entity id (the ids pay:/discard: name), or None
                    "hand_ids": hand["ids"],
                    # each card's Intent, [[colour, value], ...] ("Performing Actions")
                    "hand_intent": self._intent(hand["faces"]),
                    "discard": discards[key]["faces"],
                    "sealed": sealed[key]["faces"],
                    "progress": progress[key]["faces"],
                    "mask": self.masks[seat],
                    # the back on top of the deck, seen by all ("Influence Cards"): a
                    # Dreamer's starting back, plain, secret, flaw; None: an empty deck
                    "top_back": top_back(self, seat),
                }
            )
        faces = self.table.faces
        return {
            "gate": self.gate_id,
            "turn": self.turn_no,
            "turns_left": self.turns_left,
            "turn_card": None if current is None else faces[current],
            "turn_suit": None if card is None else card.suit,
            "turn_steps": [] if card is None else list(card.steps),
            "blocked_steps": list(self.blocked_steps),
            "turn_discard": zones["turn_discard"]["-"]["faces"],
            "turn_deck": zones["turn_deck"]["-"]["faces"],
            "hours": self.hours,
            "first": self.first,
            "tiles": list(self.tiles),
            "revealed": list(self.revealed),
            "flags": list(self.flags),
            "used": list(self.used),
            "gradual": dict(self.gradual),
            "entities": [list(m) for m in self.minis],
            "morphings": {e: [faces[t] for t in ts] for e, ts in self.morphs.items()},
            "tokens": [list(t) for t in self.tokens],
            "states": [[x[0], x[1]] for x in self.states],
            "flipped": list(getattr(self, "flipped", ())),
            "companions": [list(c[:2]) for c in getattr(self, "companions", ())],
            "items": zones["items"]["-"]["faces"],
            "storage": zones["storage"]["-"]["faces"],
            "team": dict(self.team),
            "distress_pool": self.table.amount("distress"),
            "dreamers": dreamers,
            "memory": [m[1:] for m in self.memory if m[0] == player],
            "outcome": self.outcome,
            "end_reason": self.reason,
        }

    def _intent(self, faces: list[Any] | None) -> list[list[list[Any]]] | None:
        """Each card's Intent as ``[colour, value]`` pairs (read once per face and pack)."""
        if faces is None:
            return None
        known = _INTENTS.get(self.pack)
        if known is None:
            known = _INTENTS[self.pack] = {}
        out = []
        for face in faces:
            pairs = known.get(face)
            if pairs is None:
                pairs = known[face] = tuple((i.colour, i.value) for i in self.card(face).intent)
            out.append([[colour, value] for colour, value in pairs])
        return out

    def determinize(self, player: int, rng: Any) -> EtherfieldsState:
        """The seat's world (``FlowState.determinize``: unseen cards dealt anew, each
        Dreamer's within its back class, ``back.keep_backs``), holding only the seat's own
        Peeks: another Dreamer's Peek showed a Secret's front to that Dreamer alone ("Basic
        Actions Card", design §3)."""
        world: EtherfieldsState = super().determinize(player, rng)
        world.memory = [m for m in world.memory if m[0] == player]
        keep_backs(self, world, player, rng)  # the backs every seat saw ("Influence Cards")
        return world

    def renamed_action(self, action_id: str, player: int | None = None) -> str | None:
        """A record made before the backs on top of the decks were told ("Influence
        Cards"): the steps its engine did not have are played, then its action applies
        (``steps/back_records.py``)."""
        from .steps.back_records import replayed

        return replayed(self, action_id, player)

    def observation_tensor(self, player: int) -> list[float]:
        """The seat's redacted observation, flat, in [0, 1] (``encoding.encode``)."""
        from .encoding import encode, layout

        return encode(self._observation(player), player, layout(self.catalog))

    def observation_array(self, player: int) -> Any:
        """``observation_tensor`` as a float32 numpy array (``encoding.encode_array``)."""
        from .encoding import encode_array, layout

        return encode_array(self._observation(player), player, layout(self.catalog))

    def map_view(self) -> list[dict[str, Any]]:
        """The revealed spaces as data for renderers: position, Walls (sides), icons,
        terrain and map actions with whether they are used.

        What the tiles print (positions, Walls, printed terrain, map actions) is worked out
        once per set of placed tiles (``_printed_map``); the space records (``space``: a
        Quirk may add map actions), the terrain tokens and the used map actions are read
        each time."""
        printed = _printed_map(self.pack, tuple(self.tiles))
        entrance = set(self.entrance_spaces())
        used = set(self.used)
        tokens = [(t[0], t[1]) for t in self.tokens if t[1] in TERRAINS]
        places = {where for where, _kind in tokens}
        # the printed record unless a subclass reads spaces its own way (``space``)
        printed_only = type(self).space is EtherfieldsState.space
        out = []
        for p in printed:
            ref = p.ref
            space = p.space if printed_only else self.space(ref)[1]
            actions = p.actions if space is p.space else _action_ids(space)
            if ref in places or p.at in places:
                terrain = set(p.ground)
                for where, kind in tokens:
                    if where in (ref, p.at):
                        terrain.add(kind)
                if "light" in terrain:
                    terrain.discard("darkness")
                shown = sorted(terrain)
            else:
                shown = list(p.ground_sorted)
            out.append(
                {
                    "ref": ref,
                    "x": p.x,
                    "y": p.y,
                    "walls": list(p.walls),
                    "blocked": space.blocked,
                    "spawn": space.spawn,
                    "trap": space.trap is not None,
                    "draw_bonus": space.draw_bonus,
                    "stairs": space.stairs,
                    "special": space.special,
                    "terrain": shown,
                    "actions": {a: f"map:{ref}:{a}" in used for a in actions},
                    "entrance": ref in entrance,
                }
            )
        return out

    def scores(self) -> list[float]:
        if self.flow.top is not None:
            return []
        return [1.0 if self.outcome == "victory" else 0.0] * self.game.players

    def winners(self) -> list[int]:
        return (
            list(range(self.game.players))
            if self.outcome == "victory" and not self.flow.items
            else []
        )

    def end_reason(self) -> str | None:
        return self.reason

    def turn_number(self) -> int:
        return self.turn_no

    def stats(self) -> dict[str, Any]:
        return {
            "end_reason": self.reason,
            "turns_used": self.turn_no,
            "distress": self.tally["distress"],
            "sealed": self.tally["sealed"],
            "reshuffles": self.tally["reshuffles"],
            "gears": self.team.get("gear", 0),
        }

    def carry_over(self) -> dict[str, Any]:
        """The next campaign snapshot, once a Dream played from one has ended (etherfields
        "Finishing Dreams/Slumbers"; ``campaign.dream.finish``); {} outside a campaign."""
        from .campaign.dream import finish

        doc = snapshot_of(self.game.options)
        return {} if doc is None else finish(doc, self).to_json()

    def _copy(self) -> EtherfieldsState:
        new = EtherfieldsState.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.table = self.table.copy()
        for key in (
            "pos",
            "distress",
            "ether",
            "gems",
            "tiles",
            "revealed",
            "flags",
            "used",
            "turn_used",
            "blocked_steps",
        ):
            setattr(new, key, list(getattr(self, key)))
        new.team = dict(self.team)
        new.gradual = dict(self.gradual)
        new.tally = dict(self.tally)
        new.minis = [list(m) for m in self.minis]
        new.morphs = {k: list(v) for k, v in self.morphs.items()}
        new.tokens = [list(t) for t in self.tokens]
        new.memory = [list(m) for m in self.memory]
        new.states = [list(x) for x in self.states]
        new.masks = list(self.masks)
        return new
