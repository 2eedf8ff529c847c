# label: same-values
# flax-error: none
# class: 2 the scan body builds a new nnx.Rngs(corrupt=0) each step and passes it to `dae`, a local denoising autoencoder
"""Denoising autoencoder: masking noise drawn per training step.

The corruption layer is an nnx.Dropout with no Rngs of its own; the caller
hands it an Rngs object. Closing over one Rngs in a raw scan raised an error
about trace levels, so the user builds a fresh nnx.Rngs inside the body.
The corrupted inputs of every step are returned for inspection.
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

    def body(total, _):
        recon, noisy = dae(x, rngs=nnx.Rngs(corrupt=0))
        return total + jnp.mean((recon - x) ** 2), noisy

    total, noisy = scan(body, jnp.zeros(()), None, length=5)
    print("mean recon error", total / 5)
    return noisy
