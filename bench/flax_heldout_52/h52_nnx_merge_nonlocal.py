# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 nnx.merge inside the raw scan body, and the merged model is kept in an outer dict and used after the loop
"""Functional NNX training loop in lax.scan that keeps 'the latest model' around for evaluation."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.fc1 = nnx.Linear(2, 8, rngs=rngs)
        self.fc2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.tanh(self.fc1(x)))


def main():
    model = Regressor(nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 16, 2))
    ys = xs[..., :1] - xs[..., 1:]
    latest = {}

    def step(state, batch):
        x, y = batch
        m = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(m)
        params = nnx.state(m, nnx.Param)
        nnx.update(m, jax.tree.map(lambda p, g: p - 0.1 * g, params, grads))
        latest["model"] = m
        return nnx.state(m), None

    state, _ = lax.scan(step, state, (xs, ys))
    preds = latest["model"](xs[0])
    preds.block_until_ready()
    return None
