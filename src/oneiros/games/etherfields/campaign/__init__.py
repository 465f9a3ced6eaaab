"""The Etherfields campaign (etherfields design P4): the versioned ``Campaign`` document,
the Dreamworld between Dreams, and the sessions that chain through it.

Modules: ``records`` (Location, Arrow, Season, CampaignStart), ``document`` (the saved
document), ``sessions`` (a session starts from Dreamer states and returns them),
``dreamworld`` and ``world_steps`` (the Dreamworld phase on the core flow), ``dream`` (a
Dream played from a campaign), ``store`` (saves in SQLite or PostgreSQL).
"""
