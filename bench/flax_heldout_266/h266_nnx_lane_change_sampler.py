# label: same-values
# flax-error: none
# class: 2 the scan body of sample_manoeuvres clones its local `policy` argument, whose own nnx.Rngs stream then draws the manoeuvre noise
"""Microscopic traffic simulation: lane-change propensity for a vehicle, sampled over several ticks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class LaneChangePolicy(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(features, 3, rngs=rngs)
        self.rngs = rngs

    def __call__(self, gaps):
        noise = jax.random.gumbel(self.rngs.manoeuvre(), (3,))
        return nnx.softmax(self.score(gaps) + noise)


def sample_manoeuvres(policy, gaps, ticks):
    def tick(carry, _):
        replica = nnx.clone(policy)
        return carry, replica(gaps)

    _, probs = scan(tick, None, None, length=ticks)
    return probs


def main():
    policy = LaneChangePolicy(4, nnx.Rngs(params=0, manoeuvre=3))
    gaps = jnp.array([12.0, 4.5, 30.0, 8.0]) / 30.0
    return sample_manoeuvres(policy, gaps, ticks=5)
