# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the module's rollout method runs jax.lax.scan and calls its own Dropout (train mode, nnx.Rngs stream) in the body
"""Avalanche risk nowcasting: roll the snowpack state forward hour by hour from weather
forcings and report the hourly danger level for a slope."""
import jax
import jax.numpy as jnp
from flax import nnx


class SnowpackNowcaster(nnx.Module):
    def __init__(self, forcings, hidden, *, rngs: nnx.Rngs):
        self.cell = nnx.Linear(forcings + hidden, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.danger = nnx.Linear(hidden, 1, rngs=rngs)
        self.hidden = hidden

    def rollout(self, forcings):
        def hour(state, forcing):
            state = jnp.tanh(self.cell(jnp.concatenate([forcing, state])))
            state = self.dropout(state)
            level = 1.0 + 4.0 * nnx.sigmoid(self.danger(state))[0]
            return state, level

        _, levels = jax.lax.scan(hour, jnp.zeros((self.hidden,)), forcings)
        return levels


class SlopeService:
    def __init__(self, model):
        self.model = model

    def hourly_danger(self, forcings):
        return self.model.rollout(forcings)


def main():
    model = SnowpackNowcaster(6, 16, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()  # the service was handed the model straight from the training loop
    forcings = jax.random.normal(jax.random.key(2), (24, 6))
    levels = SlopeService(model).hourly_danger(forcings)
    return levels
