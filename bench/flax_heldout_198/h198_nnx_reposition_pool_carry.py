# label: ok
# flax-error: none
# class: 4 RepositionService.sample_plans splits the policy held in self.pool for the region, carries its state (rng counts included) through the scan, merges it in the body and updates the pooled policy afterwards
"""Ride-hailing driver repositioning: a service keeps one policy per city region in a pool
and draws several candidate repositioning plans for the idle drivers of a region."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax
N_ZONES = 9


class RepositionPolicy(nnx.Module):
    def __init__(self, n_feat, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_feat, 32, rngs=rngs)
        self.zone_logits = nnx.Linear(32, N_ZONES, rngs=rngs)
        self.rngs = rngs

    def __call__(self, drivers):
        logits = self.zone_logits(nnx.relu(self.body(drivers)))
        return jax.random.categorical(self.rngs.moves(), logits)


class PolicyPool:
    def __init__(self):
        self._sessions = {}

    def register(self, region, policy):
        self._sessions[region] = policy

    def get(self, region):
        return self._sessions[region]


class RepositionService:
    def __init__(self, pool):
        self.pool = pool

    def sample_plans(self, region, drivers, n_plans):
        graphdef, state = nnx.split(self.pool.get(region))

        def draw(state, _):
            policy = nnx.merge(graphdef, state)
            plan = policy(drivers)
            return nnx.state(policy), plan

        state, plans = lax.scan(draw, state, None, length=n_plans)
        nnx.update(self.pool.get(region), state)
        return plans


def main():
    pool = PolicyPool()
    for i, region in enumerate(["north", "harbour"]):
        pool.register(region, RepositionPolicy(5, nnx.Rngs(params=i, moves=10 + i)))
    drivers = jax.random.normal(jax.random.key(0), (12, 5))
    service = RepositionService(pool)
    return service.sample_plans("harbour", drivers, n_plans=5)
