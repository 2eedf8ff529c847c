# label: ok
# flax-error: none
# class: 3 nnx.Rngs built inside the raw scan body from fold_in(key, step), the step coming from xs
"""Masked-token corruption for a denoising objective; the body builds nnx.Rngs from a key folded
with the step index, so each step draws a new mask. Returns the per-step masks."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    key = jax.random.key(42)
    tokens = jnp.arange(5 * 10).reshape(5, 10) % 7

    def corrupt(carry, inp):
        step, toks = inp
        rngs = nnx.Rngs(mask=jax.random.fold_in(key, step))
        mask = jax.random.bernoulli(rngs.mask(), 0.3, toks.shape)
        return carry + mask.sum(), mask

    _, masks = jax.lax.scan(corrupt, 0, (jnp.arange(tokens.shape[0]), tokens))
    return masks
