"""More of the effect language in play (etherfields design §2.3): Turn card suits and
phases, Blocks, tokens, the Luck die as an effect, Progress colour icons and State tokens.
``ops.py`` holds the rest; both register their handlers on import."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.effects import Ctx, Node
from ...core.flow import Flow
from .kinds import RUNTIME
from .language import LANGUAGE
from .ops import _in_range
from .rules import minis_of
from .steps import choices, flaws, flips, items, overlays, states  # noqa: F401  (their ops)
from .steps.cards import reshuffle
from .steps.dreamscape import BlockStep, EntityWalk
from .steps.luck import roll_luck
from .steps.movement import choose_or_do

if TYPE_CHECKING:
    from .state import EtherfieldsState

effect = LANGUAGE.handler


# -- the rest of the part-1 vocabulary ---------------------------------------------------------


@effect("suit", "condition")
def _suit(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    """ "Other Turn Card Rules" (Turn Card Suits): the current Turn card's suit."""
    card = s.current_turn()
    return card is not None and card.suit == a.suit


@effect("phase", "condition")
def _phase(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    """ "Turn Order": the Dreamers Phase lasts until the Dreamscape Phase begins."""
    dreamers = any(getattr(step, "kind", "") == "dreamscape" for step in s.flow.items)
    return (a.phase == "dreamers") == dreamers


@effect("in_range", "condition")
def _in_range_cond(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    """ "Movement Actions — Range": the acting Dreamer is within range of the target."""
    return ctx.seat is not None and ctx.seat in _in_range(s, a, ctx)


@effect("item_active", "condition")
def _item_active(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    """ "Items": the Item is in an Active slot."""
    return a.item in s.table.faces_in("items")


@effect("spaces_with", "selector")
def _spaces_with(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    """Every revealed space with a feature: a terrain ("Terrain Symbols and Terrain
    Tokens") or an icon ("Other Dreamscape Icons")."""
    out = []
    for ref in s.board().spaces:
        _tile, space = s.space(ref)
        if a.feature in ("stairs", "special", "blocked"):
            hit = bool(getattr(space, a.feature))
        elif a.feature == "trap":
            hit = space.trap is not None
        elif a.feature == "spawn":
            hit = bool(space.spawn)
        else:
            hit = a.feature in s.terrain(ref)
        if hit:
            out.append(ref)
    return tuple(out)


@effect("progress", "amount")
def _progress(s: EtherfieldsState, a: Any, ctx: Ctx) -> int:
    """ "Progress Influence Cards": the acting Dreamer's active Progress cards of a colour."""
    from .steps.progress import colour_icons

    return colour_icons(s, ctx.seat if ctx.seat is not None else s.first, a.colour)


@effect("count", "amount")
def _count(s: EtherfieldsState, a: Any, ctx: Ctx) -> int:
    return len(RUNTIME.select(s, a.sel, ctx))


@effect("threat", "amount")
def _threat_on(s: EtherfieldsState, a: Any, ctx: Ctx) -> int:
    """Threat tokens on the targets (miniatures)."""
    found = [s.mini(t) for t in RUNTIME.select(s, a.target, ctx) if isinstance(t, str)]
    return sum(m[3] for m in found if m is not None)


@effect("reshuffle")
def _reshuffle(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Reshuffle!": "If the game allows you to reshuffle your Influence deck, even though
    you still have some cards in it, reshuffle all the remaining cards and the cards in your
    Discard pile": no penalty, as drawing did not trigger it."""
    seat = ctx.seat if ctx.seat is not None else s.first
    reshuffle(s, flow, seat)


@effect("block_step")
def _block_step(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Other Turn Card Rules": "Block 1 step of the current Turn card": the team chooses
    the step (the First Player, "Multiple Choices"); without a free Block token nothing is
    blocked ("Component Limitations", design §6 reading 12)."""
    card = s.current_turn()
    open_ = tuple(i for i in range(len(card.steps)) if i not in s.blocked_steps) if card else ()
    if not open_ or not s.table.amount("block"):
        flow.emit("no_block", "No step can be blocked", "other_turn")
        return
    flow.push(BlockStep(open_, seats=tuple(range(s.game.players))))


@effect("block_action")
def _block_action(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Map Actions": a map action (``<space>:<action>``) is blocked as if used."""
    key = f"map:{a.ref}"
    if key not in s.used:
        s.used.append(key)
        flow.emit("action_blocked", "The map action {ref} is blocked", "map_actions", ref=a.ref)


@effect("move_entity")
def _move_entity(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Entity Movement": each miniature of the Entity Moves n spaces toward the closest
    Dreamer, as in a Movement step."""
    n = RUNTIME.amount(s, a.n, ctx)
    flow.push(*reversed([EntityWalk(m[0], n, False) for m in minis_of(s, a.entity)]))


@effect("place")
def _place(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """Place a token of a pool on each selected space; what is not left is not placed
    ("Component Limitations")."""
    for at in RUNTIME.select(s, a.at, ctx):
        if not s.table.take(a.token, 1):
            flow.emit("none_left", "No {token} token is left", "limits", token=a.token)
            return
        s.tokens.append([at, a.token])
        flow.emit("placed", "A {token} token at {space}", "limits", token=a.token, space=at)


@effect("remove")
def _remove(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """Remove a token of a pool from each selected space, back to its pool."""
    for at in RUNTIME.select(s, a.at, ctx):
        if [at, a.token] in s.tokens:
            s.tokens.remove([at, a.token])
            s.table.give(a.token, 1)
            flow.emit("removed", "The {token} token leaves {space}", token=a.token, space=at)


@effect("roll_luck")
def _roll_luck(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Luck Die": roll it; the last result after rerolls picks the effect."""
    roll_luck(s, flow, a, ctx)


@effect("apply_state")
def _apply_state(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "State Tokens": a State on a Dreamer or a miniature (``choose_entity``: the acting
    Dreamer picks one in range)."""
    to: Node | None = a.to
    seat = ctx.seat if ctx.seat is not None else s.first
    if to is None:
        states.apply(s, flow, seat, a.kind)
    elif to.op == "choose_entity":
        choose_or_do(s, flow, seat, to.args.range, f"state:{a.kind}")  # type: ignore[attr-defined]
    else:
        for target in RUNTIME.select(s, to, ctx):
            if isinstance(target, int) or s.mini(target) is not None:  # Dreamers, miniatures
                states.apply(s, flow, target, a.kind)


@effect("state", "condition")
def _state(s: EtherfieldsState, a: Any, ctx: Ctx) -> bool:
    return any(states.has(s, t, a.kind) for t in RUNTIME.select(s, a.target, ctx))


# -- choices, cards and the Turn (part 2) ----------------------------------------------------


def _chosen(s: EtherfieldsState, op: str, n: int | None, ctx: Ctx) -> tuple[Any, ...]:
    """A ``choose_*`` selector: the target chosen for the running effect (``kinds.py``);
    read outside an effect (a condition), every candidate."""
    from .steps.choices import candidates_of

    bound = dict(ctx.extra)
    if "chosen" in bound:
        return () if bound["chosen"] is None else (bound["chosen"],)
    return candidates_of(s, op, n, ctx)


@effect("choose_dreamer", "selector")
def _choose_dreamer(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    """ "Multiple Choices": a Dreamer the team chooses (``choose:<seat>``)."""
    return _chosen(s, "choose_dreamer", None, ctx)


@effect("choose_entity", "selector")
def _choose_entity(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    """ "Multiple Choices": a miniature within range the acting Dreamer chooses
    (``target:entity:<id>``)."""
    return _chosen(s, "choose_entity", a.range, ctx)


@effect("discard")
def _discard(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Performing Actions": each Dreamer named discards n cards from hand, their choice."""
    from .ops import seats
    from .steps.choices import DiscardEffect

    n = RUNTIME.amount(s, a.n, ctx)
    flow.push(*reversed([DiscardEffect(seat, n) for seat in seats(s, a.who, ctx)]))


@effect("end_turn")
def _end_turn(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Turn Order", "2) Discard Turn Step": the current Turn ends now: what is left of
    the Dreamers Phase and the Dreamscape Phase is skipped, and the Turn card is
    discarded."""
    from .steps.turn import EndTurn

    stack = flow.items
    at = next((i for i in range(len(stack) - 1, -1, -1) if isinstance(stack[i], EndTurn)), None)
    if at is None:
        return
    from .steps.triggers import Fire

    # what waits for the end of the Turn still comes: its turn_end triggers (triggers.py)
    ending = [x for x in stack[at + 1 :] if isinstance(x, Fire) and x.event == "turn_end"]
    del stack[at + 1 :]
    stack.extend(ending)
    flow.changed()
    flow.emit("turn_ended", "The Turn ends", "discard_turn")


@effect("reroll")
def _reroll(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Rerolls": the roll the card answers (a reroll window binds it) is rolled again;
    with no roll to answer, nothing happens."""
    from .steps.luck import Reroll

    roll = ctx.get("roll")
    if roll is None:
        flow.emit("no_reroll", "There is no roll to reroll", "rerolls")
        return
    flow.push(Reroll(str(roll[0]), str(roll[1])))


@effect("seal_this")
def _seal_this(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """ "Sealing and Unsealing Cards": the card whose ability runs goes to its owner's
    Sealed pile, from wherever it is (a placed Progress card leaves the Progress zone)."""
    from .rules import check_cards
    from .steps.flips import unmark

    parts = (ctx.source or "").split(":")
    if parts[0] != "card" or len(parts) < 2 or parts[1] not in s.table.faces:
        return
    card = parts[1]
    seat = ctx.seat if ctx.seat is not None else s.first
    if s.table.top("sealed", seat) == card:
        return  # sealed already, to play it ("Seal this card" as its cost)
    unmark(s, card)
    s.table.move(
        card,
        "sealed",
        seat,
        flow=flow,
        kind="sealed",
        fmt="Dreamer {seat} seals {face}",
        rule="sealing",
        seat=seat,
    )
    s.tally["sealed"] += 1
    check_cards(s, flow)


# -- what a Dream or a Slumber gives the campaign ("Note Cards", "Wisdom Cards") --------------


def gained_cards(s: EtherfieldsState, kind: str) -> list[str]:
    """The Note (``kind`` ``note``) or Wisdom cards ``gain_note`` / ``gain_wisdom`` gave in
    this Dream or Slumber, in order: its end puts them in the campaign's Note cards Storage
    or among its Wisdom cards (``campaign/dream.py``, ``campaign/slumber.py``)."""
    return [str(e.data["card"]) for e in s.events() if e.kind == f"{kind}_gained"]


def _held(s: EtherfieldsState, kind: str, code: str) -> bool:
    """Whether the team has the card already: gained in this session, or held (or, for a
    one-use Note, used up) by the campaign it plays in ("Component Limitations": a card
    exists once)."""
    from .campaign.dream import snapshot_of

    if code in gained_cards(s, kind):
        return True
    doc = snapshot_of(s.game.options)
    if doc is None:
        return False
    return code in (doc.notes + doc.removed if kind == "note" else doc.wisdom)


@effect("gain_note")
def _gain_note(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Note Cards": "All Note cards gained during the game are kept in the
    Storage" and "can be used by any Dreamer": the Note goes to the Note cards Storage when
    the Dream or Slumber ends (as a Note a revealed Secret holds); a Note is found once."""
    if _held(s, "note", a.code):
        return
    flow.emit(
        "note_gained",
        "The team gains the Note card {card}: it goes to the Storage when this ends",
        "notes",
        card=a.code,
    )


@effect("gain_wisdom")
def _gain_wisdom(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Wisdom Cards": "you will acquire WISDOM CARDS during the course of the
    campaign"; "All the Wisdom cards you have gained are always considered active": the
    team holds it from the end of the Dream or Slumber on (as a revealed one)."""
    if _held(s, "wisdom", a.code):
        return
    flow.emit(
        "wisdom_gained",
        "The team gains the Wisdom card {card}: it is active when this ends",
        "wisdom",
        card=a.code,
    )
