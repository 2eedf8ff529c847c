# label: ok
# flax-error: none
# class: 4 FermentationTrainer overrides the on_batch_end hook of BaseTrainer; the ema collection rides in the fori_loop carry and comes back through mutable=["ema"]
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

    def on_batch_end(self, index, readings, carry):
        return carry

    def run(self, batches):
        def body(i, carry):
            return self.on_batch_end(i, batches[i], carry)
        acc, ema = fori_loop(0, self.cfg.n_batches, body, (jnp.zeros(()), self.variables["ema"]))
        self.variables = {**self.variables, "ema": ema}
        return acc


class FermentationTrainer(BaseTrainer):
    def on_batch_end(self, index, readings, carry):
        acc, ema = carry
        gravity, updates = self.model.apply(
            {"params": self.variables["params"], "ema": ema}, readings,
            update_ema=True, mutable=["ema"])
        return acc + gravity.mean(), updates["ema"]


def main():
    cfg = TankConfig()
    batches = jax.random.normal(jax.random.key(0), (cfg.n_batches, 4, cfg.n_sensors))
    model = GravityModel(cfg.ema_decay)
    variables = model.init(jax.random.key(1), batches[0])
    FermentationTrainer(model, variables, cfg).run(batches).block_until_ready()
    return None
