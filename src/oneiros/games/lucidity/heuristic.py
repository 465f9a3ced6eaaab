"""A rule-of-thumb Lucidity bot for both roles.

Dreamer: a low sleep track when the card is dangerous, returns the most dangerous dreams,
resolves Power first, rerolls a colour whose unresolved dreams would fill a row, draws
again only while every row is far from full, and rests by clearing what is closest to full.
Nightmare: consumes the biggest Power dream of its colour it can reach, else sends the most
dangerous minion to the leading dreamer.
"""

from __future__ import annotations

import random
from typing import Any

from ...core import Action
from .actions import A
from .content import COLOURS


def _danger(state: Any, seat: int, colour: str) -> float:
    """How bad one more dream of ``colour`` is for ``seat`` (probability-weighted)."""
    s = state.seats[seat]
    faces = state.game.content.faces[colour]
    n = len(faces)
    need = state.shadow_needed(seat)
    p_shadow = faces.count("shadow") / n
    p_hunt = faces.count("hunt") / n
    p_exh = faces.count("exhaust") / n
    p_pow = (faces.count("power1") + 2 * faces.count("power2")) / n
    shadow_fill = (s.shadow_count(colour) + 1) / need
    hunt_fill = (len(s.hunt) + 1) / 4
    exh_fill = (len(s.exhaust) + 1) / 3
    return (
        p_shadow * shadow_fill**2 * 3
        + p_hunt * hunt_fill**2 * 5
        + p_exh * exh_fill**2 * 1.5
        - p_pow * 0.6
    )


def _margin(state: Any, seat: int) -> int:
    """Fewest further bad results that would fill a row."""
    s = state.seats[seat]
    need = state.shadow_needed(seat)
    shadow_left = min(need - s.shadow_count(c) for c in COLOURS)
    rules = state.rules
    return min(rules["hunt_row"] - len(s.hunt), rules["exhaust_row"] - len(s.exhaust), shadow_left)


def _pick(ids: list[str], prefer: list[str]) -> str | None:
    for p in prefer:
        if p in ids:
            return p
    return None


def heuristic_policy(state: Any, player: int, rng: random.Random) -> Action:
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    ids = [a.id for a in legal]
    top = state.stack.top
    kind = top.kind
    seats = state.seats
    if kind == "track":
        margin = _margin(state, player)
        if margin <= 1 or state.power_of(player) >= 12:
            return A["track:3-5-7"]
        return A["track:4-6-8"] if margin >= 3 else A["track:3-5-7"]
    if kind == "return":
        returns = [aid for aid in ids if aid.startswith("return:")]
        if "proceed" in ids or not returns:
            # table_slips: past the returns the rules allow, the bot goes on (it never slips)
            return A["proceed"] if "proceed" in ids else legal[0]
        best = max(returns, key=lambda aid: _danger(state, player, aid[7:]))
        return A[best]
    if kind == "resolve":
        # reroll a colour whose unresolved dreams would fill a row
        s = seats[player]
        need = state.shadow_needed(player)
        for aid in ids:
            if aid.startswith("reroll:") and aid.count(":") == 1:
                c = aid[7:]
                bad = 0
                for d in top.rolled:
                    if d[0] != c:
                        continue
                    if (d[1] == "hunt" and len(s.hunt) >= 3) or (
                        d[1] == "shadow" and s.shadow_count(c) + 1 >= need
                    ):
                        bad += 2
                    elif d[1] == "exhaust" and len(s.exhaust) >= 2:
                        bad += 1
                    elif d[1] in ("power1", "power2"):
                        bad -= 2
                if bad >= 2:
                    return A[aid]
        choice = _pick(
            ids, ["resolve:power", "resolve:exhaust", "resolve:hunt", "resolve:shadowmark"]
        )
        if choice:
            return A[choice]
        shadows = [aid for aid in ids if aid.startswith("resolve:shadow:")]
        # resolve the Depths last (it draws more), the least-filled row first
        shadows.sort(key=lambda aid: (aid.endswith("blue"), seats[player].shadow_count(aid[15:])))
        return A[shadows[0]]
    if kind == "now":
        # a dream drawn or rerolled by an effect: reroll it if it would fill a row
        s = seats[player]
        d = top.dream
        need = state.shadow_needed(player)
        rules = state.rules
        bad = (
            (d[1] == "hunt" and len(s.hunt) + 1 >= rules["hunt_row"])
            or (d[1] == "shadow" and s.shadow_count(d[0]) + 1 >= need)
            or (d[1] == "exhaust" and len(s.exhaust) + 1 >= rules["exhaust_row"])
        )
        return A["reroll:" + d[0]] if bad else A["resolve:now"]
    if kind == "spend":
        # keep the bigger Power dream
        return A[ids[0]] if ids[0].endswith("power1") else A[ids[-1]]
    if kind == "reroll_pick":
        # lucidity-es: reroll the unresolved dreams that hurt, keep Power results
        for aid in ids:
            if aid.startswith("reroll:") and not aid.endswith(("power1", "power2")):
                return A[aid]
        return A["reroll:chosen"] if "reroll:chosen" in ids else legal[0]
    if kind == "imprison":
        # turn the exhaust dream of the colour least likely to matter: the first one
        return legal[0]
    if kind == "pay":
        # pay with 1-Power dreams while they fit, keeping 2-Power dreams
        paid = top.paid
        cost = state.game.content.manifestations[top.card].cost
        ones = [aid for aid in ids if aid.endswith("power1")]
        twos = [aid for aid in ids if aid.endswith("power2")]
        if ones and (cost - paid == 1 or not twos or len(ones) > 0):
            return A[ones[0]]
        return A[twos[0]] if twos else legal[0]
    if kind == "rest":
        s = seats[player]
        margin = _margin(state, player)
        power = state.power_of(player)
        if "draw_again" in ids and power < 15:
            stage_ok = s.stage == 0 or (s.stage == 1 and margin >= 3)
            if margin >= 2 and stage_ok and not any(d[1] == "shadow" for d in s.hunt):
                return A["draw_again"]
        rests = [aid for aid in ids if aid != "draw_again"]
        need = state.shadow_needed(player)

        def value(aid: str) -> float:
            parts = aid.split(":")
            if parts[1] == "exhaust":
                return sum(1 for d in s.exhaust if not d[2]) / 3 * 1.2
            if parts[1] == "hunt":
                return 2.0 + len(s.hunt) / 4
            if parts[1] == "shadow":
                return s.shadow_count(parts[2]) / need * 1.5
            if parts[1] == "rotated":
                return 0.4
            return 0.0

        return A[max(rests, key=value)]
    if kind == "fear":
        return A["fear:none"] if "fear:none" in ids else legal[0]
    if kind == "envy":
        # make the dreamer reroll its best Power dream, else a dream that helps it least
        choice = _pick(
            ids, [i for i in ids if i.endswith(":power2")] + [i for i in ids if ":power:" in i]
        )
        return A[choice or ids[0]]
    if kind == "become":
        return A[max(ids, key=lambda aid: len(state.cards[aid[7:]]))]
    if kind == "nightmare":
        consumes = [aid for aid in ids if aid.startswith("consume:")]
        if consumes:
            consumes.sort(
                key=lambda aid: (aid.endswith("power2"), state.power_of(int(aid.split(":")[1][4:])))
            )
            return A[consumes[-1]]
        return A["minions"]
    if kind == "minion_pick":
        target = top.target
        targets = [target] if target is not None else state.dreamers()
        victim = max(targets, key=lambda t: state.power_of(t))
        return A[max(ids, key=lambda aid: _danger(state, victim, aid[7:]))]
    if kind == "minion_target":
        colour = top.dream[0]
        return A[
            max(
                ids,
                key=lambda aid: (
                    state.power_of(int(aid[11:])),
                    _danger(state, int(aid[11:]), colour),
                ),
            )
        ]
    if kind == "ability":
        return A["ability:use"]
    if kind == "strip":
        choice = _pick(ids, [i for i in ids if i.endswith("power2")])
        return A[choice or ids[0]]
    if kind == "manifest":
        return _manifest_choice(state, player, ids)
    if kind == "bottom":
        return legal[0]
    return legal[rng.randrange(len(legal))]


def _manifest_choice(state: Any, player: int, ids: list[str]) -> Action:
    """Manifest the most useful affordable card, never empower, else pass."""
    acts = state.game.actions
    cards = state.game.content.manifestations
    s = state.seats[player]
    need = state.shadow_needed(player)
    best, best_value = "pass", 0.0
    for aid in ids:
        if not aid.startswith("manifest:"):
            continue
        spec = cards[aid[9:]]
        eff = spec.effect  # an effect-language node (effects.py)
        row = getattr(eff.args, "row", None)
        count = getattr(eff.args, "count", 1)
        if eff.op == "cleanse" and row == "hunt":
            value = len(s.hunt) * 1.0
        elif eff.op == "cleanse" and row == "shadow":
            value = max(s.shadow_count(c) for c in COLOURS) / need * 2.5
        elif eff.op == "cleanse":
            value = len(s.exhaust) * 0.6
        elif eff.op == "shield":
            value = 1.0 + len(s.hunt) * 0.5
        else:
            value = count * 0.8
        value -= spec.cost * 0.5
        if value > best_value:
            best, best_value = aid, value
    return acts[best]
