# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 curriculum scheduler object keeps model.bind(variables) (immutable); the scan body steps the bound decoder, which writes its decode cache
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
        self.decoder = decoder.bind(variables)
        self.lengths = lengths
        self.stage = 0

    def rollout_length(self):
        return self.lengths[min(self.stage, len(self.lengths) - 1)]

    def rollout(self, start):
        def body(h, _):
            h = self.decoder(h)
            return h, None

        h, _ = scan(body, start, None, length=self.rollout_length())
        self.stage += 1
        return h


def main():
    decoder = CachedStepDecoder()
    start = jnp.ones((8,))
    variables = decoder.init(jax.random.PRNGKey(0), start)
    scheduler = CurriculumScheduler(decoder, variables)
    scheduler.rollout(start)
    return None
