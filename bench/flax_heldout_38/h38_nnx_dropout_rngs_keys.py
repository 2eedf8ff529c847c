# label: ok
# flax-error: none
# class: 3 one dropout key per step is split before the raw scan and passed in xs; the step hands it to nnx.Dropout through rngs= so the captured Rngs is not touched
"""RNN cell with dropout on the recurrent state, unrolled with a raw scan over time; the
dropout key for each step is split up front and scanned over with the inputs and given to
the Dropout call. main returns the per-step masks."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import nnx


class DropoutRNNCell(nnx.Module):
    def __init__(self, din, dhidden, rate, *, rngs: nnx.Rngs):
        self.ih = nnx.Linear(din, dhidden, rngs=rngs)
        self.hh = nnx.Linear(dhidden, dhidden, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)

    def __call__(self, h, x, key=None):
        mask = self.dropout(jnp.ones_like(h), rngs=key)
        h = jnp.tanh(self.ih(x) + self.hh(h * mask))
        return h, mask


def main():
    cell = DropoutRNNCell(4, 8, 0.5, rngs=nnx.Rngs(params=0, dropout=1))
    xs = jnp.ones((6, 3, 4))
    keys = jax.random.split(jax.random.key(2), xs.shape[0])

    def step(h, inputs):
        x, key = inputs
        return cell(h, x, key)

    _, masks = scan(step, jnp.zeros((3, 8)), (xs, keys))
    return masks
