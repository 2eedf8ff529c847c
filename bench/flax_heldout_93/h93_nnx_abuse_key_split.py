# label: ok
# flax-error: none
# class: 5 one key is drawn from the filter's nnx.Rngs "augment" stream before the raw scan and split into per-round keys given as xs
"""Abuse filter retrained online in NNX: random token masking produces augmented views per round."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class AbuseFilter(nnx.Module):
    def __init__(self, vocab, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, tokens, keep):
        h = (self.embed(tokens) * keep[:, None]).mean(axis=0)
        return self.head(h)[0]


class Augmenter:
    def __init__(self, filt: AbuseFilter, keep_prob=0.8):
        self.filt = filt
        self.keep_prob = keep_prob

    def masks(self, tokens, n_rounds):
        keys = jax.random.split(self.filt.rngs.augment(), n_rounds)

        def body(carry, key):
            keep = jax.random.bernoulli(key, self.keep_prob, tokens.shape).astype(jnp.float32)
            return carry + self.filt(tokens, keep), keep

        _, keeps = lax.scan(body, jnp.zeros(()), keys)
        return keeps


def main():
    filt = AbuseFilter(50, nnx.Rngs(params=0, augment=3))
    tokens = jax.random.randint(jax.random.key(1), (12,), 0, 50)
    return Augmenter(filt).masks(tokens, 5)
