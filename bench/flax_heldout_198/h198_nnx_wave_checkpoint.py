# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 remat_step wraps a closure over the WaveCell in jax.checkpoint; SwellForecaster scans that wrapper and the cell's BatchNorm, left in train mode, updates its BatchStat variables
"""Ocean swell forecasting: a recurrent cell rolls significant wave height forward from buoy
observations; the step is rematerialised to keep memory flat over long horizons."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

N_BUOYS = 5


class WaveCell(nnx.Module):
    def __init__(self, hidden, rngs):
        self.inp = nnx.Linear(N_BUOYS, hidden, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, N_BUOYS, rngs=rngs)

    def __call__(self, h, obs):
        h = jnp.tanh(self.norm(self.inp(obs) + self.rec(h)))
        return h, nnx.softplus(self.out(h))


def remat_step(cell):
    @jax.checkpoint
    def step(h, obs):
        return cell(h, obs)
    return step


class SwellForecaster:
    def __init__(self, cell, hidden):
        self.cell = cell
        self.hidden = hidden
        self._step = remat_step(cell)

    def roll(self, observations):
        h0 = jnp.zeros((observations.shape[1], self.hidden))
        _, heights = scan(self._step, h0, observations)
        return heights


def main():
    obs = 1.5 + jax.random.normal(jax.random.key(0), (16, 3, N_BUOYS))
    forecaster = SwellForecaster(WaveCell(12, nnx.Rngs(1)), hidden=12)
    heights = forecaster.roll(obs)
    print(heights.max())
    return None
