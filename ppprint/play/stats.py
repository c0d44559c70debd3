"""The statistics of a report: rates with Wilson intervals, means with normal intervals, medians, histograms."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Rate:
    """How often something happened: ``count`` of ``n``, with a 95% Wilson score interval."""

    count: int
    n: int

    @property
    def value(self) -> float:
        return self.count / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval (good at small ``n`` and near 0 and 1, unlike value +- 1.96 sd)."""
        return wilson(self.count, self.n)

    def text(self) -> str:
        """``48.0% (38.4–57.8%)`` (an en dash between the bounds)."""
        low, high = self.interval
        return f"{100 * self.value:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)" if self.n else "–"

    def above(self, share: float) -> bool:
        """Whether the whole 95% interval lies above ``share``: shown to happen more often than that."""
        return self.n > 0 and self.interval[0] > share

    def as_data(self) -> dict[str, float | int]:
        low, high = self.interval
        return {"count": self.count, "n": self.n, "rate": round(self.value, 6), "low": round(low, 6), "high": round(high, 6)}


def wilson(count: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``count / n``."""
    if n == 0:
        return 0.0, 1.0
    p = count / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    low = 0.0 if count == 0 else max(0.0, (centre - spread) / denominator)
    high = 1.0 if count == n else min(1.0, (centre + spread) / denominator)
    return low, high


@dataclass(frozen=True)
class Summary:
    """Numbers' count, mean with its 95% interval, median, range and standard deviation."""

    n: int
    mean: float
    low: float
    high: float
    median: float
    minimum: float
    maximum: float
    sd: float

    def as_data(self) -> dict[str, float | int]:
        return {key: (round(value, 6) if isinstance(value, float) else value) for key, value in self.__dict__.items()}


def summarise(values: Sequence[float]) -> Summary:
    """The summary of ``values`` (a normal interval for the mean; all zeros when there are none)."""
    n = len(values)
    if n == 0:
        return Summary(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return Summary(n, mean, mean - half, mean + half, median(values), float(min(values)), float(max(values)), sd)


def median(values: Sequence[float]) -> float:
    """The median (the mean of the two middle values of an even count)."""
    ordered = sorted(values)
    n = len(ordered)
    middle = n // 2
    return float(ordered[middle]) if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def nice_step(span: float, target: int = 6) -> float:
    """A step of 1, 2 or 5 times a power of ten that cuts ``span`` into about ``target`` parts."""
    if span <= 0:
        return 1.0
    raw = span / target
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return float(factor * power)
    return float(10 * power)


@dataclass(frozen=True)
class Histogram:
    """Counts of whole numbers in bins of ``width``: bin ``i`` holds ``start + i * width`` up to the next."""

    start: int
    width: int
    counts: tuple[int, ...]


def histogram(values: Sequence[int], bins: int = 16) -> Histogram:
    """Whole numbers in about ``bins`` bins of a nice width, the first starting at a multiple of it."""
    if not values:
        return Histogram(0, 1, ())
    low, high = min(values), max(values)
    width = max(1, int(nice_step(high - low + 1, bins)))
    start = low - low % width
    counts = [0] * ((high - start) // width + 1)
    for value in values:
        counts[(value - start) // width] += 1
    return Histogram(start, width, tuple(counts))
