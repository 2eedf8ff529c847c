# label: ok
# flax-error: none
# class: 3 one key per step is split before the raw lax.scan and passed in xs, and the step builds its nnx.Rngs from that key
"""BERT-style masked-language-model corruption in a lax.scan over token batches, with one
key per batch split up front, scanned over with the batches, and used to build the step's
nnx.Rngs; main returns the masks of each step."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

MASK_ID = 3


def main():
    batches = jnp.arange(5 * 4 * 12).reshape(5, 4, 12) % 50 + 5
    keys = jax.random.split(jax.random.key(0), batches.shape[0])

    def corrupt(carry, inputs):
        tokens, key = inputs
        rngs = nnx.Rngs(mask=key)
        mask = jax.random.bernoulli(rngs.mask(), 0.15, tokens.shape)
        corrupted = jnp.where(mask, MASK_ID, tokens)
        return carry, mask

    _, masks = lax.scan(corrupt, None, (batches, keys))
    return masks
