# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local model goes straight into the while_loop body and its BatchNorm runs in training mode there
"""Station nowcasting: roll a temperature forecast forward until the requested horizon."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class StationStep(nnx.Module):
    def __init__(self, stations: int, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(stations, stations, rngs=rngs)
        self.norm = nnx.BatchNorm(stations, momentum=0.9, rngs=rngs)

    def __call__(self, temps):
        return temps + 0.1 * jnp.tanh(self.norm(self.mix(temps)))


@dataclasses.dataclass(frozen=True)
class Horizon:
    steps: int = 4
    minutes_per_step: int = 10

    @property
    def minutes(self):
        return self.steps * self.minutes_per_step


def rolling_forecast(model: StationStep, temps, horizon: Horizon):
    def not_done(state):
        return state[0] < horizon.steps

    def advance(state):
        i, current, path = state
        nxt = model(current)
        return i + 1, nxt, path.at[i].set(nxt)

    path = jnp.zeros((horizon.steps,) + temps.shape)
    _, final, path = while_loop(not_done, advance, (0, temps, path))
    return final, path


def main():
    model = StationStep(stations=5, rngs=nnx.Rngs(0))
    temps = jnp.stack([jnp.linspace(10.0, 14.0, 5), jnp.linspace(9.0, 11.0, 5)])
    final, path = rolling_forecast(model, temps, Horizon())
    jax.block_until_ready((final, path))
    return None
