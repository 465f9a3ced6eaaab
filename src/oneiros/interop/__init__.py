"""Standard interfaces for AI research (the ``rl`` extra: ``pip install -e '.[rl]'``).

- ``oneiros.interop.pettingzoo.env(game, players=...)``: a PettingZoo AEC environment,
  and ``parallel_env(game, players=...)`` the parallel one;
- ``oneiros.interop.gymnasium.make(game, seat=0, opponents="heuristic")``: one seat
  against bots, as a Gymnasium environment (importing the module registers
  ``oneiros/<game>-v0`` with Gymnasium);
- ``oneiros.interop.openspiel.register()``: every game as a pyspiel Python game
  (``python_oneiros_<game>``).

Each works for any game that declares the machine-learning encodings of the core API
(``game.action_ids()``, ``game.observation_shape``, ``state.observation_tensor``). The
modules are imported on demand so that the core does not need the ``rl`` extra, and each
imports only its own library (PettingZoo's adapter also Gymnasium, whose spaces PettingZoo
uses).
"""
