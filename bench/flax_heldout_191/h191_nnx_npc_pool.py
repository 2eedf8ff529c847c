# label: same-values
# flax-error: none
# class: 4 the sampler reaches a session's policy through the service's session pool and nnx.clone()s it, dropout Rngs included, at every while_loop step
"""Game NPC behaviour service: sample actions for a crowd of NPCs from a per-zone policy session."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class BehaviourPolicy(nnx.Module):
    def __init__(self, obs_dim, actions, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)
        self.logits = nnx.Linear(16, actions, rngs=rngs)

    def __call__(self, obs, rngs=None):
        return self.logits(self.drop(nnx.relu(self.body(obs)), rngs=rngs))


@dataclasses.dataclass
class ZoneSession:
    zone: str
    policy: BehaviourPolicy


class BehaviourService:
    def __init__(self, factory, zones):
        self.pool = {zone: ZoneSession(zone, factory(i)) for i, zone in enumerate(zones)}


class CrowdSampler:
    def __init__(self, service: BehaviourService, seed=0):
        self.service = service
        self.key = jax.random.key(seed)

    def sample(self, zone, obs, npcs):
        def cond(state):
            i, _ = state
            return i < npcs

        def body(state):
            i, logits = state
            actor = nnx.clone(self.service.pool[zone].policy)
            return i + 1, logits.at[i].set(actor(obs))

        _, logits = lax.while_loop(cond, body, (0, jnp.zeros((npcs, 4))))
        return logits


def main():
    factory = lambda i: BehaviourPolicy(6, 4, rngs=nnx.Rngs(i, dropout=100 + i))
    service = BehaviourService(factory, ["market", "docks"])
    obs = jnp.linspace(-1.0, 1.0, 6)
    return CrowdSampler(service).sample("docks", obs, npcs=5)
