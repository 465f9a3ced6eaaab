"""Sleep Tight's action ids: the grammar, every id a game can use, and their labels.

An id is a verb, then its arguments, joined by ``:`` (public API: records, the web client
and the RL adapters use these ids):

=====================================  ==============================================
``accept`` ``refuse``                  answer the Sandman's offer ("Special Cards")
``expose``                             play I Am the Sandman face up
``buy`` ``done`` ``pass`` ``wait``     buy an Action card, end a choice, do nothing,
                                       not now (Wake Up!)
``cancel`` ``wake``                    Discard Soul Consumer, Wake Up!
``dodge:take`` ``dodge:pay``           take the Sandman's damage or pay to dodge it
``return:CARD`` ``take:CARD``          shuffle back / take an Action card
``play:CARD`` ``discard:CARD``         play face down / discard for 1 Soul Fragment
``stack:TOP:BOTTOM``                   play TOP face down on top of BOTTOM
``harm:CARD:SEAT``                     an exposed agent's discard damaging SEAT
``pass:SEAT`` ``target:SEAT``          deal the damage to SEAT / choose SEAT
``from:SEAT`` ``from:pile``            take a fragment from SEAT / from the pile
``draw:CARD`` ``steal:CARD``           chance: the Action card drawn or taken
``dream:DREAMSCAPE``                   chance: the Dreamscape drawn
``sandman:SANDMAN`` ``revive:SANDMAN`` chance: the Sandman card drawn or revived
=====================================  ==============================================
"""

from __future__ import annotations

from collections.abc import Callable

from .content import Content
from .params import MAX_PLAYERS

FIXED = {
    "accept": "Accept: become the Sandman's undercover agent",
    "refuse": "Refuse the Sandman's offer: lose 1 Soul Fragment",
    "buy": "Return 1 Soul Fragment to draw 1 Action card",
    "expose": "Play I Am the Sandman: become an exposed agent",
    "done": "Done",
    "cancel": "Use Discard Soul Consumer",
    "pass": "Do nothing",
    "wake": "Wake Up!: win alone",
    "wait": "Not now",
    "dodge:take": "Take the damage",
    "dodge:pay": "Return 1 Soul Fragment; the Sandman revives a card",
    "from:pile": "From the pile",
}
"""The ids without a variable argument, with their labels."""

SEAT_VERBS = {"pass": "Deal the damage to seat {}", "target": "Seat {}", "from": "From seat {}"}
"""Verbs whose argument is a seat."""

CARD_VERBS = {
    "return": "Shuffle back {}",
    "take": "Take {}",
    "play": "Play {} face down",
    "discard": "Discard {} for 1 Soul Fragment",
    "draw": "Draw {}",
    "steal": "Take {}",
}
"""Verbs whose argument is one Action card."""


def arg(aid: str) -> str:
    """What follows the verb: ``arg("play:tantrum") == "tantrum"``."""
    return aid.split(":", 1)[1]


def seat_arg(aid: str) -> int:
    """The seat a seat verb names: ``seat_arg("target:2") == 2``."""
    return int(aid.split(":", 1)[1])


def pair(aid: str) -> tuple[str, str]:
    """The two arguments of ``stack:TOP:BOTTOM`` or ``harm:CARD:SEAT``."""
    _verb, first, second = aid.split(":")
    return first, second


def all_ids(content: Content, seats: int = MAX_PLAYERS) -> list[str]:
    """Every id a game with this card set can use, in a fixed order (the RL action space)."""
    cards = [a.id for a in content.actions]
    where = range(seats)
    ids = ["accept", "refuse", "expose", "buy", "done", "cancel", "pass", "wake", "wait"]
    ids += ["dodge:take", "dodge:pay", "from:pile"]
    ids += [f"pass:{s}" for s in where]
    ids += [f"target:{s}" for s in where]
    ids += [f"from:{s}" for s in where]
    for verb in ("return", "take", "play", "discard"):
        ids += [f"{verb}:{x}" for x in cards]
    ids += [f"stack:{x}:{y}" for x in cards for y in cards]
    ids += [f"harm:{x}:{s}" for x in cards for s in where]
    ids += [f"draw:{x}" for x in cards]
    ids += [f"steal:{x}" for x in cards]
    ids += [f"dream:{d.id}" for d in content.dreamscapes]
    ids += [f"sandman:{s.id}" for s in content.sandman]
    ids += [f"revive:{s.id}" for s in content.sandman]
    return ids


def label(aid: str, content: Content, name: Callable[[str], str]) -> str:
    """The label of ``aid``; ``name`` gives an Action card's name."""
    if aid in FIXED:
        return FIXED[aid]
    verb, _, rest = aid.partition(":")
    if verb in SEAT_VERBS:
        return SEAT_VERBS[verb].format(rest)
    if verb == "dream":
        return "Dreamscape: " + content.dreamscape(rest).name
    if verb in ("sandman", "revive"):
        card = content.sandman_card(rest).name
        return ("Sandman card: " if verb == "sandman" else "Revive ") + card
    if verb == "stack":
        top, bottom = rest.split(":")
        return f"Play {name(top)} face down on top of {name(bottom)}"
    if verb == "harm":
        card, target = rest.split(":")
        return f"Discard {name(card)}: 1 damage to seat {target}"
    return CARD_VERBS[verb].format(name(rest))
