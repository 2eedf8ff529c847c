# label: ok
# flax-error: none
# class: 5 make_step(model, variables) returns a step function applying the model with mutable=['cache'], the cache riding in the fori_loop carry
"""Railway signal timing: predict the next signal phase for each block section, hour by hour."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class PhasePredictor(nn.Module):
    n_phases: int = 4

    @nn.compact
    def __call__(self, occupancy):
        last = self.variable("cache", "last_phase", lambda: jnp.zeros(occupancy.shape[:-1], jnp.int32))
        prev = jax.nn.one_hot(last.value, self.n_phases)
        logits = nn.Dense(self.n_phases)(jnp.concatenate([occupancy, prev], axis=-1))
        last.value = jnp.argmax(logits, axis=-1)
        return logits


def make_step(model, variables, schedule):
    params = variables["params"]

    def step(hour, carry):
        green_time, cache = carry
        logits, updates = model.apply({"params": params, "cache": cache}, schedule[hour], mutable=["cache"])
        green = jax.nn.softmax(logits, axis=-1)[..., 0]
        return green_time + 90.0 * green, updates["cache"]

    return step


class TimetableRunner:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def simulate(self, schedule):
        step = make_step(self.model, self.variables, schedule)
        init = (jnp.zeros(schedule.shape[1]), self.variables["cache"])
        green_time, cache = fori_loop(0, schedule.shape[0], step, init)
        self.variables = {**self.variables, "cache": cache}
        return green_time


def main():
    schedule = jax.random.uniform(jax.random.key(0), (12, 5, 3))  # hours, block sections, occupancy features
    model = PhasePredictor()
    variables = model.init(jax.random.key(1), schedule[0])
    runner = TimetableRunner(model, variables)
    jax.block_until_ready(runner.simulate(schedule))
    return None
