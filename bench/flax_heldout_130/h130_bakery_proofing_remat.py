# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(stage)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the nn.remat-wrapped ProofStage (BatchNorm in training mode) built in setup is called from the fori_loop body in __call__; the oven service applies without mutable
"""Bakery oven proofing: a rematerialised stage model predicts dough rise per proofing stage;
the oven service runs the stages in a fori_loop for each tray."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class OvenConfig:
    features: int = 6
    stages: int = 4
    train: bool = True


class ProofStage(nn.Module):
    features: int
    train: bool

    @nn.compact
    def __call__(self, dough):
        h = nn.Dense(self.features)(dough)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return dough + 0.1 * nn.tanh(h)


class ProofingModel(nn.Module):
    config: OvenConfig

    def setup(self):
        self.stage = nn.remat(ProofStage)(self.config.features, self.config.train)

    def __call__(self, dough):
        dough = self.stage(dough)
        return jax.lax.fori_loop(1, self.config.stages, lambda i, d: self.stage(d), dough)


class OvenService:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def bake(self, trays):
        risen = self.model.apply(self.variables, trays)
        return jnp.mean(risen - trays, axis=-1)


def main():
    cfg = OvenConfig()
    model = ProofingModel(cfg)
    trays = jax.random.uniform(jax.random.key(4), (3, cfg.features))
    variables = model.init(jax.random.key(0), trays)
    service = OvenService(model, variables)
    print(service.bake(trays))
    return None
