# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hidden" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 ReceiptReader.variables (params plus the decoder 'cache' collection) is read by the scan body, which applies the decoder without making 'cache' mutable
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

        def body(token, _):
            logits = self.model.apply(self.variables, token)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return nxt, nxt

        _, tokens = lax.scan(body, jnp.int32(BOS), None, length=self.max_len)
        return tokens


def load_reader(seed: int = 0) -> ReceiptReader:
    model = ReceiptDecoder()
    variables = model.init(jax.random.key(seed), jnp.int32(BOS))
    return ReceiptReader(model, variables)


def main():
    reader = load_reader()
    reader.read_line()
    return None
