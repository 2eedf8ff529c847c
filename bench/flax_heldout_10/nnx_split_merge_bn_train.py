# label: ok
# flax-error: none
# class: 3 nnx.split outside, state carried, nnx.merge inside, nnx.state returned and nnx.update after the loop
"""Neural CDE-style encoder (NNX) trained with BatchNorm: split outside, state carried, merge inside."""
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, d, rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)
        self.bn = nnx.BatchNorm(d, momentum=0.9, rngs=rngs)

    def __call__(self, h, x):
        return jnp.tanh(self.bn(self.lin(h) + x))


def encode_sequence(model, xs):
    graphdef, state = nnx.split(model)

    def step(carry, x):
        state, h = carry
        m = nnx.merge(graphdef, state)
        h = m(h, x)
        return (nnx.state(m), h), h

    (state, h), hs = jax.lax.scan(step, (state, jnp.zeros(xs.shape[1:])), xs)
    nnx.update(model, state)
    return hs


def evaluate(model, xs):
    model.eval()
    hs = encode_sequence(model, xs)
    model.train()
    return jnp.mean(hs ** 2)


def main():
    model = Encoder(4, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 4))
    hs = encode_sequence(model, xs)
    mean_after = model.bn.mean[...] + 0.0
    score = evaluate(model, xs)
    return None
