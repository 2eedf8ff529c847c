# label: same-values
# flax-error: none
# class: 5 make_arrival_sampler(model, config) returns the sampler the scan body calls; it builds nnx.Rngs(arrivals=config.seed) from the frozen QueueConfig on every call
"""Ski-lift queue simulator.

An NNX model turns the hourly profile of a ski day (snow, temperature, school holidays, hour) into
skier arrival rates at the lift; a sampler draws Poisson arrivals. The operations team simulates
many days with the same forecast to size the queue corrals, one row of arrivals per day.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class QueueConfig:
    seed: int = 7
    lift_capacity_per_hour: float = 1800.0
    simulated_days: int = 6


class ArrivalRate(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 8, rngs=rngs)
        self.rate = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, hourly):
        return 1500.0 * nnx.softplus(self.rate(nnx.tanh(self.hidden(hourly))))[..., 0]


def make_arrival_sampler(model: ArrivalRate, config: QueueConfig):
    def sample(hourly):
        rngs = nnx.Rngs(arrivals=config.seed)
        lam = model(hourly)
        return jax.random.poisson(rngs.arrivals(), lam).astype(jnp.float32)

    return sample


def queue_lengths(arrivals, capacity):
    def hour(queue, n):
        queue = jnp.maximum(queue + n - capacity, 0.0)
        return queue, queue

    _, q = jax.lax.scan(hour, 0.0, arrivals)
    return q


def main():
    config = QueueConfig()
    model = ArrivalRate(4, nnx.Rngs(0))
    hourly = jax.random.normal(jax.random.key(1), (9, 4))  # 9 lift hours, 4 features
    sampler = make_arrival_sampler(model, config)

    def day(carry, _):
        arrivals = sampler(hourly)
        return carry, arrivals

    _, arrivals = jax.lax.scan(day, None, None, length=config.simulated_days)
    print("peak queue", jnp.max(jax.vmap(lambda a: queue_lengths(a, config.lift_capacity_per_hour))(arrivals)))
    return arrivals
