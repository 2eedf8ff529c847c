# label: ok
# flax-error: none
# class: 1 FerryDelayModel.rollout runs the scan itself; each crossing's delay leaves the body as a scan output and is written to self.variable("schedule", "delays") after the loop
"""Ferry schedule operations: predicted delay per crossing of a day's timetable, kept in a schedule collection.

The per-crossing delays come out of the scan as ys and the collection is written once afterwards.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FerryDelayModel(nn.Module):
    crossings: int
    hidden: int = 8

    def setup(self):
        self.weather_proj = nn.Dense(self.hidden)
        self.delay_head = nn.Dense(1)
        self.delays = self.variable("schedule", "delays", lambda: jnp.zeros(self.crossings))

    def __call__(self, x):
        return nn.softplus(self.delay_head(nn.tanh(self.weather_proj(x))))[..., 0]

    def rollout(self, conditions):
        def crossing(backlog, inputs):
            i, x = inputs
            delay = self(x) + 0.5 * backlog
            return delay, delay

        idx = jnp.arange(self.crossings)
        backlog, delays = jax.lax.scan(crossing, jnp.zeros(()), (idx, conditions))
        self.delays.value = delays
        return backlog


def main():
    crossings = 6
    conditions = jax.random.normal(jax.random.key(0), (crossings, 5))  # wind, swell, load, ...
    model = FerryDelayModel(crossings=crossings)
    variables = model.init(jax.random.key(1), conditions[0])
    backlog, updated = model.apply(variables, conditions, method=FerryDelayModel.rollout, mutable=["schedule"])
    departure_board = jnp.cumsum(updated["schedule"]["delays"])  # published expected lateness
    jax.block_until_ready((backlog, departure_board))
    return None
