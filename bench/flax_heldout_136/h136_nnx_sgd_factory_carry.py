# label: ok
# flax-error: none
# class: 5 make_step(graphdef, ...) returns the fori_loop body, which merges the model; the new state leaves through the fori_loop carry
"""Plain SGD on an NNX regression model with jax.lax.fori_loop, the step built by a factory.

The step function returns the new state as the loop carry, and the state that fori_loop hands
back is written into the model with nnx.update before evaluating it.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def make_step(graphdef, xs, ys, lr=0.05):
    def step(i, state):
        model = nnx.merge(graphdef, state)
        grads = nnx.grad(loss_fn)(model, xs[i], ys[i])
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return nnx.state(model)

    return step


def main():
    model = Regressor(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (8, 32, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    graphdef, state = nnx.split(model)
    state = jax.lax.fori_loop(0, xs.shape[0], make_step(graphdef, xs, ys), state)
    nnx.update(model, state)
    test_loss = loss_fn(model, xs[0], ys[0])
    test_loss.block_until_ready()
    return None
