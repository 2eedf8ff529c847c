# label: ok
# flax-error: none
# class: 1 per-step keys passed as xs; a fresh nnx.Rngs is built inside the raw scan body and handed to Dropout
import jax
import jax.numpy as jnp
from flax import nnx


class Ensemble(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(5, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, *, rngs):
        return self.out(self.drop(nnx.gelu(self.hidden(x)), rngs=rngs))


def main():
    model = Ensemble(nnx.Rngs(0))
    x = jnp.ones((2, 5))
    keys = jax.random.split(jax.random.PRNGKey(42), 7)

    def mc_sample(_, key):
        return None, model(x, rngs=nnx.Rngs(dropout=key))

    _, samples = jax.lax.scan(mc_sample, None, keys)
    return samples
