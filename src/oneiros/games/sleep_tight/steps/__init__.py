"""Sleep Tight's rules as typed flow steps (``core.flow``), one module per rulebook section:
``setup`` ("Setup"), ``round`` ("1. Draw Dreamscapes and Take Soul Fragments", the round's
program and its end), ``draw`` ("2. Draw Actions"), ``play`` ("3. Play Actions Facedown"),
``reveal`` ("4. Resolve Actions and the Sandman Card": the reveal, discards, resolution),
``sandman`` (the Sandman card, his damage and dodging it), ``symbols`` ("Card Symbols": the
card effects), ``specials`` ("Special Cards", the Sandman's agents) and ``end`` ("Goal":
deaths and the ends of the game, checked between steps)."""
