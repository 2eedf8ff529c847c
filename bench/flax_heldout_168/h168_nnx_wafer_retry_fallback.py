# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body calls the yield model through a retry/backoff wrapper object, which keeps the last good prediction as a fallback read after the scan
"""Semiconductor fab monitor: predicts die yield for each wafer of a lot from inline metrology;
the model call is wrapped in a retry/backoff helper that remembers the last good prediction."""
import dataclasses
import time

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class Backoff:
    attempts: int = 3
    first_delay_s: float = 0.0
    factor: float = 2.0


class RetryWithBackoff:
    def __init__(self, fn, backoff: Backoff = Backoff()):
        self.fn = fn
        self.backoff = backoff
        self.last_good = None

    def __call__(self, *args):
        delay = self.backoff.first_delay_s
        for attempt in range(self.backoff.attempts):
            try:
                out = self.fn(*args)
            except (RuntimeError, FloatingPointError):
                if attempt + 1 == self.backoff.attempts:
                    if self.last_good is None:
                        raise
                    return self.last_good
                time.sleep(delay)
                delay *= self.backoff.factor
            else:
                self.last_good = out
                return out


class YieldPredictor(nnx.Module):
    def __init__(self, metrology: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(metrology, 16, rngs=rngs)
        self.norm = nnx.LayerNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, wafer):
        return nnx.sigmoid(self.head(nnx.silu(self.norm(self.body(wafer)))))[0]


class FabMonitor:
    def __init__(self, model: YieldPredictor):
        self.predict = RetryWithBackoff(model)

    def lot_yield(self, wafers):
        def wafer(total, metrology):
            return total + self.predict(metrology), None

        total, _ = jax.lax.scan(wafer, jnp.zeros(()), wafers)
        return total / wafers.shape[0]

    def report(self, wafers):
        mean_yield = self.lot_yield(wafers)
        last_wafer = jnp.round(100.0 * self.predict.last_good, 1)
        return {"mean": float(mean_yield), "last_wafer_pct": float(last_wafer)}


def main():
    monitor = FabMonitor(YieldPredictor(7, rngs=nnx.Rngs(0)))
    wafers = jax.random.normal(jax.random.key(5), (25, 7))
    monitor.report(wafers)
    return None
