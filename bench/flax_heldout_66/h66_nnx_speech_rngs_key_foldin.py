# label: ok
# flax-error: none
# class: 4 a fresh nnx.Rngs is built inside the raw scan body from the captured key folded in with the frame index fed as xs
"""Speech enhancement with a recurrent mask in NNX: inside the jax.lax.scan over frames the
body builds nnx.Rngs from the outer key folded in with the frame index. Returns the dropout
mask each frame uses."""
import jax
import jax.numpy as jnp
from flax import nnx


class MaskNet(nnx.Module):
    def __init__(self, freq, hidden, rngs):
        self.cell = nnx.GRUCell(freq, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, freq, rngs=rngs)
        self.drop = nnx.Dropout(0.2)

    def __call__(self, h, frame, rngs):
        keep = self.drop(jnp.ones_like(frame), rngs=rngs)
        h, y = self.cell(h, frame * keep)
        return h, nnx.sigmoid(self.out(y)), keep


def main():
    net = MaskNet(8, 12, nnx.Rngs(0))
    spec = jnp.abs(jnp.sin(jnp.arange(6 * 2 * 8, dtype=jnp.float32))).reshape(6, 2, 8)
    key = nnx.Rngs(dropout=3).dropout()

    def frame_step(h, inp):
        t, frame = inp
        h, mask, keep = net(h, frame, nnx.Rngs(dropout=jax.random.fold_in(key, t)))
        return h, keep

    _, keeps = jax.lax.scan(frame_step, jnp.zeros((2, 12)), (jnp.arange(6), spec))
    return keeps
