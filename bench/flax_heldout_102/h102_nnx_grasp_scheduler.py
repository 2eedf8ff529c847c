# label: same-values
# flax-error: none
# class: 4 each GraspWorker in the scheduler's worker list keeps an nnx.split graphdef and state; the scan body merges a private copy (copy=True) of that fixed state, so the policy's nnx.Rngs 'explore' stream restarts at the same count every step
"""Warehouse picking: a scheduler asks its workers for candidate grasps sampled from a policy."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx

N_GRASPS = 5  # discrete approach angles


class GraspPolicy(nnx.Module):
    def __init__(self, obs_dim: int, rngs: nnx.Rngs):
        self.logits = nnx.Linear(obs_dim, N_GRASPS, rngs=rngs)
        self.force = nnx.Linear(obs_dim, 1, rngs=rngs)
        self.rngs = rngs

    def propose(self, obs):
        key_a, key_f = jax.random.split(self.rngs.explore())
        angle = jax.random.categorical(key_a, self.logits(obs))
        force = nnx.softplus(self.force(obs))[0] * (1.0 + 0.1 * jax.random.normal(key_f))
        return {"angle": angle, "force": force}


class GraspWorker:
    def __init__(self, policy: GraspPolicy):
        self.graphdef, self.state = nnx.split(policy)

    def candidates(self, obs, n: int):
        def body(carry, _):
            policy = nnx.merge(self.graphdef, self.state, copy=True)
            return carry, policy.propose(obs)

        _, proposals = jax.lax.scan(body, None, None, length=n)
        return proposals


class GraspScheduler:
    def __init__(self, workers: list[GraspWorker]):
        self.workers = workers

    def dispatch(self, shelf_obs, n: int):
        results = [w.candidates(obs, n) for w, obs in zip(self.workers, shelf_obs)]
        return jax.tree.map(lambda *xs: jnp.stack(xs, axis=1), *results)


def main():
    workers = [GraspWorker(GraspPolicy(6, nnx.Rngs(params=i, explore=10 + i))) for i in range(2)]
    scheduler = GraspScheduler(workers)
    shelf_obs = jax.random.normal(jax.random.key(4), (2, 6))
    return scheduler.dispatch(shelf_obs, n=6)
