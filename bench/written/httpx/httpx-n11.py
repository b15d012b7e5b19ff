from __future__ import annotations

import bisect
import collections


class LatencyWindow:
    """Keep the last `size` request durations and report percentiles."""

    def __init__(self, size: int = 1000) -> None:
        self._samples: collections.deque[float] = collections.deque(maxlen=size)

    def record(self, seconds: float) -> None:
        self._samples.append(seconds)

    def percentile(self, p: float) -> float | None:
        if not self._samples:
            return None
        ordered = sorted(self._samples)
        rank = max(0, min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1)))))
        return ordered[rank]

    def fraction_below(self, seconds: float) -> float:
        ordered = sorted(self._samples)
        return bisect.bisect_left(ordered, seconds) / len(ordered) if ordered else 0.0
