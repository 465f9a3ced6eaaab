"""The step stack: nested, multi-step resolution without ad-hoc flags.

A game keeps its pending work as a stack of immutable :class:`Step` values. The top step
decides who acts and what is legal; resolving it pops it or replaces it, and a step that
interrupts another (a shadow effect that draws a new die, another seat choosing which die
you reroll) is pushed on top and resolved first. Steps are immutable, so cloning a state
copies the stack with one list copy.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class Step:
    """One pending piece of work: a ``kind``, the seat that acts (``CHANCE`` for chance,
    or -2 for an automatic step) and a few named values."""

    __slots__ = ("data", "kind", "player")

    # read by core.flow, which runs these steps through the game's legacy_* hooks
    _role = 5
    _flags = 0
    _fixed_rule = True
    rule = ""

    kind: str
    player: int
    data: dict[str, Any]

    def __init__(self, kind: str, player: int, **data: Any) -> None:
        # the slots are written through their descriptors (``__setattr__`` refuses)
        _set_kind(self, kind)
        _set_player(self, player)
        _set_data(self, data)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Step is immutable: use step.replace(...)")

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def replace(self, **changes: Any) -> Step:
        """A copy of this step with some values changed."""
        data = self.data.copy()
        player = changes.pop("player", self.player)
        data.update(changes)
        new = Step.__new__(Step)
        _set_kind(new, self.kind)
        _set_player(new, player)
        _set_data(new, data)
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.kind, self.player, self.data) == (other.kind, other.player, other.data)

    def __hash__(self) -> int:
        return hash((self.kind, self.player))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.data.items())
        return f"Step({self.kind!r}, player={self.player}{', ' if args else ''}{args})"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "data": dict(self.data)}

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_step, (self.kind, self.player, self.data))


def _rebuild_step(kind: str, player: int, data: dict[str, Any]) -> Step:
    return Step(kind, player, **data)


_set_kind = vars(Step)["kind"].__set__
_set_player = vars(Step)["player"].__set__
_set_data = vars(Step)["data"].__set__


class StepStack:
    """A stack of pending :class:`Step` values; the last pushed is resolved first."""

    __slots__ = ("_items",)

    def __init__(self, items: list[Step] | None = None) -> None:
        self._items: list[Step] = list(items) if items else []

    def push(self, step: Step) -> None:
        self._items.append(step)

    def pop(self) -> Step:
        return self._items.pop()

    @property
    def top(self) -> Step | None:
        return self._items[-1] if self._items else None

    def replace_top(self, step: Step) -> None:
        self._items[-1] = step

    def clear(self) -> None:
        self._items.clear()

    def copy(self) -> StepStack:
        new = StepStack.__new__(StepStack)
        new._items = self._items.copy()
        return new

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[Step]:
        """From the bottom of the stack to the top."""
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StepStack):
            return NotImplemented
        return self._items == other._items

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"StepStack({self._items!r})"
