# label: ok
# flax-error: none
# class: 3 ReceiptReader.variables['params'] is read by the scan body and the decoder 'cache' collection goes through the carry (mutable=['cache']), stored back on the reader after the loop
"""Receipt OCR: greedy decoding of line-item tokens with a recurrent decoder cache."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

VOCAB = 32
BOS = 1


class ReceiptDecoder(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, token):
        emb = nn.Embed(VOCAB, self.dim)(token)
        hidden = self.variable("cache", "hidden", jnp.zeros, (self.dim,))
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        h = nn.tanh(nn.Dense(self.dim)(jnp.concatenate([emb, hidden.value])))
        hidden.value = h
        index.value = index.value + 1
        return nn.Dense(VOCAB)(h)


class ReceiptReader:
    def __init__(self, model: ReceiptDecoder, variables, max_len: int = 8):
        self.model = model
        self.variables = variables
        self.max_len = max_len

    def reset(self):
        cache = jax.tree.map(jnp.zeros_like, self.variables["cache"])
        self.variables = {"params": self.variables["params"], "cache": cache}

    def read_line(self):
        self.reset()
        params = self.variables["params"]

        def body(carry, _):
            token, cache = carry
            logits, mutated = self.model.apply({"params": params, "cache": cache}, token, mutable=["cache"])
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return (nxt, mutated["cache"]), nxt

        (_, cache), tokens = lax.scan(body, (jnp.int32(BOS), self.variables["cache"]), None, length=self.max_len)
        self.variables = {"params": params, "cache": cache}
        return tokens


def load_reader(seed: int = 0) -> ReceiptReader:
    model = ReceiptDecoder()
    variables = model.init(jax.random.key(seed), jnp.int32(BOS))
    return ReceiptReader(model, variables)


def main():
    reader = load_reader()
    reader.read_line()
    return None
