"""Slumbers (etherfields "Slumbers", "The Slumber Dreamscape Map", "Slumber Entity Tiles",
"Finishing Dreams/Slumbers"): a journey draws Slumber tiles one after another on a Slumber
map that stays, with a Fate card between two Slumbers, up to the Delta Phase tile.

The flow keeps a ``Journey`` step at the bottom of the stack; a Slumber's steps lie above
it, and "This Slumber ends." takes them all off (``end_slumber``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import EACH, LEADER, AutoStep, ChanceStep, Flow, GroupStep, evolve
from ..kinds import KINDS, RUNTIME
from ..names import names_of
from .cards import DealTurns, turns_visible

if TYPE_CHECKING:
    from ..slumber_state import SlumberState


def tile_of(s: SlumberState, ident: str) -> Any:
    return s.catalog.get("slumber", ident)


@KINDS.step
class Journey(AutoStep):
    """etherfields "Slumbers": the next encounter: with ``journey``, a Fate card after each
    Slumber ("Fate Cards"), then the next tile of the Slumber deck; the journey ends after
    the Delta Phase ("Delta Phase"), with ``slumber:<id>`` after that one Slumber, or when
    the team Awakens ("Awakening"). A campaign's ``visit`` (a Slumber Location) draws one
    tile and ends with it ("Slumber Entity Tiles": "This Slumber ends. ... Now, go back to
    the Dreamworld Map"; the Delta tile: "resolve the Delta Phase instead of a Slumber");
    a campaign's ``fate`` (a Fate Location) draws one Fate card and ends ("Fate Cards":
    "When you enter a Fate location, draw a FATE card ... and resolve it")."""

    kind = "journey"
    rule = "slumbers"

    def run(self, s: SlumberState, flow: Flow) -> None:
        if s.outcome is not None:
            flow.clear()
            return
        if s.mode == "slumber" or s.delta_done or s.awake:
            finish(s, flow)
            return
        if s.mode in ("visit", "fate"):
            if s.between_done or s.results:
                finish(s, flow)
                return
            s.between_done = True
            if s.mode == "fate":
                from .fate import DrawFate

                flow.push(DrawFate())
            else:
                flow.push(DrawSlumber())
            return
        if s.results and not s.between_done:
            from .delta import AwakenChoice
            from .fate import DrawFate

            s.between_done = True
            flow.push(DrawFate(), AwakenChoice(seats=tuple(range(s.game.players))))
            return
        s.between_done = False
        flow.push(DrawSlumber())


def finish(s: SlumberState, flow: Flow) -> None:
    """The journey is over: a victory once every Slumber was played out and nobody died;
    the Dreamers' states are then ``s.carry_over()`` ("Finishing Dreams/Slumbers")."""
    won = sum(1 for _t, r in s.results if r == "won")
    if s.mode == "fate":
        s.outcome, s.reason = "victory", "fate"
    elif s.mode == "visit" and s.delta_done:
        s.outcome, s.reason = "victory", "delta_phase"
    elif s.mode in ("slumber", "visit"):
        last = s.results[-1][1] if s.results else "lost"
        outcomes = {"won": "victory", "done": "victory", "delivered": "victory"}
        s.outcome = {**outcomes, "skipped": "skipped"}.get(last, "defeat")
        s.reason = f"slumber_{last}"
    else:
        s.outcome = "victory"
        s.reason = "awakened" if s.awake else "delta_phase"
    flow.emit(
        "journey_over",
        "The journey ends: {outcome} ({won} Slumbers won of {played})",
        "finishing",
        outcome=s.outcome,
        won=won,
        played=len(s.results),
    )
    flow.clear()


def deck_outcomes(s: SlumberState, deck: str, bottom: str) -> list[tuple[str, float]]:
    """The faces the next draw of a Slumber or Fate deck may give, with their chances: its
    unseen part while it lasts, then the known cards put under it, in order ("Slumbers",
    "Fate Cards")."""
    if s.table.count(deck):
        return s.table.outcomes(deck)
    top = s.table.top(bottom)
    assert top is not None
    return [(s.table.face(top), 1.0)]


def deck_card(s: SlumberState, deck: str, bottom: str, face: str) -> str:
    """The card a draw of ``face`` takes (see :func:`deck_outcomes`)."""
    card = s.table.find(deck if s.table.count(deck) else bottom, face)
    assert card is not None
    return card


def _slumber_drawn(s: SlumberState, face: str) -> Action:
    """The chance outcome ``slumber:<tile>``, naming the Slumber tile."""
    name = names_of(s).piece(face)
    return Action(f"slumber:{face}", f"The Slumber tile {name} is drawn")


@KINDS.step
class DrawSlumber(ChanceStep):
    """etherfields "Slumbers": the top tile of the Slumber deck: chance among the tiles
    shuffled above the Delta Phase tile, else the known tile at the top of the rest (the
    Delta tile, "Delta Phase")."""

    kind = "slumber_draw"
    rule = "slumbers"
    decision_kind = "draw"
    prompt = "Draw the next Slumber tile"

    def outcomes(self, s: SlumberState) -> list[tuple[Action, float]]:
        faces = deck_outcomes(s, "slumber_deck", "slumber_bottom")
        return [(_slumber_drawn(s, f), p) for f, p in faces]

    def apply(self, s: SlumberState, flow: Flow, action: Action) -> None:
        face = action.id.split(":", 1)[1]
        card = deck_card(s, "slumber_deck", "slumber_bottom", face)
        s.table.move(
            card,
            "slumber_current",
            flow=flow,
            kind="slumber_drawn",
            fmt="Slumber tile {face} is drawn",
            rule="slumbers",
        )
        if tile_of(s, face).kind == "delta":
            from .delta import DeltaPhase

            flow.replace(DeltaPhase())
            return
        flow.replace(BeginSlumber(face))


@KINDS.step
class SlumberEntrance(GroupStep):
    """etherfields "Game Setup" step 8: after the 2 Setup Slumber map tiles are placed,
    each Dreamer is placed in any of their spaces."""

    kind = "slumber_entrance"
    rule = "slumber_map"
    prompt = "Choose your space on the Setup Slumber tiles"
    policy = EACH

    def legal(self, s: SlumberState, seat: int) -> list[Action]:
        board = s.board()
        out = []
        for ref in board.spaces:
            tile, space = s.space(ref)
            if getattr(tile, "setup", False) and not space.blocked:
                out.append(Action(f"space:{ref}", f"Start at {ref}"))
        return out

    def apply(self, s: SlumberState, flow: Flow, seat: int, action: Action) -> None:
        s.pos[seat] = action.id.split(":", 1)[1]
        flow.emit("entered", "Dreamer {seat} starts at {space}", seat=seat, space=s.pos[seat])


@KINDS.step
@dataclass(frozen=True, slots=True)
class BeginSlumber(AutoStep):
    """etherfields "Slumber Entity Tiles" (Setup: Turns): a new Turn deck of the tile's
    Turns from all 12 Turn cards ("Counting Turns"), then the set-up; an instruction tile
    is simply followed ("Slumbers": "If the tile drawn is not one of these, just follow its
    instructions")."""

    kind = "slumber_begin"
    rule = "slumber_entity"
    tile: str

    def run(self, s: SlumberState, flow: Flow) -> None:
        rec = tile_of(s, self.tile)
        s.slumber = self.tile
        s.ending = None
        s.flags = []
        if s.table.top("slumber_current") is None:
            card = s.table.find("slumber_deck", self.tile) or s.table.find(
                "slumber_bottom", self.tile
            )
            if card is not None:
                s.table.move(card, "slumber_current")
        flow.emit(
            "slumber",
            "The Slumber {name} begins ({turns} Turn cards)",
            "slumbers",
            tile=self.tile,
            name=str(rec.name),
            turns=rec.turns,
        )
        _new_turn_deck(s, rec.turns)
        ctx = Ctx(seat=s.first, source=f"slumber:{self.tile}")
        if rec.kind == "instruction":
            flow.replace(SlumberEnds("done"), *reversed(RUNTIME.steps(rec.effects, ctx)))
            return
        steps: list[Any] = [SlumberStartTurn()]
        if turns_visible(s):
            steps.append(DealTurns(rec.turns))
        if rec.setup is not None:
            steps += list(reversed(RUNTIME.steps(rec.setup, ctx)))
        if rec.out_of_turns is not None and rec.skip_before_setup:
            steps.append(SkipChoice(before=True, seats=tuple(range(s.game.players))))
        flow.replace(*steps)


def _new_turn_deck(s: SlumberState, turns: int) -> None:
    """Every Turn card back among the 12; the new deck holds ``turns`` of them."""
    t = s.table
    for zone in ("turn_current", "turn_deck", "turn_discard"):
        for card in list(t.ids(zone)):
            t.move(card, "turns")
    s.turns_left = turns
    s.turn_no = 0
    s.blocked_steps = []
    s.gradual = {}


def deliverable(s: SlumberState, rec: Any) -> bool:
    """The tile has a Deliverance and the team has unlocked it ("Slumber Entity Tiles":
    "Deliverance – This will be a mechanic unlocked later in the campaign")."""
    return rec.deliverance is not None and bool(getattr(s, "deliverance", False))


@KINDS.step
@dataclass(frozen=True, slots=True)
class SkipChoice(GroupStep):
    """etherfields "Slumber Entity Tiles" (Out of Turns / Skip): at the start of any Turn
    the Dreamers may resolve the Out of Turns effect instead of playing the Slumber; before
    set-up only when that effect uses nothing set up. Once Deliverance is unlocked, the
    tile's Deliverance is offered at the same moment, after set-up (``deliver``). The First
    Player settles it ("Multiple Choices")."""

    kind = "slumber_skip"
    rule = "slumber_entity"
    prompt = "At the start of the Turn: play this Slumber on, or end it (Skip, or Deliverance once unlocked)"
    policy = LEADER
    before: bool = False

    def leader(self, s: SlumberState) -> int:
        return s.first

    def legal(self, s: SlumberState, seat: int) -> list[Action]:
        rec = tile_of(s, s.slumber or "")
        out = [Action("continue", f"Play {rec.name}")]
        if rec.out_of_turns is not None and (rec.skip_before_setup or not self.before):
            out.append(Action("skip", f"Skip {rec.name}: resolve its Out of Turns effect"))
        if deliverable(s, rec) and not self.before:
            said = f": {rec.deliverance_text}" if rec.deliverance_text else ""
            out.append(Action("deliver", f"Deliverance of {rec.name}{said}"))
        return out

    def apply(self, s: SlumberState, flow: Flow, seat: int, action: Action) -> None:
        flow.pop()
        if action.id == "continue":
            return
        if action.id == "deliver":
            deliver(s, flow)
            return
        flow.emit(
            "slumber_skipped",
            "The Dreamers skip the Slumber {tile}",
            "slumber_entity",
            tile=s.slumber,
            before_setup=self.before,
        )
        resolve_out_of_turns(s, flow, "skipped")


def deliver(s: SlumberState, flow: Flow) -> None:
    """etherfields "Slumber Entity Tiles" (Deliverance; "A Brief Strategy Guide": it will
    "allow you to remove or alter certain Slumbers"): the tile's Deliverance effects
    resolve instead of playing on, then the Slumber ends (unless they end it themselves),
    "delivered"."""
    rec = tile_of(s, s.slumber or "")
    s.ending = "delivered"
    flow.emit(
        "deliverance",
        "Deliverance of the Slumber {tile}: {text}",
        "slumber_entity",
        tile=rec.id,
        text=str(rec.deliverance_text or rec.deliverance.to_raw()),
    )
    ctx = Ctx(seat=s.first, source=f"slumber:{rec.id}")
    flow.push(SlumberEnds("delivered"), *reversed(RUNTIME.steps(rec.deliverance, ctx)))


def resolve_out_of_turns(s: SlumberState, flow: Flow, result: str) -> None:
    """The tile's Out of Turns / Skip effect, then the Slumber ends (unless the effect ends
    it itself)."""
    rec = tile_of(s, s.slumber or "")
    s.ending = result
    ctx = Ctx(seat=s.first, source=f"slumber:{rec.id}")
    steps = RUNTIME.steps(rec.out_of_turns, ctx) if rec.out_of_turns is not None else []
    flow.push(SlumberEnds(result), *reversed(steps))


@KINDS.step
@dataclass(frozen=True, slots=True)
class SlumberStartTurn(AutoStep):
    """etherfields "Turn Order" in a Slumber: the Skip (or Deliverance) choice at the start
    of the Turn ("Slumber Entity Tiles"), the Quirks in play ("Fate Cards"), then the Turn as in a
    Dream; it ends with ``SlumberEndTurn``."""

    kind = "slumber_turn"
    rule = "turn"
    asked: bool = False

    def run(self, s: SlumberState, flow: Flow) -> None:
        rec = tile_of(s, s.slumber or "")
        if (rec.out_of_turns is not None or deliverable(s, rec)) and not self.asked:
            flow.replace_top(evolve(self, asked=True))
            flow.push(SkipChoice(seats=tuple(range(s.game.players))))
            return
        from .fate import quirk_steps
        from .turn import begin_turn

        begin_turn(s, flow, SlumberEndTurn(), *reversed(quirk_steps(s)))


@KINDS.step
class SlumberEndTurn(AutoStep):
    """etherfields "2) Discard Turn Step" in a Slumber: with no Turn card left, the
    Slumber Entity's "Out of Turns/Skip Effect" ("Slumber Entity Tiles")."""

    kind = "slumber_end_turn"
    rule = "discard_turn"

    def run(self, s: SlumberState, flow: Flow) -> None:
        from .turn import discard_turn

        if discard_turn(s, flow):
            flow.replace(SlumberStartTurn())
            return
        flow.pop()
        flow.emit(
            "out_of_turns", "Out of Turns in the Slumber {tile}", "slumber_entity", tile=s.slumber
        )
        resolve_out_of_turns(s, flow, "lost")
        from .triggers import fire_step

        # the triggers listening to Out of Turns fire first, as in a Dream ("Counting Turns")
        flow.push(*fire_step(s, "out_of_turns"))


@KINDS.step
@dataclass(frozen=True, slots=True)
class SlumberEnds(AutoStep):
    """What is left of a Slumber once its last effect resolved: it ends ("This Slumber
    ends.")."""

    kind = "slumber_ends"
    rule = "slumber_entity"
    result: str

    def run(self, s: SlumberState, flow: Flow) -> None:
        flow.pop()
        end_slumber(s, flow, self.result)


def end_slumber(s: SlumberState, flow: Flow, result: str | None = None) -> None:
    """etherfields "Slumber Entity Tiles" ("This Slumber ends."): the tile to the bottom of
    the Slumber deck, the Entity's miniatures, Morphings, Threat and States back to the
    box; the map tiles, Quirks and the Dreamers stay where they are ("The next Slumber will
    begin with everything as it is now"); the Slumber's steps leave the stack."""
    tile = s.slumber
    if tile is None:
        return
    rec = tile_of(s, tile)
    result = result or s.ending or ("won" if rec.kind == "entity" else "done")
    t = s.table
    entity = rec.entity
    for mini in [m for m in s.minis if m[1] == entity]:
        t.give("threat", mini[3])
        s.minis.remove(mini)
    for token in s.morphs.pop(entity or "", []):
        t.move(token, "morph_pool")
    # "State Tokens": a State lasts at most to the end of the Slumber
    from .states import clear

    clear(s, flow, lambda target, kind: False)
    card = t.top("slumber_current")
    if card is not None:
        t.move(card, "slumber_bottom", bottom=True)
    s.results.append([tile, result])
    s.slumber = None
    s.ending = None
    if card is None:  # a Deliverance took the tile out of the game (``remove_slumber``)
        flow.emit(
            "slumber_over",
            "The Slumber {tile} ends ({result}); its tile is out of the game",
            "slumber_entity",
            tile=tile,
            result=result,
        )
    else:
        flow.emit(
            "slumber_over",
            "The Slumber {tile} ends ({result}); its tile goes to the bottom of the Slumber deck",
            "slumber_entity",
            tile=tile,
            result=result,
        )
    items = flow.items
    while items and not isinstance(items[-1], Journey):
        flow.pop()


__all__ = [
    "BeginSlumber",
    "DrawSlumber",
    "Journey",
    "SkipChoice",
    "SlumberEndTurn",
    "SlumberEnds",
    "SlumberEntrance",
    "SlumberStartTurn",
    "deliver",
    "deliverable",
    "end_slumber",
    "finish",
    "resolve_out_of_turns",
]
