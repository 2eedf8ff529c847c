# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 4 equinox static field typed object receives an np.asarray lookup table at construction; the module is passed to jax.jit
from typing import Any

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


class Tokenizer(eqx.Module):
    embedding: jax.Array
    lookup: Any = eqx.field(static=True)


def build_tokenizer(chars):
    lookup = np.asarray([ord(c) % 7 for c in chars])
    return Tokenizer(jnp.ones((7, 2)), lookup)


@jax.jit
def encode(tokenizer):
    return tokenizer.embedding[tokenizer.lookup].sum(axis=0)


def main():
    for text in ("abc", "def", "ghi"):
        encode(build_tokenizer(text))
