# label: ok
# flax-error: none
# class: 4 a frozen config dataclass (default train=True) rebuilt with `dataclasses.replace(cfg, train=False)` before the model sees it sets the compact BatchNorm block's mode in the imagination scan body; apply with mutable batch_stats
"""A world model imagining a latent rollout with lax.scan over a compact BatchNorm dynamics block,
its mode taken from a config dataclass rebuilt with dataclasses.replace(cfg, train=False); init
then apply with mutable batch_stats."""
import dataclasses
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class WMConfig:
    horizon: int = 4
    train: bool = True


class DynamicsBlock(nn.Module):
    @nn.compact
    def __call__(self, z, train: bool):
        return z + nn.relu(nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(z)))


class WorldModel(nn.Module):
    cfg: WMConfig

    @nn.compact
    def __call__(self, z0):
        block = DynamicsBlock()
        z = block(z0, self.cfg.train)
        def imagine(z, _):
            z = block(z, self.cfg.train)
            return z, z
        return lax.scan(imagine, z, None, length=self.cfg.horizon)[1]


def main():
    cfg = WMConfig()
    cfg = dataclasses.replace(cfg, train=False)
    model = WorldModel(cfg)
    z0 = jnp.ones((2, 8))
    variables = model.init(jax.random.key(0), z0)
    jax.tree.map(lambda a: a + 0, variables)
    out, state = model.apply(variables, z0, mutable=["batch_stats"])
    jax.tree.map(lambda a: a + 0, (out, state))
