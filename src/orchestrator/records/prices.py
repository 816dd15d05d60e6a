"""List prices per model family (USD per million input and output tokens): the estimate a run's counters and its
report use when the CLI's own figure is not there yet (or not per agent)."""

from __future__ import annotations

from collections.abc import Mapping

PRICES = {"opus": (4.0, 20.0), "sonnet": (2.0, 10.0), "haiku": (0.8, 4.0)}


def tokens_of(usage: Mapping[str, object]) -> tuple[int, int]:
    """Input tokens (cache reads and writes included) and output tokens of one response's usage."""

    def n(key: str) -> int:
        value = usage.get(key)
        return int(value) if isinstance(value, int | float | str) and str(value).isdigit() else 0

    return n("input_tokens") + n("cache_read_input_tokens") + n("cache_creation_input_tokens"), n("output_tokens")


def usd(model: str, tokens_in: int, tokens_out: int) -> float:
    family = next((f for f in PRICES if f in model), "sonnet")
    price_in, price_out = PRICES[family]
    return (tokens_in * price_in + tokens_out * price_out) / 1e6
