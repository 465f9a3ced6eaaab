"""The Lucidity game object: identity, options, content and the ML encodings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import (
    Action,
    ConfigError,
    ContentError,
    Game,
    GameInfo,
    OptionSpec,
    PlayoutResult,
    PlayoutRoot,
    Policy,
    State,
    engine_playouts,
)
from .actions import ACTION_IDS, SEAT_PICK_IDS, A
from .content import COLOURS, NightmareSpec, load_content
from .effects import ABILITY_OPS, AbilitySpec
from .params import TRACKS
from .refs import rule_refs
from .reworded import REWORDED
from .tensor import encode_array

LABELS_EXTRA: dict[str, str] = {}

OPTIONS = (
    OptionSpec(
        "first_player",
        "random",
        "who goes first: 'random' (a chance decision) or a seat number 0..3",
        type=str,
        choices=("random", "0", "1", "2", "3"),
    ),
    OptionSpec(
        "fourth_shadow_space",
        False,
        "with 3-4 players, use the fourth Shadow space (4 shadows to become a Nightmare)",
    ),
    OptionSpec("replacement_dice", False, "add the 8 de-lux replacement dice: an 88-dream bag"),
    OptionSpec(
        "bone_hunters",
        0,
        "Bone Hunter dice added to the bag (de-lux expansion)",
        type=int,
        min=0,
        max=8,
    ),
    OptionSpec(
        "manifestations", False, "the Manifestations expansion (de-lux): after resting, manifest"
    ),
    OptionSpec("dreamscapes", False, "the Dreamscapes expansion (de-lux): one card changes a rule"),
    OptionSpec(
        "temptation",
        "none",
        "lucidity-es only: the Nightmare of Temptation replaces the Envy or Primeval Fear card",
        type=str,
        choices=("none", "envy", "fear"),
    ),
    OptionSpec(
        "table_slips",
        False,
        "allow drawing or returning too many dreams, as at a real table; the FAQ "
        "(en) / worst-case (es) rules then let the next player fix it",
    ),
    OptionSpec(
        "content",
        "",
        "path of a content file (die faces, Nightmare cards); empty: the shipped one",
        type=str,
    ),
)


class LucidityGame(Game):
    info = GameInfo(
        name="lucidity",
        title="Lucidity: Six-Sided Nightmares",
        summary="Push your luck drawing dreams from a bag; gather 15 Power or become a Nightmare.",
        rulesets=("en", "es"),
        default_ruleset="en",
        ruleset_titles={
            "en": "English rulebook (lucidity-en)",
            "es": "Reglas del juego (lucidity-es)",
        },
        min_players=2,
        max_players=4,
        default_players=4,
        options=OPTIONS,
        max_decisions=400_000,
        perfect_information=True,
    )

    observation_bounds = (0.0, 1.0)
    reworded = REWORDED
    """Every entry of ``observation_tensor`` lies in [0, 1]: dream counts are fractions of
    the dreams of their colour, Power is ``p / (p + goal)``, the rest are 0/1 flags (see
    ``encoding.py``)."""

    decision_bound = 4000
    """A realistic bound on the decisions (chance not counted) of one game, for tools that
    want one (OpenSpiel's ``max_game_length``): about 4 times the longest of 2,300 random
    and heuristic games measured (1,039 decisions, 4 players with every expansion); the
    engine's own cap is ``info.max_decisions``."""

    def check_config(self) -> None:
        o = self.options
        if o["temptation"] != "none" and self.ruleset != "es":
            raise ConfigError(
                f"option 'temptation': {o['temptation']!r} needs the rule set 'es' (this is {self.ruleset!r})"
            )
        first = o["first_player"]
        if first != "random" and int(first) >= self.players:
            raise ConfigError(
                f"option 'first_player': seat {first} does not exist with {self.players} players (0..{self.players - 1})"
            )
        try:
            self.content = load_content(o["content"] or None)
        except ContentError as exc:
            raise ConfigError(str(exc)) from None
        content = self.content
        for name, deck in (
            ("manifestations", content.manifestations),
            ("dreamscapes", content.dreamscapes),
        ):
            if o[name] and not deck:
                raise ConfigError(f"option {name!r}: the content file {content.file} has no {name}")
        self.manifest_ids: tuple[str, ...] = (
            tuple(content.manifestations) if o["manifestations"] else ()
        )
        self.dreamscape_ids: tuple[str, ...] = tuple(content.dreamscapes)
        self.card_ids: list[str] = []
        for cid, m in content.manifestations.items():
            self.card_ids += [f"card:{cid}", f"manifest:{cid}", f"bottom:{cid}"]
            LABELS_EXTRA[f"card:{cid}"] = f"The Manifestation {m.name} is revealed"
            LABELS_EXTRA[f"manifest:{cid}"] = f"Manifest {m.name} (cost {m.cost}): {m.text}"
            LABELS_EXTRA[f"bottom:{cid}"] = f"Put {m.name} at the bottom of the deck"
        for did, d in content.dreamscapes.items():
            self.card_ids.append(f"dreamscape:{did}")
            LABELS_EXTRA[f"dreamscape:{did}"] = f"The Dreamscape {d.name} is drawn"
        self.actions: dict[str, Action] = dict(A)
        for aid in self.card_ids:
            self.actions[aid] = Action(aid, LABELS_EXTRA[aid])
        self.refs = rule_refs(self.ruleset)
        per = 22 if o["replacement_dice"] else 20
        self.start_bag: dict[str, int] = {c: per for c in COLOURS}
        self.start_bag["bone"] = o["bone_hunters"]
        cards: dict[str, NightmareSpec] = dict(self.content.nightmares)
        if o["temptation"] == "envy":
            cards["green"] = self.content.temptation
        elif o["temptation"] == "fear":
            cards["red"] = self.content.temptation
        self.nightmare_cards = cards
        self.takes = {c: frozenset(cards[c].takes) for c in COLOURS}
        self.abilities = {c: AbilitySpec(cards[c].ability) for c in COLOURS}
        faces = self.content.faces
        self.roll_actions: dict[str, list[Action]] = {
            c: [A["roll:" + f] for f in faces[c]] for c in faces
        }
        self.roll_outcomes: dict[str, list[tuple[Action, float]]] = {}
        for c, fs in faces.items():
            counts: dict[str, int] = {}
            for f in fs:
                counts[f] = counts.get(f, 0) + 1
            self.roll_outcomes[c] = [(A["roll:" + f], k / len(fs)) for f, k in counts.items()]
        self.track_actions = [A["track:" + t] for t in TRACKS]
        # the roll ids each colour's faces allow (apply's legality check on the hot path)
        self.roll_ids: dict[str, frozenset[str]] = {
            c: frozenset("roll:" + f for f in fs) for c, fs in faces.items()
        }
        # the events of the frequent rules, built once: an event never changes once emitted,
        # so every draw of seat k's blue dream (say) emits the same one
        from .steps.draw import drawn_events, returned_events
        from .steps.resolve import placed_events, roll_results
        from .steps.turn import track_events

        self.drawn_events = drawn_events(self.refs, self.players)
        self.returned_events = returned_events(self.refs, self.players)
        self.roll_results = roll_results(self.refs, faces)
        self.placed_events = placed_events(self.refs, self.players)
        self.track_events = track_events(self.refs, self.players)

    def content_hash(self) -> str | None:
        """The hash of the content file this game plays with (``Content.hash``): records
        carry it, and ``oneiros.replay`` refuses a record made with other content."""
        return self.content.hash

    def total_dice(self) -> int:
        return sum(self.start_bag.values())

    def new_state(self, seed: int | None = None) -> Any:
        from .state import LucidityState

        return LucidityState(self, seed)

    def from_snapshot(self, data: Mapping[str, Any]) -> State:
        """The state ``state.to_snapshot()`` described (``snapshot.py``); a bad snapshot
        raises a one-line ``ConfigError``."""
        from .snapshot import from_snapshot

        return from_snapshot(self, data)

    def heuristic_policy(self) -> Policy | None:
        from .heuristic import heuristic_policy

        return heuristic_policy

    def _composite_ability(self) -> str | None:
        """The playout kernel plays the five ability ops of the shipped cards; a content
        file whose ability combines them (``effects.py``) is played by the engine."""
        for colour, ability in self.abilities.items():
            if ability.op not in ABILITY_OPS:
                return f"the {colour} Nightmare's ability {ability.op}(...) of the content file"
        return None

    def kernel_gap(self) -> str | None:
        from .kernel import covers

        return self._composite_ability() or covers(self)

    def kernel_backend(self, build: bool = False) -> str | None:
        from .kernel import backend, compile_kernel, numba_available

        if build and numba_available():
            return compile_kernel()
        return backend()

    def playout_results(
        self,
        count: int,
        seed: int = 0,
        policy: str | Sequence[str] = "random",
        start: State | None = None,
        seeds: Sequence[int] | None = None,
    ) -> list[PlayoutResult]:
        """Whole games from ``start`` through the playout kernel (``kernel.py``), or through
        the engine for the configurations the kernel does not cover."""
        if self._composite_ability():
            return engine_playouts(self, count, seed, policy, start, seeds)
        from .kernel import playout_results

        return playout_results(self, count, seed, policy, start, seeds=seeds)

    def playouts(
        self,
        count: int,
        seed: int = 0,
        policy: str | Sequence[str] = "random",
        start: State | None = None,
    ) -> list[list[float]]:
        if self._composite_ability():
            return [r.scores for r in engine_playouts(self, count, seed, policy, start)]
        from .kernel import score_lists

        return score_lists(self, count, seed, policy, start)

    def playout_root(
        self, start: State, policy: str | Sequence[str] = "random"
    ) -> PlayoutRoot | None:
        """Playouts from the positions reached from ``start`` through the kernel, each given
        by the actions since ``start`` (``kernel.PlayoutRoot``); None where the kernel does
        not cover the configuration or the position."""
        if self._composite_ability():
            return None
        from .kernel import playout_root

        return playout_root(self, start, policy)

    def rule_text(self, ref: str) -> str | None:
        from .explain import rule_text

        return rule_text(ref)

    def card_texts(self) -> dict[str, dict[str, Any]]:
        from .glossary import card_texts

        return card_texts(self)

    def action_ids(self) -> list[str]:
        # the seat-named picks were added after the card ids: every older id keeps its index
        return list(ACTION_IDS) + self.card_ids + list(SEAT_PICK_IDS)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from .encoding import shape

        return (shape(self),)

    observation_array = staticmethod(encode_array)
    """``observation_array(state, player)``: ``state.observation_tensor(player)`` as a
    float32 numpy array, kept up to date from one call to the next rather than computed
    again (``tensor.py``); the RL adapters use it after every step."""
