# label: same-values
# flax-error: none
# class: 4 a fresh nnx.Rngs with a fixed seed is built inside the raw lax.scan step, so every step draws the same masking pattern
"""BERT-style masked-language-model corruption done on device: a lax.scan over a stack of
token batches masks 15% of tokens per batch. The step builds an `nnx.Rngs(mask=0)` the way
a PyTorch helper would call torch.rand; main returns the masks of each step."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

MASK_ID = 3


def main():
    batches = jnp.arange(5 * 4 * 12).reshape(5, 4, 12) % 50 + 5

    def corrupt(carry, tokens):
        rngs = nnx.Rngs(mask=0)
        mask = jax.random.bernoulli(rngs.mask(), 0.15, tokens.shape)
        corrupted = jnp.where(mask, MASK_ID, tokens)
        return carry, mask

    _, masks = lax.scan(corrupt, None, batches)
    return masks
