# label: ok
# flax-error: none
# class: 4 the scan body calls self.trainer.model, which the runner has put in evaluation mode so its BatchNorm only reads its running averages
"""Cullet quality model of the container glass furnace: each charge of recycled cullet is scored
for the seed and stone defects it is expected to bring into the melt."""

import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclasses.dataclass
class CulletConfig:
    composition: int = 5
    hidden: int = 8
    charges: int = 4
    charge_size: int = 3
    mode: str = "train"
    learning_rate: float = 1e-2
    seed: int = 2


class DefectModel(nnx.Module):
    def __init__(self, cfg: CulletConfig, rngs: nnx.Rngs):
        self.mix = nnx.Linear(cfg.composition, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.defects = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, charge):
        return nnx.softplus(self.defects(nnx.gelu(self.norm(self.mix(charge)))))[..., 0]


class CulletTrainer:
    def __init__(self, cfg: CulletConfig):
        self.cfg = cfg
        self.model = DefectModel(cfg, nnx.Rngs(cfg.seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.learning_rate), wrt=nnx.Param)

    def set_mode(self, mode: str):
        if mode == "train":
            self.model.train()
        else:
            self.model.eval()


class ChargeRunner:
    def __init__(self, trainer: CulletTrainer):
        self.trainer = trainer

    def audit_day(self, charges):
        self.trainer.set_mode("eval")

        def score_charge(total, charge):
            defects = self.trainer.model(charge)
            return total + jnp.sum(defects), defects

        return jax.lax.scan(score_charge, jnp.zeros(()), charges)


def day_of_charges(cfg: CulletConfig):
    key = jax.random.key(cfg.seed + 10)
    return jax.random.dirichlet(key, jnp.ones(cfg.composition), (cfg.charges, cfg.charge_size))


def main():
    cfg = CulletConfig()
    runner = ChargeRunner(CulletTrainer(cfg))
    total, per_charge = runner.audit_day(day_of_charges(cfg))
    jax.block_until_ready((total, per_charge))
    return None
