# label: same-values
# flax-error: none
# class: 3 the arrival key is drawn once from the simulator's nnx.Rngs stream (sim.rngs.arrivals) before the fori_loop and reused by every cycle of the body, which also calls sim.policy
"""Traffic-signal timing: simulate queue lengths at an intersection under a learned green-split policy."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop

APPROACHES = ("north", "east", "south", "west")


class GreenSplitPolicy(nnx.Module):
    def __init__(self, n: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(n, n, rngs=rngs)

    def __call__(self, queues):
        return nnx.softmax(self.lin(queues / 10.0))


class IntersectionSim:
    def __init__(self, policy: GreenSplitPolicy, arrival_rates, seed: int):
        self.policy = policy
        self.rates = arrival_rates
        self.rngs = nnx.Rngs(arrivals=seed)

    def run(self, n_cycles: int, capacity: float = 12.0):
        n = self.rates.shape[0]
        key = self.rngs.arrivals()

        def cycle(i, carry):
            queues, log = carry
            arrivals = jax.random.poisson(key, self.rates).astype(jnp.float32)
            green = self.policy(queues)
            queues = jnp.maximum(queues + arrivals - capacity * green, 0.0)
            return queues, log.at[i].set(arrivals)

        init = (jnp.zeros((n,)), jnp.zeros((n_cycles, n)))
        _, arrivals_log = fori_loop(0, n_cycles, cycle, init)
        return arrivals_log


def main():
    policy = GreenSplitPolicy(len(APPROACHES), nnx.Rngs(0))
    sim = IntersectionSim(policy, jnp.array([4.0, 2.5, 5.0, 1.5]), seed=3)
    return sim.run(n_cycles=8)
