# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the dispatch policy wraps its step in jax.checkpoint; the wrapped step applies self.model to self.variables inside the scan over dispatch ticks
"""Elevator group dispatch: assigns hall calls to cars tick by tick over a busy morning.

The scoring step is wrapped in jax.checkpoint so that the long rollouts used for
what-if analysis fit in device memory."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class CarScorer(nn.Module):
    n_cars: int

    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(32)(obs)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(self.n_cars)(nn.relu(h))


class DispatchPolicy:
    def __init__(self, model, variables, n_cars):
        self.model = model
        self.variables = variables
        self.n_cars = n_cars
        self._step = jax.checkpoint(self._score)

    def _score(self, car_floor, calls):
        obs = jnp.concatenate([calls, jnp.broadcast_to(car_floor, calls.shape[:1] + car_floor.shape)], -1)
        return self.model.apply(self.variables, obs)

    def rollout(self, car_floor0, call_ticks):
        def tick(car_floor, calls):
            scores = self._step(car_floor, calls)
            chosen = jnp.argmax(scores, axis=-1)
            targets = jnp.argmax(calls, axis=-1).astype(jnp.float32)
            moved = jax.ops.segment_max(targets, chosen, num_segments=self.n_cars)
            car_floor = jnp.where(moved >= 0, 0.5 * (car_floor + moved), car_floor)
            return car_floor, chosen

        return scan(tick, car_floor0, call_ticks)


def main():
    n_cars, n_floors, n_calls = 4, 12, 3
    call_ticks = jax.random.uniform(jax.random.key(0), (16, n_calls, n_floors))
    car_floor0 = jnp.array([0.0, 3.0, 6.0, 11.0])
    model = CarScorer(n_cars)
    obs = jnp.zeros((n_calls, n_floors + n_cars))
    variables = model.init(jax.random.key(1), obs)
    policy = DispatchPolicy(model, variables, n_cars)
    floors, assignments = policy.rollout(car_floor0, call_ticks)
    int(assignments.sum())
    return None
