# label: ok
# flax-error: none
# class: 3 nnx.split before the raw lax.scan, merge in the body, the new state is carried and nnx.update applied after
"""The temporal block after the fix from the NNX docs: the model's state goes through the carry."""
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
    xs = jax.random.normal(jax.random.key(1), (5, 16, 4))
    graphdef, state = nnx.split(model)

    def step(state, x):
        m = nnx.merge(graphdef, state)
        y = m(x)
        _, state = nnx.split(m)
        return state, y

    state, ys = jax.lax.scan(step, state, xs)
    nnx.update(model, state)
    ys.block_until_ready()
    return None
