"""A trained policy as an agent: ``policy:path=lucidity_ppo.zip``.

The file is a MaskablePPO model (sb3-contrib) trained on a game's observation tensor, such
as the one ``examples/train_lucidity_ppo.py`` saves. The agent feeds the model its seat's
``observation_tensor`` and ``legal_action_mask`` (the same encodings the Gymnasium adapter
gives) and plays the action the model picks among the legal ones. Loading needs the
``train`` extra (``pip install -e '.[train]'``: sb3-contrib and PyTorch); without it,
or with a file that does not fit the game, the agent is refused with a one-line
``ConfigError``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core import Action, ConfigError, Game, State
from .base import Agent, AgentInfo, register_agent

_EXTRA = "the policy agent needs the train extra: pip install -e '.[train]' (sb3-contrib, torch)"


@lru_cache(maxsize=8)
def _load(path: str, mtime: float) -> Any:
    """The model at ``path`` (cached per file version: every seat and game shares it)."""
    try:
        from sb3_contrib import MaskablePPO
    except ModuleNotFoundError:
        raise ConfigError(_EXTRA) from None
    try:
        return MaskablePPO.load(path, device="cpu")
    except Exception as exc:  # a zip that is not a MaskablePPO model, a truncated file...
        raise ConfigError(
            f"policy file {path!r} is not a MaskablePPO model ({type(exc).__name__}: {exc})"
        ) from None


class PolicyAgent(Agent):
    """Plays what a trained MaskablePPO policy picks among the legal actions."""

    name = "policy"

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        path: str | None = None,
        deterministic: bool = True,
        **params: Any,
    ) -> None:
        super().__init__(game, seed, path=path, deterministic=deterministic, **params)
        if not path or not isinstance(path, str):
            raise ConfigError("agent 'policy' needs path=FILE (a model saved by the trainer)")
        file = Path(path).expanduser()
        if not file.is_file():
            raise ConfigError(f"policy file {path!r} does not exist")
        if not isinstance(deterministic, bool):
            raise ConfigError(f"deterministic must be true or false, not {deterministic!r}")
        try:
            import numpy as np
        except ModuleNotFoundError:
            raise ConfigError(_EXTRA) from None
        self._np = np
        self.model = _load(str(file.resolve()), file.stat().st_mtime)
        self.deterministic = deterministic
        try:
            ids, shape = game.action_ids(), tuple(game.observation_shape)
        except NotImplementedError:
            raise ConfigError(f"{game.name} declares no observation tensor for a policy") from None
        got_shape = tuple(getattr(self.model.observation_space, "shape", ()) or ())
        got_n = int(getattr(self.model.action_space, "n", -1))
        if got_shape != shape or got_n != len(ids):
            raise ConfigError(
                f"policy file {path!r} was trained on observations {got_shape} and "
                f"{got_n} actions; {game.name} has {shape} and {len(ids)}"
            )

    def act(self, state: State, player: int) -> Action:
        np = self._np
        obs = np.asarray(state.observation_tensor(player), dtype=np.float32)
        mask = np.asarray(state.legal_action_mask(player), dtype=bool)
        index, _ = self.model.predict(obs, action_masks=mask, deterministic=self.deterministic)
        chosen = self.game.action_ids()[int(index)]
        for action in state.legal_actions(player):
            if action.id == chosen:
                return action
        raise RuntimeError(f"the policy chose {chosen!r} outside the legal-action mask")


register_agent(
    AgentInfo(
        "policy",
        "a trained MaskablePPO policy file (the train extra)",
        PolicyAgent,
        {
            "path": "the model file saved by examples/train_lucidity_ppo.py",
            "deterministic": "play the most likely action (true, default) or sample (false)",
        },
    )
)
