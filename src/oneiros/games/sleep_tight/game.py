"""Sleep Tight as an Oneiros game: configuration, action space, encodings, rule texts."""

from __future__ import annotations

import json
from functools import cached_property
from typing import Any

from ...core import ConfigError, Game, GameInfo, OptionSpec, Policy
from .content import (
    ACTION_TYPES,
    CONTENT_ENV,
    DATA_DIR,
    DECK_SIZES,
    DREAMS,
    Content,
    load_content,
)
from .rules import BOOK, SECTIONS
from .state import TOTAL_FRAGMENTS, WAKE_AT, SleepTightState

MAX_PLAYERS = 4
PHASES = ("setup", "keep", "dreamscapes", "draw", "play", "resolve", "over")

# An upper bound on applied actions with the shipped cards (at most 2 effects of amount 3 or
# less per card): at most 28 rounds, since each takes at least one Dreamscape; per round and
# seat at most ~60 choices in phases 2 and 3 (each consumes a card or a fragment) and 40
# cards to resolve at ~12 steps each; doubled for the Wake Up! questions (one per change of
# a seat's fragments or hand size at most); plus setup.
MAX_DECISIONS = 2 * 28 * (MAX_PLAYERS * 60 + 40 * 12 + 40) + 200


class SleepTightGame(Game):
    info = GameInfo(
        name="sleep-tight",
        title="Sleep Tight",
        summary=(
            "Semi-cooperative card game: 1-4 children play hidden actions at the same time to "
            "outlast the Sandman's deck, while one of them may secretly work for him."
        ),
        rulesets=("base",),
        default_ruleset="base",
        ruleset_titles={"base": "Sleep Tight rulebook (sleep-tight)"},
        min_players=1,
        max_players=MAX_PLAYERS,
        default_players=4,
        options=(
            OptionSpec(
                "most_fragments_wins",
                False,
                "When the Sandman deck is empty, only the player with most Soul Fragments wins "
                '(sleep-tight "Goal").',
            ),
            OptionSpec(
                "easier_soul_consumer",
                False,
                "Make the game a little easier: the Soul Consumer goes into the bottom half of "
                'the Sandman deck (sleep-tight "Dreamscapes and Dreams").',
            ),
            OptionSpec(
                "content",
                "",
                f"Path of a card content JSON file (default: the original set shipped with "
                f"Oneiros; the {CONTENT_ENV} environment variable also sets it).",
                type=str,
            ),
        ),
        max_decisions=MAX_DECISIONS,
        cooperative=True,
        perfect_information=False,
        simultaneous=True,
    )

    observation_bounds = (0.0, 1.0)
    """Every entry of ``observation_tensor`` lies in [0, 1]: each count is divided by its
    largest possible value, the rest are 0/1 flags and one-hot groups (see ``encode``)."""

    def check_config(self) -> None:
        path = self.options.get("content") or ""
        if not isinstance(path, str):
            raise ConfigError(f"option 'content': {path!r} is not a file path")
        self.content: Content = load_content(path or None)
        self.card_index = {card.id: card for card in self.content.actions}
        self.action_cache: dict[str, Any] = {}

    def new_state(self, seed: int | None = None) -> SleepTightState:
        return SleepTightState(self, seed)

    # ----- bots and explanations -----------------------------------------------------------
    def heuristic_policy(self) -> Policy:
        from .heuristic import heuristic_policy

        return heuristic_policy

    def rule_text(self, ref: str) -> str | None:
        section = ref.strip()
        if section.startswith(BOOK):
            section = section[len(BOOK) :].strip()
        section = section.strip('"').strip()
        return _rule_texts().get(section)

    def card_texts(self) -> dict[str, dict[str, Any]]:
        """Every Action card, Dreamscape and Sandman card of the content set by id."""
        c = self.content
        out: dict[str, dict[str, Any]] = {}
        for a in c.actions:
            out[a.id] = {"name": a.name, "text": a.text, "cost": a.requirement, "kind": a.type}
        for d in c.dreamscapes:
            facts = f"Dream: {d.dream} · {d.fragments} Soul Fragment(s) on entering."
            text = f"{d.text} {facts}" if d.text else facts
            out[d.id] = {"name": d.name, "text": text, "kind": "dreamscape"}
        for s in c.sandman:
            facts = f"Dreams: {', '.join(s.dreams) or 'none'} · damage {s.damage}"
            if s.kind != "normal":
                facts += f" · {s.kind.replace('_', ' ')}"
            text = f"{s.text} {facts}" if s.text else facts
            out[s.id] = {"name": s.name, "text": text, "kind": "sandman"}
        return out

    # ----- machine-learning encodings ------------------------------------------------------
    def action_ids(self) -> list[str]:
        return self._ids

    @cached_property
    def _ids(self) -> list[str]:
        c = self.content
        cards = [a.id for a in c.actions]
        seats = range(MAX_PLAYERS)
        ids = ["accept", "refuse", "expose", "buy", "done", "cancel", "pass", "wake", "wait"]
        ids += ["dodge:take", "dodge:pay", "from:pile"]
        ids += [f"pass:{s}" for s in seats]
        ids += [f"target:{s}" for s in seats]
        ids += [f"from:{s}" for s in seats]
        for verb in ("return", "take", "play", "discard"):
            ids += [f"{verb}:{x}" for x in cards]
        ids += [f"stack:{x}:{y}" for x in cards for y in cards]
        ids += [f"harm:{x}:{s}" for x in cards for s in seats]
        ids += [f"draw:{x}" for x in cards]
        ids += [f"steal:{x}" for x in cards]
        ids += [f"dream:{d.id}" for d in c.dreamscapes]
        ids += [f"sandman:{s.id}" for s in c.sandman]
        ids += [f"revive:{s.id}" for s in c.sandman]
        return ids

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self._tensor_size,)

    @cached_property
    def setup_decks(self) -> tuple[int, int]:
        """The Dreamscape and Sandman cards dealt for this player count (the marked cards
        removed; sleep-tight "Setup"): public, and at least 1 each."""
        n = self.players
        c = self.content
        dreams = sum(d.copies for d in c.dreamscapes if d.mark is None or d.mark <= n)
        sandman = sum(s.copies for s in c.sandman if s.mark is None or s.mark <= n)
        return max(1, dreams), max(1, sandman)

    @cached_property
    def _tensor_size(self) -> int:
        k = len(self.content.actions)
        s = len(self.content.sandman)
        per_seat = 16 + len(DREAMS) + k
        return MAX_PLAYERS * per_seat + 3 * k + s + 1 + s + len(PHASES) + 8


class _Scales:
    """The largest value of each count in the tensor, for one card set."""

    def __init__(self, content: Content) -> None:
        self.cards = [a.id for a in content.actions]
        self.cix = {c: i for i, c in enumerate(self.cards)}
        self.copies = [float(a.copies) for a in content.actions]
        self.sandman = [s.id for s in content.sandman]
        self.six = {c: i for i, c in enumerate(self.sandman)}
        self.sandman_copies = [float(s.copies) for s in content.sandman]
        prevent = {"prevent_sandman": 0, "prevent_players": 0}
        for a in content.actions:
            for e in a.effects:
                if e.kind in prevent:
                    prevent[e.kind] += a.copies * e.amount
        self.prevent_sandman = float(max(1, prevent["prevent_sandman"]))
        self.prevent_players = float(max(1, prevent["prevent_players"]))


_SCALES: dict[int, tuple[Content, _Scales]] = {}


def _scales(content: Content) -> _Scales:
    found = _SCALES.get(id(content))
    if found is None or found[0] is not content:
        found = _SCALES[id(content)] = (content, _Scales(content))
    return found[1]


ACTIONS = DECK_SIZES["actions"]
ROUNDS = DECK_SIZES["dreamscapes"] + 1
"""The last possible round: every round but the last gives each living player a
Dreamscape, and Dreamscapes are never shuffled back, so the round that finds the deck too
short (and ends the game) is at most the 29th."""


def encode(obs: dict[str, Any], player: int, content: Content) -> list[float]:
    """Flat encoding of a redacted observation (``state.observation(player)``).

    Every entry lies in [0, 1] (``SleepTightGame.observation_bounds``); each count is
    divided by its largest possible value:

    - Soul Fragments (a seat's, the pile) / 26: the game has 26 and they only move;
    - hand size, the number of plays of a seat and the Action deck / 40 (the Action cards);
    - the Dreamscape's fragments / 6 and buys / 6 (a Dreamscape gives at most 6, and a seat
      buys at most its Dreamscape's number);
    - the round's protections / the total that every Action card of the set could give
      (``prevent_sandman`` 6 and ``prevent_players`` 4 with the shipped cards): they are
      the sum of the effects of the seat's revealed plays of the round;
    - counts of one Action card (a seat's plays as the observation shows them, top and
      bottom card of a stack, the seat's hand, the discard pile, pending discards) / that
      card's copies, and counts of one discarded Sandman card / its
      copies: cards are never made;
    - the Dreamscape and Sandman decks / 28, the round / 29 (see ``ROUNDS``), the removed
      Action cards / 4 (only Where Is The Sandman is ever removed, and there is at most
      one), the exposed cards (only I Am the Sandman, at most one);
    - everything else is a 0/1 flag or a one-hot group.
    """
    sc = _scales(content)
    cix = sc.cix
    copies = sc.copies
    k = len(sc.cards)
    six = sc.six
    out: list[float] = []
    n = len(obs["players"])
    for s in range(MAX_PLAYERS):
        if s >= n:
            out.extend([0.0] * (16 + len(DREAMS) + k))
            continue
        p = obs["players"][s]
        ds = p["dreamscape"]
        ds_frag = content.dreamscape(ds).fragments if ds else 0
        out += [
            1.0,
            1.0 if s == player else 0.0,
            1.0 if s == obs["first_player"] else 0.0,
            p["fragments"] / TOTAL_FRAGMENTS,
            1.0 if p["alive"] else 0.0,
            p["hand_count"] / ACTIONS,
            ds_frag / 6,
            1.0 if p["role"] == "exposed" else 0.0,
            1.0 if p["role"] == "undercover" else 0.0,
            p["prevent_sandman"] / sc.prevent_sandman,
            p["prevent_players"] / sc.prevent_players,
            1.0 if p["shield"] else 0.0,
            1.0 if p["untouchable"] else 0.0,
            p["buys"] / 6,
            len(p["plays"]) / ACTIONS,
            1.0 if p.get("offer_pending") else 0.0,
        ]
        out += [1.0 if p["dream"] == d else 0.0 for d in DREAMS]
        played = [0.0] * k
        for play in p["plays"]:
            for card in (play["card"], play["bottom"]):
                if card is not None:  # a stack's top is face down until the reveal
                    i = cix[card]
                    played[i] += 1.0 / copies[i]
        out += played
    me = obs["players"][player]
    for cards in (me["hand"] or [], obs["action_discard"], me["pending_discards"]):
        counts = [0.0] * k
        for card in cards:
            i = cix[card]
            counts[i] += 1.0 / copies[i]
        out += counts
    current = [0.0] * (len(sc.sandman) + 1)
    current[six[obs["sandman_card"]] if obs["sandman_card"] else len(sc.sandman)] = 1.0
    out += current
    gone = [0.0] * len(sc.sandman)
    for card in obs["sandman_discard"]:
        i = six[card]
        gone[i] += 1.0 / sc.sandman_copies[i]
    out += gone
    out += [1.0 if obs["phase"] == ph else 0.0 for ph in PHASES]
    out += [
        obs["pile"] / TOTAL_FRAGMENTS,
        obs["action_deck"] / ACTIONS,
        obs["dreamscape_deck"] / DECK_SIZES["dreamscapes"],
        obs["sandman_deck"] / DECK_SIZES["sandman"],
        obs["round"] / ROUNDS,
        len(obs["removed_actions"]) / 4,
        float(len(obs["exposed_cards"])),
        1.0 if obs["result"] else 0.0,
    ]
    return out


def reward_potential(state: SleepTightState, seat: int) -> float:
    """How well ``seat`` is doing, in [-1, 1], for potential-based reward shaping.

    Read only from what ``seat`` sees: the two public deck sizes, which seats are alive,
    and its own fragments and role (never another seat's hand, plays or role). With
    ``beaten = 1 - sandman_left / sandman_at_setup`` (how much of the Sandman's deck is
    gone: the shared goal), ``pace = dreamscapes_left / dreamscapes_at_setup -
    sandman_left / sandman_at_setup`` (positive while the Dreamscapes, which run out one
    per living player and round and then trap the players, last longer than the Sandman's
    deck, as fractions of the decks dealt for this player count) and
    ``safety = min(fragments, 10) / 10`` (0 once dead; 10 fragments is where Wake Up! can
    be played):

    - a player on the children's side: ``beaten / 2 + clip(pace, -1, 1) / 4 +
      safety / 4``, in [-0.25, 1];
    - the Sandman's agent (undercover or exposed; only the seat itself knows it is
      undercover): ``-beaten / 2 + others_dead / 4 + safety / 4``, in [-0.5, 0.5], where
      ``others_dead`` is the share of the other seats that are dead (an agent loses when
      the Sandman's deck runs out and wins when the others die).
    """
    dreams, sandman = state.game.setup_decks
    left = state.sandman_left() / sandman
    beaten = 1.0 - left
    safety = min(state.fragments[seat], WAKE_AT) / WAKE_AT if state.alive[seat] else 0.0
    if state.role[seat] == "dreamer":
        pace = max(-1.0, min(1.0, len(state.dream_deck) / dreams - left))
        return beaten / 2 + pace / 4 + safety / 4
    others = [s for s in range(state.n) if s != seat]
    dead = sum(1 for s in others if not state.alive[s]) / len(others) if others else 0.0
    return -beaten / 2 + dead / 4 + safety / 4


_RULES: dict[str, str] | None = None


def _rule_texts() -> dict[str, str]:
    global _RULES
    if _RULES is None:
        raw = json.loads((DATA_DIR / "rules.json").read_text(encoding="utf-8"))
        _RULES = {k: v for k, v in raw["sections"].items() if k in SECTIONS}
    return _RULES


__all__ = ["ACTION_TYPES", "SleepTightGame", "encode", "reward_potential"]
