# label: ok
# flax-error: none
# class: 2 the scan body of sample_manoeuvres merges its local `policy` argument from the state threaded through the carry, so the policy's nnx.Rngs count advances from step to step
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
    graphdef, state = nnx.split(policy)

    def tick(state, _):
        replica = nnx.merge(graphdef, state)
        probs = replica(gaps)
        return nnx.state(replica), probs

    state, probs = scan(tick, state, None, length=ticks)
    nnx.update(policy, state)
    return probs


def main():
    policy = LaneChangePolicy(4, nnx.Rngs(params=0, manoeuvre=3))
    gaps = jnp.array([12.0, 4.5, 30.0, 8.0]) / 30.0
    return sample_manoeuvres(policy, gaps, ticks=5)
