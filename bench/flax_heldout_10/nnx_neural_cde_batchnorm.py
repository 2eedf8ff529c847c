# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 submodule bound to local `field` before the loop; its BatchNorm in train mode updates stats in the raw scan body
"""Neural CDE (NNX) with a BatchNorm in the vector field, integrated by a raw scan over control increments."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass
class CDEConfig:
    hidden: int = 6
    channels: int = 3
    train: bool = True


class CDEField(nnx.Module):
    def __init__(self, cfg: CDEConfig, rngs):
        self.lin = nnx.Linear(cfg.hidden, cfg.hidden * cfg.channels, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden * cfg.channels, rngs=rngs)
        self.cfg = cfg

    def __call__(self, z):
        f = jnp.tanh(self.norm(self.lin(z)))
        return f.reshape(z.shape[:-1] + (self.cfg.hidden, self.cfg.channels))


class NeuralCDE(nnx.Module):
    def __init__(self, cfg, rngs):
        self.init_map = nnx.Linear(cfg.channels, cfg.hidden, rngs=rngs)
        self.field = CDEField(cfg, rngs)
        self.readout = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, path):
        z0 = self.init_map(path[0])
        dX = jnp.diff(path, axis=0)
        field = self.field

        def step(z, dx):
            z = z + jnp.einsum("bhc,bc->bh", field(z), dx)
            return z, None

        zT, _ = jax.lax.scan(step, z0, dX)
        return self.readout(zT)


def main():
    cfg = CDEConfig()
    model = NeuralCDE(cfg, nnx.Rngs(0))
    if not cfg.train:
        model.eval()
    path = jnp.cumsum(jax.random.normal(jax.random.key(1), (10, 4, 3)), 0)
    y = model(path)
    return None
