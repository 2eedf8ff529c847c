# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 graphdef/state split before the scan; the body merges the closed-over state and Dropout bumps its RngCount
"""'Dropout gives the same mask every step' (NNX): the model is split and merged inside
jax.lax.scan, and the user checks the dropout masks on a batch of ones."""
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

    def step(carry, _):
        block = nnx.merge(graphdef, state)
        return carry, block(x)

    _, masks = jax.lax.scan(step, None, None, length=5)
    return masks
