# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_step(graphdef, ...) returns the fori_loop body, which merges the model and also stashes its newest state in a dict from the factory
"""Plain SGD on an NNX regression model with jax.lax.fori_loop, the step built by a factory.

Modelled on functional-NNX training code where the loop result is thrown away and the state
kept "on the side" by the step function is written back with nnx.update after the loop, then
the model is evaluated.
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
    latest = {}

    def step(i, state):
        model = nnx.merge(graphdef, state)
        grads = nnx.grad(loss_fn)(model, xs[i], ys[i])
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        latest['state'] = nnx.state(model)
        return latest['state']

    return step, latest


def main():
    model = Regressor(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (8, 32, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    graphdef, state = nnx.split(model)
    step, latest = make_step(graphdef, xs, ys)
    jax.lax.fori_loop(0, xs.shape[0], step, state)
    nnx.update(model, latest['state'])
    test_loss = loss_fn(model, xs[0], ys[0])
    test_loss.block_until_ready()
    return None
