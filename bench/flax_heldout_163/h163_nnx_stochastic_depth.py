# label: same-values
# flax-error: none
# class: 1 the network's own __call__ runs lax.scan over layers; one key from self.rngs.droppath() is drawn before the loop and used as is in every layer
"""Stochastic depth for a weight-tied residual network in NNX.

One residual block is applied `depth` times with lax.scan. Each layer keeps
or drops the residual branch per example. The drop-path key is drawn from
the module's Rngs once, before the scan, so the body does not touch the
Rngs; the per-layer keep masks are returned.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class TiedResNet(nnx.Module):
    def __init__(self, dim, depth, rngs: nnx.Rngs, p_drop: float = 0.25):
        self.block = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.rngs = rngs
        self.depth = depth
        self.p_drop = p_drop

    def __call__(self, x):
        key = self.rngs.droppath()

        def body(h, layer):
            keep = jax.random.bernoulli(key, 1.0 - self.p_drop, (h.shape[0], 1))
            branch = nnx.gelu(self.block(self.norm(h))) / (1.0 - self.p_drop)
            return h + jnp.where(keep, branch, 0.0), keep[:, 0]

        h, keeps = lax.scan(body, x, jnp.arange(self.depth))
        return h, keeps


def main():
    model = TiedResNet(8, 6, nnx.Rngs(params=0, droppath=1))
    x = jax.random.normal(jax.random.key(2), (16, 8))
    h, keeps = model(x)
    print("kept per layer", keeps.sum(axis=1), "output", h.mean())
    return keeps
