"""A PPO-style training loop with action masking, against the heuristic bot.

It trains nothing heavy: the policy is a linear softmax over the game's action space and
the critic a linear value function, both in plain numpy, so that the loop itself is easy
to read and to replace with your own networks. What matters is the shape of the loop:

1. collect episodes from one seat with ``oneiros.interop.gymnasium`` (the other seats are
   bots); sample only legal actions by masking the logits with ``obs["action_mask"]``;
2. compute advantages with generalised advantage estimation (GAE);
3. update the policy with the clipped PPO surrogate for a few epochs, and the critic by
   regression on the returns.

    .venv/bin/python examples/ppo_skeleton.py --game lucidity --players 4 --iterations 5
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from oneiros import OneirosError
from oneiros.interop.gymnasium import make


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Probabilities over the legal actions only (``mask`` is 1 for a legal action)."""
    legal = mask.astype(bool)
    z = np.where(legal, logits, -np.inf)
    z = z - z[legal].max()
    p = np.exp(z)
    return p / p.sum()


class LinearActorCritic:
    """Logits = obs @ W + b; value = obs @ v + c."""

    def __init__(self, obs_size: int, n_actions: int) -> None:
        self.W = np.zeros((obs_size, n_actions))
        self.b = np.zeros(n_actions)
        self.v = np.zeros(obs_size)
        self.c = 0.0

    def policy(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return masked_softmax(obs @ self.W + self.b, mask)

    def value(self, obs: np.ndarray) -> float:
        return float(obs @ self.v + self.c)


@dataclass
class Batch:
    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    logps: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    rewards: list[float] = field(default_factory=list)
    dones: list[bool] = field(default_factory=list)


def collect(
    env: Any, model: LinearActorCritic, episodes: int, rng: np.random.Generator, seed: int
) -> tuple[Batch, list[float]]:
    """Play ``episodes`` games; returns the transitions and each episode's return."""
    batch = Batch()
    returns = []
    for k in range(episodes):
        obs, _info = env.reset(seed=seed + k)
        total = 0.0
        done = False
        while not done:
            x = obs["observation"].astype(np.float64)
            mask = obs["action_mask"]
            p = model.policy(x, mask)
            action = int(rng.choice(len(p), p=p))
            assert mask[action], "masked sampling only picks legal actions"
            obs, reward, terminated, truncated, info = env.step(action)
            assert "illegal_action" not in info
            done = terminated or truncated
            batch.obs.append(x)
            batch.masks.append(mask)
            batch.actions.append(action)
            batch.logps.append(float(np.log(p[action])))
            batch.values.append(model.value(x))
            batch.rewards.append(float(reward))
            batch.dones.append(done)
            total += float(reward)
        returns.append(total)
    return batch, returns


def gae(batch: Batch, gamma: float, lam: float) -> tuple[np.ndarray, np.ndarray]:
    """Advantages and value targets, restarting at each episode end."""
    n = len(batch.rewards)
    adv = np.zeros(n)
    last = 0.0
    for t in reversed(range(n)):
        next_value = 0.0 if batch.dones[t] else batch.values[t + 1]
        delta = batch.rewards[t] + gamma * next_value - batch.values[t]
        last = delta + gamma * lam * (0.0 if batch.dones[t] else last)
        adv[t] = last
    return adv, adv + np.asarray(batch.values)


def ppo_update(
    model: LinearActorCritic,
    batch: Batch,
    adv: np.ndarray,
    targets: np.ndarray,
    clip: float = 0.2,
    lr: float = 0.05,
    epochs: int = 4,
) -> float:
    """Clipped-surrogate steps on the policy and squared-error steps on the critic;
    returns the mean policy entropy before the update."""
    obs = np.stack(batch.obs)
    old_logp = np.asarray(batch.logps)
    actions = np.asarray(batch.actions)
    norm_adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    entropy = 0.0
    for epoch in range(epochs):
        grad_W = np.zeros_like(model.W)
        grad_b = np.zeros_like(model.b)
        entropies = []
        for t in range(len(actions)):
            p = model.policy(obs[t], batch.masks[t])
            entropies.append(-float(np.sum(p[p > 0] * np.log(p[p > 0]))))
            ratio = np.exp(np.log(p[actions[t]]) - old_logp[t])
            a = norm_adv[t]
            clipped = (a > 0 and ratio > 1 + clip) or (a < 0 and ratio < 1 - clip)
            if clipped:
                continue  # the clipped objective is flat here: no gradient
            dlogits = -p
            dlogits[actions[t]] += 1.0  # gradient of log pi(a|s) w.r.t. the logits
            grad_W += np.outer(obs[t], ratio * a * dlogits)
            grad_b += ratio * a * dlogits
        if epoch == 0:
            entropy = float(np.mean(entropies))
        model.W += lr * grad_W / len(actions)
        model.b += lr * grad_b / len(actions)
    values = obs @ model.v + model.c
    err = values - targets
    model.v -= lr * obs.T @ err / len(err)
    model.c -= lr * float(err.mean())
    return entropy


def train(
    game: str = "lucidity",
    players: int | None = None,
    seat: int = 0,
    opponents: str = "heuristic",
    iterations: int = 5,
    episodes: int = 4,
    seed: int = 0,
) -> list[dict[str, float]]:
    env = make(game, seat=seat, opponents=opponents, players=players)
    obs_size = int(np.prod(env.observation_space["observation"].shape))
    model = LinearActorCritic(obs_size, int(env.action_space.n))
    rng = np.random.default_rng(seed)
    history = []
    for it in range(iterations):
        batch, returns = collect(env, model, episodes, rng, seed=seed + it * episodes)
        adv, targets = gae(batch, gamma=0.99, lam=0.95)
        entropy = ppo_update(model, batch, adv, targets)
        row = {
            "iteration": it,
            "steps": len(batch.actions),
            "mean_return": float(np.mean(returns)),
            "entropy": entropy,
        }
        history.append(row)
        print(
            f"iteration {it}: {row['steps']} steps, mean return {row['mean_return']:+.2f}, "
            f"policy entropy {entropy:.2f}"
        )
    env.close()
    return history


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lucidity")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--opponents", default="heuristic")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--episodes", type=int, default=4, help="episodes per iteration")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        return train(
            args.game,
            args.players,
            args.seat,
            args.opponents,
            args.iterations,
            args.episodes,
            args.seed,
        )
    except OneirosError as exc:
        parser.exit(2, f"error: {exc}\n")


if __name__ == "__main__":
    main()
