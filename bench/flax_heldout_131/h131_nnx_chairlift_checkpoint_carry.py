# label: ok
# flax-error: none
# class: 5 a jax.checkpoint-wrapped step merges dispatcher.model from the scan carry and returns its nnx.state, so the CallCounter update leaves through the carry
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
        self.graphdef, _ = nnx.split(model)

        def risk(state, window):
            m = nnx.merge(self.graphdef, state)
            r = m(window)
            return r, nnx.state(m)

        self._risk = rematerialised(risk)

    def shift(self, windows):
        def body(carry, window):
            holds, state = carry
            risk, state = self._risk(state, window)
            risk = risk.max()
            return (holds + (risk > self.threshold), state), risk

        (holds, state), risks = jax.lax.scan(body, (jnp.int32(0), nnx.state(self.model)), windows)
        nnx.update(self.model, state)
        return holds, risks


def main():
    dispatcher = WindHoldDispatcher(GustRisk(nnx.Rngs(0)))
    windows = jax.random.normal(jax.random.key(6), (12, 4, 6))
    holds, risks = dispatcher.shift(windows)
    jax.block_until_ready((holds, risks))
    return None
