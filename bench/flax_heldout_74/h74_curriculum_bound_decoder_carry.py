# label: ok
# flax-error: none
# class: 2 curriculum scheduler object keeps the decoder and its params; the decode cache is applied mutable and carried through the scan
"""Curriculum scheduler that grows the rollout length and decodes with a cached step model."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class CachedStepDecoder(nn.Module):
    dim: int = 8
    max_len: int = 16

    @nn.compact
    def __call__(self, token_emb):
        keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        h = nn.Dense(self.dim)(token_emb)
        keys.value = keys.value.at[index.value].set(h)
        index.value = index.value + 1
        attn = jax.nn.softmax(keys.value @ h)
        return nn.Dense(self.dim)(attn @ keys.value)


class CurriculumScheduler:
    def __init__(self, decoder, variables, lengths=(2, 4, 6)):
        self.decoder = decoder
        self.params = variables["params"]
        self.empty_cache = variables["cache"]
        self.lengths = lengths
        self.stage = 0

    def rollout_length(self):
        return self.lengths[min(self.stage, len(self.lengths) - 1)]

    def rollout(self, start):
        def body(carry, _):
            h, cache = carry
            h, updates = self.decoder.apply(
                {"params": self.params, "cache": cache}, h, mutable=["cache"]
            )
            return (h, updates["cache"]), None

        (h, _), _ = scan(body, (start, self.empty_cache), None, length=self.rollout_length())
        self.stage += 1
        return h


def main():
    decoder = CachedStepDecoder()
    start = jnp.ones((8,))
    variables = decoder.init(jax.random.PRNGKey(0), start)
    scheduler = CurriculumScheduler(decoder, variables)
    scheduler.rollout(start)
    return None
