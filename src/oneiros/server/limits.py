"""Per-client limits of the web table: token buckets and socket counts, kept in memory.

A client is its network address (the proxy's ``X-Forwarded-For`` entry when the operator
trusts it). Each server process keeps its own counts: with ``--workers N`` a client may get
up to N times the limits, which the docs state.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass


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
