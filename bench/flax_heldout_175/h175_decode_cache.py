# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "total" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the 'cache' collection is reached as sampler.engine.variables through Engine.step inside the fori_loop body
"""Greedy autoregressive decoding with a running-summary cache, one token per loop step."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class Decoder(nn.Module):
    vocab: int = 11
    features: int = 16

    @nn.compact
    def __call__(self, token):
        decoding = self.has_variable("cache", "total")
        total = self.variable("cache", "total", lambda: jnp.zeros((self.features,)))
        count = self.variable("cache", "count", lambda: jnp.zeros((), jnp.float32))
        emb = nn.Embed(self.vocab, self.features)(token)
        if decoding:
            total.value = total.value + emb
            count.value = count.value + 1.0
        summary = total.value / jnp.maximum(count.value, 1.0)
        return nn.Dense(self.vocab)(jnp.tanh(summary + emb))


class Engine:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def step(self, token):
        return self.model.apply(self.variables, token)


class Sampler:
    def __init__(self, engine):
        self.engine = engine

    def generate(self, first_token, length):
        def body(i, tokens):
            logits = self.engine.step(tokens[i])
            return tokens.at[i + 1].set(jnp.argmax(logits))

        tokens = jnp.zeros((length + 1,), jnp.int32).at[0].set(first_token)
        return lax.fori_loop(0, length, body, tokens)


def main():
    model = Decoder()
    variables = model.init(jax.random.key(0), jnp.int32(0))
    sampler = Sampler(Engine(model, variables))
    tokens = sampler.generate(jnp.int32(3), length=6)
    print(tokens)
    return None


if __name__ == "__main__":
    main()
