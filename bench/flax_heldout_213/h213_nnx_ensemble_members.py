# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 functools.partial binds a members list into the fori_loop body, which appends a new NNX model built from nnx.Rngs each step
"""Deep-ensemble predictions with NNX, the ensemble built in a raw jax.lax.fori_loop.

Each iteration builds one member with its own nnx.Rngs (seed folded with the index),
records its predictions on the training inputs and keeps the member in a list, which is
used afterwards to predict on new inputs."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

N_MEMBERS = 4


class Member(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 24, rngs=rngs)
        self.l2 = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def add_member(i, preds, *, key, x, members):
    member = Member(nnx.Rngs(params=jax.random.fold_in(key, i)))
    members.append(member)
    return preds.at[i].set(member(x)[:, 0])


def main():
    x = jnp.linspace(-1.0, 1.0, 12)[:, None]
    members = []
    body = functools.partial(add_member, key=jax.random.key(0), x=x, members=members)
    preds = lax.fori_loop(0, N_MEMBERS, body, jnp.zeros((N_MEMBERS, x.shape[0])))
    print("train spread", preds.std(0).mean())
    x_new = jnp.linspace(2.0, 3.0, 5)[:, None]
    new_preds = jnp.stack([m(x_new)[:, 0] for m in members])
    print("out-of-range spread", new_preds.std(0).mean())
