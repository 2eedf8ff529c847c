# label: ok
# flax-error: none
# class: 1 nn.Dropout called inline in the raw lax.scan body with rng= folded in with the step index
# modelled on: google/flax#1252 Cannot use linen.Dropout inside linen.scan and google/flax#2194 Make RNG name configurable in Dropout
"""GRU sentence encoder with dropout on the recurrent input at every step."""

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class GRUEncoder(nn.Module):
    hidden_size: int = 8
    dropout_rate: float = 0.3

    @nn.compact
    def __call__(self, embeddings, *, train: bool):
        batch, length = embeddings.shape[:2]
        cell = nn.GRUCell(self.hidden_size, name="gru")
        drop = nn.Dropout(self.dropout_rate, deterministic=not train)
        h0 = jnp.zeros((batch, self.hidden_size))
        cell(h0, embeddings[:, 0])  # create the cell parameters
        base_key = self.make_rng("dropout") if train else None

        def step(h, inputs):
            t, x_t = inputs
            rng = jax.random.fold_in(base_key, t) if train else None
            keep = drop(jnp.ones_like(x_t), rng=rng)
            h, _ = cell(h, x_t * keep)
            return h, keep

        h, keep_masks = jax.lax.scan(step, h0, (jnp.arange(length), jnp.swapaxes(embeddings, 0, 1)))
        return h, keep_masks


@functools.partial(jax.jit, static_argnames="train")
def encode(variables, embeddings, dropout_key, train=True):
    return GRUEncoder().apply(variables, embeddings, train=train, rngs={"dropout": dropout_key})


def main():
    embeddings = jax.random.normal(jax.random.key(0), (2, 7, 5))
    variables = GRUEncoder().init(jax.random.key(1), embeddings, train=False)
    h, keep_masks = encode(variables, embeddings, jax.random.key(2))
    h.block_until_ready()
    return keep_masks
