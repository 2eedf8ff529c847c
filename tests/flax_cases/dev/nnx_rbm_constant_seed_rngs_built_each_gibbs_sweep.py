# label: same-values
# flax-error: none
# class: 1 each scan sweep builds `nnx.Rngs(gibbs=cfg.seed)` from the same config seed and hands it positionally to the RBM's sampling method
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

class RBM(nnx.Module):
    def __init__(self, rngs):
        self.W = nnx.Param(jax.random.normal(rngs.params(), (6, 4)))

    def sample_h(self, v, rngs):
        return jax.random.bernoulli(rngs.gibbs(), jax.nn.sigmoid(v @ self.W[...])).astype(jnp.float32)

def gibbs_chain(rbm, v0, cfg):
    def sweep(v, _):
        rngs = nnx.Rngs(gibbs=cfg.seed)
        h = rbm.sample_h(v, rngs)
        return v, h
    return jax.lax.scan(sweep, v0, None, length=cfg.sweeps)[1]


@dataclass
class Config:
    seed: int = 3
    sweeps: int = 6


def main():
    rbm = RBM(nnx.Rngs(params=0))
    return gibbs_chain(rbm, jnp.full((6,), 0.5), Config())
