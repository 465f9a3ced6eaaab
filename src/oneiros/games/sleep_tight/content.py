"""The Sleep Tight card content: a JSON data file validated with pydantic on load.

The rulebook (sleep-tight "Components") gives the deck sizes (40 Action, 28 Dreamscape,
28 Sandman cards) and the card symbols ("Card Symbols"), not the printed cards. The file
shipped in ``data/cards.json`` is an original set written for this project and labelled
so; a player who owns the game can type the real cards in the same format and load it with
the ``content`` option or the ``ONEIROS_SLEEP_TIGHT_CONTENT`` environment variable.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ...core import ContentError
from ...core.content import FileFormat, Problem

DATA_DIR = Path(__file__).parent / "data"
DEFAULT_CONTENT = DATA_DIR / "cards.json"
CONTENT_ENV = "ONEIROS_SLEEP_TIGHT_CONTENT"

ACTION_TYPES = ("hide", "attack", "run", "collect")
DREAMS = ("cold", "shadow", "darkness", "desolation", "limbo")
DECK_SIZES = {"actions": 40, "dreamscapes": 28, "sandman": 28}

EffectKind = Literal[
    "draw",  # draw N Action cards
    "return_cards",  # shuffle N cards from your hand back into the Action deck
    "gain",  # take N fragments from the pile (or, with from_player, from another player)
    "damage",  # the affected players lose N fragments
    "steal_random",  # take one random card from the affected player's hand
    "look_take",  # the affected player shows you their hand, you take any card
    "discard_type",  # discard all played actions of a type; they have no effect
    "discard_sandman",  # discard N Sandman cards
    "prevent_sandman",  # prevent N damage dealt to you by the Sandman
    "prevent_players",  # prevent N damage dealt to you by other players
    "shield",  # all actions played against you by other players fail
    "dodge",  # pay 1 fragment and revive a Sandman card, or pass your damage on (or redirect)
    "untouchable",  # play no other card; no other effect or Sandman damage touches you
    "cancel_soul_consumer",  # Discard Soul Consumer
    "wake_up",  # Wake Up!
    "where_is_sandman",  # Where Is The Sandman
    "i_am_sandman",  # I Am the Sandman
]
Target = Literal["self", "other", "left", "right", "others"]

SPECIAL_KINDS = ("cancel_soul_consumer", "wake_up", "where_is_sandman", "i_am_sandman")
HELD_SPECIALS = ("cancel_soul_consumer", "wake_up", "i_am_sandman")
"""Special cards used from the hand, never played face down."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Model):
    kind: EffectKind
    amount: int = Field(1, ge=0, le=10)
    target: Target = "self"
    action_type: Literal["hide", "attack", "run", "collect"] | None = None
    from_player: bool = False
    options: tuple[Literal["pay", "pass", "redirect"], ...] = ("pay", "pass")

    @model_validator(mode="after")
    def _check(self) -> Effect:
        if self.kind == "discard_type" and self.action_type is None:
            raise ValueError("a discard_type effect names its action_type")
        if self.kind != "discard_type" and self.action_type is not None:
            raise ValueError("only a discard_type effect has an action_type")
        targeted = ("damage", "steal_random", "look_take")
        if self.kind in targeted and self.target == "self":
            raise ValueError(f"a {self.kind} effect affects another player (target)")
        if self.kind == "dodge" and not self.options:
            raise ValueError("a dodge effect offers pay, pass or both, or redirect")
        if self.kind == "dodge" and "redirect" in self.options and len(self.options) > 1:
            raise ValueError("a dodge effect that redirects the Sandman offers nothing else")
        if (
            self.kind == "dodge"
            and "redirect" in self.options
            and self.target
            not in (
                "left",
                "right",
            )
        ):
            raise ValueError("a dodge effect that redirects the Sandman names left or right")
        if self.kind == "dodge" and "pass" in self.options and self.target == "self":
            raise ValueError("a dodge effect that passes damage names its target")
        if self.from_player and self.kind != "gain":
            raise ValueError("only a gain effect can take from a player")
        return self


class ActionCard(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    type: Literal["hide", "attack", "run", "collect", "special"]
    requirement: int = Field(ge=0, le=10)
    copies: int = Field(1, ge=1, le=40)
    face_up: bool = False
    effects: tuple[Effect, ...]
    text: str

    @model_validator(mode="after")
    def _check(self) -> ActionCard:
        kinds = [e.kind for e in self.effects]
        specials = [k for k in kinds if k in SPECIAL_KINDS]
        if specials and (len(kinds) != 1 or self.type != "special"):
            raise ValueError(f"a {specials[0]} card is of type special and has that effect only")
        if self.type == "special" and not specials:
            raise ValueError("a special card has one special effect")
        if "return_cards" in kinds and "draw" not in kinds[: kinds.index("return_cards")]:
            raise ValueError("return_cards follows a draw effect")
        if "untouchable" in kinds and len(kinds) != 1:
            raise ValueError("an untouchable card has no other effect")
        return self

    @property
    def special(self) -> str | None:
        kind = self.effects[0].kind if self.effects else None
        return kind if kind in SPECIAL_KINDS else None


class Modifier(_Model):
    type: Literal["hide", "attack", "run", "collect"]
    multiply: int = Field(1, ge=0, le=5)
    add: int = Field(0, ge=-5, le=5)


class Dreamscape(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    dream: Literal["cold", "shadow", "darkness", "desolation", "limbo"]
    fragments: int = Field(ge=0, le=6)
    modifiers: tuple[Modifier, ...] = ()
    mark: Literal[3, 4] | None = None
    copies: int = Field(1, ge=1, le=28)
    text: str = ""


class SandmanCard(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    dreams: tuple[Literal["cold", "shadow", "darkness", "desolation"], ...] = ()
    kind: Literal["normal", "nullify", "soul_consumer"] = "normal"
    damage: int = Field(1, ge=0, le=5)
    mark: Literal[3, 4] | None = None
    copies: int = Field(1, ge=1, le=28)
    text: str = ""


class Content(_Model):
    format: Literal[1]
    title: str
    original: bool
    notice: str = ""
    actions: tuple[ActionCard, ...]
    dreamscapes: tuple[Dreamscape, ...]
    sandman: tuple[SandmanCard, ...]

    # ----- lookups (built once per file) ---------------------------------------------------
    def action(self, card: str) -> ActionCard:
        return _index(self)["actions"][card]

    def dreamscape(self, card: str) -> Dreamscape:
        return _index(self)["dreamscapes"][card]

    def sandman_card(self, card: str) -> SandmanCard:
        return _index(self)["sandman"][card]

    def special_id(self, kind: str) -> str | None:
        """The id of the Action card with the special effect ``kind``, if any."""
        for card in self.actions:
            if card.special == kind:
                return card.id
        return None


_INDEX: dict[int, dict[str, dict[str, Any]]] = {}


def _index(content: Content) -> dict[str, dict[str, Any]]:
    found = _INDEX.get(id(content))
    if found is None:
        found = {
            "actions": {c.id: c for c in content.actions},
            "dreamscapes": {c.id: c for c in content.dreamscapes},
            "sandman": {c.id: c for c in content.sandman},
        }
        _INDEX[id(content)] = found
    return found


def _entry_name(raw: Any, loc: tuple[Any, ...]) -> str:
    """``actions[3] (pickpocket)`` from a pydantic error location."""
    if not loc:
        return "(file)"
    parts = [str(loc[0])]
    node = raw.get(loc[0]) if isinstance(raw, dict) else None
    if len(loc) > 1 and isinstance(loc[1], int):
        parts[0] += f"[{loc[1]}]"
        if isinstance(node, list) and 0 <= loc[1] < len(node) and isinstance(node[loc[1]], dict):
            card_id = node[loc[1]].get("id")
            if card_id:
                parts[0] += f" ({card_id})"
        rest = loc[2:]
    else:
        rest = loc[1:]
    if rest:
        parts.append(".".join(str(x) for x in rest))
    return " ".join(parts)


def _cross_problems(content: Content, file: str) -> Iterator[Problem]:
    sections: tuple[tuple[str, tuple[ActionCard | Dreamscape | SandmanCard, ...]], ...] = (
        ("actions", content.actions),
        ("dreamscapes", content.dreamscapes),
        ("sandman", content.sandman),
    )
    for section, models in sections:
        seen: set[str] = set()
        for i, card in enumerate(models):
            if card.id in seen:
                yield Problem(file, f"{section}[{i}] ({card.id})", "duplicate id")
            seen.add(card.id)
        total = sum(card.copies for card in models)
        if total != DECK_SIZES[section]:
            yield Problem(
                file,
                section,
                f"{total} cards in all; the game has {DECK_SIZES[section]} "
                '(sleep-tight "Components")',
            )
    for kind in ("i_am_sandman", "where_is_sandman", "cancel_soul_consumer", "wake_up"):
        cards = [c for c in content.actions if c.special == kind]
        copies = sum(c.copies for c in cards)
        if copies > 1:
            yield Problem(file, f"actions ({cards[0].id})", f"at most one {kind} card")
    consumers = [c for c in content.sandman if c.kind == "soul_consumer"]
    if sum(c.copies for c in consumers) > 1:
        yield Problem(file, f"sandman ({consumers[0].id})", "at most one Soul Consumer")
    if content.special_id("cancel_soul_consumer") and not consumers:
        yield Problem(file, "actions", "Discard Soul Consumer without a Soul Consumer")
    # Enough Dreamscapes for one round at every player count.
    for players in (1, 2, 3, 4):
        left = sum(d.copies for d in content.dreamscapes if d.mark is None or d.mark <= players)
        if left < players:
            yield Problem(file, "dreamscapes", f"fewer than {players} left for {players}")
        sandman = sum(s.copies for s in content.sandman if s.mark is None or s.mark <= players)
        if sandman < 1:
            yield Problem(file, "sandman", f"no Sandman card left for {players} players")


def _cross_check(data: Content, file: str) -> None:
    """Raise the first problem of :func:`_cross_problems` as a ``ContentError``."""
    for problem in _cross_problems(data, file):
        raise ContentError(problem.file, problem.entry, problem.problem)


def parse_content(raw: Any, file: str) -> Content:
    """Validate raw JSON data; raise ``ContentError(file, entry, problem)``."""
    try:
        content = Content.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(err.get("loc", ()))
        problem = str(err.get("msg", "invalid"))
        if err.get("type") == "literal_error" or err.get("type") == "extra_forbidden":
            problem += f" (got {err.get('input')!r})"
        raise ContentError(file, _entry_name(raw, loc), problem) from None
    _cross_check(content, file)
    return content


@lru_cache(maxsize=16)
def _load_cached(path: str, mtime: float) -> Content:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(path, "(file)", f"cannot be read: {exc.strerror or exc}") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(path, f"line {exc.lineno}", f"not valid JSON: {exc.msg}") from None
    return parse_content(raw, path)


def content_path(option: str | None = None) -> str:
    """The content file in use: the option, else the environment variable, else the default."""
    chosen = option or os.environ.get(CONTENT_ENV) or ""
    return str(Path(chosen).expanduser()) if chosen else str(DEFAULT_CONTENT)


def load_content(option: str | None = None) -> Content:
    """Load and validate a content file (cached per path and modification time)."""
    path = content_path(option)
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        raise ContentError(path, "(file)", "does not exist") from None
    return _load_cached(path, mtime)


CONTENT_FORMAT = FileFormat(
    "sleep-tight",
    Content,
    DEFAULT_CONTENT,
    facts=_cross_problems,
    describe=lambda c: (
        f"{'original' if c.original else 'transcription'}, {len(c.actions)} Action, "
        f"{len(c.dreamscapes)} Dreamscape and {len(c.sandman)} Sandman designs"
    ),
)
"""What ``oneiros content check sleep-tight [FILE]`` validates (declared in pyproject.toml)."""
