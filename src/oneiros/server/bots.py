"""What the server plays and computes for the seats: bots, chance, hints and analysis
panels (a mixin of :class:`oneiros.server.hub.Hub`).

Bot seats think in a worker thread, one table at a time, so a slow bot never stalls
another game; a bot whose decisions are cheap (a random or rule-of-thumb move, measured)
decides on the event loop instead, where a thread hop would cost more than the move, and
its moves go into the same commit as the move before them. Chance and bots depend only on
the seed and the position: what a bot chooses is the same wherever it runs.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

from ..agents.base import Agent, make_agent, view_for
from ..agents.estimate import Estimate, win_chance
from ..core import CHANCE, IllegalAction, State
from ..core.i18n import default_language, for_game
from .position import derive
from .table import CONFLICTS, Conflict, LiveTable, TableError

log = logging.getLogger("oneiros.server")

CHEAP_BOT = 0.002
"""Seconds under which a bot's last decision lets it decide on the event loop next time (a
thread hop costs more than a random or rule-of-thumb move): see ``Bots._think``. On the
loop a decision is timed with the wall clock, which is what it holds the loop for and is
read without a system call (the thread CPU clock took 0.1 ms and more per read on a busy
machine, more than a random bot's whole decision); in a worker thread, with that thread's
CPU time."""
INLINE_BUDGET = 0.005
"""Seconds of cheap bot moves a seat's move may carry in the same commit."""
HINT_PLAYOUTS = 100
HINT_SECONDS = 0.75
"""The playouts behind a hint's win chance (fewer when they take longer than this; hints
are rate limited, ``Settings.hints_per_second``)."""


class Bots:
    """Bots, chance, hints and analysis panels of the tables of a :class:`Hub`."""

    closing: bool
    bot_pool: ThreadPoolExecutor
    panel_pool: ThreadPoolExecutor
    bot_costs: dict[tuple[str, str], float]

    if TYPE_CHECKING:

        def _exclusive(self, table: LiveTable) -> AbstractAsyncContextManager[None]: ...

        async def _commit(self, table: LiveTable) -> None: ...

        def forget_if_idle(self, table: LiveTable) -> None: ...

    def _chance_chain(self, table: LiveTable) -> None:
        """Resolve every chance node now reached, from the table's derived RNG."""
        state = table.state
        while state.is_chance():
            k = table.pos.chances
            outcome = state.sample_chance(random.Random(derive(table.seed, k, "chance")))
            state.apply(outcome)
            table.note_applied(CHANCE)

    def start_insights(self, table: LiveTable) -> None:
        """Compute the analysis panels of the human seats now deciding, in a worker thread;
        each seat gets an ``insights`` message when its panel is ready."""
        if self.closing or table.status != "running":
            return
        wanted = {c.seat for c in table.conns if c.panels and not c.closed}
        keys = [
            (s, table.decision_id(s))
            for s in table.state.to_move()
            if s in wanted and (s, table.decision_id(s)) not in table.insights
        ]
        if not keys:
            return
        snapshot = table.state.clone()
        saved = len(snapshot.history())
        loop = asyncio.get_running_loop()

        async def compute() -> None:
            for seat, did in keys:
                if len(table.state.history()) != saved:
                    return  # the position moved on: nobody will see this panel
                try:
                    panel = await loop.run_in_executor(self.panel_pool, snapshot.insights, seat)
                except asyncio.CancelledError:
                    raise
                except Exception:  # an analysis panel must never break the table
                    log.exception("insights failed on table %s", table.id)
                    continue
                if len(table.insights) > 64:
                    table.insights.clear()
                table.insights[(seat, did)] = panel or {}
                if panel and len(table.state.history()) == saved:
                    for conn in list(table.conns):
                        if conn.seat == seat and conn.panels:
                            conn.push(
                                {
                                    "type": "insights",
                                    "n": table.n,
                                    "decision_id": did,
                                    "insights": panel,
                                }
                            )

        table.background.add(loop.create_task(compute()))
        table.background = {t for t in table.background if not t.done()}

    def kick(self, table: LiveTable) -> None:
        """Let bots and chance move (in the background) if it is their turn."""
        if self.closing or table.status != "running":
            return
        if not (table.bot_seats_to_move() or table.state.is_chance()):
            return
        if table.settler is not None and not table.settler.done():
            return
        table.settler = asyncio.get_running_loop().create_task(self._settle_locked(table))

    async def _settle_locked(self, table: LiveTable) -> None:
        try:
            async with table.lock:
                await self._settle(table)
            self.forget_if_idle(table)
        except TableError:
            pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bots of table %s stopped", table.id)

    async def _settle(self, table: LiveTable) -> None:
        """Play chance and bot seats until a human must decide or the game ends. A bot
        thinks without holding the database lock; if another process moved meanwhile, the
        decision is dropped and taken again on the new position."""
        conflicts = 0
        while table.status == "running" and not self.closing:
            state = table.state
            if not (state.is_chance() or table.bot_seats_to_move()):
                break
            seat: int | None = None
            action_id = ""
            if not state.is_chance():
                seat = table.bot_seats_to_move()[0]
                action_id = await self._think(table, seat)
            try:
                async with self._exclusive(table):
                    if table.state.is_chance():
                        self._chance_chain(table)
                    elif seat is not None:
                        self._bot_move(table, seat, action_id)
                        self._chance_chain(table)
                    self._cheap_bots(table)
                    await self._commit(table)
            except Conflict:  # another process moved first: look again
                conflicts += 1
                if conflicts >= CONFLICTS:
                    log.warning("table %s keeps changing under its bots", table.id)
                    return

    def _bot_move(self, table: LiveTable, seat: int, action_id: str) -> None:
        """Apply a bot's decision (a legal random move if it chose an illegal one)."""
        state = table.state
        choices = table.pos.choices(seat)
        try:
            state.apply(action_id, player=seat)
        except IllegalAction:
            log.error("bot of seat %d on table %s chose illegal %r", seat, table.id, action_id)
            legal = state.legal_actions(seat)
            rng = random.Random(derive(table.seed, table.decision_id(seat), seat, "fallback"))
            state.apply(rng.choice(legal), player=seat)
        table.note_applied(seat, choices)

    def _cheap_bots(self, table: LiveTable) -> None:
        """Play at once, on the event loop, the bot seats whose decisions are cheap (see
        :data:`CHEAP_BOT`), with the chance outcomes after them, up to
        :data:`INLINE_BUDGET` of CPU: they go into the same commit and the same update as
        the move before them. What they choose is what they would choose in a thread (a
        bot's decision depends on the seed and the position only)."""
        spent = 0.0
        while table.status == "running" and not self.closing and spent < INLINE_BUDGET:
            if table.state.is_chance():
                break  # pragma: no cover - the chance chain ran before
            bots = table.bot_seats_to_move()
            if not bots or self._cost(table, bots[0]) >= CHEAP_BOT:
                break
            action_id = self._decide_here(table, bots[0])
            spent += self._cost(table, bots[0])  # what it just took (noted by _decide_here)
            self._bot_move(table, bots[0], action_id)
            self._chance_chain(table)

    def _agent(self, table: LiveTable, seat: int) -> Agent:
        agent = table.agents.get(seat)
        if agent is None:
            spec = table.seats[seat].agent or "random"
            agent = make_agent(spec, table.game, seed=derive(table.seed, seat, "agent"))
            table.agents[seat] = agent
        return agent

    def _cost_key(self, table: LiveTable, seat: int) -> tuple[str, str]:
        return (table.game.name, table.seats[seat].agent or "random")

    def _cost(self, table: LiveTable, seat: int) -> float:
        """What the bot of ``seat`` took to decide lately (1 s when never measured)."""
        return self.bot_costs.get(self._cost_key(table, seat), 1.0)

    def _note_cost(self, table: LiveTable, seat: int, cost: float) -> None:
        key = self._cost_key(table, seat)
        self.bot_costs[key] = max(cost, self.bot_costs.get(key, 0.0) / 2)

    def _decide_here(self, table: LiveTable, seat: int) -> str:
        """A cheap bot's decision, on the event loop."""
        n = table.decision_id(seat)
        try:
            state = table.state
            if state.game.info.perfect_information:
                state = state.clone()  # the bot's own copy (otherwise it gets a determinized one)
            start = time.perf_counter()
            action_id = _bot_decide(
                self._agent(table, seat), state, seat, derive(table.seed, n, seat)
            )
            self._note_cost(table, seat, time.perf_counter() - start)
            return action_id
        except Exception:
            return self._fallback(table, seat, n)

    def _fallback(self, table: LiveTable, seat: int, n: int) -> str:
        log.exception("bot of seat %d on table %s failed; playing a random move", seat, table.id)
        legal = table.state.legal_actions(seat)
        return random.Random(derive(table.seed, n, seat, "fallback")).choice(legal).id

    async def _think(self, table: LiveTable, seat: int) -> str:
        """A bot's decision: in a worker thread, or on the loop when the bot is cheap."""
        if self._cost(table, seat) < CHEAP_BOT:
            return self._decide_here(table, seat)
        n = table.decision_id(seat)  # the bot's own counter: hidden moves of others change
        # neither what it sees nor its random stream
        loop = asyncio.get_running_loop()
        try:
            action_id, cost = await loop.run_in_executor(
                self.bot_pool,
                _timed_decide,
                self._agent(table, seat),
                table.state.clone(),
                seat,
                derive(table.seed, n, seat),
            )
        except asyncio.CancelledError:
            raise
        except Exception:
            return self._fallback(table, seat, n)
        self._note_cost(table, seat, cost)
        return action_id

    async def hint(
        self, table: LiveTable, seat: int | None, lang: str | None = None
    ) -> dict[str, Any]:
        """The game's heuristic suggestion for a seat's current decision, with the seat's
        estimated win chance after it (heuristic playouts from what the seat may know)."""
        if seat is None:
            raise TableError("spectator", "spectators get no hints")
        policy = table.game.heuristic_policy() if table.hints else None
        if policy is None:
            raise TableError("no_hint", f"{table.game.info.title} has no hints")
        async with table.lock:
            if table.status != "running" or seat not in table.state.to_move():
                raise TableError("not_your_turn", "a hint is for your own decision")
            snapshot = table.state.clone()
            decision_id = table.decision_id(seat)
        n = len(snapshot.history())
        rng = random.Random(derive(table.seed, n, seat, "hint", secrets.randbits(32)))
        loop = asyncio.get_running_loop()

        def suggest() -> tuple[Any, Estimate]:
            action = policy(view_for(snapshot, seat, rng), seat, rng)
            got = win_chance(snapshot, seat, action.id, rng, HINT_PLAYOUTS, HINT_SECONDS)
            return action, got

        action, got = await loop.run_in_executor(self.bot_pool, suggest)
        return {
            "type": "hint",
            "action": action.id,
            "label": for_game(table.game, lang or default_language(table.game)).text(action.label),
            "decision_id": decision_id,
            "win_chance": round(got.chance, 3),
            "playouts": got.playouts,
        }


def _bot_decide(agent: Agent, state: State, seat: int, seed: int) -> str:
    """Runs in a worker thread: the bot sees only what its seat may know."""
    agent.reset(seed)
    view = view_for(state, seat, random.Random(seed ^ 0x5EED))
    return agent.act(view, seat).id


def _timed_decide(agent: Agent, state: State, seat: int, seed: int) -> tuple[str, float]:
    """:func:`_bot_decide` in a worker thread, with the CPU seconds it took."""
    start = time.thread_time()
    action_id = _bot_decide(agent, state, seat, seed)
    return action_id, time.thread_time() - start
