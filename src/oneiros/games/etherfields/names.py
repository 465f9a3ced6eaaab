"""What a player reads on the components: the names behind the ids of events, prompts,
action labels and chance outcomes (issue 20, item 7: "no internal ids in any label or event
text").

Action ids and event data keep the ids (they are the public API); only texts name things:
Influence cards and Items by their printed name ("Pocket Watch"), Entity miniatures by name
and number ("Rust Moth 1"), abilities by their text and where they are printed, resources
with capitals as the rulebook writes them ("1 Cunning"), die faces and Morphings in words.

``Names`` is the game's ``Event.names``: every event emitted through the flow carries it, so
an event's text is formatted with these names (in the language read: ``gettext``) while its
``data`` stays as it was. Labels and prompts are formatted by the steps with the same
functions (``label_names``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...core import Action
from ...core.content import Catalog
from . import catalog as content

Gettext = Callable[[str], str]


def _same(text: str) -> str:
    return text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@functools.lru_cache(maxsize=8)
def _named(pack: str) -> dict[str, Any]:
    """Every id of the pack with a printed name: cards, Items, Entities, Masks, Dreamers,
    Dream and Slumber map tiles, Slumber tiles and Fate cards (the records themselves, so a name is read in its language when shown)."""
    cat: Catalog = content.catalog(pack)
    out: dict[str, Any] = {}
    kinds = ("tile", "mask", "dreamer", "entity", "item", "influence", "flaw", "companion")
    for kind in (*kinds, "overlay", "slumber", "slumber_map", "fate"):
        for record in cat.all(kind):
            out[record.id] = record.name
    return out


@dataclass(frozen=True)
class Names:
    """The names of one game's pieces (its pack, Dream and Masks): ``Event.names``."""

    pack: str
    gate: str
    masks: tuple[str | None, ...] = ()

    @property
    def catalog(self) -> Catalog:
        return content.catalog(self.pack)

    # -- pieces ------------------------------------------------------------------------------
    def piece(self, ident: Any, gettext: Gettext = _same) -> Any:
        """A card, Item, Entity, Mask, Dreamer or tile by its name; anything else as it is."""
        if not isinstance(ident, str):
            return ident
        name = _named(self.pack).get(ident)
        if name is not None:
            return gettext(str(name))
        if ident in self.catalog.ids("turn"):
            return self.turn(ident, gettext)
        return ident

    def mini(self, ident: str, gettext: Gettext = _same) -> str:
        """A miniature (``rust-moth.1``) by name and number: "Rust Moth 1"."""
        entity, _, number = ident.rpartition(".")
        cat = self.catalog
        if not cat.has("entity", entity):
            return str(self.piece(ident, gettext))
        record = cat.get("entity", entity)
        name = gettext(str(record.miniature_name or record.name))
        return f"{name} {number}" if record.copies > 1 else name

    def one(self, entity: str, gettext: Gettext = _same) -> str:
        """One miniature of an Entity, unnumbered: "Rust Moth"."""
        cat = self.catalog
        if not cat.has("entity", entity):
            return str(self.piece(entity, gettext))
        record = cat.get("entity", entity)
        return gettext(str(record.miniature_name or record.name))

    def turn(self, ident: str, gettext: Gettext = _same) -> str:
        """A Turn card by its suit and steps: "of hearts (Morphing, Basic, Movement)"."""
        card = self.catalog.get("turn", ident)
        steps = [self.step(x, gettext) for x in card.steps]
        template = TURN_NAMES.get(len(steps))
        if template is None:
            return f"{gettext(card.suit)} ({', '.join(steps)})"
        return gettext(template).format(gettext(card.suit), *steps)

    def step(self, step: str, gettext: Gettext = _same) -> str:
        return _capital(gettext(step))

    def morphing(self, ident: str, gettext: Gettext = _same) -> str:
        cat = self.catalog
        if not cat.has("morphing", ident):
            return ident
        return gettext(str(cat.get("morphing", ident).name))

    def face(self, face: str, gettext: Gettext = _same) -> str:
        """A face of the Luck or movement die in words ("a skull")."""
        words = {
            "skull": gettext("a skull"),
            "blank": gettext("a blank"),
            "special": gettext("the special symbol"),
            "again": gettext("the again symbol"),
        }
        return words.get(face, face)

    def pool(self, pool: str, n: Any = 1, gettext: Gettext = _same) -> str:
        """A pool of tokens, as the rulebook writes it: "Ether", "2 Shining Gems"."""
        cat = self.catalog
        if not cat.has("pool", pool):
            return _capital(gettext(pool))
        name = str(cat.get("pool", pool).name)
        if n != 1 and pool not in ("ether", "distress"):
            name += "s"  # countable tokens: "2 Gear tokens"
        return gettext(name)

    def colour(self, colour: str, gettext: Gettext = _same) -> str:
        return _capital(gettext(colour))

    def who(self, who: Any, gettext: Gettext = _same) -> Any:
        """A Dreamer (its seat), the team or a miniature."""
        if isinstance(who, int) or (isinstance(who, str) and who.isdigit()):
            return gettext("Dreamer {seat}").format(seat=who)
        if who == "team":
            return _capital(gettext("team"))
        if isinstance(who, str) and "." in who:
            return self.mini(who, gettext)
        return self.piece(who, gettext)

    # -- abilities -----------------------------------------------------------------------------
    def ability(self, key: str, gettext: Gettext = _same, plain: bool = False) -> str:
        """An action key (``basic:move``, ``entity:rust-moth.1:calm``) by its printed text and
        where it is printed (``plain``: the text alone, as printed)."""
        parts = key.split(":")
        cat = self.catalog
        try:
            if parts[0] == "progress":
                face = parts[1].split(".")[1]
                name = gettext(str(cat.get("influence", face).name))
                return gettext("placing {card} in the Progress zone").format(card=name)
            found, source = self._find(parts, gettext)
        except (StopIteration, KeyError, IndexError, ValueError):
            return key
        if found is None:
            if parts[0] == "companion" and source:
                return source
            return gettext("the worn Mask") if parts[0] == "mask" else key
        if plain:
            return gettext(str(found.text))
        text = gettext(str(found.text)).rstrip(".")
        return f"{text} ({source})" if source else text

    def _find(self, parts: list[str], gettext: Gettext) -> tuple[Any, str]:
        """The ability an action key names and where it is printed (a name, or "")."""
        cat = self.catalog
        head = parts[0]
        if head == "basic":
            return next(a for a in cat.get("basic", "basic").abilities if a.id == parts[1]), ""
        if head == "item":
            item = cat.get("item", parts[1])
            found = next(a for a in item.abilities if a.id == parts[2])
            return found, gettext(str(item.name))
        if head == "entity":
            entity = parts[1].rpartition(".")[0]
            found = next(a for a in cat.get("entity", entity).interactions if a.id == parts[2])
            return found, self.mini(parts[1], gettext)
        if head == "flying":
            return next(a for a in cat.get("gate", self.gate).flying if a.id == parts[1]), ""
        if head == "map":
            return self._map_ability(parts[1], parts[2]), parts[1]
        if head == "card":
            card = cat.get("influence", parts[1].split(".")[1])
            found = next(a for a in card.abilities if a.id == parts[2])
            return found, gettext(str(card.name))
        if head == "mask":
            seat = int(parts[1])
            mask = self.masks[seat] if seat < len(self.masks) else None
            if mask is None:
                return None, ""
            record = cat.get("mask", mask)
            return record.abilities[0], gettext(str(record.name))
        if head == "companion":
            companion = cat.get("companion", parts[1])
            if parts[2] == "walk":  # its movement ("Companions", steps/companions.py)
                text = gettext("Move {card} up to {n} spaces")
                return None, text.format(card=gettext(str(companion.name)), n=companion.moves)
            found = next(a for a in companion.abilities if a.id == parts[2])
            return found, gettext(str(companion.name))
        return None, ""

    def _map_ability(self, ref: str, ident: str) -> Any:
        at = ref.split(".")[0]
        tiles = sorted(self.catalog.all("tile"), key=lambda t: t.at != at)
        for tile in tiles:
            for space in tile.spaces:
                extra = [space.gem_slot] if space.gem_slot is not None else []
                for ability in [*space.actions, *extra]:
                    if ability.id == ident:
                        return ability
        return None

    def then(self, then: str, gettext: Gettext = _same) -> str:
        """What a chosen Entity receives (``ChooseEntity.then``)."""
        kind, _, arg = then.partition(":")
        if kind == "state":
            return gettext("make it {state}").format(state=_capital(gettext(arg)))
        if kind == "threat":
            return gettext("give it {n} Threat").format(n=arg)
        if kind == "remove":
            return gettext("remove it")
        return kind

    # -- Event.names ------------------------------------------------------------------------
    def __call__(self, kind: str, data: Mapping[str, Any], gettext: Gettext) -> dict[str, Any]:
        """An event's (or a prompt's) data with its ids named."""
        out = dict(data)
        for key, value in data.items():
            if not isinstance(value, str) and key not in ("who",):
                continue
            out[key] = self.value(kind, key, value, data, gettext)
        return out

    def value(
        self, kind: str, key: str, value: Any, data: Mapping[str, Any], gettext: Gettext
    ) -> Any:
        if key == "face":
            if kind in MORPHING_KINDS:
                return self.morphing(value, gettext)
            if kind in DIE_KINDS:
                return self.face(value, gettext)
            return self.piece(value, gettext)
        if key in ("mini",):
            return self.mini(value, gettext)
        if key in ("action", "key"):
            return self.ability(value, gettext, plain=kind in PLAIN_KINDS)
        if key == "pool":
            return self.pool(value, data.get("n", 1), gettext)
        if key in ("colour", "state", "terrain", "token"):
            return self.colour(value, gettext)
        if key == "step":
            return self.step(value, gettext)
        if key == "who":
            return self.who(value, gettext)
        if key == "then":
            return self.then(value, gettext)
        if key == "die":
            return gettext("Luck") if value == "luck" else gettext(value)
        if key == "reason":
            return reason(value, gettext)
        if key in ("card", "holds", "entity", "target", "tile"):
            return self.piece(value, gettext)
        return value


PLAIN_KINDS = frozenset({"pay", "discard_cost"})
"""Prompts that name an ability by its printed text alone (a label reads as printed)."""

TURN_NAMES = {
    2: "of {} ({}, {})",
    3: "of {} ({}, {}, {})",
    4: "of {} ({}, {}, {}, {})",
}
"""A Turn card by its suit and steps, for cards of 2 to 4 steps ("Turn Cards")."""

MORPHING_KINDS = frozenset({"morphed", "unmorphed", "morph_draw"})
"""Events and steps whose ``face`` is a Morphing token."""

DIE_KINDS = frozenset(
    {"luck", "luck_nothing", "reroll_result", "movement_die", "reroll_window", "luck_op"}
)
"""Events and steps whose ``face`` is a face of the Luck or movement die."""

REASONS = {
    "victory": "the goal of the Dream is reached",
    "distress": "a Dreamer suffered an 8th Distress",
    "empty_pool": "Distress was due and the pool was empty",
    "out_of_turns": "out of Turn cards",
    "too_few_cards": "a Dreamer had fewer than 6 cards",
    "slumber_won": "the Slumber is won",
    "slumber_lost": "the Slumber is lost",
    "slumber_skipped": "the Slumber was skipped",
    "slumber_done": "the Slumber is over",
    "slumber_delivered": "the Slumber is delivered",
    "awakened": "the Dreamers awakened",
    "delta_phase": "the Delta Phase came",
}
"""Why a Dream, a Slumber or a journey ended, in words (``end_reason``)."""


def reason(value: Any, gettext: Gettext = _same) -> str:
    """An ``end_reason`` in words (``delta_phase``: "the Delta Phase came")."""
    return gettext(REASONS.get(str(value), str(value).replace("_", " ")))


def names_of(s: Any) -> Names:
    """The names of a state's game (its flow's ``names``)."""
    found = s.flow.names
    assert isinstance(found, Names)
    return found


CHANCE_LABELS = {
    "draw": "{name} is drawn",
    "seal": "{name} is sealed",
    "turn": "The Turn card {name} comes up",
    "morph": "The Morphing “{name}” is drawn",
    "luck": "The Luck die shows {name}",
    "mdie": "The movement die shows {name}",
}
"""What a chance outcome reads as (its id: ``<prefix>:<face>``)."""

DIRECTIONS = {"n": "north", "e": "east", "s": "south", "w": "west"}
"""The ``step:<dir>`` of a Move in words."""


def chance_label(s: Any, prefix: str, face: str, template: str = "") -> str:
    """The label of the chance outcome ``<prefix>:<face>``, naming the card, Turn card,
    Morphing or die face."""
    names = names_of(s)
    if prefix in ("luck", "mdie"):
        name = names.face(face)
    elif prefix == "morph":
        name = names.morphing(face)
    else:
        name = str(names.piece(face))
    return CHANCE_LABELS[template or prefix].format(name=name)


def discards(s: Any, seat: int) -> list[Action]:
    """``discard:<card>`` for each card of a Dreamer's hand, labelled with its name."""
    out = []
    for c in s.table.ids("hand", seat):
        name = names_of(s).piece(s.table.face(c))
        out.append(Action(f"discard:{c}", f"Discard {name}"))
    return out


def map_action_texts(cat: Catalog) -> dict[str, dict[str, Any]]:
    """The map actions printed on the Dream and Slumber map tiles, for a table to label them
    (``Game.card_texts``): ``map:<slot>:<ability>`` -> the action's words up to its colon
    ("Climb the ladder") and its whole printed text."""
    out: dict[str, dict[str, Any]] = {}
    for kind in ("tile", "slumber_map"):
        for tile in cat.all(kind):
            for space in tile.spaces:
                extra = [space.gem_slot] if space.gem_slot is not None else []
                for ability in [*space.actions, *extra]:
                    text = str(ability.text)
                    short = text.split(":", 1)[0].rstrip(".")
                    key = f"map:{tile.at}:{ability.id}"
                    out.setdefault(key, {"name": short, "text": text, "kind": "map_action"})
    return out


def piece_texts(cat: Catalog) -> dict[str, dict[str, Any]]:
    """Flaws (which lie in a Progress zone, "Flaws") and Companions (on the map,
    "Companions") by their printed name and text, for a table (``Game.card_texts``)."""
    out: dict[str, dict[str, Any]] = {}
    for kind in ("flaw", "companion"):
        for record in cat.all(kind):
            text = str(record.text or "")
            if not text and getattr(record, "abilities", None):
                text = " ".join(str(a.text) for a in record.abilities)
            out[record.id] = {"name": str(record.name), "text": text, "kind": kind}
    return out
