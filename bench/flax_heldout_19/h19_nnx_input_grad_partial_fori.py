# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 functools.partial binds the outside model into an nnx.grad(argnums=1) transform that is called in a lax.fori_loop body
"""Input optimisation (gradient descent on the input of a trained network) with `fori_loop`.

Modelled on jax-ml/jax#30092 (a PINN taking derivatives of an NNX model with respect to its
inputs inside a loop) and on the input-derivative question of google/flax#4771: the input
gradient comes from `nnx.grad(..., argnums=1)` with the model bound in by `functools.partial`.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class Energy(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.softplus(self.l1(x)))


def energy(model, x):
    return jnp.sum(model(x))


def descend(model, x0, steps, lr=0.1):
    input_grad = functools.partial(nnx.grad(energy, argnums=1), model)

    def body(i, x):
        return x - lr * input_grad(x)

    return jax.lax.fori_loop(0, steps, body, x0)


def main():
    model = Energy(4, rngs=nnx.Rngs(0))
    x = descend(model, jnp.ones((2, 4)), 5)
    x.block_until_ready()
    return None
