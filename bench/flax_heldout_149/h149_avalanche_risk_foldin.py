# label: ok
# flax-error: none
# class: 1 SnowpackEnsemble.__call__ runs the scan itself; self.make_rng('perturb') is drawn once before the loop and folded in with the member index inside the body
"""Avalanche risk bulletin: a snowpack stability model is perturbed into an ensemble of members
so forecasters can read a spread of instability indices for each slope aspect."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class BulletinConfig:
    layers: int = 6
    members: int = 8
    spread: float = 0.3


class SnowpackEnsemble(nn.Module):
    cfg: BulletinConfig

    @nn.compact
    def __call__(self, profile):
        stability = nn.Dense(self.cfg.layers, name="stability")(profile)
        base_key = self.make_rng("perturb")

        def body(carry, member):
            noise = jax.random.normal(jax.random.fold_in(base_key, member), stability.shape)
            return carry, nn.sigmoid(stability + self.cfg.spread * noise)

        _, members = jax.lax.scan(body, None, jnp.arange(self.cfg.members))
        return members


class BulletinWriter:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.seed = seed

    def members_for(self, profile):
        rngs = {"perturb": jax.random.key(self.seed)}
        return self.model.apply(self.variables, profile, rngs=rngs)


def main():
    cfg = BulletinConfig()
    model = SnowpackEnsemble(cfg)
    profile = jax.random.normal(jax.random.key(0), (4, 5))  # four aspects, five snowpack features
    variables = model.init({"params": jax.random.key(1), "perturb": jax.random.key(2)}, profile)
    return BulletinWriter(model, variables, seed=11).members_for(profile)
