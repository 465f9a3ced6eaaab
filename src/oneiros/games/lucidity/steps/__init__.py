"""Lucidity's rules as typed flow steps, one module per rulebook section (``core.flow``).

Each module holds the step classes of one section of the rulebook and the rule functions
they share with other sections; every class names the rule key it cites (``refs.py``).
"""
