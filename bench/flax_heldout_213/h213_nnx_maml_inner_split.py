# label: ok
# flax-error: none
# class: 2 an NNX model held in a local of main is split; its params are the fori_loop carry and are merged in the body under jax.grad
"""MAML-style inner loop on a sine-regression task with an NNX model and a raw fori_loop.

Twin of h213_nnx_maml_inner: the model is split, the parameters are the fori_loop carry,
and the body differentiates a loss that merges them with the graphdef."""
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
    graphdef, params = nnx.split(model)

    def inner_step(i, params):
        grads = jax.grad(lambda p: mse(nnx.merge(graphdef, p), x_s, y_s))(params)
        return jax.tree.map(lambda p, g: p - inner_lr * g, params, grads)

    fast = lax.fori_loop(0, 5, inner_step, params)
    adapted = nnx.merge(graphdef, fast)
    print("query loss after adaptation", mse(adapted, x_q, y_q))
