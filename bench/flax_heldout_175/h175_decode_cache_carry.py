# label: ok
# flax-error: none
# class: 4 the 'cache' collection is carried by the fori_loop and handed to Engine.step of sampler.engine
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

    def step(self, cache, token):
        logits, updates = self.model.apply(
            {"params": self.variables["params"], "cache": cache}, token, mutable=["cache"]
        )
        return logits, updates["cache"]


class Sampler:
    def __init__(self, engine):
        self.engine = engine

    def generate(self, first_token, length):
        def body(i, carry):
            tokens, cache = carry
            logits, cache = self.engine.step(cache, tokens[i])
            return tokens.at[i + 1].set(jnp.argmax(logits)), cache

        tokens = jnp.zeros((length + 1,), jnp.int32).at[0].set(first_token)
        cache = self.engine.variables["cache"]
        tokens, cache = lax.fori_loop(0, length, body, (tokens, cache))
        return tokens


def main():
    model = Decoder()
    variables = model.init(jax.random.key(0), jnp.int32(0))
    sampler = Sampler(Engine(model, variables))
    tokens = sampler.generate(jnp.int32(3), length=6)
    print(tokens)
    return None


if __name__ == "__main__":
    main()
