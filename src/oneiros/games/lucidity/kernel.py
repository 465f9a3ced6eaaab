"""Fast playouts for Lucidity: the rules written once over a flat integer state
(``kernel_*.py``), run as plain Python or compiled with numba (``pip install
oneiros[fast]``; the compiled code is cached on disk).

``playouts`` converts an engine state (or a new game) to the kernel's state and plays whole
games from it with random or heuristic choices. ``covers`` names the configurations the
kernel does not play; for those ``LucidityGame.playouts`` falls back to the engine, so a
playout is never silently a different game. ``replay`` feeds a recorded engine game to the
kernel action by action (the equivalence guard of the tests); ``playout_root`` converts the
root of a search once and has the kernel replay each leaf's path from it the same way
(``PlayoutRoot``: the games of ``playouts`` from the leaf, without converting it).

Set ``ONEIROS_KERNEL=python`` to run the plain Python kernel even when numba is installed.
"""

from __future__ import annotations

import hashlib
import os
import types
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core import ConfigError, PlayoutResult, State, engine_playouts
from . import kernel_base as kb
from . import kernel_flow, kernel_legal, kernel_policy, kernel_runs, kernel_step, kernel_turn
from .content import COLOURS
from .kernel_state import from_state as from_state  # the conversion lives in kernel_state

if TYPE_CHECKING:
    from .game import LucidityGame
    from .state import LucidityState

MODULES = (kb, kernel_flow, kernel_turn, kernel_legal, kernel_policy, kernel_runs, kernel_step)
ROLE_NAMES = ("dreamer", "nightmare", "eliminated")
REASONS = (None, "power", "nightmare", "dream", "dream", "eliminated")
POLICIES = {"random": 0, "heuristic": 1}
MAX_ACTIONS = 400_000
JIT_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy"}
"""numba's options (no division checks: the kernel never divides by zero)."""
UNCOVERED_OPTIONS = {
    "manifestations": "the Manifestations expansion",
    "dreamscapes": "the Dreamscapes expansion",
    "table_slips": "table slips (drawing or returning too many)",
}


def covers(game: LucidityGame) -> str | None:
    """None if the kernel plays this configuration; else what it does not cover."""
    for option, what in UNCOVERED_OPTIONS.items():
        if game.options[option]:
            return what
    if "shadow" in game.content.faces["bone"]:
        return "a content file whose Bone Hunter die has a shadow face"
    return None


# ----- the implementation: compiled when numba is there ------------------------------------------
_IMPL: dict[str, dict[str, Any]] = {}


def backend(which: str | None = None) -> str:
    """The kernel that runs: "numba" (compiled) or "python" (see ``_impl``)."""
    return str(_impl(which)["backend"])


def _impl(which: str | None = None) -> dict[str, Any]:
    """The kernel's entry points. ``which`` (else ``$ONEIROS_KERNEL``): "numba" compiles
    now if the disk cache does not hold the compiled kernel yet (a minute or more, once per
    kernel version); "auto" uses the compiled kernel when numba is installed and the cache
    is ready, else the plain Python kernel, so nothing ever stalls on a compile;
    "python" always runs plain Python."""
    wanted = which or os.environ.get("ONEIROS_KERNEL", "auto")
    if wanted not in ("auto", "python", "numba", "source"):
        raise ValueError(f"ONEIROS_KERNEL must be auto, python or numba, not {wanted!r}")
    if wanted == "source":  # the kernel's source as written (to check the specialiser)
        return {
            "play": kernel_step.play,
            "play_many": kernel_step.play_many,
            "play_many_after": kernel_step.play_many_after,
            "backend": "python",
        }
    impl = _IMPL.get("numba")
    if impl is not None and wanted != "python":
        return impl
    if wanted == "numba" or (wanted == "auto" and numba_available() and compiled_ready()):
        import numba

        impl = _IMPL["numba"] = {**_compile(numba), "backend": "numba"}
        return impl
    impl = _IMPL.get("python")
    if impl is None:
        from . import kernel_pybase, kernel_pynight, kernel_pystep, kernel_pyturn
        from .kernel_python import build

        # a random seat's turn in one go (kernel_pyturn, kernel_pynight), CPython only
        plain = (
            *MODULES,
            kernel_pybase,
            kernel_pynight,
            kernel_pyturn,
            kernel_pystep,
        )
        overrides = {
            "advance": kernel_pystep.advance,
            "end_turn": kernel_pybase.end_turn,
        }
        funcs = build(plain, overrides)
        impl = _IMPL["python"] = {
            "play": funcs[kernel_step.play],
            "play_many": funcs[kernel_step.play_many],
            "play_many_after": funcs[kernel_step.play_many_after],
            "backend": "python",
        }
    return impl


def numba_available() -> bool:
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def compiled_ready() -> bool:
    """Whether the disk cache holds the compiled kernel of this version."""
    return numba_available() and (cache_dir() / "ready").exists()


def compile_kernel() -> str:
    """Compile the kernel with numba (or load it from the disk cache); its backend name."""
    impl = _impl("numba")
    game = _any_game()
    from .kernel_guard import replay

    playouts(game, 1, kernel="numba")
    replay(game, [], kernel="numba")
    (cache_dir() / "ready").write_text("compiled\n", encoding="utf-8")
    return str(impl["backend"])


def _any_game() -> LucidityGame:
    from .game import LucidityGame

    return LucidityGame(players=4)


_CACHE_DIR: list[Path] = []


def cache_dir() -> Path:
    """Where the compiled kernel is cached: ``$ONEIROS_KERNEL_CACHE``, else
    ``$XDG_CACHE_HOME/oneiros`` (``~/.cache/oneiros``), in a folder named after a hash of
    the kernel's source, the action ids and the numba version, so an edited kernel is never run from a
    stale cache (numba itself checks only the file of each function, not the files of the
    functions it calls)."""
    if _CACHE_DIR:
        return _CACHE_DIR[0]
    import numba

    digest = hashlib.sha256(f"{numba.__version__} {sorted(JIT_OPTIONS.items())}".encode())
    for module in MODULES:
        digest.update(Path(str(module.__file__)).read_bytes())
    digest.update("\n".join(kb.IDS).encode())  # the action codes are compiled in
    base = os.environ.get("ONEIROS_KERNEL_CACHE")
    if not base:
        base = str(Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "oneiros")
    path = Path(base) / f"lucidity-kernel-{digest.hexdigest()[:16]}"
    _CACHE_DIR.append(path)
    return path


def _compile(numba: Any) -> dict[str, Any]:
    """njit every kernel function (cached on disk, see ``cache_dir``). The compiled
    functions see each other through copies of the modules' namespaces, so the plain
    Python kernel stays as it is."""
    from numba.core import config

    saved = getattr(config, "CACHE_DIR")  # noqa: B009 - no type stubs
    setattr(config, "CACHE_DIR", str(cache_dir()))  # noqa: B010
    try:
        return _jit_all(numba)
    finally:
        setattr(config, "CACHE_DIR", saved)  # noqa: B010


def _jit_all(numba: Any) -> dict[str, Any]:
    namespaces = {m.__name__: dict(vars(m)) for m in MODULES}
    jitted: dict[Any, Any] = {}
    for module in MODULES:
        ns = namespaces[module.__name__]
        for name, value in vars(module).items():
            if (
                isinstance(value, types.FunctionType)
                and value.__module__ == module.__name__
                and not name.startswith("_contiguous")
            ):
                clone = types.FunctionType(value.__code__, ns, name, value.__defaults__)
                clone.__qualname__ = value.__qualname__
                jitted[value] = numba.njit(**JIT_OPTIONS)(clone)
    for ns in namespaces.values():
        for name, value in list(ns.items()):
            if isinstance(value, types.FunctionType) and value in jitted:
                ns[name] = jitted[value]
    return {
        "play": jitted[kernel_step.play],
        "play_many": jitted[kernel_step.play_many],
        "play_many_after": jitted[kernel_step.play_many_after],
        "unpack": numba.njit(**JIT_OPTIONS)(unpack),
    }


def _array(values: list[int], impl: dict[str, Any]) -> Any:
    if impl["backend"] == "numba":
        import numpy as np

        return np.array(values, dtype=np.int64)
    return values


def compact(S: list[int]) -> list[int]:
    """The parts of a kernel state that ``from_state`` fills, as blocks of (start, length,
    values): the header, the lists, the stack and each seat's rows up to their lengths.
    ``unpack`` rebuilds the state from it (a state has some 4,700 integers, a position
    some 300 to 600 that matter: numpy converts the short list much faster)."""
    C = [0, kb.OPT, *S[0 : kb.OPT]]
    for base in (kb.HAND, kb.ROLLED, kb.LIMBO, *(kb.CARDS + c * kb.ROWBLK for c in range(4))):
        n = S[base] + 1
        C += [base, n]
        C += S[base : base + n]
    n = S[kb.H_RQN]
    if n:
        C += [kb.RQ, n]
        C += S[kb.RQ : kb.RQ + n]
    n = kb.FRAME * S[kb.H_SP]
    C += [kb.STACK, n]
    C += S[kb.STACK : kb.STACK + n]
    for p in range(S[kb.H_N]):
        sb = kb.seat_base(p)
        C += [sb, kb.SEAT_ROWS]
        C += S[sb : sb + kb.SEAT_ROWS]
        for r in range(8):
            b = kb.row(p, r)
            n = S[b]
            if n:
                C += [b, n + 1]
                C += S[b : b + n + 1]
    return C


def unpack(C: Any, S: Any) -> None:
    """Write ``compact``'s blocks into the zeroed state ``S`` (compiled with numba)."""
    i = 0
    while i < len(C):
        a = C[i]
        n = C[i + 1]
        for j in range(n):
            S[a + j] = C[i + 2 + j]
        i += 2 + n


def _state_array(S: list[int], impl: dict[str, Any]) -> Any:
    """The kernel state as the backend takes it (see ``compact``)."""
    if impl["backend"] != "numba" or len(S) != kb.SIZE:
        return _array(S, impl)
    import numpy as np

    out = np.zeros(kb.SIZE, dtype=np.int64)
    impl["unpack"](np.array(compact(S), dtype=np.int64), out)
    return out


# ----- playouts --------------------------------------------------------------------------------------
@dataclass
class Playout:
    """One game played by the kernel."""

    scores: list[float]
    winners: list[int]
    turns: int
    end_reason: str | None
    actions: int
    decisions: int
    roles: list[str]
    log: list[dict[str, Any]] = field(default_factory=list)
    power: list[int] = field(default_factory=list)
    """Each seat's Power where the game stopped (``scores`` once it is over)."""
    exhausted: list[int] = field(default_factory=list)
    """The seats exhausted during the playout."""

    def stats(self) -> dict[str, Any]:
        """The engine's ``stats()`` of the finished game."""
        by_role: dict[str, list[int]] = {}
        for role, power in zip(self.roles, self.scores, strict=True):
            by_role.setdefault(role, []).append(int(power))
        return {
            "turns": self.turns,
            "end_reason": self.end_reason,
            "nightmares": [e for e in self.log if "became" in e],
            "eaten": [e for e in self.log if e.get("eaten")],
            "eliminated": [e for e in self.log if "cause" in e],
            "final_roles": list(self.roles),
            "final_power": [int(s) for s in self.scores],
            "final_power_by_role": by_role,
        }


def game_seeds(seed: int, count: int) -> list[int]:
    """The seed of each of ``count`` games of a call with ``seed`` (below 2**31)."""
    return [(seed * 1_000_003 + g) & 0x7FFFFFFF for g in range(count)]


def _policy_codes(policy: str | Sequence[str], players: int) -> list[int]:
    names = [policy] * players if isinstance(policy, str) else list(policy)
    if len(names) != players:
        raise ValueError(f"one policy per seat: {players} needed, {len(names)} given")
    out = []
    for name in names:
        if name not in POLICIES:
            raise ValueError(f"unknown playout policy {name!r} (policies: random, heuristic)")
        out.append(POLICIES[name])
    return out


def playouts(
    game: LucidityGame,
    count: int,
    seed: int = 0,
    policy: str | Sequence[str] = "random",
    start: LucidityState | None = None,
    kernel: str | None = None,
    seeds: Sequence[int] | None = None,
    stop_seat: int = -1,
) -> list[Playout] | None:
    """Play ``count`` games from ``start`` (default: a new game); None if the kernel does
    not cover the configuration or the position. Game ``g`` plays with its own seed
    (``seeds[g]`` when given, else one derived from ``seed`` and ``g``), so a game's course
    depends on its seed alone. ``kernel``: "numba", "python" or None (see ``_impl``).
    ``stop_seat``: stop each game before that seat's next rest decision, or once it is no
    longer a dreamer or no longer the current player (the risk meter's continuations)."""
    if seeds is None:
        if count < 0:
            raise ValueError(f"count must be 0 or more, not {count}")
        seeds = game_seeds(seed, count)
    count = len(seeds)
    codes = _policy_codes(policy, game.players)
    state = start if start is not None else game.new_state(seed=seed)
    if state.is_terminal():
        return None
    S = from_state(state)
    if S is None:
        return None
    for i, code in enumerate(codes):
        S[kb.H_POL + i] = code
    S[kb.H_STOP] = stop_seat
    impl = _impl(kernel)
    width = kernel_step.RESULT
    out = _array([0] * (width * count), impl)
    per_game = _array([x & 0x7FFFFFFF for x in seeds], impl)
    impl["play_many"](_state_array(S, impl), out, per_game, MAX_ACTIONS)
    flat = out.tolist() if hasattr(out, "tolist") else out  # Python ints either way
    n = game.players
    results = []
    for g in range(count):
        o = flat[g * width : (g + 1) * width]
        done = o[4] >= 0
        log = []
        for i in range(o[13]):
            seat, what, turn = o[16 + 3 * i : 19 + 3 * i]
            if what < 4:
                log.append({"seat": seat, "became": COLOURS[what], "turn": turn})
            else:
                cause = "hunt" if what == 4 else "shadowmarks"
                log.append({"seat": seat, "eaten": what == 4, "cause": cause, "turn": turn})
        results.append(
            Playout(
                scores=[float(x) for x in o[:n]] if done else [],
                winners=[i for i in range(n) if o[4] >> i & 1] if done else [],
                turns=o[5],
                end_reason=REASONS[o[6]] if done else None,
                actions=o[7],
                decisions=o[8],
                roles=[ROLE_NAMES[o[9 + i]] for i in range(n)],
                log=log,
                power=o[:n],
                exhausted=[i for i in range(n) if o[14] >> i & 1],
            )
        )
    return results


def score_lists(
    game: LucidityGame,
    count: int,
    seed: int = 0,
    policy: str | Sequence[str] = "random",
    start: State | None = None,
) -> list[list[float]]:
    """``Game.playouts``: the scores of each game only (no statistics decoded)."""
    if start is not None and not isinstance(start, _state_class()):
        raise ConfigError("start must be a Lucidity state")
    try:
        codes = _policy_codes(policy, game.players)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    state = start if start is not None else game.new_state(seed=seed)
    S = None if state.is_terminal() else from_state(state)  # type: ignore[arg-type]
    if S is None or count < 0:
        return [r.scores for r in playout_results(game, count, seed, policy, start)]
    for i, code in enumerate(codes):
        S[kb.H_POL + i] = code
    impl = _impl()
    width = kernel_step.RESULT
    out = _array([0] * (width * count), impl)
    seeds = _array(game_seeds(seed, count), impl)
    impl["play_many"](_state_array(S, impl), out, seeds, MAX_ACTIONS)
    flat = out.tolist() if hasattr(out, "tolist") else out
    n = game.players
    return [
        [float(x) for x in flat[o : o + n]] if flat[o + 4] >= 0 else []
        for o in range(0, width * count, width)
    ]


def playout_results(
    game: LucidityGame,
    count: int,
    seed: int = 0,
    policy: str | Sequence[str] = "random",
    start: State | None = None,
    kernel: str | None = None,
    seeds: Sequence[int] | None = None,
) -> list[PlayoutResult]:
    """``Game.playout_results``: the kernel when it covers the configuration, else the
    engine (``core.engine_playouts``)."""
    if start is not None and not isinstance(start, _state_class()):
        raise ConfigError("start must be a Lucidity state")
    try:
        fast = playouts(game, count, seed, policy, start, kernel, seeds)  # type: ignore[arg-type]
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if fast is None:
        return engine_playouts(game, count, seed, policy, start, seeds)
    return [
        PlayoutResult(
            scores=p.scores,
            winners=p.winners,
            turns=p.turns,
            end_reason=p.end_reason,
            actions=p.actions,
            decisions=p.decisions,
            stats=p.stats(),
        )
        for p in fast
    ]


def _state_class() -> type:
    """The engine's state class, imported late (state.py imports game.py)."""
    from .state import LucidityState

    return LucidityState


class PlayoutRoot:
    """Playouts from the positions a search reaches from one root (``Game.playout_root``):
    the root is converted to the kernel's state once, and each position is given by the
    actions applied since the root (chance included), which the kernel replays before its
    playouts instead of converting that position anew. The same games as
    ``playout_results(count, seed, policy, start=position)``."""

    ROOM = 512
    """The longest path from the root replayed (longer ones: ``outcomes`` says None)."""

    def __init__(self, game: LucidityGame, S: list[int], impl: dict[str, Any]) -> None:
        self.players = game.players
        self.impl = impl
        self.codes = _codes()
        self.S = _array(S, impl)
        self.numba = impl["backend"] == "numba"

    def outcomes(
        self, path: Sequence[str], count: int, seed: int
    ) -> list[tuple[list[float], list[int]]] | None:
        """Each game's scores and winners (empty lists when a game reached the turn cap), or
        None when the kernel cannot replay ``path``."""
        if len(path) > self.ROOM:
            return None
        codes = self.codes
        try:
            script = [codes[a] for a in path]
        except KeyError:
            return None
        width = kernel_step.RESULT
        seeds = game_seeds(seed, count)
        if self.numba:
            import numpy as np

            out: Any = np.zeros(width * count, dtype=np.int64)
            played = self.impl["play_many_after"](
                self.S,
                np.array(script, dtype=np.int64),
                out,
                np.array(seeds, dtype=np.int64),
                MAX_ACTIONS,
            )
            flat = out.tolist()
        else:
            flat = [0] * (width * count)
            played = self.impl["play_many_after"](self.S, script, flat, seeds, MAX_ACTIONS)
        if not played:
            return None
        n = self.players
        results: list[tuple[list[float], list[int]]] = []
        for o in range(0, width * count, width):
            won = flat[o + 4]
            if won < 0:
                results.append(([], []))
            else:
                scores = [float(x) for x in flat[o : o + n]]
                results.append((scores, [i for i in range(n) if won >> i & 1]))
        return results


_CODES: dict[str, int] = {}


def _codes() -> dict[str, int]:
    """Each action id's kernel code."""
    if not _CODES:
        _CODES.update((aid, i) for i, aid in enumerate(kb.IDS))
    return _CODES


def playout_root(
    game: LucidityGame, start: State, policy: str | Sequence[str] = "random"
) -> PlayoutRoot | None:
    """``Game.playout_root``: None where the kernel does not cover the configuration or
    the position."""
    if not isinstance(start, _state_class()) or start.is_terminal():
        return None
    try:
        codes = _policy_codes(policy, game.players)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    S = from_state(start, PlayoutRoot.ROOM)  # type: ignore[arg-type]
    if S is None:
        return None
    for i, code in enumerate(codes):
        S[kb.H_POL + i] = code
    S[kb.H_STOP] = -1
    return PlayoutRoot(game, S, _impl())


__all__ = [
    "Playout",
    "PlayoutRoot",
    "backend",
    "covers",
    "from_state",
    "playout_root",
    "playouts",
]
