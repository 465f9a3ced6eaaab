"""Monte Carlo tree search bots: ``mcts`` and ``ismcts`` (information-set MCTS).

Both search with UCT from the position they are handed and know nothing of any game:

- chance nodes are sampled with ``state.sample_chance`` (open loop: a chance outcome leads to
  the child of that outcome), so dice, bags and decks need no special code;
- each node keeps, per (seat, action), a visit count and the total reward *of the seat that
  chose the action*, so multi-player games are searched from each mover's point of view;
- rewards come from the end of a playout: 0.9 for a win (a shared win counts as a win) plus
  0.1 times the seat's score normalised between the lowest and highest score;
- playouts use the game's heuristic bot when it has one (``rollout=heuristic``, the default)
  or uniformly random moves (``rollout=random``); they run through the game's playout kernel
  (``Game.playout_results``: the same game without the per-action API) when it has one that
  covers the configuration (``fast=false`` turns that off), through ``Game.playout_root``
  when the game has it (the root converted to the kernel's state once a move, each leaf's
  path replayed from it: the same games); ``playouts=N`` values each new
  leaf by the mean of N playouts (default through a compiled kernel: 4 in 2-player games,
  2 otherwise; else 1);
- when the game has a heuristic bot, its move is expanded first at every node and gets a
  progressive bias ``bias / (visits + 1)`` in the UCT value (``bias=``, default 2; 0 turns
  it off), so a short search departs from the heuristic only on evidence; with
  ``confirm=N`` a departure must also win N paired playouts of both moves with common
  random numbers (a better total; ties keep the heuristic's move);
- with ``trust=N`` the heuristic bot's move is played without a search when N playouts
  after it (a new determinization each) all end in a win for the deciding seat: no move can
  do better there (cooperative games, where the bot mostly wins, spend their search on the
  positions in doubt); off by default;
- a game's heuristic bot may carry a ``routine(state, seat)`` test: the sub-decisions it
  marks (which card pays, which way to step, once an action is chosen) follow the bot's
  move, in ``act`` and inside the tree (a progressive widening of width 1 there), so the
  search branches on the decisions that choose what to do; games without it are searched
  as before;
- the budget is ``iterations=`` and/or ``seconds=`` (whichever ends first); with an
  iteration budget the search stops sooner once the most visited move leads every other
  legal move by more visits than iterations are left (the same move, in less time).

``mcts`` searches the single position it is given: in a hidden-information game that is a
determinized view (hidden parts resampled), never the real state. ``ismcts`` is
single-observer information-set MCTS: every iteration re-samples the hidden information
consistent with the deciding seat's knowledge (``state.determinize(seat, rng)``), only the
actions available in that sample compete (UCB with availability counts), and in
hidden-information games the moves of other seats and chance outcomes are merged by what the
observer sees of them (the events visible to it and who moves next), so the search never
branches on something the observer cannot know. When several seats decide at the same time,
the searching seat decides first in the tree, so its choice never depends on theirs.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from typing import Any

from ..core import CHANCE, Action, ConfigError, Game, PlayoutRoot, Policy, State
from .base import Agent, AgentInfo, register_agent

DEFAULT_ITERATIONS = 200
FAST_ITERATIONS = 1500
"""The default budget when playouts run through a compiled playout kernel, where they cost
about a fifteenth of an engine playout (the plain Python kernel: about three quarters, so
the default stays 200 there)."""
FAST_PLAYOUTS = 2
"""The default playouts per new leaf through a compiled playout kernel: after the walk down
the tree and the conversion of the leaf, a further compiled playout costs little, and
averaging two chose better moves than one with more iterations in the same time (see
docs/benchmarks.md); elsewhere the default is one."""
TWO_ITERATIONS = 2400
TWO_PLAYOUTS = 4
"""The defaults (iterations, playouts per new leaf) through a compiled playout kernel in
2-player games. There the tree is shallow in effect (a chance outcome leads to its own
child, and Lucidity draws or throws dice between most decisions), so the search mostly
compares the moves at the root by their playouts, and after the walk down the tree more
compiled playouts cost little: four a leaf gave away less against a much longer search's
values than two with the same time per move (docs/benchmarks.md, "Bot strength with the
kernel"). Since the kernel replays each leaf's path from the root instead of converting the
leaf (``Game.playout_root``), an iteration costs about 0.6 of what it did, and 2,400
iterations take the time per move of the default before the kernel. Games of more players
keep ``FAST_ITERATIONS`` and ``FAST_PLAYOUTS``: their playouts are longer, so more of them
cost a larger share of each iteration and of the iterations per second."""
WIN_WEIGHT = 0.9
SCORE_WEIGHT = 0.1


STOP_CHECK = 50
"""Every this many iterations the search stops early once the remaining iterations cannot
change the move (see ``_settled``)."""


class _Edge:
    """Statistics of one (seat, action) at a node."""

    __slots__ = ("avail", "n", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 1


class _Node:
    __slots__ = ("children", "edges", "hints")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, str], _Edge] = {}
        self.children: dict[Hashable, _Node] = {}
        self.hints: dict[int, str] | None = None
        """The heuristic bot's move per seat at this node (asked once)."""

    def child(self, key: Hashable) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node


def _settled(root: _Node, player: int, legal: list[Action], left: int) -> bool:
    """Whether the legal move with the most visits at ``root`` stays the most visited
    whatever the ``left`` remaining iterations do: the move is chosen by visits (then by
    mean reward), and one iteration adds one visit to one move, so a lead of more than
    ``left`` visits over every other move decides it already."""
    first = second = 0
    edges = root.edges
    for action in legal:
        edge = edges.get((player, action.id))
        if edge is None:
            continue
        if edge.n > first:
            first, second = edge.n, first
        elif edge.n > second:
            second = edge.n
    return first - second > left


def terminal_rewards(state: State) -> list[float]:
    """Each seat's reward in [0, 1] at the end of a playout (see the module docs)."""
    n = state.game.players
    if not state.is_terminal():
        return [1.0 / n] * n
    return outcome_rewards(n, state.scores(), state.winners())


def outcome_rewards(n: int, scores: list[float], winners: list[int]) -> list[float]:
    """Each seat's reward in [0, 1] from a finished game's scores and winners."""
    if len(scores) != n:
        return [1.0 / n] * n
    won = set(winners)
    lo, hi = min(scores), max(scores)
    span = hi - lo
    out = []
    for seat in range(n):
        norm = (scores[seat] - lo) / span if span > 0 else 0.5
        out.append(WIN_WEIGHT * (seat in won) + SCORE_WEIGHT * norm)
    return out


def _check_params(
    name: str, iterations: Any, seconds: Any, c: Any, rollout: Any, depth: Any
) -> None:
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise ConfigError(f"{name}: iterations must be a whole number >= 1, not {iterations!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0
    ):
        raise ConfigError(f"{name}: seconds must be a number > 0, not {seconds!r}")
    if isinstance(c, bool) or not isinstance(c, int | float) or c < 0:
        raise ConfigError(f"{name}: c must be a number >= 0, not {c!r}")
    if rollout not in ("heuristic", "random"):
        raise ConfigError(f"{name}: rollout must be heuristic or random, not {rollout!r}")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
        raise ConfigError(f"{name}: depth must be a whole number >= 1, not {depth!r}")


class MCTSAgent(Agent):
    """UCT over the position it is handed (a determinized view in hidden-information games)."""

    name = "mcts"
    resample = False
    """Re-determinize the hidden information at every iteration (ISMCTS)."""

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 1.0,
        rollout: str | None = None,
        depth: int | None = None,
        bias: float | None = None,
        confirm: int | None = None,
        trust: int | None = None,
        fast: bool | None = None,
        playouts: int | None = None,
        **params: Any,
    ) -> None:
        given = dict(params)
        for key, value in (
            ("iterations", iterations),
            ("seconds", seconds),
            ("rollout", rollout),
            ("depth", depth),
            ("bias", bias),
            ("confirm", confirm),
            ("trust", trust),
            ("fast", fast),
            ("playouts", playouts),
        ):
            if value is not None:
                given[key] = value
        if c != 1.0:
            given["c"] = c
        super().__init__(game, seed, **given)
        heuristic = game.heuristic_policy()
        if rollout is None:
            rollout = "heuristic" if heuristic is not None else "random"
        _check_params(self.name, iterations, seconds, c, rollout, depth)
        if bias is not None and (
            isinstance(bias, bool) or not isinstance(bias, int | float) or bias < 0
        ):
            raise ConfigError(f"{self.name}: bias must be a number >= 0, not {bias!r}")
        if confirm is not None and (
            isinstance(confirm, bool) or not isinstance(confirm, int) or confirm < 0
        ):
            raise ConfigError(f"{self.name}: confirm must be a whole number >= 0, not {confirm!r}")
        if rollout == "heuristic" and heuristic is None:
            raise ConfigError(
                f"{self.name}: {game.name} has no heuristic bot for rollout=heuristic"
            )
        self.iterations = iterations
        self.seconds = seconds
        self.c = float(c)
        self.policy: Policy | None = heuristic if rollout == "heuristic" else None
        self.hint_policy: Policy | None = heuristic
        self.bias = float(bias) if bias is not None else (2.0 if heuristic is not None else 0.0)
        if self.bias == 0:
            self.hint_policy = None
        self.confirm = confirm or 0
        self.routine: Any = getattr(self.hint_policy, "routine", None)
        """The game's test of a decision its heuristic bot settles alone (a sub-decision
        of an action already chosen, such as which card pays): there the search follows
        the bot's move, in ``act`` and inside the tree (``heuristic.routine``)."""
        if trust is not None and (
            isinstance(trust, bool) or not isinstance(trust, int) or trust < 0
        ):
            raise ConfigError(f"{self.name}: trust must be a whole number >= 0, not {trust!r}")
        self.trust = trust or 0
        """Playouts after the heuristic bot's move that, all won, settle the move."""
        if playouts is not None and (
            isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1
        ):
            raise ConfigError(
                f"{self.name}: playouts must be a whole number >= 1, not {playouts!r}"
            )
        self.playouts = playouts or 1
        """Playouts from each new leaf, their rewards averaged (the default: below)."""
        if fast is not None and not isinstance(fast, bool):
            raise ConfigError(f"{self.name}: fast must be true or false, not {fast!r}")
        self.depth = depth if depth is not None else game.info.max_decisions
        self.fast = fast is not False and depth is None and game.kernel_gap() is None
        compiled = self.fast and game.kernel_backend() == "numba"
        two = game.players == 2
        fast_iterations = TWO_ITERATIONS if two else FAST_ITERATIONS
        fast_playouts = TWO_PLAYOUTS if two else FAST_PLAYOUTS
        if iterations is None and seconds is None:
            # about the same time per move either way (see docs/benchmarks.md)
            self.iterations = fast_iterations if compiled else DEFAULT_ITERATIONS
        if playouts is None:
            self.playouts = fast_playouts if compiled else 1
        """Playouts through the game's playout kernel (``Game.playout_results``): the same
        games, played without the per-action API."""
        self.rollout = rollout
        self.hidden = not game.info.perfect_information
        self.last_iterations = 0
        """Iterations run by the last ``act`` (for benchmarks)."""
        self._root_playouts: PlayoutRoot | None = None
        """The game's playouts from the root of the current search (``Game.playout_root``)."""
        self.last_stats: dict[str, tuple[int, float]] = {}
        """Visits and mean reward of each searched move of the last ``act`` (for benchmarks:
        a long search's values measure how much a short search's choice gives away)."""

    # ----- the search ---------------------------------------------------------------------
    def act(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if not legal:
            raise ConfigError(f"{self.name}: seat {player} has no decision to make")
        self.last_stats = {}
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        rng = self.rng
        if self.routine is not None and self.routine(state, player):
            self.last_iterations = 0
            assert self.hint_policy is not None
            return self.hint_policy(state, player, rng)
        if self.trust and self.hint_policy is not None:
            trusted = self._trusted(state, player, legal)
            if trusted is not None:
                self.last_iterations = self.trust
                return trusted
        root = _Node()
        self._root_playouts = (
            state.game.playout_root(state, self.rollout)
            if self.fast and not self.resample
            else None
        )
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        budget = self.iterations
        while True:
            if budget is not None and done >= budget:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            sample = state.determinize(player, rng) if self.resample else state.clone()
            self._iterate(root, sample, player, rng)
            done += 1
            if (
                budget is not None
                and done % STOP_CHECK == 0
                and _settled(root, player, legal, budget - done)
            ):
                break
        self.last_iterations = done
        self.last_stats = {
            action_id: (edge.n, edge.w / edge.n)
            for (seat, action_id), edge in root.edges.items()
            if seat == player and edge.n
        }
        best: Action | None = None
        best_key = (-1, -math.inf)
        for action in legal:
            edge = root.edges.get((player, action.id))
            if edge is None:
                continue
            key = (edge.n, edge.w / edge.n if edge.n else 0.0)
            if key > best_key:
                best, best_key = action, key
        if best is None:
            return rng.choice(legal)
        if self.confirm and self.hint_policy is not None:
            hint = root.hints.get(player) if root.hints else None
            if hint is not None and hint != best.id:
                fallback = next((a for a in legal if a.id == hint), None)
                if fallback is not None and not self._confirmed(state, player, best, fallback):
                    return fallback
        return best

    def _trusted(self, state: State, player: int, legal: list[Action]) -> Action | None:
        """The heuristic bot's move when each of ``trust`` playouts after it (a new
        determinization each) ends in a win for ``player``: no other move can do better
        there, so the search is spared; None otherwise."""
        rng = self.rng
        hint = self.hint_policy(state, player, rng).id  # type: ignore[misc]
        move = next((a for a in legal if a.id == hint), None)
        if move is None:
            return None
        several = len(state.to_move()) > 1
        for _ in range(self.trust):
            sample = state.determinize(player, rng) if self.resample else state.clone()
            sample.apply(move, player=player if several else None)
            if self._playout(sample, rng)[player] < WIN_WEIGHT:
                return None
        return move

    def _confirmed(self, state: State, player: int, challenger: Action, incumbent: Action) -> bool:
        """Paired playouts with common random numbers (each pair replays the same chance
        outcomes as far as the two games allow): does ``challenger`` do better on the whole
        than the heuristic bot's ``incumbent``? Ties keep the incumbent."""
        several = len(state.to_move()) > 1
        diffs = []
        for _ in range(self.confirm):
            seed = self.rng.getrandbits(64)
            rewards = []
            for action in (challenger, incumbent):
                rng = random.Random(seed)
                sample = state.determinize(player, rng) if self.resample else state.clone()
                sample.apply(action, player=player if several else None)
                rewards.append(self._playout(sample, rng)[player])
            diffs.append(rewards[0] - rewards[1])
        self.last_iterations += 2 * len(diffs)
        return sum(diffs) > 0

    def _pick_seat(self, to_move: tuple[int, ...], player: int) -> int:
        return player if player in to_move else to_move[0]

    def _iterate(self, root: _Node, state: State, player: int, rng: random.Random) -> None:
        node = root
        path: list[tuple[_Edge, int]] = []
        applied: list[str] = []  # the action ids since the root, chance included
        info_keys = self.resample and self.hidden
        c = self.c
        while True:
            to_move = state.to_move()
            if not to_move:
                break
            if to_move[0] == CHANCE:
                outcome = state.sample_chance(rng)
                applied.append(outcome.id)
                if info_keys:
                    start = len(state.events())
                    state.apply(outcome)
                    node = node.child(self._signature(state, start, player))
                else:
                    state.apply(outcome)
                    node = node.child(outcome.id)
                continue
            seat = self._pick_seat(to_move, player)
            legal = state.legal_actions(seat)
            if self.routine is not None and len(legal) > 1 and self.routine(state, seat):
                hinted = self._hint(node, state, seat, rng)
                legal = [a for a in legal if a.id == hinted] or legal
            edges = node.edges
            untried: list[Action] = []
            best: Action | None = None
            best_edge: _Edge | None = None
            best_value = -math.inf
            available: list[_Edge] = []
            hint = self._hint(node, state, seat, rng) if self.hint_policy is not None else None
            for action in legal:
                edge = edges.get((seat, action.id))
                if edge is None:
                    untried.append(action)
                else:
                    available.append(edge)
            if untried:
                # the heuristic bot's move is tried first, then the others in random order
                best = next((a for a in untried if a.id == hint), None)
                if best is None:
                    best = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                best_edge = edges[(seat, best.id)] = _Edge()
                for edge in available:
                    edge.avail += 1
            else:
                bias = self.bias
                for action, edge in zip(legal, available, strict=True):
                    edge.avail += 1
                    value = edge.w / edge.n + c * math.sqrt(math.log(edge.avail) / edge.n)
                    if action.id == hint:
                        value += bias / (edge.n + 1)
                    if value > best_value:
                        best, best_edge, best_value = action, edge, value
            assert best is not None and best_edge is not None
            several = len(to_move) > 1
            if info_keys and seat != player:
                start = len(state.events())
                state.apply(best, player=seat if several else None)
                key: Hashable = self._signature(state, start, player)
            else:
                state.apply(best, player=seat if several else None)
                key = best.id
            applied.append(best.id)
            path.append((best_edge, seat))
            node = node.child(key)
            if untried:
                break
        rewards = self._playout(state, rng, applied)
        for edge, seat in path:
            edge.n += 1
            edge.w += rewards[seat]

    def _hint(self, node: _Node, state: State, seat: int, rng: random.Random) -> str | None:
        """The heuristic bot's move for ``seat`` here (asked once per node and seat)."""
        hints = node.hints
        if hints is None:
            hints = node.hints = {}
        hint = hints.get(seat)
        if hint is None:
            assert self.hint_policy is not None
            hint = hints[seat] = self.hint_policy(state, seat, rng).id
        return hint

    @staticmethod
    def _signature(state: State, start: int, observer: int) -> Hashable:
        """What ``observer`` perceives of the last move: the new events it may see and who
        decides next."""
        seen = tuple((e.kind, e.text) for e in state.events()[start:] if e.visible(observer))
        return (seen, state.to_move())

    def _playout(
        self, state: State, rng: random.Random, applied: list[str] | None = None
    ) -> list[float]:
        """The mean rewards of ``self.playouts`` playouts from ``state``, reached by the
        action ids ``applied`` since the root of the search (when given, the kernel replays
        them from the root instead of converting ``state``: the same games)."""
        count = self.playouts
        if self.fast and not state.is_terminal():
            seed = rng.getrandbits(31)
            n = state.game.players
            if applied is not None and self._root_playouts is not None:
                outcomes = self._root_playouts.outcomes(applied, count, seed)
                if outcomes is not None:
                    if count == 1:
                        return outcome_rewards(n, *outcomes[0])
                    return _mean([outcome_rewards(n, s, w) for s, w in outcomes])
            results = state.game.playout_results(count, seed=seed, policy=self.rollout, start=state)
            if results:
                if count == 1:
                    return outcome_rewards(n, results[0].scores, results[0].winners)
                return _mean([outcome_rewards(n, r.scores, r.winners) for r in results])
        if count > 1:
            samples = [self._engine_playout(state.clone(), rng) for _ in range(count - 1)]
            return _mean([*samples, self._engine_playout(state, rng)])
        return self._engine_playout(state, rng)

    def _engine_playout(self, state: State, rng: random.Random) -> list[float]:
        policy = self.policy
        for _ in range(self.depth):
            to_move = state.to_move()
            if not to_move:
                break
            if to_move[0] == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            seat = to_move[0]
            if policy is not None:
                action = policy(state, seat, rng)
            else:
                legal = state.legal_actions(seat)
                action = legal[rng.randrange(len(legal))]
            state.apply(action, player=seat if len(to_move) > 1 else None)
        return terminal_rewards(state)


def _mean(rewards: list[list[float]]) -> list[float]:
    return [sum(column) / len(rewards) for column in zip(*rewards, strict=True)]


class ISMCTSAgent(MCTSAgent):
    """Single-observer information-set MCTS over determinizations."""

    name = "ismcts"
    resample = True


_PARAMS = {
    "iterations": "search iterations per decision (default 200, or when the playouts run "
    f"through the game's compiled playout kernel {TWO_ITERATIONS} in 2-player games and "
    f"{FAST_ITERATIONS} otherwise, unless seconds is given); the search stops sooner once "
    "the remaining iterations cannot change the move",
    "seconds": "thinking time per decision (stops at whichever budget ends first)",
    "c": "UCT exploration constant (default 1.0; rewards are in [0, 1])",
    "rollout": "heuristic (default when the game has one) or random playouts",
    "depth": "longest playout in actions (default: the game's max_decisions)",
    "confirm": "before departing from the heuristic bot's move, play this many paired "
    "playouts (same random numbers) of both moves and keep the bot's move unless the other "
    "does better in total (default 0: off)",
    "trust": "before searching, play this many playouts after the heuristic bot's move "
    "(a new determinization each); when every one ends in a win for the seat, play that "
    "move without a search (default 0: off; for cooperative games the bot mostly wins)",
    "fast": "playouts through the game's playout kernel when it has one that covers the "
    "configuration (default true; false: through the per-action API)",
    "playouts": "playouts from each new leaf of the tree, their rewards averaged (default "
    f"when they run through the game's compiled playout kernel: {TWO_PLAYOUTS} in 2-player "
    f"games, {FAST_PLAYOUTS} otherwise; else 1)",
    "bias": "progressive bias towards the heuristic bot's move, tried first (default 2 "
    "when the game has a heuristic bot; 0 turns it off)",
}

register_agent(
    AgentInfo(
        "mcts",
        "UCT tree search with sampled chance; searches its seat's determinized view",
        MCTSAgent,
        _PARAMS,
    )
)
register_agent(
    AgentInfo(
        "ismcts",
        "information-set MCTS: resamples hidden information at every iteration",
        ISMCTSAgent,
        _PARAMS,
    )
)
