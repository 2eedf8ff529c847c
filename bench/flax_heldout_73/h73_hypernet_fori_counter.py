# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "n_generated" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 closure in @nn.compact: the raw lax.fori_loop body increments a 'counters' variable each generated layer; the call applies without mutable
"""Hypernetwork for continual learning (von Oswald et al. 2020 style): a task embedding is
mapped to the weights of each layer of the target network; the generator keeps a counter of
generated chunks for logging."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ChunkedHypernet(nn.Module):
    n_tasks: int = 3
    emb_dim: int = 8
    n_chunks: int = 4
    chunk_size: int = 64

    @nn.compact
    def __call__(self, task_id):
        task_emb = nn.Embed(self.n_tasks, self.emb_dim)(task_id)
        chunk_emb = self.param('chunk_emb', nn.initializers.normal(1.0), (self.n_chunks, self.emb_dim))
        gen = nn.Dense(self.chunk_size)
        gen(jnp.concatenate([task_emb, chunk_emb[0]]))
        n_generated = self.variable('counters', 'n_generated', lambda: jnp.zeros((), jnp.int32))
        initializing = self.is_initializing()

        def make_chunk(i, flat):
            chunk = gen(jnp.concatenate([task_emb, chunk_emb[i]]))
            if not initializing:
                n_generated.value += 1
            return lax.dynamic_update_slice(flat, chunk, (i * self.chunk_size,))

        flat = lax.fori_loop(0, self.n_chunks, make_chunk, jnp.zeros(self.n_chunks * self.chunk_size))
        return flat.reshape(16, 16)


def target_forward(w, x):
    return jnp.tanh(x @ w)


def main():
    hnet = ChunkedHypernet()
    variables = hnet.init(jax.random.key(0), jnp.array(0))
    w = hnet.apply(variables, jnp.array(1))
    y = target_forward(w, jnp.ones((2, 16)))
    jax.block_until_ready(y)
    return None


if __name__ == "__main__":
    main()
