# label: same-values
# flax-error: none
# class: 2 a local nnx.Rngs in simulate_dispatch() goes into the scan body, which nnx.clone()s it each step before drawing the passenger arrivals
"""Elevator group dispatch (NNX): simulate passenger arrivals per floor for a dispatch policy.

Within one simulated hour the building occupancy is fixed; each minute draws Poisson
arrivals around the policy's predicted demand. The body clones the RNG streams so the
caller's streams stay untouched by the simulation.
"""
import jax
import jax.numpy as jnp
from flax import nnx

N_FLOORS = 8


class DemandPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.floor_bias = nnx.Param(jax.random.uniform(rngs.params(), (N_FLOORS,)))
        self.occupancy_mix = nnx.Linear(N_FLOORS, N_FLOORS, rngs=rngs)

    def __call__(self, occupancy):
        return nnx.softplus(self.floor_bias[...] + self.occupancy_mix(occupancy))


def simulate_dispatch(policy: DemandPolicy, occupancy, seed: int, n_minutes: int):
    rngs = nnx.Rngs(arrivals=seed)

    def minute(queue, _):
        step_rngs = nnx.clone(rngs)
        rate = policy(occupancy)
        arrivals = jax.random.poisson(step_rngs.arrivals(), rate * 3.0)
        return queue + arrivals, arrivals

    init = jnp.zeros((N_FLOORS,), jnp.int32)
    _, per_minute = jax.lax.scan(minute, init, None, length=n_minutes)
    return per_minute


def main():
    policy = DemandPolicy(nnx.Rngs(params=0))
    occupancy = jnp.linspace(0.2, 1.0, N_FLOORS)
    return simulate_dispatch(policy, occupancy, seed=3, n_minutes=6)
