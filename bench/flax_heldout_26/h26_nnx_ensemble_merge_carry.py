# label: ok
# flax-error: none
# class: 2 split state carried through the raw lax.scan; the body merges, calls the Dropout model and returns nnx.state of the merged model
# modelled on: Dropout can yield TraceContextError is nnx.merge(..., copy=False) (google/flax#5050)
"""Dropout-ensemble uncertainty: stochastic forward passes via a functional split/merge."""
import jax
import jax.numpy as jnp
from flax import nnx


class Head(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(6, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.body(x))))


def ensemble(model, x, members):
    graphdef, state = nnx.split(model)

    def member(state, _):
        m = nnx.merge(graphdef, state, copy=True)
        y = m(x)
        return nnx.state(m), y

    state, ys = jax.lax.scan(member, state, None, length=members)
    nnx.update(model, state)
    return ys


def main():
    model = Head(nnx.Rngs(params=0, dropout=7))
    x = jax.random.normal(jax.random.key(3), (4, 6))
    ys = ensemble(model, x, members=6)
    std = ys.std(0)
    assert std.shape == (4, 1)
    return ys
