"""Lucidity's rules as typed flow steps, one module per rulebook section (``core.flow``).

Each module holds the step classes of one section of the rulebook and the rule functions
they share with other sections; every class names the rule key it cites (``refs.py``).

==================  ====================================================================
``setup``           "Setting Up" (first player), the Dreamscape drawn (de-lux)
``turn``            "Turn Order", "1. Set Level of Control", the end of a turn
``draw``            "2. Draw and Select Dreams", the FAQ's "worst case"
``resolve``         "3. Roll and Resolve Dreams" (where a resolved dream goes)
``reroll``          "Re-rolling dreams"
``shadows``         "Shadow of the Depths", "... of Envy", "... of Imprisonment", "... of
                    Primeval Fear"
``filled_rows``     "4. Check for Filled Rows", "The Shadowmark" (de-lux)
``rest``            "5. Rest or Draw Again"
``nightmare``       "Turn Order (Nightmare)": "Consume Power", "Send Minions"
``abilities``       "Activating Nightmare Abilities"
``manifestations``  de-lux "Manifestations Expansion"
``end``             "Dream Victory", "Nightmare Victory", "The Winner" (roll-off)
==================  ====================================================================
"""

# every section, so that each kind is registered (the order resolves their imports)
from . import base, end, draw, resolve, reroll, shadows, filled_rows, rest  # noqa: F401, I001
from . import turn, setup, nightmare, abilities, manifestations  # noqa: F401

base.HOLDERS.update(c for c in base.KINDS.by_kind.values() if issubclass(c, base.HoldsDreams))
