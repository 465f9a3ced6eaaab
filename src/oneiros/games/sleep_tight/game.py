"""Sleep Tight as an Oneiros game: configuration, action space, encodings, rule texts."""

from __future__ import annotations

import json
from functools import cached_property
from typing import Any

from ...core import ConfigError, Game, GameInfo, OptionSpec, Policy
from .content import ACTION_TYPES, CONTENT_ENV, DATA_DIR, DREAMS, Content, load_content
from .rules import BOOK, SECTIONS
from .state import SleepTightState

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
    def _tensor_size(self) -> int:
        k = len(self.content.actions)
        s = len(self.content.sandman)
        per_seat = 16 + len(DREAMS) + k
        return MAX_PLAYERS * per_seat + 3 * k + s + 1 + s + len(PHASES) + 8


def encode(obs: dict[str, Any], player: int, content: Content) -> list[float]:
    """Flat encoding of a redacted observation (``state.observation(player)``)."""
    cards = [a.id for a in content.actions]
    cix = {c: i for i, c in enumerate(cards)}
    k = len(cards)
    sandman = [s.id for s in content.sandman]
    six = {c: i for i, c in enumerate(sandman)}
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
            p["fragments"] / 26,
            1.0 if p["alive"] else 0.0,
            p["hand_count"] / 40,
            ds_frag / 6,
            1.0 if p["role"] == "exposed" else 0.0,
            1.0 if p["role"] == "undercover" else 0.0,
            p["prevent_sandman"] / 5,
            p["prevent_players"] / 5,
            1.0 if p["shield"] else 0.0,
            1.0 if p["untouchable"] else 0.0,
            p["buys"] / 6,
            len(p["plays"]) / 10,
            1.0 if p.get("offer_pending") else 0.0,
        ]
        out += [1.0 if p["dream"] == d else 0.0 for d in DREAMS]
        played = [0.0] * k
        for play in p["plays"]:
            played[cix[play["card"]]] += 1.0
        out += played
    hand = [0.0] * k
    me = obs["players"][player]
    for card in me["hand"] or []:
        hand[cix[card]] += 1.0
    out += hand
    discard = [0.0] * k
    for card in obs["action_discard"]:
        discard[cix[card]] += 1.0
    out += discard
    pending = [0.0] * k
    for card in me["pending_discards"]:
        pending[cix[card]] += 1.0
    out += pending
    current = [0.0] * (len(sandman) + 1)
    current[six[obs["sandman_card"]] if obs["sandman_card"] else len(sandman)] = 1.0
    out += current
    gone = [0.0] * len(sandman)
    for card in obs["sandman_discard"]:
        gone[six[card]] += 1.0
    out += gone
    out += [1.0 if obs["phase"] == ph else 0.0 for ph in PHASES]
    out += [
        obs["pile"] / 26,
        obs["action_deck"] / 40,
        obs["dreamscape_deck"] / 28,
        obs["sandman_deck"] / 28,
        obs["round"] / 28,
        len(obs["removed_actions"]) / 4,
        len(obs["exposed_cards"]),
        1.0 if obs["result"] else 0.0,
    ]
    return out


_RULES: dict[str, str] | None = None


def _rule_texts() -> dict[str, str]:
    global _RULES
    if _RULES is None:
        raw = json.loads((DATA_DIR / "rules.json").read_text(encoding="utf-8"))
        _RULES = {k: v for k, v in raw["sections"].items() if k in SECTIONS}
    return _RULES


__all__ = ["ACTION_TYPES", "SleepTightGame", "encode"]
