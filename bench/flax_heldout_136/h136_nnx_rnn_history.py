# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GRUEncoder.__call__ runs jax.lax.scan and appends each hidden state to its own self.history list in the body
"""An NNX GRU encoder that keeps the hidden state of every step for an attention layer.

Modelled on PyTorch-style code ported to NNX: the per-step states are appended to a list kept on
the module, which works in a Python loop, and the list is stacked after a raw scan.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GRUEncoder(nnx.Module):
    def __init__(self, features: int, hidden: int, rngs: nnx.Rngs):
        self.hidden = hidden
        self.cell = nnx.GRUCell(features, hidden, rngs=rngs)
        self.score = nnx.Linear(hidden, 1, rngs=rngs)
        self.history = []

    def __call__(self, xs):  # xs: [time, batch, features]
        self.history = []
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h, _ = self.cell(h, x)
            self.history.append(h)
            return h, None

        h, _ = jax.lax.scan(step, h0, xs)
        states = jnp.stack(self.history)  # [time, batch, hidden]
        weights = jax.nn.softmax(self.score(states), axis=0)
        return jnp.sum(weights * states, axis=0)


def main():
    model = GRUEncoder(5, 16, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (7, 3, 5))
    context = model(xs)
    context.block_until_ready()
    return None
