# label: ok
# flax-error: none
# class: 2 module-level global model applied in the scan body with per-sample dropout keys passed in as xs
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic=True):
        h = nn.relu(nn.Dense(64)(x))
        h = nn.Dropout(0.3, deterministic=deterministic)(h)
        return nn.Dense(1)(h)


MODEL = Regressor()


@functools.partial(jax.jit, static_argnames="num_samples")
def mc_predict(variables, x, key, num_samples=12):
    def draw(carry, k):
        y = MODEL.apply(variables, x, deterministic=False, rngs={"dropout": k})
        return carry, y

    _, ys = jax.lax.scan(draw, None, jax.random.split(key, num_samples))
    return ys


def main():
    x = jnp.linspace(-2.0, 2.0, 6)[:, None]
    variables = MODEL.init(jax.random.key(0), x)
    return mc_predict(variables, x, jax.random.key(3))
