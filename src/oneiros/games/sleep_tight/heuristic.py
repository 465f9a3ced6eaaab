"""A rule-of-thumb Sleep Tight bot.

It decides from what its seat may know: ``state.observation(player)``, its own legal actions
and the public card texts. It plays cooperatively (discard Sandman cards, protect itself,
keep enough fragments), wakes up when it can, and turns its attacks on an exposed agent. It
accepts the Sandman's offer (and exposes itself at once) when dealt I Am the Sandman in its
opening hand, in a duel it leads, or once the players' pace of Sandman discards shows they
will be trapped before the Sandman dies; otherwise it refuses when it can.
"""

from __future__ import annotations

import random
from typing import Any

from ...core import Action, State
from .content import ActionCard, Content


def card_value(card: ActionCard) -> float:
    """How much a dreamer wants to hold ``card`` (higher is better)."""
    value = 0.0
    for eff in card.effects:
        kind = eff.kind
        if kind == "discard_sandman":
            value += 3.0 * eff.amount
        elif kind == "gain":
            value += 1.6 * eff.amount
        elif kind in ("prevent_sandman", "prevent_players"):
            value += 1.2 * eff.amount
        elif kind in ("dodge", "untouchable", "shield"):
            value += 1.8
        elif kind == "draw":
            value += 1.0 * eff.amount
        elif kind == "return_cards":
            value -= 0.5 * eff.amount
        elif kind == "wake_up":
            value += 6.0
        elif kind == "cancel_soul_consumer":
            value += 5.0
        elif kind == "where_is_sandman":
            value += 0.8
        elif kind in ("steal_random", "look_take"):
            value += 0.6
        elif kind in ("damage", "discard_type"):
            value += 0.2
    return value - 0.4 * card.requirement


def _agent_play_score(card: ActionCard, me: dict[str, Any]) -> float:
    """As the Sandman's agent: hurt the others, keep the Sandman alive."""
    score = 0.0
    for eff in card.effects:
        kind = eff.kind
        if kind == "discard_sandman":
            # An exposed agent damages a player instead; an undercover one would hurt him.
            score += 6.0 * eff.amount if me["role"] == "exposed" else -5.0
        elif kind == "gain":
            score += 4.0 * eff.amount
        elif kind in ("damage", "steal_random", "look_take"):
            score += 3.0
        elif kind == "draw":
            score += 2.0 * eff.amount
        elif kind in ("prevent_players", "shield", "untouchable"):
            score += 1.0 if me["fragments"] <= 2 else 0.0
        elif kind == "dodge":
            score += 3.0 if "pass" in eff.options or "redirect" in eff.options else 0.0
        elif kind == "prevent_sandman":
            score += 2.0 if me["role"] != "exposed" and me["fragments"] <= 3 else 0.0
        elif kind in ("where_is_sandman", "discard_type"):
            score -= 1.0
    return score


def team_outlook(obs: dict[str, Any]) -> float:
    """How many Sandman cards per round the players must still discard, divided by how many
    they have discarded per round so far (above 1: at this pace the Dreamscape deck runs out
    first and everyone is trapped)."""
    living = sum(1 for p in obs["players"] if p["alive"]) or 1
    # Rounds still to play, this one included once its Dreamscapes are out: a later round is
    # played only if a Dreamscape is left once every living player has drawn one.
    rounds_left = max(0, obs["dreamscape_deck"] - 1) // living + (1 if obs["round"] >= 1 else 0)
    # Each round reveals one Sandman card; the rest of the Sandman discard pile is the players'.
    rounds_done = max(0, obs["round"] - 1)
    discarded = max(0, len(obs["sandman_discard"]) - rounds_done)
    if rounds_done < _EVIDENCE:
        return 0.0
    pace = max(discarded / rounds_done, 0.5)
    need = obs["sandman_deck"] - rounds_left
    if need <= 0:
        return 0.0
    if rounds_left <= 0:
        return float("inf")
    return need / rounds_left / pace


_EVIDENCE = 1
"""Rounds played before the pace of Sandman discards is trusted."""
_HOPELESS = 1.3
"""``team_outlook`` above which the bot gives up on the players and accepts the offer."""


def accepts_offer(obs: dict[str, Any], player: int) -> bool:
    """Become the Sandman's agent when dealt the card in the opening hand, in a duel when
    ahead (the Sandman then spares you once you expose yourself, and one death wins), or when
    the players have been too slow to kill the Sandman before the Dreamscape deck runs out."""
    players = obs["players"]
    alive = [s for s, p in enumerate(players) if p["alive"]]
    if len(alive) < 2:
        return False
    if len(alive) == 2:
        other = next(s for s in alive if s != player)
        if players[player]["fragments"] >= players[other]["fragments"]:
            return True
    if obs["round"] == 0:
        # Dealt the card in the opening hand: nothing yet tells how strong the table is, and
        # an agent exposed from the first round has the most time to wear the others down.
        return True
    return team_outlook(obs) > _HOPELESS


def _play_score(
    card: ActionCard, me: dict[str, Any], obs: dict[str, Any], exposed: list[int]
) -> float:
    """How much the bot wants to play ``card`` this round (0 or less: keep it)."""
    if me["role"] != "dreamer":
        return _agent_play_score(card, me)
    frags = me["fragments"]
    score = 0.0
    for eff in card.effects:
        kind = eff.kind
        if kind == "discard_sandman":
            score += 10.0 * eff.amount
        elif kind == "gain":
            score += 4.0 * eff.amount if frags < 9 else 0.5
        elif kind == "draw":
            score += 2.0 * eff.amount
        elif kind == "prevent_sandman":
            score += 3.0 if frags <= 3 else 0.5
        elif kind == "prevent_players":
            score += 2.0 if exposed else 0.0
        elif kind == "dodge":
            score += 3.0 if frags <= 2 and "pay" in eff.options else 0.0
        elif kind == "untouchable":
            score += 6.0 if frags <= 1 else 0.0
        elif kind == "shield":
            score += 2.0 if exposed else 0.0
        elif kind in ("damage", "steal_random", "look_take"):
            score += 3.0 if exposed else -1.0
        elif kind == "where_is_sandman":
            score += 1.0
        elif kind == "discard_type":
            score -= 1.0
    return score


def heuristic_policy(state: State, player: int, rng: random.Random) -> Action:
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    ids = {a.id: a for a in legal}
    content: Content = state.game.content  # type: ignore[attr-defined]
    obs = state.observation(player)
    me = obs["players"][player]
    others = [s for s, p in enumerate(obs["players"]) if s != player and p["alive"]]
    exposed = [s for s in others if obs["players"][s]["role"] == "exposed"]
    agent = me["role"] != "dreamer"

    def richest(choices: list[int]) -> int:
        pool = [s for s in choices if s in exposed] or choices
        return max(pool, key=lambda s: (obs["players"][s]["fragments"], -s))

    def weakest(choices: list[int]) -> int:
        return min(choices, key=lambda s: (obs["players"][s]["fragments"], s))

    if "wake" in ids:
        return ids["wake"]
    if "cancel" in ids:
        return ids["cancel"] if not agent else ids["pass"]
    if "accept" in ids:
        if "refuse" in ids and not accepts_offer(obs, player):
            return ids["refuse"]
        return ids["accept"]
    if "expose" in ids:
        return ids["expose"]
    if "buy" in ids or "expose" in ids:
        if "buy" in ids and me["fragments"] >= 4:
            return ids["buy"]
        return ids["done"]
    prefixes = {a.split(":", 1)[0] for a in ids}
    if "return" in prefixes:
        cards = [a.split(":", 1)[1] for a in ids if a.startswith("return:")]
        worst = min(cards, key=lambda c: (card_value(content.action(c)), c))
        return ids["return:" + worst]
    if "take" in prefixes:
        cards = [a.split(":", 1)[1] for a in ids if a.startswith("take:")]
        best = max(cards, key=lambda c: (card_value(content.action(c)), c))
        return ids["take:" + best]
    if "target" in prefixes:
        choices = [int(a.split(":", 1)[1]) for a in ids if a.startswith("target:")]
        pick = weakest(choices) if agent else richest(choices)
        return ids[f"target:{pick}"]
    if "from" in prefixes:
        choices = [
            int(a.split(":", 1)[1]) for a in ids if a.startswith("from:") and a != "from:pile"
        ]
        if choices and (exposed or agent or obs["pile"] == 0):
            pick = weakest(choices) if agent else richest(choices)
            return ids[f"from:{pick}"]
        return ids["from:pile"]
    if "dodge" in prefixes or "pass" in prefixes:
        passes = [int(a.split(":", 1)[1]) for a in ids if a.startswith("pass:")]
        hit = [s for s in passes if s in exposed]
        if hit:
            return ids[f"pass:{hit[0]}"]
        if agent and passes:
            return ids[f"pass:{weakest(passes)}"]
        decision = state.decision(player)
        damage = int(decision.data.get("damage", 1)) if decision is not None else 1
        if damage >= me["fragments"]:
            if passes:
                return ids[f"pass:{richest(passes)}"]
            if "dodge:pay" in ids:
                return ids["dodge:pay"]
        if "dodge:pay" in ids and damage >= 2 and me["fragments"] >= 3:
            return ids["dodge:pay"]
        return ids["dodge:take"]
    if "play" in prefixes or "discard" in prefixes or "stack" in prefixes or "harm" in prefixes:
        return _choose_play(state, player, ids, content, obs, me, exposed, others, agent)
    return legal[rng.randrange(len(legal))]


def _choose_play(
    state: State,
    player: int,
    ids: dict[str, Action],
    content: Content,
    obs: dict[str, Any],
    me: dict[str, Any],
    exposed: list[int],
    others: list[int],
    agent: bool,
) -> Action:
    frags = me["fragments"] + len(me["pending_discards"])
    best: tuple[float, str] | None = None
    for aid in ids:
        verb, _, rest = aid.partition(":")
        score = 0.0
        if verb == "play":
            score = _play_score(content.action(rest), me, obs, exposed)
        elif verb == "stack":
            top, bottom = rest.split(":")
            score = (
                _play_score(content.action(top), me, obs, exposed)
                - card_value(content.action(bottom))
                - 2.0
            )
        elif verb == "discard":
            if frags <= 2:
                score = 1.5 - card_value(content.action(rest))
        elif verb == "harm":
            card, target = rest.split(":")
            if int(target) == min(others, key=lambda s: obs["players"][s]["fragments"]):
                score = 4.0 - 0.5 * card_value(content.action(card))
        if score > 0 and (best is None or score > best[0]):
            best = (score, aid)
    if best is not None:
        return ids[best[1]]
    return ids["done"]
