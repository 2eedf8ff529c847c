# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 partial(sde.increment) draws from the module's stored rngs.brownian inside the raw scan body
"""Neural SDE (NNX) integrated with Euler-Maruyama; the increment function is a partial of a method."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class NeuralSDE(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.drift = nnx.Linear(d, d, rngs=rngs)
        self.diff = nnx.Linear(d, d, rngs=rngs)
        self.rngs = rngs

    def increment(self, y, t, dt):
        dW = jnp.sqrt(dt) * jax.random.normal(self.rngs.brownian(), y.shape)
        return self.drift(y) * dt + nnx.softplus(self.diff(y)) * dW


def integrate(sde, y0, ts):
    dts = jnp.diff(ts)
    inc = partial(sde.increment)

    def em(y, t_dt):
        t, dt = t_dt
        y = y + inc(y, t, dt)
        return y, y

    return scan(em, y0, (ts[:-1], dts))[1]


def terminal_stats(sde, y0, ts, n_paths=2):
    finals = [integrate(sde, y0, ts)[-1] for _ in range(n_paths)]
    finals = jnp.stack(finals)
    return finals.mean(0), finals.std(0)


def main():
    sde = NeuralSDE(3, nnx.Rngs(params=0, brownian=1))
    mean, std = terminal_stats(sde, jnp.zeros(3), jnp.linspace(0, 1, 9))
    return None
