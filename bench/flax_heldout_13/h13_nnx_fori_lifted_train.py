# label: ok
# flax-error: none
# class: 1 training steps run with the lifted nnx.fori_loop, model and optimizer passed as the loop value
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class TwoLayer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.a = nnx.Linear(3, 8, rngs=rngs)
        self.b = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.relu(self.a(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    model = TwoLayer(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    ys = xs.sum(-1, keepdims=True)

    def body(i, val):
        model, optimizer = val
        grads = nnx.grad(loss_fn)(model, xs[i], ys[i])
        optimizer.update(model, grads)
        return model, optimizer

    before = float(loss_fn(model, xs[0], ys[0]))
    nnx.fori_loop(0, xs.shape[0], body, (model, optimizer))
    after = float(loss_fn(model, xs[0], ys[0]))
    assert after != before
    return None
