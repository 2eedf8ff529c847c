# label: ok
# flax-error: none
# class: 1 model split with nnx.split before fori_loop; the body merges it from the carried state, runs it in train mode and returns the new nnx.state; nnx.update after the loop
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class Block(nnx.Module):
    def __init__(self, dim, rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.bn = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.linear(x)))


def main():
    model = Block(4, nnx.Rngs(0))
    model.train()
    x = jnp.linspace(-1.0, 1.0, 12).reshape(3, 4)
    graphdef, state = nnx.split(model)

    def body(i, carry):
        h, state = carry
        m = nnx.merge(graphdef, state)
        h = m(h)
        return h, nnx.state(m)

    y, state = fori_loop(0, 4, body, (x, state))
    nnx.update(model, state)
    y.block_until_ready()
    return None
