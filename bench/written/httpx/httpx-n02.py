from __future__ import annotations

import random
import typing


def backoff_delays(
    retries: int,
    base: float = 0.5,
    factor: float = 2.0,
    cap: float = 30.0,
    jitter: bool = True,
) -> typing.Iterator[float]:
    """Yield `retries` sleep durations for exponential backoff ("full jitter")."""
    for attempt in range(retries):
        delay = min(cap, base * factor**attempt)
        yield random.uniform(0, delay) if jitter else delay
