"""Rule references (etherfields "<heading>") and the texts ``?`` shows."""

from __future__ import annotations

from ...core import rule
from ...core.flow import Kinds

BOOK = "etherfields"
_SECTIONS = {
    "setup": "Game Setup",
    "gate": "Dream Gate Tiles",
    "entrance": "Dreamer's Entrance",
    "map_actions": "Map Actions",
    "walls": "Basic Rules — Walls",
    "spawn": "Entity Spawn",
    "icons": "Other Dreamscape Icons",
    "terrain": "Terrain Symbols and Terrain Tokens",
    "limits": "Component Limitations",
    "turn": "Turn Order",
    "draw": "1) Draw Step",
    "card_action": "2) Card and Action Step",
    "reshuffle": "Reshuffle!",
    "hand": "Hand Size Limit",
    "dreamscape": "Dreamscape Phase",
    "turn_cards": "Turn Cards",
    "counting": "Counting Turns",
    "other_turn": "Other Turn Card Rules",
    "discard_turn": "2) Discard Turn Step",
    "sealing": "Sealing and Unsealing Cards",
    "dying": "Distress and Dying",
    "actions": "Dreamers Actions",
    "performing": "Performing Actions",
    "basic": "Basic Actions Card",
    "items": "Items",
    "luck": "Luck Die",
    "boost": "Luck Die — Boosting Your Intent",
    "rerolls": "Rerolls",
    "movement": "Movement Actions",
    "range": "Movement Actions — Range",
    "entity_effects": "Entity & Dream/Slumber Effects",
    "entity_tiles": "Entity Tiles",
    "entity_movement": "Entity Movement",
    "morphings": "Morphings",
    "clock": "The Clock",
    "scripts": "Secret Scripts",
    "reveal": "Reveal",
    "choices": "Multiple Choices",
    "finishing": "Finishing Dreams/Slumbers",
    "gradual": "Gradual Actions",
    "assault": "Assault / Contact Actions",
    "influence": "Influence Cards",
    "progress": "Progress Influence Cards",
    "states": "State Tokens",
    "rounds": "Variants — Structured Rounds",
    "space_limit": "Limit of Miniatures & Entity Tokens per Space",
    "flaws": "Flaw Cards",
    "overlays": "Overlay Cards",
    "companions": "Companions",
    "masks": "Masks",
    "classic": "Variants — Classic Card Rules",
    # part 3: Slumbers, Fate and the Delta Phase
    "slumbers": "Slumbers",
    "slumber_map": "The Slumber Dreamscape Map",
    "slumber_entity": "Slumber Entity Tiles",
    "fate": "Fate Cards",
    "delta": "Delta Phase",
    "awakening": "Awakening",
    # part 4: what a Dream or a Slumber gives the campaign
    "notes": "Note Cards",
    "wisdom": "Wisdom Cards",
}
REFS = {key: rule(BOOK, section) for key, section in _SECTIONS.items()}

RULE_TEXTS = {
    REFS["setup"]: "The Hour Counter starts at 5/4/3/2 Hours for 1/2/3/4 Dreamers; each "
    "Dreamer takes their board, Influence deck and Basic Actions card.",
    REFS["gate"]: "To enter a Dream: resolve its Setup, draw its number of Turn cards as "
    "the Turn deck, read the Introduction script, then the Dreamers enter.",
    REFS["entrance"]: "Dreamers enter on either of the two spaces the Entrance icon lies between.",
    REFS["map_actions"]: "A map action is performed from its space; a single-use one is "
    "blocked after use.",
    REFS["spawn"]: "Entities spawn on Spawn spaces, as evenly as possible; a Spawn space "
    "with the current Turn suit takes the first; the team chooses between equal spaces.",
    REFS["icons"]: "Traps trigger when moved through or ended on; a Drawing Bonus draws "
    "extra cards without raising the hand limit; Blocked spaces stop movement and range.",
    REFS["walls"]: "Neither Entities nor Dreamers may Move or measure range through Walls; "
    "go around them.",
    REFS["terrain"]: "A centre symbol covers the tile's 4 spaces, an edge symbol the 2 spaces "
    "it lies between, a token its space; Light with Darkness counts as Light only.",
    REFS["limits"]: "A component that is not left in the pool is not gained; Distress is "
    "the exception: with none left, all Dreamers lose.",
    REFS["turn"]: "Each Turn is a Dreamers Phase (draw, then act in any order) and a "
    "Dreamscape Phase (the Turn card's steps, then it is discarded).",
    REFS["draw"]: "Before drawing you may discard any cards; then draw 4, never above the "
    "hand limit.",
    REFS["card_action"]: "Dreamers act in any order; the step ends when every Dreamer has "
    "passed. Acting again withdraws the others' passes.",
    REFS["reshuffle"]: "When you must draw from an empty deck, shuffle your discard pile "
    "into a new deck and suffer 1 Distress or Seal 3 cards.",
    REFS["hand"]: "You never hold more than your hand limit (6 by default).",
    REFS["dreamscape"]: "The game acts: each step of the current Turn card resolves top to bottom.",
    REFS["turn_cards"]: "Morphing, Basic, Special and Movement steps run the matching "
    "Entity effects; a step with nothing to run is skipped.",
    REFS["counting"]: "The Turn deck holds the Dream's number of Turn cards; the current "
    "card and the count are public.",
    REFS["other_turn"]: "Block 1 step: the team marks a step of the current Turn card with a "
    "Block token and it is skipped; Add 1 Turn puts the bottom card of the Turn discard "
    "pile under the Turn deck.",
    REFS["discard_turn"]: "The current Turn card is discarded; with none left, the Dream's "
    "Out of Turns script is read.",
    REFS["sealing"]: "Seal X: the top X cards of your deck go to your Sealed pile (an empty "
    "deck seals nothing). Unseal X: the most recently sealed go to your discard pile.",
    REFS["dying"]: "All Dreamers lose when a Dreamer suffers an 8th Distress, when Distress "
    "is due and the pool of 16 is empty, or when a Dreamer has fewer than 6 cards in deck, "
    "hand and discard pile.",
    REFS["actions"]: "Actions come from the Basic Actions card, the map, Entities, Items "
    "and the Dream; Distress and Shining Gem costs are paid in those tokens.",
    REFS["performing"]: "Pay by discarding cards one at a time, each for one Intent colour "
    "it shows; excess Intent is lost; Items used for Intent go to Storage.",
    REFS["basic"]: "Move (Cunning), Effort (Hours, once per Turn), Peek (discard 1 card), "
    "Gain a Shining Gem (discard 3 cards), Use a Shining Gem (reroll any roll), Remove a "
    "Morphing.",
    REFS["items"]: "Up to 3 Active Items, shared by the team, usable for Intent or their "
    "abilities.",
    REFS["luck"]: "The Luck die: skull, blank, 1, 2 or 3.",
    REFS["boost"]: "Once per Turn, after paying at least 1 Intent, roll the Luck die to add "
    "Intent; a skull fails the action and costs 1 Ether, 1 Distress or 3 Sealed cards; "
    "nothing is paid after the roll.",
    REFS["rerolls"]: "A reroll replaces the result; only the last one applies.",
    REFS["movement"]: "Move orthogonally, one space per Cunning, never through Walls or "
    "Blocked spaces.",
    REFS["range"]: "Range counts spaces along a legal path, around Walls and Blocked spaces.",
    REFS["entity_effects"]: "An Entity affects each Dreamer in range once, however many of "
    "its miniatures are in range.",
    REFS["entity_tiles"]: "Interactions are performed within range (1 for Assault and Contact).",
    REFS["entity_movement"]: "Roll the movement die per miniature: 1 space, its Movement, "
    "its Movement and roll again, or its special rule; it moves toward the closest Dreamer "
    "and stops on a Dreamer's space; ties are the First Player's choice.",
    REFS["morphings"]: "Morphing tokens drawn at random strengthen the Entity while they "
    "stay on its tile.",
    REFS["clock"]: "Hours are spent for Movement (Effort) or for Turns (1 Hour adds 1 Turn) "
    "and change with effects.",
    REFS["scripts"]: "Scripts are read when the game says; they reveal, set flags, and end "
    "the Dream.",
    REFS["reveal"]: "A revealed Secret card or tile is turned face up where it says.",
    REFS["choices"]: "The team decides a group choice; the First Player settles a tie.",
    REFS["finishing"]: "A Dream ends in victory or defeat through its scripts.",
    REFS["gradual"]: "A Gradual cost is the cost times the Player Count, paid over several "
    "actions.",
    REFS["assault"]: "Assault and Contact may be paid several times over, one target each.",
    REFS["progress"]: "Pay a Progress card's placement cost to place it in your Progress zone "
    "(at most 4: at the limit, discard a placed one first); placed, it acts and can no "
    "longer pay Intent.",
    REFS["space_limit"]: "A space holds at most 4 miniatures and Entity tokens; an Entity "
    "entering a full space pushes a Dreamer out to an adjacent space the players choose, "
    "but a lone Dreamer is not pushed and the Entity stops next to it.",
    REFS["rounds"]: "From the First Player, clockwise, each Dreamer plays a round: one Dream "
    "action (map, Flying rule, Entity) and any other actions, then passes; the step ends "
    "when everyone passes in a row.",
    REFS["states"]: "A State affects its Dreamer or miniature alone: Dazed, range at most 1; "
    "Stunned, its Distress is ignored this Turn; Paralyzed, no Move; Poisoned, its Entity "
    "gains no Morphing. With no free token, a State is ignored.",
    REFS["flaws"]: "A Flaw gained goes on top of your discard pile; a Flaw drawn is resolved "
    "at once, then discarded or placed in the Progress zone (outside its limit); Seals skip "
    "Flaws and put them back on top; most Flaws are removed for 1 Ether.",
    REFS["overlays"]: "An Overlay card covers spaces of the map with new ones; what stands "
    "on a covered space stays there, on the Overlay.",
    REFS["companions"]: "Companions are neither Dreamers nor Entities: every action and "
    "effect ignores them, but they count toward the space limit.",
    REFS["masks"]: "Each Dreamer wears one Mask at a time; its ability may be used at any time.",
    REFS["classic"]: "Once per Dream the team may draw 3 poker cards (Luck) for an effect on "
    "Morphings, Shining Gems, Hours, Distress or Sealed cards, back out or draw 3 more "
    "(Drawback): a higher Luck sum applies the positive effect, else the negative one.",
    REFS["influence"]: "Play an Influence card from your hand for its Intent or for its "
    "action; a Rapid card may be played at any time, even in the middle of another action.",
    REFS["slumbers"]: "Slumbers are drawn from the Slumber deck, whose last tile is the Delta "
    "Phase; a new Slumber tile goes to the bottom of that deck.",
    REFS["slumber_map"]: "The Slumber map starts from its 2 Setup tiles; the other Slumber map "
    "tiles are shuffled face down and placed by Fate cards. The map stays between Slumbers.",
    REFS["slumber_entity"]: "A Slumber Entity tile sets up its miniatures and a Turn deck; out "
    "of Turns, its Out of Turns / Skip effect resolves, and the Dreamers may choose it at the "
    "start of any Turn (before set-up when it uses nothing set up). Gain Loot: the current "
    "Turn card's Loot. 'This Slumber ends': the tile goes to the bottom of the Slumber deck, "
    "its Entities leave, the map, Quirks and Dreamers stay.",
    REFS["fate"]: "Draw a Fate card and resolve it; after it places a Slumber map tile, it goes "
    "into an empty Quirk space (the team chooses among several), else to the bottom of the "
    "Fate deck.",
    REFS["delta"]: "Each Dreamer chooses 1 option: cure all Distress, unseal all cards, unflip "
    "all Progress cards, reshuffle the Influence deck or restore the Mask; Hours reset to "
    "5/4/3/2/1 for 1-5 players; the Slumber deck is shuffled with the Delta tile at the bottom.",
    REFS["awakening"]: "Awakening removes all Distress and Sealed cards, at the cost of Keys, "
    "Shining Gems and placed Progress cards; the Slumber map goes back to its 2 Setup tiles.",
    REFS["notes"]: "Note cards are kept in the Storage and can be used by any Dreamer, "
    "usually once; a Note is found once.",
    REFS["wisdom"]: "All the Wisdom cards the team has gained are always active.",
}

KINDS = Kinds("etherfields", REFS)
