# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 FerryDelayModel.rollout runs the scan itself and writes each crossing's delay into self.variable("schedule", "delays") inside the body
"""Ferry schedule operations: predicted delay per crossing of a day's timetable, kept in a schedule collection."""
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
            self.delays.value = self.delays.value.at[i].set(delay)
            return delay, delay

        idx = jnp.arange(self.crossings)
        backlog, _ = jax.lax.scan(crossing, jnp.zeros(()), (idx, conditions))
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
