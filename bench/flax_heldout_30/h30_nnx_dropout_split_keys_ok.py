# label: ok
# flax-error: none
# class: 2 a key drawn from nnx.Rngs before the raw lax.scan is split into per-step keys passed as xs; a helper passes each as rngs= to the model's nnx.Dropout
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


def keep_rate(masks):
    return masks.mean(axis=tuple(range(1, masks.ndim)))


def main():
    model = Encoder(nnx.Rngs(params=0))
    rngs = nnx.Rngs(dropout=1)
    xs = jax.random.normal(jax.random.key(2), (5, 3, 4))
    keys = jax.random.split(rngs.dropout(), xs.shape[0])

    def body(c, inp):
        x, key = inp
        y = noisy_forward(model, x, key)
        return c, (y != 0).astype(jnp.float32)

    _, masks = scan(body, None, (xs, keys))
    print("keep rate per step", keep_rate(masks))
    return masks
