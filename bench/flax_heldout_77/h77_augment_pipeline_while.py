# label: same-values
# flax-error: none
# class: 1 the masking module's key comes from self.make_rng("mask") once, before a raw lax.while_loop that reuses it for every mask it writes
"""Masked-pretraining data service: draws a span mask per round until the buffer is full."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class SpanMasker(nn.Module):
    seq_len: int = 10
    rate: float = 0.4
    rounds: int = 5

    @nn.compact
    def __call__(self):
        key = self.make_rng("mask")
        buf = jnp.zeros((self.rounds, self.seq_len), bool)

        def cond(state):
            i, _ = state
            return i < self.rounds

        def body(state):
            i, buf = state
            mask = jax.random.bernoulli(key, self.rate, (self.seq_len,))
            return i + 1, buf.at[i].set(mask)

        _, buf = lax.while_loop(cond, body, (0, buf))
        return buf


class MaskService:
    def __init__(self, seed):
        self.masker = SpanMasker()
        self.rng = jax.random.key(seed)

    def next_masks(self):
        self.rng, sub = jax.random.split(self.rng)
        return self.masker.apply({}, rngs={"mask": sub})


def main():
    return MaskService(0).next_masks()
