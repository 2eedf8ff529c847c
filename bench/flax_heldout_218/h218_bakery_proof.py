# label: same-values
# flax-error: none
# class: 5 Oven.proof is nn.remat(ProofStage); Oven.bake runs the scan and each stage calls the rematerialised submodule, whose Dropout draws its key from the 'dropout' stream
"""Bakery proofing: noisy per-stage rise of a dough batch, rematerialised to save memory."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ProofSchedule:
    stages: int = 5
    humidity_noise: float = 0.25


class ProofStage(nn.Module):
    noise: float

    @nn.compact
    def __call__(self, dough, rng=None):
        rise = nn.softplus(nn.Dense(8, name="rise")(dough))
        return nn.Dropout(self.noise, deterministic=False)(rise, rng=rng)


RematProofStage = nn.remat(ProofStage)


class Oven(nn.Module):
    schedule: ProofSchedule

    def setup(self):
        self.proof = RematProofStage(self.schedule.humidity_noise)

    def __call__(self, dough):
        return self.proof(dough)

    def bake(self, dough):
        def stage(carry, _):
            return carry, self.proof(dough)

        _, rises = jax.lax.scan(stage, None, None, length=self.schedule.stages)
        return rises


def main():
    oven = Oven(ProofSchedule())
    dough = jnp.linspace(0.2, 1.0, 6)
    variables = oven.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, dough)
    return oven.apply(variables, dough, method=Oven.bake, rngs={"dropout": jax.random.PRNGKey(2)})
