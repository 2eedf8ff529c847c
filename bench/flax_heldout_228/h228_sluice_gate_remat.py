# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointGateBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 GateController wraps its block in nn.remat and calls the rematerialized block in the scan body; the serving path applies it without mutable while the config still says train
"""Tidal sluice gate control: a rematerialized controller block stepped over a tide cycle;
the serving path reuses the training configuration object."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class GateConfig:
    hidden: int = 8
    train: bool = True


class GateBlock(nn.Module):
    config: GateConfig

    @nn.compact
    def __call__(self, reading):
        h = nn.Dense(self.config.hidden)(reading)
        h = nn.BatchNorm(use_running_average=not self.config.train)(h)
        return nn.sigmoid(nn.Dense(1)(h))


class GateController(nn.Module):
    config: GateConfig

    @nn.compact
    def __call__(self, tide):
        block = nn.remat(GateBlock)(self.config)
        if self.is_initializing():  # shapes only: one reading creates every variable
            return block(tide[0])[None]

        def step(opening, reading):
            target = block(reading)
            return 0.8 * opening + 0.2 * target, opening

        _, openings = scan(step, jnp.zeros((reading_batch(tide), 1)), tide)
        return openings


def reading_batch(tide):
    return tide.shape[1]


class GateService:
    def __init__(self, config, variables):
        self.model = GateController(config)
        self.variables = variables

    def serve(self, tide):
        return self.model.apply(self.variables, tide)


def main():
    config = GateConfig()
    tide = jax.random.normal(jax.random.key(6), (12, 2, 3))
    model = GateController(config)
    variables = model.init(jax.random.key(0), tide)
    GateService(config, variables).serve(tide).block_until_ready()
    return None
