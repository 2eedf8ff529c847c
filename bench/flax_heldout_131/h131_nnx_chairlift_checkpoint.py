# label: trace-context
# flax-error: TraceContextError: Cannot mutate CallCounter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a jax.checkpoint-wrapped closure over dispatcher.model runs in the scan body; the model bumps its CallCounter variable on every call
"""Chairlift wind-hold dispatcher: scores gust risk for each ten-minute window of anemometer data."""
import jax
import jax.numpy as jnp
from flax import nnx


class CallCounter(nnx.Variable):
    """Inference calls served, exported to the lift-ops dashboard."""


class GustRisk(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 24, rngs=rngs)
        self.l2 = nnx.Linear(24, 1, rngs=rngs)
        self.calls = CallCounter(jnp.zeros((), jnp.int32))

    def __call__(self, window):
        self.calls[...] += 1
        return nnx.sigmoid(self.l2(nnx.silu(self.l1(window))))[..., 0]


def rematerialised(fn):
    return jax.checkpoint(fn)


class WindHoldDispatcher:
    def __init__(self, model: GustRisk, threshold: float = 0.7):
        self.model = model
        self.threshold = threshold
        self._risk = rematerialised(lambda w: self.model(w))

    def shift(self, windows):
        def body(holds, window):
            risk = self._risk(window).max()
            return holds + (risk > self.threshold), risk

        return jax.lax.scan(body, jnp.int32(0), windows)


def main():
    dispatcher = WindHoldDispatcher(GustRisk(nnx.Rngs(0)))
    windows = jax.random.normal(jax.random.key(6), (12, 4, 6))
    holds, risks = dispatcher.shift(windows)
    jax.block_until_ready((holds, risks))
    return None
