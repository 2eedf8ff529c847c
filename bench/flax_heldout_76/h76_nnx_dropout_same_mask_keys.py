# label: ok
# flax-error: none
# class: 4 graphdef/state carried through the scan; per-step dropout keys split up front and scanned over next to the inputs
"""nnx.Dropout in scan, fixed as suggested in the discussion: split the key
into one key per step and scan over the keys together with the inputs."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyBlock(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.dropout = nnx.Dropout(0.3)

    def __call__(self, x, rngs=None):
        h = nnx.relu(self.linear(x))
        mask = self.dropout(jnp.ones_like(h), rngs=rngs)
        return h * mask, mask


def main():
    model = NoisyBlock(4, 8, rngs=nnx.Rngs(params=0))
    graphdef, state = nnx.split(model)
    xs = jnp.ones((5, 2, 4))
    dropout_keys = jax.random.split(jax.random.key(1), xs.shape[0])

    def step(state, inp):
        x, key = inp
        m = nnx.merge(graphdef, state)
        _, mask = m(x, rngs=key)
        return nnx.state(m), mask

    state, masks = jax.lax.scan(step, state, (xs, dropout_keys))
    nnx.update(model, state)
    return masks
