"""Sleep Tight as an Oneiros game: configuration, action space, encodings, rule texts."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from ...core import ConfigError, Game, GameInfo, OptionSpec, Policy
from ...core.i18n import plural
from .actions import all_ids
from .content import (
    ACTION_TYPES,
    CONTENT_ENV,
    DATA_DIR,
    DREAMS,
    HELD_SPECIALS,
    Content,
    load_content,
)
from .encoding import PHASES, encode, reward_potential
from .params import MAX_PLAYERS
from .refs import BOOK, SECTIONS
from .reworded import REWORDED
from .state import SleepTightState
from .tensor import encode_array

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
    reworded = REWORDED
    """Every entry of ``observation_tensor`` lies in [0, 1]: each count is divided by its
    largest possible value, the rest are 0/1 flags and one-hot groups (see ``encode``)."""

    decision_bound = 1000
    """A realistic bound on the decisions (chance not counted) of one game, for tools that
    want one (OpenSpiel's ``max_game_length``): about 6 times the longest of 1,600 random
    and heuristic games measured with 1 and 4 players (169 decisions); the engine's own cap
    is ``info.max_decisions``."""

    def check_config(self) -> None:
        path = self.options.get("content") or ""
        if not isinstance(path, str):
            raise ConfigError(f"option 'content': {path!r} is not a file path")
        self.content: Content = load_content(path or None)
        self.card_index = {card.id: card for card in self.content.actions}
        self.action_cache: dict[str, Any] = {}
        # facts of the card set the rules read at every choice, worked out once
        self.effect_kinds = {
            card.id: frozenset(e.kind for e in card.effects) for card in self.content.actions
        }
        """Each Action card's effect kinds (``SleepTightState._has``)."""
        self.face_down_cards = frozenset(
            card.id
            for card in self.content.actions
            if card.special not in HELD_SPECIALS and not card.face_up
        )
        """The Action cards that may be played face down (``SleepTightState.playable``)."""
        self.requirements: dict[tuple[str | None, str], int] = {}
        """A card's requirement in a Dreamscape (None: none), as it is met
        (``SleepTightState.requirement``)."""

    def new_state(self, seed: int | None = None) -> SleepTightState:
        return SleepTightState(self, seed)

    def from_snapshot(self, data: Mapping[str, Any]) -> SleepTightState:
        """The state ``state.to_snapshot()`` described (``snapshot.py``): a snapshot of
        another game, configuration, content or rules version, or one whose fields do not
        describe a Sleep Tight state, fails with a one-line ``ConfigError``."""
        from .snapshot import from_snapshot

        return from_snapshot(self, data)

    def content_hash(self) -> str | None:
        """``sha256:…`` of the card set this game plays with, in canonical form (the digest
        ``oneiros content check sleep-tight`` prints): ``record()`` carries it and
        ``oneiros.replay`` refuses a record made with other cards."""
        return self._content_hash

    @cached_property
    def _content_hash(self) -> str:
        data = self.content.model_dump(mode="json")
        blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(blob.encode()).hexdigest()

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
            fragments = plural(d.fragments, "Soul Fragment", "Soul Fragments")
            facts = f"Dream: {d.dream} · {d.fragments} {fragments} on entering."
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
        return all_ids(self.content)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self._tensor_size,)

    observation_array = staticmethod(encode_array)
    """``observation_array(state, player)``: ``state.observation_tensor(player)`` as a
    float32 numpy array (``tensor.py``); the RL adapters use it after every step."""

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


_RULES: dict[str, str] | None = None


def _rule_texts() -> dict[str, str]:
    global _RULES
    if _RULES is None:
        raw = json.loads((DATA_DIR / "rules.json").read_text(encoding="utf-8"))
        _RULES = {k: v for k, v in raw["sections"].items() if k in SECTIONS}
    return _RULES


__all__ = ["ACTION_TYPES", "SleepTightGame", "encode", "reward_potential"]
