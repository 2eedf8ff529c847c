# label: ok
# flax-error: none
# class: 3 the split state, Rngs counters included, is the jax.lax.scan carry and is re-split after each step
"""Same block; the state is carried through jax.lax.scan and split again at the end of each
step, so the dropout RngCount advances from step to step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Block(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.dropout = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.dropout(jnp.ones_like(x)), self.linear(x)


def main():
    block = Block(6, rngs=nnx.Rngs(params=0, dropout=1))
    graphdef, state = nnx.split(block)
    xs = jnp.ones((4, 2, 6))

    def step(carry, x):
        state, h = carry
        m = nnx.merge(graphdef, state)
        mask, y = m(x + h)
        _, state = nnx.split(m)
        return (state, y * mask), mask

    (state, _), masks = jax.lax.scan(step, (state, jnp.zeros((2, 6))), xs)
    nnx.update(block, state)
    return masks
