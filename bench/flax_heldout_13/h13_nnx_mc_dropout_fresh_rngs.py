# label: ok
# flax-error: none
# class: 3 per-sample keys split outside and passed as xs; a fresh nnx.Rngs is built from each key in the body and handed to the model call
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.mean = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        return self.mean(self.drop(nnx.relu(self.hidden(x)), rngs=rngs))


def mc_samples(model, x, key, num_samples):
    def body(carry, k):
        return carry, model(x, rngs=nnx.Rngs(dropout=k))

    keys = jax.random.split(key, num_samples)
    _, preds = jax.lax.scan(body, None, keys)
    return preds


def main():
    model = Regressor(4, rngs=nnx.Rngs(params=0))
    x = jnp.ones((3, 4))
    return mc_samples(model, x, jax.random.key(5), 6)
