# label: ok
# flax-error: none
# class: 2 one key is drawn from an nnx.Rngs stream before the scan; the body folds the step into it before handing it to the helper that gives it to Dropout
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(4, 6, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, x, *, rngs=None):
        return self.drop(self.fc(x), rngs=rngs, deterministic=rngs is None)


def noisy_forward(model, x, key):
    return model(x, rngs=key)


def main():
    model = Encoder(nnx.Rngs(params=0))
    rngs = nnx.Rngs(dropout=1)
    xs = jax.random.normal(jax.random.key(2), (5, 3, 4))
    key = rngs.dropout()

    def body(c, inputs):
        t, x = inputs
        y = noisy_forward(model, x, jax.random.fold_in(key, t))
        return c, (y != 0).astype(jnp.float32)

    _, masks = scan(body, None, (jnp.arange(xs.shape[0]), xs))
    return masks
