# label: trace-context
# flax-error: TraceContextError: Cannot mutate FrameVisits from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local net goes straight into the while_loop body; its FrameVisits variable (an nnx.Variable subclass) is incremented on every call
"""Hive-acoustics swarm alarm for a beekeeping co-operative.

The network scores the hum of each frame; the alarm loop keeps listening until the swarm score
passes the threshold or the budget of listening windows is spent.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class FrameVisits(nnx.Variable):
    """How many listening windows the network has scored (kept for the hive log)."""


class HiveHumNet(nnx.Module):
    def __init__(self, bands: int, rngs: nnx.Rngs):
        self.bands = nnx.Linear(bands, 8, rngs=rngs)
        self.score = nnx.Linear(8, 1, rngs=rngs)
        self.visits = FrameVisits(jnp.zeros((), jnp.int32))

    def __call__(self, spectrum):
        self.visits[...] += 1
        return nnx.sigmoid(self.score(nnx.gelu(self.bands(spectrum))))[..., 0].mean()


def main():
    net = HiveHumNet(10, nnx.Rngs(4))
    spectrum = jax.random.uniform(jax.random.key(2), (6, 10))
    threshold, budget = 0.9, 30

    def cond(state):
        score, window = state
        return (score < threshold) & (window < budget)

    def body(state):
        score, window = state
        gain = 1.0 + 0.05 * window.astype(jnp.float32)
        return net(spectrum * gain), window + 1

    score, windows = jax.lax.while_loop(cond, body, (jnp.zeros(()), jnp.zeros((), jnp.int32)))
    assert int(windows) <= budget
    return None
