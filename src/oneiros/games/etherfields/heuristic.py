"""The Etherfields heuristic: Dreamers who play to a shared plan (``plan.py``: who goes
where, who pays for what), and the greedy part-1 bot (``greedy_policy``) kept for
comparison: it pays with the fewest cards, heads for the nearest map action not yet used,
buys Turns with the Hours left on the last Turn, passes when nothing useful is affordable."""

from __future__ import annotations

import random
from typing import Any

from ...core import Action, State
from ...core.effects import Ctx
from . import plan, windows, windows_slumber
from .kinds import RUNTIME
from .steps.actions import find_ability, price


def _value(state: Any, aid: str) -> int:
    _kind, entity, colour = aid.split(":")
    face = state.table.face(entity)
    rec = state.catalog.get("item", face) if entity.startswith("item.") else state.card(face)
    return next(i.value for i in rec.intent if i.colour == colour)


def _goal_spaces(state: Any, seat: int) -> list[str]:
    """Spaces with a map action not used yet whose requirement holds (the content's
    goals: the Dream's map actions lead to its scripts)."""
    out = []
    ctx = Ctx(seat=seat)
    for ref in state.board().spaces:
        _tile, space = state.space(ref)
        for ability in space.actions:
            if f"map:{ref}:{ability.id}" in state.used:
                continue
            if RUNTIME.holds(state, ability.requires, ctx):
                out.append(ref)
    return out


def _worth_starting(s: Any, seat: int, aid: str) -> bool:
    """A Gradual action only when the hand and Items (and a boost) give at least one whole
    basic cost: less would be lost ("Gradual Actions")."""
    from .steps.actions import find_ability, intent_available, price

    ability = find_ability(s, aid.split(":", 1)[1])
    if ability is None:
        return True
    mode, needs = price(s, ability.cost, Ctx(seat=seat))
    if mode != "gradual":
        return True
    unit = min(n for _, n in needs) // s.game.players
    have = intent_available(s, seat, {c for c, _ in needs})
    return have + (0 if f"boost@{seat}" in s.turn_used else 1) >= unit


def greedy_policy(state: State, player: int, rng: random.Random) -> Action:
    """The part-1 bot: every Dreamer for itself (kept to measure the team plan against)."""
    s: Any = state
    legal = state.legal_actions(player)
    ids = {a.id: a for a in legal}
    top = s.flow.top
    kind = getattr(top, "kind", "")
    if kind == "pay":
        pays = [a for a in legal if a.id.startswith(("pay:", "pay-item:"))]
        if pays and top.mode == "gradual":
            # whole basic costs only stay on the action ("Gradual Actions"): land on one
            full = next(n for c, n in top.needs if not top.colour or c == top.colour)
            unit = max(1, full // s.game.players)
            return max(
                pays,
                key=lambda a: ((top.paid + _value(s, a.id)) % unit == 0, _value(s, a.id)),
            )
        if pays and top.mode != "move":
            return max(pays, key=lambda a: (_value(s, a.id), a.id.startswith("pay:")))
        if top.mode == "move" and top.paid >= 3 and "resolve" in ids:
            return ids["resolve"]
        if pays:
            return max(pays, key=lambda a: _value(s, a.id))
        if top.mode == "gradual" and "boost" in ids:
            full = next(n for c, n in top.needs if not top.colour or c == top.colour)
            if top.paid % max(1, full // s.game.players):
                return ids["boost"]  # the Luck die may reach the next Intent marker
        for aid in ("resolve", "boost", "give-up"):
            if aid in ids:
                return ids[aid]
    if kind == "move":
        here = s.pos[player]
        goals = _goal_spaces(s, player)
        _d, _closest, steps = s.board().toward(here, goals) if goals else (None, [], [])
        for a in legal:
            if a.id.startswith("step:"):
                from .steps.movement import step_target

                if step_target(s, here, a.id[5:]) in steps:
                    return a
        return ids["stop"]
    if kind in ("card_action", "round"):
        if "use:basic:turn" in ids and s.turns_left == 0:
            return ids["use:basic:turn"]  # the last Turn: Hours buy more ("The Clock")
        for a in legal:
            useful = a.id.startswith(("use:map:", "use:entity:")) and "calm" not in a.id
            if useful and _worth_starting(s, player, a.id):
                return a
        goals = _goal_spaces(s, player)
        if "use:basic:move" in ids and goals and s.pos[player] not in goals:
            return ids["use:basic:move"]
        return ids["pass"]
    if kind == "discard_before_draw":
        return ids["done"]
    if kind == "rapid_window":
        return ids["done"]
    if kind == "reroll_window":
        if top.face == "skull" and top.die != "movement":
            return next((a for a in legal if a.id != "done"), ids["done"])  # "Rerolls"
        return ids["done"]
    if kind in ("reshuffle_penalty", "skull_penalty"):
        if "penalty:ether" in ids:
            return ids["penalty:ether"]
        return (
            ids["penalty:seal"] if s.table.count("deck", player) >= 12 else ids["penalty:distress"]
        )
    return legal[0]


# -- the team plan ------------------------------------------------------------------------


def policy(state: State, player: int, rng: random.Random) -> Action:
    """The cooperative heuristic: each Dreamer plays its part of the team plan
    (``plan.assign``); the windows and penalties are the greedy bot's."""
    s: Any = state
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    ids = {a.id: a for a in legal}
    top = s.flow.top
    kind = getattr(top, "kind", "")
    if kind in ("card_action", "round"):
        return _card_action(s, player, legal, ids)
    if kind == "move":
        return _step(s, player, legal, ids)
    if kind == "discard_before_draw":
        return _discard(s, player, legal, ids)
    if kind == "pay" and top.mode == "move":
        return _pay_move(s, player, top, legal, ids)
    if kind == "pay" and top.mode in ("intent", "multiple"):
        return _pay_intent(s, player, top, legal, ids, rng)
    answer = _window(s, player, kind, top, legal, ids)
    return answer if answer is not None else greedy_policy(state, player, rng)


def _window(
    s: Any, player: int, kind: str, top: Any, legal: list[Action], ids: dict[str, Action]
) -> Action | None:
    """The part-2 windows and choices (``windows.py``)."""
    if kind == "rapid_window":
        return windows.rapid(s, player, legal, top.index)
    if kind == "payment_window":
        return windows.contribute(s, player, legal)
    if kind in ("reshuffle_penalty", "skull_penalty"):
        return windows.penalty(s, player, ids)
    if kind in ("choose_entity", "choose_target"):
        return windows.target(s, player, legal)
    if kind in ("discard_down", "discard_cost", "discard_effect"):
        return windows.least_needed(s, player, legal)
    if kind == "progress_room":
        return windows.progress_pick(s, legal, "discard")
    if kind == "progress_choice":
        return windows.progress_pick(s, legal, top.what)
    if kind == "item_slot_choice":
        return windows.item_pick(s, legal)
    if kind == "flaw_choice":
        return windows.flaw_pick(s, legal)
    if kind == "block_step":
        return windows.block(s, legal)
    if kind in ("entity_path", "spawn_choice", "spawn_near"):
        return windows.entity_space(s, legal)
    if kind in ("push", "big_push"):
        return windows.push(s, legal)
    if kind == "loot_choice":
        return windows.loot(s, legal)
    if kind == "delta_choice":
        return windows.delta(s, player, legal)
    if kind == "slumber_skip":
        return windows_slumber.slumber_start(s, player, legal)
    return None


def _target(s: Any, player: int) -> tuple[plan.Goal, int] | None:
    return plan.assign(s, player).get(player)


def _matches(aid: str, key: str) -> bool:
    """A legal ``use:`` id doing the goal ``key`` (an Entity goal: any of its miniatures)."""
    if not aid.startswith("use:"):
        return False
    got = aid[4:]
    if got == key:
        return True
    if key.startswith("entity:") and got.startswith("entity:"):
        a, b = got.split(":"), key.split(":")
        return a[1].rsplit(".", 1)[0] == b[1].rsplit(".", 1)[0] and a[2] == b[2]
    return False


def _card_action(s: Any, player: int, legal: list[Action], ids: dict[str, Action]) -> Action:
    if "use:basic:turn" in ids and s.turns_left == 0:
        return ids["use:basic:turn"]  # the last Turn: Hours buy more ("The Clock")
    team = plan.assign(s, player)
    mine = team.get(player)
    others = {g.key for p, (g, _d) in team.items() if p != player and not g.gradual}
    if mine is not None:
        goal = mine[0]
        for a in legal:
            if _matches(a.id, goal.key) and _worth_starting(s, player, a.id):
                return a
    for a in legal:  # an action here nobody else is on its way to, worth its Intent
        if not a.id.startswith(("use:map:", "use:entity:")) or a.id[4:] in others:
            continue
        ability = find_ability(s, a.id[4:])
        if ability is None or plan.worth(s, ability) < plan.WORTH_PAYING:
            continue
        if mine is not None and not _spare(s, player, mine[0], ability):
            continue
        if _worth_starting(s, player, a.id):
            return a
    if "use:mask" in ids:  # "Masks": an "at any time" ability, when it helps now
        mask = windows.rapid(s, player, [ids["use:mask"], Action("done", "")], None)
        if mask.id == "use:mask":
            return mask
    for a in legal:  # time: Hours and Turns, paid with Intent the plan does not need
        if not a.id.startswith(("use:item:", "use:flying:")):
            continue
        ability = find_ability(s, a.id[4:])
        if ability is None or plan.time_worth(s, ability) <= 0:
            continue
        if mine is None or _spare(s, player, mine[0], ability):
            return a
    walk = mine is not None and mine[1] > 0
    if walk and "use:basic:move" in ids and plan.intent(s, player, plan.CUNNING) > 0:
        return ids["use:basic:move"]
    return ids["pass"]


def _spare(s: Any, player: int, goal: plan.Goal, ability: Any) -> bool:
    """Whether the Dreamer can pay ``ability`` and still pay for its own goal."""
    mode, needs = price(s, ability.cost, Ctx(seat=player))
    if mode not in ("intent", "gradual"):
        return True
    colours = frozenset(c for c, _ in needs)
    cost = min(n for _, n in needs)
    if not colours & (goal.colours | plan.CUNNING):
        return True
    have = plan.intent(s, player, colours) + plan.items(s, colours)
    return have - cost >= goal.amount


def _step(s: Any, player: int, legal: list[Action], ids: dict[str, Action]) -> Action:
    from .steps.movement import step_target

    flee = windows.flee_step(s, player, legal)  # a Rapid Move before a Turn step
    if flee is not None:
        return flee
    mine = _target(s, player)
    here = s.pos[player]
    if mine is None or here in mine[0].spaces:
        return ids["stop"] if "stop" in ids else legal[0]
    _d, _closest, steps = s.board().toward(here, mine[0].spaces)
    for a in legal:
        if a.id.startswith("step:") and step_target(s, here, a.id[5:]) in steps:
            return a
    return ids["stop"] if "stop" in ids else legal[0]


def _pay_move(s: Any, player: int, top: Any, legal: list[Action], ids: dict[str, Action]) -> Action:
    """Pay for exactly the walk to the Dreamer's goal, with as little waste as can be."""
    mine = _target(s, player)
    need = max(1, mine[1]) if mine is not None else 1
    pays = [a for a in legal if a.id.startswith("pay:")]  # the team's Items stay for actions
    if not top.paid and not pays:
        pays = [a for a in legal if a.id.startswith("pay-item:")]
    if top.paid >= need or not pays:
        if top.paid and "resolve" in ids:
            return ids["resolve"]
        return ids.get("give-up", legal[0])
    return _fewest(s, pays, need - top.paid)


def _pay_intent(
    s: Any, player: int, top: Any, legal: list[Action], ids: dict[str, Action], rng: random.Random
) -> Action:
    pays = [a for a in legal if a.id.startswith(("pay:", "pay-item:"))]
    need = top.need(s)
    if top.mode == "multiple" and top.paid >= need and "resolve" in ids:
        # "Assault / Contact Actions": one more full cost only while it still brings a gear
        ability = find_ability(s, top.key)
        wanted = plan.repeats(s, player, ability) if ability is not None else 1
        if top.paid >= need * wanted or not pays:
            return ids["resolve"]
        return _fewest(s, pays, need * (top.paid // need + 1) - top.paid)
    if pays:
        return _fewest(s, pays, need - top.paid)
    return greedy_policy(s, player, rng)


def _fewest(s: Any, pays: list[Action], short: int) -> Action:
    """The card that completes ``short`` Intent with the least excess, else the largest;
    a card of the hand before a team Item of the same value."""
    done = [a for a in pays if _value(s, a.id) >= short]
    if done:
        return min(done, key=lambda a: (_value(s, a.id), not a.id.startswith("pay:")))
    return max(pays, key=lambda a: (_value(s, a.id), a.id.startswith("pay:")))


def _discard(s: Any, player: int, legal: list[Action], ids: dict[str, Action]) -> Action:
    """ "1) Draw Step": a full hand makes room for the draw. The bot keeps the cards that
    pay for its goal and for the walk there (Cunning beyond the walk is surplus too) and
    discards the others, the least Intent first."""
    from .params import DRAW

    if s.hand_limit(player) - s.table.count("hand", player) >= DRAW:
        return ids["done"]
    mine = _target(s, player)
    wants = {"cunning": 3}
    if mine is not None:
        goal, dist = mine
        wants = {"cunning": dist}
        for colour in goal.colours:
            wants[colour] = wants.get(colour, 0) + min(goal.amount, goal.unit)
    cards = [a for a in legal if a.id.startswith("discard:")]

    def best(a: Action) -> tuple[int, str]:
        intent = s.card(s.table.face(a.id.split(":", 1)[1])).intent
        return max(((i.value, i.colour) for i in intent if wants.get(i.colour)), default=(0, ""))

    spare = []
    for a in sorted(cards, key=best, reverse=True):  # the biggest payers are kept first
        value, colour = best(a)
        if colour and wants[colour] > 0:
            wants[colour] -= value
        else:
            spare.append(a)
    if not spare:
        return ids["done"]
    return min(spare, key=lambda a: _value_any(s, a.id))


def _value_any(s: Any, aid: str) -> int:
    intent = s.card(s.table.face(aid.split(":", 1)[1])).intent
    return max((i.value for i in intent), default=0)


ROUTINE = frozenset({"pay", "move"})
"""The sub-decisions of an action already chosen (which card pays, which way to step): the
team plan settles them, and a search follows it there (``routine``)."""


def routine(state: State, seat: int) -> bool:
    """Whether the decision in front of ``seat`` is a sub-decision the heuristic settles
    alone (paying for and walking an action already chosen: "Performing Actions",
    "Movement Actions"); the search agents follow the heuristic there (agents/mcts.py)."""
    return getattr(getattr(state, "flow", None) and state.flow.top, "kind", "") in ROUTINE  # type: ignore[attr-defined]


policy.routine = routine  # type: ignore[attr-defined]
