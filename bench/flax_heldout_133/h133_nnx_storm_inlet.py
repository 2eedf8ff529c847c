# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an InletSimulator keeps self.rngs = nnx.Rngs(rain=...); the scan body draws self.rngs.rain() for each storm interval
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class InletCapture(nnx.Module):
    """Fraction of street runoff captured by a storm inlet grate."""

    def __init__(self, rngs: nnx.Rngs):
        self.grate = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, runoff):
        return nnx.sigmoid(self.grate(runoff))


class InletSimulator:
    def __init__(self, seed: int):
        self.rngs = nnx.Rngs(params=seed, rain=seed + 1)
        self.inlet = InletCapture(self.rngs)

    def bypass_per_interval(self, runoff):
        def interval(ponding, flow):
            burst = 0.3 * jax.random.normal(self.rngs.rain(), flow.shape)
            captured = self.inlet(flow + burst)
            return 0.7 * ponding + (1.0 - captured), burst

        _, bursts = lax.scan(interval, jnp.zeros((runoff.shape[1], 1)), runoff)
        return bursts


def main():
    sim = InletSimulator(seed=4)
    runoff = jnp.tile(jnp.array([0.2, 0.5, 0.1]), (10, 4, 1))
    return sim.bypass_per_interval(runoff)
