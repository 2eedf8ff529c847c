# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a frozen config dataclass (default train=True) built from overrides read at run time (`WMConfig(**load_overrides())`, none given) sets the compact BatchNorm block's mode in the imagination scan body; apply with mutable batch_stats
"""A world model imagining a latent rollout with lax.scan over a compact BatchNorm dynamics block,
its mode taken from a config dataclass built from overrides read from the WM_OVERRIDES
environment variable (a JSON object, empty when unset); init then apply with mutable
batch_stats."""
import json
import os
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


def load_overrides():
    return json.loads(os.environ.get("WM_OVERRIDES", "{}"))


def main():
    cfg = WMConfig(**load_overrides())
    model = WorldModel(cfg)
    z0 = jnp.ones((2, 8))
    variables = model.init(jax.random.key(0), z0)
    jax.tree.map(lambda a: a + 0, variables)
    out, state = model.apply(variables, z0, mutable=["batch_stats"])
    jax.tree.map(lambda a: a + 0, (out, state))
