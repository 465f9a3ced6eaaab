"""Every number of the Etherfields rules in one place (etherfields design §1, "params.py")."""

from __future__ import annotations

DRAW = 4
"""etherfields "1) Draw Step": each Dreamer draws 4 Influence cards."""
HAND_LIMIT = 6
"""etherfields "Hand Size Limit" (a Dreamer board may change it)."""
RESHUFFLE_SEAL = 3
"""etherfields "Reshuffle!": suffer 1 Distress OR Seal 3 cards."""
SKULL_SEAL = 3
"""etherfields "Luck Die — Boosting Your Intent": on a skull, discard 1 Ether, suffer 1
Distress or Seal 3 cards."""
DEATH_DISTRESS = 8
"""etherfields "Distress and Dying": an 8th Distress kills."""
DISTRESS_POOL = 16
"""etherfields "Distress and Dying": there are 16 Distress markers in the game."""
MIN_CARDS = 6
"""etherfields "Distress and Dying": fewer than 6 cards in deck, hand and discard kills."""
HOURS = {1: 5, 2: 4, 3: 3, 4: 2}
"""etherfields "Game Setup" step 7: starting Hours by player count."""
ITEM_SLOTS = 3
"""etherfields "Items": at most 3 Active Items."""
SPACE_CAPACITY = 4
"""etherfields "Limit of Miniatures & Entity Tokens per Space"."""
BASE_RANGE_INTERACTION = 1
"""etherfields "Entity Tiles": Assault/Contact actions have a base range of 1."""
ACTIVE_ITEMS = ("tin-lantern", "pocket-watch", "iron-poker")
STORED_ITEMS = ("rope-coil", "sleep-salts")
"""The starting Items of the original pack: three Active, two in Storage ("Items")."""
DEFAULT_GATE = "OD-01X"
MAX_HOURS = 12
"""The top of the Clock track (provisional: the track length is not printed in the rulebook)."""
DELTA_HOURS = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}
"""etherfields "Delta Phase": "Reset Hours to your limit, depending on the number of
players: 1 player – 5 Hours, 2 players – 4 Hours, 3 players – 3 Hours, 4 players – 2 Hours,
5 players – 1 Hour"."""
