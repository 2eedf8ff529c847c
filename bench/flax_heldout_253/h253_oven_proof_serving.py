# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 scheduler.predictor.model is applied in the scan body with batch statistics it updates
"""Serving dough-rise predictions for the proofing cabinets of an industrial bakery."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class BakeryConfig:
    sensors: int = 4
    hidden: int = 12
    cabinets: int = 3
    trays_per_cabinet: int = 5


class ProofingNet(nn.Module):
    hidden: int
    train: bool = True

    @nn.compact
    def __call__(self, readings):
        h = nn.Dense(self.hidden)(readings)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        h = nn.gelu(h)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class RisePredictor:
    def __init__(self, model: ProofingNet, variables):
        self.model = model
        self.variables = variables

    def predict(self, readings):
        return self.model.apply(self.variables, readings)


class ProofingScheduler:
    def __init__(self, predictor: RisePredictor, cfg: BakeryConfig):
        self.predictor = predictor
        self.cfg = cfg

    def plan(self, cabinet_readings):
        def per_cabinet(total, readings):
            rise = self.predictor.predict(readings)
            return total + rise.sum(), rise

        total, rise = jax.lax.scan(per_cabinet, jnp.float32(0.0), cabinet_readings)
        return total, jnp.argsort(-rise, axis=-1)


def make_predictor(cfg: BakeryConfig) -> RisePredictor:
    trained = ProofingNet(hidden=cfg.hidden)
    variables = trained.init(jax.random.key(5), jnp.zeros((cfg.trays_per_cabinet, cfg.sensors)))
    return RisePredictor(ProofingNet(hidden=cfg.hidden), variables)


def make_scheduler(cfg: BakeryConfig) -> ProofingScheduler:
    return ProofingScheduler(make_predictor(cfg), cfg)


def main():
    cfg = BakeryConfig()
    scheduler = make_scheduler(cfg)
    readings = jax.random.uniform(
        jax.random.key(1), (cfg.cabinets, cfg.trays_per_cabinet, cfg.sensors), minval=20.0, maxval=38.0
    )
    total, order = scheduler.plan(readings)
    jax.block_until_ready((total, order))
    return None
