"""The web table's settings: what an operator chooses with ``oneiros serve`` flags.

Every limit has a safe default; tests and benchmarks relax them explicitly.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from typing import Any
from urllib.parse import urlsplit

from ..core import ConfigError

ENV = "ONEIROS_SERVE_SETTINGS"
"""Environment variable that carries the settings to ``--workers`` processes (JSON)."""

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class Settings:
    """What the server trusts and how much it accepts from one client."""

    public_url: str | None = None
    """Base URL of the invite links (``https://play.example.org``); without it links are
    built from the request's Host header, which must be one of ``allowed_hosts``."""
    allowed_hosts: tuple[str, ...] = LOCAL_HOSTS
    """Host names the server answers to (``*`` accepts any: only behind a proxy that checks)."""
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://play.example.org``) whose pages may open a WebSocket, besides the
    server's own (the public URL, or the Host the request names)."""
    content_dir: str | None = None
    """Content packs the operator installed: ``DIR/<game>/<pack>.json``."""
    creator_seeds: bool = False
    """Whether a creator's seed alone fixes every chance outcome (tests and trusted tables
    only: anyone who knows the seed can compute hidden cards). Off: the server mixes a
    secret of its own into every table's seed and discloses it with the record."""
    max_sockets_per_table: int = 64
    max_sockets_per_client: int = 32
    messages_per_second: float = 20.0
    message_burst: int = 60
    hints_per_second: float = 1.0
    hint_burst: int = 5
    requests_per_second: float = 10.0
    request_burst: int = 40
    tables_per_minute: float = 30.0
    presence_delay: float = 0.25
    """Seconds over which connects and disconnects of one table are merged into one update."""
    trust_forwarded: bool = False
    """Take the client address from ``X-Forwarded-For`` (only behind a proxy that sets it)."""
    workers: int = 1

    def __post_init__(self) -> None:
        if self.public_url is not None:
            parts = urlsplit(self.public_url)
            if (
                parts.scheme not in ("http", "https")
                or not parts.hostname
                or parts.path
                not in (
                    "",
                    "/",
                )
            ):
                raise ConfigError(
                    f"--public-url {self.public_url!r}: give scheme and host only, like "
                    "https://play.example.org"
                )

    @property
    def public_base(self) -> str | None:
        return self.public_url.rstrip("/") if self.public_url else None

    def hosts(self) -> list[str]:
        """Every host name accepted in the Host header."""
        out = [h.strip("[]") if h.count(":") > 1 else h for h in self.allowed_hosts]
        if self.public_url:
            host = urlsplit(self.public_url).hostname
            if host:
                out.append(host)
        return sorted(set(out))

    def to_env(self) -> str:
        data = asdict(self)
        return json.dumps(data)

    @classmethod
    def from_env(cls) -> Settings:
        raw = os.environ.get(ENV)
        if not raw:
            return cls()
        data = json.loads(raw)
        known = {f.name for f in fields(cls)}
        kwargs: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in known
        }
        return cls(**kwargs)


__all__ = ["ENV", "LOCAL_HOSTS", "Settings"]
