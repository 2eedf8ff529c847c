# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body draws from RouteSimulator.rngs.traffic(), an nnx.Rngs stream kept on the simulator
"""Courier route time estimation: sample traffic on every leg of a courier's route and
add up the legs to get a distribution of arrival times."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class LegTimeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(5, 1, rngs=rngs)

    def __call__(self, legs):
        return nnx.softplus(self.body(legs))[..., 0] * 8.0


class RouteSimulator:
    def __init__(self, model: LegTimeModel, seed: int, rounds: int = 6):
        self.model = model
        self.rngs = nnx.Rngs(traffic=seed)
        self.rounds = rounds

    def arrival_times(self, legs):
        minutes = self.model(legs)

        def one_round(carry, _):
            slowdown = jnp.exp(0.3 * jax.random.normal(self.rngs.traffic(), minutes.shape))
            return carry, jnp.sum(minutes * slowdown)

        _, etas = scan(one_round, None, None, length=self.rounds)
        return etas


def main():
    legs = jnp.array([[1.1, 0.2, 0.0, 1.0, 0.3], [0.5, 0.8, 1.0, 0.0, 0.1],
                      [2.4, 0.1, 0.0, 0.0, 0.6], [0.9, 0.4, 1.0, 1.0, 0.2]])
    simulator = RouteSimulator(LegTimeModel(nnx.Rngs(0)), seed=7)
    return simulator.arrival_times(legs)
