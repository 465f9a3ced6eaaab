"""The Card and Action step and performing actions (etherfields "2) Card and Action Step",
"Dreamers Actions", "Performing Actions", "Basic Actions Card", "Items", "Map Actions",
"Gradual Actions", "Assault / Contact Actions", "Luck Die — Boosting Your Intent")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import Action
from ....core.effects import Ctx, Node
from ....core.flow import ANY, DecisionStep, Flow, GroupStep, evolve
from ..kinds import KINDS, RUNTIME
from ..names import names_of
from ..params import BASE_RANGE_INTERACTION
from ..records import Ability
from .peek import DiscardCost, Peek, peekable
from .states import capped, has

if TYPE_CHECKING:
    from ..state import EtherfieldsState

COLOURS = ("awareness", "cunning", "wrath")


# -- finding abilities ----------------------------------------------------------------------


def find_ability(s: EtherfieldsState, key: str) -> Ability | None:
    """The ability an action key names: ``basic:<id>``, ``map:<space>:<id>``,
    ``entity:<mini>:<id>``, ``flying:<id>``, ``item:<item>:<id>``."""
    parts = key.split(":")
    cat = s.catalog
    if parts[0] == "basic":
        return next((a for a in cat.get("basic", "basic").abilities if a.id == parts[1]), None)
    if parts[0] in ("note", "wisdom"):  # the campaign's Note and Wisdom cards
        from ..campaign.dream import team_card_ability

        return team_card_ability(s, parts[0], parts[1], parts[2])
    if parts[0] == "map":
        _tile, space = s.space(parts[1])
        if space.gem_slot is not None and space.gem_slot.id == parts[2]:
            return space.gem_slot
        return next((a for a in space.actions if a.id == parts[2]), None)
    if parts[0] == "entity":
        mini = s.mini(parts[1])
        if mini is None:
            return None
        return next((a for a in cat.get("entity", mini[1]).interactions if a.id == parts[2]), None)
    if parts[0] == "flying":
        return next((a for a in s.gate.flying if a.id == parts[1]), None)
    if parts[0] == "item":
        return next((a for a in cat.get("item", parts[1]).abilities if a.id == parts[2]), None)
    if parts[0] == "card":
        from .influence import card_ability

        return card_ability(s, parts[1], parts[2] if len(parts) > 2 else None)
    if parts[0] == "mask":
        from .masks import mask_ability

        return mask_ability(s, int(parts[1]))
    if parts[0] == "progress":
        from .progress import placement

        return placement(s, parts[1])
    if parts[0] == "back":
        from .back import back_ability

        return back_ability(s, int(parts[1]))
    if parts[0] == "companion":
        from .companions import companion_ability

        return companion_ability(s, parts[1], parts[2])
    return None


def use_key(s: EtherfieldsState, key: str) -> str:
    """What a limit counts: an Entity's interaction is one for all its miniatures."""
    parts = key.split(":")
    if parts[0] == "entity":
        mini = s.mini(parts[1])
        return f"entity:{mini[1] if mini else parts[1]}:{parts[2]}"
    return key


def spent(s: EtherfieldsState, key: str, ability: Ability, seat: int) -> bool:
    k = use_key(s, key)
    if "single_use" in ability.keywords or ability.limit in ("once_per_dream", "once_per_journey"):
        return k in s.used
    if ability.limit in ("once_per_turn", "once_per_phase"):
        return f"{k}@{seat}" in s.turn_used
    return False


def mark_used(s: EtherfieldsState, key: str, ability: Ability, seat: int) -> None:
    k = use_key(s, key)
    if "single_use" in ability.keywords or ability.limit in ("once_per_dream", "once_per_journey"):
        s.used.append(k)
    elif ability.limit in ("once_per_turn", "once_per_phase"):
        s.turn_used.append(f"{k}@{seat}")


# -- prices ---------------------------------------------------------------------------------


def price(s: EtherfieldsState, cost: Node, ctx: Ctx) -> tuple[str, tuple[tuple[str, int], ...]]:
    """A cost as (mode, needs): mode ``free``, ``intent``, ``gradual`` or a resource
    (``hours``, ``gems``, ``ether``, ``distress``); needs lists (colour or resource, n)."""
    op, a = cost.op, cost.args
    if op in ("free", "seal_this"):
        return "free", ()  # a card sealed to play it left the hand already (influence.py)
    if op in COLOURS:
        return "intent", ((op, RUNTIME.amount(s, a.n, ctx)),)  # type: ignore[attr-defined]
    if op == "any":
        needs = tuple(n for c in a.items for n in price(s, c, ctx)[1])  # type: ignore[attr-defined]
        return "intent", needs
    if op == "gradual":
        _mode, needs = price(s, a.cost, ctx)  # type: ignore[attr-defined]
        return "gradual", tuple((c, n * s.game.players) for c, n in needs)
    if op == "times":  # "x X just means a higher action cost": one payment, no markers
        mode, needs = price(s, a.cost, ctx)  # type: ignore[attr-defined]
        k = RUNTIME.amount(s, a.k, ctx)  # type: ignore[attr-defined]
        return mode, tuple((c, n * k) for c, n in needs)
    if op in ("hours", "gems", "ether", "keys", "distress", "discard"):
        return op, ((op, RUNTIME.amount(s, a.n, ctx)),)  # type: ignore[attr-defined]
    if op == "all":  # every part: resources at the start, then the Intent (costs.py)
        from .costs import intent_part

        return intent_part(s, cost, ctx)
    return "unsupported", ()


def intent_available(
    s: EtherfieldsState, seat: int, colours: set[str], exclude: str | None = None
) -> int:
    """The most Intent of these colours the Dreamer's hand (but ``exclude``, a card being
    played) and the Active Items give."""
    total = 0
    for card in s.table.ids("hand", seat):
        if card == exclude:
            continue
        face = s.table.face(card)
        total += max((i.value for i in s.card(face).intent if i.colour in colours), default=0)
    for item in s.table.faces_in("items"):
        total += max(
            (i.value for i in s.catalog.get("item", item).intent if i.colour in colours), default=0
        )
    return total


def affordable(
    s: EtherfieldsState, seat: int, ability: Ability, ctx: Ctx, exclude: str | None = None
) -> bool:
    if ability.cost.op == "all":
        from .costs import affordable_all

        return affordable_all(s, seat, ability.cost, ctx, exclude)
    return affordable_price(s, seat, *price(s, ability.cost, ctx), exclude)


def affordable_price(
    s: EtherfieldsState,
    seat: int,
    mode: str,
    needs: tuple[tuple[str, int], ...],
    exclude: str | None = None,
) -> bool:
    if mode == "free":
        return True
    if mode in ("intent", "gradual"):
        have = intent_available(s, seat, {c for c, _ in needs}, exclude)
        if have < 1:
            return False
        need = min(n for _, n in needs)
        if mode == "gradual":
            return True
        bonus = 0 if f"boost@{seat}" in s.turn_used else 3
        return have + bonus >= need
    if mode == "hours":
        return s.hours >= needs[0][1]
    if mode in ("gems", "ether"):
        return getattr(s, mode)[seat] >= needs[0][1]
    if mode == "keys":
        return s.team.get("keys", 0) >= needs[0][1]
    if mode == "discard":
        return s.table.count("hand", seat) - (exclude is not None) >= needs[0][1]
    return mode == "distress"


# -- the Card and Action step ---------------------------------------------------------------


def available(s: EtherfieldsState, seat: int) -> list[Action]:
    """The actions a Dreamer may start now ("Dreamers Actions")."""
    out: list[Action] = []
    here = s.pos[seat]
    ctx = Ctx(seat=seat)
    candidates: list[tuple[str, Ability, str]] = []
    for ability in s.catalog.get("basic", "basic").abilities:
        candidates.append((f"basic:{ability.id}", ability, f"use:basic:{ability.id}"))
    if here is not None:
        _tile, space = s.space(here)
        for ability in space.actions:
            candidates.append((f"map:{here}:{ability.id}", ability, f"use:map:{here}:{ability.id}"))
        if space.gem_slot is not None:
            g = space.gem_slot
            candidates.append((f"map:{here}:{g.id}", g, f"use:map:{here}:{g.id}"))
        reach = s.board().distances(here)
        for mini in s.minis:
            for ability in s.catalog.get("entity", mini[1]).interactions:
                r = ability.range if isinstance(ability.range, int) else BASE_RANGE_INTERACTION
                r = capped(s, seat, r) or 0  # "State Tokens": Dazed
                if reach.get(mini[2], r + 1) <= r:
                    candidates.append(
                        (
                            f"entity:{mini[0]}:{ability.id}",
                            ability,
                            f"use:entity:{mini[0]}:{ability.id}",
                        )
                    )
    for ability in s.gate.flying:
        candidates.append((f"flying:{ability.id}", ability, f"use:flying:{ability.id}"))
    for item in s.table.faces_in("items"):
        for ability in s.catalog.get("item", item).abilities:
            candidates.append(
                (f"item:{item}:{ability.id}", ability, f"use:item:{item}:{ability.id}")
            )
    from ..campaign.dream import team_cards
    from .companions import candidates as companion_actions

    for kind, ident, ability in team_cards(s):  # "Note Cards", "Wisdom Cards" (campaign)
        key = f"{kind}:{ident}:{ability.id}"
        candidates.append((key, ability, f"use:{key}"))
    candidates += companion_actions(s, seat)  # "Companions": the summoner's
    seen: set[str] = set()
    for key, ability, aid in candidates:
        if aid in seen or ability.kind not in ("action", "anytime"):
            continue
        if "dreamworld" in ability.keywords:  # used on the Dreamworld map only (campaign)
            continue
        if key == "basic:gem":
            continue  # Gem rerolls are not offered here (docs: not yet built)
        if key == "basic:peek" and not peekable(s):
            continue
        if key in ("basic:move", "basic:effort") and has(s, seat, "paralyzed"):
            continue  # "State Tokens": unable to Move
        if spent(s, key, ability, seat) or not affordable(s, seat, ability, ctx):
            continue
        if not RUNTIME.holds(s, ability.requires, ctx.bind(source=key)):
            continue
        if key == "basic:unmorph" and not _morphed_in_range(s, seat):
            continue
        if key.startswith("entity:") and "assault" in ability.keywords and not _removable(s, seat):
            continue
        seen.add(aid)
        out.append(Action(aid, str(ability.text)))
    from .back import card_actions as back
    from .classic import actions as classic
    from .flaws import removable
    from .flips import placed_actions
    from .influence import playable
    from .masks import usable
    from .progress import placeable

    more = placeable(s, seat) + placed_actions(s, seat) + removable(s, seat) + classic(s)
    more += back(s, seat)
    return out + usable(s, seat) + playable(s, seat) + more


def _morphed_in_range(s: EtherfieldsState, seat: int) -> bool:
    here = s.pos[seat]
    if here is None:
        return False
    reach = s.board().within(here, 1)
    return any(m[2] in reach and s.morphs.get(m[1]) for m in s.minis)


def _removable(s: EtherfieldsState, seat: int) -> bool:
    here = s.pos[seat]
    return here is not None and any(m[2] in s.board().within(here, 1) for m in s.minis)


@KINDS.step
class CardAction(GroupStep):
    """etherfields "2) Card and Action Step": Dreamers act in any order; the step ends when
    every Dreamer has passed; any action withdraws the earlier passes (design §6, reading 1)."""

    kind = "card_action"
    rule = "card_action"
    prompt = "Perform an action or pass"
    policy = ANY

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        return [*available(s, seat), Action("pass", "Pass")]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        if action.id == "pass":
            flow.emit("passed", "Dreamer {seat} passes", seat=seat)
            flow.replace_top(evolve(self, seats=tuple(x for x in self.seats if x != seat)))
            return
        flow.replace_top(evolve(self, seats=tuple(range(s.game.players))))
        act(s, flow, seat, action.id)


def act(s: EtherfieldsState, flow: Flow, seat: int, aid: str) -> None:
    """Start the action a Dreamer chose in the Card and Action step (``available``)."""
    if aid.startswith("play:"):
        from .influence import play_card

        play_card(s, flow, seat, aid.split(":", 1)[1])
        return
    if aid == "use:mask":
        start(s, flow, seat, f"mask:{seat}")
        return
    if aid == "use:back":  # "Influence Cards": the back of the deck's top card
        from .back import use

        use(s, flow, seat)
        return
    if aid == "use:classic":  # "Variants" (Classic Card Rules)
        from .classic import begin

        begin(s, flow, seat)
        return
    if aid.startswith("place:"):
        card = aid.split(":", 1)[1]
        s.table.reveal(  # the card placed is shown to the table
            card,
            flow=flow,
            fmt="Dreamer {seat} shows {face} to place it",
            kind="shown",
            rule="progress",
            seat=seat,
        )
        start(s, flow, seat, f"progress:{card}")
        return
    start(s, flow, seat, aid.split(":", 1)[1])


def start(s: EtherfieldsState, flow: Flow, seat: int, key: str) -> None:
    """Begin an action: a resource cost is paid at once, an Intent cost card by card."""
    ability = find_ability(s, key)
    assert ability is not None
    ctx = Ctx(seat=seat, source=key)
    mode, needs = price(s, ability.cost, ctx)
    flow.emit(
        "action", "Dreamer {seat} starts an action: {action}", "actions", seat=seat, action=key
    )
    if ability.cost.op == "all":
        from .costs import pay_resources

        if not pay_resources(s, flow, seat, ability.cost, ctx):
            return
    if mode in ("intent", "gradual"):
        kind = mode
        if key == "basic:move":
            kind = "move"
        elif ability.keywords & {"assault", "contact"}:
            kind = "multiple"
        flow.push(Pay(seat, key, needs, "", 0, 0, kind))
        return
    if mode in ("hours", "gems", "ether", "keys", "distress"):
        from .costs import pay

        if not pay(s, flow, seat, mode, needs[0][1]):
            return
    elif mode == "discard":
        flow.push(DiscardCost(seat, key, needs[0][1]))
        return
    perform(s, flow, seat, key, 1)
    if key == "basic:peek":
        flow.push(Peek(seat))


def perform(s: EtherfieldsState, flow: Flow, seat: int, key: str, x: int) -> None:
    """The cost is paid: mark the limits and run the effects."""
    ability = find_ability(s, key)
    assert ability is not None
    mark_used(s, key, ability, seat)
    if key.startswith("progress:"):
        from .progress import place

        place(s, flow, seat, key.split(":", 1)[1])  # "Progress Influence Cards"
        return
    flow.emit(
        "performed",
        "Dreamer {seat} performs {text}",
        "performing",
        seat=seat,
        text=str(ability.text),
        x=x,
    )
    from .companions import perform_walk

    if perform_walk(s, flow, seat, key):
        return
    source = key
    if key.startswith("entity:"):
        mini = s.mini(key.split(":")[1])
        source = f"entity:{mini[1]}" if mini else key
    elif key.startswith("companion:"):
        source = key.rsplit(":", 1)[0]  # the ``companion`` selector reads its space
    flow.push(*RUNTIME.steps(ability.effects, Ctx(seat=seat, source=source, x=x)))


@KINDS.step
@dataclass(frozen=True, slots=True)
class Pay(DecisionStep):
    """etherfields "Performing Actions": pay one card at a time, each for one Intent colour
    it shows; the excess is lost; an Item paid goes to Storage. ``mode``: ``intent``
    (completes at the cost), ``multiple`` (Assault/Contact: ``resolve`` after each full
    cost), ``gradual`` (paid over several actions, "Gradual Actions"), ``move`` (any
    amount of Cunning, "Basic Actions Card")."""

    kind = "pay"
    rule = "performing"
    prompt = "{paid} Intent paid for: {key}"
    seat: int
    key: str
    needs: tuple[tuple[str, int], ...]
    colour: str
    paid: int
    cards: int
    mode: str

    def need(self, s: EtherfieldsState) -> int:
        for c, n in self.needs:
            if not self.colour or c == self.colour:
                return n - (s.gradual.get(self.key, 0) if self.mode == "gradual" else 0)
        return self.needs[0][1]

    def settle(self, s: EtherfieldsState, flow: Flow) -> bool:
        if self.mode in ("intent", "gradual") and self.paid and self.paid >= self.need(s):
            flow.pop()
            if self.mode == "gradual":
                s.gradual.pop(self.key, None)
            perform(s, flow, self.seat, self.key, 1)
            return True
        return False

    def legal(self, s: EtherfieldsState) -> list[Action]:
        colours = {self.colour} if self.colour else {c for c, _ in self.needs}
        out = []
        placing = self.key.split(":", 1)[1] if self.key.startswith("progress:") else None
        names = names_of(s)
        for card in s.table.ids("hand", self.seat):
            if card == placing:
                continue  # the card being placed never pays for itself
            name = names.piece(s.table.face(card))
            for icon in s.card(s.table.face(card)).intent:
                if icon.colour in colours:
                    value, colour = icon.value, names.colour(icon.colour)
                    out.append(
                        Action(f"pay:{card}:{icon.colour}", f"Discard {name} for {value} {colour}")
                    )
        for item in s.table.ids("items"):
            name = names.piece(s.table.face(item))
            for icon in s.catalog.get("item", s.table.face(item)).intent:
                if icon.colour in colours:
                    value, colour = icon.value, names.colour(icon.colour)
                    out.append(
                        Action(f"pay-item:{item}:{icon.colour}", f"Use {name} for {value} {colour}")
                    )
        from .influence import playable

        out += playable(s, self.seat, rapid_only=True)  # "even in the middle of another action"
        from .masks import usable

        out += usable(s, self.seat, anytime_only=True)  # a Mask "at any time"
        if self.paid and f"boost@{self.seat}" not in s.turn_used:
            out.append(Action("boost", "Roll the Luck die to add Intent"))
        if self.paid and (
            self.mode in ("gradual", "move")
            or (self.mode == "multiple" and self.paid >= self.need(s))
        ):
            out.append(Action("resolve", "Resolve with what is paid"))
        out.append(Action("give-up", "Give up (the cards paid stay discarded)"))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        aid = action.id
        if aid == "give-up":
            flow.pop()
            flow.emit(
                "gave_up",
                "Dreamer {seat} gives up {key}; the Intent paid is lost",
                seat=self.seat,
                key=self.key,
            )
            return
        if aid == "boost":
            s.turn_used.append(f"boost@{self.seat}")
            from .luck import LuckRoll

            flow.push(LuckRoll(self.seat))
            return
        if aid == "resolve":
            flow.pop()
            finish_payment(s, flow, self, self.paid)
            return
        if aid.startswith("play:"):
            from .influence import play_card

            play_card(s, flow, self.seat, aid.split(":", 1)[1])  # the payment resumes after
            return
        if aid == "use:mask":
            start(s, flow, self.seat, f"mask:{self.seat}")  # the payment resumes after
            return
        kind, entity, colour = aid.split(":")
        if kind == "pay":
            face = s.table.face(entity)
            value = next(i.value for i in s.card(face).intent if i.colour == colour)
            s.table.move(
                entity,
                "discard",
                self.seat,
                flow=flow,
                kind="paid",
                fmt="Dreamer {seat} discards {face} for {value} {colour}",
                seat=self.seat,
                value=value,
                colour=colour,
            )
        else:
            from .items import pay_with

            value = pay_with(s, flow, self.seat, entity, colour)
        flow.replace_top(evolve(self, colour=colour, paid=self.paid + value, cards=self.cards + 1))
        from .responses import open_window

        open_window(s, flow, flow.items[-1])  # type: ignore[arg-type]


def finish_payment(s: EtherfieldsState, flow: Flow, pay: Pay, total: int) -> None:
    """Payment closed with ``total`` Intent (the Pay step is already off the stack)."""
    need = pay.need(s)
    if pay.mode == "move":
        perform(s, flow, pay.seat, pay.key, total)
    elif pay.mode == "gradual":
        if total >= need:
            s.gradual.pop(pay.key, None)
            perform(s, flow, pay.seat, pay.key, 1)
        else:
            # "Each time the basic cost is paid, an Intent marker can be used to show that it
            # has been paid": only whole basic costs stay on the action, the rest is lost
            full = next(n for c, n in pay.needs if not pay.colour or c == pay.colour)
            unit = max(1, full // s.game.players)
            kept = total // unit * unit
            s.gradual[pay.key] = s.gradual.get(pay.key, 0) + kept
            flow.emit(
                "gradual",
                "{key}: {markers} Intent markers ({done} of {full} Intent; {lost} lost)",
                "gradual",
                key=pay.key,
                done=s.gradual[pay.key],
                markers=s.gradual[pay.key] // unit,
                full=full,
                lost=total - kept,
            )
    elif total >= need:
        perform(s, flow, pay.seat, pay.key, total // need if pay.mode == "multiple" else 1)
    else:
        flow.emit("failed", "The action fails: the Intent paid is lost", "boost")
