# label: same-values
# flax-error: none
# class: 3 a CrossingPlanner keeps self.sea = SwellModel().bind(variables, rngs={"swell": key}); the while_loop body calls self.sea, which draws self.make_rng("swell")
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class Timetable:
    crossings: int = 6
    berths: int = 3


class SwellModel(nn.Module):
    height: float = 0.4

    @nn.compact
    def __call__(self, wind):
        base = nn.softplus(nn.Dense(wind.shape[-1])(wind))
        return base + self.height * jax.random.normal(self.make_rng("swell"), wind.shape)


class CrossingPlanner:
    def __init__(self, timetable, variables, key):
        self.timetable = timetable
        self.sea = SwellModel().bind(variables, rngs={"swell": key})

    def forecast(self, wind):
        n = self.timetable.crossings

        def cond(state):
            return state[0] < n

        def body(state):
            i, swells = state
            return i + 1, swells.at[i].set(self.sea(wind))

        _, swells = lax.while_loop(cond, body, (0, jnp.zeros((n,) + wind.shape)))
        return swells


def main():
    timetable = Timetable()
    wind = jnp.linspace(-1.0, 1.0, timetable.berths * 4).reshape(timetable.berths, 4)
    variables = SwellModel().init({"params": jax.random.key(0), "swell": jax.random.key(1)}, wind)
    planner = CrossingPlanner(timetable, variables, jax.random.key(11))
    return planner.forecast(wind)
