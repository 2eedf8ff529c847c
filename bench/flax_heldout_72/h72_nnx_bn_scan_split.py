# label: ok
# flax-error: none
# class: 4 nnx.split outside, graph state carried through the raw lax.scan, merged in the body and nnx.state returned
"""BatchNorm with lax.scan in NNX, the suggested fix: split, carry the state, merge inside."""
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.bn = nnx.BatchNorm(dout, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.linear(x)))


def main():
    model = Block(4, 8, rngs=nnx.Rngs(0))
    model.train()
    chunks = jnp.ones((3, 5, 4))
    graphdef, state = nnx.split(model)

    def body(carry, x):
        total, state = carry
        m = nnx.merge(graphdef, state)
        y = m(x)
        return (total + y.mean(), nnx.state(m)), None

    (total, state), _ = jax.lax.scan(body, (0.0, state), chunks)
    nnx.update(model, state)
    return None
