"""Finding games by name. Every game, the built-in ones included, is declared under the
``oneiros.games`` entry-point group (``name = "module:GameClass"``) and loaded on first use;
``register`` adds one at run time. A game's content format is declared the same way under
``oneiros.content``. The core imports no game."""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Mapping
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import ConfigError, IllegalAction
from .game import Game, GameInfo
from .state import RECORD_VERSION, State

if TYPE_CHECKING:
    from .content import ContentFormat

_registry: dict[str, type[Game] | str] = {}


def register(name: str, game: type[Game] | str) -> None:
    """Make a game available to ``oneiros.make``: a Game class or ``"module:Class"``."""
    _registry[name] = game


def _load(name: str) -> type[Game]:
    _discover()
    target = _registry.get(name)
    if target is None:
        known = ", ".join(sorted(_registry)) or "none"
        raise ConfigError(f"unknown game {name!r} (games: {known})")
    if isinstance(target, str):
        module, _, attr = target.partition(":")
        cls: type[Game] = getattr(importlib.import_module(module), attr)
        _registry[name] = cls
        return cls
    return target


_discovered = False
GAMES_GROUP = "oneiros.games"
CONTENT_GROUP = "oneiros.content"


def _source_entry_points(group: str) -> dict[str, str]:
    """Entry points declared by the ``pyproject.toml`` of the source checkout this package
    runs from (``src/oneiros/core/registry.py`` -> the checkout root). An installed
    package has no such file next to it; a checkout run with ``PYTHONPATH=src`` may be
    newer than the metadata of the environment it runs in, and its declaration wins."""
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    project = data.get("project", {})
    if project.get("name") != "oneiros":
        return {}
    declared = project.get("entry-points", {}).get(group, {})
    return {str(k): str(v) for k, v in declared.items()}


def declared(group: str) -> dict[str, str]:
    """``name -> "module:attr"`` for an entry-point group: installed plug-ins, then the
    source checkout's own declaration."""
    found = {ep.name: ep.value for ep in entry_points(group=group)}
    found.update(_source_entry_points(group))
    return found


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for name, target in declared(GAMES_GROUP).items():
        _registry.setdefault(name, target)


def content_format(name: str) -> ContentFormat:
    """The content format a game (or a game in the making) declares under the
    ``oneiros.content`` entry points; ``ConfigError`` when it declares none."""
    formats = declared(CONTENT_GROUP)
    target = formats.get(name)
    if target is None:
        known = ", ".join(sorted(formats)) or "none"
        raise ConfigError(f"no content format for {name!r} (games with content: {known})")
    module, _, attr = target.partition(":")
    fmt: ContentFormat = getattr(importlib.import_module(module), attr)
    return fmt


def games() -> list[GameInfo]:
    """Every available game with its rule sets, player counts and options."""
    _discover()
    return [_load(name).info for name in sorted(_registry)]


def make(
    name: str,
    players: int | None = None,
    ruleset: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """A configured game. Raises ``ConfigError`` for an unknown game, rule set, option or
    player count."""
    if not isinstance(name, str):
        raise ConfigError(f"a game is named by a string, not {name!r}")
    return _load(name)(players=players, ruleset=ruleset, options=options)


def _short(value: Any) -> str:
    return "none" if value is None else str(value)[:12]


def check_provenance(game: Game, record: Mapping[str, Any]) -> None:
    """Refuse a version-2 record made with another content pack or other rules, with a
    one-line ``ConfigError`` naming what changed (a key the record lacks, or a content of
    null, is not checked)."""
    if "rules" in record and record["rules"] != game.rules_version:
        raise ConfigError(
            f"the record was played under {game.name} rules version {record['rules']}, this "
            f"engine has version {game.rules_version}: a rule changed since, so it cannot replay"
        )
    # a record made before its game hashed its content names none (null): not checked
    if record.get("content") is not None:
        now = game.content_hash()
        if record["content"] != now:
            raise ConfigError(
                f"the record was played with {game.name} content {_short(record['content'])}, "
                f"this game loads content {_short(now)}: the content pack changed, "
                "so it cannot replay"
            )


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild the identical state from a record (``state.record()``)."""
    if not isinstance(record, Mapping):
        raise ConfigError("a record is a JSON object with game, players and actions")
    for key in ("game", "actions"):
        if key not in record:
            raise ConfigError(f"the record has no {key!r}")
    version = record.get("version", RECORD_VERSION)
    if version not in (1, RECORD_VERSION):
        raise ConfigError(
            f"record version {version!r} is not supported (this is {RECORD_VERSION}; 1 is read too)"
        )
    game = make(
        record["game"],
        players=record.get("players"),
        ruleset=record.get("ruleset"),
        options=record.get("options") or {},
    )
    if version >= 2:
        check_provenance(game, record)
    state = game.new_state(seed=record.get("seed"))
    actions = record["actions"]
    if not isinstance(actions, list):
        raise ConfigError("the record's actions must be a list")
    for i, entry in enumerate(actions):
        if not (isinstance(entry, str) or (isinstance(entry, list | tuple) and len(entry) == 2)):
            raise ConfigError(f"record action {i}: {entry!r} is not an id or [seat, id]")
        try:
            apply_recorded(state, entry)
        except IllegalAction as exc:
            raise ConfigError(f"record action {i} ({entry!r}) does not replay: {exc}") from None
    return state


def apply_recorded(state: State, entry: str | list[Any] | tuple[Any, ...]) -> None:
    """Apply one record entry (an id, or ``[seat, id]``); an id that the game has since
    renamed (``state.renamed_action``) is applied under its current id."""
    if isinstance(entry, str):
        player, aid = None, entry
    else:
        player, aid = int(entry[0]), str(entry[1])
    try:
        state.apply(aid, player=player)
    except IllegalAction:
        newer = state.renamed_action(aid, player)
        if newer is None:
            raise
        state.apply(newer, player=player)
