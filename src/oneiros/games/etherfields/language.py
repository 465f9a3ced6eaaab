"""The Etherfields effect language: every op a card, tile or script may use, with its
argument model (etherfields design §2.3).

Each op names the rulebook behaviour it expresses. What an op *does* in play is registered
by the rules modules (``LANGUAGE.handler``); ops marked ``supported=False`` validate but
belong to later parts (the campaign), and ``oneiros content check`` lists their uses as
"not supported yet". Triggers are fired by the rules of play (``steps/triggers.py``).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from ...core.content import Ref
from ...core.effects import (
    Amount,
    Args,
    Cost,
    Effect,
    EffectLanguage,
    NoArgs,
    Selector,
)

LANGUAGE = EffectLanguage("etherfields")

Colour = Literal["awareness", "cunning", "wrath"]
Suit = Literal["hearts", "spades", "diamonds", "clubs"]
Terrain = Literal["light", "darkness", "swamp", "water"]
TurnStep = Literal["morphing", "basic", "special", "movement"]
SpaceRef = Annotated[str, Field(pattern=r"^[A-Z][1-9]\.[1-4]$")]
PoolId = Annotated[str, Ref("pool")]
EntityId = Annotated[str, Ref("entity")]
ItemId = Annotated[str, Ref("item")]
CardId = Annotated[str, Ref("influence")]
Code = Annotated[str, Field(min_length=1)]

_reg = LANGUAGE.register


def _plain(names: str, category: str, doc: str, supported: bool = True) -> None:
    for name in names.split():
        _reg(name, category, NoArgs, doc, supported)


# -- amounts ("Player Count Icon", "Gradual Actions", "Progress Influence Cards") -------------

_plain("pc", "amount", 'The Player Count ("Player Count Icon").')
_plain("x", "amount", 'How many times the cost was paid ("Assault / Contact Actions").')
_plain("hours_left", "amount", 'The Hours on the Clock ("The Clock").')


class ColourArg(Args):
    colour: Colour


class SelectorArg(Args):
    sel: Selector


class TargetArg(Args):
    target: Selector


class PoolCount(Args):
    pool: PoolId
    who: Selector | None = None


_reg(
    "progress",
    "amount",
    ColourArg,
    'Colour icons on active Progress cards ("Progress Influence Cards").',
)
_reg("count", "amount", SelectorArg, "How many targets the selector picks.")
_reg("threat", "amount", TargetArg, "Threat tokens on a target.")
_reg("held", "amount", PoolCount, "Tokens of a pool held (by the team, or a Dreamer).")

# -- costs ("Performing Actions", "Dreamers Actions", "Gradual Actions") -----------------------


class N(Args):
    n: Amount = 1


class CostList(Args):
    variadic: ClassVar[str | None] = "items"
    items: list[Cost] = Field(min_length=2)


class GradualArgs(Args):
    cost: Cost


class TimesArgs(Args):
    cost: Cost
    k: Amount


_plain("free", "cost", 'No Intent ("Dreamers Actions").')
for _colour in ("awareness", "cunning", "wrath"):
    _reg(_colour, "cost", N, f'{_colour.title()} Intent ("Performing Actions").')
_reg("any", "cost", CostList, 'One of the costs, the payer\'s choice ("\\"/\\" Symbol").')
_reg("all", "cost", CostList, "Every cost.")
_reg("gradual", "cost", GradualArgs, 'Cost × Player Count, paid over time ("Gradual Actions").')
_reg("times", "cost", TimesArgs, 'Cost × k in one payment ("Gradual Actions" x X).')
for _res in ("distress", "gems", "ether", "keys", "hours", "discard"):
    _reg(_res, "cost", N, f'Pay {_res} ("Dreamers Actions").')
_plain("seal_this", "cost", 'Seal this card ("Sealing and Unsealing Cards").')

# -- conditions ------------------------------------------------------------------------------


class OnArgs(Args):
    what: Terrain | Literal["stairs", "special", "trap", "spawn"]


class AtArgs(Args):
    space: SpaceRef


class InRange(Args):
    n: int | None = Field(default=None, ge=0)
    of: Selector | None = None


class HasArgs(Args):
    pool: PoolId
    n: Amount = 1


class Name(Args):
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")


class SuitArg(Args):
    suit: Suit


class PhaseArg(Args):
    phase: Literal["dreamers", "dreamscape"]


class AtLeast(Args):
    amount: Amount
    n: Amount


class EntityArg(Args):
    entity: EntityId


class ItemArg(Args):
    item: ItemId


_reg(
    "on",
    "condition",
    OnArgs,
    'Standing on terrain or an icon ("Terrain Symbols and Terrain Tokens").',
)
_reg("at", "condition", AtArgs, "Standing on a space.")
_reg("in_range", "condition", InRange, 'Within range of a target ("Movement Actions — Range").')
_reg("has", "condition", HasArgs, "Holding at least n of a pool's tokens.")
_reg("flag", "condition", Name, 'A Dream flag is set ("Secret Scripts").')
_reg("suit", "condition", SuitArg, 'The current Turn card\'s suit ("Turn Cards").')
_reg("phase", "condition", PhaseArg, "The current phase.")
_reg("at_least", "condition", AtLeast, "An amount reaches n.")
_reg("entity_present", "condition", EntityArg, "An Entity is on the map.")
_reg("item_active", "condition", ItemArg, 'An Item is in an Active slot ("Items").')

# -- selectors ---------------------------------------------------------------------------------


class SpaceArg(Args):
    space: SpaceRef


class ChooseEntity(Args):
    range: int | None = Field(default=None, ge=0)


class Feature(Args):
    feature: Terrain | Literal["stairs", "special", "trap", "spawn", "blocked"]


_plain("self", "selector", "The acting Dreamer.")
_plain("each", "selector", "Each Dreamer, one at a time.")
_plain("team", "selector", "The team as a whole.")
_plain("choose_dreamer", "selector", 'A Dreamer the team chooses ("Multiple Choices").')
_plain("here", "selector", "The acting Dreamer's space.")
_plain("it", "selector", "The target bound by for_each.")
_plain("companion", "selector", 'The space of the Companion whose ability runs ("Companions").')
_reg("in_range", "selector", InRange, "Dreamers within range of a target (default: the source).")
_reg("entity", "selector", EntityArg, "Every miniature of an Entity.")
_reg("choose_entity", "selector", ChooseEntity, "One Entity miniature the team chooses.")
_reg("space", "selector", SpaceArg, "A space of the map.")
_reg("spaces_with", "selector", Feature, "Every space with a feature.")

# -- effects: cards ("Reshuffle!", "Sealing and Unsealing Cards", "Influence Cards") --------------


class Who(Args):
    n: Amount = 1
    who: Selector | None = None


class CardArg(Args):
    card: CardId


_reg("draw", "effect", Who, 'Draw Influence cards ("Dreamers Phase").')
_reg("discard", "effect", Who, "Discard cards from hand.")
_reg("seal", "effect", Who, 'Seal cards from the top of the deck ("Sealing and Unsealing Cards").')
_reg(
    "unseal",
    "effect",
    Who,
    'Unseal the most recently sealed cards ("Sealing and Unsealing Cards").',
)
_plain("seal_this", "effect", "Seal the card being resolved.")
_reg("gain_card", "effect", CardArg, "Gain an Influence card to the discard pile.")
_plain("reshuffle", "effect", 'Reshuffle without the penalty ("Reshuffle!").')


class WhoOnly(Args):
    who: Selector | None = None


_reg(
    "gain_flaw",
    "effect",
    WhoOnly,
    'Gain a Flaw from the Flaw deck to the discard pile ("Flaw Cards").',
)
_reg(
    "remove_flaw",
    "effect",
    WhoOnly,
    "Remove a Flaw (this one, or one of the Dreamer's choice) to the Flaw deck's bottom (\"Flaw Cards\").",
)
_reg(
    "flip_progress",
    "effect",
    N,
    'Turn n placed Progress cards face down ("Progress Influence Cards").',
)
_reg(
    "unflip_progress",
    "effect",
    N,
    'Turn n flipped Progress cards face up ("Progress Influence Cards").',
)
_reg(
    "discard_progress", "effect", N, 'Discard n placed Progress cards ("Progress Influence Cards").'
)
_reg("restore_item", "effect", N, 'Restore n Items from the Storage to Active slots ("Items").')
_reg("return_to_market", "effect", CardArg, '"Influence Market"', supported=False)

# -- effects: resources and time ("Component Limitations", "The Clock", "Other Turn Card Rules") ----


class PoolWho(Args):
    pool: PoolId
    n: Amount = 1
    who: Selector | None = None


class Hours(Args):
    n: Amount


class ThreatArgs(Args):
    n: Amount = 1
    on: Selector


_reg(
    "gain",
    "effect",
    PoolWho,
    'Take tokens from a pool; what is not left is not gained ("Component Limitations").',
)
_reg("lose", "effect", PoolWho, "Return tokens to their pool.")
_reg("distress", "effect", Who, 'Suffer Distress ("Distress and Dying").')
_reg("cure", "effect", Who, "Remove Distress.")
_reg("hours", "effect", Hours, 'Move the Clock ("The Clock").')
_reg("threat", "effect", ThreatArgs, "Put Threat tokens on an Entity.")
_reg("add_turn", "effect", N, '"Add 1 Turn" ("Other Turn Card Rules").')
_plain("block_step", "effect", '"Block 1 step of the current Turn card" ("Other Turn Card Rules").')
_plain("end_turn", "effect", "End the current Turn.")

# -- effects: map and entities ("Movement Actions", "Entity Spawn", "Morphings", "Reveal") ----------


class Move(Args):
    n: Amount = 1
    who: Selector | None = None


class Relocate(Args):
    to: Selector
    who: Selector | None = None


class TokenAt(Args):
    token: PoolId
    at: Selector


class RevealArgs(Args):
    code: Code
    at: str | None = Field(default=None, pattern=r"^[A-Z][1-9]$")


class OverlayArg(Args):
    code: Annotated[str, Ref("overlay")]


class BlockAction(Args):
    ref: str


class TerrainArgs(Args):
    kind: Terrain
    at: Selector


class Spawn(Args):
    entity: EntityId
    n: Amount = 1
    at: Selector | None = None


class MoveEntity(Args):
    entity: EntityId
    n: Amount = 1


class Morph(Args):
    n: Amount = 1
    on: Selector | None = None


_reg("move", "effect", Move, 'Move orthogonally ("Movement Actions").')
_reg("relocate", "effect", Relocate, 'Relocate, ignoring range and walls ("Movement Actions").')
_reg("place", "effect", TokenAt, "Place a token.")
_reg("remove", "effect", TokenAt, "Remove a token.")
_reg("reveal", "effect", RevealArgs, 'Reveal a Secret card or tile ("Reveal").')
_reg("overlay", "effect", OverlayArg, 'Place an Overlay card on the map ("Overlay Cards").')


class Summon(Args):
    companion: Annotated[str, Ref("companion")]
    at: Selector | None = None


_reg("summon", "effect", Summon, 'Summon a Companion to a space (default: here) ("Companions").')
_reg("block_action", "effect", BlockAction, 'Block a map action ("Map Actions").')
_reg(
    "terrain",
    "effect",
    TerrainArgs,
    'Place a Terrain token ("Terrain Symbols and Terrain Tokens").',
)
_reg("spawn", "effect", Spawn, '"Entity Spawn"')
_reg("move_entity", "effect", MoveEntity, '"Entity Movement"')
_reg("morph", "effect", Morph, '"Morphings"')
_reg("unmorph", "effect", Morph, "Remove Morphing tokens.")
_reg("remove_entity", "effect", TargetArg, "Remove an Entity miniature.")


class StateArgs(Args):
    kind: Literal["dazed", "stunned", "paralyzed", "poisoned"]
    to: Selector | None = None


class StateIs(Args):
    target: Selector
    kind: Literal["dazed", "stunned", "paralyzed", "poisoned"]


_reg(
    "apply_state",
    "effect",
    StateArgs,
    'Place a State token on a Dreamer or a miniature ("State Tokens").',
)
_reg("state", "condition", StateIs, 'A target has a State ("State Tokens").')

# -- effects: dice and flow ("Luck Die", "Rerolls", "Secret Scripts") --------------------------------


class RollLuck(Args):
    skull: Effect | None = None
    blank: Effect | None = None
    one: Effect | None = None
    two: Effect | None = None
    three: Effect | None = None


class Reroll(Args):
    scope: Literal["own", "any"] = "own"


class ScriptArg(Args):
    n: int = Field(ge=1)


_reg("roll_luck", "effect", RollLuck, 'Roll the Luck die and do what its face says ("Luck Die").')
_reg("reroll", "effect", Reroll, '"Rerolls"')
_reg("script", "effect", ScriptArg, 'Read a script of this Dream ("Secret Scripts").')
_reg("set_flag", "effect", Name, "Set a Dream flag.")
_reg("clear_flag", "effect", Name, "Clear a Dream flag.")
_plain("victory defeat", "effect", '"Finishing Dreams/Slumbers"')
_plain("gain_loot end_slumber skip_slumber", "effect", '"Slumber Entity Tiles"')

# -- effects: campaign (P4) ------------------------------------------------------------------


class CodeArg(Args):
    code: Code


class NoteArg(Args):
    code: Annotated[str, Ref("note")]


class WisdomArg(Args):
    code: Annotated[str, Ref("wisdom")]


_reg(
    "gain_note",
    "effect",
    NoteArg,
    'The team gains a Note card ("Note Cards"): to the Note cards Storage when the Dream or '
    "Slumber ends (``ops_extra.py``).",
)
_reg(
    "gain_wisdom",
    "effect",
    WisdomArg,
    'The team gains a Wisdom card ("Wisdom Cards"): always active once the Dream or Slumber '
    "ends (``ops_extra.py``).",
)
for _op in ("gain_item", "gain_mask"):
    _reg(_op, "effect", CodeArg, "Campaign rewards.", supported=False)
_reg("season", "effect", CodeArg, '"Season Cards"', supported=False)

# -- modifiers and triggers ------------------------------------------------------------------


class Modify(Args):
    stat: Literal[
        "hand_limit",
        "progress_limit",
        "item_slots",
        "entity_movement",
        "entity_range",
        "entity_distress",
        "entity_seal",
        "assault_range",
        "contact_range",
        "draw_bonus",
    ]
    by: Amount
    scope: Selector | None = None


class Forbid(Args):
    what: Literal["reroll", "gem_reroll", "masks", "progress"]
    scope: Selector | None = None


_reg("modify", "modifier", Modify, "Change a statistic while the source is in play.")
_reg("forbid", "modifier", Forbid, 'Forbid something while the source is in play ("Morphings").')
for _name, _doc in {
    "enter_space": 'The Dreamer enters a space, each step of a Move ("Movement Actions").',
    "move_through": 'The Dreamer moves on from a space entered in the same Move ("Movement Actions").',
    "end_move": 'The Dreamer ends a Move that went somewhere ("Movement Actions").',
    "turn_start": 'A Turn begins, once its Turn card is drawn ("Turn Order").',
    "turn_end": 'The Dreamscape Phase is over, before the Turn card is discarded ("2) Discard Turn Step").',
    "dreamscape_start": 'The Dreamscape Phase begins ("Dreamscape Phase").',
    "revealed": 'A Secret card or tile is revealed ("Reveal").',
    "spawned": 'An Entity miniature is placed by a spawn ("Entity Spawn").',
    "out_of_turns": 'The last Turn card is discarded, before the Out of Turns script ("Counting Turns").',
}.items():
    _reg(_name, "trigger", NoArgs, _doc)


class TurnStepArg(Args):
    step: TurnStep


_reg("turn_step", "trigger", TurnStepArg, 'A Turn card step has resolved ("Turn Cards").')

__all__ = ["LANGUAGE", "Colour", "Suit", "Terrain", "TurnStep"]
