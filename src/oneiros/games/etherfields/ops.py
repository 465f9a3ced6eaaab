"""What the effect language's ops do in play (etherfields design §2.3): each handler is
registered on the pack's language and runs as a flow step of ``kinds.RUNTIME``. Ops with
no handler here are listed by ``RUNTIME.missing()`` and in docs/games/etherfields.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.effects import Ctx, Node
from ...core.flow import Flow
from .kinds import RUNTIME
from .language import LANGUAGE
from .params import MAX_HOURS
from .rules import (
    cure,
    end_game,
    entity_of_source,
    in_range_of_spaces,
    minis_of,
    morph_count,
    suffer,
)
from .steps import states
from .steps.cards import (
    DrawOne,
    MorphDraw,
    SealOne,
    TurnUnder,
    turns_visible,
    unknown_turns,
    unseal,
)
from .steps.dreamscape import spawn
from .steps.movement import Move, choose_or_do, remove_mini

if TYPE_CHECKING:
    from .state import EtherfieldsState

effect = LANGUAGE.handler


def seats(s: EtherfieldsState, sel: Node | None, ctx: Ctx) -> tuple[int, ...]:
    """The Dreamers a selector names (``None``: the acting Dreamer)."""
    if sel is None:
        return (ctx.seat if ctx.seat is not None else s.first,)
    return tuple(t for t in RUNTIME.select(s, sel, ctx) if isinstance(t, int))


# -- selectors ------------------------------------------------------------------------------


@effect("self", "selector")
def _self(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    return (ctx.seat,)


@effect("each", "selector")
def _each(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    return tuple(range(s.game.players))


@effect("team", "selector")
def _team(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    return ("team",)


@effect("it", "selector")
def _it(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    return (ctx.it,)


@effect("here", "selector")
def _here(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    return (s.pos[ctx.seat],) if ctx.seat is not None else ()


@effect("space", "selector")
def _space(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    return (a.space,)


@effect("entity", "selector")
def _entity(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    return tuple(m[0] for m in minis_of(s, a.entity))


@effect("in_range", "selector")
def _in_range(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    """Dreamers in range of the source Entity (its Reach Morphings add 1 each) or of the
    acting Dreamer ("Entity & Dream/Slumber Effects", "Morphings")."""
    n = a.n
    if a.of is not None:
        spaces = [
            t if isinstance(t, str) and s.mini(t) is None else _mini_space(s, t)
            for t in RUNTIME.select(s, a.of, ctx)
        ]
        return in_range_of_spaces(s, [x for x in spaces if x], n)
    entity = entity_of_source(ctx.source)
    if entity is not None:
        if n is not None:
            n += morph_count(s, entity, "range")
        found: set[int] = set()
        for m in minis_of(s, entity):  # "State Tokens": each miniature alone
            if ctx.get("skip_stunned") and states.has(s, m[0], "stunned"):
                continue
            found |= set(in_range_of_spaces(s, [m[2]], states.capped(s, m[0], n)))
        return tuple(sorted(found))
    here = s.pos[ctx.seat] if ctx.seat is not None else None
    n = states.capped(s, ctx.seat, n) if ctx.seat is not None else n
    return in_range_of_spaces(s, [here] if here else [], n)


def _mini_space(s: EtherfieldsState, mini: Any) -> str | None:
    found = s.mini(mini) if isinstance(mini, str) else None
    return found[2] if found else None


# -- amounts and conditions -------------------------------------------------------------------


@effect("pc", "amount")
def _pc(s: EtherfieldsState, a: Any, ctx: Ctx) -> int:
    return s.game.players


@effect("x", "amount")
def _x(s: EtherfieldsState, a: Any, ctx: Ctx) -> int:
    return ctx.x


@effect("hours_left", "amount")
def _hours_left(s: EtherfieldsState, a: Any, ctx: Ctx) -> int:
    return s.hours


@effect("held", "amount")
def _held(s: EtherfieldsState, a: Any, ctx: Ctx) -> int:
    if a.pool in s.team:
        return s.team[a.pool]
    return (
        sum(getattr(s, a.pool)[seat] for seat in seats(s, a.who, ctx)) if hasattr(s, a.pool) else 0
    )


@effect("flag", "condition")
def _flag(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    return a.name in s.flags


@effect("at_least", "condition")
def _at_least(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    return RUNTIME.amount(s, a.amount, ctx) >= RUNTIME.amount(s, a.n, ctx)


@effect("has", "condition")
def _has(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    seat = ctx.seat if ctx.seat is not None else s.first
    pool = getattr(s, a.pool, None)
    have = s.team.get(a.pool, 0) if pool is None else pool[seat]
    return bool(have >= RUNTIME.amount(s, a.n, ctx))


@effect("on", "condition")
def _on(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    here = s.pos[ctx.seat] if ctx.seat is not None else None
    if here is None:
        return False
    _tile, space = s.space(here)
    if a.what in ("stairs", "special"):
        return bool(getattr(space, a.what))
    if a.what == "trap":
        return space.trap is not None
    if a.what == "spawn":
        return bool(space.spawn)
    return a.what in s.terrain(here)


@effect("at", "condition")
def _at(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    return ctx.seat is not None and s.pos[ctx.seat] == a.space


@effect("entity_present", "condition")
def _present(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    return bool(minis_of(s, a.entity))


# -- effects ----------------------------------------------------------------------------------


@effect("script")
def _script(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Secret Scripts": read a script of this Dream."""
    key = f"{s.gate.id}/{a.n}"
    if not s.catalog.has("script", key):
        # an Entity met in another Dream (the Orchard's Rust Moths at the Ferry) may name a
        # script of its own Dream: this Dream has none, so nothing is read
        flow.emit("script_absent", "This Dream has no script {n}", "scripts", n=a.n)
        return
    rec = s.catalog.get("script", key)
    flow.emit("script", "Script {n}: {text}", "scripts", n=a.n, text=str(rec.text))
    flow.push(*RUNTIME.steps(rec.effects, ctx))


@effect("reveal")
def _reveal(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Reveal": a Secret card or tile is turned face up (a tile on its slot)."""
    if a.code in s.revealed:
        return
    s.revealed.append(a.code)
    secret = s.catalog.get("secret", a.code)
    flow.emit("revealed", "Secret {code} is revealed", "reveal", code=a.code, holds=secret.holds)
    if secret.holds_kind == "tile" and secret.holds not in s.tiles:
        s.tiles.append(secret.holds)
    elif secret.holds_kind == "overlay":  # "placed on the Dreamscape when revealed"
        from .steps.overlays import lay

        lay(s, flow, secret.holds)
    from .steps.triggers import fire

    fire(s, flow, "revealed", detail=a.code)


@effect("set_flag")
def _set_flag(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    if a.name not in s.flags:
        s.flags.append(a.name)


@effect("clear_flag")
def _clear_flag(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    if a.name in s.flags:
        s.flags.remove(a.name)


@effect("victory")
def _victory(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    end_game(s, flow, "victory", "victory", "finishing")


@effect("defeat")
def _defeat(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    end_game(s, flow, "defeat", s.ending or "defeat", "finishing")


@effect("gain")
def _gain(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Component Limitations": what is not left in the pool is not gained."""
    n = RUNTIME.amount(s, a.n, ctx)
    who = RUNTIME.select(s, a.who, ctx) if a.who is not None else (ctx.seat,)
    for target in who:
        got = s.table.take(a.pool, n)
        if target == "team" or a.pool in s.team:
            s.team[a.pool] = s.team.get(a.pool, 0) + got
        else:
            getattr(s, a.pool)[target] += got
        flow.emit("gained", "{who} gains {n} {pool}", "limits", who=str(target), n=got, pool=a.pool)


@effect("lose")
def _lose(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    n = RUNTIME.amount(s, a.n, ctx)
    for seat in seats(s, a.who, ctx):
        k = min(n, getattr(s, a.pool)[seat])
        getattr(s, a.pool)[seat] -= k
        s.table.give(a.pool, k)
        flow.emit("lost", "Dreamer {seat} loses {n} {pool}", seat=seat, n=k, pool=a.pool)


def _entity_bonus(s: EtherfieldsState, ctx: Ctx, kind: str) -> int:
    entity = entity_of_source(ctx.source)
    return morph_count(s, entity, kind) if entity else 0


@effect("distress")
def _distress(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Distress and Dying"; an Entity's Anguish Morphings add 1 each ("Morphings")."""
    n = RUNTIME.amount(s, a.n, ctx) + _entity_bonus(s, ctx, "distress")
    if entity_of_source(ctx.source) is not None:  # "State Tokens": a Stunned one's is ignored
        ctx = ctx.bind(extra=(*ctx.extra, ("skip_stunned", True)))
    for seat in seats(s, a.who, ctx):
        if not suffer(
            s,
            flow,
            seat,
            n,
            "entity_effects" if ctx.source and ctx.source.startswith("entity:") else "dying",
        ):
            return


@effect("cure")
def _cure(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    for seat in seats(s, a.who, ctx):
        cure(s, flow, seat, RUNTIME.amount(s, a.n, ctx))


@effect("seal")
def _seal(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Sealing and Unsealing Cards"; an Entity's Erosion Morphings add 1 each."""
    n = RUNTIME.amount(s, a.n, ctx) + _entity_bonus(s, ctx, "seal")
    flow.push(*reversed([SealOne(seat, n) for seat in seats(s, a.who, ctx)]))


@effect("unseal")
def _unseal(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    for seat in seats(s, a.who, ctx):
        unseal(s, flow, seat, RUNTIME.amount(s, a.n, ctx))


@effect("draw")
def _draw(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    for seat in seats(s, a.who, ctx):
        room = s.hand_limit(seat) - s.table.count("hand", seat)
        n = min(RUNTIME.amount(s, a.n, ctx), room)
        if n > 0:
            flow.push(DrawOne(seat, n, True))


@effect("hours")
def _hours(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "The Clock": Hours move on the track, never below 0 (design §6, reading 14)."""
    s.hours = max(0, min(MAX_HOURS, s.hours + RUNTIME.amount(s, a.n, ctx)))
    flow.emit("hours", "The Clock shows {hours} Hours", "clock", hours=s.hours)


@effect("threat")
def _threat(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """Threat tokens on Entities; on ``choose_entity`` the acting Dreamer picks the target
    in range ("Multiple Choices"; "Assault / Contact Actions": a target per multiple)."""
    n = RUNTIME.amount(s, a.n, ctx)
    on: Node = a.on
    if on.op == "choose_entity":
        seat = ctx.seat if ctx.seat is not None else s.first
        choose_or_do(s, flow, seat, on.args.range, f"threat:{n}")  # type: ignore[attr-defined]
        return
    for target in RUNTIME.select(s, a.on, ctx):
        mini = s.mini(target) if isinstance(target, str) else None
        if mini is not None:
            mini[3] += s.table.take("threat", n)
            flow.emit("threat", "{mini} has {n} Threat", mini=mini[0], n=mini[3])


@effect("add_turn")
def _add_turn(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Other Turn Card Rules": the bottom card of the Turn discard pile goes under the
    Turn deck: one of the face-down cards while one is left (unknown until drawn, or a
    chance draw with ``turn_deck_visible=all``), else the known bottom of the pile; with
    an empty pile nothing happens (design §6, reading 14)."""
    steps: list[Any] = []
    for _ in range(RUNTIME.amount(s, a.n, ctx)):
        face_down = s.table.count("turns") - unknown_turns(s) - len(steps)
        if face_down > 0 and turns_visible(s):
            steps.append(TurnUnder())
            continue
        if face_down > 0:
            s.turns_left += 1  # a face-down card, unknown until it is drawn
        elif s.table.count("turn_discard"):
            bottom = s.table.ids("turn_discard")[0]
            s.table.move(bottom, "turn_deck", bottom=True)
            s.turns_left += 1
        else:
            flow.emit("no_turn", "The Turn discard pile is empty: no Turn is added", "other_turn")
            continue
        flow.emit("turn_added", "A Turn is added ({left} left)", "other_turn", left=s.turns_left)
    flow.push(*steps)


@effect("spawn")
def _spawn(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    at = tuple(RUNTIME.select(s, a.at, ctx)) if a.at is not None else ()
    spawn(s, flow, a.entity, RUNTIME.amount(s, a.n, ctx), at)


@effect("morph")
def _morph(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    entity = entity_of_source(ctx.source)
    if entity is not None and states.entity_poisoned(s, entity):
        flow.emit("poisoned", "{entity} is Poisoned: no Morphing", "states", entity=entity)
    elif entity is not None:
        flow.push(MorphDraw(entity, RUNTIME.amount(s, a.n, ctx)))


@effect("unmorph")
def _unmorph(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Basic Actions Card" (Remove Morphings): the latest Morphing of an Entity within
    range 1 goes back to the pool."""
    here = s.pos[ctx.seat] if ctx.seat is not None else None
    reach = s.board().within(here, 1) if here else set()
    for entity, tokens in s.morphs.items():
        if tokens and any(m[2] in reach for m in minis_of(s, entity)):
            for _ in range(RUNTIME.amount(s, a.n, ctx)):
                if tokens:
                    token = tokens.pop()
                    s.table.move(
                        token,
                        "morph_pool",
                        flow=flow,
                        kind="unmorphed",
                        fmt="A Morphing “{face}” leaves {target}",
                        rule="morphings",
                        target=entity,
                    )
            return


@effect("remove_entity")
def _remove_entity(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    target: Node = a.target
    if target.op == "choose_entity":
        args: Any = target.args
        choose_or_do(s, flow, ctx.seat if ctx.seat is not None else s.first, args.range, "remove")
        return
    for mini in RUNTIME.select(s, target, ctx):
        remove_mini(s, flow, mini)


@effect("move")
def _move(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    n = RUNTIME.amount(s, a.n, ctx)
    for seat in seats(s, a.who, ctx):
        if states.has(s, seat, "paralyzed"):
            flow.emit("paralyzed", "Dreamer {seat} is Paralyzed", "states", seat=seat)
        elif n > 0:
            flow.push(Move(seat, n))


@effect("relocate")
def _relocate(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Movement Actions": Relocation ignores range and Walls; a Dreamer ending a
    Relocation on a Trap triggers it ("Other Dreamscape Icons")."""
    to = RUNTIME.select(s, a.to, ctx)
    if not to:
        return
    traps: list[Any] = []
    for target in RUNTIME.select(s, a.who, ctx) if a.who is not None else (ctx.seat,):
        if states.has(s, target, "paralyzed"):
            flow.emit("paralyzed", "{who} is Paralyzed", "states", who=str(target))
            continue
        if isinstance(target, int):
            s.pos[target] = to[0]
            trap = s.space(to[0])[1].trap
            if trap is not None:
                traps.append((target, trap))
        elif s.mini(target) is not None:
            s.mini(target)[2] = to[0]  # type: ignore[index]
        flow.emit(
            "relocated", "{who} relocates to {space}", "movement", who=str(target), space=to[0]
        )
    for seat, trap in reversed(traps):
        flow.emit("trap", "A Trap at {space} triggers", "icons", space=to[0])
        flow.push(*RUNTIME.steps(trap, Ctx(seat=seat, source=f"map:{to[0]}")))


@effect("terrain")
def _terrain(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    for at in RUNTIME.select(s, a.at, ctx):
        s.tokens.append([at, a.kind])
        flow.emit("terrain", "A {terrain} token at {space}", "terrain", terrain=a.kind, space=at)


@effect("gain_card")
def _gain_card(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Component Limitations": a card gained from the Secrets exists once."""
    ident = f"gained.{a.card}"
    if ident in s.table.faces:
        return
    seat = ctx.seat if ctx.seat is not None else s.first
    s.table.create(ident, a.card, "discard", seat)
    flow.emit(
        "card_gained", "Dreamer {seat} gains {card} to the discard pile", seat=seat, card=a.card
    )
