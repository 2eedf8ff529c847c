# label: ok
# flax-error: none
# class: 3 graphdef/state split before the scan; the state (with the Rngs count) is the carry and returned by nnx.state each step
"""'Dropout gives the same mask every step' (NNX): fixed by carrying the state, so the
dropout stream advances from one step to the next."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dropout = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.dropout(x)


def main():
    model = Block(nnx.Rngs(dropout=3))
    graphdef, state = nnx.split(model)
    x = jnp.ones((4, 8))

    def step(state, _):
        block = nnx.merge(graphdef, state)
        mask = block(x)
        return nnx.state(block), mask

    state, masks = jax.lax.scan(step, state, None, length=5)
    nnx.update(model, state)
    return masks
