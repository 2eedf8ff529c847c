# label: ok
# flax-error: none
# class: 5 an nn.remat-wrapped conformer block with BatchNorm in inference mode, built in setup, is called from the scan body over conformers
"""Chemistry: an energy predictor averages over conformers with a rematerialised block."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class EnergyConfig:
    descriptor_dim: int = 10
    hidden: int = 16
    conformers: int = 4
    molecules: int = 3


class ConformerBlock(nn.Module):
    hidden: int
    train: bool

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.silu(h)


class EnergyPredictor(nn.Module):
    cfg: EnergyConfig
    train: bool = True

    def setup(self):
        self.block = nn.remat(ConformerBlock)(self.cfg.hidden, self.train)
        self.energy = nn.Dense(1)

    def __call__(self, descriptors):
        return self.energy(self.block(descriptors)).squeeze(-1)

    def over_conformers(self, conformers):
        def body(total, descriptors):
            e = self.energy(self.block(descriptors)).squeeze(-1)
            return total + e, e

        total, _ = scan(body, jnp.zeros(conformers.shape[1]), conformers)
        return total / conformers.shape[0]


class EnergyTrainer:
    def __init__(self, cfg):
        self.model = EnergyPredictor(cfg)
        self.eval_model = EnergyPredictor(cfg, train=False)

    def init(self, key, conformers):
        return self.model.init(key, conformers[0])

    def eval_step(self, variables, conformers):
        energy = self.eval_model.apply(variables, conformers, method=EnergyPredictor.over_conformers)
        return energy, variables


def main():
    cfg = EnergyConfig()
    conformers = jax.random.normal(jax.random.key(0), (cfg.conformers, cfg.molecules, cfg.descriptor_dim))
    trainer = EnergyTrainer(cfg)
    variables = trainer.init(jax.random.key(1), conformers)
    energy, variables = trainer.eval_step(variables, conformers)
    energy.block_until_ready()
    return None
