# label: ok
# flax-error: none
# class: 4 DispatchController -> bank.policy (nnx.Module) and bank.config.seed; the while_loop body rebuilds nnx.Rngs(explore=fold_in(key, i)) from the bank key and the call index
"""Elevator group dispatcher with exploration noise.

Hall calls wait in a priority queue ordered by waiting time. The controller
drains the queue into a batch and assigns each call to a car with a learned
scoring policy plus Gumbel exploration noise; the noise is logged per call so
the A/B analysis can replay the decisions.
"""
import dataclasses
import heapq

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class BankConfig:
    cars: int = 4
    seed: int = 23
    temperature: float = 0.5


class DispatchPolicy(nnx.Module):
    def __init__(self, cars, rngs: nnx.Rngs):
        self.score = nnx.Linear(3, cars, rngs=rngs)

    def __call__(self, call_features):
        return self.score(call_features)


class ElevatorBank:
    def __init__(self, config):
        self.config = config
        self.policy = DispatchPolicy(config.cars, nnx.Rngs(0))
        self.hall_calls = []

    def explore_key(self):
        return jax.random.key(self.config.seed)


class DispatchController:
    def __init__(self, bank):
        self.bank = bank

    def dispatch(self):
        calls = [heapq.heappop(self.bank.hall_calls)[1] for _ in range(len(self.bank.hall_calls))]
        feats = jnp.array(calls, dtype=jnp.float32)
        n = feats.shape[0]
        key = self.bank.explore_key()

        def pending(state):
            return state[0] < n

        def assign(state):
            i, cars, noise_log = state
            rngs = nnx.Rngs(explore=jax.random.fold_in(key, i))
            noise = jax.random.gumbel(rngs.explore(), (self.bank.config.cars,))
            scores = self.bank.policy(feats[i]) + self.bank.config.temperature * noise
            return i + 1, cars.at[i].set(jnp.argmax(scores)), noise_log.at[i].set(noise)

        init = (0, jnp.zeros(n, jnp.int32), jnp.zeros((n, self.bank.config.cars)))
        _, cars, noise_log = jax.lax.while_loop(pending, assign, init)
        return cars, noise_log


def main():
    bank = ElevatorBank(BankConfig())
    for waited, floor, direction in [(40, 3, 1), (12, 9, -1), (75, 1, 1), (5, 14, -1), (33, 6, 1)]:
        heapq.heappush(bank.hall_calls, (-waited, (waited / 60.0, floor / 15.0, direction)))
    cars, noise_log = DispatchController(bank).dispatch()
    return noise_log
