"""Train a MaskablePPO policy for one Lucidity seat against the heuristic bot, evaluate it
against random and heuristic play with 95% Wilson intervals, and save it.

Needs the ``train`` extra (sb3-contrib and PyTorch; install PyTorch's CPU build first if
you have no GPU, or pip brings the much larger CUDA one)::

    pip install -e '.[train]'
    python examples/train_lucidity_ppo.py --timesteps 50000 --out lucidity_ppo.zip
    oneiros simulate lucidity -p 2 -a policy:path=lucidity_ppo.zip,heuristic --rotate -n 200

What it does:

1. ``--envs`` Gymnasium environments (``oneiros.interop.gymnasium``), each one seat of a
   ``--players`` game against ``--opponents`` bots, the seats spread over the environments
   so the policy learns every seat (the observation tensor says whose seat it is);
2. MaskablePPO from sb3-contrib with its default MLP, choosing only legal actions through
   ``env.action_masks()``; rewards are +1 for a win and -1 otherwise (``--shaped`` adds
   the game's potential-based shaping);
3. the saved policy is loaded back as the ``policy:path=...`` agent that ``oneiros
   simulate`` and ``oneiros play`` use, and plays ``--eval-games`` games against each
   evaluation opponent, its seat rotating; the win rate comes with a 95% Wilson interval.

``--evaluate FILE`` skips training and evaluates a saved policy (or any agent spec with
``--agent``, which needs no extra: ``--agent random --eval-games 100``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import oneiros
from oneiros.agents import Agent, make_agent
from oneiros.core import ConfigError, Game
from oneiros.sim.loop import play_game
from oneiros.sim.stats import wilson

TRAIN_EXTRA = "needs the train extra: pip install -e '.[train]' (sb3-contrib and PyTorch)"


@dataclass
class Evaluation:
    """How one agent did against one opponent: wins out of games, with a 95% interval."""

    opponent: str
    games: int
    wins: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def __str__(self) -> str:
        return (
            f"against {self.opponent}: won {self.wins}/{self.games} = {self.rate:.1%} "
            f"[{self.low:.1%}, {self.high:.1%}]"
        )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="train_lucidity_ppo.py",
        description="Train MaskablePPO for one seat of Lucidity against a bot, evaluate it "
        "with Wilson intervals and save it as a policy:path=... agent.",
    )
    p.add_argument("--game", default="lucidity", help="the game (default: lucidity)")
    p.add_argument("--players", type=int, default=2, help="players in a game (default: 2)")
    p.add_argument("--ruleset", default=None, help="rule set (the game's default)")
    p.add_argument(
        "--opponents", default="heuristic", help="the bots trained against (default: heuristic)"
    )
    p.add_argument("--timesteps", type=int, default=50_000, help="training steps (default: 50000)")
    p.add_argument("--envs", type=int, default=4, help="environments stepped together (4)")
    p.add_argument("--shaped", action="store_true", help="add the game's shaping reward")
    p.add_argument("--seed", type=int, default=0, help="seed of training and evaluation")
    p.add_argument(
        "--eval-games", type=int, default=200, help="games per evaluation opponent (200)"
    )
    p.add_argument(
        "--eval-against",
        default="random,heuristic",
        help="comma-separated opponents to evaluate against (default: random,heuristic)",
    )
    p.add_argument("--out", default="lucidity_ppo.zip", help="where the policy is saved")
    p.add_argument("--evaluate", metavar="FILE", help="evaluate a saved policy, no training")
    p.add_argument("--agent", help="evaluate this agent spec instead (no training, no extra)")
    p.add_argument("--json", action="store_true", help="print the results as one JSON line")
    args = p.parse_args(argv)
    for name in ("players", "timesteps", "envs", "eval_games"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.evaluate and args.agent:
        p.error("give --evaluate FILE or --agent SPEC, not both")
    return args


def evaluate(game: Game, agent: Agent, opponent: str, games: int, seed: int = 0) -> Evaluation:
    """``agent`` plays ``games`` games against ``opponent`` bots in every other seat, its
    own seat rotating (game i: seat i mod players); a win is its seat among the winners."""
    wins = 0
    for i in range(games):
        seat = i % game.players
        agents = [agent if s == seat else make_agent(opponent, game) for s in range(game.players)]
        result = play_game(game, agents, seed=seed + i, index=i)
        wins += seat in result.winners
    low, high = wilson(wins, games)
    return Evaluation(opponent, games, wins, low, high)


def train(args: argparse.Namespace, game: Game) -> dict[str, Any]:
    """Train and save; returns what happened (steps, seconds)."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ModuleNotFoundError:
        raise ConfigError(TRAIN_EXTRA) from None
    import gymnasium
    import numpy as np

    from oneiros.interop.gymnasium import OneirosEnv

    torch.set_num_threads(1)

    class TensorOnly(gymnasium.ObservationWrapper):  # type: ignore[type-arg]
        """The observation tensor alone; the mask goes through ``action_masks()``."""

        def __init__(self, env: OneirosEnv) -> None:
            super().__init__(env)
            self.observation_space = env.observation_space["observation"]

        def observation(self, observation: dict[str, Any]) -> Any:
            return observation["observation"]

        def action_masks(self) -> np.ndarray:
            return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]

    def make_env(k: int) -> Any:
        def build() -> TensorOnly:
            env = OneirosEnv(
                game.name,
                seat=k % game.players,
                opponents=args.opponents,
                players=game.players,
                ruleset=game.ruleset,
                shaped=args.shaped,
            )
            env.reset(seed=args.seed * 1000 + k)
            return TensorOnly(env)

        return build

    vec = DummyVecEnv([make_env(k) for k in range(args.envs)])
    n_steps = max(16, min(512, args.timesteps // args.envs))
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=n_steps,
        batch_size=min(256, n_steps * args.envs),
        gamma=0.995,
        ent_coef=0.01,
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    seconds = time.perf_counter() - start
    model.save(args.out)
    return {"timesteps": int(model.num_timesteps), "train_seconds": round(seconds, 1)}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    try:
        game = oneiros.make(args.game, players=args.players, ruleset=args.ruleset)
        make_agent(args.opponents, game)  # a bad spec fails before any training
        out: dict[str, Any] = {"game": game.name, "players": game.players}
        if args.agent:
            spec = args.agent
        else:
            if not args.evaluate:
                out.update(train(args, game))
                print(f"trained {out['timesteps']} steps in {out['train_seconds']} s")
            path = args.evaluate or args.out
            spec = f"policy:path={path}"
            if not args.evaluate:
                print(f"saved {path}: play it with `oneiros simulate {game.name} -a {spec},...`")
        agent = make_agent(spec, game)
        out["agent"] = spec
        results = []
        for opponent in [o.strip() for o in args.eval_against.split(",") if o.strip()]:
            result = evaluate(game, agent, opponent, args.eval_games, seed=10_000 + args.seed)
            results.append(result)
            if not args.json:
                print(result)
        out["evaluations"] = [asdict(r) | {"rate": r.rate} for r in results]
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if args.json:
        print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
