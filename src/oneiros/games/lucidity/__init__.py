"""Lucidity: Six-Sided Nightmares (rule sets ``en`` and ``es``)."""

from .game import LucidityGame

__all__ = ["LucidityGame"]
