"""Etherfields record kinds of part 2 beyond one Dream's needs (etherfields design §2.2):
Flaws, Companions and Overlay cards. ``pack.py`` declares their files."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...core.content import LocalText, Record
from ...core.effects import Cost, Effect
from .language import LANGUAGE
from .records import Ability, Space


class Flaw(Record):
    """A Flaw card ("Flaw Cards"): resolved when drawn from the Influence deck, then put
    into the discard pile or the Progress zone (``goes_to``: a persistent negative effect
    through its ``passive`` abilities); removed for ``removal_cost`` (generally 1 Ether)."""

    name: LocalText
    on_draw: Effect = Field(default_factory=lambda: LANGUAGE.parse("done"))
    goes_to: Literal["discard", "progress"] = "discard"
    abilities: list[Ability] = []
    removal_cost: Cost = Field(default_factory=lambda: LANGUAGE.parse("ether(1)", "cost"))
    text: LocalText | None = None


class Companion(Record):
    """A Companion ("Companions"): a friendly miniature, "not Dreamers nor Entities",
    counted toward the space limit and ignored by every action and effect "unless their
    Progress/Note card says otherwise": its own ``abilities`` (actions and triggers, for the
    Dreamer who summoned it) and ``moves``, the spaces that Dreamer may move it once per
    Turn (None: it stays where it was summoned)."""

    name: LocalText
    abilities: list[Ability] = []
    moves: int | None = Field(default=None, ge=1, le=6)
    text: LocalText | None = None


class Overlay(Record):
    """An Overlay card ("Overlay Cards"): it covers spaces of the map (``covers``) with new
    ones (``spaces``, in the same order); what stands on a covered space stays on it."""

    name: LocalText
    covers: list[str] = Field(min_length=1, max_length=4)
    spaces: list[Space] = Field(min_length=1, max_length=4)


__all__ = ["Companion", "Flaw", "Overlay"]
