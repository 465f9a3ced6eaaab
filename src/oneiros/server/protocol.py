"""Messages of the web table: REST request bodies and what a WebSocket client may send.

Server to client (JSON text frames):

- ``snapshot`` / ``update``: the seat's view (``observation``, ``decision``, ``decision_id``,
  ``legal`` actions, new ``events``, ``seats``, ``status``, ``scores``...); a snapshot carries
  every event the seat may see, an update only the new ones.
- ``error``: ``code`` and a one-line ``message``; nothing changed.
- ``hint``: the game's suggestion for the seat's current decision (``action``, ``label``,
  ``decision_id``) and the seat's estimated ``win_chance`` after it (0 to 1, from
  ``playouts`` games played out by the heuristic bots from what the seat may know).
- ``notice``: something that happened to the table outside the game (``code`` ``undo``:
  ``seat`` took back a move; a fresh ``snapshot`` comes just before it).
- ``pong``.

Client to server:

- ``{"type": "hello", "token": "...", "panels": true, "lang": "es"}`` first (no token: watch
  as a spectator; ``panels``: compute and send the analysis panels of the seat's decisions;
  ``lang``: the language of the texts sent, ``en`` or ``es``, by default the rule set's);
- ``{"type": "act", "action": "<action id>", "decision": <decision_id>}``;
- ``{"type": "name", "name": "Ada"}`` (the seat's name shown to everyone);
- ``{"type": "undo"}``: take back the seat's last decision (allowed when the view's
  ``can_undo`` is true; see docs/web.md, "Undo");
- ``{"type": "hint"}``, ``{"type": "sync"}`` (send a snapshot again), ``{"type": "ping"}``;
- ``{"type": "lang", "lang": "es"}``: switch the language (a snapshot follows).
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

MAX_MESSAGE = 8192
"""Largest WebSocket message (bytes) a client may send."""
MAX_NAME = 40


def clean_name(value: str) -> str:
    """A name as everyone sees it: NFC, inner spaces collapsed, at most 40 characters, with
    no control or format character (NUL, bidi overrides, zero-width joiners...) that could
    pass for another player or a bot."""
    text = " ".join(unicodedata.normalize("NFC", value).split())
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ValueError(
                f"a name may not contain the invisible or control character U+{ord(ch):04X}"
            )
    if not text:
        raise ValueError("a name needs at least one visible character")
    if len(text) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    return text


Name = Annotated[str, Field(max_length=4 * MAX_NAME), AfterValidator(clean_name)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Hello(_Strict):
    type: Literal["hello"]
    token: str | None = Field(None, min_length=1, max_length=100)
    name: Name | None = None
    panels: bool = False
    """Whether this client shows analysis panels (Lucidity's risk meter): they are computed
    only for the seats of clients that ask for them."""
    lang: Literal["en", "es"] | None = None
    """The language of the event texts, prompts and action labels sent to this client
    (default: Spanish for the lucidity-es rule set, English otherwise)."""


class Act(_Strict):
    type: Literal["act"]
    action: str = Field(min_length=1, max_length=200)
    decision: int | None = None


class Rename(_Strict):
    type: Literal["name"]
    name: Name


class HintRequest(_Strict):
    type: Literal["hint"]


class Undo(_Strict):
    type: Literal["undo"]


class Sync(_Strict):
    type: Literal["sync"]


class Ping(_Strict):
    type: Literal["ping"]


class Language(_Strict):
    type: Literal["lang"]
    lang: Literal["en", "es"]


ClientMessage = Annotated[
    Hello | Act | Rename | HintRequest | Undo | Sync | Ping | Language, Field(discriminator="type")
]
client_message: TypeAdapter[Hello | Act | Rename | HintRequest | Undo | Sync | Ping | Language] = (
    TypeAdapter(ClientMessage)
)


def explain(exc: ValidationError) -> str:
    """One line naming the first problem of a message that does not validate."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()) if not str(p).startswith("function"))
    msg = err.get("msg", "invalid")
    if err.get("type") == "union_tag_invalid":
        return "unknown message type: expected hello, act, name, hint, undo, sync or ping"
    if err.get("type") == "union_tag_not_found":
        return 'a message needs a "type": hello, act, name, hint, undo, sync or ping'
    return f"{where}: {msg}" if where else msg


class SeatSpec(_Strict):
    """One seat of a new table."""

    kind: Literal["human", "bot"] = "human"
    agent: str | None = Field(
        None, max_length=200, description="Bot spec (see `oneiros agents`), for bots."
    )
    name: Name | None = None


class CreateTable(_Strict):
    """A new table: the game, its configuration and who sits where."""

    game: str = Field(max_length=64, description="A game name from /api/games.")
    ruleset: str | None = Field(None, max_length=64)
    players: int | None = Field(None, ge=1, le=16)
    options: dict[str, bool | int | float | str] = Field(
        default_factory=dict,
        max_length=64,
        description="Game options; `content` names a content pack of this server (see "
        "/api/games), never a file.",
    )
    seats: list[SeatSpec] | None = Field(
        None,
        max_length=16,
        description="One entry per seat; default: seat 1 human, the others bots.",
    )
    seed: int | None = Field(
        None,
        ge=0,
        lt=2**62,
        description="Mixed with the server's own secret (the stored seed is in the record "
        "once the game is over).",
    )
    public: bool = Field(
        True,
        description="Listed in the lobby; anyone may take a free seat other than the "
        "creator's (the first human seat, taken at creation).",
    )


class JoinTable(_Strict):
    """Take a seat: with an invite ``token`` that seat, without one the first free seat."""

    token: str | None = Field(None, min_length=1, max_length=100)
    name: Name | None = None


class SeatLink(BaseModel):
    seat: int
    kind: str
    agent: str | None = None
    token: str | None = None
    url: str | None = None


class Created(BaseModel):
    id: str
    status: str
    spectate_url: str
    seats: list[SeatLink]


class Joined(BaseModel):
    seat: int
    token: str
    url: str


class ErrorBody(BaseModel):
    error: str


def error_message(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}
