# label: ok
# flax-error: none
# class: 2 the scan body builds a new nnx.Rngs from a base key folded with the step index and passes it to `dae`, a local denoising autoencoder
"""Denoising autoencoder: masking noise drawn per training step.

The corruption layer is an nnx.Dropout with no Rngs of its own; the caller
hands it an Rngs object. The body builds a fresh nnx.Rngs at every step from
a base key folded with the step index. The corrupted inputs of every step are
returned for inspection.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class DAE(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.corrupt = nnx.Dropout(0.4, rng_collection="corrupt")
        self.enc = nnx.Linear(d, 4, rngs=rngs)
        self.dec = nnx.Linear(4, d, rngs=rngs)

    def __call__(self, x, rngs: nnx.Rngs):
        noisy = self.corrupt(x, rngs=rngs)
        return self.dec(nnx.tanh(self.enc(noisy))), noisy


def main():
    dae = DAE(10, nnx.Rngs(0))
    x = jnp.ones((3, 10))
    base = jax.random.key(0)

    def body(total, step):
        rngs = nnx.Rngs(corrupt=jax.random.fold_in(base, step))
        recon, noisy = dae(x, rngs=rngs)
        return total + jnp.mean((recon - x) ** 2), noisy

    total, noisy = scan(body, jnp.zeros(()), jnp.arange(5))
    print("mean recon error", total / 5)
    return noisy
