"""EtherfieldsGame: options, configuration checks, rule texts and the action space."""

from __future__ import annotations

from typing import Any

from ...core import Game, GameInfo, OptionSpec
from ...core.errors import ConfigError
from ...core.game import Policy
from ...core.i18n import Reworded, by_count
from . import catalog as content
from .names import Names, map_action_texts, piece_texts
from .params import DEFAULT_GATE
from .refs import RULE_TEXTS
from .state import ZONES, EtherfieldsState
from .steps.back import BACKS

CAMPAIGN_SCENARIOS = ("dreamworld", "visit", "fate")
"""Sessions only a campaign plays (option ``campaign``): a Dreamworld leg, a Slumber
Location's one Slumber, a Fate Location's Fate card (``campaign/sessions.py``)."""


def _menu() -> tuple[tuple[str, ...], dict[str, str]]:
    """The ``scenario`` menu of the shipped pack (or ``ONEIROS_ETHERFIELDS_CONTENT``): its
    Dreams, its Slumbers and a journey, each with the name a player knows it by. A pack that
    does not load gives no menu (the option stays free text; ``check_config`` says why)."""
    try:
        cat = content.catalog(content.pack_path())
        return scenario_menu(cat)
    except Exception:
        return (), {}


def scenario_menu(cat: Any) -> tuple[tuple[str, ...], dict[str, str]]:
    """What a pack can play, in order (its Dreams, its Slumbers, then a journey of them),
    and the label of each ("Dream: The Clockwork Orchard")."""
    values: list[str] = []
    labels: dict[str, str] = {}
    for gate in cat.all("gate"):
        values.append(f"dream:{gate.id}")
        labels[values[-1]] = f"Dream: {gate.name}"
    slumbers = [r for r in cat.all("slumber") if r.kind != "delta"]
    for tile in sorted(slumbers, key=lambda r: r.id):
        values.append(f"slumber:{tile.id}")
        labels[values[-1]] = f"Slumber: {tile.name}"
    if slumbers:
        values.append("journey")
        labels["journey"] = "Journey: Slumbers up to the Delta Phase"
    return tuple(values), labels


SCENARIOS, SCENARIO_LABELS = _menu()


REWORDED: Reworded = {
    "Dreamer {seat} cashes {n} Ether voucher(s): +{got} Ether": by_count(
        "n",
        "Dreamer {seat} cashes {n} Ether voucher: +{got} Ether",
        "Dreamer {seat} cashes {n} Ether vouchers: +{got} Ether",
    ),
    "{n} card(s) return to the Market's bottom": by_count(
        "n", "{n} card returns to the Market's bottom", "{n} cards return to the Market's bottom"
    ),
}
"""Event texts of older snapshots worded anew (2026-12-02: singular and plural instead of
"(s)"): the former text -> the text chosen by the event's data (``core.i18n.reword``)."""


class EtherfieldsGame(Game):
    info = GameInfo(
        name="etherfields",
        title="Etherfields",
        summary="Cooperative deckbuilding in dreams: 1-4 Dreamers play one Dream from the "
        "original content pack.",
        rulesets=("standard",),
        default_ruleset="standard",
        min_players=1,
        max_players=4,
        default_players=2,
        options=(
            OptionSpec(
                "scenario",
                f"dream:{DEFAULT_GATE}",
                "what to play: one Dream, dream:<gate>; one Slumber, slumber:<tile>; or "
                "journey: Slumbers drawn one after another up to the Delta Phase",
                str,
                choices=SCENARIOS or None,
                labels=SCENARIO_LABELS or None,
                open_choices=True,
            ),
            OptionSpec(
                "campaign",
                "",
                "a campaign session: the Campaign snapshot (JSON) it starts from; set by "
                "`oneiros campaign`",
                str,
            ),
            OptionSpec(
                "session_limit",
                12,
                "campaign: Locations one Dreamworld leg may resolve before only a Gate, "
                "shopping, Awakening or saving is offered (the Dreamworld has no Turns)",
                int,
                min=1,
                max=200,
            ),
            OptionSpec(
                "dreamers",
                "",
                "the Dreamers by board id, comma-separated (default: the first N)",
                str,
            ),
            OptionSpec(
                "content", "", "a content pack directory (default: the shipped original pack)", str
            ),
            OptionSpec(
                "open_hands",
                False,
                "show every Dreamer's hand to all (default: private, as at a table)",
            ),
            OptionSpec(
                "masks",
                "",
                "the Masks the Dreamers wear, by id, in seat order, '-' for none (default: "
                'none: the original Dream starts without Masks, "Masks")',
                str,
            ),
            OptionSpec(
                "turn_order",
                "free",
                "free: Dreamers act in any order, the step ends when all have passed; "
                "structured: rounds from the First Player, one Dream action each "
                '("Variants — Structured Rounds")',
                str,
                choices=("free", "structured"),
            ),
            OptionSpec(
                "turn_deck_visible",
                "current",
                "current: only the current Turn card is seen, each next one is revealed at "
                'random; all: the Turn deck is dealt face up at the Gate ("Counting Turns", '
                "design reading 5)",
                str,
                choices=("current", "all"),
            ),
            OptionSpec(
                "luck_move",
                "intent",
                "intent: a Luck die boost to a Move adds 1/2/3 spaces; plus_one: a success "
                'adds exactly 1 space ("Luck Die — Boosting Your Intent", design reading 3)',
                str,
                choices=("intent", "plus_one"),
            ),
            OptionSpec(
                "full_vocabulary",
                False,
                "open the Dream's branches written for the whole card vocabulary (the "
                "original Dream: the Gardener, a Big Entity, his Note, the Fallen Bridge "
                "overlay and the Flaws of script 10; default: closed, as in part 1)",
            ),
            OptionSpec(
                "flaw_draw",
                "counts",
                "counts: a Flaw drawn from an Influence deck is one of the cards drawn; "
                'replaced: another card is drawn in its place ("Flaw Cards", design reading 7)',
                str,
                choices=("counts", "replaced"),
            ),
            OptionSpec(
                "delta",
                "tile",
                "tile: in the Delta Phase each Dreamer chooses 1 option, as the tile says; "
                'rulebook: every option ("Delta Phase", design reading 4)',
                str,
                choices=("tile", "rulebook"),
            ),
            OptionSpec(
                "deliverance",
                False,
                "Slumbers: Deliverance is unlocked from the start (default: locked until a "
                'card unlocks it, "a mechanic unlocked later in the campaign", "Slumber '
                'Entity Tiles")',
            ),
            OptionSpec(
                "classic_cards",
                False,
                "once per Dream the team may draw poker cards to influence an effect on "
                "Morphings, Shining Gems, Hours, Distress or Sealed cards "
                '("Variants", Classic Card Rules)',
            ),
            OptionSpec(
                "shared_move_roll",
                False,
                "roll the Entity movement die once for every miniature of a Movement step "
                '(default: one roll per miniature, "Entity Movement", design reading 10)',
            ),
        ),
        max_decisions=20_000,
        cooperative=True,
        perfect_information=False,
    )
    shared_outcome = True
    observation_bounds = (0.0, 1.0)
    reworded = REWORDED
    """Every entry of ``observation_tensor`` lies in [0, 1] (``encoding.encode``)."""

    def check_config(self) -> None:
        try:
            cat = content.catalog(content.pack_path(self.options["content"]))
        except Exception as exc:  # a broken pack: one line, never a traceback
            raise ConfigError(f"etherfields: the content pack does not load: {exc}") from None
        scenario = self.options["scenario"]
        if self.options["campaign"]:
            from .campaign.dream import snapshot_of

            doc = snapshot_of(self.options)
            assert doc is not None
            if doc.players != self.players:
                raise ConfigError(
                    f"etherfields: the campaign has {doc.players} Dreamers, not {self.players}"
                )
        elif scenario in CAMPAIGN_SCENARIOS:
            raise ConfigError(f"etherfields: scenario {scenario} needs the option campaign")
        if scenario not in CAMPAIGN_SCENARIOS and scenario not in self.scenarios():
            listed = ", ".join(self.scenarios())
            raise ConfigError(f"etherfields: unknown scenario {scenario!r} (scenarios: {listed})")
        known = cat.ids("dreamer")
        chosen = self.dreamer_ids()
        for d in chosen:
            if d not in known:
                raise ConfigError(
                    f"etherfields: unknown Dreamer {d!r} (Dreamers: {', '.join(known)})"
                )
        if len(chosen) != self.players or len(set(chosen)) != len(chosen):
            raise ConfigError(
                f"etherfields: {self.players} players need {self.players} different Dreamers"
            )
        masks = self.mask_ids()
        if len(masks) > self.players:
            raise ConfigError(f"etherfields: {len(masks)} Masks for {self.players} Dreamers")
        for dreamer, mask in zip(chosen, masks, strict=False):
            if mask is None:
                continue
            if not cat.has("mask", mask):
                raise ConfigError(
                    f"etherfields: unknown Mask {mask!r} (Masks: {', '.join(cat.ids('mask'))})"
                )
            owner = cat.get("mask", mask).owner
            if owner not in (None, dreamer):
                raise ConfigError(f"etherfields: the Mask {mask!r} is {owner}'s, not {dreamer}'s")

    def option_menu(self, name: str) -> tuple[tuple[Any, ...], dict[Any, str]] | None:
        """The ``scenario`` menu of the pack this game was made with (option ``content``):
        its Dreams, Slumbers and journey; other options as declared."""
        if name != "scenario":
            return super().option_menu(name)
        cat = content.catalog(content.pack_path(self.options["content"]))
        return scenario_menu(cat)

    def scenarios(self) -> list[str]:
        """What the pack can play: its Dreams, its Slumbers and a journey of Slumbers."""
        cat = content.catalog(content.pack_path(self.options["content"]))
        return list(scenario_menu(cat)[0])

    def dreamer_ids(self) -> list[str]:
        raw = self.options["dreamers"]
        if raw:
            return [d.strip() for d in raw.split(",") if d.strip()]
        cat = content.catalog(content.pack_path(self.options["content"]))
        return cat.ids("dreamer")[: self.players]

    def mask_ids(self) -> list[str | None]:
        """The Mask each seat wears (option ``masks``), None for none."""
        raw = self.options.get("masks") or ""
        return (
            [m.strip() if m.strip() not in ("", "-") else None for m in raw.split(",")]
            if raw
            else []
        )

    def new_state(self, seed: int | None = None, carry: dict[str, Any] | None = None) -> Any:
        """A new game; a Slumber or a journey may start from ``carry``, the Dreamers' states
        another game's ``carry_over()`` returned (the campaign's entry)."""
        scenario = str(self.options["scenario"])
        if scenario == "dreamworld":
            from .campaign.dreamworld import DreamworldState

            return DreamworldState(self, seed)
        if not scenario.startswith("dream:"):
            from .slumber_state import SlumberState

            return SlumberState(self, seed, carry)
        return EtherfieldsState(self, seed)

    def content_hash(self) -> str | None:
        return content.catalog(content.pack_path(self.options["content"])).hash

    def rule_text(self, ref: str) -> str | None:
        from .campaign.refs import RULE_TEXTS as CAMPAIGN_TEXTS

        return RULE_TEXTS.get(ref) or CAMPAIGN_TEXTS.get(ref)

    def card_texts(self) -> dict[str, dict[str, Any]]:
        """The pieces a table names, by the ids of the observation: Influence cards and Items
        (with their Intent: ``[colour, value]`` pairs, "Performing Actions"), Entities, Turn
        cards (suit and steps, "Turn Cards"), Morphings and each Entity miniature by its id
        (``rust-moth.1``: "Rust Moth 1")."""
        cat = content.catalog(content.pack_path(self.options["content"]))
        out: dict[str, dict[str, Any]] = {}

        def said(abilities: Any) -> str:
            return " ".join(str(a.text) for a in abilities)

        for card in cat.all("influence"):
            intent = [[v.colour, v.value] for v in card.intent]
            pays = " or ".join(f"{v} {c}" for c, v in intent)
            text = " ".join(t for t in (str(card.text or ""), said(card.abilities)) if t)
            out[card.id] = {
                "name": str(card.name),
                "text": f"Intent: {pays}. {text}".strip(),
                "kind": "influence",
                "intent": intent,
            }
        for item in cat.all("item"):
            intent = [[v.colour, v.value] for v in item.intent]
            out[item.id] = {
                "name": str(item.name),
                "text": said(item.abilities) or "An Item.",
                "kind": "item",
                "intent": intent,
            }
        names = Names(str(content.pack_path(self.options["content"])), "")
        for entity in cat.all("entity"):
            text = f"Movement {entity.movement}. {said(entity.interactions)}".strip()
            out[entity.id] = {"name": str(entity.name), "text": text, "kind": "entity"}
            for k in range(1, entity.copies + 1):  # each miniature, as the events name it
                mini = names.mini(f"{entity.id}.{k}")
                out[f"{entity.id}.{k}"] = {"name": mini, "text": text, "kind": "miniature"}
        for turn in cat.all("turn"):
            out[turn.id] = {
                "name": names.turn(turn.id),
                "text": f"Suit {turn.suit}; steps: {', '.join(str(x) for x in turn.steps)}.",
                "kind": "turn",
            }
        for mask in cat.all("mask"):
            out[mask.id] = {"name": str(mask.name), "text": said(mask.abilities), "kind": "mask"}
        for morph in cat.all("morphing"):
            out[morph.id] = {"name": str(morph.name), "text": str(morph.text), "kind": "morphing"}
        out.update(_slumber_texts(cat))
        out.update(map_action_texts(cat))
        out.update(piece_texts(cat))
        return out

    def heuristic_policy(self) -> Policy:
        if self.options["scenario"] == "dreamworld":
            from .campaign.bot import world_policy

            return world_policy
        from .heuristic import policy

        return policy

    @property
    def campaign_support(self) -> Any:
        """Campaigns of this game (``oneiros campaign``): ``campaign.support``."""
        from .campaign import support

        return support

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from .encoding import layout

        return (layout(content.catalog(content.pack_path(self.options["content"]))).size,)

    @staticmethod
    def observation_array(state: Any, player: int) -> Any:
        """``state.observation_tensor(player)`` as a float32 numpy array, written in place
        (``encoding.encode_array``); the RL adapters read it after every step."""
        return state.observation_array(player)

    def action_ids(self) -> list[str]:
        """Every action id of this configuration (finite with a fixed pack, design §1)."""
        ids = self.__dict__.get("_ids")
        if ids is None:
            ids = self.__dict__["_ids"] = self._all_ids()
        return ids

    def _all_ids(self) -> list[str]:
        cat = content.catalog(content.pack_path(self.options["content"]))
        ids = ["boost", "give-up", "resolve", "stop", "done", "pass", "reroll:gem", "use:mask"]
        ids.append("use:back")  # "Influence Cards": the back of the deck's top card
        ids += [f"step:{d}" for d in "nesw"]
        ids += [f"penalty:{p}" for p in ("ether", "distress", "seal")]
        ids += [f"choose:{k}" for k in range(4)]
        colours = ("awareness", "cunning", "wrath")
        for seat, dreamer in enumerate(self.dreamer_ids()):
            board = cat.get("dreamer", dreamer)
            for card, count in board.starting_deck.items():
                for k in range(count):
                    ident = f"{seat}.{card}.{k + 1}"
                    ids.append(f"discard:{ident}")
                    ids += [f"pay:{ident}:{c}" for c in colours]
        for seat, dreamer in enumerate(self.dreamer_ids()):
            board = cat.get("dreamer", dreamer)
            for card, count in board.starting_deck.items():
                # every card of the Dreamer: a determinized state may deal any face to it
                ids += [f"play:{seat}.{card}.{k + 1}" for k in range(count)]
                ids += [f"place:{seat}.{card}.{k + 1}" for k in range(count)]
                faces = [cat.get("influence", face) for face in board.starting_deck]
                for k in range(count):
                    ids += _placed_ids(f"{seat}.{card}.{k + 1}", faces)
        for card in cat.ids("influence"):
            ids += [f"play:gained.{card}", f"place:gained.{card}"]  # any face, as above
            ids += _placed_ids(f"gained.{card}", [cat.get("influence", card)])
            ids.append(f"draw:{card}")
            ids.append(f"discard:gained.{card}")
            ids += [f"pay:gained.{card}:{c}" for c in colours]
        for item in cat.ids("item"):
            ids += [f"pay-item:item.{item}:{c}" for c in colours]
            ids += [f"use:item:{item}:{a.id}" for a in cat.get("item", item).abilities]
        ids += [f"use:basic:{a.id}" for a in cat.get("basic", "basic").abilities]
        for gate in cat.all("gate"):
            ids += [f"use:flying:{a.id}" for a in gate.flying]
        for tile in cat.all("tile"):
            for i, space in enumerate(tile.spaces, start=1):
                ref = f"{tile.at}.{i}"
                ids.append(f"space:{ref}")
                abilities = list(space.actions) + ([space.gem_slot] if space.gem_slot else [])
                ids += [f"use:map:{ref}:{a.id}" for a in abilities]
        for entity in cat.all("entity"):
            for k in range(1, entity.copies + 1):
                ids.append(f"target:entity:{entity.id}.{k}")
                ids += [f"use:entity:{entity.id}.{k}:{a.id}" for a in entity.interactions]
        for secret in cat.all("secret"):
            ids.append(f"target:secret:{secret.id.rsplit(' ', 1)[-1]}")
        for item in cat.ids("item"):  # "Items": Restore draws from Storage; a full row
            ids += [f"item:{item}", f"discard:item.{item}"]
        for flaw in cat.ids("flaw"):  # "Flaw Cards"
            ids += [f"draw:{flaw}", f"discard:flaw.{flaw}", f"use:card:flaw.{flaw}:remove"]
        for comp in cat.all("companion"):  # "Companions": their summoner's actions
            acts = [a.id for a in comp.abilities if a.kind in ("action", "anytime")]
            ids += [f"use:companion:{comp.id}:{a}" for a in acts + ["walk"] * bool(comp.moves)]
        ids += _classic_ids()
        ids += [f"turn:{t}" for t in cat.ids("turn")]
        ids += [f"morph:{m}" for m in cat.ids("morphing")]
        ids += _slumber_ids(cat)
        for die, prefix in (("luck", "luck"), ("movement", "mdie")):
            ids += [f"{prefix}:{f}" for f in dict.fromkeys(cat.get("die", die).faces)]
        # "Influence Cards": the chance step telling the back on top of a deck (last, so
        # that the ids before keep their numbers)
        ids += [f"back:{b}" for b in (*cat.ids("dreamer"), *BACKS)]
        return list(dict.fromkeys(ids))


def _slumber_texts(cat: Any) -> dict[str, dict[str, Any]]:
    """The Slumber tiles, Fate cards (with their Quirk, "Fate Cards") and Slumber map tiles
    by the ids of the observation's ``slumber`` part and map."""
    out: dict[str, dict[str, Any]] = {}
    for tile in cat.all("slumber"):
        out[tile.id] = {"name": str(tile.name), "text": str(tile.text), "kind": "slumber"}
    for card in cat.all("fate"):
        quirk = f" {card.quirk.text}" if card.quirk is not None else ""  # "Quirk: ..."
        out[card.id] = {"name": str(card.name), "text": f"{card.text}{quirk}", "kind": "fate"}
        if card.quirk is not None:
            out[card.id]["quirk"] = str(card.quirk.text)
    for tile in cat.all("slumber_map"):
        out[tile.id] = {"name": str(tile.name), "text": "", "kind": "slumber_map"}
    return out


def _placed_ids(ident: str, cards: list[Any]) -> list[str]:
    """What a placed Progress card may be named by, whatever its face (determinized states
    deal any face): its actions and the flip choices (steps/flips.py)."""
    out = [f"target:progress:{ident}"]
    for rec in cards:
        if rec.type == "progress":
            out += [f"use:card:{ident}:{a.id}" for a in rec.abilities if a.kind == "action"]
    return out


def _classic_ids() -> list[str]:
    """The Classic Card Rules variant (``steps/classic.py``): its action, effects, cards."""
    from .steps.classic import EFFECTS, RANKS

    return ["use:classic", *(f"classic:{e}" for e in EFFECTS), *(f"poker:{r}" for r in RANKS)]


def _slumber_ids(cat: Any) -> list[str]:
    """The ids of Slumbers (design §1): draws ``slumber:``, ``fate:``, ``tile:``; Skip,
    Deliverance, Awakening and the Delta Phase options; Loot choices reuse ``choose:<k>``;
    the map actions of Quirks in every Quirk space ("Fate Cards")."""
    ids = ["continue", "skip", "deliver", "awaken"]
    ids += [f"delta:{o}" for o in ("cure", "unseal", "unflip", "reshuffle", "mask")]
    ids += [f"slumber:{s}" for s in cat.ids("slumber")]
    ids += [f"fate:{f}" for f in cat.ids("fate")]
    for tile in cat.all("slumber_map"):
        ids.append(f"tile:{tile.id}")
        ids += [f"space:{tile.at}.{i}" for i in range(1, 5)]
    from .steps.fate import quirk_action_ids

    ids += quirk_action_ids(cat)
    return ids


__all__ = ["ZONES", "EtherfieldsGame", "EtherfieldsState"]
