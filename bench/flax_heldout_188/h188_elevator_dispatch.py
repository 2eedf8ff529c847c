# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls_scored" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a local scorer = model.bind(variables) goes into the while_loop body, which bumps the scorer's "telemetry" counter
"""Elevator group control: the dispatch scorer assigns waiting hall calls to cars until the
queue is empty; the scorer counts the calls it scored for the building-management telemetry."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class DispatchScorer(nn.Module):
    cars: int = 4

    @nn.compact
    def __call__(self, hall_call):
        scored = self.variable("telemetry", "calls_scored", lambda: jnp.zeros((), jnp.int32))
        scored.value = scored.value + 1
        h = nn.relu(nn.Dense(16, name="call_embed")(hall_call))
        return nn.Dense(self.cars, name="car_affinity")(h)


def dispatch_until_empty(model, variables, hall_calls):
    scorer = model.bind(variables)

    def pending(state):
        index, _ = state
        return index < hall_calls.shape[0]

    def assign(state):
        index, load = state
        car = jnp.argmax(scorer(hall_calls[index]) - load)
        return index + 1, load.at[car].add(1.0)

    _, load = lax.while_loop(pending, assign, (0, jnp.zeros(model.cars)))
    return load


def main():
    model = DispatchScorer()
    hall_calls = jax.random.uniform(jax.random.key(5), (9, 6))
    variables = model.init(jax.random.key(0), hall_calls[0])
    dispatch_until_empty(model, variables, hall_calls)
    return None
