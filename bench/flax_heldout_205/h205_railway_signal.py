# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_phase" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_step(model, variables) returns a step function applying the model without mutable=['cache']; fori_loop runs it
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
    def step(hour, green_time):
        logits = model.apply(variables, schedule[hour])
        green = jax.nn.softmax(logits, axis=-1)[..., 0]
        return green_time + 90.0 * green

    return step


class TimetableRunner:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def simulate(self, schedule):
        step = make_step(self.model, self.variables, schedule)
        return fori_loop(0, schedule.shape[0], step, jnp.zeros(schedule.shape[1]))


def main():
    schedule = jax.random.uniform(jax.random.key(0), (12, 5, 3))  # hours, block sections, occupancy features
    model = PhasePredictor()
    variables = model.init(jax.random.key(1), schedule[0])
    runner = TimetableRunner(model, variables)
    jax.block_until_ready(runner.simulate(schedule))
    return None
