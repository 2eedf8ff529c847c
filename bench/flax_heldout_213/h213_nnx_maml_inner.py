# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 40 (160 B)
# class: 2 an NNX model held in a local of main is closed over by the fori_loop body, which takes nnx.grad of it and updates it
"""MAML-style inner loop on a sine-regression task with an NNX model and a raw fori_loop.

The inner loop adapts the model to the support set with a few SGD steps by taking
nnx.grad of the closed-over model and writing the new parameters back with nnx.update."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SineNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 40, rngs=rngs)
        self.l2 = nnx.Linear(40, 40, rngs=rngs)
        self.l3 = nnx.Linear(40, 1, rngs=rngs)

    def __call__(self, x):
        return self.l3(nnx.relu(self.l2(nnx.relu(self.l1(x)))))


def mse(model, x, y):
    return ((model(x) - y) ** 2).mean()


def sine_task(key, n=10):
    k1, k2, k3 = jax.random.split(key, 3)
    amp, phase = jax.random.uniform(k1, (), minval=0.1, maxval=5.0), jax.random.uniform(k2, (), maxval=jnp.pi)
    x = jax.random.uniform(k3, (2 * n, 1), minval=-5.0, maxval=5.0)
    y = amp * jnp.sin(x + phase)
    return (x[:n], y[:n]), (x[n:], y[n:])


def main():
    model = SineNet(nnx.Rngs(0))
    (x_s, y_s), (x_q, y_q) = sine_task(jax.random.key(1))
    inner_lr = 0.01

    def inner_step(i, carry):
        grads = nnx.grad(mse)(model, x_s, y_s)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - inner_lr * g, params, grads))
        return carry

    lax.fori_loop(0, 5, inner_step, 0)
    print("query loss after adaptation", mse(model, x_q, y_q))
