# label: ok
# flax-error: none
# class: 1 GRUEncoder.__call__ runs jax.lax.scan; each hidden state leaves the body as scan ys and is stacked by scan itself
"""An NNX GRU encoder that keeps the hidden state of every step for an attention layer.

The per-step states are returned by the body as scan outputs instead of being appended to a
list on the module.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GRUEncoder(nnx.Module):
    def __init__(self, features: int, hidden: int, rngs: nnx.Rngs):
        self.hidden = hidden
        self.cell = nnx.GRUCell(features, hidden, rngs=rngs)
        self.score = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, xs):  # xs: [time, batch, features]
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h, _ = self.cell(h, x)
            return h, h

        h, states = jax.lax.scan(step, h0, xs)  # states: [time, batch, hidden]
        weights = jax.nn.softmax(self.score(states), axis=0)
        return jnp.sum(weights * states, axis=0)


def main():
    model = GRUEncoder(5, 16, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (7, 3, 5))
    context = model(xs)
    context.block_until_ready()
    return None
