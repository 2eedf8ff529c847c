# label: ok
# flax-error: none
# class: 5 nnx.Sequential whose nnx.Dropout has no streams of its own, given a fresh nnx.Rngs each scan step
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyDecoder(nnx.Module):
    def __init__(self, hidden, rngs: nnx.Rngs):
        self.net = nnx.Sequential(
            nnx.Linear(hidden, hidden, rngs=rngs),
            nnx.gelu,
            nnx.Dropout(0.3),
        )

    def __call__(self, h0, keys):
        def step(h, key):
            h = jnp.tanh(self.net(h, rngs=nnx.Rngs(dropout=key)))
            return h, h

        return jax.lax.scan(step, h0, keys)


def main():
    model = NoisyDecoder(8, rngs=nnx.Rngs(0))
    keys = jax.random.split(jax.random.PRNGKey(1), 4)
    _, hs = model(jnp.ones((2, 8)), keys)
    return hs
