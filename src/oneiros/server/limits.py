"""Per-client limits of the web table: token buckets and socket counts, kept in memory.

A client is its network address (the proxy's ``X-Forwarded-For`` entry when the operator
trusts it). Each server process keeps its own counts: with ``--workers N`` a client may get
up to N times the limits, which the docs state.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass

from fastapi import Request, WebSocket
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """A token bucket per key: ``rate`` tokens a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: int, keys: int = 100_000) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.keys = keys
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def allow(self, key: str, cost: float = 1.0) -> float:
        """0.0 when allowed (and counted); otherwise the seconds to wait before retrying."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = _Bucket(self.burst, now)
            self._buckets[key] = bucket
            if len(self._buckets) > self.keys:
                self._buckets.popitem(last=False)
        else:
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
            self._buckets.move_to_end(key)
        if bucket.tokens >= cost:
            bucket.tokens -= cost
            return 0.0
        return (cost - bucket.tokens) / self.rate


class Counter:
    """How many sockets each key holds now."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.counts: dict[str, int] = {}

    def acquire(self, key: str) -> bool:
        n = self.counts.get(key, 0)
        if self.limit > 0 and n >= self.limit:
            return False
        self.counts[key] = n + 1
        return True

    def release(self, key: str) -> None:
        n = self.counts.get(key, 0) - 1
        if n > 0:
            self.counts[key] = n
        else:
            self.counts.pop(key, None)


__all__ = ["Counter", "RateLimiter"]


class BodyLimit:
    """Refuse a request body over ``limit`` bytes while it streams in (chunked bodies
    included), before the application reads it: at most ``limit`` bytes are ever held."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client left: let the app see it
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay_body() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay_body, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse(
            {"error": f"the request body is larger than {self.limit} bytes"},
            status_code=413,
            headers={"Connection": "close"},
        )
        await response(scope, receive, send)


def client_of(conn: Request | WebSocket) -> str:
    """The client's address (the proxy's forwarded one when uvicorn trusts the proxy)."""
    return conn.client.host if conn.client else "unknown"
