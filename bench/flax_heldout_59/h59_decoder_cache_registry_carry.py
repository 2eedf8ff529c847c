# label: ok
# flax-error: none
# class: 4 a factory from the model registry returns a decode step that applies the model with a mutable cache and returns the new cache in the scan carry
"""Greedy autoregressive decoding with a tiny key/value cache; models are built through a registry."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

MODEL_REGISTRY = {}


def register(name):
    def wrap(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return wrap


@register("tiny-lm")
class TinyLM(nn.Module):
    vocab: int = 11
    dim: int = 8
    max_len: int = 6

    @nn.compact
    def __call__(self, token, decode: bool = False):
        emb = nn.Embed(self.vocab, self.dim)(token)
        keys = self.variable("cache", "keys", jnp.zeros, (token.shape[0], self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        if decode:
            keys.value = lax.dynamic_update_slice(keys.value, emb[:, None, :], (0, index.value, 0))
            index.value = index.value + 1
        context = keys.value.sum(axis=1) / jnp.maximum(index.value, 1)
        return nn.Dense(self.vocab)(emb + context)


def build(name, **kwargs):
    return MODEL_REGISTRY[name](**kwargs)


def make_decode_step(model, params):
    def decode_step(carry, _):
        token, cache = carry
        logits, updates = model.apply({"params": params, "cache": cache}, token, decode=True, mutable=["cache"])
        next_token = jnp.argmax(logits, axis=-1)
        return (next_token, updates["cache"]), next_token
    return decode_step


def main():
    model = build("tiny-lm")
    prompt = jnp.array([1, 2])
    variables = model.init(jax.random.key(0), prompt)
    step = make_decode_step(model, variables["params"])
    (_, _), tokens = lax.scan(step, (prompt, variables["cache"]), None, length=model.max_len)
    print(tokens.T)
    return None
