# label: ok
# flax-error: none
# class: 2 the non-Param state `rest` (the Dropout rng stream) from nnx.split is carried through the fori_loop with the params and split back out of the merged model
"""Functional NNX training with dropout: nnx.split once, merge and nnx.value_and_grad in each fori_loop step.

Twin of h196_nnx_dropout_fori: `rest` enters the body in the carry and leaves it updated (the
advanced rng count), split back out of the merged model.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class DropoutMLP(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(jnp.tanh(self.l1(x))))


def train(model, x, y, steps=6, lr=0.05):
    graphdef, params, rest = nnx.split(model, nnx.Param, ...)
    losses = jnp.zeros(steps)

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, carry):
        params, rest, losses = carry
        m = nnx.merge(graphdef, params, rest)
        loss, grads = nnx.value_and_grad(loss_fn)(m)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        _, _, rest = nnx.split(m, nnx.Param, ...)
        return params, rest, losses.at[i].set(loss)

    params, rest, losses = fori_loop(0, steps, body, (params, rest, losses))
    nnx.update(model, params, rest)
    return losses


def main():
    model = DropoutMLP(4, rngs=nnx.Rngs(params=0, dropout=1))
    x = jax.random.normal(jax.random.key(0), (16, 4))
    y = x[:, :1] * 2.0
    return train(model, x, y)


if __name__ == "__main__":
    print(main())
