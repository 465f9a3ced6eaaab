"""The Etherfields campaign (etherfields design P4): the versioned ``Campaign`` document,
the Dreamworld between Dreams, and the sessions that chain through it.

Modules: ``records`` (Location, Arrow, Season, CampaignStart, Wisdom, Note), ``document``
(the saved document and its migrations), ``sessions`` (a session starts from Dreamer
states and returns them), ``dreamworld`` and ``world_steps`` (the Dreamworld phase on the
core flow), ``world_cards`` (cards, Items, Notes and Wisdom used on the map), ``wisdom``
(the Wisdom cards' procedures), ``dream`` (a Dream played from a campaign), ``slumber`` (a
Slumber Location's one Slumber and a Fate Location's Fate card).
"""
