# label: ok
# flax-error: none
# class: 1 lifted nnx.fori_loop carrying the model and optimizer, optimizer.update in the body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class LinearModel(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, x):
        return self.w(x)


def main():
    model = LinearModel(nnx.Rngs(0))
    opt = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.ones((4, 2))
    y = jnp.ones((4, 1))

    def body(i, carry):
        m, o = carry
        grads = nnx.grad(lambda mm: jnp.mean((mm(x) - y) ** 2))(m)
        o.update(m, grads)
        return m, o

    nnx.fori_loop(0, 5, body, (model, opt))
    assert int(opt.step[...]) == 5
    return None
