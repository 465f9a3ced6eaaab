"""Sleep Tight's numbers, each with the rulebook section it comes from (sleep-tight rulebook)."""

from __future__ import annotations

START_FRAGMENTS = 3
"""Soul Fragments each player takes at setup (sleep-tight "Setup" 3)."""
TOTAL_FRAGMENTS = 26
"""Soul Fragments in the whole game (sleep-tight "Components")."""
DEAL = 7
"""Action cards dealt to each player at setup (sleep-tight "Setup" 4)."""
KEEP = 4
"""Action cards each player keeps of the deal (sleep-tight "Setup" 4)."""
DISCARD_LIMIT = 7
"""The hand size above which a player discards at the end of a round (sleep-tight "4. Resolve
Actions and the Sandman")."""
WAKE_AT = 10
"""Soul Fragments from which Wake Up! may be played (sleep-tight "Special Cards")."""
MAX_PLAYERS = 4
"""Sleep Tight seats 1 to 4 players (sleep-tight "Components")."""
