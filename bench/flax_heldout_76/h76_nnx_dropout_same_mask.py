# label: same-values
# flax-error: none
# class: 3 graphdef/state carried through the scan and merged in the body; the dropout key is one array closed over and passed as rngs= every step
"""nnx.Dropout same mask in scan: the model state goes through the scan
carry with nnx.split/nnx.merge, and the dropout key is handed to the call
explicitly. Every step draws the same mask. Returns the mask of each step."""
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
    dropout_key = jax.random.key(1)

    def step(state, x):
        m = nnx.merge(graphdef, state)
        _, mask = m(x, rngs=dropout_key)
        return nnx.state(m), mask

    state, masks = jax.lax.scan(step, state, xs)
    nnx.update(model, state)
    return masks
