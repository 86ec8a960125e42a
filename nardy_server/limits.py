"""Rate limits: frames per connection, matches created per address (token buckets, in each process's memory)."""

from __future__ import annotations

import time
from collections import OrderedDict


class TokenBucket:
    """``burst`` at once, refilled at ``rate`` a second."""

    def __init__(self, burst: int, rate: float):
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class AddressLimits:
    """A bucket per client address, the least recently used forgotten beyond ``most`` addresses."""

    def __init__(self, burst: int, rate: float, most: int = 100_000):
        self.burst, self.rate, self.most = burst, rate, most
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, address: str) -> bool:
        bucket = self.buckets.pop(address, None) or TokenBucket(self.burst, self.rate)
        self.buckets[address] = bucket
        while len(self.buckets) > self.most:
            self.buckets.popitem(last=False)
        return bucket.take()
