# label: ok
# flax-error: none
# class: 1 step count kept in the raw while_loop carry; the module's nnx.Variable counter is written after the loop
# modelled on: Add NNX transforms `nnx.while_loop` and `nnx.switch` (google/flax#4343)
"""PonderNet-style refinement that records how many steps it took."""
import jax
import jax.numpy as jnp
from flax import nnx


class PonderCount(nnx.Variable):
    pass


class Ponder(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs, max_steps=8, threshold=0.9):
        self.update_fn = nnx.Linear(dim, dim, rngs=rngs)
        self.halt = nnx.Linear(dim, 1, rngs=rngs)
        self.steps = PonderCount(jnp.array(0, jnp.int32))
        self.max_steps, self.threshold = max_steps, threshold

    def __call__(self, h):
        def cond(state):
            i, _, p = state
            return (i < self.max_steps) & (p < self.threshold)

        def body(state):
            i, h, p = state
            h = jnp.tanh(self.update_fn(h)) + h
            p = p + (1 - p) * jax.nn.sigmoid(self.halt(h)).mean()
            return i + 1, h, p

        n, h, _ = jax.lax.while_loop(cond, body, (jnp.int32(0), h, jnp.float32(0.0)))
        self.steps[...] += n
        return h


def main():
    model = Ponder(6, nnx.Rngs(0))
    h = model(jnp.ones((2, 6)))
    assert h.shape == (2, 6)
    jax.block_until_ready(model.steps[...])
    return None
