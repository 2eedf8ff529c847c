# label: ok
# flax-error: none
# class: 3 nnx.merge inside the raw scan body, the state leaves as the carry and the model is merged again after the loop
"""Functional NNX training loop in lax.scan, the trained model rebuilt from the final carry."""
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

    def step(state, batch):
        x, y = batch
        m = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(m)
        params = nnx.state(m, nnx.Param)
        nnx.update(m, jax.tree.map(lambda p, g: p - 0.1 * g, params, grads))
        return nnx.state(m), None

    state, _ = lax.scan(step, state, (xs, ys))
    trained = nnx.merge(graphdef, state)
    preds = trained(xs[0])
    preds.block_until_ready()
    return None
