# label: same-values
# flax-error: none
# class: 1 nnx.Rngs(gibbs=cfg.seed) built inline in every sweep from a fixed seed
"""Block Gibbs sampling of an NNX RBM; each sweep builds its Rngs from the config seed."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass
class GibbsConfig:
    n_visible: int = 6
    n_hidden: int = 4
    sweeps: int = 5
    seed: int = 3


class RBM(nnx.Module):
    def __init__(self, cfg, rngs):
        self.W = nnx.Param(0.3 * jax.random.normal(rngs.params(), (cfg.n_visible, cfg.n_hidden)))
        self.b = nnx.Param(jnp.zeros(cfg.n_visible))
        self.c = nnx.Param(jnp.zeros(cfg.n_hidden))

    def sample_h(self, v, rngs):
        p = jax.nn.sigmoid(v @ self.W[...] + self.c[...])
        return jax.random.bernoulli(rngs.gibbs(), p).astype(jnp.float32)

    def sample_v(self, h, rngs):
        p = jax.nn.sigmoid(h @ self.W[...].T + self.b[...])
        return jax.random.bernoulli(rngs.gibbs(), p).astype(jnp.float32)


def gibbs_chain(rbm, v0, cfg):
    def sweep(v, _):
        rngs = nnx.Rngs(gibbs=cfg.seed)
        h = rbm.sample_h(v, rngs)
        v_new = rbm.sample_v(h, rngs)
        return v_new, h

    return jax.lax.scan(sweep, v0, None, length=cfg.sweeps)[1]


def main():
    cfg = GibbsConfig()
    rbm = RBM(cfg, nnx.Rngs(params=0))
    hs = gibbs_chain(rbm, jnp.full((cfg.n_visible,), 0.5), cfg)
    return hs
