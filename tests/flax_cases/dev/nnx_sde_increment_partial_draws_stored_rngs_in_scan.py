# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 `inc = partial(sde.increment)` taken before the scan; the body calls it, and the method draws Brownian noise from the module's stored Rngs
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

class NeuralSDE(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.drift = nnx.Linear(3, 3, rngs=rngs)
        self.rngs = rngs

    def increment(self, y, dt):
        return self.drift(y) * dt + jnp.sqrt(dt) * jax.random.normal(self.rngs.brownian(), y.shape)

def integrate(sde, y0, dts):
    inc = partial(sde.increment)
    def em(y, dt):
        y = y + inc(y, dt)
        return y, y
    return scan(em, y0, dts)[1]

def main():
    integrate(NeuralSDE(nnx.Rngs(params=0, brownian=1)), jnp.zeros(3), jnp.full(8, 0.1))
