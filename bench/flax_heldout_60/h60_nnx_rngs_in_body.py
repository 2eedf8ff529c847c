# label: same-values
# flax-error: none
# class: 3 fresh nnx.Rngs built from a fixed seed inside the raw scan body every step (torch.manual_seed habit)
"""Masked-token corruption for a denoising objective, written after a trace error about Rngs:
the body builds its own nnx.Rngs from the seed each step. Returns the per-step masks."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    seed = 42
    tokens = jnp.arange(5 * 10).reshape(5, 10) % 7

    def corrupt(carry, toks):
        rngs = nnx.Rngs(mask=seed)
        mask = jax.random.bernoulli(rngs.mask(), 0.3, toks.shape)
        return carry + mask.sum(), mask

    _, masks = jax.lax.scan(corrupt, 0, tokens)
    return masks
