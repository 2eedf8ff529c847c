# label: same-values
# flax-error: none
# class: 2 one key is drawn from nnx.Rngs before the raw lax.scan and a helper passes it as rngs= to the model's nnx.Dropout in every step of the body
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
    key = rngs.dropout()

    def body(c, x):
        y = noisy_forward(model, x, key)
        return c, (y != 0).astype(jnp.float32)

    _, masks = scan(body, None, xs)
    print("keep rate per step", keep_rate(masks))
    return masks
