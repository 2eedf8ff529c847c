# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "gravity" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 FermentationTrainer overrides the on_batch_end hook of BaseTrainer; the hook applies self.model with self.variables and update_ema=True inside the fori_loop body
"""Brewery fermentation monitor: predicts specific gravity from tank sensors and tracks a running EMA."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class TankConfig:
    n_sensors: int = 6
    n_batches: int = 5
    ema_decay: float = 0.9


class GravityModel(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, readings, update_ema: bool = False):
        ema = self.variable("ema", "gravity", lambda: jnp.zeros(()))
        gravity = nn.Dense(1)(nn.swish(nn.Dense(8)(readings)))[..., 0]
        if update_ema:
            ema.value = self.decay * ema.value + (1 - self.decay) * gravity.mean()
        return gravity


class BaseTrainer:
    def __init__(self, model, variables, cfg):
        self.model, self.variables, self.cfg = model, variables, cfg

    def on_batch_end(self, index, readings, acc):
        return acc

    def run(self, batches):
        def body(i, acc):
            return self.on_batch_end(i, batches[i], acc)
        return fori_loop(0, self.cfg.n_batches, body, jnp.zeros(()))


class FermentationTrainer(BaseTrainer):
    def on_batch_end(self, index, readings, acc):
        gravity = self.model.apply(self.variables, readings, update_ema=True)
        return acc + gravity.mean()


def main():
    cfg = TankConfig()
    batches = jax.random.normal(jax.random.key(0), (cfg.n_batches, 4, cfg.n_sensors))
    model = GravityModel(cfg.ema_decay)
    variables = model.init(jax.random.key(1), batches[0])
    FermentationTrainer(model, variables, cfg).run(batches).block_until_ready()
    return None
