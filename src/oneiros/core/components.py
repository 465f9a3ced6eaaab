"""Physical components worth sharing between games: a bag, a deck and a die (maps and
boards: ``core/board.py``).

Each exposes chance the same way: ``outcomes()`` gives (value, probability) pairs and
``sample(rng)`` draws with the same distribution, fast.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


def weighted_choice(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """Pick one value from (value, probability) pairs."""
    r = rng.random()
    acc = 0.0
    for value, p in outcomes:
        acc += p
        if r < acc:
            return value
    return outcomes[-1][0]


class Bag(Generic[T]):
    """A multiset of kinds (dice colours, tokens). Drawing is a chance over kinds weighted by
    their counts; the order of the contents is never stored, so shaking the bag is free."""

    __slots__ = ("counts", "total")

    def __init__(self, counts: dict[T, int] | None = None) -> None:
        self.counts: dict[T, int] = {}
        self.total = 0
        for kind, n in (counts or {}).items():
            self.add(kind, n)

    def add(self, kind: T, n: int = 1) -> None:
        if n < 0:
            raise ValueError(f"cannot add {n} of {kind!r}")
        self.counts[kind] = self.counts.get(kind, 0) + n
        self.total += n

    def remove(self, kind: T, n: int = 1) -> None:
        have = self.counts.get(kind, 0)
        if n > have:
            raise ValueError(f"the bag holds {have} of {kind!r}, cannot remove {n}")
        self.counts[kind] = have - n
        self.total -= n

    def count(self, kind: T) -> int:
        return self.counts.get(kind, 0)

    def kinds(self) -> list[T]:
        """The kinds present (count > 0), in a stable order."""
        return [k for k, n in self.counts.items() if n > 0]

    def outcomes(self) -> list[tuple[T, float]]:
        total = self.total
        return [(k, n / total) for k, n in self.counts.items() if n > 0]

    def exact_outcomes(self) -> list[tuple[T, Fraction]]:
        return [(k, Fraction(n, self.total)) for k, n in self.counts.items() if n > 0]

    def sample(self, rng: random.Random) -> T:
        if self.total <= 0:
            raise ValueError("cannot draw from an empty bag")
        r = rng.randrange(self.total)
        for kind, n in self.counts.items():
            if r < n:
                return kind
            r -= n
        raise AssertionError("unreachable")  # pragma: no cover

    def copy(self) -> Bag[T]:
        new: Bag[T] = Bag.__new__(Bag)
        new.counts = self.counts.copy()
        new.total = self.total
        return new

    def __len__(self) -> int:
        return self.total

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Bag):
            return NotImplemented
        return {k: n for k, n in self.counts.items() if n} == {
            k: n for k, n in other.counts.items() if n
        }

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Bag({ {k: n for k, n in self.counts.items() if n} })"


class Deck(Generic[T]):
    """A deck of cards: an unordered unknown part between known top and bottom sequences.

    Cards put on top or at the bottom in a chosen order stay ordered; the rest is unknown, so
    a shuffle is free and drawing from the unknown part is a chance over the distinct cards
    left (weighted by copies). ``top[0]`` is the top card; ``bottom[-1]`` the bottom card.
    """

    __slots__ = ("bottom", "top", "unknown")

    def __init__(self, cards: Iterable[T] = ()) -> None:
        self.unknown: Bag[T] = Bag()
        for card in cards:
            self.unknown.add(card)
        self.top: list[T] = []
        self.bottom: list[T] = []

    def __len__(self) -> int:
        return len(self.top) + self.unknown.total + len(self.bottom)

    def next_is_chance(self) -> bool:
        """Whether drawing the next card is a chance decision."""
        return not self.top and self.unknown.total > 0

    def next_known(self) -> T | None:
        """The next card when it is known (top sequence, or bottom once the rest is gone)."""
        if self.top:
            return self.top[0]
        if self.unknown.total == 0 and self.bottom:
            return self.bottom[0]
        return None

    def outcomes(self) -> list[tuple[T, float]]:
        """Chance over the next card; a single certain outcome when it is known."""
        known = self.next_known()
        if known is not None:
            return [(known, 1.0)]
        return self.unknown.outcomes()

    def sample(self, rng: random.Random) -> T:
        known = self.next_known()
        return known if known is not None else self.unknown.sample(rng)

    def take(self, card: T) -> None:
        """Remove the drawn ``card`` from where the next card comes from."""
        if self.top:
            if self.top[0] != card:
                raise ValueError(f"the top card is {self.top[0]!r}, not {card!r}")
            self.top.pop(0)
        elif self.unknown.total:
            self.unknown.remove(card)
        elif self.bottom:
            if self.bottom[0] != card:
                raise ValueError(f"the next card is {self.bottom[0]!r}, not {card!r}")
            self.bottom.pop(0)
        else:
            raise ValueError("cannot draw from an empty deck")

    def remove_anywhere(self, card: T) -> None:
        """Take a specific card out wherever it is (searching a deck)."""
        if card in self.top:
            self.top.remove(card)
        elif self.unknown.count(card):
            self.unknown.remove(card)
        elif card in self.bottom:
            self.bottom.remove(card)
        else:
            raise ValueError(f"{card!r} is not in the deck")

    def put_top(self, card: T) -> None:
        self.top.insert(0, card)

    def put_bottom(self, card: T) -> None:
        self.bottom.append(card)

    def add_unknown(self, card: T) -> None:
        """Shuffle one card into the deck."""
        self.unknown.add(card)

    def shuffle(self) -> None:
        for card in self.top + self.bottom:
            self.unknown.add(card)
        self.top.clear()
        self.bottom.clear()

    def cards(self) -> list[T]:
        """Every card in the deck (the unknown part in a canonical order)."""
        out = list(self.top)
        for card, n in self.unknown.counts.items():
            out.extend([card] * n)
        out.extend(self.bottom)
        return out

    def copy(self) -> Deck[T]:
        new: Deck[T] = Deck.__new__(Deck)
        new.unknown = self.unknown.copy()
        new.top = self.top.copy()
        new.bottom = self.bottom.copy()
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return (self.top, self.unknown, self.bottom) == (other.top, other.unknown, other.bottom)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Deck(top={self.top!r}, unknown={self.unknown!r}, bottom={self.bottom!r})"


class Die(Generic[T]):
    """A die with named faces (a face may repeat). Rolling is a chance over distinct faces."""

    __slots__ = ("_outcomes", "faces", "name")

    def __init__(self, name: str, faces: Sequence[T]) -> None:
        if not faces:
            raise ValueError(f"die {name!r} has no faces")
        self.name = name
        self.faces: tuple[T, ...] = tuple(faces)
        counts: dict[T, int] = {}
        for face in self.faces:
            counts[face] = counts.get(face, 0) + 1
        n = len(self.faces)
        self._outcomes: list[tuple[T, float]] = [(f, c / n) for f, c in counts.items()]

    def outcomes(self) -> list[tuple[T, float]]:
        return self._outcomes

    def probability(self, face: T) -> float:
        return self.faces.count(face) / len(self.faces)

    def sample(self, rng: random.Random) -> T:
        return self.faces[rng.randrange(len(self.faces))]

    def __repr__(self) -> str:
        return f"Die({self.name!r}, {self.faces!r})"
