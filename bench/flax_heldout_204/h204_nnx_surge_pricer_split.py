# label: ok
# flax-error: none
# class: 3 SurgePricer.rngs, an nnx.Rngs whose 'explore' key is split into one key per candidate before the scan; the keys are scanned over as xs
"""Ride-hailing surge pricing: propose surge multipliers per zone for the current demand
snapshot. Exploration comes from dropout noise in the pricing head; the pricer proposes a
batch of candidate price vectors that the marketplace simulator evaluates."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SurgeHead(nnx.Module):
    def __init__(self, n_zones: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2 * n_zones, 32, rngs=rngs)
        self.noise = nnx.Dropout(0.3, rng_collection="explore")
        self.l2 = nnx.Linear(32, n_zones, rngs=rngs)

    def __call__(self, demand, supply, *, rngs=None):
        h = nnx.relu(self.l1(jnp.concatenate([demand, supply])))
        return 1.0 + nnx.softplus(self.l2(self.noise(h, rngs=rngs)))


class SurgePricer:
    def __init__(self, n_zones: int, seed: int = 0):
        self.model = SurgeHead(n_zones, rngs=nnx.Rngs(params=seed))
        self.rngs = nnx.Rngs(explore=seed + 1)

    def candidates(self, demand, supply, n_candidates: int):
        keys = jax.random.split(self.rngs.explore(), n_candidates)

        def propose(carry, key):
            return carry, self.model(demand, supply, rngs=key)

        _, prices = scan(propose, None, keys)
        return prices


def main():
    pricer = SurgePricer(n_zones=6)
    demand = jax.random.uniform(jax.random.key(3), (6,), minval=0, maxval=50)
    supply = jax.random.uniform(jax.random.key(4), (6,), minval=5, maxval=40)
    return pricer.candidates(demand, supply, n_candidates=5)
