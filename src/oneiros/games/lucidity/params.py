"""The numbers of the rules, in one place: row sizes, the Power goal, the sleep tracks, the
Shadow spaces, the turn cap. A Dreamscape changes some of them for one game (a copy of
``DEFAULT_RULES`` in ``state.rules``)."""

from __future__ import annotations

DEFAULT_RULES: dict[str, int] = {
    "power_goal": 15,  # lucidity-en "Power Victory": "15 or more Power"
    "hunt_row": 4,  # lucidity-en "4. Check for Filled Rows": the Hunt row has 4 spaces
    "exhaust_row": 3,  # ... the Exhaust row has 3 spaces
    "shadow_delta": 0,  # a Dreamscape's change to the Shadow spaces
    "returns": 2,  # lucidity-en "2. Draw and Select Dreams": return 2 of the dreams drawn
    "stages": 3,  # a sleep track has three stages
}
"""Rule parameters a Dreamscape may change."""

DEFAULT_GOAL = DEFAULT_RULES["power_goal"]
"""The Power goal of the rulebooks (a Dreamscape may change it)."""

TURN_CAP = 400
"""Safeguard: a game that reaches this many turns ends as if the night were over (end reason
"dream", the winner as in "The Winner"). It is no rule of the game, and its events say so
(``turn_cap``). Random play ends far sooner; this makes the bound real."""

TRACKS: dict[str, tuple[int, int, int]] = {
    "3-5-7": (3, 5, 7),
    "4-6-8": (4, 6, 8),
    "5-7-9": (5, 7, 9),
}
"""lucidity-en "1. Set Level of Control": the sleep tracks, the control of each stage."""

SHADOW_SPACES = 3
"""lucidity-en "Shadow of ...": three shadows of one colour fill a Shadow row."""
SHADOW_SPACES_FOURTH = 4
"""lucidity-en "Two Player Games" (and the fourth Shadow space option): four."""
MIN_SHADOW_SPACES = 2
"""A Dreamscape never makes a Shadow row shorter than this."""

MARKS_OUT = 3
"""Bone Hunters "The Shadowmark": three Shadowmarks eliminate a dreamer."""

MAX_SEATS = 4
"""Lucidity is played by 2 to 4 players."""
