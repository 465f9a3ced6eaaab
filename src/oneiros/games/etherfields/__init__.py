"""Etherfields: a cooperative deckbuilding campaign for 1-4 Dreamers on maps of location tiles.

The engine loads every card, tile and script from validated content packs (``records.py``, ``pack.py``,
``language.py``); the shipped pack in ``data/original/`` is original content written for
this project, labelled so, in the format a player who owns the game can use to transcribe
the printed cards (docs/games/etherfields.md).
"""

from .game import EtherfieldsGame

__all__ = ["EtherfieldsGame"]
