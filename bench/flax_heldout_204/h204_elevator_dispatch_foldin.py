# label: ok
# flax-error: none
# class: 4 Building -> TickScheduler -> CarDispatcher.propose, which folds the tick into the dispatcher's base key before policy.apply in the fori_loop body
"""Elevator group dispatch: a learned policy scores which car answers a hall call, with
Gumbel exploration noise drawn from the 'explore' rng stream. The scheduler logs the
exploration noise of every tick for offline policy evaluation."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DispatchPolicy(nn.Module):
    n_cars: int = 4

    @nn.compact
    def __call__(self, hall_calls):
        logits = nn.Dense(self.n_cars)(nn.relu(nn.Dense(32)(hall_calls)))
        gumbel = jax.random.gumbel(self.make_rng("explore"), (self.n_cars,))
        return logits, gumbel


class CarDispatcher:
    def __init__(self, policy: DispatchPolicy, params, seed: int):
        self.n_cars = policy.n_cars
        self.base_key = jax.random.key(seed)
        self.policy_fn = functools.partial(policy.apply, {"params": params})

    def propose(self, hall_calls, tick):
        key = jax.random.fold_in(self.base_key, tick)
        logits, noise = self.policy_fn(hall_calls, rngs={"explore": key})
        return jnp.argmax(logits + noise), noise


class TickScheduler:
    def __init__(self, dispatcher: CarDispatcher, n_ticks: int):
        self.dispatcher = dispatcher
        self.n_ticks = n_ticks

    def run(self, hall_calls):
        log = jnp.zeros((self.n_ticks, self.dispatcher.n_cars))

        def tick(t, log):
            _, noise = self.dispatcher.propose(hall_calls[t], t)
            return log.at[t].set(noise)

        return lax.fori_loop(0, self.n_ticks, tick, log)


class Building:
    def __init__(self, n_floors: int, n_ticks: int, seed: int = 0):
        policy = DispatchPolicy()
        dummy = jnp.zeros((n_floors,))
        params = policy.init({"params": jax.random.key(seed), "explore": jax.random.key(1)}, dummy)["params"]
        self.scheduler = TickScheduler(CarDispatcher(policy, params, seed=seed + 100), n_ticks)


def main():
    building = Building(n_floors=12, n_ticks=8)
    hall_calls = jax.random.bernoulli(jax.random.key(5), 0.3, (8, 12)).astype(jnp.float32)
    return building.scheduler.run(hall_calls)
