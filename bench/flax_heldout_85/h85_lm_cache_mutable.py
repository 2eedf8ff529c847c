# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "summary" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a factory returns a sampling step that applies a remat-wrapped cached LM in the scan body with mutable=["intermediates"], not the cache collection
"""Serving library: a factory builds a greedy decode step for a small cached language model."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        return x + nn.Dense(self.features)(nn.gelu(nn.Dense(2 * self.features)(x)))


class CachedLM(nn.Module):
    vocab: int = 40
    features: int = 16

    @nn.compact
    def __call__(self, token):
        x = nn.Embed(self.vocab, self.features)(token)
        x = nn.remat(Block)(self.features)(x)
        summary = self.variable("cache", "summary", jnp.zeros, x.shape)
        summary.value = 0.9 * summary.value + x
        self.sow("intermediates", "summary_norm", jnp.linalg.norm(summary.value))
        return nn.Dense(self.vocab)(summary.value)


def make_decode_step(model, variables):
    apply = functools.partial(model.apply, mutable=["intermediates"])

    def decode_step(token, _):
        logits, _state = apply(variables, token)
        next_token = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        return next_token, next_token

    return decode_step


class GreedySampler:
    def __init__(self, model, variables, max_len=5):
        self.step = make_decode_step(model, variables)
        self.max_len = max_len

    def __call__(self, prompt_last):
        _, tokens = scan(self.step, prompt_last, None, length=self.max_len)
        return tokens


def main():
    model = CachedLM()
    prompt = jnp.array([1, 2], jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), prompt)
    sampler = GreedySampler(model, variables)
    jax.block_until_ready(sampler(prompt))
    return None
