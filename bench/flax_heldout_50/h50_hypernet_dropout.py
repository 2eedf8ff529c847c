# label: same-values
# flax-error: none
# class: 1 scan closure inside @nn.compact calls self.make_rng('dropout') for each chunk's weight mask
"""Hypernetwork that generates a target MLP's weights chunk by chunk (Ha et al.), with DropConnect on each chunk."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ChunkedHyperNet(nn.Module):
    n_chunks: int = 6
    chunk_size: int = 32
    embed_dim: int = 8
    drop_rate: float = 0.2

    @nn.compact
    def __call__(self, task_embedding):
        chunk_embeddings = self.param("chunk_emb", nn.initializers.normal(1.0), (self.n_chunks, self.embed_dim))
        generator = nn.Dense(self.chunk_size, name="generator")
        generator(jnp.concatenate([task_embedding, chunk_embeddings[0]]))

        def make_chunk(_, e):
            w = generator(jnp.concatenate([task_embedding, e]))
            keep = jax.random.bernoulli(self.make_rng("dropout"), 1 - self.drop_rate, w.shape)
            return None, keep

        _, masks = jax.lax.scan(make_chunk, None, chunk_embeddings)
        return masks


def main():
    model = ChunkedHyperNet()
    task = jnp.ones((4,))
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, task)
    masks = model.apply(variables, task, rngs={"dropout": jax.random.key(2)})
    return masks
