"""Pebbles with a declared shaping potential (banked pebbles / 6), passed to the adapters
as a Game instance so that no extra game is registered."""

from __future__ import annotations

from tests.tinygame import Pebbles, PebblesState


class ShapedPebblesState(PebblesState):
    def reward_potential(self, seat: int) -> float:
        return self.banked[seat] / 6

    def _copy(self) -> ShapedPebblesState:
        new = super()._copy()
        new.__class__ = ShapedPebblesState
        return new  # type: ignore[return-value]


class ShapedPebbles(Pebbles):
    def new_state(self, seed: int | None = None) -> ShapedPebblesState:
        return ShapedPebblesState(self, seed)


class PlainPebbles(Pebbles):
    """Pebbles without any machine-learning encoding."""

    def action_ids(self) -> list[str]:
        raise NotImplementedError("no action space")
